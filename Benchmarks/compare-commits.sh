#!/usr/bin/env bash
# Compares the in-process benchmarks of the working tree with those of an earlier commit, in one run: builds
# `benchmarks` (release) at BASE in a scratch worktree and here, then runs each benchmark named, base then
# this tree, round after round (ABAB), and prints for each the median time per operation of both, the median
# of the rounds' ratios (base / this: above 1 is faster here) and the ratios' range.
#
# usage: Benchmarks/compare-commits.sh BASE [--rounds N] [--scratch-path DIR] [BENCHMARK ...]
#   BASE             a commit, branch or tag to compare with, such as fa8c7a4
#   --rounds N       rounds of base-then-this (default 9)
#   --scratch-path   SwiftPM scratch directory for this tree's release build (default: .build)
#   BENCHMARK        names as `benchmarks --help` lists them (default: app.send.incr app.command.incr)
#
# Each figure is the harness's median of 7 timed runs; a round runs both binaries back to back, pinned to one
# core with `taskset` when it is available, so a change in the machine's load hits both alike and the ratio of
# a round stays meaningful when the times themselves drift. The base's worktree and build are removed at the end.
set -euo pipefail

base=""
rounds=9
scratch_path=".build"
names=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?--rounds needs a number}"; shift ;;
    --scratch-path) scratch_path="${2:?--scratch-path needs a directory}"; shift ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "compare-commits.sh: unknown argument '$1'; try --help" >&2; exit 64 ;;
    *) if [ -z "$base" ]; then base="$1"; else names+=("$1"); fi ;;
  esac
  shift
done
[ -n "$base" ] || { echo "compare-commits.sh: name the commit to compare with, like 'fa8c7a4'; try --help" >&2; exit 64; }
case "$rounds" in ''|*[!0-9]*|0) echo "compare-commits.sh: --rounds needs a positive number; got '$rounds'" >&2; exit 64 ;; esac
[ ${#names[@]} -gt 0 ] || names=(app.send.incr app.command.incr)

cd "$(dirname "$0")/.."
git rev-parse --verify --quiet "$base^{commit}" >/dev/null || {
  echo "compare-commits.sh: '$base' is no commit of this repository" >&2
  exit 66
}

source Benchmarks/statistics.sh

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 1); fi

dir="$(mktemp -d)"
worktree="$dir/base"
cleanup() {
  git worktree remove --force "$worktree" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT

echo "Building benchmarks at $base (release)..." >&2
git worktree add --detach --quiet "$worktree" "$base"
(cd "$worktree" && swift build -c release --product benchmarks >&2)
base_bin="$(cd "$worktree" && swift build -c release --product benchmarks --show-bin-path)/benchmarks"
echo "Building benchmarks here (release)..." >&2
swift build -c release --product benchmarks --scratch-path "$scratch_path" >&2
this_bin="$(swift build -c release --product benchmarks --scratch-path "$scratch_path" --show-bin-path)/benchmarks"

# The median ns per operation `benchmarks` reports for the one benchmark named $2, run from binary $1.
ns_per_op() { "${pin[@]}" "$1" --json "$2" | sed -n 's/.*"name": "'"$2"'", "ns_per_op": \([0-9.]*\).*/\1/p'; }

for name in "${names[@]}"; do
  [ -n "$(ns_per_op "$this_bin" "$name")" ] || { echo "compare-commits.sh: no benchmark named '$name' here" >&2; exit 66; }
done

for round in $(seq "$rounds"); do
  echo "Round $round of $rounds..." >&2
  for name in "${names[@]}"; do
    b="$(ns_per_op "$base_bin" "$name")"
    t="$(ns_per_op "$this_bin" "$name")"
    [ -n "$b" ] || { echo "compare-commits.sh: $base has no benchmark named '$name'" >&2; exit 66; }
    echo "$b" >>"$dir/$name.base"
    echo "$t" >>"$dir/$name.this"
    awk -v b="$b" -v t="$t" 'BEGIN { printf "%.4f\n", b / t }' >>"$dir/$name.ratio"
  done
done

printf '%-22s %14s %14s %8s %12s\n' "benchmark" "$base ns" "this ns" "ratio" "ratio range"
for name in "${names[@]}"; do
  printf '%-22s %14.0f %14.0f %8.2f %12s\n' "$name" "$(median "$dir/$name.base")" "$(median "$dir/$name.this")" \
    "$(median "$dir/$name.ratio")" "$(range "$dir/$name.ratio" 2)"
done
