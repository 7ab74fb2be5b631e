#!/usr/bin/env bash
# Kills long jobs with SIGKILL at random moments, resumes them, and compares the results with
# uninterrupted runs: a solver database must be byte-identical (manifest, ids and values files), a
# one-thread n-tuple training result (.g2n) bit-identical (tables and training state; only the
# recorded training time may differ).
#   bench/kill-resume.sh                       defaults below
#   SHAPE=3x3 ROUNDS=3 KILLS=4 bench/kill-resume.sh
# Environment: SHAPE (solve, default 2x3), SOLVE_THREADS (2), ROUNDS (interrupted runs of each job, 2),
# KILLS (kills per interrupted run, 3), NET (n-tuple network, 17x4), GAMES (training games, 20000),
# CHECKPOINT (games between training checkpoints, 1000), SEED (the kill schedule and the training, 1).
# Writes bench/results/kill-resume-<UTC date-time>/summary.txt (and log.txt); exits 1 if any
# comparison fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shape="${SHAPE:-2x3}"
threads="${SOLVE_THREADS:-2}"
rounds="${ROUNDS:-2}"
kills="${KILLS:-3}"
net="${NET:-17x4}"
games="${GAMES:-20000}"
checkpoint="${CHECKPOINT:-1000}"
seed="${SEED:-1}"
RANDOM="$seed"

stamp="$(date -u +%Y%m%d-%H%M%S)"
results="$here/bench/results/kill-resume-$stamp"
work="$(mktemp -d "${TMPDIR:-/tmp}/g2048-kill-resume.XXXXXX")"
mkdir -p "$results"
summary="$results/summary.txt"
log="$results/log.txt"
trap 'rm -rf "$work"' EXIT
failures=0

say() { echo "$*" | tee -a "$summary"; }

"$here/g2048" build >>"$log" 2>&1
say "kill-resume: commit $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown), $(date -u +%FT%TZ)"
say "  machine load: $(cut -d' ' -f1-3 /proc/loadavg); solve $shape on $threads threads; train ntuple --net $net"
say "  --games $games --threads 1 --checkpoint-every $checkpoint; $rounds interrupted runs of each, $kills kills each (seed $seed)"

now() { date +%s.%N; }

# A random moment in [0.3 s, 0.95 * $1 s], in seconds with two decimals (from $RANDOM: the schedule follows SEED).
moment() { awk -v t="$1" -v r="$RANDOM" 'BEGIN { m = 0.3 + (0.95 * t - 0.3) * r / 32767; if (m < 0.3) m = 0.3; printf "%.2f", m }'; }

# Starts "$@" in the background, kills it with SIGKILL after $delay seconds if it still runs; says which.
run_and_kill() {
  local delay="$1"; shift
  "$@" >>"$log" 2>&1 &
  local pid=$!
  sleep "$delay"
  if kill -0 "$pid" 2>/dev/null; then
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    echo "killed after ${delay}s"
  else
    local rc=0
    wait "$pid" || rc=$?
    echo "finished before ${delay}s (exit $rc)"
  fi
}

# Temporary files a killed writer left (AtomicFile names them .NAME.PID-N.tmp).
leftovers() { find "$1" -name '.*.tmp' | wc -l; }

# ------------------------------------------------------------------ the solver

db_digest() { (cd "$1" && sha256sum manifest.properties ids-*.bin values-*.bin); }

say ""
say "solve --shape $shape"
t0="$(now)"
"$here/g2048" solve --shape "$shape" --threads "$threads" --out "$work/solve-ref" >>"$log" 2>&1
solve_time="$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')"
db_digest "$work/solve-ref" >"$work/solve-ref.sha256"
say "  uninterrupted: ${solve_time}s, $(wc -l <"$work/solve-ref.sha256") files"
for round in $(seq 1 "$rounds"); do
  dir="$work/solve-$round"
  events=()
  for k in $(seq 1 "$kills"); do
    events+=("$(run_and_kill "$(moment "$solve_time")" "$here/g2048" solve --shape "$shape" --threads "$threads" --out "$dir")")
  done
  left="$(leftovers "$dir")"
  "$here/g2048" solve --shape "$shape" --threads "$threads" --out "$dir" >>"$log" 2>&1
  if db_digest "$dir" | cmp -s - "$work/solve-ref.sha256" && [ ! -e "$dir/work" ]; then
    verdict="identical"
  else
    verdict="DIFFERENT"; failures=$((failures + 1))
  fi
  say "  run $round: $(IFS=';'; echo "${events[*]}"); temporary files left by the kills: $left, after the resume: $(leftovers "$dir"); database $verdict"
done

# ------------------------------------------------------------------ n-tuple training

# Compares two .g2n files, leaving out the header's training-time field (bytes 88..95) and the
# header CRC that covers it (bytes 52..55).
same_model() {
  cmp -s <(head -c 52 "$1") <(head -c 52 "$2") \
    && cmp -s <(tail -c +57 "$1" | head -c 32) <(tail -c +57 "$2" | head -c 32) \
    && cmp -s <(tail -c +97 "$1") <(tail -c +97 "$2")
}

train() { "$here/g2048" train ntuple --net "$net" --games "$games" --threads 1 --seed "$seed" --eval-every 0 \
  --checkpoint-every "$checkpoint" --no-progress "$@"; }

say ""
say "train ntuple --net $net --games $games"
t0="$(now)"
train --out "$work/ref.g2n" >>"$log" 2>&1
train_time="$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')"
say "  uninterrupted: ${train_time}s"
for round in $(seq 1 "$rounds"); do
  out="$work/run-$round.g2n"
  events=()
  for k in $(seq 1 "$kills"); do
    if [ -e "$out" ]; then
      events+=("$(run_and_kill "$(moment "$train_time")" train --resume "$out" --out "$out")")
    else
      events+=("$(run_and_kill "$(moment "$train_time")" train --out "$out") (fresh)")
    fi
  done
  left="$(leftovers "$work")"
  if [ -e "$out" ]; then train --resume "$out" --out "$out" >>"$log" 2>&1; else train --out "$out" >>"$log" 2>&1; fi
  if same_model "$work/ref.g2n" "$out"; then verdict="bit-identical"; else verdict="DIFFERENT"; failures=$((failures + 1)); fi
  say "  run $round: $(IFS=';'; echo "${events[*]}"); temporary files left: $left; model $verdict"
done

say ""
if [ "$failures" -eq 0 ]; then say "all results identical to the uninterrupted runs"; else say "$failures comparison(s) FAILED"; fi
say "  load after: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$failures" -eq 0 ]
