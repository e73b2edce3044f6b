#!/usr/bin/env bash
# Reruns every reference experiment (bench-core/src/main/resources/scenarios/seed-*.yaml) as its
# scenario, makes a report of each, and keeps the small files under results/seed-NNN/: the
# printed summaries (output.txt), each run's result.json and latency.hlog, and the report
# (index.html and its PNGs). timeline.csv and latency.hgrm stay in the work directory. At most 37
# minutes on 2 cores; run it on a quiet machine.
#
#   scripts/run-seeds.sh [WORK_DIR] [seed-000 seed-001 ...]
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:-/tmp/stackbench-seeds}"
shift || true
seeds=("$@")
if [ ${#seeds[@]} -eq 0 ]; then
  seeds=(seed-000 seed-001 seed-002 seed-003 seed-004)
fi
jar=bench-jmh/target/bench-jmh.jar
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
[ -f "$jar" ] || { echo "error: $jar is missing: run ./mvnw -B -ntp package -DskipTests first" >&2; exit 2; }

for seed in "${seeds[@]}"; do
  rm -rf "$work/$seed" "$work/$seed-report"
  mkdir -p "$work"
  echo "== $seed" >&2
  "$java" -jar "$jar" load --scenario "$seed" --out "$work/$seed" | tee "$work/$seed.txt"
  "$java" -jar "$jar" report "$work/$seed" --out "$work/$seed-report"
  kept="results/$seed"
  rm -rf "$kept"
  mkdir -p "$kept"
  cp "$work/$seed.txt" "$kept/output.txt"
  for run in "$work/$seed"/*/; do
    label="$(basename "$run")"
    mkdir -p "$kept/$label"
    cp "$run/result.json" "$run/latency.hlog" "$kept/$label/"
  done
  cp -r "$work/$seed-report" "$kept/report"
done
