#!/usr/bin/env bash
# Whether a candidate n-tuple model may replace a shipped one: both play the same seeded games, and
# the candidate replaces the shipped one only when its mean beats it by more than two standard errors
# of the difference (the two runs taken as independent samples). Every replaced model stays in the
# repository's history forever, so a model that is not clearly stronger does not pay for the bytes it
# adds to every clone. Each side plays as `play` plays by default at that depth: with tile-downgrading
# auto, and with --late-model auto (the shipped late model from 16384 at depth 2 or more).
#   bench/model-gate.sh CANDIDATE.g2nz [GAMES] [SEED]      (defaults: 1000 games, seed 20261126)
#   DEPTH=D      search depth of both sides (default 1)
#   KIND=model   the candidate replaces the shipped model (default); at depth 2 or more it plays with the
#                shipped late model, as the default player would once it is shipped
#   KIND=late    the candidate replaces the shipped late model: the shipped model plays with it from 16384
#   THREADS=N    threads of each run (default 2)
# Prints both means, the difference and its standard error, and "replace" or "keep"; exit 0 either way,
# 2 on bad arguments. Results also go to bench/results/model-gate-<UTC time>.txt.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
candidate="${1:?usage: bench/model-gate.sh CANDIDATE.g2nz [GAMES] [SEED]}"
games="${2:-1000}"
seed="${3:-20261126}"
[ -f "$candidate" ] || { echo "model-gate: CANDIDATE $candidate: no such file" >&2; exit 2; }
[[ "$games" =~ ^[0-9]+$ && "$games" -ge 100 ]] || { echo "model-gate: GAMES: expected a count of at least 100, got $games" >&2; exit 2; }
[[ "$seed" =~ ^[0-9]+$ ]] || { echo "model-gate: SEED: expected a non-negative integer, got $seed" >&2; exit 2; }
depth="${DEPTH:-1}"
kind="${KIND:-model}"
[[ "$depth" =~ ^[1-9]$ ]] || { echo "model-gate: DEPTH: expected a depth of 1 to 9, got $depth" >&2; exit 2; }
case "$kind" in
  model) if [ "$depth" -ge 2 ]; then as=(--model "$candidate" --late-model shipped); else as=(--model "$candidate"); fi ;;
  late) as=(--late-model "$candidate") ;;
  *) echo "model-gate: KIND: expected model or late, got $kind" >&2; exit 2 ;;
esac
out="$here/bench/results/model-gate-$(date -u +%Y%m%d-%H%M%S).txt"
mkdir -p "$here/bench/results"
run() { "$here/g2048" play --games "$games" --seed "$seed" --depth "$depth" --threads "${THREADS:-2}" --json -q "$@"; }
shipped="$(run)"
cand="$(run "${as[@]}")"
python3 - "$shipped" "$cand" "$candidate" "$games" "$seed" "$depth" "$kind" <<'PY' | tee "$out"
import json, math, sys
a, b = json.loads(sys.argv[1]), json.loads(sys.argv[2])
n = int(sys.argv[4])
diff = b["mean"] - a["mean"]
se = math.sqrt(a["sd"] ** 2 / n + b["sd"] ** 2 / n)
print(f"games {n} per model, seed {sys.argv[5]}, depth {sys.argv[6]}, candidate for the shipped {sys.argv[7]}")
for name, r in (("shipped", a), (sys.argv[3], b)):
    print(f"  {name} played as: {r['player']}")
for name, r in (("shipped", a), (sys.argv[3], b)):
    print(f"{name}: mean {r['mean']:.0f} sd {r['sd']:.0f} max {r['max']} 16384 {r['reach'].get('16384', 0):.3f}"
          f" 32768 {r['reach'].get('32768', 0):.3f}")
print(f"difference {diff:+.0f}, standard error {se:.0f}, {diff / se:+.2f} SE")
print("replace" if diff > 2 * se else "keep")
PY
