#!/usr/bin/env bash
# Writes App/primetime/symbol-order.txt: the functions a release `primetime` runs when it starts and answers
# a few commands, which the release link places side by side (Package.swift's staticSwiftRuntimeInRelease).
# A start then touches a few hundred kilobytes of code instead of pages all over its 10 MB, so it takes
# about 3 MiB less memory (Benchmarks/compare-startup.sh).
#
# usage: Benchmarks/make-symbol-order.sh [--scratch-path DIR]
#   --scratch-path   SwiftPM scratch directory for the release build (default: .build)
#
# Run it again after a change to what primetime does at start, or to the toolchain: the names are the
# functions' mangled symbols, and a name the binary no longer has is skipped without a word, so a stale file
# only costs memory. The functions are found with valgrind's callgrind (installed from Debian if missing) in
# these sessions, in this order: `--sandbox </dev/null`, `--db NEW </dev/null` (a first start),
# `--db EXISTING </dev/null`, the commands of .ci/run's smoke test piped into `--sandbox` and into
# `--db EXISTING`, and `--db LONG </dev/null`, a database of 2,000 favourites whose start reads the list's copy. Each function is listed once, with the first session that runs it, and each session's
# functions in the C locale's order: which function a run meets first varies with its threads, so this keeps
# the file the same from one run of the script to the next.
set -euo pipefail

scratch_path=".build"
while [ $# -gt 0 ]; do
  case "$1" in
    --scratch-path) scratch_path="${2:?--scratch-path needs a directory}"; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "make-symbol-order.sh: unknown argument '$1'; try --help" >&2; exit 64 ;;
  esac
  shift
done

cd "$(dirname "$0")/.."

source Benchmarks/statistics.sh
install_unless_present valgrind valgrind

echo "Building primetime (release)..." >&2
swift build -c release --product primetime --scratch-path "$scratch_path" >&2
primetime="$(swift build -c release --product primetime --scratch-path "$scratch_path" --show-bin-path)/primetime"

dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
commands=$'set 7\nfav\nfavorites\nnth\n'

# Runs primetime under callgrind with the arguments "$@" and standard input from $input; the profile is
# $dir/$profile.
profile() {
  local name="$1" input="$2"
  shift 2
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$dir/$name.out" "$primetime" "$@" \
    <"$input" >/dev/null 2>"$dir/$name.log" || {
    echo "make-symbol-order.sh: primetime $* failed under valgrind:" >&2
    cat "$dir/$name.log" >&2
    exit 1
  }
}
printf '%s' "$commands" >"$dir/commands"
profile sandbox /dev/null --sandbox
profile new /dev/null --db "$dir/primetime.sqlite3"
profile existing /dev/null --db "$dir/primetime.sqlite3"
profile sandbox-commands "$dir/commands" --sandbox
profile existing-commands "$dir/commands" --db "$dir/primetime.sqlite3"
# The first 2,000 primes (the 2,000th is 17,389), imported; the first session's end keeps the copy.
{ echo "# PrimeTime favorite primes"; seq 2 17389 | factor | awk 'NF == 2 { print $2 }'; } >"$dir/long.txt"
printf 'import %s\n' "$dir/long.txt" | "$primetime" --db "$dir/long.sqlite3" >/dev/null
"$primetime" --db "$dir/long.sqlite3" </dev/null
profile long /dev/null --db "$dir/long.sqlite3"

# A callgrind profile names each object (`ob=(N) path`) and function (`fn=(N) name`) in full the first time
# and by number after; a function belongs to the object of the last `ob=` line before its `fn=` line (the
# binary's real path, which ends in /primetime), and names met in `cfn=` lines (calls) count for the
# numbering too.
order="App/primetime/symbol-order.txt"
for name in sandbox new existing sandbox-commands existing-commands long; do
  awk -v quote="'" '
    /^c?ob=\(/ {
      id = substr($1, index($1, "(") + 1); sub(/\).*/, "", id)
      if (NF > 1) { line = $0; sub(/^[^ ]* /, "", line); objects[id] = line }
      if ($0 ~ /^ob=/) { object = objects[id] }
      next
    }
    /^c?fn=\(/ {
      id = substr($1, index($1, "(") + 1); sub(/\).*/, "", id)
      # A function callgrind saw recursing also appears with a suffix of a quote and a depth: one symbol.
      if (NF > 1) { name = $2; sub(quote "[0-9]+$", "", name); functions[id] = name }
      # Skipped: what has no symbol (`0x…` addresses, `(below main)`).
      if ($0 ~ /^fn=/ && object ~ /\/primetime$/ && functions[id] !~ /^(0x|\(|$)/) { print functions[id] }
    }
  ' "$dir/$name.out" | LC_ALL=C sort -u
done | awk '!seen[$0]++' >"$dir/order"

count=$(wc -l <"$dir/order")
if [ "$count" -lt 100 ]; then
  echo "make-symbol-order.sh: only $count functions found in $primetime; is it a release build?" >&2
  exit 1
fi
mv "$dir/order" "$order"
# SwiftPM does not know the link reads the file: without the binary, the next release build links again.
rm -f "$primetime"
echo "Wrote $order: $count functions; the next release build of primetime links with them." >&2
