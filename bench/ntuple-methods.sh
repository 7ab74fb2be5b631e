#!/usr/bin/env bash
# Szubert and Jaśkowski's (2014) comparison of the three TD methods (their Table II, Fig. 9) at a budget that fits
# one machine: the 17 x 4-tuple network (c = 15, no symmetric sampling), alpha = 0.0025, one
# training thread per method, the methods run one after another.
#
#   bench/ntuple-methods.sh                 # GAMES=20000 games per method, evaluation every 2000
#   GAMES=5000 EVERY=1000 EVAL_GAMES=300 bench/ntuple-methods.sh
#
#   PARALLEL=1 GAMES=40000 EVERY=4000 bench/ntuple-methods.sh   # the three at once
#   METHODS="td-state:network" bench/ntuple-methods.sh            # TD-state as Szubert and Jaśkowski's (2014) Fig. 5 reads:
#                                                                 # terminal states valued by the network
#
# Writes bench/results/ntuple-methods-<date>/{METHOD.log,summary.txt} and prints the summary:
# per method the learning curve (greedy mean score and 2048 rate every EVERY games), the final
# figures and the wall time of training (evaluations excluded: the "s total" learning time).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GAMES="${GAMES:-20000}"
EVERY="${EVERY:-2000}"
EVAL_GAMES="${EVAL_GAMES:-500}"
SEED="${SEED:-1}"
ALPHA="${ALPHA:-0.0025}"
METHODS="${METHODS:-td-afterstate td-state q-learning}"
# The engine command; G2048="java -jar copy.jar" keeps a long run independent of rebuilds.
read -r -a engine <<< "${G2048:-$here/g2048}"
out="$here/bench/results/ntuple-methods-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
{
  echo "# 17x4 network, alpha $ALPHA, $GAMES games per method, seed $SEED, 1 thread; greedy evaluation of $EVAL_GAMES games every $EVERY"
  echo "# machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at start"
} | tee "$out/summary.txt"
# A method is td-afterstate, td-state or q-learning, or td-state:zero|network (--terminal-value).
train() {
  local m="${1%%:*}" name="${1/:/-}" start wall
  local terminal=()
  [[ "$1" == *:* ]] && terminal=(--terminal-value "${1#*:}")
  start=$(date +%s.%N)
  "${engine[@]}" train ntuple --net 17x4 --method "$m" ${terminal[@]+"${terminal[@]}"} --alpha "$ALPHA" --games "$GAMES" \
    --threads 1 --seed "$SEED" --eval-every "$EVERY" --eval-games "$EVAL_GAMES" --checkpoint-every 0 --no-progress \
    --out "$out/$name.g2n" > "$out/$name.log"
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  rm -f "$out/$name.g2n"
  printf '%.0f\n' "$wall" > "$out/$name.wall"
}
# PARALLEL=1 trains the methods at the same time (one core each where there are cores).
if [ "${PARALLEL:-0}" = 1 ]; then
  for m in $METHODS; do train "$m" & done
  wait
else
  for m in $METHODS; do train "$m"; done
fi
for m in $METHODS; do
  m="${m/:/-}"
  {
    echo "## $m (wall $(cat "$out/$m.wall") s including evaluations)"
    echo "games    greedy-mean  2048-rate  learning-s  M-moves-per-thread-CPU-s"
    sed -n 's/^games \([0-9]*\) .* \([0-9.]*\) s total (\([0-9.]*\)M per thread-CPU-s).*greedy [0-9]* games: mean \([0-9]*\) .* 2048 \([0-9.]*\)%.*/\1 \4 \5 \2 \3/p' "$out/$m.log" |
      awk '{ printf "%-8s %-12s %-10s %-11s %s\n", $1, $2, $3"%", $4, $5 }'
    grep '^saved' "$out/$m.log"
  } | tee -a "$out/summary.txt"
done
echo "results in $out"
