#!/usr/bin/env bash
# What `load --profile` costs: the same CPU-bound load without and with the profile, interleaved in one sitting
# (pairs alternate their order, plain-profiled then profiled-plain, so a machine that speeds up or slows down over the
# sitting does not favour either arm), one JVM at a time. Prints each run, each pair's ratios, and their geometric means.
# Needs: bench-jmh/target/bench-jmh.jar, a JDK >= 21 as java or JAVA_HOME, python3.
# Usage: scripts/profile-overhead.sh [PAIRS] [MODE] [OUT]     e.g. scripts/profile-overhead.sh 6 jfr /tmp/overhead
set -euo pipefail
PAIRS=${1:-6}
MODE=${2:-jfr}
OUT=${3:-$(mktemp -d)}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
JAR=$(dirname "$0")/../bench-jmh/target/bench-jmh.jar
# STACKBENCH_LOAD replaces the load (words split on spaces), e.g. an application's:
#   STACKBENCH_LOAD="load --app app.jar --request 1:GET:/hello --concurrency 50 --warmup 10s --duration 20s --quiet"
if [ -n "${STACKBENCH_LOAD:-}" ]; then
  read -r -a LOAD <<< "$STACKBENCH_LOAD"
else
  LOAD=(load --approach loom-tomcat --workload date --concurrency 50 --warmup 10s --duration 20s --quiet)
fi
mkdir -p "$OUT"
for i in $(seq 1 "$PAIRS"); do
  order="plain profiled"
  if [ $((i % 2)) -eq 0 ]; then order="profiled plain"; fi
  for arm in $order; do
    extra=()
    if [ "$arm" = profiled ]; then extra=(--profile "$MODE"); fi
    "$JAVA" -jar "$JAR" "${LOAD[@]}" "${extra[@]}" --out "$OUT/$i-$arm" > "$OUT/$i-$arm.txt" 2>&1
    echo "pair $i $arm done"
  done
done
python3 - "$OUT" "$PAIRS" <<'EOF'
import json, math, sys
out, pairs = sys.argv[1], int(sys.argv[2])
rps, cpu = [], []
for i in range(1, pairs + 1):
    a, b = (json.load(open(f"{out}/{i}-{arm}/result.json")) for arm in ("plain", "profiled"))
    rps.append(b["rps"] / a["rps"])
    cpu.append(b["jvm"]["serverCpuMicrosPerRequest"] / a["jvm"]["serverCpuMicrosPerRequest"])
    print(f"pair {i}: rps {a['rps']:.0f} -> {b['rps']:.0f} ({rps[-1]:.3f}), server CPU per request "
          f"{a['jvm']['serverCpuMicrosPerRequest']:.1f} -> {b['jvm']['serverCpuMicrosPerRequest']:.1f} us ({cpu[-1]:.3f})")
geomean = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
print(f"profiled / plain, geometric mean of {pairs} pairs: rps {geomean(rps):.3f}, server CPU per request {geomean(cpu):.3f}")
EOF
