#!/usr/bin/env zsh
# Prints what zsh's own completion system offers for a command line, one match per line:
# zsh-complete.zsh SITE_FUNCTIONS_DIR 'dosecal ex'
# It starts an interactive zsh on a pseudo-terminal (zpty), loads compinit with the given
# directory first in $fpath, types the line and a Tab, and records each match that the
# completion functions add (compadd is wrapped to print its matches, then does its work).
# The markers are typed split in two so that the terminal's echo of the typed line never
# matches them.
zmodload zsh/zpty || exit 1
dir=$1 line=$2
zpty shell zsh -f -i
zpty -w shell "PS1='%% '; fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w shell 'compadd() { local -a m; builtin compadd -O m "$@"; (( $#m )) && print -rl -- "<ma""tch>"${^m}; builtin compadd "$@" }'
zpty -w shell "print '<rea''dy>'"
# Wait for the next prompt too: only then is the line editor reading (raw mode). Typed before
# that, the line and Tab sit in the terminal's cooked line buffer, where the Ctrl-U below would
# erase them before zsh ever completes (seen on a loaded machine: no matches at all).
zpty -r shell out '*<ready>*% *' || exit 1
zpty -w -n shell "$line"$'\t'
zpty -w shell $'\C-u'"print '<do''ne>'"
zpty -r shell out '*<done>*' || exit 1
for l in ${(f)out}; do
    [[ $l == *'<match>'* ]] && print -r -- "${${l#*<match>}%%$'\r'*}"
done
zpty -d shell
