#!/usr/bin/env bash
# Counts the instructions one operation of a benchmark executes, with valgrind's callgrind: runs
# `benchmarks --iterations=N FILTER` for two counts and prints (Ir(N2) - Ir(N1)) / (N2 - N1), so that
# start-up, set-up and the one-off cost of the first operations cancel out.
#
# usage: Benchmarks/callgrind-send.sh [--binary PATH] [--counts N1,N2] [FILTER]
#   --binary   the benchmarks executable (default: .build/release/benchmarks; build it with
#              `swift build -c release --product benchmarks`)
#   --counts   the two iteration counts (default: 20000,120000)
#   FILTER     must match exactly one benchmark (default: store.send.depth3)
set -euo pipefail

binary=".build/release/benchmarks"
counts="20000,120000"
filter="store.send.depth3"
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="${2:?--binary needs a path}"; shift ;;
    --counts) counts="${2:?--counts needs N1,N2}"; shift ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "callgrind-send.sh: unknown argument '$1'; try --help" >&2; exit 64 ;;
    *) filter="$1" ;;
  esac
  shift
done

command -v valgrind >/dev/null || { echo "callgrind-send.sh: valgrind is not installed" >&2; exit 69; }
[ -x "$binary" ] || { echo "callgrind-send.sh: no executable at '$binary'" >&2; exit 66; }
n1="${counts%%,*}"
n2="${counts##*,}"
case "$n1$n2" in *[!0-9]*|"") echo "callgrind-send.sh: --counts needs two whole numbers" >&2; exit 64 ;; esac
[ "$n2" -gt "$n1" ] || { echo "callgrind-send.sh: N2 must be larger than N1" >&2; exit 64; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The total instruction count (Ir) of one run of `count` operations.
total() {
  local count="$1" out="$scratch/callgrind.$1"
  local lines
  lines=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" "--iterations=$count" "$filter" 2>/dev/null)
  if [ "$(printf '%s\n' "$lines" | wc -l)" -ne 1 ]; then
    echo "callgrind-send.sh: '$filter' must match exactly one benchmark; it printed:" >&2
    printf '%s\n' "$lines" >&2
    exit 65
  fi
  awk '/^(summary|totals):/ { print $2; exit }' "$out"
}

ir1=$(total "$n1")
ir2=$(total "$n2")
echo "$filter: Ir($n1) = $ir1, Ir($n2) = $ir2, Ir per operation = $(( (ir2 - ir1) / (n2 - n1) ))"
