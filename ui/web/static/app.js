// pigsolve in the browser: the page asks the Python engine for every roll, score and rule.
// This file: the requests, the tabs (one a family) and views, Explore and Compare, each drawn
// from what the server says: a family's forms (GET /api/limits' families) and its explorer's
// picture (ui/adapters/explorer.py). Play is play.js, a tournament's ranking tournament.js.
"use strict";

const $ = (selector) => document.querySelector(selector);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let game = null;
let family = null;  // the chosen family's description: its tab, forms and scripts
let view = "play";
let explored = null;  // the explorer's picture drawn, and the query it was asked with
let limits = null;

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const percent = (p, digits = 2) => `${(100 * p).toFixed(digits)}%`;

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

function fill(words, values) {
  // Words with {name} replaced by values[name], {name:.2%} by it as a percentage.
  return words.replace(/\{(\w+)(?::\.(\d+)%)?\}/g, (_, name, digits) =>
    (digits === undefined ? String(values[name]) : percent(values[name], Number(digits))));
}

function computers(players) {
  return players.filter((p) => p.name !== "human" && !/[A-Z]|path/.test(p.name));
}

async function choose(next) {
  // The tab of family ``next``: its set-up form (play.js), its players, its views and forms.
  game = next;
  family = limits.families.find((f) => f.name === game);
  document.querySelectorAll(".tab").forEach((tab) => tab.setAttribute("aria-pressed", "false"));
  $(`.tab[data-game="${CSS.escape(game)}"]`).setAttribute("aria-pressed", "true");
  setUp(family);
  newGame();
  unexplored();  // no picture of the game before, nor its round robin
  $("#matrix").innerHTML = $("#matrix-caption").textContent = $("#pair").textContent = "";
  unseated();  // seatings.js
  drawSeatsField(family.compare ? family.compare.seats : 2);
  for (const use of ["explore", "compare"]) {
    $(`.mode[data-mode=${use}]`).hidden = !family[use];
    if (!family[use]) continue;
    drawFields($(`#${use}-form`), family[use].fields);
    $(`#${use}-form .limits`).textContent = family[use].note;
  }
  $(".mode[data-mode=tournament]").hidden = !family.tournament;
  forgetRanking();  // tournament.js
  $("nav[aria-label=view]").hidden = !family.explore && !family.compare && !family.tournament;  // Play alone: no choice
  if (view !== "play" && !family[view]) mode("play");
  const every = await api(`/api/${game}/players`), players = computers(every);
  if (game !== next) return;  // another tab was chosen meanwhile
  playersShown(players);
  $("#compare-players").innerHTML = "<legend>Players</legend>" + players
    .map((p, n) => `<label><input type="checkbox" value="${escape(p.name)}" ${n < 3 ? "checked" : ""}>${escape(p.name)}</label>`).join("");
  seatsLegend();
  // The kinds, named by their constants (bank:T), are typed with numbers under More players.
  const kinds = every.map((p) => p.name).filter((name) => /[A-Z]/.test(name) && !/^best-response:|path/.test(name));  // as the server refuses
  $("#compare-kinds").textContent = kinds.length ? `More players: a kind with its numbers (${kinds.join(", ")}), separated by spaces.` : "";
  if (view === "explore") explore();
}

function showLimits() {
  // One tab a family.
  $("#tabs").innerHTML = limits.families.map((f) =>
    `<button class="tab" data-game="${escape(f.name)}" aria-pressed="false">${escape(f.label)}</button>`).join("");
  document.querySelectorAll(".tab").forEach((tab) => tab.addEventListener("click", () => choose(tab.dataset.game)));
}

function loadScript(src) {
  // A family's own script (what lies on its table), listed in its description.
  return new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement("script"), { src, onload: resolve });
    script.onerror = () => reject(new Error(`the page could not load ${src}`));
    document.head.append(script);
  });
}

// Explore: the family's picture of its optimal table: a heat map, perhaps a slice with a slider
// and a 3-D surface.
async function explore(event) {
  if (event) event.preventDefault();
  if (!family) return;  // the page is still starting: choose() draws it once a tab is chosen
  const asked = game, query = new URLSearchParams(fieldValues($("#explore-form"), family.explore.fields)).toString();
  let picture;
  try { picture = await api(`/api/${asked}/explore?${query}`); say(""); } catch (err) {
    say(err.message);
    unexplored();  // no chart of another game under this form
    return;
  }
  if (game !== asked) return;  // another tab was chosen meanwhile
  explored = { picture, query };
  const map = picture.heat_map;
  $("#map-caption").textContent = map.caption;
  heatmap($("#map"), map);
  const swatch = `<span class="swatch" style="background:${APART}"></span>`;
  $("#map-key").innerHTML = escape(map.key) + (map.apart ? ` ${swatch} ${escape(map.apart.words)}` : "");
  $("#slice-figure").hidden = !picture.slice;
  if (picture.slice) {
    $("#slice-words").textContent = picture.slice.words;
    $("#slice-at").setAttribute("aria-label", picture.slice.slider);
    $("#slice-at").max = picture.slice.frames.length - 1;
    $("#slice-at").value = 0;
    slice();
  }
  $("#surface-figure").hidden = !picture.surface;
  if (picture.surface) surface(map, picture.surface);
  else if (window.Plotly) Plotly.purge("surface");
}

function unexplored() {
  // No picture: the charts, their words and the readout cleared.
  explored = null;
  for (const chart of ["#map", "#slice"]) $(chart).innerHTML = "";
  for (const words of ["#map-caption", "#map-key", "#hover"]) $(words).textContent = "";
  $("#slice-figure").hidden = $("#surface-figure").hidden = true;
  if (window.Plotly) Plotly.purge("surface");
}

function surface(map, described) {
  // The heat map as a surface: z[b][a], as plotly draws rows along y; coloured as the heat map.
  // On a narrow screen the scale lies under the plot and the camera steps back, so that the
  // axes' words stay inside it.
  $("#surface-caption").textContent = described.caption;
  const z = map.z[0].map((_, b) => map.z.map((row) => row[b]));
  const narrow = $("#surface").clientWidth < 560;
  const colorscale = Array.from({ length: 11 }, (_, s) => [s / 10, shade(s / 10)]);
  const colorbar = narrow ? { title: { text: described.label, side: "top" }, orientation: "h", thickness: 10, len: 0.9, y: 0, yanchor: "top" }
    : { title: { text: described.label }, thickness: 12 };
  const hovertemplate = described.hover.replace(/\{(\w+)(:[^}]*)?\}/g, "%{$1$2}") + "<extra></extra>";
  const data = [{ type: "surface", x: map.x.values, y: map.y.values, z, colorscale, colorbar,
    cmin: map.scale.low ?? undefined, cmax: map.scale.high ?? undefined, hovertemplate }];
  const eye = narrow ? { x: -1.9, y: -1.9, z: 1.35 } : { x: -1.6, y: -1.6, z: 1.1 };
  const layout = { margin: { l: 0, r: 0, t: 0, b: narrow ? 60 : 0 }, paper_bgcolor: "rgba(0,0,0,0)",
    scene: { xaxis: { title: { text: map.x.label } }, yaxis: { title: { text: map.y.label } },
      zaxis: { title: { text: described.label } }, camera: { eye } } };
  Plotly.react("surface", data, layout, { displayModeBar: false, responsive: true });
}

function sliceAxes() {
  // The slice's frame at the slider's value, and its axes (the y axis's top is the frame's).
  const described = explored.picture.slice, frame = described.frames[Number($("#slice-at").value)];
  return [described, frame, described.x, { ...described.y, high: frame.high }];
}

function slice() {
  // The slice at the slider's value: a line a series, named in the legend.
  const [described, frame, x, y] = sliceAxes();
  $("#slice-at-value").textContent = frame.at;
  const series = described.lines.map((line, n) => ({
    className: line.style || `line${n}`,
    points: frame.lines[n].map((height, p) => [x.values[p], height]).filter(([, height]) => height !== null),
  }));
  lines($("#slice"), series, x, y, series.map((s, n) => [s.className, described.lines[n].name]));
}

$("#map").addEventListener("mousemove", (event) => {
  if (!explored) return;
  const map = explored.picture.heat_map;
  const cell = cellAt(event.currentTarget, event, map.x.values.length, map.y.values.length);
  if (!cell) return;
  const [a, b] = cell;
  const values = { x: map.x.values[a], y: map.y.values[b], z: map.z[a][b] };
  for (const [name, grid] of Object.entries(map.layers || {})) values[name] = grid[a][b];
  $("#hover").textContent = fill(map.hover, values);
});

$("#slice").addEventListener("mousemove", async (event) => {
  // The state under the pointer, where the family names one: its values, as pigsolve query's.
  if (!explored || !explored.picture.slice || !explored.picture.slice.state) return;
  const [described, frame, x, y] = sliceAxes();
  const [px, py] = plotPoint(event.currentTarget, event, x, y);
  if (px < x.low || py < y.low || px >= x.high || py >= y.high) return;
  const state = fill(described.state, { x: Math.floor(px), y: Math.floor(py), at: frame.at });
  try {
    const s = await api(`/api/${game}/state?${explored.query}&state=${state}`, undefined, false);
    const values = Object.entries(s.action_values).map(([action, p]) => `${action} ${percent(p)}`);
    $("#hover").textContent = `P(${s.state.join(", ")}) = ${percent(s.win_probability)}: ${values.join(", ")}; optimal: ${s.best_action}`;
  } catch (err) { say(err.message); }
});

// Compare: the exact round robin, coloured by P(row beats column) on a coin toss; with more
// players a game, every seating of them (seatings.js).
async function compare(event) {
  event.preventDefault();
  const form = $("#compare-form");
  // The players ticked and those typed (separated by spaces): a JSON list, as a kind's
  // constants hold commas.
  const ticked = [...document.querySelectorAll("#compare-players input:checked")].map((box) => box.value);
  const names = [...ticked, ...new FormData(form).get("more").split(/\s+/).filter(Boolean)];
  const query = new URLSearchParams(fieldValues(form, family.compare.fields));
  query.set("players", JSON.stringify(names));
  if (seatsChosen() > 2) query.set("seats", seatsChosen());
  try {
    const result = await api(`/api/${game}/compare?${query}`);
    say("");
    $("#pair").textContent = "";
    unseated();
    if (result.seatings) return showSeatings(result);
    const n = result.players.length;
    // Colours diverge around 0.5 (even), reaching their ends at the largest edge in the table.
    const reach = Math.max(0.01, Math.ceil(100 * Math.max(...result.results.map((c) => Math.abs(c.average - 0.5)))) / 100);
    const rows = result.players.map((a, r) => `<tr><th>${escape(a)}</th>` + result.results.slice(r * n, r * n + n)
      .map((c) => `<td style="background:${diverging((c.average - 0.5) / reach)}" title="${escape(c.a)} vs ${escape(c.b)}" data-pair='${escape(JSON.stringify(c))}'>${c.average.toFixed(4)}</td>`).join("") + "</tr>");
    const swatch = (t) => `<span class="swatch" style="background:${diverging(t)}"></span>`;
    $("#matrix-caption").innerHTML = `${escape(result.title)}, goal ${result.goal}: P(row beats column), coin toss for the first move. `
      + `${swatch(-1)} blue: the row wins less often (${(0.5 - reach).toFixed(2)} or less), ${swatch(0)} white: even (0.5), `
      + `${swatch(1)} red: the row wins more often (${(0.5 + reach).toFixed(2)} or more).`;
    $("#matrix").innerHTML = `<tr><th>A \\ B</th>${result.players.map((b) => `<th>${escape(b)}</th>`).join("")}</tr>` + rows.join("");
  } catch (err) { say(err.message); }
}

$("#matrix").addEventListener("click", (event) => {
  const cell = event.target.closest("td");
  if (!cell || !cell.dataset.pair) return;  // a seating's cell: no pair
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
  $("#tournament").hidden = name !== "tournament";
  if (name === "explore" && !explored) explore();  // drawn on arrival, with the form's goal
}

$("#explore-form").addEventListener("submit", explore);
$("#slice-at").addEventListener("input", slice);
$("#compare-form").addEventListener("submit", compare);
document.querySelectorAll(".mode").forEach((b) => b.addEventListener("click", () => mode(b.dataset.mode)));
document.addEventListener("DOMContentLoaded", async () => {
  // The other files are loaded after this one: the page starts once they are, and the
  // families' own scripts with them.
  try {
    limits = await api("/api/limits");
    await Promise.all(limits.families.flatMap((f) => f.scripts).map(loadScript));
  } catch (err) { say(err.message); return; }
  showLimits();
  choose(limits.families[0].name);
});
