#!/usr/bin/env bash
# What JDK 25's AOT cache (JEP 483 class loading and linking, JEP 515 method profiles; one-step training with JEP 514's
# -XX:AOTCacheOutput) does to a server JVM under load: one approach served in-process by `load`, each run a JVM of its
# own, with the cache and without it, interleaved in pairs whose order is drawn at random, one run at a time. Per run:
# the server's start (result.json startup.millis, classes loaded), the warm-up until steady (window.warmupSeconds and
# its verdict), the measured window's requests/s and CPU per request, and the JVM's wall time.
# Usage: scripts/aot-warmup.sh WORK [APPROACH] [PAIRS]     (JDK 25 as `java`, or JAVA=...; STACKBENCH_JAR=...)
set -euo pipefail
work=${1:?usage: aot-warmup.sh WORK [APPROACH] [PAIRS]}
approach=${2:-webflux-netty}
pairs=${3:-4}
jar=${STACKBENCH_JAR:-bench-jmh/target/bench-jmh.jar}
java=${JAVA:-java}
mkdir -p "$work"
aot="$work/$approach.aot"
load=(load --approach "$approach" --concurrency 50 --duration 5s --quiet)

echo "training: $approach, 20 s warm-up and 5 s window, cache written at exit to $aot" >&2
"$java" -XX:AOTCacheOutput="$aot" -jar "$jar" "${load[@]}" --warmup 20s > "$work/training.txt" 2>&1
ls -l "$aot" >&2

run() { # LABEL N [JVM OPTIONS...]
  local label=$1 n=$2; shift 2
  local out="$work/$label-$n" start end
  start=$(date +%s%N)
  "$java" "$@" -jar "$jar" "${load[@]}" --out "$out" > "$out.txt" 2>&1 || echo "run $label-$n failed: $out.txt" >&2
  end=$(date +%s%N)
  python3 - "$out/result.json" "$label" "$n" "$(( (end - start) / 1000000 ))" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r.get('startup') or {}
w = r['window']
cpu = r['jvm']['processCpuSeconds'] / max(1, r['requests']['ok']) * 1e6
print(f"{sys.argv[2]:5s} {sys.argv[3]:>2s}  start {s.get('millis', float('nan')):7.0f} ms  classes {s.get('classesLoaded') or 0:6d}"
      f"  warm-up {w['warmupSeconds']:5.1f} s ({'steady' if w['warmupVerdict'].startswith('steady') else 'cap'})"
      f"  rps {r['rps']:9.1f}  CPU {cpu:5.1f} us/req  JVM {int(sys.argv[4]) / 1000:5.1f} s")
PY
}
for n in $(seq 1 "$pairs"); do
  if (( RANDOM % 2 )); then run aot "$n" -XX:AOTCache="$aot"; run none "$n"; else run none "$n"; run aot "$n" -XX:AOTCache="$aot"; fi
done
