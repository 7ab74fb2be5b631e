#!/usr/bin/env bash
# g2048 against TDL2048+ (Hung Guei and I-Chen Wu), one thread each, runs alternated (TDL2048, then
# g2048, PAIRS times) so that both see the same load on a shared machine:
#   - training moves per CPU-second, plain TD and TD+TC, 4x6 network from zero weights, at TDL2048's rates;
#   - 1-ply, 2-ply and 3-ply moves per CPU-second on one network that TDL2048 trained and g2048
#     imported (`g2048 import tdl2048`), so that both play the very same weights (g2048 from the
#     float32 tables; 1-ply also from its int16 tables); each engine with its default search
#     (TDL2048 without its cache, g2048 with its transposition table);
#   - peak resident memory of 1-ply play, and the wall time from start to the first move (TDL2048
#     loading the network and playing one 1-ply game; g2048 `move` on one board);
#   - strength at equal time per move: TDL2048 at 3-ply, g2048 by iterative deepening with the
#     wall time per move TDL2048's 3-ply took in the same run as its mean per move (--time-bank:
#     TDL2048's own time per move varies with the position too), mean ± standard error.
# Per CPU-second: moves / (user + sys time of the process − that of the same command doing no work),
# so that the JVM's start and the tables' allocation are not counted as training or play (TDL2048
# zero-fills its tables as it allocates them, g2048 faults its fresh training tables in as it makes
# them: both idle runs pay that). The training rows *_total count all of each run's CPU time instead.
# g2048 plays with --downgrade 0: TDL2048 runs without tile-downgrading here, so both search alike.
# 1-ply plays 20,000 games a run: at 5,000 (about 7 CPU-seconds) the idle run's own spread, half a
# second, moved single pairs by several per cent.
#   bench/tdl2048-side-by-side.sh TDL2048_DIR [--quick]
# --quick: a smoke run of a few minutes (small counts, one pair); the full run takes hours on a
# loaded 2-core machine (300 games a side for strength). Writes bench/results/tdl2048-side-by-side-*.csv
# (metric, pair, tdl2048, g2048, unit, ratio g2048/TDL2048) and prints a table of the medians.
# A reduced run: the environment variables PAIRS, TRAIN (training games), NET_GAMES, PLAY1, PLAY2, PLAY3
# and STRENGTH (0: no strength games) override the counts; NET_W reuses a TDL2048 4x6patt weight file
# instead of training one; G2048 names another launcher (e.g. one of an older build; copy its cli/target/g2048.jar
# and g2048.aot with `cp -p`: the JVM uses the ahead-of-time cache only for a jar of the same modification time);
# LABEL ends the CSV's name;
# SEED is g2048's seed for the strength games (default 7; TDL2048 seeds itself from the clock).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 TDL2048_DIR [--quick]" >&2; exit 2; }
tdldir="$(cd "$1" && pwd)"; quick="${2:-}"
[ -f "$tdldir/2048.cpp" ] || { echo "$0: $tdldir/2048.cpp not found: TDL2048_DIR must be a TDL2048 checkout" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$quick" = --quick ]; then
  pairs=1; train=500; net_games=2000; play1=100; play2=10; play3=2; strength=4
else
  pairs=3; train=50000; net_games=500000; play1=20000; play2=300; play3=40; strength=300
fi
pairs=${PAIRS:-$pairs}; train=${TRAIN:-$train}; net_games=${NET_GAMES:-$net_games}
play1=${PLAY1:-$play1}; play2=${PLAY2:-$play2}; play3=${PLAY3:-$play3}; strength=${STRENGTH:-$strength}
[ -x "$tdldir/2048" ] || (cd "$tdldir" && make native >/dev/null)
tdl="$tdldir/2048"
g2048="${G2048:-$here/g2048}"
"$g2048" --version >/dev/null
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
mkdir -p "$here/bench/results"
csv="$here/bench/results/tdl2048-side-by-side-$(date -u +%Y%m%dT%H%M%SZ)${quick:+-quick}${LABEL:+-$LABEL}.csv"
echo "metric,pair,tdl2048,g2048,unit,ratio" >"$csv"
board="2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"

# run NAME CMD...: runs CMD, its output in $work/NAME.out, "user+sys peak_kb wall_s" in $work/NAME.time
run() {
  local name="$1"; shift
  /usr/bin/time -f "%U %S %M %e" -o "$work/$name.rawtime" "$@" >"$work/$name.out" 2>"$work/$name.err" || {
    echo "$0: $name failed: $*" >&2; tail -5 "$work/$name.err" >&2; exit 1; }
  awk '{printf "%.3f %d %.3f\n", $1 + $2, $3, $4}' "$work/$name.rawtime" >"$work/$name.time"
}
cpu() { awk '{print $1}' "$work/$1.time"; }
peak() { awk '{print $2}' "$work/$1.time"; }
wall() { awk '{print $3}' "$work/$1.time"; }
# TDL2048's moves: its summary prints the time in ms and moves per second
tdl_moves() { awk '/^summary/ {ms = $2 + 0; ops = $3 + 0; printf "%.0f\n", ms * ops / 1000}' "$work/$1.out"; }
g_moves() { grep -o '"moves":[0-9]*' "$work/$1.out" | tail -1 | cut -d: -f2; }
# rate MOVES CPU IDLE: moves per CPU-second net of the idle run's CPU time
rate() { awk -v m="$1" -v c="$2" -v i="$3" 'BEGIN { d = c - i; if (d < 0.05) d = 0.05; printf "%.0f\n", m / d }'; }
row() { # metric pair tdl g unit
  awk -v m="$1" -v p="$2" -v t="$3" -v g="$4" -v u="$5" 'BEGIN { printf "%s,%s,%s,%s,%s,%.3f\n", m, p, t, g, u, (t > 0 ? g / t : 0) }' >>"$csv"
}

if [ -n "${NET_W:-}" ]; then
  cp "$NET_W" "$work/net.w"
else
  echo "training a 4x6 network with TDL2048 for $net_games games (the network both engines play) ..." >&2
  run net "$tdl" -n 4x6patt -t "$((net_games / 1000))x1000" -% -o "$work/net.w"
  echo "TDL2048's network: $(grep -m1 '^total:' <(tac "$work/net.out") || true)" >&2
fi
"$g2048" import tdl2048 --net 4x6patt --out "$work/net.g2n" "$work/net.w" >/dev/null

echo "idle runs (the CPU time of starting up) ..." >&2
run tdl_idle "$tdl" -n 4x6patt -i "$work/net.w" -e 1x1 -%
run g_idle "$g2048" move --model "$work/net.g2n" --downgrade 0 --table float32 --board "$board"
# the int16 tables of a float32 file are made at load (three passes over 67M entries): start-up, not play
run g_idle_int16 "$g2048" move --model "$work/net.g2n" --table int16 --board "$board"
run tdl_idle_train "$tdl" -n 4x6patt -t 1x1 -%
run g_idle_train "$g2048" train ntuple --net 4x6 --games 1 --threads 1 --eval-every 0 --checkpoint-every 0 --json -q \
  --out "$work/idle.g2n"

for p in $(seq 1 "$pairs"); do
  echo "pair $p of $pairs ..." >&2
  # training, plain TD then TD+TC (TDL2048's -a 1.0 switches TC on), at TDL2048's rates per feature (its
  # default alpha, 0.1 plain and 1.0 with TC, over its 32 features), so that both learn alike and play games of
  # the same lengths: the same table reads
  run tdl_td "$tdl" -n 4x6patt -t "$((train / 100))x100" -%
  run g_td "$g2048" train ntuple --net 4x6 --alpha 0.003125 --games "$train" --threads 1 --eval-every 0 --checkpoint-every 0 \
    --json -q --out "$work/td.g2n"
  row train_td_moves_per_cpu_s "$p" "$(rate "$(tdl_moves tdl_td)" "$(cpu tdl_td)" "$(cpu tdl_idle_train)")" \
    "$(rate "$(g_moves g_td)" "$(cpu g_td)" "$(cpu g_idle_train)")" moves/cpu-s
  row train_td_moves_per_cpu_s_total "$p" "$(rate "$(tdl_moves tdl_td)" "$(cpu tdl_td)" 0)" \
    "$(rate "$(g_moves g_td)" "$(cpu g_td)" 0)" moves/cpu-s
  run tdl_tc "$tdl" -n 4x6patt -a 1.0 -t "$((train / 100))x100" -%
  run g_tc "$g2048" train ntuple --net 4x6 --tc --alpha 0.03125 --games "$train" --threads 1 --eval-every 0 \
    --checkpoint-every 0 --json -q --out "$work/tc.g2n"
  row train_tc_moves_per_cpu_s "$p" "$(rate "$(tdl_moves tdl_tc)" "$(cpu tdl_tc)" "$(cpu tdl_idle_train)")" \
    "$(rate "$(g_moves g_tc)" "$(cpu g_tc)" "$(cpu g_idle_train)")" moves/cpu-s
  row train_tc_moves_per_cpu_s_total "$p" "$(rate "$(tdl_moves tdl_tc)" "$(cpu tdl_tc)" 0)" \
    "$(rate "$(g_moves g_tc)" "$(cpu g_tc)" 0)" moves/cpu-s
  # play on the shared network
  for d in 1 2 3; do
    games=$([ $d = 1 ] && echo "$play1" || { [ $d = 2 ] && echo "$play2" || echo "$play3"; })
    search=(); [ $d -gt 1 ] && search=(-d "${d}p")
    run "tdl_p$d" "$tdl" -n 4x6patt -i "$work/net.w" -e "${games}x1" "${search[@]}" -%
    run "g_p$d" "$g2048" play --model "$work/net.g2n" --downgrade 0 --table float32 --depth "$d" --games "$games" --threads 1 --json -q
    row "play_${d}ply_moves_per_cpu_s" "$p" "$(rate "$(tdl_moves "tdl_p$d")" "$(cpu "tdl_p$d")" "$(cpu tdl_idle)")" \
      "$(rate "$(g_moves "g_p$d")" "$(cpu "g_p$d")" "$(cpu g_idle)")" moves/cpu-s
  done
  run g_p1_int16 "$g2048" play --model "$work/net.g2n" --downgrade 0 --table int16 --depth 1 --games "$play1" --threads 1 --json -q
  row play_1ply_int16_moves_per_cpu_s "$p" "$(rate "$(tdl_moves tdl_p1)" "$(cpu tdl_p1)" "$(cpu tdl_idle)")" \
    "$(rate "$(g_moves g_p1_int16)" "$(cpu g_p1_int16)" "$(cpu g_idle_int16)")" moves/cpu-s
  row play_1ply_peak_rss_mb "$p" "$(($(peak tdl_p1) / 1024))" "$(($(peak g_p1) / 1024))" MB
  run tdl_idle "$tdl" -n 4x6patt -i "$work/net.w" -e 1x1 -%
  run g_idle "$g2048" move --model "$work/net.g2n" --downgrade 0 --table float32 --board "$board"
  row start_to_first_move_s "$p" "$(wall tdl_idle)" "$(wall g_idle)" s
done

if [ "$strength" -gt 0 ]; then
echo "strength at equal time per move, $strength games each ..." >&2
run tdl_strength "$tdl" -n 4x6patt -i "$work/net.w" -e "${strength}x1" -d 3p -%
tdl_ms=$(awk -v m="$(tdl_moves tdl_strength)" '/^summary/ {printf "%.4f\n", ($2 + 0) / m}' "$work/tdl_strength.out")
run g_strength "$g2048" play --model "$work/net.g2n" --downgrade 0 --table float32 --depth 9 --time-ms "$tdl_ms" --time-bank --games "$strength" \
  --threads 1 --seed "${SEED:-7}" --json -q
read -r tdl_mean tdl_se < <(awk '/^local:/ { split($2, a, "="); s = a[2] + 0; n++; sum += s; sq += s * s }
  END { m = sum / n; v = (sq - n * m * m) / (n - 1); printf "%.1f %.1f\n", m, sqrt(v / n) }' "$work/tdl_strength.out")
g_mean=$(grep -o '"mean":[0-9.]*' "$work/g_strength.out" | cut -d: -f2)
g_sd=$(grep -o '"sd":[0-9.]*' "$work/g_strength.out" | cut -d: -f2)
g_se=$(awk -v s="$g_sd" -v n="$strength" 'BEGIN { printf "%.1f\n", s / sqrt(n) }')
row strength_mean_score 1 "$tdl_mean" "$g_mean" score
row strength_standard_error 1 "$tdl_se" "$g_se" score
# the time g2048 actually took per move (its mean budget is TDL2048's)
g_ms=$(awk -v e="$(grep -o '"elapsed_s":[0-9.]*' "$work/g_strength.out" | cut -d: -f2)" -v m="$(g_moves g_strength)" \
  'BEGIN { printf "%.4f\n", 1000 * e / m }')
row strength_ms_per_move 1 "$tdl_ms" "$g_ms" ms
z=$(awk -v a="$g_mean" -v b="$tdl_mean" -v x="$g_se" -v y="$tdl_se" 'BEGIN { printf "%.2f\n", (a - b) / sqrt(x * x + y * y) }')
fi

echo
echo "g2048 against TDL2048, one thread each, medians over $pairs alternated pair(s) ($csv):"
printf "%-34s %14s %14s %8s\n" metric TDL2048 g2048 g/T
tail -n +2 "$csv" | sort -t, -k1,1 -s | awk -F, '
  { k = $1; t[k, ++n[k]] = $3; g[k, n[k]] = $4; r[k, n[k]] = $6; u[k] = $5; if (!(k in seen)) { seen[k] = 1; order[++m] = k } }
  function med(a, k, c,   i, j, x, v) { for (i = 1; i <= c; i++) v[i] = a[k, i] + 0
    for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (v[j] < v[i]) { x = v[i]; v[i] = v[j]; v[j] = x }
    return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2 }
  END { for (i = 1; i <= m; i++) { k = order[i]; printf "%-34s %14s %14s %8.2f\n", k, med(t, k, n[k]), med(g, k, n[k]), med(r, k, n[k]) } }'
if [ "$strength" -gt 0 ]; then
  echo "strength: g2048 - TDL2048 = $(awk -v a="$g_mean" -v b="$tdl_mean" 'BEGIN { printf "%.0f", a - b }') points, $z standard errors ($strength games each, ${tdl_ms} ms per move)"
fi
