#!/usr/bin/env bash
# Two builds of the engine side by side on this machine, alternated run by run (A, B, A, B, ...),
# on the figures that the consolidation of players, heuristics and learners could move:
#   play       1-ply moves/s          play --games PLAY_GAMES --threads 1 --model MODEL
#   search     2-ply moves/s          bench search --depth 2 --games SEARCH_GAMES --threads 1 --model MODEL
#   heuristic  mean score (and moves/s) play --player heuristic --games HEURISTIC_GAMES (2 threads, seeded)
#   train      training moves/s       train ntuple --net 4x6 --games TRAIN_GAMES --threads 1
# Both builds play the same model file (MODEL, default: the shipped model of the BEFORE commit, which
# both can read), so that only the code differs. Alternating matters: this machine's speed drifts
# between minutes, so only ratios within a pair mean much; the summary gives each pair's ratio
# (B / A) and their median. Where the engine reports CPU time (the 2-ply search's playing thread,
# the trainer's thread) or the process's CPU time can stand for it (1-ply play), moves per CPU second
# are given too: on a machine shared with other work they move far less than wall-clock rates.
#
#   bench/consolidation-before-after.sh                 A = commit BEFORE (default 578f496), B = this tree
#   A_JAR=a.jar B_JAR=b.jar bench/consolidation-before-after.sh    two jars already built
# Environment: BEFORE, A_JAR, B_JAR, MODEL, PAIRS (3), MEASURES ("play search heuristic train"),
# PLAY_GAMES (2000), SEARCH_GAMES (40), HEURISTIC_GAMES (200), TRAIN_GAMES (15000), LABEL, JAVA_HOME.
# Results: bench/results/consolidation-before-after-<UTC date-time>[-LABEL]/ (summary.txt, runs.tsv, logs/).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
before="${BEFORE:-578f496}"
pairs="${PAIRS:-3}"
measures="${MEASURES:-play search heuristic train}"
play_games="${PLAY_GAMES:-2000}"
search_games="${SEARCH_GAMES:-40}"
heuristic_games="${HEURISTIC_GAMES:-200}"
train_games="${TRAIN_GAMES:-15000}"
work="$(mktemp -d)"
cleanup() {
  if [ -d "$work/before-tree" ]; then git -C "$here" worktree remove --force "$work/before-tree" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ -z "${A_JAR:-}" ]; then
  git -C "$here" worktree add --detach "$work/before-tree" "$before" >/dev/null 2>&1
  (cd "$work/before-tree" && ./g2048 build >/dev/null)
  cp "$work/before-tree/java/target/g2048.jar" "$work/a.jar"
  for model_default in "$work/before-tree/models/ntuple-6x6.g2nz" "$work/before-tree/models/ntuple-5x6.g2nz" "$work/before-tree/models/ntuple-4x6.g2nz"; do
    if [ -f "$model_default" ]; then cp "$model_default" "$work/model.g2nz"; break; fi
  done
  A_JAR="$work/a.jar"
  a_name="$before"
else
  a_name="$(basename "$A_JAR")"
fi
if [ -z "${B_JAR:-}" ]; then
  (cd "$here" && ./g2048 build >/dev/null)
  cp "$here/cli/target/g2048.jar" "$work/b.jar"
  B_JAR="$work/b.jar"
  b_name="$(cd "$here" && git describe --always --dirty)"
else
  b_name="$(basename "$B_JAR")"
fi
model="${MODEL:-$work/model.g2nz}"
[ -f "$model" ] || { echo "consolidation-before-after: no model file $model (set MODEL)" >&2; exit 2; }

stamp="$(date -u +%Y%m%d-%H%M%S)"
out="$here/bench/results/consolidation-before-after-$stamp${LABEL:+-$LABEL}"
mkdir -p "$out/logs"
{
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC')  A = $a_name, B = $b_name"
  echo "# $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# model $(basename "$model") ($(stat -c %s "$model") bytes), $pairs pairs, measures: $measures"
  echo "# play $play_games games, search $search_games games, heuristic $heuristic_games games, train $train_games games"
} | tee "$out/summary.txt"

run() { # jar measure log -> prints "figure value" lines
  local jar="$1" m="$2" log="$3"
  local java=(/usr/bin/time -f 'time %U %S %M' -o "$log.time" "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED
    --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -XX:+UseParallelGC -jar "$jar")
  local wall='s/^moves .* \([0-9][0-9]*\) moves\/s.*/\1/p'
  case "$m" in
    play) "${java[@]}" play --games "$play_games" --threads 1 --model "$model" --no-progress >"$log" 2>&1
      local moves; moves="$(sed -n 's/^moves *\([0-9]*\) in.*/\1/p' "$log")"
      echo "1-ply_moves/s $(sed -n "$wall" "$log")"
      # the process's CPU time (user + system, JIT and loading included): steadier than wall time on a loaded machine
      awk -v m="$moves" '/^time/ {printf "1-ply_moves/process-CPU-s %.0f\n", m / ($2 + $3)}' "$log.time" ;;
    search) "${java[@]}" bench search --depth 2 --games "$search_games" --threads 1 --model "$model" --no-progress >"$log" 2>&1
      echo "2-ply_moves/s $(sed -n "$wall" "$log")"
      echo "2-ply_moves/CPU-s $(sed -n 's/^cpu .*: \([0-9]*\) moves per CPU second.*/\1/p' "$log")" ;;
    heuristic) "${java[@]}" play --player heuristic --games "$heuristic_games" --no-progress >"$log" 2>&1
      echo "heuristic_mean_score $(sed -n 's/^score *mean \([0-9.]*\).*/\1/p' "$log")"
      echo "heuristic_moves/s $(sed -n "$wall" "$log")" ;;
    train) "${java[@]}" train ntuple --net 4x6 --games "$train_games" --threads 1 --out "$work/x.g2n" --no-progress \
        --eval-every 0 --checkpoint-every 0 >"$log" 2>&1
      # the trainer's own counts: moves over the learning loop's wall time, and per CPU second of its thread
      sed -n 's/^saved .*(\([0-9]*\) moves, \([0-9.]*\) s learning.*/\1 \2/p' "$log" | awk '{printf "training_moves/s %.0f\n", $1 / $2}'
      sed -n 's/^games .*(\([0-9.]*\)M per thread-CPU-s).*/\1/p' "$log" | tail -1 | awk '{printf "training_moves/thread-CPU-s %.0f\n", $1 * 1e6}' ;;
  esac
}

printf 'pair\tmeasure\tbuild\tfigure\tvalue\n' >"$out/runs.tsv"
for ((p = 1; p <= pairs; p++)); do
  for m in $measures; do
    for side in A B; do
      jar="$A_JAR"; [ "$side" = B ] && jar="$B_JAR"
      run "$jar" "$m" "$out/logs/$p-$m-$side.log" | while read -r name value; do
        printf '%s\t%s\t%s\t%s\t%s\n' "$p" "$m" "$side" "$name" "$value" >>"$out/runs.tsv"
        echo "pair $p $side $name: $value (load $(cut -d' ' -f1 /proc/loadavg))" | tee -a "$out/summary.txt"
      done
    done
  done
done

python3 - "$out/runs.tsv" <<'PY' | tee -a "$out/summary.txt"
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
figures = list(dict.fromkeys(r['figure'] for r in rows))
print('\nfigure                          median A     median B   B/A by pair              median B/A')
for name in figures:
    by = {}
    for r in rows:
        if r['figure'] == name and r['value']:
            by.setdefault(r['pair'], {})[r['build']] = float(r['value'])
    f = [(v['A'], v['B']) for _, v in sorted(by.items()) if 'A' in v and 'B' in v and v['A'] > 0]
    if not f:
        continue
    ratios = [b / a for a, b in f]
    print(f"{name:30s} {statistics.median(a for a, _ in f):10.0f}  {statistics.median(b for _, b in f):10.0f}"
          f"   {' '.join(f'{r:.3f}' for r in ratios):24s} {statistics.median(ratios):.3f}")
PY
echo "results: $out" >&2
