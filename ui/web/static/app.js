// pigsolve in the browser: the page asks the Python engine for every roll, score and rule.
"use strict";

const $ = (selector) => document.querySelector(selector);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let game = "pig";
let view = "play";
let state = null;
let explored = null;
let limits = null;
let folded = false;  // the set-up form folded into its one-line summary during a game

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

const sidesWords = (sides) => ({ 4: "four-sided", 6: "six-sided" }[sides] || `${sides}-sided`);

function seats(state) {
  // One card a seat, in the order of play: its name, its number, its score, who is to move.
  return state.players.map((name, seat) => {
    const classes = ["player", seat === state.you ? "you" : "", !state.over && state.player === seat ? "to-move" : ""];
    const shown = seat === state.you ? "You" : name;
    return `<div class="${classes.join(" ")}" data-seat="${seat}"><span class="badge">to move</span>`
      + `<span class="name">${shown}</span><span class="seat-no">player ${seat + 1}</span>`
      + `<span class="score">${state.scores[seat]}</span></div>`;
  }).join("");
}

function winner(state) {
  return state.winner === state.you ? "You win!" : `${state.players[state.winner]} (player ${state.winner + 1}) wins.`;
}

function status(state) {
  if (state.over) return "Game over.";
  return state.player === state.you ? `Your turn (player ${state.you + 1}).` : `${state.players[state.player]} is playing.`;
}

function rollWords(state) {
  // Who rolled the last roll and what it did, in words.
  const roll = state.roll;
  if (!roll) return "";
  const who = roll.player === state.you ? "You" : state.players[roll.player];
  const shown = roll.kind === "outcome" ? roll.name : roll.faces.join(" and ");
  return `${who} rolled ${shown}: ${roll.words}.`;
}

function summary(state) {
  // The game being played in one line: its rules, the computer players, hints or none.
  const rules = state.game === "hog" ? `Hog ${state.rules}`
    : (limits ? limits.pig.variants[state.variant] : state.variant) + (state.variant === "pig" && state.die !== 6 ? `, ${state.die}-sided die` : "");
  return `${rules}, goal ${state.goal}, vs ${state.opponent}, ${state.analysed ? "hints on" : "no hints"}`;
}

function fold(shut) {
  // Fold the set-up form into its summary (during a game) or open it again.
  folded = shut && state !== null;
  $("#setup").hidden = view !== "play" || folded;
  $("#summary").hidden = view !== "play" || state === null;
  $("#summary").setAttribute("aria-expanded", !folded);
  if (state) $("#summary").innerHTML = `${escape(summary(state))} <span class="change">${folded ? "change" : "hide"}</span>`;
}

function show(next) {
  state = next;
  $("#board").hidden = view !== "play";
  const you = state.you;
  $("#seats").innerHTML = seats(state);
  $("#status").textContent = status(state);
  $("#turn-total").textContent = state.game === "pig" ? state.turn_total : "-";
  if (state.game === "pig") {
    $("#dice").innerHTML = pieces(state.roll, state);
    $("#roll-words").textContent = rollWords(state);
  } else {
    $("#dice").innerHTML = state.dice.map((value) => die(value, state.dice_sides)).join("");
    $("#roll-words").textContent = "";
  }
  if (state.game === "hog") {
    const sides = state.dice_sides;
    const count = state.dice.length, dice = count === 1 ? "die" : "dice";
    const rolled = count ? `Last dice rolled (${state.dice_roller}): ${count} ${sidesWords(sides)} ${dice}. ` : "";
    const chop = state.sides_in_play !== 6 ? " (after a Pork Chop)" : "";
    $("#in-play").textContent = rolled + (state.over ? "" : `Dice in play for the next roll: ${sidesWords(state.sides_in_play)}${chop}.`);
    const chosen = Number($("#num-rolls").value || 4);
    $("#num-rolls").innerHTML = state.legal.map((n, c) =>
      `<option value="${n}" ${n === chosen ? "selected" : ""}>${state.choices[c]}</option>`).join("");
  }
  $("#roll").disabled = !state.legal.includes("roll");
  $("#hold").disabled = !state.legal.includes("hold");
  $("#roll-hog").disabled = state.legal.length === 0;
  $("#hint").disabled = state.legal.length === 0 || !state.analysed;
  $("#hint").title = state.analysed ? "" : `No hints: ${state.no_hints}`;
  $("#log").textContent = state.log.join("\n");
  $("#log").scrollTop = $("#log").scrollHeight;
  $("#banner").hidden = !state.over;
  $("#again").hidden = !state.over;
  $("#actions").hidden = state.over;  // the result takes the buttons' place
  if (state.over) $("#banner").textContent = winner(state);
  $("#hint-text").textContent = state.analysed ? "" : `No hints or review in this game: ${state.no_hints}.`;
  $("#hint-text").hidden = state.over && state.analysed;  // no blank line above the result
  $("#chart").hidden = state.evaluation.length === 0;
  if (state.evaluation.length) winChart($("#chart svg"), state.evaluation);
  review(state);
}

function review(state) {
  $("#review").hidden = !state.over || !state.analysed;
  if (!state.over) return;
  const items = state.review.map((d) =>
    `<li>decision ${d.move}: you chose ${d.action_words}, optimal was ${d.best_words}: cost ${(100 * d.cost).toFixed(1)} points of win probability</li>`);
  $("#review ol").innerHTML = items.join("") || "<li>No decision cost 0.1 points of win probability or more.</li>";
}

async function act(body) {
  if (!state || state.over) return;
  try { show(await api(`/api/games/${state.id}/actions`, body)); say(""); } catch (err) { say(err.message); }
}

async function hint() {
  try {
    const advice = await api(`/api/games/${state.id}/hint`);
    const values = advice.values.map((v) => `${v.words}: ${(100 * v.p).toFixed(1)}%`);
    $("#hint-text").textContent = `Best: ${advice.best_words}. Your win probability with ${values.join(", ")}`;
  } catch (err) { say(err.message); }
}

function computers(players) {
  return players.filter((p) => p.name !== "human" && !/[A-Z]|path/.test(p.name));
}

async function choose(next) {
  game = next;
  document.body.className = game;
  document.querySelectorAll(".tab").forEach((tab) => tab.setAttribute("aria-pressed", tab.dataset.game === game));
  const players = computers(await api(`/api/${game}/players`));
  const options = players.map((p) => `<option value="${escape(p.name)}" title="${escape(p.description)}">${escape(p.name)}</option>`).join("");
  document.querySelectorAll("select.computers").forEach((select) => {
    const chosen = select.value;  // one chosen while the list was asked for stays chosen
    select.innerHTML = options;
    if (players.some((p) => p.name === chosen)) select.value = chosen;
  });
  seatsShown();
  $("#board").hidden = true;
  state = null;
  fold(false);
  explored = null;
  $("#compare-players").innerHTML = "<legend>Players</legend>" + players
    .map((p, n) => `<label><input type="checkbox" value="${p.name}" ${n < 3 ? "checked" : ""}>${p.name}</label>`).join("");
  if (view === "explore") explore();
}

function showLimits() {
  const pig = limits.pig, hog = limits.hog;
  const variants = Object.entries(pig.variants).map(([name, words]) => `<option value="${name}">${words}</option>`).join("");
  document.querySelectorAll("select.variants").forEach((select) => { select.innerHTML = variants; });
  seatsShown();
  for (const form of ["#setup", "#explore-form", "#compare-form"]) {
    $(`${form} input[name=die]`).max = pig.die[1];
  }
  $("#setup input[name=goal]").max = pig.goal[1];
  $("#explore-form input[name=goal]").max = limits.explore_goal;
  $("#compare-form input[name=goal]").max = limits.compare_goal;
  const by = pig.goal_by_players;
  $("#setup-limits").textContent = `Pig: goal ${pig.goal[0]} to ${pig.goal[1]}, die ${pig.die[0]} to ${pig.die[1]} sides (larger dice, smaller goals); `
    + `the other games up to goal ${pig.family_goal}; 3 players up to goal ${by["3"]}, 4 players up to ${by["4"]} `
    + `(hints and the optimal player need the game's table; larger games are played without them). `
    + `Hog: goal up to ${hog.goal[1]}; at most ${limits.games} games at once. Large tables take a while the first time.`;
  $("#explore-limits").textContent = `Goals up to ${limits.explore_goal} (the other games up to ${pig.family_goal}); above ${limits.explore_cells}, every few scores are drawn.`;
}

function seatsShown() {
  // As many seat menus as computer players (Hog: one); the die only for Pig's die.
  const count = game === "pig" ? Number($("#setup select[name=count]").value) : 1;
  document.querySelectorAll("#setup .seat").forEach((label, n) => label.classList.toggle("unused", n >= count));
  for (const form of ["#setup", "#explore-form", "#compare-form"]) {
    $(form).classList.toggle("family", $(`${form} select[name=variant]`).value !== "pig");
  }
}

function pigFields(form) {
  // The game, goal and die of a Pig form (the die only for Pig's die).
  const fields = { variant: form.get("variant"), goal: Number(form.get("goal")) };
  if (fields.variant === "pig") fields.die = Number(form.get("die"));
  return fields;
}

$("#setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = { first: form.get("first") };
  if (game === "pig") {
    Object.assign(body, pigFields(form));
    body.opponents = ["opponent", "opponent2", "opponent3"].slice(0, Number(form.get("count"))).map((name) => form.get(name));
  } else {
    body.opponent = form.get("opponent");
    body.rules = form.get("rules");
  }
  if (form.get("seed") !== "") body.seed = Number(form.get("seed"));
  say("");
  try {
    show(await api(`/api/${game}/games`, body));
    say("");
    fold(true);
    if ($("#summary").getBoundingClientRect().top < 0) $("#summary").scrollIntoView();
  } catch (err) { say(err.message); }
  document.activeElement.blur();  // space and Enter now play, not press "New game" again
});
$("#summary").addEventListener("click", () => fold(!folded));
document.querySelectorAll(".tab").forEach((tab) => tab.addEventListener("click", () => choose(tab.dataset.game)));
$("#roll").addEventListener("click", () => act({ action: "roll" }));
$("#hold").addEventListener("click", () => act({ action: "hold" }));
$("#roll-hog").addEventListener("click", () => act({ num_rolls: Number($("#num-rolls").value) }));
$("#hint").addEventListener("click", hint);
document.addEventListener("keydown", (event) => {
  if (!state || $("#board").hidden || ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  if (event.target.closest("#summary, #again")) return;  // these buttons take their own keys
  if (event.key === " " || event.key === "Enter") {
    event.preventDefault();
    if (game === "pig") act({ action: "roll" }); else act({ num_rolls: Number($("#num-rolls").value) });
  } else if (event.key.toLowerCase() === "h" && game === "pig") act({ action: "hold" });
});

// Explore: the optimal policy as a heat map and, for Pig, one opponent score's slice.
async function explore(event) {
  if (event) event.preventDefault();
  const form = new FormData($("#explore-form"));
  const query = game === "pig" ? new URLSearchParams(pigFields(form)).toString() : `rules=${form.get("rules")}&goal=100`;
  try { explored = await api(`/api/${game}/explore?${query}`); say(""); } catch (err) {
    say(err.message);
    explored = null;  // no chart of another game under this form
    for (const chart of ["#map", "#slice"]) $(chart).innerHTML = "";
    $("#map-caption").textContent = $("#map-key").textContent = "";
    if (window.Plotly) Plotly.purge("surface");
    return;
  }
  const grid = game === "pig" ? explored.hold_at : explored.dice;
  const range = game === "pig" ? holdRange(explored) : {};
  heatmap($("#map"), grid, explored.scores, game === "pig"
    ? { x: "your score i", y: "opponent score j", scale: "hold at turn total k" }
    : { x: "your score", y: "opponent score", scale: "number of dice (-1: Pork Chop, 0: Free Bacon)" }, range);
  $("#map-key").innerHTML = game === "pig" && range.apart
    ? `Colours: the turn total k at which to hold, from ${range.low} or less to ${range.high} or more (the middle 90% of the `
      + `states where the player holds short of the goal). <span class="swatch" style="background:${APART}"></span> Grey: it rolls on to the goal.`
    : "Colours: the number of dice to roll.";
  const sampled = explored.step > 1 ? ` (every ${explored.step}th score)` : "";
  $("#map-caption").textContent = game === "pig"
    ? `${limits ? limits.pig.variants[explored.variant] : explored.variant}: the turn total at which the optimal player holds, goal ${explored.goal}${sampled}`
    : `Optimal number of dice, ${form.get("rules")} rules, goal ${explored.goal}, six-sided dice and no previous turn`;
  $("#slice-j").max = explored.scores.length - 1;
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

function slice() {
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
document.querySelectorAll("select.variants, #setup select[name=count]").forEach((select) => select.addEventListener("change", seatsShown));
$("#slice-j").addEventListener("input", slice);
$("#compare-form").addEventListener("submit", compare);
document.querySelectorAll(".mode").forEach((b) => b.addEventListener("click", () => mode(b.dataset.mode)));
api("/api/limits").then((answer) => { limits = answer; showLimits(); });
choose("pig");
