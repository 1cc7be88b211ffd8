#!/usr/bin/env bash
# Times `primetime --sandbox` reading a script of 100,000 lines of `+` from a file (standard output to
# /dev/null), beside the same commands in-process: `benchmarks app.send.incr` (the action a `+` sends, sent
# to the store `primetime --sandbox` runs and awaited: the issue's baseline) and `benchmarks
# app.command.incr` (the line parsed and run by the app's front end, which renders the counter). Prints the
# time per command of each, the noise, and the ratios; the issue's target is a script within 5x of the
# store's sends.
#
# usage: Benchmarks/compare-script.sh [--runs N] [--lines N] [--scratch-path DIR]
#   --runs N         runs of the script (default 11)
#   --lines N        lines of `+` in the script (default 100000)
#   --scratch-path   SwiftPM scratch directory for the release builds (default: .build)
#
# Everything runs pinned to one core with `taskset -c 1` when taskset is available. The script's time is the
# whole process, start and exit included (about 15 ms, 0.15 us a command at 100,000); its noise is the
# median absolute deviation and the range of the runs. The in-process figures are the benchmarks harness's
# median of 7 runs, with its fastest and slowest run.
set -euo pipefail

runs=11
lines=100000
scratch_path=".build"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift ;;
    --lines) lines="${2:?--lines needs a number}"; shift ;;
    --scratch-path) scratch_path="${2:?--scratch-path needs a directory}"; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-script.sh: unknown argument '$1'; try --help" >&2; exit 64 ;;
  esac
  shift
done
case "$runs" in ''|*[!0-9]*|0) echo "compare-script.sh: --runs needs a positive number; got '$runs'" >&2; exit 64 ;; esac
case "$lines" in ''|*[!0-9]*|0) echo "compare-script.sh: --lines needs a positive number; got '$lines'" >&2; exit 64 ;; esac

cd "$(dirname "$0")/.."

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 1); fi

echo "Building primetime and benchmarks (release)..." >&2
swift build -c release --product primetime --scratch-path "$scratch_path" >&2
swift build -c release --product benchmarks --scratch-path "$scratch_path" >&2
bin="$(swift build -c release --product primetime --scratch-path "$scratch_path" --show-bin-path)"

source Benchmarks/statistics.sh

dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
awk -v n="$lines" 'BEGIN { for (i = 0; i < n; i++) print "+" }' >"$dir/script.txt"

# Milliseconds one run of the script takes.
script_ms() {
  local start end
  start=$EPOCHREALTIME
  "${pin[@]}" "$bin/primetime" --sandbox <"$dir/script.txt" >/dev/null
  end=$EPOCHREALTIME
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", (b - a) * 1000 }'
}

echo "Running the in-process benchmarks..." >&2
"${pin[@]}" "$bin/benchmarks" --json app.send.incr >"$dir/send.json"
"${pin[@]}" "$bin/benchmarks" --json app.command.incr >"$dir/command.json"

echo "Running the script $runs times..." >&2
script_ms >/dev/null  # warm the caches
: >"$dir/script.ms"
for _ in $(seq "$runs"); do script_ms >>"$dir/script.ms"; done

# Field $2 (ns_per_op, min_ns or max_ns) of the one benchmark in the JSON file $1.
field() { sed -n "s/.*\"$2\": \\([0-9.]*\\).*/\\1/p" "$1"; }

m="$(median "$dir/script.ms")"
script_us="$(awk -v ms="$m" -v n="$lines" 'BEGIN { printf "%.3f", ms * 1000 / n }')"
script_mad="$(awk -v d="$(mad "$dir/script.ms" "$m")" -v n="$lines" 'BEGIN { printf "%.3f", d * 1000 / n }')"
script_range="$(sort -g "$dir/script.ms" | awk -v n="$lines" 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo * 1000 / n, hi * 1000 / n }')"

printf '%-48s %12s %10s %16s %8s\n' "per command" "median us" "MAD us" "min-max us" "ratio"
for name in send command; do
  case "$name" in
    send) label="in-process: store.send (app.send.incr)" ;;
    command) label="in-process: front end (app.command.incr)" ;;
  esac
  us="$(awk -v ns="$(field "$dir/$name.json" ns_per_op)" 'BEGIN { printf "%.3f", ns / 1000 }')"
  range="$(awk -v lo="$(field "$dir/$name.json" min_ns)" -v hi="$(field "$dir/$name.json" max_ns)" \
    'BEGIN { printf "%.3f-%.3f", lo / 1000, hi / 1000 }')"
  printf '%-48s %12s %10s %16s %8s\n' "$label" "$us" "" "$range" ""
  eval "${name}_us=\$us"
done
printf '%-48s %12s %10s %16s %7.2fx\n' "primetime --sandbox < $lines lines of +" "$script_us" "$script_mad" \
  "$script_range" "$(awk -v a="$script_us" -v b="$send_us" 'BEGIN { print a / b }')"
echo "$runs runs of the script; ratio: its median per command / app.send.incr's (the issue's target: <= 5x);" \
  "against the front end in-process: $(awk -v a="$script_us" -v b="$command_us" 'BEGIN { printf "%.2fx", a / b }')."
