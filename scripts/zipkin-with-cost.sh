#!/usr/bin/env bash
# A head build of Zipkin's server with a known extra cost, for measuring what `check` finds on an application nobody
# here wrote (docs/operations.md): a copy of the released executable jar with one library more
# (scripts/zipkin-extra-cost: every request spends MICROS µs of thread CPU in ExtraCostDecorator.spend before Zipkin
# serves it), as a pull request adds a dependency. Nothing of Zipkin is changed or committed here.
# Needs: a JDK >= 21 (javac, jar) as JAVA_HOME or on the PATH, unzip and zip.
# Usage: scripts/zipkin-with-cost.sh ZIPKIN_EXEC.jar MICROS OUT.jar
#   e.g. scripts/zipkin-with-cost.sh src-test/target/apps/zipkin-server-exec.jar 20 /tmp/zipkin-20us.jar
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 ZIPKIN_EXEC.jar MICROS OUT.jar" >&2
  exit 2
fi
zipkin=$1 micros=$2 out=$3
if [ ! -f "$zipkin" ] || ! unzip -l "$zipkin" BOOT-INF/lib/armeria-spring-boot3-autoconfigure-\*.jar > /dev/null 2>&1; then
  echo "error: $zipkin is not Zipkin's server executable jar (no BOOT-INF/lib/armeria-spring-boot3-autoconfigure)" >&2
  exit 2
fi
if ! [[ "$micros" =~ ^[0-9]+$ ]]; then
  echo "error: MICROS must be a whole number of microseconds, got '$micros'" >&2
  exit 2
fi
if [ -e "$out" ]; then
  echo "error: $out exists: give a file that does not" >&2
  exit 2
fi
bin=${JAVA_HOME:+$JAVA_HOME/bin/}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unzip -q "$zipkin" 'BOOT-INF/lib/*' -d "$work/zipkin"
mkdir -p "$work/classes/META-INF" "$work/pack/BOOT-INF/lib"
"${bin}javac" --release 17 -nowarn -cp "$work/zipkin/BOOT-INF/lib/*" -d "$work/classes" \
  "$(dirname "$0")/zipkin-extra-cost/ExtraCostDecorator.java"
echo "$micros" > "$work/classes/META-INF/stackbench-extra-cost-micros"
echo 'org.springframework.context.ApplicationContextInitializer=dev.stackbench.extracost.ExtraCostDecorator$Register' \
  > "$work/classes/META-INF/spring.factories"
"${bin}jar" --create --file "$work/pack/BOOT-INF/lib/stackbench-extra-cost.jar" -C "$work/classes" .
cp "$zipkin" "$out"
# Spring Boot reads nested jars in place: stored, not compressed (zip -0); and lists them in classpath.idx.
(cd "$work/pack" && zip -q -0 "$(realpath "$out")" BOOT-INF/lib/stackbench-extra-cost.jar)
unzip -p "$zipkin" BOOT-INF/classpath.idx > "$work/pack/BOOT-INF/classpath.idx"
echo '- "BOOT-INF/lib/stackbench-extra-cost.jar"' >> "$work/pack/BOOT-INF/classpath.idx"
(cd "$work/pack" && zip -q "$(realpath "$out")" BOOT-INF/classpath.idx)
echo "$out: Zipkin with $micros µs of CPU per request in dev.stackbench.extracost.ExtraCostDecorator.spend"
