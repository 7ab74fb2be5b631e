#!/usr/bin/env bash
# A sweep of hostile inputs against the command line and the server, counting each as refused
# cleanly or as a failure:
#   command line: exit 2 (or the exit the case expects), one line on standard error beginning
#                 "g2048 ", no Java class name, no hang (CASE_TIMEOUT s, default 300: a JVM start
#                 on a loaded 2-core machine can take a minute), a special file given as an output
#                 still there and still special;
#   server:       an answer within 10 s, status 4xx, 501, 503 or 505, a JSON body naming no Java
#                 class, and the server still answering a depth-1 /move afterwards; a request
#                 malformed at the protocol level (its request line, its header fields) answered
#                 with the status its rule gives.
# Files and locales (after those): outputs that are the command's own inputs (by path, symbolic or hard
# link) refused with the input as it was, a trained model not replaced by a fresh run, legal names of
# 240 and 255 bytes written with nothing left beside them, non-ASCII and non-UTF-8 names under C, POSIX
# and C.UTF-8, and the int16 cache tampered with (a damaged model, a directory others can write, an entry
# another user owns, Ctrl-C mid-write, a killed writer's temporary).
# Failures are counted by kind of case and by why: "hung" (no exit within CASE_TIMEOUT, or no
# answer within 10 s) apart from a wrong answer.
# Crafted files (policy networks with resealed SHA-256, compact models with recomputed CRC32C,
# datasets) are made here, in a temporary directory; devices are made with mknod when run as root.
#
#   bench/hostile-sweep.sh            prints one line per failure and the counts
#   env: CASE_TIMEOUT (s, default 300), JOBS (command-line cases at once, default 2)
# Needs python3; builds the command line if needed (./g2048 build). Listens on 127.0.0.1 only.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/g2048" build >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export G2048="$here/g2048" WORK="$work"
exec python3 - <<'EOF'
import concurrent.futures, hashlib, json, os, random, re, socket, struct, subprocess, sys, time, zlib

G, W = os.environ["G2048"], os.environ["WORK"]
CLASS = re.compile(r"\b(?:[a-z]\w*\.)+[A-Z]\w*(?:Exception|Error)\b|\b[A-Z]\w*(?:Exception|Error)\b")
results = []  # (kind, case, ok, detail)
CASE_TIMEOUT = int(os.environ.get("CASE_TIMEOUT", "300"))
JOBS = int(os.environ.get("JOBS", "2"))

def run(args, expect=2, node=None, timeout=CASE_TIMEOUT):
    try:
        p = subprocess.run([G] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, "hung past %d s" % timeout
    lines = [l for l in p.stderr.strip().splitlines() if not l.startswith("WARNING: Using incubator")]
    if expect == 0:
        ok = p.returncode == 0 and not CLASS.search(p.stderr)
    else:
        ok = p.returncode == expect and len(lines) == 1 and lines[0].startswith("g2048 ") and not CLASS.search(lines[0])
    if node is not None and (not os.path.exists(node) or os.path.isfile(node) and not os.path.islink(node)):
        ok, lines = False, ["the special file was replaced"] + lines
    return ok, "exit %d: %s" % (p.returncode, " | ".join(lines)[:300])

def special(name, kind):
    p = os.path.join(W, name)
    if os.path.lexists(p):
        os.remove(p)
    if kind == "chr":
        if os.getuid() == 0:
            os.mknod(p, 0o666 | 0o020000, os.makedev(1, 3))
        else:
            os.mkfifo(p)
    elif kind == "fifo":
        os.mkfifo(p)
    elif kind == "sock":
        s = socket.socket(socket.AF_UNIX)
        s.bind(p)
        s.close()
    elif kind == "dir":
        os.mkdir(p)
    elif kind == "link":
        os.symlink("/dev/null", p)
    return p

cases = []
def case(kind, name, args, expect=2, node=None):
    cases.append((kind, name, args, expect, node))

# --- outputs that are not regular files ---
writers = {
    "train-ntuple": lambda o: ["train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "3", "--threads", "1", "--out", o, "-q"],
    "bench-hlog": lambda o: ["bench", "search", "--player", "lines", "--games", "1", "--shape", "3x3", "--hlog", o],
    "inspect-png": lambda o: ["inspect", "filters", "--model", os.path.join(W, "none.g2pn"), "--png", o],
    "dataset-out": lambda o: ["dataset", "--player", "lines", "--games", "1", "--threads", "1", "--out", o, "-q"],
    "train-ntuple-compact": lambda o: ["train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "3", "--threads", "1", "--out", o + ".g2nz", "-q"],
}
for wname, cmd in writers.items():
    for kind in ["chr", "fifo", "sock", "dir", "link"]:
        if wname == "train-ntuple-compact" and kind in ("dir", "sock"):
            continue
        node = special("%s-%s" % (wname, kind), kind)
        if wname == "train-ntuple-compact":
            node = special("%s-%s.g2nz" % (wname, kind), kind)
            args = cmd(node[:-5])
        else:
            args = cmd(node)
        case("output", "%s onto a %s" % (wname, kind), args, 2, None if kind == "dir" else node)

# --- thread counts ---
for cmdname, base in {
    "play": ["play", "--player", "random", "--games", "1", "--shape", "2x2"],
    "solve": ["solve", "--shape", "2x2", "--out", os.path.join(W, "solve-t")],
    "dataset": ["dataset", "--player", "lines", "--games", "1", "--out", os.path.join(W, "t.g2pd")],
    "train-ntuple": ["train", "ntuple", "--net", "012,456", "--shape", "3x3", "--games", "1", "--out", os.path.join(W, "t.g2n")],
    "bench-search": ["bench", "search", "--player", "lines", "--games", "1", "--shape", "3x3"],
    "serve": ["serve", "--port", "0"],
}.items():
    for t in ["5000", "0", "-3", "99999999999", "abc", "1e3", ""]:
        case("threads", "%s --threads '%s'" % (cmdname, t), base + ["--threads", t])

# --- policy network files, crafted and resealed ---
def policy(spec="name=x;convs=1;channels=3", flags=1, steps=10, positions=640, params=None, edit=None, magic=b"G2048PN\0", seal=True):
    c = 3
    p = 65 * c + 64 * c + 4 if params is None else params
    text = spec.encode("utf-8", "surrogatepass")
    w = [((i % 7) - 3) * 0.01 for i in range(p)]
    m = [((i % 5) - 2) * 1e-4 for i in range(p)]
    v = [(i % 3) * 1e-6 for i in range(p)]
    floats = w + (m + v if flags & 1 else [])
    if edit:
        edit(floats, p)
    body = magic + struct.pack("<iiiiqq", 1, flags, len(text), p, steps, positions) + text + struct.pack("<%df" % len(floats), *floats)
    return body + (hashlib.sha256(body).digest() if seal else b"\0" * 32)

def setf(i, x):
    def f(fl, p):
        fl[i(p)] = x
    return f

policies = {
    "valid": (policy(), 0),
    "nan-first-moment": (policy(edit=setf(lambda p: p + 1, float("nan"))), 2),
    "inf-first-moment": (policy(edit=setf(lambda p: p + 2, float("inf"))), 2),
    "neg-second-moment": (policy(edit=setf(lambda p: 2 * p + 3, -1.0)), 2),
    "nan-second-moment": (policy(edit=setf(lambda p: 2 * p, float("nan"))), 2),
    "inf-second-moment": (policy(edit=setf(lambda p: 2 * p + 1, float("inf"))), 2),
    "huge-weight": (policy(edit=setf(lambda p: 4, 3e38)), 2),
    "neg-huge-weight": (policy(edit=setf(lambda p: 9, -1e30)), 2),
    "nan-weight": (policy(edit=setf(lambda p: 0, float("nan"))), 2),
    "flag-bits": (policy(flags=0x101), 2),
    "flag-high-bit": (policy(flags=-2147483647), 2),
    "steps-negative": (policy(steps=-1), 2),
    "steps-without-adam": (policy(flags=0, steps=5), 2),
    "positions-huge": (policy(positions=4611686018427387904), 2),
    "positions-negative": (policy(positions=-5), 2),
    "name-newline": (policy(spec="name=a\nb;convs=1;channels=3"), 2),
    "name-ansi": (policy(spec="name=\x1b[31mred;convs=1;channels=3"), 2),
    "name-bell": (policy(spec="name=\x07;convs=1;channels=3"), 2),
    "name-nul": (policy(spec="name=\x00;convs=1;channels=3"), 2),
    "spec-not-utf8": (policy(spec="name=\udcff;convs=1;channels=3"), 2),
    "spec-unknown-key": (policy(spec="name=x;convs=1;channels=3;evil=1"), 2),
    "spec-channels-0": (policy(spec="name=x;convs=1;channels=0", params=4), 2),
    "spec-convs-99": (policy(spec="name=x;convs=99;channels=3"), 2),
    "params-mismatch": (policy(params=390), 2),
    "params-negative": (policy(params=-1)[:60], 2),
    "ntuple-magic": (policy(magic=b"G2048NTP", seal=False), 2),
    "dataset-magic": (policy(magic=b"G2048PD\0", seal=False), 2),
    "not-sealed": (policy(seal=False), 2),
    "empty": (b"", 2),
    "short": (b"G2048PN\0", 2),
    "text": (b"hello, world\n" * 10, 2),
}
for name, (data, expect) in policies.items():
    f = os.path.join(W, "p-%s.g2pn" % name)
    with open(f, "wb") as out:
        out.write(data)
    case("policy", "policy file %s" % name, ["inspect", "filters", "--model", f], expect)
    case("policy", "policy file %s as a player" % name, ["move", "--player", "policy", "--model", f, "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"], expect)
sparse = os.path.join(W, "sparse.g2pn")
with open(sparse, "wb") as out:
    out.write(policy()[:40])
    out.truncate(2 << 30)
case("policy", "a 2 GiB sparse policy file", ["inspect", "filters", "--model", sparse])

# --- compact n-tuple models with crafted headers (CRC32C recomputed) ---
def crc32c(b):
    crc = 0xFFFFFFFF
    for x in b:
        crc ^= x
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF

base_model = os.path.join(W, "base.g2nz")
subprocess.run([G, "train", "ntuple", "--net", "0123,4567", "--games", "2", "--threads", "1", "--out", base_model, "-q"], capture_output=True)
base = open(base_model, "rb").read() if os.path.exists(base_model) else None

def reheader(spec=None, weights=None, data=None, games=None, alpha=None, stages=None, vtype=None):
    h = bytearray(base[:4096])
    d = base[4096:] if data is None else data
    if spec is not None:
        t = spec.encode()
        h[108:3960] = b"\0" * (3960 - 108)
        struct.pack_into("<i", h, 104, len(t))
        h[108:108 + len(t)] = t
    if weights is not None:
        struct.pack_into("<q", h, 32, weights)
    if games is not None:
        struct.pack_into("<q", h, 56, games)
    if alpha is not None:
        struct.pack_into("<d", h, 72, alpha)
    if stages is not None:
        struct.pack_into("<i", h, 3968, stages)
    if vtype is not None:
        struct.pack_into("<i", h, 16, vtype)
    struct.pack_into("<q", h, 40, len(d))
    struct.pack_into("<I", h, 48, crc32c(d) if len(d) < 200000 else zlib.crc32(d))
    struct.pack_into("<I", h, 52, 0)
    struct.pack_into("<I", h, 52, crc32c(bytes(h)))
    return bytes(h) + d

def zero_runs(n, lit=0):
    v, out = n, bytearray()
    while v >= 0x80:
        out.append(v & 0x7F | 0x80)
        v >>= 7
    out.append(v)
    out.append(lit)
    return zlib.compress(bytes(out))

if base:
    models = {
        "bomb four 7-tuples": reheader("0123456,456789a,89abcde,0145689", 4 * 16 ** 7, zero_runs(4 * 16 ** 7)),
        "bomb eight 7-tuples": reheader("0123456,456789a,89abcde,0145689,1234567,23456789,3456789,0124567", 8 * 16 ** 7, zero_runs(8 * 16 ** 7)),
        "bomb one 8-tuple": reheader("01234567", 16 ** 8, zero_runs(16 ** 8)),
        "weights mismatch": reheader(weights=12345),
        "games 2^62": reheader(games=4611686018427387904),
        "games negative": reheader(games=-1),
        "alpha NaN": reheader(alpha=float("nan")),
        "alpha infinite": reheader(alpha=float("inf")),
        "stages 0": reheader(stages=0),
        "stages 99": reheader(stages=99),
        "value type 7": reheader(vtype=7),
        "spec garbage": reheader(spec="zz,\x1b[31m"),
        "spec empty cells": reheader(spec=",,,"),
        "runs overflow": reheader(data=zero_runs(2 * 16 ** 4 + 5)),
        "literal past end": reheader(data=zero_runs(2 * 16 ** 4 - 1, 5)),
        "not deflate": reheader(data=b"\x00\x01\x02garbage" * 10),
        "truncated data": reheader(data=base[4096:4096 + max(1, (len(base) - 4096) // 2)]),
        "header only": base[:4096],
    }
    for name, data in models.items():
        f = os.path.join(W, "m-%s.g2nz" % name.replace(" ", "-"))
        with open(f, "wb") as out:
            out.write(data)
        case("compact", "compact model: %s" % name, ["move", "--model", f, "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"])

# --- datasets ---
ds = os.path.join(W, "d.g2pd")
subprocess.run([G, "dataset", "--player", "lines", "--games", "2", "--threads", "1", "--out", ds, "-q"], capture_output=True)
if os.path.exists(ds):
    raw = open(ds, "rb").read()
    rnd = random.Random(34)
    for i in range(12):
        b = bytearray(raw)
        for _ in range(1 + rnd.randrange(4)):
            b[rnd.randrange(len(b))] = rnd.randrange(256)
        f = os.path.join(W, "d-%d.g2pd" % i)
        open(f, "wb").write(bytes(b[: rnd.randrange(16, len(b) + 1)] if i % 3 == 0 else b))
        # a damaged dataset is refused (2) or its intact games are used (0); never a crash
        cases.append(("dataset", "dataset damaged #%d" % i, ["train", "policy", "--arch", "name=tiny;convs=1;channels=3", "--data", f,
                      "--eval-games", "0", "--out", os.path.join(W, "tp-%d" % i)], None, None))
    case("dataset", "the same dataset twice", ["train", "policy", "--arch", "POLICY2", "--data", ds, "--data", os.path.join(W, ".", "d.g2pd"),
         "--out", os.path.join(W, "tp-twice")])
    os.symlink(ds, os.path.join(W, "d-link.g2pd"))
    case("dataset", "a dataset and a link to it", ["train", "policy", "--arch", "POLICY2", "--data", ds, "--data", os.path.join(W, "d-link.g2pd"),
         "--out", os.path.join(W, "tp-link")])

# --- model paths and arguments ---
comma = os.path.join(W, "a,b.g2nz")
if base:
    open(comma, "wb").write(base)
    case("args", "a model path with a comma", ["move", "--model", comma, "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"], 0)
for name, args in {
    "serve --bind 999.1.1.1": ["serve", "--bind", "999.1.1.1", "--port", "0"],
    "serve --bind not-a-host.invalid": ["serve", "--bind", "not-a-host.invalid", "--port", "0"],
    "serve --port 70000": ["serve", "--port", "70000"],
    "play unknown option": ["play", "--frobnicate"],
    "serve unknown option": ["serve", "--frobnicate"],
    "move board NUL": ["move", "--board", "2,2\x01,0"],
    "move board huge tile": ["move", "--board", "65536,0/0,0"],
    "move board 5x5": ["move", "--board", "/".join([",".join(["2"] * 5)] * 5)],
    "model /dev/zero": ["move", "--model", "/dev/zero", "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"],
    "model a directory": ["move", "--model", W, "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"],
    "model missing in an ensemble": ["move", "--model", (base_model + "," + os.path.join(W, "none.g2n")), "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"],
    "bench serve without a server": ["bench", "serve", "--url", "http://127.0.0.1:9", "--requests", "1", "--warmup", "1"],
}.items():
    expect = 1 if name.startswith("bench serve") else 2
    case("args", name, args, expect)

def cli_case(c):
    kind, name, args, expect, node = c
    if expect is None:
        ok, detail = run(args, 2)
        # refused, or the intact games used: both are clean
        return kind, name, ok or (detail.startswith("exit 0") and not CLASS.search(detail)), detail
    ok, detail = run(args, expect, node)
    return kind, name, ok, detail

with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
    for r in pool.map(cli_case, cases):
        results.append(r)

# --- files: cache tampering, same-file outputs, long-name outputs, locales ---
# Cases that need several steps, their own environment or argument bytes, run one after another after the
# cases above; each gives a result tuple.
def files_and_locales():
    out = []
    def go(args, env=None, timeout=CASE_TIMEOUT):
        e = dict(os.environ)
        e.update(env or {})
        try:
            p = subprocess.run([G.encode()] + [a if isinstance(a, bytes) else a.encode() for a in args], capture_output=True,
                               timeout=timeout, env=e)
        except subprocess.TimeoutExpired:
            return None
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace").strip().splitlines()
    def clean_refusal(r, *mentions):
        if r is None:
            return False, "hung past %d s" % CASE_TIMEOUT
        code, _, lines = r
        ok = code == 2 and len(lines) == 1 and lines[0].startswith("g2048") and not CLASS.search(lines[0]) \
            and all(m in lines[0] for m in mentions)
        return ok, "exit %d: %s" % (code, " | ".join(lines)[:300])
    def add(kind, name, okdetail):
        out.append((kind, name, okdetail[0], okdetail[1]))
    board = "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"

    # same-file outputs: refused before the work, the input as it was
    d = os.path.join(W, "same")
    os.mkdir(d)
    w = os.path.join(d, "same.w")
    open(w, "wb").write(b"\x00\x01\x00\x00\x00" + b"x" * 100)
    os.symlink(w, os.path.join(d, "sym.w"))
    os.link(w, os.path.join(d, "hard.w"))
    before = open(w, "rb").read()
    for alias in ["same.w", "sym.w", "hard.w", "./same.w"]:
        o = os.path.join(d, alias)
        add("same-file", "import tdl2048 --out %s onto its input" % alias,
            clean_refusal(go(["import", "tdl2048", "--net", "10:10", "--out", o, w]), "--out"))
        add("same-file", "import tdl2048 --out %s onto its --check" % alias,
            clean_refusal(go(["import", "tdl2048", "--net", "10:10", "--out", o, "--check", w, base_model]), "--check"))
    model = os.path.join(d, "teacher.g2nz")
    if base:
        open(model, "wb").write(base)
    for name, args, option in [
            ("dataset --out its --model", ["dataset", "--model", model, "--games", "1", "--out", model, "-q"], "--model"),
            ("bench search --hlog its --model", ["bench", "search", "--model", model, "--games", "1", "--hlog", model], "--model"),
            ("inspect filters --png its --model", ["inspect", "filters", "--model", model, "--png", model], "--model")]:
        add("same-file", name, clean_refusal(go(args), option))
    run_dir = os.path.join(d, "run")
    os.mkdir(run_dir)
    init = os.path.join(run_dir, "final.g2pn")
    open(init, "wb").write(b"x" * 64)
    add("same-file", "train policy --init inside its --out", clean_refusal(go(["train", "policy", "--arch", "POLICY2", "--data",
        os.path.join(W, "d.g2pd"), "--init", init, "--out", run_dir, "--device", "cpu"]), "--init"))
    unchanged = open(w, "rb").read() == before and (not base or open(model, "rb").read() == base) and open(init, "rb").read() == b"x" * 64
    add("same-file", "every input as it was", (unchanged, ""))
    # a trained model is not replaced by a fresh run
    m = os.path.join(d, "trained.g2n")
    go(["train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "20", "--eval-every", "0", "--out", m, "-q"])
    trained = open(m, "rb").read() if os.path.exists(m) else b""
    r = go(["train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "40", "--eval-every", "0", "--out", m, "-q"])
    ok, detail = clean_refusal(r, "--out", "--resume")
    add("same-file", "train ntuple --out EXISTING without --resume", (ok and trained != b"" and open(m, "rb").read() == trained, detail))

    # long names: legal names up to 255 bytes are written, nothing hidden left beside them
    for n in [240, 255]:
        sub = os.path.join(W, "long-%d" % n)
        os.mkdir(sub)
        for name, suffix, args in [
                ("bench search --hlog", ".hlog", lambda f: ["bench", "search", "--player", "lines", "--games", "1", "--shape", "3x3", "--hlog", f]),
                ("dataset --out", ".g2pd", lambda f: ["dataset", "--player", "lines", "--games", "1", "--threads", "1", "--out", f, "-q"]),
                ("inspect filters --png", ".png", lambda f: ["inspect", "filters", "--top", "1", "--png", f])]:
            f = os.path.join(sub, "é" * 20 + "n" * (n - 40 - len(suffix)) + suffix)
            r = go(args(f))
            left = [x for x in os.listdir(sub) if x.startswith(".")]
            ok = r is not None and r[0] == 0 and os.path.exists(f) and not left
            add("long-name", "%s of a %d-byte name" % (name, n), (ok, "exit %s, left %s: %s" % (r and r[0], left, r and " | ".join(r[2])[:200])))
        f = os.path.join(sub, "n" * (n - 4) + ".g2n")
        r = go(["train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "3", "--eval-every", "0", "--out", f, "-q"])
        if n == 240:
            add("long-name", "train ntuple --out of a 240-byte name", (r is not None and r[0] == 0 and os.path.exists(f), "exit %s" % (r and r[0])))
        else:  # its curve's name, NAME.curve.csv, would pass NAME_MAX: refused before the training
            add("long-name", "train ntuple --out whose curve name passes 255 bytes", clean_refusal(r, "--out", "255"))

    # locales: file names are UTF-8 whatever the locale; bytes that are not are refused, naming the option
    loc = os.path.join(W, "locale")
    os.mkdir(loc)
    want = go(["move", "--board", board, "--json"], {"LANG": "C.UTF-8", "LC_ALL": ""})
    for env in [{"LANG": "C", "LC_ALL": ""}, {"LC_ALL": "C"}, {"LC_ALL": "POSIX"}, {"LANG": "C.UTF-8", "LC_ALL": ""}]:
        tag = ",".join("%s=%s" % kv for kv in env.items() if kv[1])
        f = os.path.join(loc, "café-%s.hlog" % tag.replace("=", "-"))
        r = go(["bench", "search", "--player", "lines", "--games", "1", "--shape", "3x3", "--hlog", f], env)
        add("locale", "%s: a non-ASCII --hlog name" % tag, (r is not None and r[0] == 0 and os.path.exists(f),
            "exit %s: %s" % (r and r[0], r and " | ".join(r[2])[:200])))
        r = go(["move", "--board", board, "--json"], env)
        def timeless(text):
            return re.sub(r'"elapsed_us":[0-9.]+', "", text)
        add("locale", "%s: move --json as under C.UTF-8" % tag, (r is not None and want is not None and r[0] == 0
            and timeless(r[1]) == timeless(want[1]), r and r[1][:200]))
        bad = os.path.join(loc, "lat").encode() + b"\xe9.hlog"
        r = go([b"bench", b"search", b"--player", b"lines", b"--games", b"1", b"--shape", b"3x3", b"--hlog", bad], env)
        ok, detail = clean_refusal(r, "--hlog", "not valid UTF-8")
        add("locale", "%s: a non-UTF-8 --hlog name" % tag, (ok and not any("\ufffd" in x for x in os.listdir(loc)), detail))
        latin = os.path.join(loc, "in").encode() + b"\xe9.w"
        open(latin, "wb").write(b"x")
        add("locale", "%s: an existing non-UTF-8 input name" % tag,
            clean_refusal(go([b"import", b"tdl2048", b"--net", b"10:10", b"--out", os.path.join(loc, "m.g2n").encode(), latin], env),
                          "not valid UTF-8"))

    # cache tampering: a float32 model whose int16 tables are cached (tables of 32 MiB or more: a 4x6 network)
    cache = os.path.join(W, "cache")
    cenv = {"G2048_JAVA_OPTS": "-Dg2048.cache=" + cache}
    big = os.path.join(W, "cache-4x6.g2n")
    go(["train", "ntuple", "--net", "4x6", "--games", "1", "--eval-every", "0", "--out", big, "-q"])
    def entries():
        return sorted(x for x in os.listdir(cache) if x.endswith(".tables")) if os.path.isdir(cache) else []
    def settle():
        time.sleep(2.5)  # an entry is made for a file unchanged for 2 s
    if os.path.exists(big):
        settle()
        r = go(["move", "--model", big, "--board", board], cenv)
        add("cache", "a float32 model's entry is made", (r is not None and r[0] == 0 and len(entries()) == 1, "entries %s" % entries()))
        with open(big, "r+b") as f:  # NaNs into the data, the header intact
            f.seek(4096 + 4 * 1000)
            f.write(struct.pack("<f", float("nan")) * 16)
        settle()
        add("cache", "a damaged float32 model with a cache entry", clean_refusal(go(["move", "--model", big, "--board", board], cenv),
                                                                             big))
        with open(big, "r+b") as f:  # mended
            f.seek(4096 + 4 * 1000)
            f.write(b"\0" * 64)
        settle()
        go(["move", "--model", big, "--board", board], cenv)
        os.chmod(cache, 0o777)
        r = go(["move", "--model", big, "--board", board], cenv)
        add("cache", "a cache directory others can write is not used", (r is not None and r[0] == 0 and any("writable by other users" in x for x in r[2]),
            "exit %s: %s" % (r and r[0], r and " | ".join(r[2])[:200])))
        os.chmod(cache, 0o700)
        if os.getuid() == 0 and entries():
            e = max((os.path.join(cache, x) for x in entries()), key=os.path.getmtime)  # the mended model's
            os.chown(e, 65534, 65534)
            r = go(["move", "--model", big, "--board", board], cenv)
            add("cache", "an entry another user owns is not used", (r is not None and r[0] == 0 and any("another user" in x for x in r[2])
                and os.stat(e).st_uid == 0, "exit %s: %s" % (r and r[0], r and " | ".join(r[2])[:200])))
        # a write cut short by Ctrl-C leaves no temporary; one a killed process left goes at the next write
        for x in entries():
            os.remove(os.path.join(cache, x))
        p = subprocess.Popen([G, "move", "--model", big, "--board", board], env=dict(os.environ, **cenv),
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t0 = time.time()
        while time.time() - t0 < 120 and p.poll() is None and not [x for x in os.listdir(cache) if x.endswith(".tmp")]:
            time.sleep(0.01)
        seen = [x for x in os.listdir(cache) if x.endswith(".tmp")]
        p.send_signal(2)
        p.wait(60)
        left = [x for x in os.listdir(cache) if x.endswith(".tmp")]
        add("cache", "Ctrl-C during a cache write", (bool(seen) and not left, "seen %s, left %s" % (seen, left)))
        stale = os.path.join(cache, ".int16-0badcafe-1.tables.4999999-1.tmp")
        open(stale, "wb").write(b"x" * 1000)
        for x in entries():
            os.remove(os.path.join(cache, x))
        go(["move", "--model", big, "--board", board], cenv)
        add("cache", "a killed writer's temporary is swept", (not os.path.exists(stale) and len(entries()) == 1, ""))
        os.remove(big)
    else:
        add("cache", "a 4x6 model to cache", (False, "train ntuple --net 4x6 wrote nothing"))
    return out

results.extend(files_and_locales())

# --- the server ---
srv = subprocess.Popen([G, "serve", "--port", "0", "--threads", "2", "--request-timeout-ms", "2000"] + (["--model", base_model] if base else []),
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
port = None
for line in srv.stdout:
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if m:
        port = int(m.group(1))
        break

def raw(req, wait=10):
    s = socket.create_connection(("127.0.0.1", port), timeout=wait)
    try:
        s.sendall(req)
        s.shutdown(socket.SHUT_WR)  # all sent: a kept-alive connection then ends after its answers
        data = b""
        while True:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                return data, True
            if not chunk:
                return data, False
            data += chunk
    finally:
        s.close()

def http_case(name, req, expect=None):
    t0 = time.time()
    try:
        data, hung = raw(req)
    except OSError as e:
        return "http", name, False, "connection failed: %s" % e
    if hung:
        return "http", name, False, "hung: no whole answer within 10 s"
    text = data.decode("latin-1")
    head, _, body = text.partition("\r\n\r\n")
    status = int(head[9:12]) if head.startswith("HTTP/1.1 ") and head[9:12].isdigit() else -1
    ok = (status >= 400 and status < 500 or status in (501, 503, 505)) if expect is None else status == expect
    ok = ok and "application/json" in head.lower() and body.startswith("{") and not CLASS.search(body)
    if ok:
        try:
            json.loads(body)
        except ValueError:
            ok = False
    return "http", name, ok, "%d in %.1fs: %s" % (status, time.time() - t0, body[:200].replace("\n", " "))

B = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,4,0"
http = []  # (name, request, the status it must get, or None for any refusal)
def get(name, target):
    http.append((name, ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" % target).encode("latin-1"), None))
for q in ["%", "%zz", "%%", "%0", "%g0", "%C0%AF", "%00", "%ff%fe", "board=%", "board=%zz"]:
    get("query '%s'" % q, "/move?" + q)
    get("path '%s'" % q, "/" + q)
for name, t in [("unknown long name", "/move?" + "n" * 300000 + "=1"), ("empty board", "/move?board="),
                ("board twice", "/move?board=%s&board=%s" % (B, B)), ("depth 99", "/move?depth=99&board=" + B),
                ("depth -1", "/move?depth=-1&board=" + B), ("depth 1e3", "/move?depth=1e3&board=" + B),
                ("player ANSI", "/move?player=%1b[31m&board=" + B), ("player newline", "/move?player=a%0ab&board=" + B),
                ("game depth 5 long", "/game?depth=5&max_moves=5000"), ("game max_moves huge", "/game?max_moves=99999999999999999999"),
                ("game shape 99x99", "/game?shape=99x99"), ("solve without a database", "/solve?board=" + B),
                ("downgrade 3", "/move?downgrade=3&board=" + B), ("seed text", "/move?seed=x&board=" + B),
                ("traversal", "/../../etc/passwd"), ("encoded traversal", "/%2e%2e/%2e%2e/etc/passwd"),
                ("unknown path", "/admin"), ("board 5 rows", "/move?board=2/2/2/2/2"), ("board tile 3", "/move?board=3,0/0,0"),
                ("board of spaces", "/move?board=+++"), ("many params", "/move?" + "&".join("x%d=1" % i for i in range(2000)))]:
    get(name, t)
def post(name, body, ctype="application/x-www-form-urlencoded", length=None):
    b = body.encode("utf-8", "surrogatepass")
    http.append((name, ("POST /move HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: %s\r\nContent-Length: %s\r\n\r\n"
                        % (ctype, len(b) if length is None else length)).encode("latin-1") + b, None))
for name, body in [("{}", "{}"), ("[]", "[]"), ("nested", '{"board": {"a": 1}}'), ("true", '{"board": true}'),
                   ("unterminated", '{"board": "2,4'), ("bad escape", '{"board": "\\q"}'), ("control", '{"board": "\x01"}'),
                   ("long key", '{"' + "k" * 100000 + '": 1}'), ("deep", "[" * 5000), ("null board", '{"board": null}'),
                   ("number board", '{"board": 5}'), ("trailing", '{"board": "%s"} x' % B), ("twice", '{"board": "%s", "board": "%s"}' % (B, B)),
                   ("depth string", '{"board": "%s", "depth": "9"}' % B), ("form garbage", "&&&==&"), ("form percent", "board=%"),
                   ("surrogate", '{"board": "\udcff"}'), ("body over 64 KiB", "board=" + "2" * 70000)]:
    post("POST %s" % name, body, "application/json" if body.startswith(("{", "[")) else "application/x-www-form-urlencoded")
post("Content-Length: abc", "board=x", length="abc")
post("Content-Length: -5", "board=x", length="-5")
post("Content-Length: 2^64", "board=x", length="18446744073709551616")
rnd = random.Random(3434)
for m in ["DELETE", "PUT", "PATCH", "OPTIONS", "TRACE", "CONNECT", "BREW"]:
    http.append(("method %s" % m, ("%s /move HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" % m).encode(), None))
# malformed at the protocol level: each refused with the status of its rule
H = "Host: 127.0.0.1\r\n"
for name, req, status in [
        ("request line with two spaces", "GET  /health HTTP/1.1\r\n" + H + "\r\n", 400),
        ("request line with a space in the URI", "GET /a b HTTP/1.1\r\n" + H + "\r\n", 400),
        ("URI with a control character", "GET /a\x01 HTTP/1.1\r\n" + H + "\r\n", 400),
        ("URI with a fragment", "GET /health#x HTTP/1.1\r\n" + H + "\r\n", 400),
        ("URI not a path", "GET health HTTP/1.1\r\n" + H + "\r\n", 400),
        ("request line of garbage", "\x00\x00\x00\r\n\r\n", 400),
        ("request line of 10,000 bytes", "GET /" + "a" * 10000 + " HTTP/1.1\r\n" + H + "\r\n", 414),
        ("HTTP/2.0", "GET /health HTTP/2.0\r\n" + H + "\r\n", 505),
        ("HTTP/0.9", "GET /health HTTP/0.9\r\n" + H + "\r\n", 505),
        ("version http/1.1", "GET /health http/1.1\r\n" + H + "\r\n", 400),
        ("no version", "GET /health\r\n" + H + "\r\n", 400),
        ("no Host", "GET /health HTTP/1.1\r\n\r\n", 400),
        ("two Hosts", "GET /health HTTP/1.1\r\n" + H + H + "\r\n", 400),
        ("bare LF line ends", "GET /health HTTP/1.1\nHost: 127.0.0.1\n\n", 400),
        ("bare CR in a header", "GET /health HTTP/1.1\r\nHost: 127.0.0.1\rX: y\r\n\r\n", 400),
        ("header without a colon", "GET /health HTTP/1.1\r\n" + H + "Bad Header\r\n\r\n", 400),
        ("space before a colon", "GET /health HTTP/1.1\r\nHost : x\r\n\r\n", 400),
        ("obsolete line folding", "GET /health HTTP/1.1\r\n" + H + "X: a\r\n b\r\n\r\n", 400),
        ("NUL in a header value", "GET /health HTTP/1.1\r\n" + H + "X: a\x00b\r\n\r\n", 400),
        ("500 header fields", "GET /health HTTP/1.1\r\n" + H + "X: y\r\n" * 500 + "\r\n", 431),
        ("a header of 400,000 bytes", "GET /health HTTP/1.1\r\n" + H + "X: " + "a" * 400000 + "\r\n\r\n", 431),
        ("Content-Length twice, conflicting", "POST /move HTTP/1.1\r\n" + H + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nboard=", 400),
        ("Content-Length 5, 5", "POST /move HTTP/1.1\r\n" + H + "Content-Length: 5, 5\r\n\r\nboard", 400),
        ("Content-Length with Transfer-Encoding", "POST /move HTTP/1.1\r\n" + H + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("Transfer-Encoding gzip", "POST /move HTTP/1.1\r\n" + H + "Transfer-Encoding: gzip\r\n\r\n", 501),
        ("chunked size not hex", "POST /move HTTP/1.1\r\n" + H + "Transfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("chunked body over 64 KiB", "POST /move HTTP/1.1\r\n" + H + "Transfer-Encoding: chunked\r\n\r\n20000\r\n", 413),
        ("Expect other than 100-continue", "GET /health HTTP/1.1\r\n" + H + "Expect: x\r\n\r\n", 417)]:
    http.append((name, req.encode("latin-1"), status))
# seeded random request heads, each mutated from a good one
for i in range(120):
    good = ["GET", " ", "/move?board=2,2/0,0", " ", "HTTP/1.1", "\r\n", "Host: 127.0.0.1", "\r\n", "Connection: close", "\r\n", "\r\n"]
    for _ in range(1 + rnd.randrange(3)):
        k = rnd.randrange(len(good))
        good[k] = rnd.choice(["", "\n", "\r", " ", "\t", "\x00", "%zz", "HTTP/9.9", "Content-Length: x", "Host: a b", "X : y",
                              "\x7f", "\xff", "Transfer-Encoding: zip", good[k] * 2, good[k][::-1], good[k].upper()])
    req = "".join(good)
    if not req.endswith("\r\n\r\n"):
        continue  # a head that never ends waits for the request timeout: the slow clients below cover that
    http.append(("random head #%d" % i, req.encode("latin-1"), None))
for i in range(40):
    q = "".join(rnd.choice(["%", "%2", "%zz", "&", "=", "board", "depth", "player", "2", ",", "/", "+", "%00", "%ff", "x"]) for _ in range(rnd.randrange(1, 30)))
    get("random query #%d" % i, "/move?" + q)

results_http = []
if port:
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        futs = [pool.submit(http_case, n, r, e) for n, r, e in http]
        # slow clients and deep searches alongside
        slow = []
        for i in range(30):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /move?board=2 HTTP/1.1\r\nX-Slow: ")
            slow.append(s)
        deep = [pool.submit(raw, b"GET /game?depth=5&seed=%d HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" % i, 20) for i in range(4)]
        worst = 0.0
        for _ in range(40):
            t0 = time.time()
            d, _ = raw(("GET /move?depth=1&board=%s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" % B).encode())
            worst = max(worst, time.time() - t0)
            results_http.append(("http-probe", "depth-1 /move during the sweep", d.startswith(b"HTTP/1.1 200"), "%.0f ms" % ((time.time() - t0) * 1000)))
            time.sleep(0.05)
        for f in futs:
            results_http.append(f.result())
        time.sleep(7)
        for i, s in enumerate(slow):
            s.settimeout(2)
            try:
                closed = s.recv(1) == b""
            except OSError:
                closed = True
            results_http.append(("http-slow", "slow client #%d dropped" % i, closed, ""))
            s.close()
        print("slowest depth-1 /move during the sweep: %.0f ms" % (worst * 1000))
    srv.terminate()
    srv.wait(10)
else:
    results.append(("http", "server start", False, "no port"))
    srv.kill()

# --- sessions at the ends of their pipes, keep-alive starvation, Host: a server of its own ---
def session_pipe_host_cases():
    out = []
    def session(lines, env=None, timeout=120):
        """A session fed `lines` (bytes) on its standard input: (replies, exit status) or (None, why)."""
        try:
            p = subprocess.run([G, "session", "--player", "lines"], input=lines, capture_output=True, timeout=timeout,
                               env=dict(os.environ, **(env or {})))
        except subprocess.TimeoutExpired:
            return None, "hung past %d s" % timeout
        return [json.loads(l) for l in p.stdout.decode().splitlines()], p.returncode
    # the session's output closed while requests keep coming: `yes REQUEST | g2048 session | head -2`
    try:
        p = subprocess.run(["bash", "-c", "yes '{\"cmd\":\"apply\",\"board\":\"2,2/0,0\",\"moves\":\"L\"}' | %s session --player lines"
                            " 2>/dev/null | head -2; echo \"${PIPESTATUS[1]}\" >&2" % G], capture_output=True, text=True, timeout=120)
        out.append(("session", "output closed: yes | session | head -2", p.stdout.count("\n") == 2 and p.stderr.strip() == "1",
                    "session exit %s, %d lines" % (p.stderr.strip(), p.stdout.count("\n"))))
    except subprocess.TimeoutExpired:
        out.append(("session", "output closed: yes | session | head -2", False, "hung past 120 s"))
    # a line of 100 MB without an end, in a 64 MB heap, then a blank line and a request: each answered, in bounded memory
    r, code = session(b"x" * (100 << 20) + b"\n\n" + b'{"cmd":"quit"}\n', {"JAVA_TOOL_OPTIONS": "-Xmx64m"})
    ok = r is not None and code == 0 and len(r) == 4 and r[1]["error"].startswith("request: longer than 65536")
    ok = ok and r[2]["error"].startswith("request: a blank line") and r[3] == {"reply": "quit"}
    out.append(("session", "a 100 MB line without an end, a blank line, quit (64 MB heap)", ok, "exit %s: %s" % (code, str(r)[:300])))
    # integers read exactly, long client text cut
    r, code = session(b'{"cmd":"new-game","seed":9007199254740993}\n{"cmd":"new-game","seed":123456789012345678}\n'
                      b'{"cmd":"move","depth":"3","board":"2,2/0,0"}\n{"cmd":"move","board":"' + b"2" * 3000 + b',0/0,0"}\n')
    ok = r is not None and r[1]["result"]["seed"] == 9007199254740993 and r[2]["result"]["seed"] == 123456789012345678
    ok = ok and r[3]["error"] == 'depth: expected an integer (a JSON number), got the string "3"' and len(r[4]["error"]) < 300
    out.append(("session", "seeds beyond 2^53, a depth given as a string, a 3,000-digit cell", ok, str(r)[:300]))

    # a server of its own: starvation, Host, the served model touched, a long board echoed
    model = os.path.join(W, "served.g2nz")
    if base:
        open(model, "wb").write(base)
    srv2 = subprocess.Popen([G, "serve", "--port", "0"] + (["--model", model] if base else []), stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    p2 = None
    for line in srv2.stdout:
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if m:
            p2 = int(m.group(1))
            break
    def ask(target, host="127.0.0.1", sock=None, close=True):
        s = sock or socket.create_connection(("127.0.0.1", p2), timeout=10)
        try:
            s.sendall(("GET %s HTTP/1.1\r\nHost: %s\r\n%s\r\n" % (target, host, "Connection: close\r\n" if close else "")).encode("latin-1"))
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            n = int(re.search(rb"Content-Length: (\d+)", head).group(1)) if b"Content-Length" in head else 0
            while len(body) < n:
                chunk = s.recv(65536)
                if not chunk:
                    break
                body += chunk
            return (int(head[9:12]) if head.startswith(b"HTTP/1.1 ") else -1), body.decode("utf-8", "replace")
        except OSError as e:
            return -1, str(e)
        finally:
            if sock is None:
                s.close()
    if p2:
        # one client holds 1,024 kept-alive connections, asking /health on each now and then
        hog = []
        for i in range(1024):
            try:
                s = socket.create_connection(("127.0.0.1", p2), timeout=10)
                if ask("/health", sock=s, close=False)[0] == 200:
                    hog.append(s)
                else:
                    s.close()
            except OSError:
                break
        again = sum(ask("/health", sock=s, close=False)[0] == 200 for s in hog)
        st, body = ask("/move?player=lines&board=" + B)
        out.append(("keepalive", "another client while one holds 1,024 kept-alive connections", st == 200,
                    "%d: %s (the hog still holds %d)" % (st, body[:120], again)))
        out.append(("keepalive", "one client holds at most its share (256)", again <= 256, "%d held" % again))
        for s in hog:
            s.close()
        for name, host, want in [("Host evil.example", "evil.example", 403), ("Host with our port", "evil.example:%d" % p2, 403),
                                 ("Host 127.0.0.1.nip.io", "127.0.0.1.nip.io", 403), ("Host localhost", "localhost:%d" % p2, 200),
                                 ("Host [::1]", "[::1]:%d" % p2, 200), ("Host 127.0.0.1", "127.0.0.1:%d" % p2, 200)]:
            st, body = ask("/health", host=host)
            out.append(("host", name, st == want and body.startswith("{") and not CLASS.search(body), "%d: %s" % (st, body[:160])))
        st, body = ask("/move?player=lines&board=" + "2" * 3000 + ",0/0,0")
        out.append(("host", "a 3,000-digit board is not echoed", st == 400 and len(body) < 300, "%d: %d bytes" % (st, len(body))))
        if base:
            os.utime(model, (time.time() + 60, time.time() + 60))
            time.sleep(1.5)
            st, body = ask("/move?board=" + B)
            st2, body2 = ask("/health")
            out.append(("host", "the served model touched (content the same)", st == 200 and '"ok"' in body2, "%d, health %s" % (st, body2[:80])))
        srv2.terminate()
        srv2.wait(10)
    else:
        out.append(("keepalive", "server start", False, "no port"))
        srv2.kill()
    # bench serve on a server that sends a head and part of a body, then stalls: ended by its deadline (60 s)
    stall = socket.socket()
    stall.bind(("127.0.0.1", 0))
    stall.listen(4)
    held = []
    def stalling():
        while True:
            try:
                c, _ = stall.accept()
            except OSError:
                return
            c.recv(65536)
            c.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"start\":")
            held.append(c)
    import threading
    threading.Thread(target=stalling, daemon=True).start()
    ok, detail = run(["bench", "serve", "--url", "http://127.0.0.1:%d" % stall.getsockname()[1], "--requests", "1", "--warmup", "0"], 1,
                     timeout=180)
    out.append(("keepalive", "bench serve against a server that stalls mid-body", ok, detail))
    stall.close()
    for c in held:
        c.close()
    return out

results.extend(session_pipe_host_cases())

allr = results + results_http
bad = [r for r in allr if not r[2]]
for kind, name, ok, detail in bad:
    print("FAIL [%s] %s: %s" % (kind, name, detail))
def hung(r):
    return r[3].startswith("hung")
kinds = sorted(set(r[0] for r in allr))
for k in kinds:
    rs = [r for r in allr if r[0] == k]
    print("%-12s %4d tried, %4d refused cleanly, %3d failures (%d hung, %d wrong)" % (k, len(rs), sum(r[2] for r in rs),
          sum(not r[2] for r in rs), sum(not r[2] and hung(r) for r in rs), sum(not r[2] and not hung(r) for r in rs)))
print("total        %4d tried, %4d refused cleanly, %3d failures (%d hung, %d wrong)" % (len(allr), len(allr) - len(bad), len(bad),
      sum(hung(r) for r in bad), sum(not hung(r) for r in bad)))
EOF
