#!/usr/bin/env bash
# Whether a candidate n-tuple model may replace the shipped one: both play the same seeded games at
# 1-ply, and the candidate replaces the default only when its mean beats the shipped model's by more
# than two standard errors of the difference (the two runs taken as independent samples). Every
# replaced model stays in the repository's history forever, so a model that is not clearly stronger
# does not pay for the bytes it adds to every clone. Each model plays as `play` plays it by default:
# with tile-downgrading auto (24576 for a network of 4x4 without stages past 16384, none for one with them).
#   bench/model-gate.sh CANDIDATE.g2nz [GAMES] [SEED]      (defaults: 1000 games, seed 20261126)
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
out="$here/bench/results/model-gate-$(date -u +%Y%m%d-%H%M%S).txt"
mkdir -p "$here/bench/results"
run() { "$here/g2048" play --games "$games" --seed "$seed" --threads "${THREADS:-2}" --json -q "$@"; }
shipped="$(run)"
cand="$(run --model "$candidate")"
python3 - "$shipped" "$cand" "$candidate" "$games" "$seed" <<'PY' | tee "$out"
import json, math, sys
a, b = json.loads(sys.argv[1]), json.loads(sys.argv[2])
n = int(sys.argv[4])
diff = b["mean"] - a["mean"]
se = math.sqrt(a["sd"] ** 2 / n + b["sd"] ** 2 / n)
print(f"games {n} per model, seed {sys.argv[5]}, 1-ply")
for name, r in (("shipped", a), (sys.argv[3], b)):
    print(f"{name}: mean {r['mean']:.0f} sd {r['sd']:.0f} max {r['max']} 16384 {r['reach'].get('16384', 0):.3f}"
          f" 32768 {r['reach'].get('32768', 0):.3f}")
print(f"difference {diff:+.0f}, standard error {se:.0f}, {diff / se:+.2f} SE")
print("replace" if diff > 2 * se else "keep")
PY
