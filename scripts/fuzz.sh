#!/usr/bin/env bash
# Fuzzes the ICal module (parser, expander, serialiser) with libFuzzer + AddressSanitizer.
# Usage: scripts/fuzz.sh [SECONDS]   (default 60). Seeds: every .ics under fixtures/.
set -euo pipefail
seconds="${1:-60}"
out=.build-fuzz
mkdir -p "$out/corpus"
find fixtures -name '*.ics' -exec cp {} "$out/corpus/" \; 2>/dev/null || true
swiftc -sanitize=fuzzer,address -parse-as-library -module-name ICal -O -g \
    -I Sources/CLibical $(pkg-config --cflags-only-I libical | sed 's/-I/-Xcc -I/g') \
    Sources/ICal/*.swift Fuzz/ICalFuzz.swift $(pkg-config --libs libical) -o "$out/ical-fuzz" > "$out/build.log" 2>&1 || {
    cat "$out/build.log" >&2; exit 1; }
"$out/ical-fuzz" -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=4096 \
    -artifact_prefix="$out/" "$out/corpus" 2>&1 | tail -n 12
