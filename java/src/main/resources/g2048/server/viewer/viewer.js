// The viewer: asks the server for a seeded game's trace (/game) and replays it move by move.
"use strict";

const $ = (id) => document.getElementById(id);
const NAMES = { U: "up", R: "right", D: "down", L: "left" };
let trace = null;   // the /game answer
let index = 0;      // boards shown: 0 = the start, i = after i moves
let timer = null;

async function fetchJson(url) {
  const response = await fetch(url);
  const body = await response.json();
  if (!response.ok) {
    throw new Error(body.error || ("HTTP " + response.status));
  }
  return body;
}

async function init() {
  try {
    const health = await fetchJson("/health");
    for (const p of health.players) {
      const o = document.createElement("option");
      o.textContent = p;
      $("player").appendChild(o);
    }
    $("player").value = health.model ? "ntuple" : "heuristic";
    // the optimal player plays the database's shape only
    $("player").addEventListener("change", () => {
      if ($("player").value === "optimal" && health.db_shape) $("shape").value = health.db_shape;
    });
  } catch (e) {
    showError(e);
  }
  $("controls").addEventListener("submit", (ev) => { ev.preventDefault(); start(); });
  $("first").onclick = () => { pause(); show(0); };
  $("back").onclick = () => { pause(); show(index - 1); };
  $("forward").onclick = () => { pause(); show(index + 1); };
  $("last").onclick = () => { pause(); show(trace ? trace.steps.length : 0); };
  $("pause").onclick = () => (timer ? pause() : run());
  $("position").oninput = () => { pause(); show(Number($("position").value)); };
  const params = new URLSearchParams(location.search);
  for (const key of ["seed", "shape", "player", "depth", "downgrade", "speed"]) {
    if (params.has(key)) $(key).value = params.get(key);
  }
  if (params.has("max_moves")) $("max-moves").value = params.get("max_moves");
  if (params.get("autoplay") === "1") start();
}

async function start() {
  pause();
  const player = $("player").value;
  const q = new URLSearchParams({ seed: $("seed").value, shape: $("shape").value, player: player,
                                   max_moves: $("max-moves").value });
  if (player === "ntuple" || player === "lines") {
    q.set("depth", $("depth").value);
    if ($("downgrade").value !== "0") q.set("downgrade", $("downgrade").value);
  }
  setStatus("playing seed " + $("seed").value + " ...");
  try {
    trace = await fetchJson("/game?" + q);
  } catch (e) {
    trace = null;
    showError(e);
    return;
  }
  $("position").max = trace.steps.length;
  $("move-count").textContent = trace.steps.length;
  $("optimal-head").hidden = !trace.steps.some((s) => s.optimal_values);
  setStatus(trace.player + (trace.depth ? " depth " + trace.depth : "") + (trace.downgrade ? ", downgrade from " + trace.downgrade : "") + ", seed " + trace.seed + ": "
            + trace.moves_played + " moves, score " + trace.score + (trace.game_over ? ", game over" : ""));
  show(0);
  run();
}

function run() {
  if (!trace) return;
  $("pause").textContent = "pause";
  timer = setInterval(() => {
    if (index >= trace.steps.length) { pause(); return; }
    show(index + 1);
  }, Number($("speed").value));
}

function pause() {
  if (timer) clearInterval(timer);
  timer = null;
  $("pause").textContent = "go on";
}

function show(i) {
  if (!trace) return;
  index = Math.max(0, Math.min(i, trace.steps.length));
  const step = trace.steps[index];          // the move made from this board (none at the end)
  const before = trace.steps[index - 1];    // the move that led here
  const board = step ? step.board : trace.final_board;
  drawBoard(board, before ? before.spawn : null);
  $("move-index").textContent = index;
  $("position").value = index;
  $("score").textContent = before ? before.score : 0;
  drawValues(step);
}

function drawBoard(text, spawn) {
  const rows = text.split("/").map((r) => r.split(","));
  const el = $("board");
  el.style.gridTemplateColumns = "repeat(" + rows[0].length + ", 72px)";
  el.replaceChildren();
  rows.forEach((row, r) => row.forEach((cell, c) => {
    const d = document.createElement("div");
    const v = cell === "." ? 0 : Number(cell);
    d.className = "cell" + (v ? (v <= 2048 ? " t" + v : " big") : "");
    if (spawn && spawn.row === r && spawn.col === c) d.classList.add("spawn");
    d.textContent = v ? v : "";
    d.dataset.value = v;
    el.appendChild(d);
  }));
}

function drawValues(step) {
  const body = $("values").tBodies[0];
  body.replaceChildren();
  if (!step) {
    $("chosen").textContent = trace.game_over ? "game over: no legal move" : "the trace ends here (max moves)";
    return;
  }
  for (const m of ["U", "R", "D", "L"]) {
    const tr = document.createElement("tr");
    tr.dataset.move = m;
    const v = step.values[m];
    const o = step.optimal_values ? step.optimal_values[m] : undefined;
    tr.innerHTML = "<td>" + NAMES[m] + "</td><td>" + format(v) + "</td>"
                 + (step.optimal_values ? "<td>" + format(o) + "</td>" : "");
    if (m === step.move) tr.className = "chosen";
    body.appendChild(tr);
  }
  $("chosen").textContent = "chosen: " + NAMES[step.move] + " (reward " + step.reward + ")";
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

init();
