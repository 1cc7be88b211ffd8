#!/usr/bin/env bash
# Times how long PrimeTime takes to start and end with nothing to do, and how much memory it takes, beside a
# Swift hello-world built the same way (the `hello-baseline` executable), and prints the medians, the noise
# and the ratios to the baseline.
#
# usage: Benchmarks/compare-startup.sh [--runs N] [--scratch-path DIR]
#   --runs N         runs of each command, taken in turn (default 41)
#   --scratch-path   SwiftPM scratch directory for the release build (default: .build)
#
# The commands: `hello-baseline`, `primetime --sandbox </dev/null`, `primetime --db F </dev/null` with F an
# empty database (made by primetime before the runs, and left as it was by each), and the same with F a new
# file each run (so the run creates the database: a first start). All are built with `swift build -c release`,
# which links primetime's Swift runtime in (Package.swift's staticSwiftRuntimeInRelease) and leaves the
# hello-world on the shared libraries. The hello-world is also timed linked like primetime (built again with
# --static-swift-stdlib, in DIR/static-baseline), and the last line gives primetime's ratios to that one.
# Runs are interleaved (baseline, sandbox, database, baseline, ...) so a change in the machine's load hits
# all of them alike, and the script pins itself to one core with `taskset -c 1` when taskset is available.
# Time is wall-clock as hyperfine takes it (the command's process alone, no shell; installed from Debian if
# missing): timed from this shell, the fork and exec it adds to every run hid a part of each ratio. Memory is
# the peak resident set size (/usr/bin/time -f %M) of separate runs. The noise is the median absolute deviation
# and the range. Issue 16's targets: sandbox <= 1.5x the baseline in both, database <= 2x.
set -euo pipefail

runs=41
scratch_path=".build"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift ;;
    --scratch-path) scratch_path="${2:?--scratch-path needs a directory}"; shift ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-startup.sh: unknown argument '$1'; try --help" >&2; exit 64 ;;
  esac
  shift
done
case "$runs" in ''|*[!0-9]*|0) echo "compare-startup.sh: --runs needs a positive number; got '$runs'" >&2; exit 64 ;; esac

cd "$(dirname "$0")/.."
source Benchmarks/statistics.sh
install_unless_present hyperfine hyperfine

if [ ! -x /usr/bin/time ]; then
  echo "compare-startup.sh: needs GNU time at /usr/bin/time for the peak memory (apt-get install time)" >&2
  exit 69
fi
# Pinned once, here: every command inherits the core, and no taskset process is timed.
if command -v taskset >/dev/null; then taskset -cp 1 $$ >/dev/null; fi

echo "Building primetime and hello-baseline (release)..." >&2
for product in primetime hello-baseline; do
  swift build -c release --product "$product" --scratch-path "$scratch_path" >&2
done
bin_path="$(swift build -c release --product primetime --scratch-path "$scratch_path" --show-bin-path)"
static_scratch_path="$scratch_path/static-baseline"
# With primetime's linker flags (Package.swift's staticSwiftRuntimeInRelease).
static_flags=(--static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
swift build -c release "${static_flags[@]}" --product hello-baseline --scratch-path "$static_scratch_path" >&2
static_bin_path="$(swift build -c release "${static_flags[@]}" --product hello-baseline \
  --scratch-path "$static_scratch_path" --show-bin-path)"

dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

# The command of each name, as words.
command_of() {
  case "$1" in
    baseline) echo "$bin_path/hello-baseline" ;;
    static_baseline) echo "$static_bin_path/hello-baseline" ;;
    sandbox) echo "$bin_path/primetime --sandbox" ;;
    empty) echo "$bin_path/primetime --db $dir/empty.sqlite3" ;;
    database) echo "$bin_path/primetime --db $dir/new.sqlite3" ;;
  esac
}
names=(baseline static_baseline sandbox empty database)

# Runs the command of name $1 once: milliseconds, or with `kib` first, peak KiB.
measure() {
  local kind="$1" name="$2" words
  read -r -a words <<<"$(command_of "$name")"
  rm -f "$dir"/new.sqlite3*
  if [ "$kind" = kib ]; then
    /usr/bin/time -f %M -o "$dir/kib" "${words[@]}" </dev/null >/dev/null 2>&1 || true
    tail -n 1 "$dir/kib"
  else
    run_ms "${words[@]}"
  fi
}

# The database must start, or its figures would be those of a failure.
if ! "$bin_path/primetime" --db "$dir/new.sqlite3" </dev/null >/dev/null \
  || ! "$bin_path/primetime" --db "$dir/empty.sqlite3" </dev/null >/dev/null; then
  echo "compare-startup.sh: primetime --db on a new file failed" >&2
  exit 1
fi
for name in "${names[@]}"; do measure ms "$name" >/dev/null; done  # warm the caches
for name in "${names[@]}"; do : >"$dir/$name.ms"; : >"$dir/$name.kib"; done
for _ in $(seq "$runs"); do
  for name in "${names[@]}"; do
    measure ms "$name" >>"$dir/$name.ms"
    measure kib "$name" >>"$dir/$name.kib"
  done
done

base_ms="$(median "$dir/baseline.ms")"
base_kib="$(median "$dir/baseline.kib")"
printf '%-34s %9s %7s %13s %7s %9s %7s %15s %7s\n' \
  "command" "median ms" "MAD ms" "min-max ms" "ratio" "peak MiB" "MAD MiB" "min-max MiB" "ratio"
for name in "${names[@]}"; do
  case "$name" in
    baseline) label="hello-baseline" ;;
    static_baseline) label="hello-baseline, static runtime" ;;
    sandbox) label="primetime --sandbox </dev/null" ;;
    empty) label="primetime --db EMPTY </dev/null" ;;
    database) label="primetime --db NEW </dev/null" ;;
  esac
  ms="$(median "$dir/$name.ms")"
  kib="$(median "$dir/$name.kib")"
  awk '{ printf "%.2f\n", $1 / 1024 }' "$dir/$name.kib" >"$dir/$name.mib"
  printf '%-34s %9.2f %7.2f %13s %6.2fx %9.1f %7.2f %15s %6.2fx\n' "$label" \
    "$ms" "$(mad "$dir/$name.ms" "$ms")" "$(range "$dir/$name.ms")" "$(awk -v a="$ms" -v b="$base_ms" 'BEGIN { print a / b }')" \
    "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$(mad "$dir/$name.mib" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')")" \
    "$(range "$dir/$name.mib")" "$(awk -v a="$kib" -v b="$base_kib" 'BEGIN { print a / b }')"
done
echo "$runs runs each, interleaved; ratio: median / hello-baseline's median (issue 16: sandbox <= 1.5x, database <= 2x)."
static_ms="$(median "$dir/static_baseline.ms")"
static_kib="$(median "$dir/static_baseline.kib")"
ratios() {
  awk -v ms="$(median "$dir/$1.ms")" -v kib="$(median "$dir/$1.kib")" -v bms="$static_ms" -v bkib="$static_kib" \
    'BEGIN { printf "%.2fx time, %.2fx memory", ms / bms, kib / bkib }'
}
echo "Against the hello-world linked like primetime (static runtime): sandbox $(ratios sandbox), empty database" \
  "$(ratios empty), new database $(ratios database)."
