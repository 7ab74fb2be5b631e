#!/usr/bin/env bash
# g2048 against ziap's 2048-tdl (C++, MIT licence) on its own 4x6 network and its README recipe:
# backward TD(0.5), temporal coherence (alpha 1.0 spread over 4 x 8 features: 1/32 a weight), restarts,
# no stages, no tile-downgrading. An episode is one game from the initial spawns and its restarts, in
# both engines (g2048 `--shaping restart` counts them so).
#
#   bench/ziap-side-by-side.sh train DIR     trains both, at once, THREADS threads each, chunk by chunk
#                                            to EPISODES; rerun to continue (both resume exactly where
#                                            their last chunk ended); keeps each engine's network at
#                                            every milestone
#   bench/ziap-side-by-side.sh eval DIR      evaluates every kept milestone not yet in DIR/eval.csv:
#                                            1-ply over PLAY1 games and 3-ply over PLAY3 games for each
#                                            engine's own network (g2048 with --downgrade 0, as 2048-tdl
#                                            plays, and as `play` plays by default), and both engines'
#                                            play speed on ziap's network (imported: `g2048 import ziap`)
#   bench/ziap-side-by-side.sh report DIR    the CSV and a table of DIR/eval.csv and DIR/train.csv
#   bench/ziap-side-by-side.sh pack DIR      both engines' run states, compact, into PACK (default
#                                            bench/checkpoints/ziap-side-by-side, to commit): 2048-tdl's last
#                                            whole chunk and g2048's checkpoint, each with its temporal-coherence
#                                            accumulators (weights in 15-bit steps, each weight's A and rate
#                                            within 19%), and the chunks' times and logs
#   bench/ziap-side-by-side.sh unpack DIR    a new DIR from PACK (on a new machine): `train DIR` then goes on
#                                            from where `pack` took the runs, close to (not exactly) where they were
#
# DIR holds 2048-tdl's checkout and build (cloned from ZIAP_REPO, GitHub by default, at commit ZIAP_COMMIT
# unless DIR/src exists), its run (DIR/ziap), g2048's run (DIR/g2048) and the CSVs. Environment: EPISODES (default
# 1000000), CHUNK (default 50000; 2048-tdl saves only at the end of a run, so a chunk is its checkpoint),
# MILESTONES (default "100000 250000 500000 1000000"), THREADS (default 1), PLAY1 (default 10000),
# PLAY3 (default 300), SEED (g2048's training seed, default 55; its evaluation games use EVAL_SEED,
# default 20261129; 2048-tdl seeds itself from the system), G2048 (a launcher: run training from a
# copied jar, e.g. G2048="java ... -jar /tmp/g2048.jar", so that rebuilding the tree does not change a
# running run), NICE (default 10), ENGINES (default "ziap g2048": which of the two `train` runs).
# CPU time is the process's user + sys time (/usr/bin/time): training moves per CPU-second count the
# whole process, start and table allocation included (a chunk is long enough for that to be noise).
# 2048-tdl's moves are read from its lines of moves/s and elapsed whole seconds: in training it counts only
# each episode's first game, so its training rows compare by episodes per CPU-second.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 train|eval|report|pack|unpack DIR" >&2; exit 2; }
phase="$1"; mkdir -p "$2"; dir="$(cd "$2" && pwd)"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
episodes=${EPISODES:-1000000}; chunk=${CHUNK:-50000}; milestones=${MILESTONES:-"100000 250000 500000 1000000"}
threads=${THREADS:-1}; play1=${PLAY1:-10000}; play3=${PLAY3:-300}; seed=${SEED:-55}; eval_seed=${EVAL_SEED:-20261129}
nice_level=${NICE:-10}; commit=${ZIAP_COMMIT:-ecd8b6a}
read -r -a g2048 <<<"${G2048:-$here/g2048}"
recipe=(--net 4x6 --tc --alpha 0.03125 --lambda 0.5 --backward --shaping restart)

build_ziap() {
  if [ ! -d "$dir/src" ]; then
    git clone -q "${ZIAP_REPO:-https://github.com/ziap/2048-tdl}" "$dir/src"
    git -C "$dir/src" checkout -q "$commit"
  fi
  # its makefile downloads a GUI header the build without a GUI never reads
  [ -f "$dir/src/src/webview.h" ] || touch "$dir/src/src/webview.h"
  [ -x "$dir/src/2048" ] || (cd "$dir/src" && make -s ENABLE_GUI=false STRUCTURE=nw4x6 >/dev/null)
}

is_milestone() { for m in $milestones; do [ "$m" = "$1" ] && return 0; done; return 1; }

# 2048-tdl: chunks of CHUNK episodes, each continuing the last (-i reads weights and accumulators)
train_ziap() {
  local run="$dir/ziap" done_eps
  mkdir -p "$run/nw4x6" "$run/keep"
  done_eps=$(cat "$run/done" 2>/dev/null || echo 0)
  while [ "$done_eps" -lt "$episodes" ]; do
    local next=$((done_eps + chunk)) flags=(-e $((chunk / 1000)) -a 1.0 -l 0.5 -c -o -r -t "$threads")
    [ "$done_eps" -gt 0 ] && flags+=(-i)
    (cd "$run" && /usr/bin/time -f "%U %S %e" -o "chunk-$next.time" nice -n "$nice_level" "$dir/src/2048" train "${flags[@]}" \
      >"chunk-$next.log")
    is_milestone "$next" && cp "$run/nw4x6/weights.bin" "$run/keep/weights-$next.bin"
    echo "$next" >"$run/done"; done_eps=$next
  done
}

# g2048: the same chunks, each resuming the last (its full checkpoint keeps the accumulators)
train_g2048() {
  local run="$dir/g2048" done_eps
  mkdir -p "$run/keep"
  done_eps=$(cat "$run/done" 2>/dev/null || echo 0)
  while [ "$done_eps" -lt "$episodes" ]; do
    local next=$((done_eps + chunk)) resume=()
    [ -f "$run/g4x6.g2n" ] && resume=(--resume "$run/g4x6.g2n")
    (cd "$run" && /usr/bin/time -f "%U %S %e" -o "chunk-$next.time" nice -n "$nice_level" "${g2048[@]}" train ntuple \
      "${recipe[@]}" --threads "$threads" --seed "$seed" --games "$next" --checkpoint-every "$chunk" --eval-every 0 \
      --out g4x6.g2n "${resume[@]}" --json >"chunk-$next.log" 2>"chunk-$next.err")
    is_milestone "$next" && cp "$run/g4x6.g2n" "$run/keep/g4x6-$next.g2n"
    echo "$next" >"$run/done"; done_eps=$next
  done
}

pack_dir=${PACK:-$here/bench/checkpoints/ziap-side-by-side}

# the run states, compact: what a commit carries to the next machine
pack_runs() {
  [ -f "$dir/ziap/done" ] && [ -f "$dir/g2048/g4x6.g2n" ] || { echo "$0: nothing to pack in $dir (no whole chunk of 2048-tdl, or no g2048 checkpoint)" >&2; exit 1; }
  local staged="$pack_dir.part"
  rm -rf "$staged"; mkdir -p "$staged/ziap" "$staged/g2048"
  "${g2048[@]}" import ziap --structure nw4x6 --tc --compact-bits 15 --out "$staged/ziap/state.g2nz" "$dir/ziap/nw4x6/weights.bin" >&2
  cp "$dir/ziap/done" "$dir/ziap"/chunk-*.time "$dir/ziap"/chunk-*.log "$staged/ziap/"
  # --games 1: the checkpoint is written as it is, nothing trained
  "${g2048[@]}" train ntuple --resume "$dir/g2048/g4x6.g2n" "${recipe[@]}" --games 1 --eval-every 0 --no-progress \
    --compact-bits 15 --compact-accumulators --out "$staged/g2048/state.g2nz" >&2
  rm -f "$staged/g2048/state.curve."*
  cp "$dir/g2048/done" "$dir/g2048"/chunk-*.time "$dir/g2048"/chunk-*.log "$staged/g2048/" 2>/dev/null || true
  rm -rf "$pack_dir"; mv "$staged" "$pack_dir"
  du -b "$pack_dir"/*/state.g2nz >&2
}

# a new DIR from the packed states
unpack_runs() {
  [ -f "$pack_dir/ziap/state.g2nz" ] && [ -f "$pack_dir/g2048/state.g2nz" ] || { echo "$0: no packed states in $pack_dir" >&2; exit 1; }
  [ -e "$dir/ziap/done" ] || [ -e "$dir/g2048/g4x6.g2n" ] && { echo "$0: $dir already holds runs; unpack into a new DIR" >&2; exit 1; }
  build_ziap
  mkdir -p "$dir/ziap/nw4x6" "$dir/ziap/keep" "$dir/g2048/keep"
  "${g2048[@]}" export ziap --structure nw4x6 --out "$dir/ziap/nw4x6/weights.bin" "$pack_dir/ziap/state.g2nz" >&2
  cp "$pack_dir/ziap"/done "$pack_dir/ziap"/chunk-* "$dir/ziap/"
  "${g2048[@]}" train ntuple --resume "$pack_dir/g2048/state.g2nz" "${recipe[@]}" --games 1 --eval-every 0 --no-progress \
    --out "$dir/g2048/g4x6.g2n" >&2
  rm -f "$dir/g2048/g4x6.curve."*
  cp "$pack_dir/g2048"/done "$pack_dir/g2048"/chunk-* "$dir/g2048/" 2>/dev/null || true
  echo "unpacked into $dir: 2048-tdl at $(cat "$dir/ziap/done") episodes, g2048's checkpoint; continue with: $0 train $dir" >&2
}

# the training CSV: one row per chunk of each engine
train_csv() {
  python3 - "$dir" <<'EOF'
import glob, json, os, re, sys
d = sys.argv[1]
rows = ["engine,episodes,cpu_s,wall_s,episodes_per_cpu_s,moves,moves_per_cpu_s"]
cumulative, previous = {}, {}
for engine in ("ziap", "g2048"):
    for t in sorted(glob.glob(os.path.join(d, engine, "chunk-*.time")), key=lambda p: int(re.findall(r"(\d+)", p)[-1])):
        n = int(re.findall(r"chunk-(\d+)", t)[0])
        f = open(t).read().split()
        if len(f) < 3:
            continue
        cpu, wall = float(f[0]) + float(f[1]), float(f[2])
        log = open(t[:-5] + ".log").read()
        if engine == "ziap":
            # per 1,000 episodes: "m/s: N    elapsed: Ss" (the stats restart after each line)
            # 2048-tdl counts only each episode's first game there, not its restarts: episodes are the measure
            moves = sum(int(a) * (int(b) + 0.5) for a, b in re.findall(r"m/s:\s+(\d+)\s+elapsed: (\d+)s", log))
        else:
            # the summary counts every training move since the run began
            total = [json.loads(l) for l in log.splitlines() if '"summary"' in l][-1]["moves"]
            moves, cumulative[engine] = total - cumulative.get(engine, 0), total
        eps = n - previous.get(engine, 0)
        previous[engine] = n
        rows.append("%s,%d,%.1f,%.1f,%.2f,%d,%.0f" % (engine, n, cpu, wall, eps / cpu if cpu else 0, moves,
                                                     moves / cpu if cpu else 0))
open(os.path.join(d, "train.csv"), "w").write("\n".join(rows) + "\n")
EOF
}

# ziap_play NAME DEPTH GAMES WEIGHTS: 2048-tdl's agent (it reads nw4x6/weights.bin under its directory)
ziap_play() {
  local w="$dir/eval/$1"; mkdir -p "$w/nw4x6"; ln -sf "$4" "$w/nw4x6/weights.bin"
  (cd "$w" && /usr/bin/time -f "%U %S %e" -o time "$dir/src/2048" agent -d "$(($2 - 1))" -e "$3" -t "$threads" >out)
}
# g_play NAME DEPTH GAMES MODEL [OPTIONS...]
g_play() {
  local w="$dir/eval/$1" depth="$2" games="$3" model="$4"; shift 4; mkdir -p "$w"
  /usr/bin/time -f "%U %S %e" -o "$w/time" "${g2048[@]}" play --model "$model" --depth "$depth" --games "$games" \
    --threads "$threads" --seed "$eval_seed" --json "$@" >"$w/out" 2>"$w/err"
}

evaluate() {
  mkdir -p "$dir/eval"
  [ -f "$dir/eval.csv" ] || echo "engine,network,episodes,depth,games,mean,se,reach16384,reach32768,moves,cpu_s,moves_per_cpu_s" >"$dir/eval.csv"
  for m in $milestones; do
    local zw="$dir/ziap/keep/weights-$m.bin" gm="$dir/g2048/keep/g4x6-$m.g2n"
    if [ -f "$zw" ] && ! grep -q "^ziap,ziap,$m," "$dir/eval.csv"; then
      echo "ziap's network at $m episodes ..." >&2
      ziap_play "ziap-$m-1" 1 "$play1" "$zw"; row ziap ziap "$m" 1 "$play1" "ziap-$m-1"
      ziap_play "ziap-$m-3" 3 "$play3" "$zw"; row ziap ziap "$m" 3 "$play3" "ziap-$m-3"
      "${g2048[@]}" import ziap --out "$dir/eval/ziap-$m.g2n" "$zw" >/dev/null
      g_play "gz-$m-1" 1 "$play1" "$dir/eval/ziap-$m.g2n" --downgrade 0 --table float32; row g2048 ziap "$m" 1 "$play1" "gz-$m-1"
      g_play "gz-$m-3" 3 "$play3" "$dir/eval/ziap-$m.g2n" --downgrade 0 --table float32; row g2048 ziap "$m" 3 "$play3" "gz-$m-3"
      rm -f "$dir/eval/ziap-$m.g2n"
    fi
    if [ -f "$gm" ] && ! grep -q "^g2048,g2048,$m," "$dir/eval.csv"; then
      echo "g2048's network at $m episodes ..." >&2
      g_play "g-$m-1" 1 "$play1" "$gm" --downgrade 0; row g2048 g2048 "$m" 1 "$play1" "g-$m-1"
      g_play "g-$m-3" 3 "$play3" "$gm" --downgrade 0; row g2048 g2048 "$m" 3 "$play3" "g-$m-3"
      g_play "gd-$m-1" 1 "$play1" "$gm"; row g2048 g2048-downgrade "$m" 1 "$play1" "gd-$m-1"
      g_play "gd-$m-3" 3 "$play3" "$gm"; row g2048 g2048-downgrade "$m" 3 "$play3" "gd-$m-3"
    fi
  done
}

# row ENGINE NETWORK EPISODES DEPTH GAMES NAME: one line of eval.csv from a play's output and time
row() {
  python3 - "$dir/eval/$6" "$@" >>"$dir/eval.csv" <<'EOF'
import json, math, re, sys
w, engine, network, eps, depth, games = sys.argv[1:7]
t = open(w + "/time").read().split()
cpu = float(t[0]) + float(t[1])
out = open(w + "/out").read()
if engine == "ziap":
    # the final summary: "avg: N max: N", "m/s: N elapsed: Ns", then cumulative reach rates "TILE  P%"
    final = out[out.rfind("avg:"):]
    mean = float(re.search(r"avg:\s+(\d+)", final).group(1))
    ms, el = re.search(r"m/s:\s+(\d+)\s+elapsed: (\d+)s", final).groups()
    moves = int(int(ms) * (int(el) + 0.5))  # its elapsed time is printed in whole seconds
    reach = {int(a): float(b) / 100 for a, b in re.findall(r"^\s*(\d+)\s+([\d.]+)%", final, re.M)}
    top = max(reach) if reach else 0
    r = lambda tile: reach.get(tile, 1.0 if tile < min(reach or [0]) else 0.0)
    se = float("nan")  # 2048-tdl prints no spread
else:
    j = json.loads(out)
    mean, sd, moves = j["mean"], j["sd"], j["moves"]
    rates = {int(k): v for k, v in j["reach"].items()}
    r = lambda tile: rates.get(tile, 0.0)
    se = sd / math.sqrt(int(games))
print("%s,%s,%s,%s,%s,%.0f,%.0f,%.4f,%.4f,%d,%.1f,%.0f" % (engine, network, eps, depth, games, mean, se, r(16384),
      r(32768), moves, cpu, moves / cpu if cpu else 0))
EOF
}

case "$phase" in
  train)
    build_ziap
    echo "training both to $episodes episodes in chunks of $chunk ($threads thread(s) each); rerun to continue" >&2
    pids=()
    case " ${ENGINES:-ziap g2048} " in *" ziap "*) train_ziap & pids+=($!) ;; esac
    case " ${ENGINES:-ziap g2048} " in *" g2048 "*) train_g2048 & pids+=($!) ;; esac
    trap 'kill -INT "${pids[@]}" 2>/dev/null || true' INT TERM
    wait "${pids[@]}"
    train_csv ;;
  eval) build_ziap; evaluate; train_csv ;;
  report)
    train_csv
    column -s, -t "$dir/train.csv"; echo; column -s, -t "$dir/eval.csv"
    mkdir -p "$here/bench/results"
    stamp=$(date -u +%Y%m%dT%H%M%SZ)
    cp "$dir/eval.csv" "$here/bench/results/ziap-side-by-side-$stamp-eval.csv"
    cp "$dir/train.csv" "$here/bench/results/ziap-side-by-side-$stamp-train.csv"
    echo "written: bench/results/ziap-side-by-side-$stamp-{eval,train}.csv" >&2 ;;
  pack) pack_runs ;;
  unpack) unpack_runs ;;
  *) echo "$0: unknown phase '$phase': expected train, eval, report, pack or unpack" >&2; exit 2 ;;
esac
