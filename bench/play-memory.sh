#!/usr/bin/env bash
# Peak memory (maximum resident set size, /usr/bin/time -v) of 1-ply play from the compact model,
# two builds alternated: A = commit BEFORE (default 462953b, whose play kept the float32 tables
# beside the int16 copy), B = this tree; or two jars already built (A_JAR, B_JAR). The bound it is
# held against: the float32 tables alone, stages × 67,108,864 weights × 4 bytes (512 MiB for the
# shipped 2-stage 4×6 model).
# Environment: BEFORE, A_JAR, B_JAR, MODEL (the last shipped 4x6 model, from the history: bench/four-by-six-model.sh),
# GAMES (200), PAIRS (3), JAVA_HOME.
# Results: bench/results/play-memory-<UTC date-time>/ (summary.txt, logs/).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
before="${BEFORE:-462953b}"
model="${MODEL:-}"
games="${GAMES:-200}"
pairs="${PAIRS:-3}"
work="$(mktemp -d)"
cleanup() {
  if [ -d "$work/before-tree" ]; then git -C "$here" worktree remove --force "$work/before-tree" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
. "$here/bench/four-by-six-model.sh"
if [ -z "$model" ]; then model="$work/ntuple-4x6.g2nz"; four_by_six_model "$model"; fi
if [ -z "${A_JAR:-}" ]; then
  git -C "$here" worktree add --detach "$work/before-tree" "$before" >/dev/null 2>&1
  (cd "$work/before-tree" && ./g2048 build >/dev/null 2>&1)
  # builds before the module split put the command's jar in java/target, later ones in cli/target
  if [ -f "$work/before-tree/cli/target/g2048.jar" ]; then
    cp "$work/before-tree/cli/target/g2048.jar" "$work/a.jar"
  else
    cp "$work/before-tree/java/target/g2048.jar" "$work/a.jar"
  fi
  A_JAR="$work/a.jar"
fi
if [ -z "${B_JAR:-}" ]; then
  (cd "$here" && ./g2048 build >/dev/null 2>&1)
  cp "$here/cli/target/g2048.jar" "$work/b.jar"
  B_JAR="$work/b.jar"
fi
out="$here/bench/results/play-memory-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out/logs"
{
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC')  A = ${A_JAR##*/} (${before}), B = this tree ($(cd "$here" && git describe --always --dirty))"
  echo "# $(uname -srm), $(nproc) cores, $(free -m | awk '/Mem:/ {print $2 " MiB memory"}'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# play --games $games --threads 1 --model $(basename "$model") (default tables: int16)"
} | tee "$out/summary.txt"
for ((p = 1; p <= pairs; p++)); do
  for side in A B; do
    jar="$A_JAR"; [ "$side" = B ] && jar="$B_JAR"
    log="$out/logs/$p-$side.log"
    /usr/bin/time -v "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
      -XX:+UseParallelGC -jar "$jar" play --games "$games" --threads 1 --model "$model" --no-progress >"$log" 2>&1
    kb="$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")"
    echo "pair $p $side: peak RSS $kb KiB ($(awk -v k="$kb" 'BEGIN {printf "%.0f", k / 1024}') MiB); $(grep -E '^(player|score)' "$log" | tr -s ' ' | paste -sd ';')" \
      | tee -a "$out/summary.txt"
  done
done
echo "results: $out" >&2
