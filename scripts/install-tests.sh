#!/usr/bin/env bash
# make install / make uninstall into scratch prefixes (PREFIX and DESTDIR), every man page
# through man -l, and each completion script run by its own shell: bash, zsh and fish
# (scripts/install-deps.sh test installs them; a missing one fails here).
set -uo pipefail
bin="${1:-.build/debug/dosecal}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
expect() {  # description, condition...
    if "${@:2}"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
same() {  # description, expected, actual
    if [[ "$2" == "$3" ]]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: $1"; echo "  expected: $2"; echo "  got:      $3"; fi
}
for program in man zsh fish; do
    command -v "$program" > /dev/null || { echo "FAIL: $program is not installed (run scripts/install-deps.sh test)"; exit 1; }
done
# The commands, as dosecal --help lists them (help included): what the completions must offer.
commands=$("$bin" --help | awk '/^Commands:/ {p = 1; next} p && /^  [a-z]/ {print $1} p && /^$/ {exit}' | sort)
ex_commands=$(grep '^ex' <<< "$commands")
pages=$(grep -vx help <<< "$commands" | sed 's/^/dosecal-/; s/$/.1/'; echo dosecal.1)

prefix="$tmp/prefix"
expect "make install PREFIX" make --no-print-directory -s install INSTALL_BIN="$bin" PREFIX="$prefix" > "$tmp/log" 2>&1
expect "the binary, executable" test -x "$prefix/bin/dosecal"
same "one man page per command and dosecal.1" "$(sort <<< "$pages")" "$(ls "$prefix/share/man/man1" | sort)"
expect "bash completion" test -s "$prefix/share/bash-completion/completions/dosecal"
expect "zsh completion" test -s "$prefix/share/zsh/site-functions/_dosecal"
expect "fish completion" test -s "$prefix/share/fish/vendor_completions.d/dosecal.fish"
same "installed files are mode 0644 (0755 for the binary)" "755 644" \
    "$(stat -c %a "$prefix/bin/dosecal") $(find "$prefix/share" -type f -exec stat -c %a {} + | sort -u | tr '\n' ' ' | sed 's/ $//')"
for page in "$prefix"/share/man/man1/*.1; do
    MANWIDTH=80 man --warnings -l "$page" > "$tmp/page.txt" 2> "$tmp/man.err"
    expect "man -l $(basename "$page") renders without warnings" test ! -s "$tmp/man.err"
    expect "$(basename "$page") has NAME and SYNOPSIS" grep -q "^SYNOPSIS" "$tmp/page.txt"
done
# The page says what --help says: every option line of `dosecal help export` is in the page.
MANWIDTH=1000 man -l "$prefix/share/man/man1/dosecal-export.1" 2> /dev/null | tr -s ' \n' '  ' > "$tmp/export.txt"
for option in $("$bin" help export | grep -oE '^  (-o, )?--[a-z-]+' | sed 's/^ *//; s/,//'); do
    expect "dosecal-export.1 documents $option" grep -qF -- "$option" "$tmp/export.txt"
done
expect "dosecal-export.1 has the help's description" grep -qF "$("$bin" help export | sed -n 4p | tr -s ' ')" "$tmp/export.txt"

# Completions, each in its own shell.
bash_script="$prefix/share/bash-completion/completions/dosecal"
zsh_dir="$prefix/share/zsh/site-functions"
fish_script="$prefix/share/fish/vendor_completions.d/dosecal.fish"
expect "bash -n accepts the bash completion" bash -n "$bash_script"
expect "zsh -n accepts the zsh completion" zsh -n "$zsh_dir/_dosecal"
expect "fish -n accepts the fish completion" fish -n "$fish_script"
bash_complete() {  # words of the command line (the last one is being completed)
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _dosecal
        printf "%s\n" "${COMPREPLY[@]}"' _ "$bash_script" "$@" | sort -u
}
zsh_complete() { timeout 60 zsh scripts/completion/zsh-complete.zsh "$zsh_dir" "$1" | sort -u; }
fish_complete() { fish -c "source '$fish_script'; complete -C '$1'" | cut -f1 | sort -u; }
same "bash: dosecal <TAB> offers every command" "$commands" "$(bash_complete dosecal '' | grep -v '^-')"
same "bash: dosecal ex<TAB>" "$ex_commands" "$(bash_complete dosecal ex)"
same "bash: an option" "--privacy" "$(bash_complete dosecal export s.json --priv)"
same "bash: a zone" "America/Chicago" "$(bash_complete dosecal check s.json --zone America/Chica)"
same "bash: listed values" "$(printf 'next\nshift\nskip')" "$(bash_complete dosecal check s.json --gap-policy '')"
same "bash: a positional word" "taken" "$(bash_complete dosecal log s.json ta)"
mkdir -p "$tmp/files" && touch "$tmp/files/meds.json"
same "bash: a schedule file" "$tmp/files/meds.json" "$(bash_complete dosecal export "$tmp/files/me")"
same "zsh: dosecal <TAB> offers every command" "$commands" "$(zsh_complete 'dosecal ')"
same "zsh: dosecal ex<TAB>" "$ex_commands" "$(zsh_complete 'dosecal ex')"
same "zsh: listed values" "$(printf 'next\nshift\nskip')" "$(zsh_complete 'dosecal check s.json --gap-policy ')"
same "zsh: a zone" "America/Chicago" "$(zsh_complete 'dosecal sync s.json --zone America/Chica')"
same "fish: dosecal <TAB> offers every command" "$commands" "$(fish_complete 'dosecal ')"
same "fish: dosecal ex<TAB>" "$ex_commands" "$(fish_complete 'dosecal ex')"
same "fish: an option" "--privacy" "$(fish_complete 'dosecal export s.json --priv')"
same "fish: a zone" "America/Chicago" "$(fish_complete 'dosecal check s.json --zone America/Chica')"

expect "make uninstall PREFIX" make --no-print-directory -s uninstall PREFIX="$prefix" > "$tmp/log" 2>&1
same "uninstall leaves no file" "" "$(find "$prefix" -type f)"
# DESTDIR: staged under DESTDIR, laid out for PREFIX.
expect "make install DESTDIR" make --no-print-directory -s install INSTALL_BIN="$bin" PREFIX=/usr DESTDIR="$tmp/stage" > "$tmp/log" 2>&1
expect "DESTDIR: the binary under DESTDIR/usr/bin" test -x "$tmp/stage/usr/bin/dosecal"
expect "DESTDIR: the pages under DESTDIR/usr/share/man/man1" test -s "$tmp/stage/usr/share/man/man1/dosecal.1"
expect "make uninstall DESTDIR" make --no-print-directory -s uninstall PREFIX=/usr DESTDIR="$tmp/stage" > "$tmp/log" 2>&1
same "DESTDIR: uninstall leaves no file" "" "$(find "$tmp/stage" -type f)"
echo "install: $pass passed, $fail failed"
[[ $fail == 0 ]]
