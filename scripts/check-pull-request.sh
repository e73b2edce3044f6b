#!/usr/bin/env bash
# A pull request's check in CI (docs/operations.md, "Checking a pull request"): two builds of a Spring Boot application,
# measured on this machine, one verdict, and where head spends more than base. Copy it into your CI; the earlier steps
# build both jars (base at the pull request's base commit, head at its head), on the same machine as this runs.
#
#   scripts/check-pull-request.sh BASE_JAR HEAD_JAR [check options, e.g. --request 1:GET:/owners/1 -c 16
#                                                    --max-slowdown 5% --time-limit 10m]
#
# Writes into $CHECK_OUT (default ./check): summary.md (also appended to $GITHUB_STEP_SUMMARY where set), check.xml
# (JUnit, one test case per metric), comparison/ (the comparison, its report page and differential flame graphs).
# Environment: STACKBENCH_JAR (default: bench-jmh/target/bench-jmh.jar beside this script), JAVA_HOME.
# Exit code, check's own: 0 not worse; 1 worse, or head failed; 3 not decided in the time limit, or its A/A control
# doubts the verdicts (not a pass); 2 bad input; any other, java's (it did not run to the end). It passes --profile
# itself (compare's default mode): give no --profile of your own.
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 BASE_JAR HEAD_JAR [check options]" >&2
  exit 2
fi
base=$1
head=$2
shift 2
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
jar=${STACKBENCH_JAR:-$(dirname "$0")/../bench-jmh/target/bench-jmh.jar}
out=${CHECK_OUT:-check}
if [ ! -f "$jar" ]; then
  echo "error: stackbench's jar is not at $jar: build it (./mvnw package -DskipTests) or set STACKBENCH_JAR" >&2
  exit 2
fi
if [ -e "$out/comparison" ]; then
  echo "error: $out/comparison exists: a check writes a fresh directory; remove it or set CHECK_OUT" >&2
  exit 2
fi
mkdir -p "$out" || exit 2

"$java" -jar "$jar" check --base "$base" --head "$head" --profile \
  --markdown "$out/summary.md" --junit "$out/check.xml" --out "$out/comparison" "$@"
status=$?

if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$out/summary.md" ]; then
  cat "$out/summary.md" >> "$GITHUB_STEP_SUMMARY"
fi
case $status in
  0) echo "check: head is not worse than base" ;;
  1) echo "check: FAILED: head is worse than base, or could not be measured (see $out/summary.md)" >&2 ;;
  3) echo "check: NOT DECIDED in the time given: not a pass (a longer --time-limit, more JVMs per build, or a larger --max-slowdown; see $out/summary.md)" >&2 ;;
  2) echo "check: bad input (exit code 2, said above)" >&2 ;;
  *) echo "check: did not run to the end (exit code $status)" >&2 ;;
esac
exit $status
