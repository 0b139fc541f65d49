// The page of `forsyth serve`: forms that call the JSON API of the same
// server and show its answers. The state worth sharing lives in the
// address (?position=...&moves=...&notation=...), so a link shows the
// same result. No framework, nothing fetched from elsewhere.
"use strict";

const $ = (id) => document.getElementById(id);

function element(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

async function call(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (e) {
    return { error: { kind: "network", message: "the server cannot be reached: " + e } };
  }
  try {
    return await response.json();
  } catch (e) {
    return { error: { kind: "bad_response", message: "status " + response.status } };
  }
}

function showError(error) {
  const box = $("error");
  if (!error) {
    box.hidden = true;
    box.textContent = "";
    box.removeAttribute("data-kind");
    box.removeAttribute("data-squares");
    return;
  }
  let where = "";
  if (error.line != null) where = " (line " + error.line + ", column " + error.column + ")";
  const field = error.field ? error.field + ": " : "";
  const squares = error.squares && error.squares.length ? " [" + error.squares.join(", ") + "]" : "";
  box.textContent = field + error.kind + where + ": " + error.message + squares;
  box.dataset.kind = error.kind;
  box.dataset.squares = (error.squares || []).join(" ");
  box.hidden = false;
}

// The address that reproduces what is on the page.
function updateAddress() {
  const params = new URLSearchParams();
  const position = $("position").value.trim();
  const moves = $("moves-text").value.trim();
  if (position) params.set("position", position);
  if (moves) params.set("moves", moves);
  if ($("notation").value !== "san") params.set("notation", $("notation").value);
  if ($("variant").value !== "auto") params.set("variant", $("variant").value);
  if ($("flip").checked) params.set("flip", "1");
  const query = params.toString();
  const url = location.pathname + (query ? "?" + query : "");
  history.replaceState(null, "", url);
  $("share").href = url;
}

function renderPosition(answer) {
  $("result").hidden = false;
  const figure = $("diagram");
  figure.innerHTML = answer.diagram;
  figure.dataset.files = String(answer.files);
  const marked = new Set();
  answer.problems.forEach((p) => p.squares.forEach((s) => marked.add(s)));
  figure.dataset.highlighted = Array.from(marked).join(" ");

  const errors = answer.problems.filter((p) => p.severity === "error").length;
  let verdict = answer.valid ? "Legal" : "Not legal";
  if (answer.valid && answer.problems.length) verdict += ", with warnings";
  verdict += " (" + answer.variant + ", read as " + answer.input + ")";
  if (answer.files === 10) verdict += "; 10x8 board, files a to j";
  if (answer.chess960 != null) verdict += "; Chess960 start " + answer.chess960;
  if (answer.crc != null) verdict += "; CRC start " + answer.crc;
  if (answer.stipulation) verdict += "; stipulation " + answer.stipulation;
  $("verdict").textContent = verdict;
  $("verdict").dataset.valid = String(answer.valid);
  $("verdict").dataset.errors = String(errors);

  const report = $("report");
  report.replaceChildren();
  for (const p of answer.problems) {
    const where = p.column != null ? " (column " + p.column + ")" : "";
    const squares = p.squares.length ? " [" + p.squares.join(", ") + "]" : "";
    report.append(
      element(
        "li",
        { class: p.severity, "data-kind": p.kind, "data-squares": p.squares.join(" ") },
        element("strong", { text: p.kind }),
        " " + p.field + where + ": " + p.message + squares
      )
    );
  }

  for (const name of ["xfen", "shredder", "standard"]) {
    const code = document.querySelector('[data-encoding="' + name + '"]');
    const text = answer.encodings[name];
    if (text != null) {
      code.textContent = text;
      code.className = "";
    } else {
      const why = answer.cannot[name];
      code.textContent = "cannot: " + (why ? why.message : "not expressible");
      code.className = "cannot";
    }
  }

  const status = answer.status;
  if (!status) $("status").textContent = "No moves: the position is not legal.";
  else if (status.outcome) $("status").textContent = "Game over: " + outcomeText(status.outcome) + ".";
  else $("status").textContent = (status.check ? "Check. " : "") + status.legal_moves + " legal moves.";
  $("notes").textContent = answer.notes.join(" ");

  $("move-count").textContent = "(" + answer.moves.length + ", " + answer.notation + ")";
  const list = $("moves");
  list.replaceChildren();
  for (const m of answer.moves) {
    list.append(element("li", { "data-uci": m.uci, title: m.san + " (" + m.uci + ")", text: m.text }));
  }
}

// The library's outcome: a name, or an object {name: {winner: ...}}.
function outcomeText(outcome) {
  if (typeof outcome === "string") return outcome.replace(/_/g, " ");
  const name = Object.keys(outcome)[0];
  const winner = outcome[name] && outcome[name].winner;
  return name.replace(/_/g, " ") + (winner ? ", " + winner.toLowerCase() + " wins" : "");
}

async function showPosition(text) {
  const answer = await call("/api/position", {
    position: text,
    variant: $("variant").value,
    notation: $("notation").value,
    flip: $("flip").checked,
    coordinates: true,
  });
  if (answer.error) {
    showError(answer.error);
    return false;
  }
  showError(null);
  renderPosition(answer);
  return true;
}

async function show(event) {
  if (event) event.preventDefault();
  updateAddress();
  const text = $("position").value;
  if (!text.trim()) {
    showError({ kind: "empty", field: "position", message: "paste a position first" });
    return;
  }
  $("move-fault").hidden = true;
  await showPosition(text);
}

async function replay(event) {
  if (event) event.preventDefault();
  updateAddress();
  const text = $("moves-text").value;
  const body = { moves: text, notation: $("notation").value };
  const position = $("position").value.trim();
  if (position && !text.trim().startsWith("[")) body.position = position;
  if ($("variant").value !== "auto" && body.position) body.variant = $("variant").value;
  const answer = await call("/api/game", body);
  if (answer.error) {
    await showGameFault(answer.error, body.position);
    return;
  }
  showError(null);
  $("move-fault").hidden = true;
  listPlies(answer.start, answer.moves);
  $("translation").textContent = answer.translation;
  const warnings = $("game-warnings");
  warnings.replaceChildren();
  for (const w of answer.warnings) {
    warnings.append(element("li", { "data-kind": w.kind, text: w.kind + " (line " + w.line + "): " + w.message }));
  }
  $("game").hidden = false;
  await showPly($("plies").querySelector("li:last-child button"));
}

// A game that fails at a move still shows the board it reached (or the
// position pasted, when not even the start replays), the moves that did
// play, and the fault beside the board.
async function showGameFault(error, position) {
  const replayed = error.replayed;
  let shown = false;
  if (replayed) {
    listPlies(replayed.start, replayed.moves);
    $("translation").textContent = "";
    $("game-warnings").replaceChildren();
    $("game").hidden = false;
    shown = await showPly($("plies").querySelector("li:last-child button"));
  } else {
    $("game").hidden = true;
    if (position) shown = await showPosition(position);
  }
  showError(error);
  const fault = $("move-fault");
  if (shown) {
    const played = replayed ? replayed.moves.length : 0;
    let where = "";
    if (error.line != null) where = " (line " + error.line + ", column " + error.column + ")";
    fault.textContent =
      "The moves stop after " + played + (played === 1 ? " ply" : " plies") + where + ": " + error.message;
    fault.dataset.kind = error.kind;
    fault.dataset.played = String(played);
    fault.hidden = false;
  } else {
    fault.hidden = true;
  }
}

// The buttons of a replayed line: the start, then one per ply.
function listPlies(startFen, moves) {
  const plies = $("plies");
  plies.replaceChildren();
  const start = element("button", { type: "button", "data-ply": "0", "data-fen": startFen, text: "start" });
  plies.append(element("li", {}, start));
  for (const m of moves) {
    const label = (m.color === "white" ? m.number + "." : m.ply === 1 ? m.number + "..." : "") + m.text;
    const button = element("button", {
      type: "button",
      "data-ply": String(m.ply),
      "data-fen": m.fen,
      "data-uci": m.uci,
      text: label,
    });
    plies.append(element("li", {}, button));
  }
}

async function showPly(button) {
  if (!button) return false;
  for (const b of $("plies").querySelectorAll("button")) b.removeAttribute("aria-current");
  button.setAttribute("aria-current", "true");
  return await showPosition(button.dataset.fen);
}

async function solve(event) {
  event.preventDefault();
  updateAddress();
  const out = $("solution");
  out.hidden = false;
  out.textContent = "Solving...";
  const body = { problem: $("position").value };
  const stipulation = $("stipulation").value.trim();
  if (stipulation) body.stipulation = stipulation;
  const seconds = Number($("time-limit").value);
  if (seconds > 0) body.time_limit = seconds;
  if ($("notation").value !== "san") body.notation = $("notation").value;
  const answer = await call("/api/solve", body);
  if (answer.error) {
    showError(answer.error);
    out.textContent = "";
    out.hidden = true;
    return;
  }
  showError(null);
  out.textContent = answer.answers
    .map((a) => {
      const head = answer.answers.length > 1 ? "Problem " + a.problem.index + ":\n" : "";
      if (a.error) return head + a.error.kind + ": " + a.error.message;
      const keys = a.keys.length === 0 ? "no solution\n" : a.text;
      return head + keys + "(" + a.nodes + " positions searched" + (a.cook ? "; cooked" : "") + ")";
    })
    .join("\n\n");
}

async function loadNotations() {
  try {
    const response = await fetch("/api/notations");
    const names = await response.json();
    const select = $("notation");
    const chosen = select.value;
    select.replaceChildren();
    for (const name of names.notations) select.append(element("option", { value: name, text: name }));
    select.value = chosen;
  } catch (e) {
    // The one option written in the page stays.
  }
}

async function start() {
  $("position-form").addEventListener("submit", show);
  $("game-form").addEventListener("submit", replay);
  $("solve-form").addEventListener("submit", solve);
  $("plies").addEventListener("click", (e) => {
    const button = e.target.closest("button");
    if (button) showPly(button);
  });
  await loadNotations();
  const params = new URLSearchParams(location.search);
  $("position").value = params.get("position") || "";
  $("moves-text").value = params.get("moves") || "";
  if (params.get("notation")) $("notation").value = params.get("notation");
  if (params.get("variant")) $("variant").value = params.get("variant");
  $("flip").checked = params.get("flip") === "1";
  if (params.get("moves")) await replay();
  else if (params.get("position")) await show();
  document.body.dataset.ready = "true";
}

start();
