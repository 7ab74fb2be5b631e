#!/usr/bin/env python3
"""The viewer page in a real headless Chromium, driven through the DevTools protocol over a pipe
(--remote-debugging-pipe: nothing but the standard library). It presses arrow keys, types and clicks
in the editor, lets the engine play a game live, and checks the DOM against the server's own answers:

  1. the page's start board for seed S is the engine's (/game?seed=S: the page spawns as g2048 does);
  2. human play: after each arrow key the board is /move's afterstate of that move plus one spawn
     (a 2 or a 4 on a cell empty in the afterstate), the score grows by /move's reward; an illegal
     move changes nothing; the hints shown are /move's values, the engine's choice marked;
  3. a swipe on the board moves as the arrow key does;
  4. the depths offered are 1../health's max_depth, the players /health's; each player chosen in the page shows
     its model (/health's) and /move's hints for that player (a policy network's probabilities);
  5. the editor: a typed board, clicked cells and a cell lowered by key give /move's values for that board;
  6. live play to game over: the final board, move count and score are /game's for that seed and
     player, and the score is the sum of the merges of that game (replayed here by the rules);
  7. with a solver database of the board's shape, the exact values shown are /solve's;
  8. the page loads without a failed request or a console error (its icon too), and the side panel keeps
     its place through engine steps at widths of 1000 to 1600 px (a long player name must not reflow it).
A screenshot of the page mid-game goes to OUT/viewer.png.

  viewer-check.py BASE_URL OUT_DIR [--browser PATH] [--seed S] [--presses N] [--live-player P] [--live-shape RxC]
                  [--live-seed S] [--live-depth D] [--live-timeout SEC] [--screenshot-moves N]
Exit 0 when every check holds, 1 when one fails, 3 when no browser is found.
"""
import argparse
import base64
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

FAILURES = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        FAILURES.append(what)
    return ok


class Browser:
    """Chromium with one page, spoken to through the DevTools protocol on fds 3 and 4."""

    def __init__(self, path, user_dir):
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def fds():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.proc = subprocess.Popen(
            [path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
             "--no-default-browser-check", "--hide-scrollbars", "--mute-audio", "--user-data-dir=" + user_dir,
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(os.path.join(user_dir, "chromium.log"), "w"),
            pass_fds=(3, 4), preexec_fn=fds)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buf = b""
        self._id = 0
        self.session = None
        self.events = []  # the page's events (Network, Log) received while waiting for answers
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Network.enable")
        self.call("Log.enable")
        self.call("Emulation.setDeviceMetricsOverride", {"width": 1000, "height": 760, "deviceScaleFactor": 1, "mobile": False})

    def call(self, method, params=None, timeout=60):
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            msg["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self._buf:
                raw, self._buf = self._buf.split(b"\0", 1)
                m = json.loads(raw)
                if "method" in m and m["method"].split(".")[0] in ("Network", "Log"):
                    self.events.append(m)
                if m.get("id") == self._id:
                    if "error" in m:
                        raise RuntimeError(method + ": " + json.dumps(m["error"]))
                    return m.get("result", {})
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_browser], [], [], left)[0]:
                raise TimeoutError(method + ": no answer from the browser in " + str(timeout) + " s")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self._buf += chunk

    def js(self, expr):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError("page script failed: " + json.dumps(r["exceptionDetails"])[:400])
        return r["result"].get("value")

    def wait(self, expr, timeout=60, what=None):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            v = self.js(expr)
            if v:
                return v
            time.sleep(0.05)
        raise TimeoutError("waited " + str(timeout) + " s for " + (what or expr))

    def open(self, url):
        self.call("Page.navigate", {"url": url})
        self.wait("document.readyState === 'complete' && document.getElementById('board')?.dataset.board !== undefined"
                  " && document.getElementById('player')?.options.length > 0", what="the page to load")

    def key(self, key, code=None, vk=0, text=None):
        base = {"key": key, "code": code or key, "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk}
        down = dict(base, type="keyDown")
        if text:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", dict(base, type="keyUp"))

    def mouse(self, kind, x, y, **extra):
        self.call("Input.dispatchMouseEvent", dict({"type": kind, "x": x, "y": y, "button": "left",
                                                    "buttons": 1 if kind != "mouseReleased" else 0, "clickCount": 1}, **extra))

    def click(self, x, y):
        self.mouse("mousePressed", x, y)
        self.mouse("mouseReleased", x, y)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


KEYS = {"U": ("ArrowUp", 38), "R": ("ArrowRight", 39), "D": ("ArrowDown", 40), "L": ("ArrowLeft", 37)}

# the DOM the checks read: the board, the stats and the hints table (with the board they are for)
STATE = """(() => {
  const $ = (id) => document.getElementById(id);
  const rows = [...$('values').tBodies[0].rows].map((tr) => ({
    move: tr.dataset.move, legal: tr.dataset.legal === 'true', value: tr.dataset.value === undefined ? null : Number(tr.dataset.value),
    shown: tr.cells[2].textContent, exact: tr.cells[3] ? tr.cells[3].textContent : null, chosen: tr.classList.contains('chosen'),
    disabled: tr.querySelector('button').disabled, reward: tr.cells[1].textContent }));
  return { board: $('board').dataset.board, cells: [...$('board').querySelectorAll('.cell')].map((c) => Number(c.dataset.value)),
           score: Number($('score').dataset.value), moves: Number($('moves').textContent), max_tile: Number($('max-tile').textContent),
           state: $('state').textContent, hints_board: $('values').dataset.board, hints: $('values').dataset.state, rows,
           status: $('status').textContent };
})()"""

READY = ("document.getElementById('values').dataset.board === document.getElementById('board').dataset.board"
         " && ['ready', 'error'].includes(document.getElementById('values').dataset.state)")


def cells_of(text):
    return [0 if c == "." else int(c) for row in text.split("/") for c in row.split(",")]


def shown_number(text):
    return float(text.replace(",", ""))


class Server:
    def __init__(self, base):
        self.base = base

    def get(self, path, **q):
        url = self.base + path + ("?" + urllib.parse.urlencode(q) if q else "")
        try:
            with urllib.request.urlopen(url, timeout=300) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            return json.load(e)

    def move(self, board, player, depth=None):
        q = {"board": board, "player": player}
        if depth is not None:
            q["depth"] = depth
        a = self.get("/move", **q)
        return {m["move"]: m for m in a["moves"]}, a["move"]


def check_hints(b, server, st, player, depth, where):
    """The hints shown for the board on the page are /move's for it."""
    moves, chosen = server.move(st["board"], player, depth)
    good = st["hints"] == "ready" and st["hints_board"] == st["board"]
    for r in st["rows"]:
        m = moves[r["move"]]
        if r["legal"] != m["legal"] or r["disabled"] == m["legal"]:
            good = False
        if m["legal"]:
            if r["value"] != m["value"] or abs(shown_number(r["shown"]) - m["value"]) > 0.0051 or int(r["reward"]) != m["reward"]:
                good = False
        elif r["shown"] != "\u2013" or r["reward"] != "illegal":
            good = False
        if r["chosen"] != (r["move"] == chosen):
            good = False
    return check(good, where + ": the hints are /move's (" + ", ".join(
        r["move"] + "=" + (r["shown"] if r["legal"] else "illegal") + ("*" if r["chosen"] else "") for r in st["rows"]) + ")")


SEARCHING = ("ntuple", "lines", "cnn")


def check_choice(b, server, health, player):
    """Choosing {player} in the page: its model shown, and the hints of /move for that player on the board shown."""
    b.js("(() => { const s = document.getElementById('player'); s.value = '%s'; s.dispatchEvent(new Event('change')); })()" % player)
    b.wait(READY + " && document.getElementById('values-caption').textContent.includes(': %s')" % player,
           what=f"the hints of player {player}")
    st = b.js(STATE)
    models = b.js("[...document.getElementById('model').options].map((o) => o.textContent)")
    want = health["models"].get(player) or "none"
    check(models == [want], f"player {player}: model shown {models}, /health's {want}")
    if player == "random":
        # its choice is a seeded draw: the page asked, and every legal move is marked
        check(st["hints"] == "ready" and any(r["chosen"] for r in st["rows"]), f"player random: a choice on {st['board']}")
        return
    depth = 1 if player in SEARCHING else None
    if player != "policy":
        check_hints(b, server, st, player, depth, f"player {player} on {st['board']}")
        return
    a = server.get("/move", board=st["board"], player="policy")
    good = st["hints"] == "ready"
    for r, m in zip(st["rows"], a["moves"]):
        good &= r["chosen"] == (r["move"] == a["move"]) and r["legal"] == m["legal"]
        if m["legal"]:
            good &= abs(float(r["shown"][2:-1]) - 100 * m["probability"]) <= 0.051
    check(good, f"player policy on {st['board']}: the probabilities and choice are /move's ("
          + ", ".join(r["move"] + "=" + r["shown"] + ("*" if r["chosen"] else "") for r in st["rows"]) + ")")


def is_afterstate_plus_spawn(before_after, shown):
    """The shown board is the afterstate with exactly one 2 or 4 on a cell empty in the afterstate."""
    a, s = cells_of(before_after), cells_of(shown)
    diff = [i for i in range(len(a)) if a[i] != s[i]]
    return len(diff) == 1 and a[diff[0]] == 0 and s[diff[0]] in (2, 4)


def slide_line(tiles):
    """One line of a move towards index 0, by the game's rules: (the line after it, its reward)."""
    t = [v for v in tiles if v]
    out, reward, i = [], 0, 0
    while i < len(t):
        if i + 1 < len(t) and t[i] == t[i + 1] and t[i] != 32768:
            out.append(2 * t[i]); reward += 2 * t[i]; i += 2
        else:
            out.append(t[i]); i += 1
    return out + [0] * (len(tiles) - len(out)), reward


def apply(board, move):
    rows = [r.split(",") for r in board.split("/")]
    g = [[int(c) for c in r] for r in rows]
    R, C = len(g), len(g[0])
    reward = 0
    if move in "LR":
        for r in range(R):
            line = g[r][:] if move == "L" else g[r][::-1]
            new, rw = slide_line(line); reward += rw
            g[r] = new if move == "L" else new[::-1]
    else:
        for c in range(C):
            line = [g[r][c] for r in range(R)]
            line = line if move == "U" else line[::-1]
            new, rw = slide_line(line); reward += rw
            new = new if move == "U" else new[::-1]
            for r in range(R):
                g[r][c] = new[r]
    return "/".join(",".join(str(v) for v in r) for r in g), reward


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("out")
    ap.add_argument("--browser")
    ap.add_argument("--seed", type=int, default=11, help="the game of human play")
    ap.add_argument("--presses", type=int, default=24)
    ap.add_argument("--live-player", default="ntuple")
    ap.add_argument("--live-shape", default="4x4")
    ap.add_argument("--live-seed", type=int, default=5)
    ap.add_argument("--live-depth", type=int, default=1)
    ap.add_argument("--live-timeout", type=float, default=600)
    ap.add_argument("--screenshot-moves", type=int, default=300)
    args = ap.parse_args()
    # a SIGTERM (a test's timeout) still closes the browser, through the finally below
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    browser = args.browser or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not browser:
        print("viewer-check: no chromium on this machine (apt-get install -y chromium); nothing checked", file=sys.stderr)
        return 3
    os.makedirs(args.out, exist_ok=True)
    server = Server(args.base.rstrip("/"))
    health = server.get("/health")
    user_dir = tempfile.mkdtemp(prefix="g2048-viewer-chromium.")
    b = Browser(browser, user_dir)
    try:
        run(b, server, health, args)
    finally:
        b.close()
        log = os.path.join(user_dir, "chromium.log")
        if os.path.exists(log):
            shutil.copy(log, os.path.join(args.out, "chromium.log"))
        shutil.rmtree(user_dir, ignore_errors=True)
    print("viewer-check: " + ("all checks hold" if not FAILURES else str(len(FAILURES)) + " check(s) failed"))
    return 1 if FAILURES else 0


def run(b, server, health, args):
    base = server.base
    player = "ntuple" if "ntuple" in health["players"] else "heuristic"
    depth = 1 if player == "ntuple" else None
    q = "&depth=1" if depth else ""

    # 1, 2: human play with hints
    b.events.clear()
    b.open(f"{base}/?seed={args.seed}&player={player}{q}")
    st = b.js(STATE)
    start = server.get("/game", seed=args.seed, player=player, max_moves=0, **({"depth": 1} if depth else {}))["start"]
    check(st["board"] == start, f"seed {args.seed}: the page's start board {st['board']} is the engine's ({start})")
    b.wait(READY, what="the first hints")
    check_hints(b, server, b.js(STATE), player, depth, "start")
    failed = [e["params"]["response"]["url"] + " " + str(e["params"]["response"]["status"]) for e in b.events
              if e["method"] == "Network.responseReceived" and e["params"]["response"]["status"] >= 400]
    logged = [e["params"]["entry"]["text"] for e in b.events if e["method"] == "Log.entryAdded" and e["params"]["entry"]["level"] == "error"]
    check(not failed and not logged, f"the page loads without a failed request or a console error (favicon included): {failed} {logged}")
    pattern = "ULDRUULLDRRDLU"   # repeats: some presses are illegal on the board they meet
    legal_seen = illegal_seen = 0
    for i in range(args.presses):
        st = b.js(STATE)
        moves, _ = server.move(st["board"], player, depth)
        illegal = [x for x in "URDL" if not moves[x]["legal"]]
        # the first board with an illegal move gets that key pressed: the page must refuse it
        d = illegal[0] if illegal and illegal_seen == 0 else pattern[i % len(pattern)]
        name, vk = KEYS[d]
        b.key(name, vk=vk)
        b.wait(READY, what="the hints after a move")
        after = b.js(STATE)
        m = moves[d]
        if m["legal"]:
            legal_seen += 1
            ok = (is_afterstate_plus_spawn(m["afterstate"], after["board"]) and after["score"] == st["score"] + m["reward"]
                  and after["moves"] == st["moves"] + 1)
            check(ok, f"key {name} on {st['board']}: {after['board']} is /move's afterstate {m['afterstate']} plus one spawn;"
                      f" score {st['score']} + {m['reward']} = {after['score']}")
        else:
            illegal_seen += 1
            check(after["board"] == st["board"] and after["moves"] == st["moves"] and after["score"] == st["score"]
                  and "not a legal move" in after["status"], f"key {name} on {st['board']}: illegal, nothing changed")
        if after["state"] == "game over":
            break
        check_hints(b, server, after, player, depth, f"after key {name}")
    check(legal_seen > 0, f"human play: {legal_seen} legal and {illegal_seen} illegal presses")

    # 3: a swipe to the right
    st = b.js(STATE)
    moves, _ = server.move(st["board"], player, depth)
    d = next((x for x in "RLUD" if moves[x]["legal"]), None)
    box = b.js("(() => { const r = document.getElementById('board').getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()")
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    dx, dy = {"R": (100, 0), "L": (-100, 0), "U": (0, -100), "D": (0, 100)}[d]
    b.mouse("mousePressed", cx, cy)
    b.mouse("mouseMoved", cx + dx / 2, cy + dy / 2)
    b.mouse("mouseReleased", cx + dx, cy + dy)
    b.wait(READY, what="the hints after a swipe")
    after = b.js(STATE)
    check(is_afterstate_plus_spawn(moves[d]["afterstate"], after["board"]) and after["moves"] == st["moves"] + 1,
          f"swipe {d}: the board is /move's afterstate plus one spawn")

    # undo: back to the board before the swipe
    b.key("z", code="KeyZ", vk=90, text="z")
    b.wait(READY, what="the hints after undo")
    undone = b.js(STATE)
    check(undone["board"] == st["board"] and undone["score"] == st["score"] and undone["moves"] == st["moves"],
          "undo (z): the board, score and move count before the swipe")

    # 4: what the page offers
    depths = b.js("[...document.getElementById('depth').options].map((o) => Number(o.value))")
    check(depths == list(range(1, health["max_depth"] + 1)), f"depths offered {depths}: 1../health's max_depth {health['max_depth']}")
    players = b.js("[...document.getElementById('player').options].map((o) => o.value)")
    check(players == health["players"], f"players offered {players}: /health's")
    models = b.js("[...document.getElementById('model').options].map((o) => o.textContent)")
    want = health["models"].get(player) or "none"
    check(models == [want], f"model shown {models}: /health's model of {player}, {want}")

    # 4b: each player offered, chosen in the page, gives /move's choice for the board shown (and its values)
    for other in health["players"]:
        check_choice(b, server, health, other)
    b.open(f"{base}/?seed={args.seed}&player={player}{q}")
    b.wait(READY, what="the hints after the players' round")

    # 5: the editor, typed: depth 2 where the player searches
    edit_depth = 2 if depth else None
    if edit_depth:
        b.js("(() => { const s = document.getElementById('depth'); s.value = '2'; s.dispatchEvent(new Event('change')); })()")
    typed = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0"
    b.js("(() => { const i = document.getElementById('board-text'); i.focus(); i.select(); })()")
    b.call("Input.insertText", {"text": typed})
    b.key("Enter", vk=13, text="\r")
    b.wait(READY, what="the hints of the typed board")
    st = b.js(STATE)
    check(st["board"] == typed and st["score"] == 0 and st["moves"] == 0, f"editor: the typed board {typed} is on the page")
    check_hints(b, server, st, player, edit_depth, "editor, typed board" + (", depth 2" if edit_depth else ""))
    # up is illegal on this board: the key changes nothing, the row says so
    b.js("document.getElementById('board').focus()")
    b.key("ArrowUp", vk=38)
    b.wait(READY, what="the hints after an illegal key")
    after = b.js(STATE)
    up = next(r for r in after["rows"] if r["move"] == "U")
    check(after["board"] == typed and after["moves"] == 0 and "not a legal move" in after["status"]
          and up["disabled"] and up["reward"] == "illegal", "editor: ArrowUp on the typed board is refused, marked illegal")
    # clicked: cell (2,1) raised from empty to 2, then (1,1) from 2 to 4
    b.js("(() => { const c = document.getElementById('edit-cells'); c.click(); })()")
    for index in (4, 0):
        rect = b.js(f"(() => {{ const r = document.querySelector('#board .cell[data-index=\"{index}\"]').getBoundingClientRect();"
                    " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        b.click(*rect)
    b.wait(READY, what="the hints of the clicked board")
    st = b.js(STATE)
    clicked = "4,4,8,16/2,0,0,2/0,0,0,0/0,0,0,0"
    check(st["board"] == clicked, f"editor: two clicks make {clicked} (shown {st['board']})")
    # the keyboard's way down: '-' on the focused cell (the one clicked last)
    b.key("-", code="Minus", vk=189, text="-")
    b.wait(READY, what="the hints of the lowered board")
    st = b.js(STATE)
    lowered = "2,4,8,16/2,0,0,2/0,0,0,0/0,0,0,0"
    check(st["board"] == lowered, f"editor: '-' on cell (1,1) makes {lowered} (shown {st['board']})")
    check_hints(b, server, st, player, edit_depth, "editor, edited board")

    # 7: exact values on the database's shape
    if health.get("db_shape"):
        b.open(f"{base}/?shape={health['db_shape']}&player=optimal&seed=3")
        b.wait(READY, what="the optimal player's hints")
        st = b.js(STATE)
        solve = server.get("/solve", board=st["board"])
        exact = {m["move"]: m.get("value") for m in solve["moves"]}
        good = all((r["exact"] == "\u2013") if exact[r["move"]] is None else abs(shown_number(r["exact"]) - exact[r["move"]]) <= 0.0051
                   for r in st["rows"])
        check(good, f"{health['db_shape']}: the exact values shown for {st['board']} are /solve's")
        check_hints(b, server, st, "optimal", None, f"{health['db_shape']} optimal")

    # 6: live play through a whole game
    live_player = args.live_player if args.live_player in health["players"] else "lines"
    lq = f"&depth={args.live_depth}" if live_player in SEARCHING else ""
    t0 = time.monotonic()
    b.open(f"{base}/?seed={args.live_seed}&shape={args.live_shape}&player={live_player}{lq}&speed=0&autoplay=1")
    b.wait("document.getElementById('state').textContent === 'game over'", timeout=args.live_timeout, what="game over in live play")
    secs = time.monotonic() - t0
    st = b.js(STATE)
    gq = {"depth": args.live_depth} if lq else {}
    trace = server.get("/game", seed=args.live_seed, shape=args.live_shape, player=live_player, **gq)
    check(trace["game_over"] and st["board"] == trace["final_board"] and st["moves"] == trace["moves_played"]
          and st["score"] == trace["score"],
          f"live {live_player}{lq.replace('&', ' ').replace('=', ' ')} {args.live_shape} seed {args.live_seed}: game over after"
          f" {st['moves']} moves ({secs:.0f} s), score {st['score']}, max tile {st['max_tile']}:"
          f" /game's ({trace['moves_played']} moves, score {trace['score']}, final board {trace['final_board']})")
    # the score is the sum of the merges: the game replayed here by the rules, move by move
    board, total, good = trace["start"], 0, True
    for s in trace["steps"]:
        after, reward = apply(board, s["move"])
        good &= s["board"] == board and after == s["afterstate"] and reward == s["reward"]
        total += reward
        c = cells_of(after)
        c[s["spawn"]["row"] * len(board.split("/")[0].split(",")) + s["spawn"]["col"]] = s["spawn"]["tile"]
        cols = len(board.split("/")[0].split(","))
        board = "/".join(",".join(str(v) for v in c[r * cols:(r + 1) * cols]) for r in range(len(c) // cols))
    check(good and board == st["board"], "live: the game replayed by the rules ends on the page's board")
    check(total == st["score"], f"live: the score {st['score']} is the sum of the merges ({total})")
    check(st["max_tile"] == max(cells_of(st["board"])), f"live: max tile {st['max_tile']}")
    check(all(r["disabled"] for r in st["rows"]), "live: at game over every move is marked illegal")

    # 8: the side panel keeps its place through live play at desktop widths (a long player name must not reflow it)
    layout_player = "ntuple" if "ntuple" in health["players"] else "heuristic"
    layout_q = "&depth=1" if layout_player == "ntuple" else ""
    for width in (1000, 1200, 1300, 1400, 1500, 1600):
        b.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        b.open(f"{base}/?seed={args.live_seed}&player={layout_player}{layout_q}")
        b.wait(READY, what="the first hints")
        side = "(() => { const r = document.getElementById('side').getBoundingClientRect(); return [r.x, r.y]; })()"
        places = {tuple(b.js(side))}
        for _ in range(40):
            b.key("n", code="KeyN", vk=78, text="n")
            time.sleep(0.01)
            places.add(tuple(b.js(side)))  # mid-move too: while the next hints load
            b.wait(READY, what="the hints after an engine step")
            places.add(tuple(b.js(side)))
        check(len(places) == 1, f"width {width}: the side panel stays at one place through 40 engine steps ({sorted(places)})")
    b.call("Emulation.setDeviceMetricsOverride", {"width": 1000, "height": 760, "deviceScaleFactor": 1, "mobile": False})

    # the screenshot: the shipped model playing live, paused mid-game with its hints
    shot = f"player=ntuple&depth={args.live_depth}" if "ntuple" in health["players"] else "player=heuristic"
    b.open(f"{base}/?seed={args.live_seed}&{shot}&speed=0&autoplay=1")
    b.wait(f"Number(document.getElementById('moves').textContent) >= {args.screenshot_moves}"
           " || document.getElementById('state').textContent === 'game over'", timeout=600, what="moves for the screenshot")
    b.key("p", code="KeyP", vk=80, text="p")
    b.wait(READY, what="the hints of the paused board")
    time.sleep(0.3)
    path = os.path.join(args.out, "viewer.png")
    b.screenshot(path)
    print(f"screenshot: {path} ({os.path.getsize(path)} bytes)")


if __name__ == "__main__":
    sys.exit(main())
