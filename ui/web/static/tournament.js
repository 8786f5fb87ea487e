// Tournament: the ranking of a round robin from the file `pigsolve tournament --json` writes,
// read in this browser only (the server never sees the file, nor runs anything in it), checked
// against its format, then shown as a table, a heat map of the rates and the entries refused.
"use strict";

const RANKING = { format: "pigsolve-tournament", version: 1, largestMiB: 50 };
const isNumber = (value) => typeof value === "number" && Number.isFinite(value);
const shown = (value) => (value === undefined ? "none" : JSON.stringify(value).slice(0, 40));

function checkedRanking(name, text) {
  // The ranking `text` holds, if it is one this page reads; else an Error saying why, in one line.
  let data;
  try { data = JSON.parse(text); } catch {
    throw new Error(`${name} is not JSON: choose the file that pigsolve tournament --json wrote`);
  }
  const wrong = (where, what) => { throw new Error(`${name} is not a ranking this page reads: ${where} ${what}`); };
  if (data === null || typeof data !== "object" || data.format !== RANKING.format) {
    throw new Error(`${name} is not a tournament's ranking: its format is not ${RANKING.format} (pigsolve tournament --json writes one)`);
  }
  if (data.version !== RANKING.version) {
    throw new Error(`${name} is a ranking of format version ${shown(data.version)}; this page reads version ${RANKING.version}`);
  }
  const whole = (value, least) => Number.isInteger(value) && value >= least;
  const rate = (value) => isNumber(value) && value >= 0 && value <= 1;
  if (typeof data.game !== "string") wrong("game", "is not a name");
  if (!whole(data.goal, 1)) wrong("goal", "is not a whole number of points");
  if (!rate(data.threshold)) wrong("threshold", "is not a win rate");
  if (!Array.isArray(data.entries) || data.entries.length === 0) wrong("entries", "is not a list of entries");
  data.entries.forEach((e, n) => {
    const at = `entries[${n}]`;
    if (e === null || typeof e !== "object") wrong(at, "is not an entry");
    if (!whole(e.rank, 1)) wrong(`${at}.rank`, "is not a rank");
    if (typeof e.name !== "string" || typeof e.entry !== "string") wrong(at, "has no name or entry");
    if (!whole(e.points, 0)) wrong(`${at}.points`, "is not a whole number");
    if (!rate(e.win_rate)) wrong(`${at}.win_rate`, "is not a win rate");
  });
  const n = data.entries.length;
  if (!Array.isArray(data.rates) || data.rates.length !== n) wrong("rates", `is not ${n} rows, one an entry`);
  data.rates.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== n) wrong(`rates[${i}]`, `is not ${n} rates`);
    row.forEach((value, j) => {
      if (i === j ? value !== null : !rate(value)) wrong(`rates[${i}][${j}]`, i === j ? "is not null" : "is not a win rate");
    });
  });
  if (!Array.isArray(data.disqualified)) wrong("disqualified", "is not a list");
  data.disqualified.forEach((d, k) => {
    if (d === null || typeof d.entry !== "string" || typeof d.reason !== "string") wrong(`disqualified[${k}]`, "has no entry or reason");
  });
  return data;
}

function rankingWords(data) {
  // The ranking's caption: the game, how points are won, how and by what it was computed.
  const refused = data.disqualified.length ? `, ${data.disqualified.length} disqualified` : "";
  const made = [isNumber(data.seconds) ? `in ${data.seconds}\u00a0s` : "", typeof data.pigsolve === "string" ? `by pigsolve ${data.pigsolve}` : ""]
    .filter(Boolean).join(" ");
  return `${data.game}, goal ${data.goal}: ${data.entries.length} entries${refused}, every one against every other. `
    + `A match point for a win rate above ${data.threshold} (a tie scores none); a win rate is exact, the mean of moving first and second`
    + (made ? `, computed ${made}.` : ".");
}

function rateColours() {
  // Plotly's colour scale, low to high: Compare's colours, blue to red through white (even).
  return Array.from({ length: 11 }, (_, s) => [s / 10, diverging((s - 5) / 5)]);
}

function drawRates(data) {
  // The rates as a heat map, rows and columns in rank order: P(row beats column).
  const names = data.entries.map((e) => e.name), n = names.length, at = [...names.keys()];
  const off = data.rates.flat().filter((value) => value !== null).map((value) => Math.abs(value - 0.5));
  const reach = Math.max(0.01, Math.ceil(100 * Math.max(0, ...off)) / 100);
  const narrow = $("#rates").clientWidth < 560, labelled = n <= 40;
  const text = names.map((a) => names.map((b) => `${escape(a)} against ${escape(b)}`));
  const axis = (title) => ({ title: { text: title }, tickvals: at, ticktext: names.map(escape), showticklabels: labelled, ticks: labelled ? "outside" : "",
    tickfont: { size: n > 20 ? 9 : 11 }, automargin: true, showgrid: false, zeroline: false });
  const colorbar = narrow ? { title: { text: "win rate", side: "top" }, orientation: "h", thickness: 10, len: 0.9, y: -0.08, yanchor: "top" }
    : { title: { text: "win rate" }, thickness: 12 };
  const trace = { type: "heatmap", z: data.rates, x: at, y: at, text, zmin: 0.5 - reach, zmax: 0.5 + reach,
    colorscale: rateColours(), colorbar, hoverongaps: false, xgap: n <= 40 ? 1 : 0, ygap: n <= 40 ? 1 : 0,
    hovertemplate: "%{text}: %{z:.2%}<extra></extra>" };
  const side = Math.min($("#rates").clientWidth, 720, 160 + 44 * n);
  const layout = { height: side + (narrow ? 60 : 0), margin: { l: 10, r: 10, t: 10, b: narrow ? 70 : 10 },
    paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: APART,  // the diagonal: no rate
    xaxis: { ...axis("opponent (column)"), side: "top" }, yaxis: { ...axis("entry (row)"), autorange: "reversed" } };
  Plotly.react("rates", [trace], layout, { displayModeBar: false, responsive: true });
}

function showRanking(data) {
  // The ranking table, the heat map of its rates and the disqualified entries with their reasons.
  $("#ranking-caption").textContent = rankingWords(data);
  $("#ranking").innerHTML = "<tr><th>Rank</th><th class=\"name\">Name</th><th>Points</th><th>Win rate</th></tr>" + data.entries
    .map((e) => `<tr><td>${e.rank}</td><th scope="row" title="${escape(e.entry)}">${escape(e.name)}</th><td>${e.points}</td><td>${percent(e.win_rate)}</td></tr>`).join("");
  $("#rates-figure").hidden = false;
  $("#rates-caption").textContent = "P(row beats column), rows and columns in rank order: blue below 0.5, white even, red above (grey: an entry against itself)"
    + (data.entries.length > 40 ? "; point at a cell for its pair." : ".");
  drawRates(data);
  $("#disqualified").hidden = data.disqualified.length === 0;
  $("#disqualified ul").innerHTML = data.disqualified
    .map((d) => `<li><code>${escape(d.entry)}</code>: ${escape(d.reason)}</li>`).join("");
}

function unranked() {
  // No ranking shown: the table, the heat map and the list cleared.
  $("#ranking").innerHTML = $("#ranking-caption").textContent = "";
  $("#rates-figure").hidden = $("#disqualified").hidden = true;
  Plotly.purge("rates");
}

function forgetRanking() {
  // Another tab: no ranking shown, and no file picked.
  $("#ranking-file").value = "";
  unranked();
}

async function readRanking() {
  // The file picked, read here and checked; its ranking shown, or one line saying why not.
  const file = $("#ranking-file").files[0];
  unranked();
  if (!file) return;
  try {
    if (file.size > RANKING.largestMiB * 2 ** 20) {
      throw new Error(`${file.name} is ${(file.size / 2 ** 20).toFixed(0)} MiB: a ranking this page reads is at most ${RANKING.largestMiB} MiB`);
    }
    const data = checkedRanking(file.name, await file.text());
    say("");
    showRanking(data);
  } catch (err) {
    say(err.message);
  }
}

$("#ranking-file").addEventListener("change", readRanking);
$("#tournament-form").addEventListener("submit", (event) => event.preventDefault());
$(".mode[data-mode=tournament]").addEventListener("click", () => {
  if (!$("#rates-figure").hidden) Plotly.Plots.resize("rates");  // drawn while the view was hidden
});
