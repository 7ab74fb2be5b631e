#!/usr/bin/env bash
# The engine's answers on fixed seeds from two builds, compared line by line: refactors of how
# players are built, how errors are worded or how JSON is written must leave every number and
# every message as it was. Timings (elapsed, moves per second, latency, CPU time) are dropped
# before comparing; everything else must match.
#
#   bench/outputs-before-after.sh A.jar B.jar       compare two jars (exit 1 on any difference)
#   bench/outputs-before-after.sh A.jar             only record A's answers (to OUT)
# Environment: OUT (a folder for the answers, default a temporary one), JAVA_HOME, PORT (8797),
# PARTS ("commands serve": the commands, the server's answers, or both).
set -uo pipefail
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
out="${OUT:-$(mktemp -d)}"
port="${PORT:-8797}"
parts="${PARTS:-commands serve}"
board=2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0

# Drops the fields that measure time from JSON lines; other lines pass as they are.
normalise() {
  python3 -c '
import json, re, sys
timing = re.compile(r"elapsed|per_s|per_cpu_s|latency|cpu_s|_us$|^hlog$")
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if not timing.search(k)}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
for line in sys.stdin:
    try:
        print(json.dumps(strip(json.loads(line)), sort_keys=True))
    except ValueError:
        # text reports: times in microseconds
        print(re.sub(r"[0-9]+(\.[0-9]+)? µs", "(time) µs", line.rstrip("\n")))
'
}

answers() { # jar folder
  local jar="$1"
  dir="$2"
  mkdir -p "$dir"
  local java=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -jar "$jar")
  local n=0
  # the folder's own path is written as DIR, so that two runs compare
  one() { n=$((n + 1)); { echo "\$ g2048 $*"; "${java[@]}" "$@" 2>&1; echo "exit $?"; } | normalise | sed "s|$dir|DIR|g" >"$dir/$(printf %02d $n).txt"; }
  if [[ " $parts " == *" commands "* ]]; then
  one play --games 50 --seed 3 --json --no-progress
  one play --player heuristic --games 4 --seed 5 --json --no-progress
  one play --player lines --depth 2 --games 3 --seed 1 --json --no-progress
  one play --player random --games 20 --seed 1 --json --no-progress
  one play --shape 3x3 --player heuristic --games 10 --seed 2 --json --no-progress
  one move --board "$board" --depth 3 --json
  one move --board "$board" --json
  one move --board "$board" --player lines --depth 2 --json
  one move --board "$board" --player heuristic --json
  one move --board "$board" --player random --json
  one move --board "$board" --depth 2 --time-ms 0 --cutoff 0.001
  one bench search --depth 2 --games 3 --json --no-progress
  # messages of bad input, each naming the option at fault
  one move --board "$board" --depth 13
  one play --player random --depth 2 --games 1
  one play --player heuristic --cutoff 0.01 --games 1
  one play --player nobody --games 1
  one play --player cnn --games 1
  one play --player cnn --model /nonexistent.g2nn --games 1 --shape 3x3
  one play --player policy --games 1
  one play --player optimal --games 1
  one play --player random --model a.g2n --model b.g2n --games 1
  one play --table bogus --games 1
  one play --player ntuple --shape 3x3 --games 1
  one move --board "$board" --player policy
  one train ntuple --net 4x6 --n-step 0 --games 1 --out "$dir/x.g2n"
  one train ntuple --net 4x6 --lambda 0.5 --games 1 --out "$dir/x.g2n"
  one train ntuple --net 4x6 --lambda 2 --games 1 --out "$dir/x.g2n"
  one train ntuple --net 4x6 --symmetry bogus --games 1 --out "$dir/x.g2n"
  one train ntuple --net 4x6 --batching bogus --games 1 --out "$dir/x.g2n"
  one train ntuple --net 4x6 --jump bogus --games 1 --out "$dir/x.g2n"
  one train cnn --positions 0 --out "$dir/cnn"
  one train cnn --lanes 0 --out "$dir/cnn"
  one train cnn --trainer-threads 0 --out "$dir/cnn"
  one train cnn --device bogus --out "$dir/cnn"
  one train policy --epochs 0 --data "$dir/none" --out "$dir/pol"
  one train policy --holdout 1 --data "$dir/none" --out "$dir/pol"
  one dataset --teacher-share 2 --games 1 --out "$dir/ds"
  one serve --port 70000
  one serve --threads 0
  one inspect filters --filter 999 --model "$dir/none.g2pn"
  fi
  [[ " $parts " == *" serve "* ]] || return 0
  n=100
  # the server: /move and /game answers
  "${java[@]}" serve --port "$port" >"$dir/serve.log" 2>&1 &
  local pid=$!
  # a loaded machine may take a minute to load the model
  for _ in $(seq 300); do curl -s "localhost:$port/health" >/dev/null 2>&1 && break; sleep 1; done
  for q in "move?board=$board" "move?board=$board&depth=2" "move?board=$board&player=heuristic" \
      "move?board=$board&player=random" "move?board=$board&player=nobody" "move?board=$board&depth=13" \
      "game?seed=3&player=heuristic&max_moves=40" "game?seed=4&max_moves=30" "game?seed=4&player=lines&depth=2&max_moves=20" \
      "game?seed=1&shape=3x3&player=random" "game?seed=1&player=optimal"; do
    n=$((n + 1))
    { echo "GET /$q"; curl -s "localhost:$port/$q"; echo; } | normalise >"$dir/$(printf %02d $n).txt"
  done
  kill "$pid"; wait "$pid" 2>/dev/null
  rm -rf "$dir/x.g2n" "$dir/cnn" "$dir/pol" "$dir/ds" "$dir/serve.log"
}

answers "$1" "$out/a"
if [ $# -lt 2 ]; then echo "answers of $1: $out/a" >&2; exit 0; fi
answers "$2" "$out/b"
if diff -r "$out/a" "$out/b" >"$out/diff.txt"; then
  echo "same answers: $(ls "$out/a" | wc -l) commands and requests ($out)"
else
  cat "$out/diff.txt"; echo "answers differ ($out)" >&2; exit 1
fi
