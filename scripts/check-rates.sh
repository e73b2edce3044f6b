#!/usr/bin/env bash
# How often `check` says what: N rounds, each checking every head jar given against BASE once, one check at a time on
# this machine, each through scripts/check-pull-request.sh with the same options; round i starts at the i-th head given
# (wrapping round), so that no head is always checked first. A head that is BASE itself is checked against a copy of it
# (an A/A pair: the same bytes), so its exits 1 are false alarms; interleaving the heads round by round keeps what the
# machine does over the hour from favouring one of them. Prints each check's outcome, its verdict rows and its time,
# then per head the tally: passed (0), worse (1), not decided (3), other, and the checks' times.
# Needs: bench-jmh/target/bench-jmh.jar, a JDK >= 21 as java or JAVA_HOME.
# Usage: scripts/check-rates.sh N BASE.jar OUT HEAD.jar... -- [check options]
#   e.g. scripts/check-rates.sh 10 zipkin.jar /tmp/rates zipkin.jar zipkin-10us.jar -- --ready /health \
#          --request 3:GET:/api/v2/services -c 16 --forks 1 --together --max-slowdown 10%
set -uo pipefail
if [ $# -lt 5 ]; then
  echo "usage: $0 N BASE.jar OUT HEAD.jar... -- [check options]" >&2
  exit 2
fi
n=$1 base=$2 out=$3
shift 3
if ! [[ "$n" =~ ^[1-9][0-9]*$ ]]; then
  echo "error: N must be a whole number of rounds, 1 or more, got '$n'" >&2
  exit 2
fi
heads=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  heads+=("$1")
  shift
done
if [ $# -eq 0 ] || [ ${#heads[@]} -eq 0 ]; then
  echo "error: give at least one HEAD.jar, then -- before check's options" >&2
  exit 2
fi
shift
for jar in "$base" "${heads[@]}"; do
  if [ ! -f "$jar" ]; then
    echo "error: $jar is not a file" >&2
    exit 2
  fi
done
if [ -e "$out" ]; then
  echo "error: $out exists: give a directory that does not" >&2
  exit 2
fi
mkdir -p "$out"
cp "$base" "$out/base-copy.jar"
declare -A tally times
count=${#heads[@]}
for i in $(seq 1 "$n"); do
  # Each round starts one head further on, so that no head is always checked first (or always after the same one).
  for k in $(seq 0 $(( count - 1 ))); do
    h=$(( (i - 1 + k) % count ))
    head=${heads[$h]}
    name=$(basename "$head" .jar)
    against=$head
    if [ "$(realpath "$head")" = "$(realpath "$base")" ]; then
      name="$name (A/A)"
      against=$out/base-copy.jar
    fi
    dir=$out/$i-$h
    start=$(date +%s)
    CHECK_OUT="$dir" bash "$(dirname "$0")/check-pull-request.sh" "$base" "$against" "$@" > "$dir.out" 2> "$dir.err"
    status=$?
    seconds=$(( $(date +%s) - start ))
    case $status in 0|1|3) kind=$status ;; *) kind=other ;; esac
    tally[$h,$kind]=$(( ${tally[$h,$kind]:-0} + 1 ))
    times[$h]="${times[$h]:-}${times[$h]:+ }$seconds"
    echo "round $i of $n, $name: exit $status in $seconds s ($(date -u +%H:%M:%S) UTC)"
    grep '^head ' "$dir.out" | sed 's/^/  /'
  done
done
for h in "${!heads[@]}"; do
  name=$(basename "${heads[$h]}" .jar)
  [ "$(realpath "${heads[$h]}")" = "$(realpath "$base")" ] && name="$name against itself (A/A)"
  echo "$name: $n checks: ${tally[$h,0]:-0} passed, ${tally[$h,1]:-0} worse (exit 1), ${tally[$h,3]:-0} not decided (exit 3), ${tally[$h,other]:-0} other; seconds: ${times[$h]}"
done
