#!/usr/bin/env bash
# Measures compare itself on this machine (docs/compare.md, "Measured on this machine"): repeated comparisons of the
# same variants, spread over the sitting in the order given, each kept under WORK/NAME-N/, and one CSV line per
# comparison in WORK/comparisons.csv (its rounds, length, why it stopped, each deciding pair's ratio, interval and
# outcome). Experiments:
#   pair   loom-netty vs webflux-netty, date, 50 users (CPU-bound), with an A/A control of loom-netty
#   aa     webflux-netty twice (an A/A comparison), deciding on requests/s and CPU per request
#   burn   webflux-netty vs the same spending 1 µs more CPU per request (stackbench.date.burn-micros=1, about 3% of its
#          CPU per request here), deciding on CPU per request and requests/s, with an A/A control of the base
#   aa3, burn3  aa and burn (without the control) with three JVMs per variant (--forks 3)
#   burn6t burn with its A/A control measured together (--together, duet benchmarking), six JVMs per variant, 30 s
#          warm-ups, 3 s windows, 8 rounds: the design that finds the 3% cost here
#   burn8t burn6t with eight JVMs per variant (24 JVMs: heaps of 512 MB, so that they fit in 24 GB), 8 rounds
#   eight  all 8 approaches, date, 50 users
#   w2, w10  the A/A comparison with 2 s and 10 s windows instead of 5 s
# Needs bench-jmh/target/bench-jmh.jar (or STACKBENCH_JAR) and a JDK >= 21. One comparison at a time; each takes up to 20 minutes.
#
#   scripts/measure-compare.sh WORK pair aa burn aa burn pair eight ...
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:?usage: scripts/measure-compare.sh WORK EXPERIMENT...}"
shift
jar="${STACKBENCH_JAR:-bench-jmh/target/bench-jmh.jar}" # a copy, when Maven may rebuild the original meanwhile
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
[ -f "$jar" ] || { echo "error: $jar is missing: ./mvnw -B -ntp package -DskipTests" >&2; exit 2; }
mkdir -p "$work"
csv="$work/comparisons.csv"
[ -f "$csv" ] || echo "name,started,rounds,seconds,stopped,metric,first,second,ratio,low,high,outcome" > "$csv"

args() {
  case "$1" in
    pair) echo "--variant loom-netty --variant webflux-netty --aa loom-netty --concurrency 50" ;;
    aa) echo "--variant a:webflux-netty --variant b:webflux-netty --concurrency 50 --metric rps,cpuPerRequest" ;;
    burn) echo "--variant base:webflux-netty --variant burn:webflux-netty,stackbench.date.burn-micros=1 --aa base --concurrency 50 --metric cpuPerRequest,rps" ;;
    eight) echo "--variant platform-tomcat --variant loom-tomcat --variant async-tomcat --variant commonpool-tomcat --variant elastic-tomcat --variant loom-netty --variant webflux-netty --variant elastic-netty --concurrency 50" ;;
    aa3) echo "--variant a:webflux-netty --variant b:webflux-netty --concurrency 50 --metric rps,cpuPerRequest --forks 3" ;;
    burn3) echo "--variant base:webflux-netty --variant burn:webflux-netty,stackbench.date.burn-micros=1 --concurrency 50 --metric cpuPerRequest,rps --forks 3" ;;
    burn6t) echo "--variant base:webflux-netty --variant burn:webflux-netty,stackbench.date.burn-micros=1 --aa base --concurrency 50 --metric cpuPerRequest --together --forks 6 --warmup 30s --duration 3s --min-rounds 8 --rounds 8" ;;
    burn8t) echo "--variant base:webflux-netty --variant burn:webflux-netty,stackbench.date.burn-micros=1 --aa base --concurrency 50 --metric cpuPerRequest --together --forks 8 --warmup 30s --duration 3s --min-rounds 8 --rounds 8 --jvm-option=-Xms512m --jvm-option=-Xmx512m" ;;
    w2) echo "--variant a:webflux-netty --variant b:webflux-netty --concurrency 50 --metric rps,cpuPerRequest --duration 2s" ;;
    w10) echo "--variant a:webflux-netty --variant b:webflux-netty --concurrency 50 --metric rps,cpuPerRequest --duration 10s" ;;
    *) echo "error: unknown experiment '$1' (pair, aa, burn, aa3, burn3, burn6t, burn8t, eight, w2, w10)" >&2; exit 2 ;;
  esac
}

for name in "$@"; do
  args "$name" >/dev/null
  n=1
  while [ -e "$work/$name-$n" ]; do n=$((n + 1)); done
  dir="$work/$name-$n"
  echo "== $name-$n $(date -u +%H:%M:%S)" >&2
  # shellcheck disable=SC2046
  "$java" -jar "$jar" compare $(args "$name") --out "$dir" > "$dir.txt" 2> "$dir.log" || echo "   exit $? (see $dir.log)" >&2
  jq -r --arg name "$name-$n" '. as $c | $c.verdicts[] | select(.metric as $m | $c.design.deciding | index($m)) | .metric as $m
      | .pairs[] | [$name, $c.startedAt, ($c.rounds | length), ($c.seconds | floor), $c.stopped, $m, .first, .second,
        (.ratio * 1000 | round / 1000), (.low * 1000 | round / 1000), (.high * 1000 | round / 1000), .outcome] | @csv' \
      "$dir/comparison.json" >> "$csv"
  tail -n +1 "$dir.txt" | grep -E '^(Rounds|A/A|WARNING)' >&2 || true
done
