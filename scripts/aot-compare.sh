#!/usr/bin/env bash
# What the variants' AOT caches (compare --aot-cache) do to the JVMs a comparison measures: the same comparison (one
# approach against its own A/A copy, FORKS JVMs each, warmed up until steady) with the caches and without, interleaved
# (on, off, on, off...: the first pair's order drawn at random), one comparison at a time. The caches are trained before
# the first comparison that uses them, so every "on" run starts its JVMs from a cache already there. Per comparison:
# each JVM's start (server listening, ms), its warm-up until steady (s, and whether it was steady or hit the cap), and
# JVM-to-JVM spread: the standard deviation of the JVMs' mean CPU per request, relative to their mean, within each label.
# Usage: scripts/aot-compare.sh WORK [APPROACH] [PAIRS] [FORKS]   (JDK 25 as `java`, or JAVA=...; STACKBENCH_JAR=...)
set -euo pipefail
work=${1:?usage: aot-compare.sh WORK [APPROACH] [PAIRS] [FORKS]}
approach=${2:-webflux-netty}
pairs=${3:-2}
forks=${4:-2}
jar=${STACKBENCH_JAR:-bench-jmh/target/bench-jmh.jar}
java=${JAVA:-java}
mkdir -p "$work"
export STACKBENCH_AOT_DIR="$work/aot"
common=(compare --variant "$approach" --aa --concurrency 50 --duration 2s --rehearsals 2 --metric cpuPerRequest --quiet)
compare=("${common[@]}" --forks "$forks" --rounds 3 --min-rounds 3)

run() { # MODE N
  local mode=$1 n=$2 out="$work/$1-$2" start end
  start=$(date +%s)
  "$java" -jar "$jar" "${compare[@]}" --aot-cache "$mode" --out "$out" > "$out.txt" 2>&1 || echo "run $mode-$n: exit $? ($out.txt)" >&2
  end=$(date +%s)
  python3 - "$out/comparison.json" "$mode" "$n" "$((end - start))" <<'PY'
import json, math, statistics, sys
r = json.load(open(sys.argv[1]))
starts = [v['startup']['millis'] for v in r['variants']]
warm = [v['warmup']['window']['warmupSeconds'] for v in r['variants']]
steady = sum(1 for v in r['variants'] if (v['warmup']['window'].get('warmupVerdict') or '').startswith('steady'))
spreads = []
for label in sorted({v['label'] for v in r['variants']}):
    means = []
    for fork in sorted({v['fork'] for v in r['variants'] if v['label'] == label}):
        values = [t['values']['cpuPerRequest'] for rnd in r['rounds'] for t in rnd['trials'] if t['label'] == label and t['fork'] == fork]
        means.append(math.exp(statistics.fmean(math.log(x) for x in values)))
    spreads.append(statistics.stdev(means) / statistics.fmean(means))
print(f"{sys.argv[2]:3s} {sys.argv[3]:>2s}  start {statistics.median(starts):6.0f} ms (median of {len(starts)})"
      f"  warm-up {statistics.median(warm):5.1f} s median, {min(warm):4.1f}-{max(warm):4.1f} s, {steady}/{len(warm)} steady"
      f"  JVM spread CPU/request {' '.join(f'{100 * s:4.1f}%' for s in spreads)}  comparison {sys.argv[4]} s")
PY
}
# Train the caches first (a comparison of its own, not reported), so that "on" measures JVMs started from them.
"$java" -jar "$jar" "${common[@]}" --forks 1 --rounds 2 --min-rounds 2 --aot-cache on > "$work/training.txt" 2>&1
ls "$STACKBENCH_AOT_DIR" >&2
first=$(( RANDOM % 2 ))
for n in $(seq 1 "$pairs"); do
  if (( first )); then run on "$n"; run off "$n"; else run off "$n"; run on "$n"; fi
done
