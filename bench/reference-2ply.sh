#!/usr/bin/env bash
# The engine and a native build of the same 2-ply search, side by side on this machine:
# bench/reference/expectimax2.c (gcc -O3 -march=native) over the last shipped 4x6 model's tables (from the
# history: bench/four-by-six-model.sh), against
# `g2048 bench search --depth 2`, alternated PAIRS times, in two configurations:
#   int16 tables with a leaf table of 2^TT_BITS slots (the engine's defaults), and
#   float32 tables without a table (the plain search of the C++ engines).
# Alternating matters: this machine's memory speed drifts by tens of percent between minutes, so
# only ratios within a pair mean much. Results go to bench/results/<UTC date-time>-reference-2ply.txt.
# Environment: JAVA_HOME (JDK 25), GAMES (default 60 per run), PAIRS (default 3), TT_BITS (default 14).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
games="${GAMES:-60}"
pairs="${PAIRS:-3}"
bits="${TT_BITS:-14}"
command -v gcc >/dev/null || { echo "reference-2ply: needs gcc for the native reference" >&2; exit 1; }
(cd "$here" && ./g2048 build >/dev/null && mvn -B -q -Dstyle.color=never -pl bench -am package -DskipTests -Dg2048.noDocs)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
. "$here/bench/four-by-six-model.sh"
four_by_six_model "$work/ntuple-4x6.g2nz"
"$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
  -cp "$here/bench/target/benchmarks.jar" g2048.bench.DumpTables "$work/ntuple-4x6.g2nz" "$work/tables.f32"
gcc -O3 -march=native -o "$work/expectimax2" "$here/bench/reference/expectimax2.c" -lm
mkdir -p "$here/bench/results"
out="$here/bench/results/$(date -u +%Y-%m-%dT%H%M%SZ)-reference-2ply.txt"
{
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC')  commit $(cd "$here" && git describe --always --dirty 2>/dev/null || echo unknown)"
  echo "# $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(gcc --version | head -1)"
  echo "# $games games per run, $pairs pairs, leaf table 2^$bits"
} | tee "$out"
engine() {
  (cd "$here" && ./g2048 bench search --model "$work/ntuple-4x6.g2nz" --depth 2 --games "$games" --warmup-games 5 --no-progress "$@" 2>&1) \
    | grep -E '^moves' | sed "s|^moves *|engine $*: |"
}
for ((i = 1; i <= pairs; i++)); do
  "$work/expectimax2" "$work/tables.f32" "$games" int16 "$bits" | tee -a "$out"
  engine --table int16 --tt-bits "$bits" | tee -a "$out"
  "$work/expectimax2" "$work/tables.f32" "$games" float32 0 | tee -a "$out"
  engine --table float32 --tt-bits 0 | tee -a "$out"
done
echo "results: $out" >&2
