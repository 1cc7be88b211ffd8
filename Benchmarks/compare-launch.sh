#!/usr/bin/env bash
# Times how long `primetime --db F </dev/null` takes (start, load, exit) on an empty database beside one with
# 100,000 favourites and 100,000 activity events, and one with the favourites alone, and prints the medians,
# their ratios to the empty database's and the noise.
#
# usage: Benchmarks/compare-launch.sh [--runs N] [--scratch-path DIR] [--keep DIR]
#   --runs N         runs of each database, taken in turn (default 41)
#   --scratch-path   SwiftPM scratch directory for the release build (default: .build)
#   --keep DIR       make the databases in DIR and leave them there (default: a temporary directory, removed)
#
# The databases are made by primetime itself (an empty one), then filled with the sqlite3 command-line tool:
# the first 100,000 primes as favourites at positions 0 to 99,999, and an `added` event for each. The first
# (untimed) start on each keeps the copy of the list that later starts read, as any session's end does. A
# fourth row times a start without that copy, as after another program changed the list: sqlite3 deletes the
# copy before each such run (untimed), and the run reads the rows, then writes the copy again as it ends.
# Runs are interleaved (empty, favourites, both, no copy, empty, ...) so a change in the machine's load hits
# all alike, and pinned to one core with `taskset` when it is available; each is timed by hyperfine, without
# a shell (installed from Debian if missing). The noise is the median absolute deviation and the range.
set -euo pipefail

runs=41
scratch_path=".build"
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift ;;
    --scratch-path) scratch_path="${2:?--scratch-path needs a directory}"; shift ;;
    --keep) keep="${2:?--keep needs a directory}"; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-launch.sh: unknown argument '$1'; try --help" >&2; exit 64 ;;
  esac
  shift
done
case "$runs" in ''|*[!0-9]*|0) echo "compare-launch.sh: --runs needs a positive number; got '$runs'" >&2; exit 64 ;; esac

cd "$(dirname "$0")/.."

source Benchmarks/statistics.sh
install_unless_present sqlite3 sqlite3
install_unless_present hyperfine hyperfine

# Pinned once, here: every command inherits the core, and no taskset process is timed.
if command -v taskset >/dev/null; then taskset -cp 1 $$ >/dev/null; fi

echo "Building primetime (release)..." >&2
swift build -c release --product primetime --scratch-path "$scratch_path" >&2
primetime="$(swift build -c release --product primetime --scratch-path "$scratch_path" --show-bin-path)/primetime"

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  dir="$(cd "$keep" && pwd)"
else
  dir="$(mktemp -d)"
  trap 'rm -rf "$dir"' EXIT
fi

echo "Making the databases in $dir..." >&2
rm -f "$dir"/{empty,favorites,history,uncopied}.sqlite3* "$dir/favorites.csv"
"$primetime" --db "$dir/empty.sqlite3" </dev/null >/dev/null
cp "$dir/empty.sqlite3" "$dir/favorites.sqlite3"
# The first 100,000 primes (the 100,000th is 1,299,709), "position,prime" a line.
seq 2 1299709 | factor | awk 'NF == 2 { print n++ "," $2 }' >"$dir/favorites.csv"
[ "$(wc -l <"$dir/favorites.csv")" -eq 100000 ] || { echo "compare-launch.sh: expected 100000 primes" >&2; exit 1; }
sqlite3 "$dir/favorites.sqlite3" >/dev/null <<SQL
.mode csv
.import "$dir/favorites.csv" favorite
SQL
cp "$dir/favorites.sqlite3" "$dir/history.sqlite3"
sqlite3 "$dir/history.sqlite3" \
  "INSERT INTO activity_event (kind, prime, date) SELECT 'added', prime, 1763000000000 + position FROM favorite;"
for name in favorites history; do
  # One file each, as after a clean exit of PrimeTime.
  sqlite3 "$dir/$name.sqlite3" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
  [ "$(sqlite3 "$dir/$name.sqlite3" "SELECT count(*) FROM favorite;")" -eq 100000 ]
done
[ "$(sqlite3 "$dir/history.sqlite3" "SELECT count(*) FROM activity_event;")" -eq 100000 ]
cp "$dir/history.sqlite3" "$dir/uncopied.sqlite3"

# Milliseconds one launch of primetime on database $1 takes, with nothing to read.
launch_ms() { run_ms "$primetime" --db "$1"; }

names=(empty favorites history uncopied)
# Deletes the copy of the list in database $1, as another program's change to the list does.
delete_copy() { sqlite3 "$1" "DELETE FROM favorite_snapshot; PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null; }

# Warms the caches; the first start on each filled database keeps the copy of its list.
for name in "${names[@]}"; do launch_ms "$dir/$name.sqlite3" >/dev/null; done
for name in favorites history; do
  [ "$(sqlite3 "$dir/$name.sqlite3" "SELECT count(*) FROM favorite_snapshot;")" -eq 1 ] ||
    { echo "compare-launch.sh: primetime kept no copy of the list in $name.sqlite3" >&2; exit 1; }
done
for name in "${names[@]}"; do : >"$dir/$name.ms"; done
for _ in $(seq "$runs"); do
  for name in "${names[@]}"; do
    if [ "$name" = uncopied ]; then delete_copy "$dir/$name.sqlite3"; fi
    launch_ms "$dir/$name.sqlite3" >>"$dir/$name.ms"
  done
done

base="$(median "$dir/empty.ms")"
printf '%-40s %10s %8s %20s %8s\n' "database" "median ms" "MAD ms" "min-max ms" "ratio"
for name in "${names[@]}"; do
  case "$name" in
    empty) label="empty" ;;
    favorites) label="100k favourites, no events" ;;
    history) label="100k favourites + 100k events" ;;
    uncopied) label="the same, no copy of the list" ;;
  esac
  m="$(median "$dir/$name.ms")"
  range="$(range "$dir/$name.ms")"
  printf '%-40s %10.1f %8.2f %20s %7.2fx\n' "$label" "$m" "$(mad "$dir/$name.ms" "$m")" "$range" \
    "$(awk -v a="$m" -v b="$base" 'BEGIN { print a / b }')"
done
echo "$runs runs each, interleaved; ratio: median / the empty database's median (the issue's target: <= 1.3x)."
echo "'no copy' is a start after another program changed the list: it reads the rows and keeps a new copy."
