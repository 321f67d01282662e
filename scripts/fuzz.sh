#!/usr/bin/env bash
# libFuzzer + AddressSanitizer on every reader of outside input (docs/fuzzing.md):
#   ical      ICal parser, expander and serialiser
#   returned  returned-calendar reader, with import and reconcile behind it
#   vdir      sync-folder item reader (items split at `--item--` lines)
#   rrule     RRULE reader and iterator (line 1: rule, line 2: DTSTART)
#   schedule  schedule reader (JSON), with the feed built from what it reads
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   SECONDS (default 60) is split across the targets.
# Inputs up to 1 MB; seeds: every fixture plus generated structural mutations
# (scripts/fuzz_seeds.py). Findings are written to .build-fuzz/<target>-crash-*, -timeout-*,
# -leak-*, -oom-*; the script exits 1 when a target found one.
set -euo pipefail
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(ical returned vdir rrule schedule)
out=.build-fuzz
mods="$out/modules"
mkdir -p "$mods"
flags=(-sanitize=fuzzer,address -parse-as-library -package-name dosecal -O -g -I "$mods" -I Sources/CLibical)
for f in $(pkg-config --cflags-only-I libical); do flags+=(-Xcc "$f"); done
libs="$(pkg-config --libs libical) -licui18n -licuuc"
# The C target libical's ICU zones are read through (Sources/CLibicalICU), as SwiftPM builds it:
# its header as a module, its source instrumented like the rest.
mkdir -p "$mods/CLibicalICU"
printf 'module CLibicalICU {\n    header "%s/Sources/CLibicalICU/include/CLibicalICU.h"\n    export *\n}\n' "$PWD" \
    > "$mods/CLibicalICU/module.modulemap"
flags+=(-I "$mods/CLibicalICU")
# The header-only and system modules of the other C targets (SHA-256 instructions, SQLite).
flags+=(-I Sources/CSHA256 -I Sources/CSQLite)
libs+=" -lsqlite3"

# Each module once, instrumented, into one object file (in dependency order); rebuilt when any
# source changed.
stale=1
[ -f "$out/DoseCal.o" ] && [ -z "$(find Sources Fuzz -newer "$out/DoseCal.o" \( -name '*.swift' -o -name '*.c' -o -name '*.h' \))" ] &&
    stale=0
module() {
    local name=$1
    shift
    [ "$stale" -eq 1 ] || return 0
    swiftc "${flags[@]}" -wmo -module-name "$name" -emit-module -emit-module-path "$mods/$name.swiftmodule" \
        -c "$@" -o "$out/$name.o" > "$out/build-$name.log" 2>&1 || { cat "$out/build-$name.log" >&2; exit 1; }
}
if [ "$stale" -eq 1 ]; then
    clang -fsanitize=fuzzer-no-link,address -O1 -g -I Sources/CLibicalICU/include $(pkg-config --cflags libical) \
        -c Sources/CLibicalICU/zone_gaps.c -o "$out/CLibicalICU.o" > "$out/build-CLibicalICU.log" 2>&1 ||
        { cat "$out/build-CLibicalICU.log" >&2; exit 1; }
fi
module CalendarTime Sources/CalendarTime/*.swift
module DoseCalCore $(find Sources/DoseCalCore -name '*.swift' | sort)
module ICal Sources/ICal/*.swift
module DoseCal $(find Sources/DoseCal -name '*.swift' | sort)

source_of() {
    case $1 in
    ical) echo Fuzz/ICalFuzz.swift ;;
    returned) echo Fuzz/ReturnedCalendarFuzz.swift ;;
    vdir) echo Fuzz/VdirItemFuzz.swift ;;
    rrule) echo Fuzz/RecurrenceRuleFuzz.swift ;;
    schedule) echo Fuzz/ScheduleFuzz.swift ;;
    *) echo "unknown fuzz target $1" >&2; exit 64 ;;
    esac
}

python3 scripts/fuzz_seeds.py "$out/seeds"
per=$((seconds / ${#targets[@]}))
[ "$per" -ge 1 ] || per=1
found=0
for target in "${targets[@]}"; do
    src=$(source_of "$target")
    if [ "$stale" -eq 1 ] || [ ! -x "$out/$target-fuzz" ]; then
        swiftc "${flags[@]}" -module-name "Fuzz_$target" "$src" "$out/CalendarTime.o" "$out/DoseCalCore.o" "$out/ICal.o" "$out/DoseCal.o" \
            "$out/CLibicalICU.o" $libs -o "$out/$target-fuzz" > "$out/build-$target.log" 2>&1 || { cat "$out/build-$target.log" >&2; exit 1; }
    fi
    corpus="$out/corpus-$target"
    mkdir -p "$corpus"
    echo "== fuzz target $target: $per s"
    set +e
    "$out/$target-fuzz" -max_total_time="$per" -max_len=1048576 -timeout=20 -rss_limit_mb=4096 \
        -print_final_stats=1 -dict=Fuzz/ical.dict -artifact_prefix="$out/$target-" "$corpus" "$out/seeds/$target" \
        > "$out/$target.log" 2>&1
    rc=$?
    set -e
    grep -E "^#[0-9]+ +(INITED|DONE)|stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY" "$out/$target.log" | tail -n 6
    [ "$rc" -eq 0 ] || { found=1; echo "fuzz target $target: finding (exit $rc); see $out/$target.log" >&2; }
done
exit "$found"
