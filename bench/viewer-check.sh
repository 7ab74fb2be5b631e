#!/usr/bin/env bash
# The viewer page in a real headless Chromium (Debian's 'chromium' package): starts 'g2048 serve' with
# the shipped model and a 2x3 solver database (solved here, a few seconds), then bench/viewer-check.py
# drives the page through the DevTools protocol and checks its DOM against the server's answers:
#   1. the page's start board for a seed is the engine's (/game): the page spawns as the engine does;
#   2. human play: after each arrow key the board is /move's afterstate of that move plus one spawn, the
#      score grows by the move's reward, an illegal key changes nothing; the hints are /move's values;
#   3. a swipe moves as the arrow does; undo takes it back;
#   4. the depths offered are 1../health's max_depth, the players and the model /health's;
#   5. the editor: a typed board and clicked cells give /move's values for that board (depth 2);
#   6. live play through a whole game (by default the lines player at depth 1, seed 5: 324 moves;
#      --live-player ntuple plays the shipped model's, about 8,800 moves): game over on /game's final
#      board after /game's moves, the score the sum of the game's merges;
#   7. on the 2x3 database's shape, the exact values shown are /solve's;
#   8. no failed request or console error on load; the side panel keeps its place through engine steps at 1000-1600 px.
# Then a screenshot of the engine playing live, paused mid-game (bench/results/viewer-check-*/viewer.png).
#   bench/viewer-check.sh [viewer-check.py options]   exit 0 when every check holds, 3 without chromium
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/serve-common.sh"
browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
  echo "viewer-check: no chromium on this machine (apt-get install -y chromium); nothing checked" >&2
  exit 3
fi
"$here/g2048" build
out="$here/bench/results/viewer-check-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
db="$(mktemp -d "${TMPDIR:-/tmp}/g2048-viewer-db.XXXXXX")"
trap 'stop_server; rm -rf "$db"' EXIT
"$here/g2048" solve --shape 2x3 --out "$db" > /dev/null 2>&1
SERVER_LOG="$out/server.log" start_server --db "$db"
set +e
python3 "$here/bench/viewer-check.py" "http://127.0.0.1:$port" "$out" --browser "$browser" --live-player lines --live-depth 1 "$@" | tee "$out/checks.txt"
status=${PIPESTATUS[0]}
set -e
size=$(stat -c %s "$out/viewer.png" 2>/dev/null || echo 0)
[ "$size" -lt 204800 ] || { echo "screenshot over 200 KB" >&2; exit 1; }
echo "$("$browser" --version 2>/dev/null)" >> "$out/checks.txt"
exit "$status"
