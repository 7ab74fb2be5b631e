// The viewer: keeps a game's board here and plays it live. Moves and spawns follow the engine's rules
// (g2048.game.Moves, Spawns and Rng, so seed S is game 0 of `g2048 play --seed S`); the engine's values
// and choice for each board come from /move, exact values from /solve when the server has a database.
"use strict";

const $ = (id) => document.getElementById(id);
const DIRS = ["U", "R", "D", "L"];
const NAMES = { U: "up", R: "right", D: "down", L: "left" };
const ARROWS = { U: "\u2191", R: "\u2192", D: "\u2193", L: "\u2190" };
const KEYS = { ArrowUp: "U", ArrowRight: "R", ArrowDown: "D", ArrowLeft: "L" };
const SEARCHING = new Set(["ntuple", "lines", "cnn"]);   // the players that take a depth and tile-downgrading
const FOUR_BY_FOUR = new Set(["ntuple", "policy", "cnn"]);   // the players whose model plays 4x4 boards only
const MAX_TILE = 32768;                            // two of these do not merge (g2048.game.RowTables)

// ---- the engine's random generator: SplitMix64 (g2048.game.Rng), in BigInt for exact 64-bit arithmetic
const M64 = (1n << 64n) - 1n;
const GOLDEN = 0x9E3779B97F4A7C15n;

function mix(z) {
  z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & M64;
  return z ^ (z >> 31n);
}

/** Rng.gameSeed(runSeed, 0): the seed of game 0 of a run. */
function gameSeed(runSeed) {
  return mix((BigInt.asUintN(64, runSeed) * GOLDEN + mix(1n)) & M64);
}

function nextLong(g) {
  g.state = (g.state + GOLDEN) & M64;
  return mix(g.state);
}

// ---- the game: a board is an array of tile values, row by row (0 = empty)
const game = {
  rows: 4, cols: 4, cells: new Array(16).fill(0),
  score: 0, moves: 0, over: false, edited: false,
  rng: { state: 0n }, seed: 1n,
  history: [],
};

function boardText(g = game) {
  const rows = [];
  for (let r = 0; r < g.rows; r++) rows.push(g.cells.slice(r * g.cols, (r + 1) * g.cols).join(","));
  return rows.join("/");
}

/** The cells of each line in the order tiles move along it: the first is the edge they move to. */
function lines(rows, cols, dir) {
  const out = [];
  const at = (r, c) => r * cols + c;
  if (dir === "L" || dir === "R") {
    for (let r = 0; r < rows; r++) {
      const line = [];
      for (let c = 0; c < cols; c++) line.push(at(r, c));
      out.push(dir === "L" ? line : line.reverse());
    }
  } else {
    for (let c = 0; c < cols; c++) {
      const line = [];
      for (let r = 0; r < rows; r++) line.push(at(r, c));
      out.push(dir === "U" ? line : line.reverse());
    }
  }
  return out;
}

/** A move: the cells after it, its reward (the sum of the merged tiles) and whether anything moved. */
function slide(cells, rows, cols, dir) {
  const next = cells.slice();
  let reward = 0;
  for (const line of lines(rows, cols, dir)) {
    const tiles = line.map((i) => cells[i]).filter((v) => v !== 0);
    const merged = [];
    for (let i = 0; i < tiles.length; i++) {
      // merges from the edge outwards; a merged tile does not merge again
      if (i + 1 < tiles.length && tiles[i] === tiles[i + 1] && tiles[i] !== MAX_TILE) {
        merged.push(2 * tiles[i]);
        reward += 2 * tiles[i];
        i++;
      } else {
        merged.push(tiles[i]);
      }
    }
    line.forEach((cell, k) => { next[cell] = k < merged.length ? merged[k] : 0; });
  }
  const moved = next.some((v, i) => v !== cells[i]);
  return { cells: next, reward, moved };
}

function legalMoves(g = game) {
  return DIRS.filter((d) => slide(g.cells, g.rows, g.cols, d).moved);
}

/** Spawns.spawn: one draw picks the k-th empty cell (row by row) and the tile, a 4 with probability 1/10. */
function spawn(g = game) {
  const empty = [];
  g.cells.forEach((v, i) => { if (v === 0) empty.push(i); });
  if (empty.length === 0) throw new Error("no empty cell to spawn on");
  const r = nextLong(g.rng);
  const k = Number(((r >> 32n) * BigInt(empty.length)) >> 32n);
  const four = (((r & 0xFFFFFFFFn) * 10n) >> 32n) === 0n;
  g.cells[empty[k]] = four ? 4 : 2;
  return empty[k];
}

function snapshot() {
  return { rows: game.rows, cols: game.cols, cells: game.cells.slice(), score: game.score, moves: game.moves,
           over: game.over, edited: game.edited, rng: game.rng.state };
}

function restore(s) {
  Object.assign(game, { rows: s.rows, cols: s.cols, cells: s.cells.slice(), score: s.score, moves: s.moves,
                        over: s.over, edited: s.edited });
  game.rng.state = s.rng;
}

function pushHistory() {
  game.history.push(snapshot());
  if (game.history.length > 20000) game.history.shift();   // bounded: a long game of the shipped model fits
}

function newGame() {
  stopLive();
  const [rows, cols] = $("shape").value.split("x").map(Number);
  let seed;
  try {
    seed = parseSeed($("seed").value);
  } catch (e) {
    showError(e);
    return;
  }
  Object.assign(game, { rows, cols, cells: new Array(rows * cols).fill(0), score: 0, moves: 0, over: false,
                        edited: false, seed, history: [] });
  game.rng.state = gameSeed(seed);
  spawn();
  spawn();
  lastSpawn = -1;
  game.over = legalMoves().length === 0;
  setStatus("new " + rows + "x" + cols + " game, seed " + seed);
  changed();
}

function parseSeed(text) {
  if (!/^-?\d{1,20}$/.test(text.trim())) throw new Error("seed: a whole number, e.g. 1");
  const s = BigInt(text.trim());
  if (s < -(1n << 63n) || s >= (1n << 63n)) throw new Error("seed: out of the range of a 64-bit number");
  return s;
}

let lastSpawn = -1;   // the cell of the last spawned tile, outlined on the board

/** Makes a move on the game's board with a spawn after it; false (and nothing changed) when it is illegal. */
function makeMove(dir, who) {
  if (game.over) return false;
  const r = slide(game.cells, game.rows, game.cols, dir);
  if (!r.moved) {
    setStatus(NAMES[dir] + " is not a legal move here");
    flashIllegal(dir);
    return false;
  }
  pushHistory();
  game.cells = r.cells;
  game.score += r.reward;
  game.moves += 1;
  lastSpawn = spawn();
  game.over = legalMoves().length === 0;
  if (game.over) setStatus("game over after " + game.moves + " moves, score " + game.score);
  else if (who) setStatus(who + " moved " + NAMES[dir]);
  changed();
  return true;
}

// ---- the engine's analysis of the current board
let health = null;
let analysis = null;   // { key, promise, answer, error } for the board and settings it was asked for

function engineParams() {
  const player = $("player").value;
  const q = new URLSearchParams({ board: boardText(), player });
  if (SEARCHING.has(player)) {
    q.set("depth", $("depth").value);
    // absent: auto, the player's own threshold
    if ($("downgrade").value !== "auto") q.set("downgrade", $("downgrade").value);
  } else {
    // the heuristic and random players draw from a seeded generator: a seed a move keeps a game reproducible
    q.set("seed", BigInt.asIntN(64, gameSeed(game.seed) + BigInt(game.moves)).toString());
  }
  return q;
}

function analyse() {
  const key = engineParams().toString();
  if (analysis && analysis.key === key && !analysis.error) return analysis.promise;
  // a newer board makes the older question moot: the server is told by the closed connection
  if (analysis && !analysis.answer && !analysis.error) analysis.abort.abort();
  const a = { key, answer: null, exact: null, error: null, abort: new AbortController() };
  a.promise = (async () => {
    const solve = health && health.db_shape === game.rows + "x" + game.cols
      ? fetchJson("/solve?board=" + encodeURIComponent(boardText()), a.abort.signal).catch((e) => ({ error: e.message }))
      : null;
    try {
      a.answer = await fetchJson("/move?" + key, a.abort.signal);
      a.exact = solve ? await solve : null;
    } catch (e) {
      a.error = e;
      throw e;
    } finally {
      if (analysis === a) renderValues();
    }
    return a.answer;
  })();
  a.promise.catch(() => {});   // shown by renderValues; callers that await it see it too
  analysis = a;
  renderValues();
  return a.promise;
}

/** The engine's answer for the current board, or null while it is being computed. */
function currentAnswer() {
  return analysis && analysis.key === engineParams().toString() ? analysis : null;
}

// ---- live play
let running = false;
let liveRun = 0;   // which start of live play is current: an older loop stops at its next turn

async function live() {
  const run = ++liveRun;
  running = true;
  renderLive();
  setStatus("the engine plays");
  while (running && run === liveRun && !game.over) {
    const key = engineParams().toString();
    let answer;
    try {
      answer = await analyse();
    } catch (e) {
      if (e.name === "AbortError") continue;   // the board or the settings changed: ask again
      running = false;
      showError(e);
      break;
    }
    if (!running || run !== liveRun) return;
    const delay = Number($("speed").value);
    if (delay > 0) await sleep(delay);   // at the fastest speed the wait for /move is the only pause
    if (!running || run !== liveRun) return;
    if (key !== engineParams().toString()) continue;   // the board or the settings changed meanwhile
    if (answer.move === null || answer.move === undefined) break;
    makeMove(answer.move, null);
  }
  if (run === liveRun) stopLive();
}

function stopLive() {
  if (running && !game.over) setStatus("paused after " + game.moves + " moves");
  running = false;
  liveRun++;
  renderLive();
}

async function engineStep() {
  stopLive();
  if (game.over) return;
  const key = engineParams().toString();
  try {
    const answer = await analyse();
    if (key === engineParams().toString() && answer.move) makeMove(answer.move, "the engine");
  } catch (e) {
    if (e.name !== "AbortError") showError(e);
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---- human play
function humanMove(dir) {
  if (running) stopLive();
  if (game.over) {
    setStatus("game over: start a new game, undo, or edit the board");
    return;
  }
  makeMove(dir, "you");
}

function undo() {
  stopLive();
  const s = game.history.pop();
  if (!s) return;
  restore(s);
  lastSpawn = -1;
  setStatus("took back a move");
  changed();
}

// ---- the editor
function parseBoard(text) {
  const rows = text.trim().split("/").map((r) => r.split(","));
  const cols = rows[0].length;
  if (rows.length < 2 || rows.length > 4 || cols < 2 || cols > 4) throw new Error("board: 2 to 4 rows of 2 to 4 cells");
  const cells = [];
  rows.forEach((row, r) => {
    if (row.length !== cols) throw new Error("board row " + (r + 1) + " has " + row.length + " cells, row 1 has " + cols);
    row.forEach((cell, c) => {
      const t = cell.trim();
      const v = t === "." ? 0 : Number(t);
      if (!/^(0|\.|[1-9][0-9]*)$/.test(t) || (v !== 0 && (v < 2 || (v & (v - 1)) !== 0 || v > MAX_TILE))) {
        throw new Error("board cell (" + (r + 1) + "," + (c + 1) + ") is '" + t + "': expected 0 or a tile 2, 4, ... 32768");
      }
      cells.push(v);
    });
  });
  return { rows: rows.length, cols, cells };
}

function setBoard(b, how) {
  stopLive();
  pushHistory();
  Object.assign(game, { rows: b.rows, cols: b.cols, cells: b.cells, score: 0, moves: 0, edited: true });
  game.over = legalMoves().length === 0;
  $("shape").value = b.rows + "x" + b.cols;
  lastSpawn = -1;
  setStatus(how + (game.over ? ": no legal move on this board" : ""));
  changed();
}

/** The largest tile a board of this shape can hold (Shape.maxReachableCode). */
function largestTile() {
  return 2 ** Math.min(15, game.rows * game.cols + 1);
}

function cycleCell(i, down) {
  const v = game.cells[i];
  const top = largestTile();
  const next = down ? (v === 0 ? top : v === 2 ? 0 : v / 2) : (v === 0 ? 2 : v >= top ? 0 : v * 2);
  const cells = game.cells.slice();
  cells[i] = next;
  setBoard({ rows: game.rows, cols: game.cols, cells }, "edited cell " + (Math.floor(i / game.cols) + 1) + "," + (i % game.cols + 1));
  $("board").querySelector('[data-index="' + i + '"]').focus();
}

// ---- drawing
function changed() {
  render();
  if ($("hints").checked || running) analyse();
}

function render() {
  drawBoard();
  $("score").textContent = game.score.toLocaleString("en");
  $("score").dataset.value = game.score;
  $("moves").textContent = game.moves;
  $("max-tile").textContent = Math.max(...game.cells);
  $("state").textContent = game.over ? "game over" : game.edited ? "playing an edited board" : "playing";
  $("state").className = game.over ? "over" : "";
  if (document.activeElement !== $("board-text")) $("board-text").value = boardText();
  $("board-text").removeAttribute("aria-invalid");
  $("undo").disabled = game.history.length === 0;
  renderValues();
}

function drawBoard() {
  const el = $("board");
  const editing = $("edit-cells").checked;
  el.style.gridTemplateColumns = "repeat(" + game.cols + ", var(--cell))";
  el.dataset.board = boardText();
  el.classList.toggle("over", game.over);
  el.classList.toggle("editing", editing);
  el.replaceChildren();
  for (let r = 0; r < game.rows; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    for (let c = 0; c < game.cols; c++) {
      const i = r * game.cols + c;
      const v = game.cells[i];
      const d = document.createElement(editing ? "button" : "div");
      if (editing) d.type = "button";
      d.setAttribute("role", "gridcell");
      d.className = "cell" + (v ? (v <= 2048 ? " t" + v : " big") : "") + (i === lastSpawn ? " spawn" : "");
      d.textContent = v ? v : "";
      d.dataset.value = v;
      d.dataset.index = i;
      d.setAttribute("aria-label", "row " + (r + 1) + ", column " + (c + 1) + ": " + (v ? v : "empty"));
      row.appendChild(d);
    }
    el.appendChild(row);
  }
}

function renderValues() {
  const body = $("values").tBodies[0];
  const a = currentAnswer();
  const answer = a && a.answer;
  const exact = a && a.exact && !a.exact.error ? a.exact : null;
  const showHints = $("hints").checked;
  const legal = new Set(legalMoves());
  $("values").dataset.board = boardText();
  $("values").dataset.state = !a ? "none" : a.error ? "error" : answer ? "ready" : "pending";
  $("optimal-head").hidden = !(showHints && exact);
  const player = $("player").value;
  $("values-caption").textContent = "each move's value for this board: " + player
    + (SEARCHING.has(player) ? ", depth " + $("depth").value : "");
  body.replaceChildren();
  for (const m of DIRS) {
    const tr = document.createElement("tr");
    tr.dataset.move = m;
    const entry = answer ? answer.moves.find((x) => x.move === m) : null;
    const isLegal = legal.has(m) && !game.over;
    tr.dataset.legal = isLegal;
    tr.className = isLegal ? "" : "illegal";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = ARROWS[m] + " " + NAMES[m];
    button.setAttribute("aria-label", "move " + NAMES[m] + (isLegal ? "" : " (illegal)"));
    button.disabled = !isLegal;
    button.onclick = () => humanMove(m);
    const cells = [document.createElement("th"), document.createElement("td"), document.createElement("td")];
    cells[0].scope = "row";
    cells[0].appendChild(button);
    if (!isLegal) {
      cells[1].textContent = "illegal";
      cells[2].textContent = "\u2013";
    } else {
      cells[1].textContent = slide(game.cells, game.rows, game.cols, m).reward;
      const v = entry && entry.legal ? entry.value : null;
      // a policy network gives each legal move's probability instead of a value
      const p = entry && entry.legal && entry.probability !== undefined ? entry.probability : null;
      if (v !== null && v !== undefined) tr.dataset.value = v;
      if (p !== null) tr.dataset.probability = p;
      cells[2].textContent = !showHints ? "hidden" : answer ? (p !== null ? percent(p) : format(v)) : a && a.error ? "?" : "\u2026";
    }
    cells[2].className = "value";
    if (showHints && exact) {
      const td = document.createElement("td");
      const e = exact.moves.find((x) => x.move === m);
      td.textContent = format(e && e.legal ? e.value : null);
      td.className = "exact";
      cells.push(td);
    }
    tr.append(...cells);
    if (showHints && answer && answer.move === m) tr.classList.add("chosen");
    body.appendChild(tr);
  }
  const chosen = $("chosen");
  if (game.over) chosen.textContent = "game over: no legal move";
  else if (a && a.error) chosen.textContent = a.error.name === "AbortError" ? "" : "the engine: " + a.error.message;
  else if (!showHints) chosen.textContent = "";
  else if (answer) chosen.textContent = answer.player + " chooses " + (answer.move ? NAMES[answer.move] : "nothing")
    + (a.exact && a.exact.error ? " (no exact values: " + a.exact.error + ")" : "");
  else chosen.textContent = a ? "the engine is thinking\u2026" : "";
}

function renderLive() {
  $("play").textContent = running ? "pause" : "engine plays";
  $("play").setAttribute("aria-pressed", String(running));
}

let flashTimer = null;
function flashIllegal(dir) {
  const row = $("values").querySelector('tr[data-move="' + dir + '"]');
  if (!row) return;
  row.classList.add("refused");
  clearTimeout(flashTimer);
  flashTimer = setTimeout(() => row.classList.remove("refused"), 400);
}

function percent(p) {
  return "p " + (100 * p).toLocaleString("en", { maximumFractionDigits: 1 }) + "%";
}

function format(v) {
  return v === null || v === undefined ? "\u2013" : v.toLocaleString("en", { maximumFractionDigits: 2 });
}

function setStatus(text) {
  $("status").textContent = text;
  $("status").className = "";
}

function showError(e) {
  $("status").textContent = "error: " + e.message;
  $("status").className = "error";
}

async function fetchJson(url, signal) {
  const response = await fetch(url, { signal });
  let body;
  try {
    body = await response.json();
  } catch (e) {
    throw new Error("HTTP " + response.status);
  }
  if (!response.ok) throw new Error(body.error || ("HTTP " + response.status));
  return body;
}

// ---- controls
function playerChanged() {
  const player = $("player").value;
  const searches = SEARCHING.has(player);
  $("depth").disabled = !searches;
  $("downgrade").disabled = !searches;
  showModel();
  // the networks and the n-tuple model play 4x4 boards, the optimal player the database's shape: start such a game
  const need = FOUR_BY_FOUR.has(player) ? "4x4" : player === "optimal" && health && health.db_shape ? health.db_shape : null;
  if (need && need !== game.rows + "x" + game.cols) {
    $("shape").value = need;
    newGame();
  } else {
    changed();
  }
}

/** The model file the chosen player plays from, as /health names it (the server loads each once). */
function showModel() {
  const models = (health && health.models) || {};
  const name = $("player").value in models ? models[$("player").value] : null;
  $("model").replaceChildren(new Option(name || "none", name || ""));
  $("model").disabled = true;
}

function onKey(ev) {
  if (ev.ctrlKey || ev.altKey || ev.metaKey) return;
  const t = ev.target;
  // typing in a field or choosing in a list keeps its keys
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
  if (ev.key === "-" && t.classList.contains("cell") && $("edit-cells").checked) {
    cycleCell(Number(t.dataset.index), true);   // the keyboard's shift-click
    return;
  }
  const dir = KEYS[ev.key];
  if (dir) {
    ev.preventDefault();
    humanMove(dir);
  } else if (ev.key === "z") {
    undo();
  } else if (ev.key === "p") {
    running ? stopLive() : live();
  } else if (ev.key === "n") {
    engineStep();
  }
}

function swipes() {
  const board = $("board");
  let start = null;
  board.addEventListener("pointerdown", (ev) => { start = { x: ev.clientX, y: ev.clientY }; });
  board.addEventListener("pointerup", (ev) => {
    if (!start || $("edit-cells").checked) return;
    const dx = ev.clientX - start.x;
    const dy = ev.clientY - start.y;
    start = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 30) return;
    humanMove(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U"));
  });
  board.addEventListener("click", (ev) => {
    const cell = ev.target.closest(".cell");
    if (cell && $("edit-cells").checked) cycleCell(Number(cell.dataset.index), ev.shiftKey);
  });
  board.addEventListener("contextmenu", (ev) => {
    const cell = ev.target.closest(".cell");
    if (cell && $("edit-cells").checked) {
      ev.preventDefault();
      cycleCell(Number(cell.dataset.index), true);
    }
  });
}

async function init() {
  try {
    health = await fetchJson("/health");
  } catch (e) {
    showError(e);
    health = { players: ["heuristic"], models: {}, max_depth: 1 };
  }
  // the players the server serves: each with what it plays from loaded
  for (const p of health.players) $("player").add(new Option(p, p));
  $("player").value = health.players.includes("ntuple") ? "ntuple" : "heuristic";
  for (let d = 1; d <= (health.max_depth || 1); d++) $("depth").add(new Option(String(d), String(d)));

  $("engine").addEventListener("submit", (ev) => ev.preventDefault());
  $("game").addEventListener("submit", (ev) => { ev.preventDefault(); newGame(); });
  $("editor").addEventListener("submit", (ev) => {
    ev.preventDefault();
    try {
      setBoard(parseBoard($("board-text").value), "board set");
    } catch (e) {
      $("board-text").setAttribute("aria-invalid", "true");
      showError(e);
    }
  });
  $("player").addEventListener("change", playerChanged);
  for (const id of ["depth", "downgrade", "hints"]) $(id).addEventListener("change", changed);
  $("edit-cells").addEventListener("change", () => { stopLive(); render(); });
  $("clear-board").onclick = () => setBoard({ rows: game.rows, cols: game.cols, cells: new Array(game.rows * game.cols).fill(0) }, "board cleared");
  $("undo").onclick = undo;
  $("play").onclick = () => (running ? stopLive() : live());
  $("step").onclick = engineStep;
  document.addEventListener("keydown", onKey);
  swipes();

  const params = new URLSearchParams(location.search);
  for (const key of ["seed", "shape", "player", "depth", "downgrade", "speed"]) {
    if (params.has(key)) $(key).value = params.get(key);
  }
  if (params.get("hints") === "0") $("hints").checked = false;
  $("depth").disabled = $("downgrade").disabled = !SEARCHING.has($("player").value);
  showModel();
  newGame();
  if (params.has("board")) {
    try {
      setBoard(parseBoard(params.get("board")), "board set");
    } catch (e) {
      showError(e);
    }
  }
  if (params.get("autoplay") === "1") live();
}

init();
