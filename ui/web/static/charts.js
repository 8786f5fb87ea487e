// pigsolve's charts as SVG: axes with ticks and labels, a heat map with its colour scale, lines.
"use strict";

const shade = (x) => `hsl(${12 + 200 * (1 - x)}, 55%, ${88 - 50 * x}%)`;
function diverging(t) {
  // A colour for t from -1 to 1 that diverges around 0: blue below, near-white at 0, red above
  // (ColorBrewer's RdBu, its ends light enough for dark text on them).
  const end = t < 0 ? [67, 147, 195] : [214, 96, 77], mid = [247, 247, 247], u = Math.min(1, Math.abs(t));
  return `rgb(${mid.map((m, c) => Math.round(m + u * (end[c] - m))).join(", ")})`;
}
const PLOT = { left: 52, top: 12, size: 290 };  // the square plot area of the explorer's charts

function niceTicks(low, high, count = 5, whole = false) {
  // About `count` round values from low to high (steps of 1, 2 or 5 times a power of ten;
  // whole numbers only if `whole`).
  const span = Math.max(high - low, 1e-9), raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max([1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw), whole ? 1 : 0);
  const ticks = [];
  for (let t = Math.ceil(low / step) * step; t <= high + 1e-9; t += step) ticks.push(Number(t.toFixed(10)));
  return ticks;
}

function axes(box, x, y) {
  // SVG of a bottom and a left axis. box: {left, top, width, height}; x, y: {low, high, label, format}.
  const right = box.left + box.width, bottom = box.top + box.height;
  const px = (v) => box.left + ((v - x.low) / (x.high - x.low)) * box.width;
  const py = (v) => bottom - ((v - y.low) / (y.high - y.low)) * box.height;
  const fx = x.format || String, fy = y.format || String;
  let svg = `<g class="axis x-axis"><line x1="${box.left}" y1="${bottom}" x2="${right}" y2="${bottom}"/>`;
  for (const t of niceTicks(x.low, x.high, x.count || 5, x.whole)) {
    svg += `<line x1="${px(t)}" y1="${bottom}" x2="${px(t)}" y2="${bottom + 5}"/><text x="${px(t)}" y="${bottom + 17}" text-anchor="middle">${fx(t)}</text>`;
  }
  svg += `<text class="label" x="${box.left + box.width / 2}" y="${bottom + 34}" text-anchor="middle">${escape(x.label)}</text></g>`;
  svg += `<g class="axis y-axis"><line x1="${box.left}" y1="${box.top}" x2="${box.left}" y2="${bottom}"/>`;
  for (const t of niceTicks(y.low, y.high, y.count || 5)) {
    svg += `<line x1="${box.left - 5}" y1="${py(t)}" x2="${box.left}" y2="${py(t)}"/><text x="${box.left - 8}" y="${py(t) + 4}" text-anchor="end">${fy(t)}</text>`;
  }
  const middle = box.top + box.height / 2;
  svg += `<text class="label" x="12" y="${middle}" text-anchor="middle" transform="rotate(-90 12 ${middle})">${escape(y.label)}</text></g>`;
  return { svg, px, py };
}

const APART = "#c9c9c9";  // the heat map's cells off its scale (a family's picture says which)

function heatmap(svg, map) {
  // A heat map as the explorer's picture describes it (ui/adapters/explorer.py): z[a][b] at
  // x.values[a], y.values[b], drawn as an image with axes and a colour scale from scale.low to
  // scale.high (null: the data's own; values beyond take the end colours, marked <= and >=);
  // the cells apart.cells marks are drawn in APART.
  const xs = map.x.values, ys = map.y.values, flat = map.z.flat();
  const least = Math.min(...flat), most = Math.max(...flat);
  const low = map.scale.low ?? least, high = map.scale.high ?? most, span = high > low ? high - low : 1;
  const level = (value) => Math.min(1, Math.max(0, (value - low) / span));
  const canvas = document.createElement("canvas");
  canvas.width = xs.length;
  canvas.height = ys.length;
  const context = canvas.getContext("2d");
  for (let a = 0; a < xs.length; a++) for (let b = 0; b < ys.length; b++) {
    context.fillStyle = map.apart && map.apart.cells[a][b] ? APART : shade(level(map.z[a][b]));
    context.fillRect(a, ys.length - 1 - b, 1, 1);
  }
  const { left, top, size } = PLOT;
  const end = (values) => values[values.length - 1] + (values.length > 1 ? values[1] - values[0] : 1);
  const frame = axes({ left, top, width: size, height: size },
    { low: 0, high: end(xs), label: map.x.label }, { low: 0, high: end(ys), label: map.y.label });
  const bar = { x: left + size + 24, width: 14 };
  const stops = Array.from({ length: 11 }, (_, s) => `<stop offset="${s / 10}" stop-color="${shade(1 - s / 10)}"/>`).join("");
  let scale = `<g class="colour-scale"><defs><linearGradient id="scale-${svg.id}" x1="0" y1="0" x2="0" y2="1">${stops}</linearGradient></defs>`
    + `<rect x="${bar.x}" y="${top}" width="${bar.width}" height="${size}" fill="url(#scale-${svg.id})" stroke="#6b7280"/>`;
  const ends = [[low, least < low ? `≤ ${low}` : null], [high, most > high ? `≥ ${high}` : null]];
  const ticks = niceTicks(low, high, 5, flat.every(Number.isInteger))
    .filter((t) => ends.every(([end, words]) => !words || Math.abs(t - end) > span / 10))
    .map((t) => [t, String(t)]).concat(ends.filter(([, words]) => words));
  for (const [t, words] of ticks) {
    const y = top + size - level(t) * size;
    scale += `<line x1="${bar.x + bar.width}" y1="${y}" x2="${bar.x + bar.width + 4}" y2="${y}"/><text x="${bar.x + bar.width + 7}" y="${y + 4}">${words}</text>`;
  }
  const middle = top + size / 2, lx = bar.x + bar.width + 44;
  scale += `<text class="label" x="${lx}" y="${middle}" text-anchor="middle" transform="rotate(90 ${lx} ${middle})">${escape(map.scale.label)}</text></g>`;
  svg.innerHTML = `<image href="${canvas.toDataURL()}" x="${left}" y="${top}" width="${size}" height="${size}" preserveAspectRatio="none" style="image-rendering: pixelated"/>`
    + frame.svg + scale;
  Object.assign(svg.dataset, { cells: xs.length, low, high });
}

function cellAt(svg, event, columns, rows) {
  // The [a, b] cell under the mouse in a heat map of columns x rows cells, or null.
  const point = svg.createSVGPoint();
  point.x = event.clientX; point.y = event.clientY;
  const p = point.matrixTransform(svg.getScreenCTM().inverse());
  const a = Math.floor(((p.x - PLOT.left) / PLOT.size) * columns), b = Math.floor(((PLOT.top + PLOT.size - p.y) / PLOT.size) * rows);
  return a >= 0 && b >= 0 && a < columns && b < rows ? [a, b] : null;
}

function plotPoint(svg, event, x, y) {
  // The (x, y) data point under the mouse in a chart drawn over PLOT with ranges x, y.
  const point = svg.createSVGPoint();
  point.x = event.clientX; point.y = event.clientY;
  const p = point.matrixTransform(svg.getScreenCTM().inverse());
  return [x.low + ((p.x - PLOT.left) / PLOT.size) * (x.high - x.low), y.low + ((PLOT.top + PLOT.size - p.y) / PLOT.size) * (y.high - y.low)];
}

function lines(svg, series, x, y, legend) {
  // Polylines over PLOT with axes; series: [{points: [[x, y]...], className}]; legend: [[className, text]].
  const { left, top, size } = PLOT;
  const frame = axes({ left, top, width: size, height: size }, x, y);
  let body = frame.svg;
  for (const s of series) {
    body += `<polyline class="${s.className}" points="${s.points.map(([a, b]) => `${frame.px(a).toFixed(1)},${frame.py(b).toFixed(1)}`).join(" ")}"/>`;
  }
  body += '<g class="legend">' + legend.map(([className, words], n) =>
    `<line class="${className}" x1="${left + size + 12}" y1="${top + 10 + 20 * n}" x2="${left + size + 34}" y2="${top + 10 + 20 * n}"/>`
    + `<text x="${left + size + 38}" y="${top + 14 + 20 * n}">${escape(words)}</text>`).join("") + "</g>";
  svg.innerHTML = body;
}

function winChart(svg, values) {
  // The person's win probability after each decision, in %, with its 50% line named.
  // Drawn at the size shown, so that its words keep their size on a phone and on a desktop.
  const width = Math.max(svg.clientWidth || 600, 240);
  svg.setAttribute("viewBox", `0 0 ${width} 180`);
  const box = { left: 50, top: 8, width: width - 70, height: 130 };
  const n = values.length;
  const frame = axes(box, { low: 1, high: Math.max(n, 2), label: "decision", count: 6, whole: true },
    { low: 0, high: 100, label: "win %", format: (t) => `${t}%`, count: 4 });
  const points = values.map((p, d) => [frame.px(d + 1), frame.py(100 * p)]);
  const side = values[n - 1] >= 0.5 ? 12 : -4;  // the label on the side away from the latest point
  svg.innerHTML = frame.svg
    + `<line class="even" x1="${box.left}" y1="${frame.py(50)}" x2="${box.left + box.width}" y2="${frame.py(50)}"/>`
    + `<text class="even-label" x="${box.left + box.width - 2}" y="${frame.py(50) + side}" text-anchor="end">50%: even chances</text>`
    + `<polyline class="win" points="${points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ")}"/>`
    + points.map(([a, b], d) => `<circle cx="${a.toFixed(1)}" cy="${b.toFixed(1)}" r="2.5"><title>decision ${d + 1}: ${(100 * values[d]).toFixed(1)}%</title></circle>`).join("");
}

function seatChart(svg, chances, names) {
  // Every seat's win probability after each of its decisions, in %, a line a seat over the
  // game's decisions; chances: [{seat, p}] in the order played; names: each seat's.
  const width = Math.max(svg.clientWidth || 600, 240);
  const rows = Math.ceil(names.length / 2);
  svg.setAttribute("viewBox", `0 0 ${width} ${186 + 16 * rows}`);
  const box = { left: 50, top: 8, width: width - 70, height: 130 };
  const n = chances.length;
  const frame = axes(box, { low: 1, high: Math.max(n, 2), label: "decision", count: 6, whole: true },
    { low: 0, high: 100, label: "win %", format: (t) => `${t}%`, count: 4 });
  let body = frame.svg;
  names.forEach((name, seat) => {
    const points = chances.map((c, d) => [c.seat, frame.px(d + 1), frame.py(100 * c.p), c.p, d]).filter((c) => c[0] === seat);
    body += `<polyline class="line${seat}" points="${points.map(([, a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ")}"/>`
      + points.map(([, a, b, p, d]) => `<circle class="line${seat}" cx="${a.toFixed(1)}" cy="${b.toFixed(1)}" r="2"><title>${escape(name)}, decision ${d + 1}: ${(100 * p).toFixed(1)}%</title></circle>`).join("");
    const x = box.left + (seat % 2) * box.width / 2, y = box.top + box.height + 52 + 16 * Math.floor(seat / 2);
    body += `<g class="legend"><line class="line${seat}" x1="${x}" y1="${y - 4}" x2="${x + 20}" y2="${y - 4}"/><text x="${x + 24}" y="${y}">${escape(name)}</text></g>`;
  });
  svg.innerHTML = body;
}
