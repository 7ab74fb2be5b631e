#!/usr/bin/env bash
# The strength of a model at each search depth and time budget: mean ± standard error, max, and the
# rates of 16384 and 32768, over seeded games that nothing was tuned on (seed 20261127 unless SEED says).
#   bench/strength-table.sh [MODEL]          (MODEL: the shipped model when left out)
# Rows and their games (environment): DEPTHS="1:1000 2:200 3:100 4:10 5:2" (depth:games) and
# BUDGETS="1:50 10:10 100:2" (ms per move:games; iterative deepening up to depth 9). THREADS (default 1)
# plays games in parallel; DOWNGRADE=T plays every row with --downgrade T. Writes bench/results/strength-table-*.csv and prints the table as Markdown.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
model="${1:-}"
depths="${DEPTHS:-1:1000 2:200 3:100 4:10 5:2}"
budgets="${BUDGETS:-1:50 10:10 100:2}"
seed="${SEED:-20261127}"; threads="${THREADS:-1}"
g2048="${G2048:-$here/g2048}"
"$g2048" --version >/dev/null
mkdir -p "$here/bench/results"
# a run with DOWNGRADE says so in its file's name (its rows do not)
stamp="$(date -u +%Y%m%dT%H%M%SZ)${DOWNGRADE:+-downgrade$DOWNGRADE}"; csv="$here/bench/results/strength-table-$stamp.csv"; k=1
# runs started side by side in the same second each take a file of their own
while ! (set -o noclobber; echo "search,games,mean,standard_error,sd,max,reach16384,reach32768,moves,ms_per_move" >"$csv") 2>/dev/null; do
  k=$((k + 1)); csv="$here/bench/results/strength-table-$stamp-$k.csv"
done
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
modelArgs=(); [ -n "$model" ] && modelArgs=(--model "$model")
[ -n "${DOWNGRADE:-}" ] && modelArgs+=(--downgrade "$DOWNGRADE")

# row NAME GAMES PLAY-OPTIONS...: plays the games, appends a CSV row
row() {
  local name="$1" games="$2"; shift 2
  echo "$name: $games games ..." >&2
  "$g2048" play "${modelArgs[@]}" --games "$games" --threads "$threads" --seed "$seed" --json -q "$@" >"$work/out.json"
  local j; j="$(cat "$work/out.json")"
  [ -f "$work/player" ] || grep -o '"player":"[^"]*"' <<<"$j" | cut -d'"' -f4 >"$work/player"
  field() { grep -o "\"$1\":[0-9.e+-]*" <<<"$j" | head -1 | cut -d: -f2; }
  reach() { grep -o "\"$1\":[0-9.]*" <<<"$(grep -o '"reach":{[^}]*}' <<<"$j")" | cut -d: -f2; }
  awk -v n="$name" -v g="$games" -v m="$(field mean)" -v s="$(field sd)" -v x="$(field max)" \
    -v r16="$(reach 16384)" -v r32="$(reach 32768)" -v mv="$(field moves)" -v e="$(field elapsed_s)" -v t="$threads" \
    'BEGIN { printf "%s,%d,%.1f,%.1f,%.1f,%d,%.4f,%.4f,%d,%.4f\n", n, g, m, s / sqrt(g), s, x, r16, r32, mv, 1000 * e * t / mv }' >>"$csv"
}

for d in $depths; do row "depth ${d%%:*}" "${d##*:}" --depth "${d%%:*}"; done
for b in $budgets; do row "${b%%:*} ms" "${b##*:}" --depth 9 --time-ms "${b%%:*}"; done

echo
echo "$(cat "$work/player"), seed $seed, $threads thread(s) ($csv):"
echo
echo "| search | games | mean ± standard error | max | 16384 | 32768 | ms per move |"
echo "|---|---|---|---|---|---|---|"
tail -n +2 "$csv" | awk -F, '{ printf "| %s | %d | %\047.0f ± %\047.0f | %\047d | %.1f%% | %.1f%% | %.3f |\n", $1, $2, $3, $4, $6, 100 * $7, 100 * $8, $10 }'
