# dosecal: make demo | make test | make bench
SWIFT ?= swift
OUT := out
BIN := .build/debug/dosecal
RELEASE_BIN := .build/release/dosecal
NOW ?= 2026-11-30T12:00:00Z
# Real-world calendars for the expansion interop check (scripts/interop/check_corpus.py): the
# shared corpus, copied byte for byte with its PROVENANCE.md.
CORPUS ?= fixtures/corpus-all

.PHONY: all build demo test unit interop leaks asan fuzz bench format clean deps

all: build

deps:
	@scripts/install-deps.sh build

build: deps
	$(SWIFT) build

demo: build
	@mkdir -p $(OUT)
	@echo "== dosecal export fixtures/schedules/demo.json -o $(OUT)/demo.ics"
	@$(BIN) export fixtures/schedules/demo.json -o $(OUT)/demo.ics
	@echo
	@echo "== the first event of $(OUT)/demo.ics:"
	@tr -d '\r' < $(OUT)/demo.ics | awk '/BEGIN:VEVENT/{p=1} p{print} /END:VEVENT/{if(p) exit}'
	@echo
	@echo "== dosecal check fixtures/schedules/demo.json --calendar $(OUT)/demo.ics --from 2027-03-13 --to 2027-03-15"
	@$(BIN) check fixtures/schedules/demo.json --calendar $(OUT)/demo.ics --from 2027-03-13 --to 2027-03-15 --all

test:
	@scripts/install-deps.sh test
	$(SWIFT) build
	$(SWIFT) test
	$(MAKE) --no-print-directory interop leaks asan

interop: build
	scripts/cli-tests.sh $(BIN)
	python3 scripts/interop/check_export.py $(BIN) fixtures/schedules
	python3 scripts/interop/check_export.py $(BIN) scripts/interop/probes/schedules
	python3 scripts/interop/check_conformance.py $(BIN)
	python3 scripts/interop/check_khal.py $(BIN) fixtures/schedules
	python3 scripts/interop/check_corpus.py .build/debug/ical-expand $(CORPUS)
	python3 scripts/interop/check_sync.py $(BIN) fixtures/schedules

# valgrind on `dosecal export`: no definite or indirect leak from our code.
leaks: build
	scripts/valgrind-export.sh $(BIN)

# The whole test suite under the address sanitizer (own build folder).
asan:
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp $(SWIFT) test --sanitize=address --scratch-path .build-asan

# libFuzzer + AddressSanitizer on every reader of outside input (docs/fuzzing.md); FUZZ_SECONDS
# (default 300) is split across the targets.
FUZZ_SECONDS ?= 300
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

bench:
	@scripts/install-deps.sh bench
	$(SWIFT) build -c release
	scripts/bench/run.sh $(RELEASE_BIN)

format:
	$(SWIFT) format --in-place --recursive Sources Tests

clean:
	rm -rf .build .build-asan .build-fuzz $(OUT)
