// Compare with more than two players: every seating of them (the N! orders of play), each
// player's exact chance in each and on average, as `pigsolve compare A B C --players 3` prints
// it; a bar chart of each player's chance by the seat it moves from. app.js asks, this draws.
"use strict";

const SEAT_WORDS = ["first", "second", "third", "fourth", "fifth", "sixth"];

function seatsChosen() {
  // The players a game of the compare form seats (2: a round robin of pairs).
  return Number(new FormData($("#compare-form")).get("seats") || 2);
}

function drawSeatsField(most) {
  // The compare form's menu of players a game, where the family compares more than two.
  const counts = Array.from({ length: most - 1 }, (_, n) => n + 2);
  $("#compare-seats").innerHTML = most > 2 ? `<label>Players a game <select name="seats">${counts
    .map((n) => `<option value="${n}">${n}: ${n === 2 ? "every pair" : "every seating"}</option>`).join("")}</select></label>` : "";
  seatsLegend();
}

function seatsLegend() {
  // The players' box says how many to tick for a game of more than two.
  const n = seatsChosen();
  $("#compare-players legend").textContent = n > 2 ? `Players (tick ${n})` : "Players";
}

function unseated() {
  // No seatings drawn: the chart cleared.
  $("#seating-figure").hidden = true;
  if (window.Plotly) Plotly.purge("seating-chart");
}

function showSeatings(result) {
  // The seatings table: a row a seating (its players in the order they move), a column a player,
  // coloured around 1/N (even chances); the average over the seatings last.
  const n = result.players.length, even = 1 / n;
  const chances = result.seatings.flatMap((s) => s.win_probability).concat(result.average);
  const reach = Math.max(0.01, Math.ceil(100 * Math.max(...chances.map((p) => Math.abs(p - even)))) / 100);
  const cell = (p) => `<td style="background:${diverging((p - even) / reach)}">${p.toFixed(4)}</td>`;
  const rows = result.seatings.map((s) => `<tr><th scope="row" class="seating">${s.seating.map((name) => `<span>${escape(name)}</span>`).join("")}</th>`
    + s.win_probability.map(cell).join("") + "</tr>");
  const average = `<tr class="average"><th scope="row">average</th>${result.average.map(cell).join("")}</tr>`;
  $("#matrix").innerHTML = `<tr><th class="seating-head">seating</th>${result.players.map((p) => `<th>${escape(p)}</th>`).join("")}</tr>`
    + rows.join("") + average;
  const swatch = (t) => `<span class="swatch" style="background:${diverging(t)}"></span>`;
  $("#matrix-caption").innerHTML = `${escape(result.title)}, goal ${result.goal}, ${n} players: each player's exact chance to win `
    + `in each of the ${result.seatings.length} seatings (a row a seating, its players in the order they move), and on average `
    + `(the seats drawn at random). ${swatch(-1)} blue: below even (${even.toFixed(2)}), `
    + `${swatch(0)} white: even, ${swatch(1)} red: above.`;
  seatingChart(result);
}

function seatingChart(result) {
  // Each player's chance by the seat it moves from (the mean over the seatings that put it
  // there), a bar a seat, and its average; the even chance, 1/N, as a dashed line.
  const n = result.players.length, x = result.players;
  const bySeat = (seat) => x.map((_, p) => {
    const there = result.seatings.filter((s) => s.seating[seat] === x[p]);
    return there.reduce((sum, s) => sum + s.win_probability[p], 0) / there.length;
  });
  const colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"];
  const traces = Array.from({ length: n }, (_, seat) => ({ type: "bar", name: `moving ${SEAT_WORDS[seat] || seat + 1}`,
    x, y: bySeat(seat), marker: { color: colours[seat % colours.length] }, hovertemplate: "%{x}: %{y:.2%}<extra>%{fullData.name}</extra>" }));
  traces.push({ type: "scatter", mode: "markers", name: "average", x, y: result.average,
    marker: { symbol: "diamond", size: 11, color: "#1d232a" }, hovertemplate: "%{x}: %{y:.2%} on average<extra></extra>" });
  const narrow = $("#seating-chart").clientWidth < 560;
  const layout = { barmode: "group", height: narrow ? 340 : 360, margin: { l: 50, r: 10, t: 10, b: narrow ? 110 : 60 },
    paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "white", yaxis: { title: { text: "win probability" }, tickformat: ".0%", rangemode: "tozero" },
    xaxis: { automargin: true }, legend: { orientation: "h", y: narrow ? -0.3 : -0.15, yanchor: "top" },
    shapes: [{ type: "line", xref: "paper", x0: 0, x1: 1, y0: 1 / n, y1: 1 / n, line: { dash: "dash", color: "#6b7280", width: 1 } }] };
  $("#seating-figure").hidden = false;
  $("#seating-caption").textContent = `Each player's chance by the seat it moves from (the mean over the seatings that put it there), and on average; dashed: even (1/${n}).`;
  Plotly.react("seating-chart", traces, layout, { displayModeBar: false, responsive: true });
}

document.addEventListener("change", (event) => { if (event.target.name === "seats") seatsLegend(); });
