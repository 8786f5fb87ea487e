// What lies on the table after a roll: one die, two dice, two pigs (named), drawn as SVG, and in words.
"use strict";

function die(value, sides) {
  // One die: pips on a square for six sides, a triangle with its number for four, else a number.
  if (sides === 4) {
    return `<svg viewBox="0 0 60 60" role="img" aria-label="${value} on a four-sided die" class="d4">`
      + '<polygon points="30,4 57,54 3,54" fill="white" stroke="#1d232a" stroke-width="2.5" stroke-linejoin="round"/>'
      + `<text x="30" y="46" font-size="22" text-anchor="middle" fill="${value === 1 ? "#a2412f" : "#1d232a"}">${value}</text></svg>`;
  }
  const pips = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
  const svg = [`<svg viewBox="0 0 60 60" role="img" aria-label="${value} on a ${sides}-sided die">`,
    '<rect x="2" y="2" width="56" height="56" rx="9" fill="white" stroke="#1d232a" stroke-width="2.5"/>'];
  if (sides <= 6 && pips[value]) {
    for (const p of pips[value]) {
      svg.push(`<circle cx="${15 + 15 * (p % 3)}" cy="${15 + 15 * Math.floor(p / 3)}" r="5" fill="${value === 1 ? "#a2412f" : "#1d232a"}"/>`);
    }
  } else {
    svg.push(`<text x="30" y="39" font-size="24" text-anchor="middle">${value}</text>`);
  }
  return svg.join("") + "</svg>";
}

const PIG_POSES = {
  // The rotation of a standing pig for each position, and whether it lies on its side.
  "dot up": { turn: 0, lying: true, dot: true }, "dot down": { turn: 0, lying: true, dot: false },
  trotter: { turn: 0 }, razorback: { turn: 180 }, snouter: { turn: 90 }, "leaning jowler": { turn: 55 },
};
const PIG_POINTS = { trotter: 5, razorback: 5, snouter: 10, "leaning jowler": 15 };

function pig(position) {
  // One pig, in its position, with the position's name (and its points) under it.
  const pose = PIG_POSES[position];
  if (!pose) return `<div class="pig-card"><strong>${position}</strong></div>`;
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
  return `<div class="pig-card"><svg viewBox="0 -5 80 80" role="img" aria-label="a pig: ${position}">${body}</svg>`
    + `<strong>${position}</strong><span class="points">${points}</span></div>`;
}

function pieces(roll, state) {
  // The last roll as it lies: Pig's die, two dice, two pigs, or the outcome's name.
  if (!roll) return "";
  if (roll.kind === "die") return die(state.dice[0], state.die);
  if (roll.kind === "dice") return roll.faces.map((face) => die(Number(face), 6)).join("");
  if (roll.kind === "pigs") return roll.faces.map(pig).join("");
  return `<div class="pig-card"><strong>${roll.name}</strong></div>`;
}

function onTheTable(state) {
  // What the game's state says lies on the table: the last roll's pieces, or the dice last
  // rolled (each of ``dice_sides`` sides); nothing where it says neither.
  if (state.roll) return pieces(state.roll, state);
  return (state.dice || []).map((value) => die(value, state.dice_sides || 6)).join("");
}

const sidesWords = (sides) => ({ 4: "four-sided", 6: "six-sided" }[sides] || `${sides}-sided`);

function tableWords(state) {
  // The table in words, where the state holds them (null: a line the game does not have): who
  // rolled the last roll and what it did; the dice last rolled and those in play next.
  const words = { roll: null, inPlay: null };
  if ("roll" in state) {
    const roll = state.roll;
    const who = roll && (roll.player === state.you ? "You" : state.players[roll.player]);
    words.roll = roll ? `${who} rolled ${roll.kind === "outcome" ? roll.name : roll.faces.join(" and ")}: ${roll.words}.` : "";
  }
  if ("sides_in_play" in state) {
    const count = state.dice.length, dice = count === 1 ? "die" : "dice";
    const rolled = count ? `Last dice rolled (${state.dice_roller}): ${count} ${sidesWords(state.dice_sides)} ${dice}. ` : "";
    const chop = state.sides_in_play !== 6 ? " (after a Pork Chop)" : "";
    words.inPlay = rolled + (state.over ? "" : `Dice in play for the next roll: ${sidesWords(state.sides_in_play)}${chop}.`);
  }
  return words;
}
