// pigsolve in the browser: the page asks the Python engine for every roll, score and rule.
// This file: the requests, the tabs (one a family) and views, Explore and Compare; Play is play.js.
"use strict";

const $ = (selector) => document.querySelector(selector);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let game = "pig";
let view = "play";
let explored = null;
let limits = null;

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function say(text, kind = "error") {
  // A line above the page: an error (the accent colour) or "busy", work under way (neutral).
  $("#message").textContent = text;
  $("#message").className = text ? kind : "";
}

function showProgress(share) {
  $("#progress").hidden = share === undefined;
  if (share === null) $("#progress").removeAttribute("value");
  else if (share !== undefined) $("#progress").value = share;
}

async function api(path, body, poll = true) {
  // A 202 means "being computed": show its progress and ask again until the answer is there.
  for (;;) {
    const response = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await response.json();
    if (response.status === 202) {
      say(data.message, "busy");
      showProgress(data.progress);
      if (!poll) throw new Error(data.message);
      await sleep(500);
      continue;
    }
    showProgress(undefined);
    if (!response.ok) throw new Error(data.error);
    return data;
  }
}

function computers(players) {
  return players.filter((p) => p.name !== "human" && !/[A-Z]|path/.test(p.name));
}

const EXPLORED = ["pig", "hog", "farkle"];  // the families whose Explore this file draws
const COMPARED = ["pig", "hog"];  // and whose Compare

async function choose(next) {
  // The tab of family ``next``: its set-up form (play.js), its players, its views.
  game = next;
  document.body.className = game;
  document.querySelectorAll(".tab").forEach((tab) => tab.setAttribute("aria-pressed", tab.dataset.game === game));
  setUp(limits.families.find((f) => f.name === game));
  newGame();
  explored = null;
  $("nav[aria-label=view]").hidden = !EXPLORED.includes(game);  // Play alone: no choice of views
  $(".mode[data-mode=compare]").hidden = !COMPARED.includes(game);
  if ((!EXPLORED.includes(game) && view !== "play") || (!COMPARED.includes(game) && view === "compare")) mode("play");
  const players = computers(await api(`/api/${game}/players`));
  if (game !== next) return;  // another tab was chosen meanwhile
  playersShown(players);
  $("#compare-players").innerHTML = "<legend>Players</legend>" + players
    .map((p, n) => `<label><input type="checkbox" value="${escape(p.name)}" ${n < 3 ? "checked" : ""}>${escape(p.name)}</label>`).join("");
  if (view === "explore") explore();
}

function showLimits() {
  // One tab a family; the Explore and Compare forms' games and sizes.
  $("#tabs").innerHTML = limits.families.map((f) =>
    `<button class="tab" data-game="${escape(f.name)}" aria-pressed="false">${escape(f.label)}</button>`).join("");
  document.querySelectorAll(".tab").forEach((tab) => tab.addEventListener("click", () => choose(tab.dataset.game)));
  const pig = limits.pig;
  if (!pig) return;
  const variants = Object.entries(pig.variants).map(([name, words]) => `<option value="${name}">${words}</option>`).join("");
  document.querySelectorAll("select.variants").forEach((select) => { select.innerHTML = variants; });
  variantsShown();
  for (const form of ["#explore-form", "#compare-form"]) {
    $(`${form} input[name=die]`).max = pig.die[1];
  }
  $("#explore-form input[name=goal]").max = limits.explore_goal;
  $("#compare-form input[name=goal]").max = limits.compare_goal;
  $("#explore-limits").textContent = `Goals up to ${limits.explore_goal} (the other games up to ${pig.family_goal}); above ${limits.explore_cells}, every few scores are drawn.`;
}

function loadScript(src) {
  // A family's own script (what lies on its table), listed in its description.
  return new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement("script"), { src, onload: resolve });
    script.onerror = () => reject(new Error(`the page could not load ${src}`));
    document.head.append(script);
  });
}

function variantsShown() {
  // The die only for Pig's die.
  for (const form of ["#explore-form", "#compare-form"]) {
    $(form).classList.toggle("family", $(`${form} select[name=variant]`).value !== "pig");
  }
}

function pigFields(form) {
  // The game, goal and die of a Pig form (the die only for Pig's die).
  const fields = { variant: form.get("variant"), goal: Number(form.get("goal")) };
  if (fields.variant === "pig") fields.die = Number(form.get("die"));
  return fields;
}

// Explore: the optimal policy as a heat map and, for Pig, one opponent score's slice.
async function explore(event) {
  if (event) event.preventDefault();
  const form = new FormData($("#explore-form"));
  const query = game === "pig" ? new URLSearchParams(pigFields(form)).toString()
    : game === "farkle" ? `rules=${form.get("farkle_rules")}&goal=${form.get("farkle_goal")}` : `rules=${form.get("rules")}&goal=100`;
  try { explored = await api(`/api/${game}/explore?${query}`); say(""); } catch (err) {
    say(err.message);
    explored = null;  // no chart of another game under this form
    for (const chart of ["#map", "#slice"]) $(chart).innerHTML = "";
    $("#map-caption").textContent = $("#map-key").textContent = "";
    if (window.Plotly) Plotly.purge("surface");
    return;
  }
  const grid = game === "pig" ? explored.hold_at : game === "farkle" ? explored.p : explored.dice;
  const range = game === "pig" ? holdRange(explored) : {};
  heatmap($("#map"), grid, explored.scores, game === "pig"
    ? { x: "your score i", y: "opponent score j", scale: "hold at turn total k" }
    : game === "farkle" ? { x: "your score", y: "opponent score", scale: "win probability" }
    : { x: "your score", y: "opponent score", scale: "number of dice (-1: Pork Chop, 0: Free Bacon)" }, range);
  $("#map-key").innerHTML = game === "pig" && range.apart
    ? `Colours: the turn total k at which to hold, from ${range.low} or less to ${range.high} or more (the middle 90% of the `
      + `states where the player holds short of the goal). <span class="swatch" style="background:${APART}"></span> Grey: it rolls on to the goal.`
    : game === "farkle" ? "Colours: the chance of the player to move, at the start of a turn." : "Colours: the number of dice to roll.";
  const sampled = explored.step > 1 ? ` (every ${explored.step}th score)` : "";
  $("#map-caption").textContent = game === "pig"
    ? `${limits ? limits.pig.variants[explored.variant] : explored.variant}: the turn total at which the optimal player holds, goal ${explored.goal}${sampled}`
    : game === "farkle" ? `${explored.rules}, goal ${explored.goal}: the mover's win probability under optimal play`
    : `Optimal number of dice, ${form.get("rules")} rules, goal ${explored.goal}, six-sided dice and no previous turn`;
  $("#slice-words").textContent = game === "farkle" ? "Turn total at which to bank (no line: it rolls on to the goal), by dice to roll, for opponent score" : "Turn total at which to hold, for opponent score";
  $("#slice-j").max = (game === "farkle" ? explored.bank_opponents : explored.scores).length - 1;
  $("#slice-j").value = 0;
  slice();
  if (game === "pig") surface(range);
}

function holdRange(explored) {
  // The hold map's colour scale: the middle 90% of the turn totals at which the optimal player
  // holds short of the goal; where it rolls on to the goal (holds at G - i) is drawn apart.
  const goal = explored.goal, scores = explored.scores, hold = explored.hold_at;
  const rollsOn = (a, b) => hold[a][b] >= goal - scores[a];
  const short = hold.flatMap((row, a) => row.filter((_, b) => !rollsOn(a, b)));
  return short.length ? { low: quantile(short, 0.05), high: quantile(short, 0.95), apart: rollsOn } : {};
}

function surface(range) {
  // z[b][a] is the hold turn total, as plotly draws rows along y (the opponent's score); coloured
  // as the heat map. On a narrow screen the scale lies under the plot and the camera steps back,
  // so that the axes' words stay inside it.
  const z = explored.hold_at[0].map((_, b) => explored.hold_at.map((row) => row[b]));
  const narrow = $("#surface").clientWidth < 560;
  const colorscale = Array.from({ length: 11 }, (_, s) => [s / 10, shade(s / 10)]);
  const colorbar = narrow ? { title: { text: "hold at k", side: "top" }, orientation: "h", thickness: 10, len: 0.9, y: 0, yanchor: "top" }
    : { title: { text: "hold at k" }, thickness: 12 };
  const data = [{ type: "surface", x: explored.scores, y: explored.scores, z, colorscale, colorbar,
    cmin: range.low, cmax: range.high, hovertemplate: "i = %{x}, j = %{y}: hold at k = %{z}<extra></extra>" }];
  const eye = narrow ? { x: -1.9, y: -1.9, z: 1.35 } : { x: -1.6, y: -1.6, z: 1.1 };
  const layout = { margin: { l: 0, r: 0, t: 0, b: narrow ? 60 : 0 }, paper_bgcolor: "rgba(0,0,0,0)",
    scene: { xaxis: { title: { text: "your score i" } }, yaxis: { title: { text: "opponent score j" } },
      zaxis: { title: { text: "hold at k" } }, camera: { eye } } };
  Plotly.react("surface", data, layout, { displayModeBar: false, responsive: true });
}

function sliceRanges() {
  return [{ low: 0, high: explored.goal, label: "your score i" }, { low: 0, high: explored.goal, label: "turn total k" }];
}

function bankSlice() {
  // Farkle: the smallest turn total at which the optimal player banks, a line for each number of
  // dice to roll, against the opponent's score the slider picks (none where it rolls on).
  const o = Number($("#slice-j").value), scores = explored.bank_scores;
  $("#slice-j-value").textContent = explored.bank_opponents[o];
  const top = Math.max(...explored.bank[o].flat(), 50);
  const series = Array.from({ length: explored.dice }, (_, n) => ({
    className: `dice${n + 1}`,
    points: explored.bank[o].map((row, s) => [scores[s], row[n]]).filter(([, t]) => t >= 0),
  })).reverse();
  lines($("#slice"), series, { low: 0, high: explored.goal, label: "your score" }, { low: 0, high: top, label: "bank at turn total" },
    series.map((s) => [s.className, `${s.className.slice(4)} ${s.className === "dice1" ? "die" : "dice"}`]));
}

function slice() {
  if (explored && game === "farkle") bankSlice();
  if (!explored || game !== "pig") return;
  const b = Number($("#slice-j").value), goal = explored.goal, scores = explored.scores;
  $("#slice-j-value").textContent = scores[b];
  const [x, y] = sliceRanges();
  lines($("#slice"), [
    { className: "boundary", points: explored.hold_at.map((row, a) => [scores[a], row[b]]) },
    { className: "hold20", points: scores.map((i) => [i, Math.min(20, goal - i)]) },
  ], x, y, [["boundary", "optimal"], ["hold20", "hold at 20"]]);
}

$("#map").addEventListener("mousemove", (event) => {
  if (!explored) return;
  const cell = cellAt(event.currentTarget, event, explored.scores.length);
  if (!cell) return;
  const [a, b] = cell, i = explored.scores[a], j = explored.scores[b];
  $("#hover").textContent = game === "pig"
    ? `i = ${i}, j = ${j}: hold at k = ${explored.hold_at[a][b]}; P(${i}, ${j}, 0) = ${(100 * explored.p0[a][b]).toFixed(2)}%`
    : game === "farkle" ? `${i} vs ${j}: win probability ${(100 * explored.p[a][b]).toFixed(2)}% at the start of a turn`
    : `${i} vs ${j}: ${explored.dice[a][b]} dice; win probability ${(100 * explored.p[a][b]).toFixed(2)}%`;
});

$("#slice").addEventListener("mousemove", async (event) => {
  if (!explored || game !== "pig") return;
  const [x, y] = sliceRanges();
  const [fi, fk] = plotPoint(event.currentTarget, event, x, y);
  const i = Math.floor(fi), k = Math.floor(fk), j = explored.scores[Number($("#slice-j").value)];
  if (i < 0 || k < 0 || i >= explored.goal || k >= explored.goal) return;
  try {
    const rules = explored.variant === "pig" ? `die=${explored.die}` : `variant=${explored.variant}`;
    const s = await api(`/api/pig/state?goal=${explored.goal}&${rules}&i=${i}&j=${j}&k=${k}`, undefined, false);
    const hold = s.hold === null ? "not an action" : `${(100 * s.hold).toFixed(2)}%`;
    $("#hover").textContent = `P(${i}, ${j}, ${k}) = ${(100 * s.p).toFixed(2)}%: roll ${(100 * s.roll).toFixed(2)}%, hold ${hold}; optimal: ${s.best}`;
  } catch (err) { say(err.message); }
});

// Compare: the exact round robin, coloured by P(row beats column) on a coin toss.
async function compare(event) {
  event.preventDefault();
  const form = new FormData($("#compare-form"));
  // The players ticked and those typed (separated by spaces): a JSON list, as a family's
  // constants hold commas (pace-race:21,8,71).
  const ticked = [...document.querySelectorAll("#compare-players input:checked")].map((box) => box.value);
  const names = [...ticked, ...form.get("more").split(/\s+/).filter(Boolean)];
  const query = new URLSearchParams(game === "pig" ? pigFields(form) : { rules: form.get("rules") });
  query.set("players", JSON.stringify(names));
  try {
    const result = await api(`/api/${game}/compare?${query}`);
    say("");
    const n = result.players.length;
    // Colours diverge around 0.5 (even), reaching their ends at the largest edge in the table.
    const reach = Math.max(0.01, Math.ceil(100 * Math.max(...result.results.map((c) => Math.abs(c.average - 0.5)))) / 100);
    const rows = result.players.map((a, r) => `<tr><th>${escape(a)}</th>` + result.results.slice(r * n, r * n + n)
      .map((c) => `<td style="background:${diverging((c.average - 0.5) / reach)}" title="${c.a} vs ${c.b}" data-pair='${JSON.stringify(c)}'>${c.average.toFixed(4)}</td>`).join("") + "</tr>");
    const fields = Object.fromEntries(query);
    const setting = game === "hog" ? `Hog, ${fields.rules} rules`
      : `${limits.pig.variants[fields.variant]}, goal ${fields.goal}` + (fields.variant === "pig" ? `, ${fields.die}-sided die` : "");
    const swatch = (t) => `<span class="swatch" style="background:${diverging(t)}"></span>`;
    $("#matrix-caption").innerHTML = `${escape(setting)}: P(row beats column), coin toss for the first move. `
      + `${swatch(-1)} blue: the row wins less often (${(0.5 - reach).toFixed(2)} or less), ${swatch(0)} white: even (0.5), `
      + `${swatch(1)} red: the row wins more often (${(0.5 + reach).toFixed(2)} or more).`;
    $("#matrix").innerHTML = `<tr><th>A \\ B</th>${result.players.map((b) => `<th>${escape(b)}</th>`).join("")}</tr>` + rows.join("");
  } catch (err) { say(err.message); }
}

$("#matrix").addEventListener("click", (event) => {
  const cell = event.target.closest("td");
  if (!cell) return;
  const c = JSON.parse(cell.dataset.pair);
  $("#pair").textContent = `${c.a} against ${c.b}: ${c.a_first.toFixed(6)} moving first, ${c.b_first.toFixed(6)} second, ${c.average.toFixed(6)} on a coin toss (exact)`;
});

function mode(name) {
  view = name;
  document.querySelectorAll(".mode").forEach((b) => b.setAttribute("aria-pressed", b.dataset.mode === name));
  fold(folded);
  $("#board").hidden = name !== "play" || !state;
  $("#explore").hidden = name !== "explore";
  $("#compare").hidden = name !== "compare";
  if (name === "explore" && !explored) explore();  // drawn on arrival, with the form's goal
}

$("#explore-form").addEventListener("submit", explore);
document.querySelectorAll("select.variants").forEach((select) => select.addEventListener("change", variantsShown));
$("#slice-j").addEventListener("input", slice);
$("#compare-form").addEventListener("submit", compare);
document.querySelectorAll(".mode").forEach((b) => b.addEventListener("click", () => mode(b.dataset.mode)));
document.addEventListener("DOMContentLoaded", async () => {
  // play.js is loaded after this file: the page starts once both are, and the families' own
  // scripts with them.
  try {
    limits = await api("/api/limits");
    await Promise.all(limits.families.flatMap((f) => f.scripts).map(loadScript));
  } catch (err) { say(err.message); return; }
  showLimits();
  choose(limits.families[0].name);
});
