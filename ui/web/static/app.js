// pigsolve in the browser: the page asks the Python engine for every roll, score and rule.
"use strict";

const $ = (selector) => document.querySelector(selector);
let game = "pig";
let state = null;

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error);
  return data;
}

function say(text) { $("#message").textContent = text; }

function die(value) {
  const pips = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
  const svg = ['<svg viewBox="0 0 60 60" role="img" aria-label="' + value + '">',
    '<rect x="2" y="2" width="56" height="56" rx="9" fill="white" stroke="#1d232a" stroke-width="2.5"/>'];
  if (pips[value]) {
    for (const p of pips[value]) {
      svg.push(`<circle cx="${15 + 15 * (p % 3)}" cy="${15 + 15 * Math.floor(p / 3)}" r="5" fill="${value === 1 ? "#a2412f" : "#1d232a"}"/>`);
    }
  } else {
    svg.push(`<text x="30" y="39" font-size="26" text-anchor="middle">${value}</text>`);
  }
  return svg.join("") + "</svg>";
}

function show(next) {
  state = next;
  $("#board").hidden = false;
  const you = state.you, them = 1 - you;
  $("#you .score").textContent = state.scores[you];
  $("#them .score").textContent = state.scores[them];
  $("#them .name").textContent = state.opponent;
  $("#you").classList.toggle("to-move", !state.over && state.player === you);
  $("#them").classList.toggle("to-move", !state.over && state.player === them);
  $("#turn-total").textContent = state.game === "pig" ? state.turn_total : "-";
  $("#dice").innerHTML = state.dice.map(die).join("");
  $("#roll").disabled = !state.legal.includes("roll");
  $("#hold").disabled = !state.legal.includes("hold");
  $("#roll-hog").disabled = $("#hint").disabled = state.legal.length === 0;
  $("#log").textContent = state.log.join("\n");
  $("#log").scrollTop = $("#log").scrollHeight;
  $("#banner").hidden = !state.over;
  if (state.over) $("#banner").textContent = state.winner === you ? "You win!" : `${state.opponent} wins.`;
  $("#hint-text").textContent = "";
  chart(state.evaluation);
  review(state);
}

function chart(values) {
  $("#chart").hidden = values.length === 0;
  const step = 400 / Math.max(values.length - 1, 1);
  const points = values.map((p, n) => `${(n * step).toFixed(1)},${(115 - 110 * p).toFixed(1)}`);
  $("#chart svg").innerHTML = '<line x1="0" y1="60" x2="400" y2="60" class="even"/>'
    + `<polyline points="${points.join(" ")}"/>`
    + values.map((p, n) => `<circle cx="${(n * step).toFixed(1)}" cy="${(115 - 110 * p).toFixed(1)}" r="2.5"><title>${(100 * p).toFixed(1)}%</title></circle>`).join("");
}

function review(state) {
  $("#review").hidden = !state.over;
  if (!state.over) return;
  const items = state.review.map((d) =>
    `<li>decision ${d.move}: you chose ${d.action}, optimal was ${d.best}: cost ${(100 * d.cost).toFixed(2)} points of win probability</li>`);
  $("#review ol").innerHTML = items.join("") || "<li>Every decision was optimal.</li>";
}

async function act(body) {
  if (!state || state.over) return;
  try { show(await api(`/api/games/${state.id}/actions`, body)); say(""); } catch (err) { say(err.message); }
}

async function hint() {
  try {
    const advice = await api(`/api/games/${state.id}/hint`);
    const values = Object.entries(advice.values).map(([a, p]) => `${a}: ${(100 * p).toFixed(1)}%`);
    $("#hint-text").textContent = `Best: ${advice.best}. Your win probability if you ${values.join(", ")}`;
  } catch (err) { say(err.message); }
}

async function choose(next) {
  game = next;
  document.body.className = game;
  document.querySelectorAll(".tab").forEach((tab) => tab.setAttribute("aria-pressed", tab.dataset.game === game));
  const players = await api(`/api/${game}/players`);
  $("select[name=opponent]").innerHTML = players
    .filter((p) => p.name !== "human" && !/[A-Z]|path/.test(p.name))
    .map((p) => `<option value="${p.name}" title="${p.description}">${p.name}</option>`).join("");
  const rolls = game === "hog" ? [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [];
  $("#num-rolls").innerHTML = rolls.map((n) => `<option ${n === 4 ? "selected" : ""}>${n}</option>`).join("");
  $("#board").hidden = true;
  state = null;
  explored = null;
  const computers = players.filter((p) => p.name !== "human" && !/[A-Z]|path/.test(p.name));
  $("#compare-players").innerHTML = "<legend>Players</legend>" + computers
    .map((p, n) => `<label><input type="checkbox" value="${p.name}" ${n < 3 ? "checked" : ""}>${p.name}</label>`).join("");
}

$("#setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = { opponent: form.get("opponent"), first: form.get("first") };
  if (game === "pig") { body.goal = Number(form.get("goal")); body.die = Number(form.get("die")); }
  else body.rules = form.get("rules");
  if (form.get("seed") !== "") body.seed = Number(form.get("seed"));
  say(game === "pig" && body.opponent === "optimal" ? "loading the optimal table..." : "");
  try { show(await api(`/api/${game}/games`, body)); say(""); } catch (err) { say(err.message); }
  document.activeElement.blur();  // space and Enter now play, not press "New game" again
});
document.querySelectorAll(".tab").forEach((tab) => tab.addEventListener("click", () => choose(tab.dataset.game)));
$("#roll").addEventListener("click", () => act({ action: "roll" }));
$("#hold").addEventListener("click", () => act({ action: "hold" }));
$("#roll-hog").addEventListener("click", () => act({ num_rolls: Number($("#num-rolls").value) }));
$("#hint").addEventListener("click", hint);
document.addEventListener("keydown", (event) => {
  if (!state || $("#board").hidden || ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  if (event.key === " " || event.key === "Enter") {
    event.preventDefault();
    if (game === "pig") act({ action: "roll" }); else act({ num_rolls: Number($("#num-rolls").value) });
  } else if (event.key.toLowerCase() === "h" && game === "pig") act({ action: "hold" });
});
// Explore: the optimal policy as a heat map and, for Pig, one opponent score's slice.
let explored = null;
const shade = (x) => `hsl(${12 + 200 * (1 - x)}, 55%, ${88 - 50 * x}%)`;

async function explore(event) {
  if (event) event.preventDefault();
  const form = new FormData($("#explore-form"));
  const query = game === "pig" ? `goal=${form.get("goal")}&die=${form.get("die")}` : `rules=${form.get("rules")}&goal=100`;
  say("computing...");
  try { explored = await api(`/api/${game}/explore?${query}`); say(""); } catch (err) { say(err.message); return; }
  const grid = game === "pig" ? explored.hold_at : explored.dice;
  const size = grid.length, top = Math.max(...grid.flat()), low = Math.min(...grid.flat());
  const canvas = $("#map"), context = canvas.getContext("2d");
  canvas.width = canvas.height = size;
  for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) {
    context.fillStyle = shade((grid[i][j] - low) / Math.max(top - low, 1));
    context.fillRect(i, size - 1 - j, 1, 1);
  }
  $("#map-caption").textContent = game === "pig"
    ? "Turn total at which the optimal player holds, over your score i (across) and the opponent's j (up)"
    : "Optimal number of dice over your score (across) and the opponent's (up)";
  $("#slice-j").max = size - 1;
  slice();
  if (game === "pig") surface();
}

function surface() {
  // z[j][i] is the hold turn total, as plotly draws rows along y (the opponent's score).
  const z = explored.hold_at[0].map((_, j) => explored.hold_at.map((row) => row[j]));
  const data = [{ type: "surface", z, colorscale: "YlOrRd", showscale: false,
    hovertemplate: "i = %{x}, j = %{y}: hold at k = %{z}<extra></extra>" }];
  const layout = { margin: { l: 0, r: 0, t: 0, b: 0 }, paper_bgcolor: "rgba(0,0,0,0)",
    scene: { xaxis: { title: { text: "your score i" } }, yaxis: { title: { text: "opponent score j" } },
      zaxis: { title: { text: "hold at k" } }, camera: { eye: { x: -1.6, y: -1.6, z: 1.1 } } } };
  Plotly.react("surface", data, layout, { displayModeBar: false, responsive: true });
}

function slice() {
  if (!explored || game !== "pig") return;
  const j = Number($("#slice-j").value), goal = explored.goal, scale = 400 / goal;
  $("#slice-j-value").textContent = j;
  const line = (f) => explored.hold_at.map((row, i) => `${(i * scale).toFixed(1)},${(400 - f(row, i) * scale).toFixed(1)}`).join(" ");
  $("#slice").innerHTML = `<polyline class="boundary" points="${line((row) => row[j])}"/>`
    + `<polyline class="hold20" points="${line((row, i) => Math.min(20, goal - i))}"/>`;
}

$("#map").addEventListener("mousemove", (event) => {
  if (!explored) return;
  const box = event.target.getBoundingClientRect(), size = event.target.width;
  const i = Math.floor((event.clientX - box.left) / box.width * size);
  const j = size - 1 - Math.floor((event.clientY - box.top) / box.height * size);
  if (i < 0 || j < 0 || i >= size || j >= size) return;
  $("#hover").textContent = game === "pig"
    ? `i = ${i}, j = ${j}: hold at k = ${explored.hold_at[i][j]}; P(${i}, ${j}, 0) = ${explored.p0[i][j].toFixed(4)}`
    : `${i} vs ${j}: roll ${explored.dice[i][j]} dice; win probability ${explored.p[i][j].toFixed(4)}`;
});

$("#slice").addEventListener("mousemove", async (event) => {
  if (!explored) return;
  const box = event.target.closest("svg").getBoundingClientRect(), goal = explored.goal;
  const i = Math.floor((event.clientX - box.left) / box.width * goal);
  const k = Math.max(0, Math.floor((box.bottom - event.clientY) / box.height * goal));
  const j = Number($("#slice-j").value);
  if (i < 0 || i >= goal || k >= goal) return;
  try {
    const s = await api(`/api/pig/state?goal=${goal}&die=${explored.die}&i=${i}&j=${j}&k=${k}`);
    const hold = s.hold === null ? "not an action" : s.hold.toFixed(4);
    $("#hover").textContent = `P(${i}, ${j}, ${k}) = ${s.p.toFixed(4)}: roll ${s.roll.toFixed(4)}, hold ${hold}; optimal: ${s.best}`;
  } catch (err) { say(err.message); }
});

// Compare: the exact round robin, coloured by P(row beats column) on a coin toss.
async function compare(event) {
  event.preventDefault();
  const names = [...document.querySelectorAll("#compare-players input:checked")].map((box) => box.value);
  const form = new FormData($("#compare-form"));
  const query = game === "pig" ? `goal=${form.get("goal")}` : `rules=${form.get("rules")}`;
  say("computing...");
  try {
    const result = await api(`/api/${game}/compare?players=${names.join(",")}&${query}`);
    say("");
    const n = result.players.length;
    const rows = result.players.map((a, r) => `<tr><th>${a}</th>` + result.results.slice(r * n, r * n + n)
      .map((c) => `<td style="background:${shade(Math.min(1, Math.max(0, 0.5 + 4 * (c.average - 0.5))))}" title="${c.a} vs ${c.b}" data-pair='${JSON.stringify(c)}'>${c.average.toFixed(4)}</td>`).join("") + "</tr>");
    $("#matrix").innerHTML = `<tr><th>A \\ B</th>${result.players.map((b) => `<th>${b}</th>`).join("")}</tr>` + rows.join("");
  } catch (err) { say(err.message); }
}

$("#matrix").addEventListener("click", (event) => {
  const cell = event.target.closest("td");
  if (!cell) return;
  const c = JSON.parse(cell.dataset.pair);
  $("#pair").textContent = `${c.a} against ${c.b}: ${c.a_first.toFixed(6)} moving first, ${c.b_first.toFixed(6)} second, ${c.average.toFixed(6)} on a coin toss (exact)`;
});

function mode(name) {
  document.querySelectorAll(".mode").forEach((b) => b.setAttribute("aria-pressed", b.dataset.mode === name));
  $("#setup").hidden = name !== "play";
  $("#board").hidden = name !== "play" || !state;
  $("#explore").hidden = name !== "explore";
  $("#compare").hidden = name !== "compare";
}

$("#explore-form").addEventListener("submit", explore);
$("#slice-j").addEventListener("input", slice);
$("#compare-form").addEventListener("submit", compare);
document.querySelectorAll(".mode").forEach((b) => b.addEventListener("click", () => mode(b.dataset.mode)));
choose("pig");
