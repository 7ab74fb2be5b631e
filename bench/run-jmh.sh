#!/usr/bin/env bash
# Builds the engine and its JMH benchmarks, runs them, and writes the results under
# bench/results/<UTC date-time>[-label].{txt,json}.
#   bench/run-jmh.sh [REGEX] [JMH options...]     e.g. bench/run-jmh.sh 'MovesBench|PlayoutBench'
# Default options are a short run: -f 1 -wi 3 -i 5 -w 1s -r 1s (options given later override them).
# Environment: JAVA_HOME (JDK 25, else /usr/lib/jvm/temurin-25-jdk-amd64), LABEL (added to the file name).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
[ -x "$JAVA_HOME/bin/java" ] || { echo "run-jmh: no JDK at $JAVA_HOME: set JAVA_HOME to a JDK 25" >&2; exit 1; }
regex="${1:-.}"
[ $# -gt 0 ] && shift
(cd "$here" && mvn -B -q -Dstyle.color=never -pl bench -am package -DskipTests -Dg2048.noDocs)
mkdir -p "$here/bench/results"
stamp="$(date -u +%Y-%m-%dT%H%M%SZ)${LABEL:+-$LABEL}"
out="$here/bench/results/$stamp"
{
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC')  commit $(cd "$here" && git describe --always --dirty 2>/dev/null || echo unknown)"
  echo "# $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "# load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out.txt"
# JMH refuses an option given twice: a default goes in only when the caller did not give it.
defaults=()
for pair in "-f 1" "-wi 3" "-i 5" "-w 1s" "-r 1s"; do
  flag="${pair%% *}"
  given=0
  for arg in "$@"; do [ "$arg" = "$flag" ] && given=1; done
  [ "$given" -eq 1 ] || defaults+=($pair)
done
"$JAVA_HOME/bin/java" -jar "$here/bench/target/benchmarks.jar" "$regex" \
  "${defaults[@]}" -rf json -rff "$out.json" "$@" | tee -a "$out.txt"
echo "results: $out.txt, $out.json" >&2
