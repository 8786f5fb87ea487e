// What lies on the table after a roll: dice drawn as SVG, a family's own pieces, and in words.
// A family's script (GET /api/limits' families' scripts) adds the drawing of its own kind of
// roll to PIECES.
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

function piece(name, picture = "", points = "") {
  // One piece on the table: its picture, its name under it and what it scores.
  return `<div class="piece">${picture}<strong>${escape(name)}</strong>`
    + (points ? `<span class="points">${escape(points)}</span>` : "") + "</div>";
}

const PIECES = {
  // The drawing of a roll by its kind: one die of the game's sides, or six-sided dice.
  die: (roll, state) => die(state.dice[0], state.die),
  dice: (roll) => roll.faces.map((face) => die(Number(face), 6)).join(""),
};

function pieces(roll, state) {
  // The last roll as it lies: its kind's drawing, else the outcome's name.
  if (!roll) return "";
  return roll.kind in PIECES ? PIECES[roll.kind](roll, state) : piece(roll.name);
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
    const why = state.sides_why ? ` (${state.sides_why})` : "";
    words.inPlay = rolled + (state.over ? "" : `Dice in play for the next roll: ${sidesWords(state.sides_in_play)}${why}.`);
  }
  return words;
}

function blankDie() {
  // A die yet to be rolled: a dashed square with a question mark.
  return '<svg viewBox="0 0 60 60" role="img" aria-label="a die to roll" class="blank">'
    + '<rect x="2" y="2" width="56" height="56" rx="9" fill="white" stroke="#1d232a" stroke-width="2.5" stroke-dasharray="6 4"/>'
    + '<text x="30" y="40" font-size="26" text-anchor="middle" fill="#6b7280">?</text></svg>';
}

function setAside(state) {
  // The dice set aside this turn, where the state lists them: each keep's dice and points, and
  // why where nobody chose it.
  return (state.set_aside || []).map((keep) => `<div class="kept${keep.why ? " forced" : ""}">`
    + `<span class="faces">${keep.faces.map((face) => die(face, 6)).join("")}</span>`
    + `<span class="points">+${keep.points}</span>`
    + (keep.why ? `<span class="why">${escape(keep.why)}</span>` : "") + "</div>").join("");
}

function rollingDice(state) {
  // The dice that roll next: those of the last roll left, else dice yet to be rolled.
  const { faces, count } = state.rolling;
  return faces.map((face) => die(face, 6)).join("") + blankDie().repeat(Math.max(count - faces.length, 0));
}
