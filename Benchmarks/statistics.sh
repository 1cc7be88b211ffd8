# Helpers the Benchmarks/ scripts share; sourced, not run.

# Installs the Debian packages "${@:2}" unless the command $1 is there already (with sudo when not root).
install_unless_present() {
  local command="$1"
  shift
  command -v "$command" >/dev/null && return 0
  echo "Installing $* from Debian..." >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "$@" >/dev/null
}

# The median of the numbers in file $1 (/dev/stdin for a pipe), one per line; nan when there are none.
median() { sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else print v[int((NR + 1) / 2)] }'; }

# The median absolute deviation of the numbers in file $1 from $2.
mad() { awk -v m="$2" '{ d = $1 - m; print (d < 0 ? -d : d) }' "$1" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The smallest and the largest of the numbers in file $1, as `lo-hi` with $2 decimals (default 1).
range() { sort -g "$1" | awk -v d="${2:-1}" 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.*f-%.*f", d, lo, d, hi }'; }

# Milliseconds one run of the command "$@" takes, standard input from /dev/null, output discarded, as
# hyperfine times it: the command's own process, from its start to its exit, started without a shell. (Timed
# from this script, each run also counted bash's fork and exec, a millisecond or two, which made every ratio
# of a few-millisecond start look smaller than it is.) Needs hyperfine: `install_unless_present hyperfine
# hyperfine` first.
run_ms() {
  local report
  report="$(mktemp)"
  hyperfine --shell=none --ignore-failure --runs 1 --style none --export-json "$report" -- "$(printf '%q ' "$@")" \
    >/dev/null 2>&1 || true
  awk -F': *' '/"median"/ { sub(/,.*/, "", $2); printf "%.3f\n", $2 * 1000; exit }' "$report"
  rm -f "$report"
}
