#!/usr/bin/env bash
# make bench: builds the peers (Python icalendar + recurring-ical-events and vdirsyncer from PyPI in
# a venv under .build/bench, a C program on libical's parser and icalrecur_iterator; vdirsyncer
# from Debian is the apt package), generates the inputs, runs dosecal and each peer alternately and
# prints one table (scripts/bench/bench.py).
# usage: scripts/bench/run.sh [DOSECAL]
#   ROUNDS=3 PEER_SLOW_ROUNDS=1 SCALE_ROUNDS=1 BENCH_ONLY=expand,real,export,...,publish,scale (any of them)
set -euo pipefail
bin="$(realpath "${1:-.build/release/dosecal}")"
here="$(cd "$(dirname "$0")" && pwd)"
work="${BENCH_DIR:-.build/bench}"
mkdir -p "$work"
work="$(realpath "$work")"
venv="$work/venv"
if [[ ! -x "$venv/bin/vdirsyncer" ]] || ! "$venv/bin/python" -c "import icalendar, recurring_ical_events" 2>/dev/null; then
    echo "bench: installing icalendar, recurring-ical-events and vdirsyncer into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q icalendar recurring-ical-events vdirsyncer
fi
cc -O2 -o "$work/libical_expand" "$here/libical_expand.c" $(pkg-config --cflags --libs libical)
"$venv/bin/python" -c "from importlib.metadata import version as v; print(\"peers: icalendar\", v(\"icalendar\"), \"| recurring-ical-events\", v(\"recurring-ical-events\"), \"| vdirsyncer\", v(\"vdirsyncer\"))"
echo "peers: libical $(pkg-config --modversion libical) (C, cc -O2) | $(python3 --version)" \
    "| Debian's $(/usr/bin/vdirsyncer --version 2>/dev/null || echo 'vdirsyncer: missing (apt package vdirsyncer)')"
exec python3 "$here/bench.py" "$bin" "$work" "$venv/bin/python" "$work/libical_expand"
