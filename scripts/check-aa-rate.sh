#!/usr/bin/env bash
# How often `check` fails an unchanged service: N checks of a jar against a copy of itself (an A/A pair: the same
# bytes), one after another on this machine, each through scripts/check-pull-request.sh with the options given. Prints
# each check's outcome, its verdict rows and its time, then the tally: passed (0), false alarms (1), not decided (3).
# Needs: bench-jmh/target/bench-jmh.jar, a JDK >= 21 as java or JAVA_HOME.
# Usage: scripts/check-aa-rate.sh N APP.jar OUT [check options]
#   e.g. scripts/check-aa-rate.sh 20 zipkin.jar /tmp/aa --ready /health --request 3:GET:/api/v2/services -c 4
set -uo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 N APP.jar OUT [check options]" >&2
  exit 2
fi
n=$1
app=$2
if ! [[ "$n" =~ ^[1-9][0-9]*$ ]]; then
  echo "error: N must be a whole number of checks, 1 or more, got '$n'" >&2
  exit 2
fi
if [ ! -f "$app" ]; then
  echo "error: $app is not a file" >&2
  exit 2
fi
out=$3
shift 3
if [ -e "$out" ]; then
  echo "error: $out exists: give a directory that does not" >&2
  exit 2
fi
mkdir -p "$out"
cp "$app" "$out/head.jar"
passed=0; alarms=0; undecided=0; other=0
for i in $(seq 1 "$n"); do
  start=$(date +%s)
  CHECK_OUT="$out/$i" bash "$(dirname "$0")/check-pull-request.sh" "$app" "$out/head.jar" "$@" > "$out/$i.out" 2> "$out/$i.err"
  status=$?
  seconds=$(( $(date +%s) - start ))
  case $status in
    0) passed=$((passed + 1)) ;;
    1) alarms=$((alarms + 1)) ;;
    3) undecided=$((undecided + 1)) ;;
    *) other=$((other + 1)) ;;
  esac
  echo "check $i of $n: exit $status in $seconds s"
  grep '^head ' "$out/$i.out" | sed 's/^/  /'
done
echo "$n checks of $(basename "$app") against itself: $passed passed, $alarms false alarms (exit 1), $undecided not decided (exit 3), $other other"
