#!/usr/bin/env bash
# Rate and client CPU per request of stackbench's generator beside wrk, against the same trivial
# server (nginx, one worker, in its own process) with the same connection count, in one run.
# Needs: wrk and nginx (Debian packages), bench-jmh/target/bench-jmh.jar, a JDK >= 21 as java or JAVA_HOME.
# Usage: scripts/compare-with-wrk.sh [CONNECTIONS] [SECONDS]
# Environment: STACKBENCH_JAR, another build's jar (a before/after); LOAD_OPTIONS, more options for load
# (e.g. "--output json=/tmp/live.jsonl --output prometheus" to measure what live outputs cost).
set -euo pipefail
connections=${1:-200}
seconds=${2:-20}
cd "$(dirname "$0")/.."
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
jar=${STACKBENCH_JAR:-bench-jmh/target/bench-jmh.jar}
for tool in wrk nginx; do
  command -v "$tool" >/dev/null || { echo "error: $tool is not installed (apt-get install $tool)" >&2; exit 2; }
done
[ -f "$jar" ] || { echo "error: $jar is missing: ./mvnw -B -ntp package -DskipTests" >&2; exit 2; }

work=$(mktemp -d)
trap 'nginx -p "$work" -c "$work/nginx.conf" -s stop 2>/dev/null || true; rm -rf "$work"' EXIT
port=18100
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 60s;
  server { listen 127.0.0.1:$port; location / { return 200 "ok"; } }
}
CONF
nginx -p "$work" -c "$work/nginx.conf"
url="http://127.0.0.1:$port/"

cpu_seconds() { # utime+stime of a finished child, from /usr/bin/time's output file
  awk '{print $1 + $2}' "$1"
}

echo "== wrk -t2 -c$connections -d${seconds}s"
/usr/bin/time -f "%U %S" -o "$work/wrk.time" wrk -t2 -c"$connections" -d"${seconds}s" "$url" | tee "$work/wrk.out"
wrk_rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.out")
wrk_requests=$(awk '/requests in/ {print $1}' "$work/wrk.out")
wrk_us=$(awk -v c="$(cpu_seconds "$work/wrk.time")" -v n="$wrk_requests" 'BEGIN {printf "%.1f", c * 1e6 / n}')

echo "== stackbench load -c $connections -d ${seconds}s --warmup ${seconds}s"
"$java" -jar "$jar" load --url "$url" --concurrency "$connections" --duration "${seconds}s" --warmup "${seconds}s" \
  --threads 2 --quiet --out "$work/stackbench" ${LOAD_OPTIONS:-} | tee "$work/stackbench.out"
sb_rps=$(awk '/^Throughput:/ {print $2}' "$work/stackbench.out")
sb_us=$(awk '/^Client CPU:/ {print $5}' "$work/stackbench.out")

echo
printf "%-12s %14s %18s\n" "client" "requests/s" "CPU us/request"
printf "%-12s %14s %18s\n" "wrk" "$wrk_rps" "$wrk_us"
printf "%-12s %14s %18s\n" "stackbench" "$sb_rps" "$sb_us"
awk -v a="$sb_rps" -v b="$wrk_rps" 'BEGIN {printf "stackbench reaches %.0f%% of wrk'"'"'s rate\n", 100 * a / b}'
