#!/usr/bin/env bash
# The README's pictures: one of each chart view of fixtures/chart/family-december.json, taken by
# headless Chromium from the HTML `dosecal chart` writes.
# Usage: scripts/demo-pictures.sh DOSECAL_BINARY OUT_DIR IMAGE_DIR
# Without Chromium on PATH it says so and leaves the pictures as they are (exit 0): the rest of
# `make demo` does not need it.
set -euo pipefail
bin="$1" out="$2" images="$3"
schedule=fixtures/chart/family-december.json
browser=""
for name in chromium chromium-browser google-chrome; do
    if command -v "$name" >/dev/null; then browser="$(command -v "$name")"; break; fi
done
if [[ -z "$browser" ]]; then
    echo "== no pictures: headless Chromium is not installed (scripts/install-deps.sh test installs it); $images left as it is"
    exit 0
fi
flags=(--headless --disable-gpu --hide-scrollbars --no-first-run --no-default-browser-check)
[[ $(id -u) -eq 0 ]] && flags+=(--no-sandbox)
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
mkdir -p "$out" "$images"
shoot() { # VIEW SIZE ARGS...
    local view="$1" size="$2"
    shift 2
    echo "== dosecal chart $schedule --view $view $* -o $out/$view.html; Chromium: $images/$view.png ($size)"
    "$bin" chart "$schedule" --view "$view" "$@" -o "$out/$view.html"
    "$browser" "${flags[@]}" --user-data-dir="$profile" --window-size="$size" \
        --screenshot="$images/$view.png" "file://$(realpath "$out/$view.html")" >/dev/null 2>&1
    [[ -s "$images/$view.png" ]] || { echo "Chromium wrote no $images/$view.png" >&2; exit 1; }
}
shoot mar 1500,400 --month 2026-12 --person mia
shoot week 1500,360 --from 2026-12-04 --person sam
shoot supply 900,580 --from 2026-12-01 --to 2027-01-31 --person sam
