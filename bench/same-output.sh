#!/usr/bin/env bash
# Two builds of the engine on fixed seeds: whether a change that should not move any result moved one.
# Compares, after dropping what measures time (elapsed, rates, latency, CPU):
#   play         play --games 200 --seed 3 --json (the shipped model, 1-ply) and --depth 2 --games 10
#   move         move --board B --depth 1 and 3 --json
#   bench search bench search --depth 2 --games 4 --seed 5 --json
#   train ntuple a 17x4 net, 3,000 games, one thread, seed 5: the model file's SHA-256 and the greedy evaluations
#   dataset      dataset --games 6 --seed 1 (its SHA-256), then train policy on it (CPU, 1 epoch, one thread): its snapshot's SHA-256
#   /move        serve on 127.0.0.1, the same board at depths 1 and 2
#   bench/same-output.sh [BEFORE]         A = commit BEFORE (default a689adb), B = this tree
# Prints one line per check, "same" or "DIFFERENT" with both outputs in the results folder; exit 1 if any differs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
before="${1:-a689adb}"
work="$(mktemp -d)"
cleanup() {
  [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
  if [ -d "$work/before-tree" ]; then git -C "$here" worktree remove --force "$work/before-tree" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
git -C "$here" worktree add --detach "$work/before-tree" "$before" >/dev/null 2>&1
(cd "$work/before-tree" && ./g2048 build >/dev/null)
cp "$work/before-tree/cli/target/g2048.jar" "$work/A.jar"
(cd "$here" && ./g2048 build >/dev/null)
cp "$here/cli/target/g2048.jar" "$work/B.jar"
out="$here/bench/results/same-output-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
board="2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0"
g() { local jar="$1"; shift; "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
  --add-modules jdk.incubator.vector -jar "$work/$jar.jar" "$@" 2>/dev/null; }
# JSON without what measures time or names a temporary path
strip() { python3 -c '
import json, sys
DROP = ("elapsed", "_per_s", "latency", "cpu", "seconds", "_us", "nanos", "rate_per")
def clean(v):
    if isinstance(v, dict):
        return {k: clean(x) for k, x in v.items()
                if not any(d in k for d in DROP) and not k.endswith("_s") and k not in ("out", "model_file")}
    if isinstance(v, list):
        return [clean(x) for x in v]
    return v
for line in sys.stdin:
    line = line.strip()
    if line.startswith("{"):
        print(json.dumps(clean(json.loads(line)), sort_keys=True))
'; }
check() { # name, then the command after the jar
  local name="$1"; shift
  for side in A B; do g "$side" "$@" | strip >"$out/$name.$side.txt" || true; done
  if cmp -s "$out/$name.A.txt" "$out/$name.B.txt" && [ -s "$out/$name.A.txt" ]; then echo "same       $name"; else echo "DIFFERENT  $name"; fail=1; fi
}
fail=0
check play-1ply play --games 200 --seed 3 --threads 2 --json -q
check play-2ply play --games 10 --seed 3 --depth 2 --threads 2 --json -q
check move-1 move --board "$board" --json
check move-3 move --board "$board" --depth 3 --json
check bench-search bench search --depth 2 --games 4 --seed 5 --json -q
for side in A B; do
  d="$work/train-$side"; mkdir -p "$d"
  g "$side" train ntuple --net 17x4 --games 3000 --threads 1 --seed 5 --eval-every 1000 --eval-games 50 --no-progress \
    --out "$d/m.g2n" --json | strip | grep -v '"event": "start"' >"$out/train-ntuple.$side.txt" || true
  # the model's tables (the header records the training time, which differs run to run)
  tail -c +4097 "$d/m.g2n" | sha256sum | cut -d' ' -f1 >>"$out/train-ntuple.$side.txt"
  g "$side" dataset --games 6 --seed 1 --threads 1 --out "$d/d.g2pd" -q >/dev/null || true
  sha256sum <"$d/d.g2pd" | cut -d' ' -f1 >"$out/dataset.$side.txt"
  g "$side" train policy --arch POLICY2 --data "$d/d.g2pd" --epochs 1 --threads 1 --device cpu --eval-games 0 \
    --out "$d/p" >/dev/null 2>&1 || true
  { find "$d/p" -name '*.g2pn' -type f 2>/dev/null || true; } | sort | xargs -r sha256sum | awk '{print $1}' >"$out/train-policy.$side.txt"
done
for name in train-ntuple dataset train-policy; do
  if cmp -s "$out/$name.A.txt" "$out/$name.B.txt" && [ -s "$out/$name.A.txt" ]; then echo "same       $name"; else echo "DIFFERENT  $name"; fail=1; fi
done
port=$((20000 + RANDOM % 20000))
for side in A B; do
  # java itself in the background (not the function g in a subshell), so that $! is the server's process:
  # killed, it frees the port for the other side's server
  "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
    --add-modules jdk.incubator.vector -jar "$work/$side.jar" serve --port "$port" --bind 127.0.0.1 --threads 1 >/dev/null 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break; sleep 0.5; done
  for d in 1 2; do curl -s "http://127.0.0.1:$port/move?board=$board&depth=$d"; echo; done | strip >"$out/serve-move.$side.txt"
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=
done
if cmp -s "$out/serve-move.A.txt" "$out/serve-move.B.txt" && [ -s "$out/serve-move.A.txt" ]; then echo "same       serve-move"; else echo "DIFFERENT  serve-move"; fail=1; fi
echo "outputs: $out" >&2
exit "$fail"
