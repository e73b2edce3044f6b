#!/usr/bin/env bash
# Reruns every reference experiment (bench-core/src/main/resources/scenarios/seed-*.yaml) as its
# scenario, makes a report of each, and keeps the small files under results/seed-NNN/: the
# printed summaries (output.txt), each run's result.json and latency.hlog, and the report
# (index.html and its PNGs). timeline.csv and latency.hgrm stay in the work directory. At most 49
# minutes on 2 cores; run it on a quiet machine. seed-003's redis-* rows need a Redis: the one at
# STACKBENCH_REDIS_URL, else one this script starts on 127.0.0.1:6379 (in memory, stopped at the end)
# when nothing listens there and redis-server is installed (Debian: apt-get install redis-server).
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

if [ -z "${STACKBENCH_REDIS_URL:-}" ] && command -v redis-server >/dev/null 2>&1 \
    && ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  redis-server --bind 127.0.0.1 --port 6379 --save '' --appendonly no --daemonize yes --logfile /dev/null
  trap 'redis-cli -p 6379 shutdown nosave >/dev/null 2>&1 || true' EXIT
  for _ in $(seq 1 30); do redis-cli -p 6379 ping 2>/dev/null | grep -q PONG && break; sleep 1; done
fi

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
