#!/usr/bin/env bash
# Which parts of a training recipe buy the late game: one network (4x6 by default) trained by each recipe
# for the same CPU time on one thread, then each played greedily (with and without tile-downgrading) and
# audited by band of tile sum (`bench late-game`: value bias and error against its own player's returns,
# and where its TD updates land).
#
#   bench/late-game-ablation.sh DIR               trains every recipe to CPU_S CPU-seconds (rerun: continues)
#                                                 and evaluates every recipe not yet in DIR/ablation.csv
#
# A recipe is stopped by SIGTERM (a clean checkpoint; a background job ignores SIGINT) once its process has used CPU_S seconds of CPU (its checkpoint is written
# then), so every recipe gets the same compute whatever the machine's other load; recipes run PARALLEL at a
# time (default 2), each on one thread. Environment: CPU_S (default 1800), NET (default 4x6), GAMES (greedy
# games per evaluation, default 2000), DEEP_GAMES (3-ply games, default 100), AUDIT_GAMES (default 500), SEED (evaluation
# seed, default 20261130),
# RECIPES (names below, default all), G2048 (a launcher; default the checkout's), NICE (default 10).
# Writes DIR/ablation.csv: recipe, episodes, training moves, CPU s, 1-ply mean, se, 16384 and 32768 rates
# (plain and with tile-downgrading auto), the same at 3-ply (no tile-downgrading), and the value bias in the bands
# 8192-16384, 16384-24576 and 24576-32768. Each evaluation is kept in its run's directory, so a rerun does only
# what is missing.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
mkdir -p "$1"; dir="$(cd "$1" && pwd)"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cpu_s=${CPU_S:-1800}; net=${NET:-4x6}; games=${GAMES:-2000}; deep_games=${DEEP_GAMES:-100}; audit_games=${AUDIT_GAMES:-500}
seed=${SEED:-20261130}
parallel=${PARALLEL:-2}; nice_level=${NICE:-10}
read -r -a g2048 <<<"${G2048:-$here/g2048}"

# name -> options; TC at 1/32 a weight (the field's 1.0 over 4 x 8 features), plain TD at Szubert and Jaskowski's 0.0025
declare -A recipe=(
  [td]="--alpha 0.0025"
  [tc]="--tc --alpha 0.03125"
  [tc-lambda]="--tc --alpha 0.03125 --lambda 0.5 --backward"
  [tc-restart]="--tc --alpha 0.03125 --shaping restart"
  [tc-lambda-restart]="--tc --alpha 0.03125 --lambda 0.5 --backward --shaping restart"
  [td-lambda-restart]="--alpha 0.0025 --lambda 0.5 --backward --shaping restart"
  [tc-lambda-restart-2stage]="--tc --alpha 0.03125 --lambda 0.5 --backward --shaping restart --stages 16384"
  [otc-lambda-restart]="--init 320000 --tc --alpha 0.03125 --lambda 0.5 --backward --shaping restart"
)
order=(td tc tc-lambda tc-restart tc-lambda-restart td-lambda-restart tc-lambda-restart-2stage otc-lambda-restart)
read -r -a chosen <<<"${RECIPES:-${order[*]}}"
for r in "${chosen[@]}"; do [ -n "${recipe[$r]:-}" ] || { echo "$0: unknown recipe '$r': expected one of ${order[*]}" >&2; exit 2; }; done

# cpu_of PID: user + sys seconds of a process
cpu_of() { awk '{printf "%d\n", ($14 + $15) / 100}' "/proc/$1/stat" 2>/dev/null || echo 0; }  # (clock ticks of 1/100 s)

# train NAME: runs (or resumes) the recipe until its CPU time reaches CPU_S, then stops it cleanly
train() {
  local name="$1" run="$dir/$1" used last=0
  mkdir -p "$run"
  used=$(cat "$run/cpu" 2>/dev/null || echo 0)
  [ "$used" -ge "$cpu_s" ] && return 0
  local -a given opts=() resume=()
  read -r -a given <<<"${recipe[$name]}"
  [ -f "$run/model.g2n" ] && resume=(--resume "$run/model.g2n")
  # on resume the recipe's options again (a model file keeps its network, stages, start value and accumulators,
  # not its rule or shaping), less those only a new model takes
  local i=0
  while [ $i -lt ${#given[@]} ]; do
    case "${given[$i]}" in
      --init|--stages) [ ${#resume[@]} -eq 0 ] && opts+=("${given[$i]}" "${given[$((i + 1))]}"); i=$((i + 2)) ;;
      *) opts+=("${given[$i]}"); i=$((i + 1)) ;;
    esac
  done
  # exec all the way down (the launcher execs java too), so that $! is the training JVM itself
  (cd "$run" && exec nice -n "$nice_level" "${g2048[@]}" train ntuple --net "$net" "${opts[@]}" --threads 1 \
    --games 100000000 --eval-every 0 --checkpoint-every 20000 --out model.g2n "${resume[@]}" --json >>train.jsonl 2>>train.err) &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    last=$(cpu_of "$pid")
    if [ $((used + last)) -ge "$cpu_s" ]; then kill -TERM "$pid" 2>/dev/null || true; break; fi
    sleep 5
  done
  wait "$pid" || true
  echo $((used + last)) >"$run/cpu"
}

# out FILE CMD...: CMD's standard output into FILE, whole or not at all (a stopped run leaves nothing half-written)
out() { local file="$1"; shift; [ -s "$file" ] && return 0; "$@" >"$file.tmp" && mv "$file.tmp" "$file"; }

evaluate() {
  local name="$1" run="$dir/$1"
  [ -f "$run/model.g2n" ] || return 0
  out "$run/play.json" "${g2048[@]}" play --model "$run/model.g2n" --games "$games" --seed "$seed" --downgrade 0 --json
  out "$run/play-downgrade.json" "${g2048[@]}" play --model "$run/model.g2n" --games "$games" --seed "$seed" --json
  out "$run/play-3ply.json" "${g2048[@]}" play --model "$run/model.g2n" --depth 3 --games "$deep_games" --seed "$seed" \
    --downgrade 0 --json
  [ -s "$run/audit.csv" ] || "${g2048[@]}" bench late-game --model "$run/model.g2n" --games "$audit_games" --rollouts 16 \
    --positions 32 --seed "$seed" --csv "$run/audit.csv" >"$run/audit.txt"
}

# table: one row a recipe evaluated, from its run's files (the CSV is written whole each time)
table() {
  python3 - "$dir" "${chosen[@]}" >"$dir/ablation.csv.tmp" <<'EOF2'
import csv, json, math, os, sys
d, names = sys.argv[1], sys.argv[2:]
print("recipe,episodes,moves,cpu_s,mean,se,reach16384,reach32768,mean_downgrade,reach16384_downgrade,reach32768_downgrade,"
      "mean_3ply,se_3ply,reach16384_3ply,reach32768_3ply,bias_8k_16k,bias_16k_24k,bias_24k_32k")
se = lambda j: j["sd"] / math.sqrt(j["games"])
for name in names:
    run = os.path.join(d, name)
    files = [os.path.join(run, f) for f in ("train.jsonl", "cpu", "play.json", "play-downgrade.json", "play-3ply.json", "audit.csv")]
    if not all(os.path.isfile(f) for f in files):
        continue
    summary = [json.loads(l) for l in open(files[0]) if '"summary"' in l][-1]
    p, g, t = (json.load(open(f)) for f in files[2:5])
    bias = {int(r["from"]): float(r["bias"]) for r in csv.DictReader(open(files[5]))}
    print("%s,%d,%d,%s,%.0f,%.0f,%.4f,%.4f,%.0f,%.4f,%.4f,%.0f,%.0f,%.4f,%.4f,%s" % (name, summary["games"], summary["moves"],
          open(files[1]).read().strip(), p["mean"], se(p), p["reach"].get("16384", 0), p["reach"].get("32768", 0), g["mean"],
          g["reach"].get("16384", 0), g["reach"].get("32768", 0), t["mean"], se(t), t["reach"].get("16384", 0),
          t["reach"].get("32768", 0), ",".join("%.0f" % bias.get(b, float("nan")) for b in (8192, 16384, 24576))))
EOF2
  mv "$dir/ablation.csv.tmp" "$dir/ablation.csv"
}

running=0
for r in "${chosen[@]}"; do
  train "$r" & running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then wait -n || true; running=$((running - 1)); fi
done
wait || true
for r in "${chosen[@]}"; do evaluate "$r"; done
table
column -s, -t "$dir/ablation.csv"
