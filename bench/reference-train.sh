#!/usr/bin/env bash
# The engine and a native build of the same n-tuple loops, side by side on this machine, one thread
# each: bench/reference/ntuple1.c (gcc -O3 -march=native) against the engine, alternated PAIRS times:
#   train        TD-afterstate from zero tables, 4x6, alpha 0.0025: `train ntuple --games TRAIN_GAMES`
#                against `ntuple1 train TRAIN_GAMES` (moves per wall second of the learning loop and
#                per CPU second of its thread)
#   train-tc     the same with temporal coherence, the engine in two stages (--tc --stages 16384):
#                what TC and the stage look-up cost against plain TD (the C side: TC, one stage)
#   play-int16   greedy 1-ply play from the last shipped 4x6 model (MODEL, its stages), int16 tables:
#                `play --games PLAY_GAMES --threads 1` against `ntuple1 play ... int16`
#   play-float32 the same from float32 tables (`--table float32`)
# Alternating matters: this machine's speed drifts between minutes (and it may be shared), so only
# ratios within a pair mean much; the summary gives each pair's engine/native ratio and the median.
# Environment: JAVA_HOME (JDK 25), PAIRS (3), TRAIN_GAMES (10000), PLAY_GAMES (300), MODEL
# (the last shipped 4x6 model, from the history: bench/four-by-six-model.sh), STAGES (the model's thresholds for the native side, default 16384),
# MEASURES ("train train-tc play-int16 play-float32"), LABEL.
# Results: bench/results/reference-train-<UTC date-time>[-LABEL]/ (summary.txt, runs.tsv, logs/).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
pairs="${PAIRS:-3}"
train_games="${TRAIN_GAMES:-10000}"
play_games="${PLAY_GAMES:-300}"
model="${MODEL:-}"
stages="${STAGES:-16384}"
measures="${MEASURES:-train train-tc play-int16 play-float32}"
command -v gcc >/dev/null || { echo "reference-train: needs gcc for the native reference" >&2; exit 1; }
(cd "$here" && ./g2048 build >/dev/null)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
. "$here/bench/four-by-six-model.sh"
if [ -z "$model" ]; then model="$work/ntuple-4x6.g2nz"; four_by_six_model "$model"; fi
gcc -O3 -march=native -o "$work/ntuple1" "$here/bench/reference/ntuple1.c" -lm
# DumpTables runs from its source (no benchmark jar, so no JMH download needed)
case " $measures " in *" play-"*)
  "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
    -cp "$here/cli/target/g2048.jar" "$here/bench/src/main/java/g2048/bench/DumpTables.java" "$model" "$work/tables.f32" ;;
esac
java=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
  -XX:+UseParallelGC -jar "$here/cli/target/g2048.jar")

stamp="$(date -u +%Y%m%d-%H%M%S)"
out="$here/bench/results/reference-train-$stamp${LABEL:+-$LABEL}"
mkdir -p "$out/logs"
{
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC')  commit $(cd "$here" && git describe --always --dirty 2>/dev/null || echo unknown)"
  echo "# $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(gcc --version | head -1)"
  echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# $pairs pairs, train $train_games games, play $play_games games of $(basename "$model") (native stages: $stages)"
} | tee "$out/summary.txt"

run() { # side measure log -> "figure value" lines
  local side="$1" m="$2" log="$3"
  if [ "$side" = native ]; then
    case "$m" in
      train) "$work/ntuple1" train "$train_games" >"$log" 2>&1 ;;
      train-tc) "$work/ntuple1" train "$train_games" tc >"$log" 2>&1 ;;
      play-int16) "$work/ntuple1" play "$work/tables.f32" "$stages" "$play_games" int16 >"$log" 2>&1 ;;
      play-float32) "$work/ntuple1" play "$work/tables.f32" "$stages" "$play_games" float32 >"$log" 2>&1 ;;
    esac
    sed -n "s/.*: \([0-9]*\) moves\/s, \([0-9]*\) moves per CPU second/$m moves\/s \1\n$m moves\/CPU-s \2/p" "$log"
    return
  fi
  case "$m" in
    train|train-tc)
      local extra=(); [ "$m" = train-tc ] && extra=(--tc --stages 16384)
      "${java[@]}" train ntuple --net 4x6 --games "$train_games" --threads 1 --out "$work/x.g2n" --no-progress \
        --eval-every 0 --checkpoint-every 0 "${extra[@]}" >"$log" 2>&1
      sed -n 's/^saved .*(\([0-9]*\) moves, \([0-9.]*\) s learning.*/\1 \2/p' "$log" | awk -v m="$m" '{printf "%s moves/s %.0f\n", m, $1 / $2}'
      sed -n 's/^games .*(\([0-9.]*\)M per thread-CPU-s).*/\1/p' "$log" | tail -1 | awk -v m="$m" '{printf "%s moves/CPU-s %.0f\n", m, $1 * 1e6}' ;;
    play-int16|play-float32)
      "${java[@]}" play --games "$play_games" --threads 1 --model "$model" --table "${m#play-}" --no-progress >"$log" 2>&1
      sed -n "s/^moves .* \([0-9][0-9]*\) moves\/s.*/$m moves\/s \1/p" "$log" ;;
  esac
}

printf 'pair\tside\tfigure\tvalue\n' >"$out/runs.tsv"
for ((p = 1; p <= pairs; p++)); do
  for m in $measures; do
    for side in native engine; do
      run "$side" "$m" "$out/logs/$p-$m-$side.log" | while read -r name unit value; do
        printf '%s\t%s\t%s\t%s\n' "$p" "$side" "$name $unit" "$value" >>"$out/runs.tsv"
        echo "pair $p $side $name $unit: $value (load $(cut -d' ' -f1 /proc/loadavg))" | tee -a "$out/summary.txt"
      done
    done
  done
done

python3 - "$out/runs.tsv" <<'PY' | tee -a "$out/summary.txt"
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
def pairs(name):
    by = {}
    for r in rows:
        if r['figure'] == name and r['value']:
            by.setdefault(r['pair'], {})[r['side']] = float(r['value'])
    return [(v['native'], v['engine']) for _, v in sorted(by.items()) if 'native' in v and 'engine' in v and v['native'] > 0]
print('\nfigure                      median native  median engine   engine/native by pair    median')
for name in dict.fromkeys(r['figure'] for r in rows):
    f = pairs(name)
    if f:
        ratios = [e / n for n, e in f]
        print(f"{name:28s} {statistics.median(n for n, _ in f):12.0f}  {statistics.median(e for _, e in f):12.0f}"
              f"   {' '.join(f'{r:.3f}' for r in ratios):24s} {statistics.median(ratios):.3f}")
# what temporal coherence (and, in the engine, the second stage) costs per move against plain TD
for side in ('native', 'engine'):
    plain = {r['pair']: float(r['value']) for r in rows if r['side'] == side and r['figure'] == 'train moves/CPU-s'}
    tc = {r['pair']: float(r['value']) for r in rows if r['side'] == side and r['figure'] == 'train-tc moves/CPU-s'}
    costs = [plain[p] / tc[p] for p in plain if p in tc and tc[p] > 0]
    if costs:
        print(f"{side}: time per move with TC{' + 2 stages' if side == 'engine' else ''} / plain TD (CPU), by pair: "
              f"{' '.join(f'{c:.3f}' for c in costs)}, median {statistics.median(costs):.3f}")
PY
echo "results: $out" >&2
