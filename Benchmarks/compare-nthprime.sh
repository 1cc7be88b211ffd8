#!/usr/bin/env bash
# Times PrimeTime's nth-prime engine beside Debian's primesieve and primecount, one thread each, for
# n = 10^6 ... 10^10, and prints a table with the ratios (how many times slower the other tool is).
#
# usage: Benchmarks/compare-nthprime.sh [--skip-slow] [--scratch-path DIR]
#   --skip-slow      skip primesieve at 10^10 (about a minute single-threaded)
#   --scratch-path   SwiftPM scratch directory for the release build (default: .build)
#
# PrimeTime's time is the median of 7 runs of the `benchmarks` executable (release build, in process);
# primesieve's and primecount's are the median of 3 runs of their own `--time` figure (in process, to the
# millisecond). Every command runs pinned to one core with `taskset -c 1` when taskset is available.
set -euo pipefail

skip_slow=0
scratch_path=".build"
while [ $# -gt 0 ]; do
  case "$1" in
    --skip-slow) skip_slow=1 ;;
    --scratch-path) scratch_path="${2:?--scratch-path needs a directory}"; shift ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-nthprime.sh: unknown argument '$1'; try --help" >&2; exit 64 ;;
  esac
  shift
done

cd "$(dirname "$0")/.."

if ! command -v primesieve >/dev/null || ! command -v primecount >/dev/null; then
  echo "Installing primesieve and primecount from Debian..." >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y primesieve primecount >/dev/null
fi

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 1); fi

echo "Building benchmarks (release)..." >&2
swift build -c release --product benchmarks --scratch-path "$scratch_path" >&2
benchmarks="$(swift build -c release --product benchmarks --scratch-path "$scratch_path" --show-bin-path)/benchmarks"

# The median of the numbers on standard input, one per line.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else print v[int((NR + 1) / 2)] }'; }

# The median of three runs of a tool's own "Seconds: X" figure.
tool_seconds() {
  for _ in 1 2 3; do
    "${pin[@]}" "$@" --time 2>&1 | awk '/^Seconds:/ { print $2 }'
  done | median
}

# "a / b" to one decimal, or "-" when either is 0 or not a number (a skipped tool).
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && a + 0 > 0 && b + 0 > 0) printf "%.1fx", a / b; else print "-"
  }'
}

printf '%-6s %14s %14s %14s %12s %12s %8s\n' \
  "n" "PrimeTime s" "(min-max)" "primesieve s" "primecount s" "ps/PT" "pc/PT"
for exponent in 6 7 8 9 10; do
  n="1e$exponent"
  json="$("${pin[@]}" "$benchmarks" --json "nthprime.1e$exponent")"
  ours="$(printf '%s' "$json" | awk -F'"ns_per_op": ' 'NF > 1 { split($2, f, ","); printf "%.4f", f[1] / 1e9 }')"
  low="$(printf '%s' "$json" | awk -F'"min_ns": ' 'NF > 1 { split($2, f, ","); printf "%.4f", f[1] / 1e9 }')"
  high="$(printf '%s' "$json" | awk -F'"max_ns": ' 'NF > 1 { split($2, f, ","); printf "%.4f", f[1] / 1e9 }')"
  if [ "$skip_slow" -eq 1 ] && [ "$exponent" -ge 10 ]; then
    sieve="skipped"
  else
    sieve="$(tool_seconds primesieve -n "$n" -t1)"
  fi
  count="$(tool_seconds primecount --nth-prime "$n" -t1)"
  printf '%-6s %14s %14s %14s %12s %12s %8s\n' \
    "$n" "$ours" "$low-$high" "$sieve" "$count" "$(ratio "$sieve" "$ours")" "$(ratio "$count" "$ours")"
done
echo "ps/PT and pc/PT: how many times longer primesieve and primecount took than PrimeTime (- when a tool's" \
  "time rounds to 0 ms or was skipped)."
