// Pass the Pigs' roll as it lies: two pigs, each drawn in its position, named, with its points
// (the page's pieces.js draws a roll of the kind "pigs" with PIECES.pigs).
"use strict";

const PIG_POSES = {
  // The rotation of a standing pig for each position, and whether it lies on its side.
  "dot up": { turn: 0, lying: true, dot: true }, "dot down": { turn: 0, lying: true, dot: false },
  trotter: { turn: 0 }, razorback: { turn: 180 }, snouter: { turn: 90 }, "leaning jowler": { turn: 55 },
};
const PIG_POINTS = { trotter: 5, razorback: 5, snouter: 10, "leaning jowler": 15 };

function pig(position) {
  // One pig, in its position, with the position's name (and its points) under it.
  const pose = PIG_POSES[position];
  if (!pose) return piece(position);
  const legs = pose.lying ? "" : [22, 30, 48, 56].map((x) => `<rect x="${x}" y="42" width="5" height="10" rx="2" fill="#e79aa5"/>`).join("");
  const dot = pose.lying ? `<circle cx="40" cy="33" r="4.5" fill="${pose.dot ? "#1d232a" : "none"}" stroke="#1d232a" stroke-dasharray="${pose.dot ? "" : "2 2"}"/>` : "";
  const body = `<g transform="rotate(${pose.turn} 40 35)">${legs}`
    + `<ellipse cx="40" cy="${pose.lying ? 38 : 34}" rx="24" ry="${pose.lying ? 11 : 13}" fill="#f4b6bf" stroke="#1d232a" stroke-width="1.5"/>`
    + `<circle cx="64" cy="${pose.lying ? 34 : 29}" r="9" fill="#f4b6bf" stroke="#1d232a" stroke-width="1.5"/>`
    + `<ellipse cx="72" cy="${pose.lying ? 35 : 30}" rx="3.5" ry="4.5" fill="#e79aa5" stroke="#1d232a"/>`
    + `<path d="M60 ${pose.lying ? 26 : 21} l3 -7 l4 6 z" fill="#e79aa5" stroke="#1d232a"/>`
    + `<circle cx="66" cy="${pose.lying ? 31 : 26}" r="1.3" fill="#1d232a"/>`
    + `<path d="M16 ${pose.lying ? 36 : 31} q-6 -2 -4 -7" fill="none" stroke="#1d232a"/>${dot}</g>`;
  const points = PIG_POINTS[position] ? `${PIG_POINTS[position]} points` : (pose.lying ? "sider" : "");
  return piece(position, `<svg viewBox="0 -5 80 80" role="img" aria-label="a pig: ${position}">${body}</svg>`, points);
}

PIECES.pigs = (roll) => roll.faces.map(pig).join("");
