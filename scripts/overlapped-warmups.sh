#!/usr/bin/env bash
# Whether warming several JVMs up at once makes a JVM cheaper: K JVMs of one approach, each a `load` warmed up until
# steady then measured briefly, one after another against all K at once, interleaved in one sitting (pairs alternate
# their order, so a machine that speeds up or slows down over the sitting favours neither arm). What counts is the wall
# time per JVM until its window ends (start, warm-up until steady, window), and each JVM's warm-up verdict.
# Needs: bench-jmh/target/bench-jmh.jar, a JDK >= 21 as java or JAVA_HOME, python3.
# Usage: scripts/overlapped-warmups.sh [PAIRS] [K] [OUT]     e.g. scripts/overlapped-warmups.sh 2 3 /tmp/overlap
# STACKBENCH_LOAD replaces each JVM's load (words split on spaces; the default is the comparison's: 50 users).
set -euo pipefail
PAIRS=${1:-2}
K=${2:-3}
OUT=${3:-$(mktemp -d)}
for count in "$PAIRS" "$K"; do
  case "$count" in ''|*[!0-9]*|0) echo "usage: overlapped-warmups.sh [PAIRS] [K] [OUT]: PAIRS and K are counts of 1 or more, got '$count'" >&2; exit 2;; esac
done
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
JAR=$(dirname "$0")/../bench-jmh/target/bench-jmh.jar
if [ -n "${STACKBENCH_LOAD:-}" ]; then
  read -r -a LOAD <<< "$STACKBENCH_LOAD"
else
  LOAD=(load --approach webflux-netty --concurrency 50 --warmup auto:120s --duration 3s --quiet)
fi
mkdir -p "$OUT"
echo "results in $OUT" >&2
one() { # DIR: one JVM, bounded by the warm-up's cap and the window; its exit code into DIR.exit
  local code=0
  timeout 300 "$JAVA" -jar "$JAR" "${LOAD[@]}" --out "$1" > "$1.txt" 2>&1 || code=$?
  echo "$code" > "$1.exit"
}
arm() { # ARM PAIR: K JVMs, one after another or all at once; appends the arm's start and end (epoch seconds)
  local arm=$1 pair=$2 start j
  start=$(date +%s.%N)
  if [ "$arm" = alone ]; then
    for j in $(seq 1 "$K"); do one "$OUT/$pair-alone-$j"; done
  else
    for j in $(seq 1 "$K"); do one "$OUT/$pair-together-$j" & done
    wait
  fi
  echo "$pair $arm $start $(date +%s.%N)" >> "$OUT/walls.txt"
}
: > "$OUT/walls.txt"
for i in $(seq 1 "$PAIRS"); do
  order="alone together"
  if [ $((i % 2)) -eq 0 ]; then order="together alone"; fi
  for a in $order; do arm "$a" "$i"; echo "pair $i $a done" >&2; done
done
python3 - "$OUT" "$K" <<'PY'
import json, os, sys
out, k = sys.argv[1], int(sys.argv[2])
failed = 0
for line in open(f"{out}/walls.txt"):
    pair, arm, start, end = line.split()
    wall = float(end) - float(start)
    warm = []
    for j in range(1, k + 1):
        run = f"{out}/{pair}-{arm}-{j}"
        code = open(f"{run}.exit").read().strip()
        if code != "0" or not os.path.exists(f"{run}/result.json"):
            warm.append(f"failed (exit {code}, {run}.txt)")
            failed += 1
            continue
        w = json.load(open(f"{run}/result.json"))["window"]
        warm.append(f"{w['warmupSeconds']:.0f} s{'' if (w.get('warmupVerdict') or '').startswith('steady') else ' (capped)'}")
    print(f"pair {pair} {arm:8s}: {wall:6.1f} s for {k} JVMs, {wall / k:5.1f} s per JVM; warm-ups until steady: {', '.join(warm)}")
sys.exit(1 if failed else 0)
PY
