#!/usr/bin/env bash
# The trial design compare does not use, measured for comparison (docs/compare.md, "Trial design"): two variants served
# by `serve` in JVMs of their own, and every trial a fresh `load --url` JVM (a cold generator: its JIT, loops and
# connections new each time), in rounds of a random order. Prints each round's requests/s per variant and their ratio,
# then the standard deviation of the log ratios: the noise a paired comparison has to average out.
# Needs bench-jmh/target/bench-jmh.jar, a JDK >= 21 and python3.
#
#   scripts/cold-generator-rounds.sh [ROUNDS] [WARMUP] [WINDOW]     e.g. 12 3s 6s
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-12}
warmup=${2:-3s}
window=${3:-6s}
jar=bench-jmh/target/bench-jmh.jar
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
[ -f "$jar" ] || { echo "error: $jar is missing: ./mvnw -B -ntp package -DskipTests" >&2; exit 2; }
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
ports=(18301 18302)
variants=(loom-netty webflux-netty)
for i in 0 1; do
  "$java" -jar "$jar" serve --approach "${variants[$i]}" --port "${ports[$i]}" > "$work/serve-$i.log" 2>&1 &
  pids+=($!)
done
for i in 0 1; do
  for _ in $(seq 1 60); do (exec 3<>"/dev/tcp/127.0.0.1/${ports[$i]}") 2>/dev/null && break; sleep 1; done
done
: > "$work/rounds.txt"
for round in $(seq 1 "$rounds"); do
  order=$( (echo 0; echo 1) | shuf)
  line="$round"
  for i in $order; do
    rps=$("$java" -jar "$jar" load --url "http://127.0.0.1:${ports[$i]}/date" --concurrency 50 --warmup "$warmup" \
          --duration "$window" -q | sed -n 's/^Throughput: *\([0-9.]*\).*/\1/p')
    line="$line ${variants[$i]}=$rps"
  done
  echo "$line" | tee -a "$work/rounds.txt"
done
python3 - "$work/rounds.txt" <<'PY'
import math, statistics, sys
logs = []
for line in open(sys.argv[1]):
    values = dict(item.split("=") for item in line.split()[1:])
    logs.append(math.log(float(values["loom-netty"]) / float(values["webflux-netty"])))
print(f"rounds {len(logs)}: loom-netty/webflux-netty geometric mean {math.exp(statistics.mean(logs)):.3f}, "
      f"sd of the log ratio {statistics.stdev(logs):.3f}")
PY
