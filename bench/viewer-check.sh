#!/usr/bin/env bash
# The viewer page in a real headless Chromium (Debian's 'chromium' package): starts 'g2048 serve' with
# the shipped model and a 2x3 solver database (solved here, a few seconds), lets the page play a seeded
# game and checks the DOM it renders:
#   1. 4x4, ntuple depth 1, seed 5: the page moved past move 0; the board it shows at that move is the
#      trace's board (from /game) at the same move; four value rows, the chosen one the trace's move;
#   2. 2x3, optimal player, played slowly (a move per 400 ms) to stop mid-game: the exact-value column is shown, and each value equals /solve's for that board.
# Then takes a screenshot of the first page (bench/results/viewer-check-*/viewer.png, kept under 200 KB).
#   bench/viewer-check.sh            exit 0 when every check holds; needs chromium, curl, python3
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
base="http://127.0.0.1:$port"
chrome() { # URL OUT_FILE: the DOM after the page has run for a while (virtual time: timers run fast)
  "$browser" --headless --no-sandbox --disable-gpu --virtual-time-budget=6000 --dump-dom "$1" 2>>"$out/chromium.log" > "$2"
}
chrome "$base/?seed=5&player=ntuple&depth=1&max_moves=400&autoplay=1" "$out/ntuple.html"
curl -sf "$base/game?seed=5&player=ntuple&depth=1&max_moves=400" > "$out/ntuple-trace.json"
chrome "$base/?seed=3&shape=2x3&player=optimal&speed=400&autoplay=1" "$out/optimal.html"
curl -sf "$base/game?seed=3&shape=2x3&player=optimal" > "$out/optimal-trace.json"
python3 - "$out" "$base" <<'PY'
import html.parser, json, sys, urllib.parse, urllib.request
out, base = sys.argv[1], sys.argv[2]

class Dom(html.parser.HTMLParser):
    """The bits of the viewer's DOM the checks read."""
    def __init__(self):
        super().__init__(); self.cells = []; self.rows = []; self.ids = {}; self.hidden = set()
        self.stack = []; self.text = {}
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "hidden" in a and "id" in a: self.hidden.add(a["id"])
        if "cell" in (a.get("class") or "").split(): self.cells.append(int(a["data-value"]))
        if tag == "tr" and "data-move" in a: self.rows.append({"move": a["data-move"], "chosen": a.get("class") == "chosen", "cells": []})
        if tag == "td" and self.rows: self.rows[-1]["cells"].append("")
        self.stack.append((tag, a.get("id")))
    def handle_endtag(self, tag):
        if self.stack: self.stack.pop()
    def handle_data(self, data):
        for _, i in self.stack:
            if i: self.text[i] = self.text.get(i, "") + data
        if self.stack and self.stack[-1][0] == "td" and self.rows: self.rows[-1]["cells"][-1] += data

def load(name):
    d = Dom(); d.feed(open(f"{out}/{name}.html").read()); return d

def board_cells(text):
    return [0 if c == "." else int(c) for row in text.split("/") for c in row.split(",")]

failures = []
def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok: failures.append(what)

d = load("ntuple"); trace = json.load(open(f"{out}/ntuple-trace.json"))
k = int(d.text.get("move-index", "0"))
check(k > 0, f"4x4 ntuple: the page played past the start (shows move {k} of {d.text.get('move-count')})")
shown = trace["steps"][k]["board"] if k < len(trace["steps"]) else trace["final_board"]
check(d.cells == board_cells(shown), f"4x4 ntuple: the board at move {k} is the trace's ({shown})")
check([r["move"] for r in d.rows] == ["U", "R", "D", "L"], "4x4 ntuple: a value row per direction")
if k < len(trace["steps"]):
    chosen = [r["move"] for r in d.rows if r["chosen"]]
    check(chosen == [trace["steps"][k]["move"]], f"4x4 ntuple: the chosen row is the trace's move {trace['steps'][k]['move']}")
    for r in d.rows:
        v = trace["steps"][k]["values"][r["move"]]
        shown_v = r["cells"][1].replace(",", "")
        check(shown_v == "\u2013" if v is None else abs(float(shown_v) - v) <= 0.01, f"4x4 ntuple: value of {r['move']} is {shown_v} (trace: {v})")

d = load("optimal"); trace = json.load(open(f"{out}/optimal-trace.json"))
k = int(d.text.get("move-index", "0"))
check(k > 0, f"2x3 optimal: the page played past the start (move {k})")
check("optimal-head" not in d.hidden, "2x3 optimal: the exact-value column is shown")
if k < len(trace["steps"]):
    board = trace["steps"][k]["board"]
    solve = json.load(urllib.request.urlopen(base + "/solve?board=" + urllib.parse.quote(board)))
    exact = {m["move"]: m.get("value") for m in solve["moves"]}
    for r in d.rows:
        shown_v = r["cells"][2].replace(",", "")
        v = exact[r["move"]]
        check(shown_v == "\u2013" if v is None else abs(float(shown_v) - v) <= 0.01, f"2x3 optimal: exact value of {r['move']} on {board} is {shown_v} (/solve: {v})")
else:
    check(trace["game_over"], "2x3 optimal: the page reached the end of a finished game")
sys.exit(1 if failures else 0)
PY
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=820,520 --virtual-time-budget=4000 \
    --screenshot="$out/viewer.png" "$base/?seed=5&player=ntuple&depth=1&max_moves=2000&speed=10&autoplay=1" 2>>"$out/chromium.log" > /dev/null
size=$(stat -c %s "$out/viewer.png")
echo "screenshot: $out/viewer.png ($size bytes)"
[ "$size" -lt 204800 ] || { echo "screenshot over 200 KB" >&2; exit 1; }
echo "viewer-check: all checks hold ($("$browser" --version 2>/dev/null))"
