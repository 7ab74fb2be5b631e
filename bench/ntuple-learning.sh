#!/usr/bin/env bash
# The field's learning methods side by side on one network: plain TD, temporal
# coherence (TC), optimistic TD (OTD), multi-stage TD and combinations, at equal training games,
# one training thread each, greedy evaluation at checkpoints.
#
#   bench/ntuple-learning.sh                                   # 4x6, 40,000 games each, evaluation every 5,000
#   GAMES=200000 EVERY=20000 EVAL_GAMES=500 bench/ntuple-learning.sh
#   RECIPES="td tc tc-2stage" PARALLEL=1 bench/ntuple-learning.sh
#
# A recipe is NAME=OPTIONS of `train ntuple` (the known names below, or your own in RECIPES as
# name=--opt,value,...). Writes bench/results/ntuple-learning-<date>/: per recipe its log, its
# learning curve NAME.curve.csv and NAME.curve.png, summary.txt with the greedy mean at every
# checkpoint, the learning seconds (evaluations excluded) and the speed per thread-CPU-second, and
# comparison.csv / comparison.png / comparison.md: every recipe at equal games and equal core-seconds.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NET="${NET:-4x6}"
SHAPE="${SHAPE:-4x4}"
GAMES="${GAMES:-40000}"
EVERY="${EVERY:-5000}"
EVAL_GAMES="${EVAL_GAMES:-300}"
SEED="${SEED:-1}"
RECIPES="${RECIPES:-td tc otd td-2stage tc-2stage tc-2stage-restart}"
declare -A known=(
  [td]="--alpha 0.0025"
  [tc]="--tc --alpha 0.03125"
  [otd]="--init 320000 --alpha 0.0025"
  [otc]="--init 320000 --tc --alpha 0.03125"
  [td-2stage]="--stages 16384 --alpha 0.0025"
  [tc-2stage]="--stages 16384 --tc --alpha 0.03125"
  [tc-2stage-restart]="--stages 16384 --tc --alpha 0.03125 --shaping restart"
  [tc-backward]="--tc --alpha 0.03125 --backward"
  [tc-5step]="--tc --alpha 0.03125 --n-step 5"
  [tc-lambda]="--tc --alpha 0.03125 --backward --lambda 0.5"
)
# The engine command; G2048="java -jar copy.jar" keeps a long run independent of rebuilds.
read -r -a engine <<< "${G2048:-$here/g2048}"
out="$here/bench/results/ntuple-learning-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
{
  echo "# $NET, $GAMES games per recipe, seed $SEED, 1 thread each; greedy evaluation of $EVAL_GAMES games every $EVERY"
  echo "# machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at start; commit $(cd "$here" && git describe --always --dirty 2>/dev/null || echo unknown)"
} | tee "$out/summary.txt"
options() {
  local r="$1"
  if [[ "$r" == *=* ]]; then echo "${r#*=}" | tr ',' ' '; return; fi
  [ -n "${known[$r]+x}" ] || { echo "ntuple-learning: unknown recipe '$r' (known: ${!known[*]}; or name=--opt,value)" >&2; exit 2; }
  echo "${known[$r]}"
}
train() {
  local name="${1%%=*}" opts
  opts="$(options "$1")"
  # shellcheck disable=SC2086
  "${engine[@]}" train ntuple --net "$NET" --shape "$SHAPE" $opts --games "$GAMES" --threads 1 --seed "$SEED" --eval-every "$EVERY" \
    --eval-games "$EVAL_GAMES" --checkpoint-every 0 --no-progress --out "$out/$name.g2nz" > "$out/$name.log"
  rm -f "$out/$name.g2nz"
}
for r in $RECIPES; do options "$r" > /dev/null; done
if [ "${PARALLEL:-0}" = 1 ]; then
  for r in $RECIPES; do train "$r" & done
  wait
else
  for r in $RECIPES; do train "$r"; done
fi
{
  printf '\n%-9s' "games"
  for r in $RECIPES; do printf ' %-18s' "${r%%=*}"; done
  printf '\n'
  for ((g = EVERY; g <= GAMES; g += EVERY)); do
    printf '%-9s' "$g"
    for r in $RECIPES; do
      printf ' %-18s' "$(sed -n "s/^games $g .*greedy [0-9]* games: mean \([0-9]*\) .*/\1/p" "$out/${r%%=*}.log")"
    done
    printf '\n'
  done
  printf '%-9s' "learn-s"
  for r in $RECIPES; do printf ' %-18s' "$(sed -n 's/.*, \([0-9.]*\) s learning.*/\1/p' "$out/${r%%=*}.log")"; done
  printf '\n%-9s' "Mmoves/s"
  for r in $RECIPES; do
    printf ' %-18s' "$(sed -n 's/.*(\([0-9.]*\)M per thread-CPU-s).*/\1/p' "$out/${r%%=*}.log" | tail -1)"
  done
  printf '\n\nrecipes:\n'
  for r in $RECIPES; do echo "  ${r%%=*}: $(options "$r")"; done
} | tee -a "$out/summary.txt"
# the recipes side by side: comparison.csv, comparison.png (equal games, equal core-seconds), a Markdown table
names=(); for r in $RECIPES; do names+=("${r%%=*}"); done
"${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java" -cp "$here/cli/target/g2048.jar" \
  "$here/bench/src/main/java/g2048/bench/LearningComparison.java" "$out" "${names[@]}" | tee "$out/comparison.md"
echo "results in $out"
