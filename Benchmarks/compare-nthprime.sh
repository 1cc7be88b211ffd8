#!/usr/bin/env bash
# Times PrimeTime's nth-prime engine beside Debian's primecount (and primesieve), one thread each, for
# n = 10^6 ... 10^12, prints a table with the ratios and the peak memory, and can cross-check answers.
#
# usage: Benchmarks/compare-nthprime.sh [--skip-slow] [--check COUNT] [--scratch-path DIR]
#   --skip-slow      skip primesieve at 10^10 (about a minute single-threaded); it always skips 10^11 and up
#   --check COUNT    also ask `primetime --sandbox` (release build) for the nth prime at COUNT seeded random
#                    n from 10^6 to 10^12 (and at 10^12) and compare every answer with primecount's
#   --scratch-path   SwiftPM scratch directory for the release build (default: .build)
#
# PrimeTime's time is the median of 7 runs of the `benchmarks` executable (release build, in process);
# primesieve's and primecount's are the median of 3 runs of their own `--time` figure (in process, to the
# millisecond). Peak memory is the maximum resident set size (/usr/bin/time -f %M) of one whole process
# computing that one prime: Modules/Primes compiled with `swiftc -O` and a five-line driver (the
# `benchmarks` executable carries Foundation and SQLite, some 20 MiB, before any prime), and
# `primecount --nth-prime n -t1`; a Swift hello-world built the same way is printed as the floor. Every
# command runs pinned to one core with `taskset -c 1` when taskset is available.
set -euo pipefail

skip_slow=0
check_count=0
scratch_path=".build"
while [ $# -gt 0 ]; do
  case "$1" in
    --skip-slow) skip_slow=1 ;;
    --check)
      check_count="${2:?--check needs a count}"; shift
      case "$check_count" in *[!0-9]*) echo "compare-nthprime.sh: --check needs a count" >&2; exit 64 ;; esac
      ;;
    --scratch-path) scratch_path="${2:?--scratch-path needs a directory}"; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-nthprime.sh: unknown argument '$1'; try --help" >&2; exit 64 ;;
  esac
  shift
done

cd "$(dirname "$0")/.."
source Benchmarks/statistics.sh

install_unless_present primesieve primesieve
install_unless_present primecount primecount

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 1); fi
peak=()
if [ -x /usr/bin/time ]; then peak=(/usr/bin/time -f %M); fi

echo "Building benchmarks (release)..." >&2
swift build -c release --product benchmarks --scratch-path "$scratch_path" >&2
bin_path="$(swift build -c release --product benchmarks --scratch-path "$scratch_path" --show-bin-path)"
benchmarks="$bin_path/benchmarks"

# The engine alone in a minimal process, for its peak memory, and a hello-world beside it.
driver_dir="$(mktemp -d)"
trap 'rm -rf "$driver_dir"' EXIT
cat > "$driver_dir/main.swift" <<'SWIFT'
@main struct NthPrimeDriver {
  static func main() throws {
    print(try nthPrime(Int(CommandLine.arguments[1]) ?? 1))
  }
}
SWIFT
echo 'print("hello")' > "$driver_dir/hello.swift"
echo "Building the memory driver (swiftc -O)..." >&2
# Primes takes the C library's maths (log, cbrt) from Platform, whose one file that matters here is the import.
swiftc -O -emit-module -module-name Platform Modules/Platform/Libc.swift -emit-module-path "$driver_dir/Platform.swiftmodule"
swiftc -O -wmo -module-name Primes -parse-as-library -I "$driver_dir" Modules/Primes/*.swift "$driver_dir/main.swift" \
  -o "$driver_dir/nthprime"
swiftc -O "$driver_dir/hello.swift" -o "$driver_dir/hello"

# The median of three runs of a tool's own "Seconds: X" figure.
tool_seconds() {
  for _ in 1 2 3; do
    "${pin[@]}" "$@" --time 2>&1 | awk '/^Seconds:/ { print $2 }'
  done | median /dev/stdin
}

# The peak resident set size in KiB of running the command once, or "-" without /usr/bin/time.
peak_kib() {
  if [ ${#peak[@]} -eq 0 ]; then echo "-"; return; fi
  local report
  report="$(mktemp)"
  "${peak[@]}" -o "$report" "${pin[@]}" "$@" >/dev/null 2>&1
  tail -n 1 "$report"
  rm -f "$report"
}

# "a / b" to two decimals, or "-" when either is 0 or not a number (a skipped tool).
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && a + 0 > 0 && b + 0 > 0) printf "%.2fx", a / b; else print "-"
  }'
}

printf '%-6s %12s %16s %13s %13s %8s %10s %10s %8s\n' \
  "n" "PrimeTime s" "(min-max)" "primesieve s" "primecount s" "PT/pc" "PT KiB" "pc KiB" "mem"
for exponent in 6 7 8 9 10 11 12; do
  n="1e$exponent"
  json="$("${pin[@]}" "$benchmarks" --json "nthprime.1e$exponent")"
  ours="$(printf '%s' "$json" | awk -F'"ns_per_op": ' 'NF > 1 { split($2, f, ","); printf "%.4f", f[1] / 1e9 }')"
  low="$(printf '%s' "$json" | awk -F'"min_ns": ' 'NF > 1 { split($2, f, ","); printf "%.4f", f[1] / 1e9 }')"
  high="$(printf '%s' "$json" | awk -F'"max_ns": ' 'NF > 1 { split($2, f, ","); printf "%.4f", f[1] / 1e9 }')"
  if [ "$exponent" -ge 11 ] || { [ "$skip_slow" -eq 1 ] && [ "$exponent" -ge 10 ]; }; then
    sieve="skipped"
  else
    sieve="$(tool_seconds primesieve -n "$n" -t1)"
  fi
  count="$(tool_seconds primecount --nth-prime "$n" -t1)"
  our_kib="$(peak_kib "$driver_dir/nthprime" "$(awk -v e="$exponent" 'BEGIN { printf "%.0f", 10 ^ e }')")"
  their_kib="$(peak_kib primecount --nth-prime "$n" -t1)"
  printf '%-6s %12s %16s %13s %13s %8s %10s %10s %8s\n' "$n" "$ours" "$low-$high" "$sieve" "$count" \
    "$(ratio "$ours" "$count")" "$our_kib" "$their_kib" "$(ratio "$our_kib" "$their_kib")"
done
echo "PT/pc: PrimeTime's time over primecount's (the target is at most 1.5x; - when primecount's rounds to 0 ms);" \
  "mem: PrimeTime's peak memory over primecount's (the target is at most 2x); a Swift hello-world peaks at" \
  "$(peak_kib "$driver_dir/hello") KiB."

if [ "$check_count" -gt 0 ]; then
  echo "Building primetime (release)..." >&2
  swift build -c release --product primetime --scratch-path "$scratch_path" >&2
  # Seeded random n spread evenly over the exponents 6 to 12, and the limit itself.
  points="$(awk -v count="$check_count" 'BEGIN {
    srand(16)
    for (i = 0; i < count; i++) printf "%.0f\n", int(10 ^ (6 + 6 * rand()))
    printf "%.0f\n", 10 ^ 12
  }')"
  answers="$(printf '%s\n' "$points" | sed 's/^/nth /' | "$bin_path/primetime" --sandbox)"
  mismatches=0
  checked=0
  while read -r n; do
    checked=$((checked + 1))
    ours="$(printf '%s\n' "$answers" | sed -n "${checked}p" | awk '{ print $NF }')"
    theirs="$(primecount --nth-prime "$n" -t1)"
    if [ "$ours" != "$theirs" ]; then
      echo "MISMATCH: the ${n}th prime: PrimeTime $ours, primecount $theirs"
      mismatches=$((mismatches + 1))
    fi
  done <<< "$points"
  echo "Cross-check: $checked n up to 10^12, $mismatches mismatches with primecount."
  if [ "$mismatches" -gt 0 ]; then exit 1; fi
fi
