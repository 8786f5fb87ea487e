// Zombie Dice on the table: the last roll's dice, each showing a brain, feet or a shotgun, and
// beside them the cup (the dice left in it, by colour), the hand (feet to roll again), the
// brains and the shotguns set aside and the turn's brains. The page's pieces.js draws a roll
// of the kind "zombie" with PIECES.zombie; the game's state lists the dice by colour.
"use strict";

{ // one block: only PIECES.zombie is seen outside it
  const DIE_COLOURS = {
    // Each boxed colour's fill and the ink of its initial; any other colour is grey.
    green: ["#3f8f3f", "white"], yellow: ["#e7bd2a", "#1d232a"], red: ["#c23a2e", "white"],
  };
  const OTHER_COLOUR = ["#9ca3af", "#1d232a"];

  const blast = Array.from({ length: 20 }, (_, n) => {
    const r = n % 2 ? 8 : 17, a = (Math.PI * n) / 10;
    return `${(30 + r * Math.sin(a)).toFixed(1)},${(30 - r * Math.cos(a)).toFixed(1)}`;
  }).join(" ");
  const foot = ([x, y, side]) => `<g fill="#1d232a"><ellipse cx="${x}" cy="${y}" rx="4.4" ry="5.6"/>`
    + `<ellipse cx="${x}" cy="${y + 9}" rx="3.3" ry="3.5"/>` // the ball of the foot and the heel
    + [[4.2, 8, 2], [1.3, 9.6, 1.6], [-1.5, 9.2, 1.4], [-3.9, 7.6, 1.2]].map(([dx, dy, r]) =>
      `<circle cx="${x + side * dx}" cy="${y - dy}" r="${r}"/>`).join("") + "</g>";  // the toes
  const lobes = [[22, 26, 6.5], [30, 22, 7], [38, 26, 6.5], [40, 34, 6], [32, 38, 6.5], [22, 36, 6.5], [19, 31, 5.5], [30, 30, 8]];
  const FACE_PICTURES = {
    // Each face's picture on a die's light disc (a 60-unit die, centred at 30, 30).
    brain: lobes.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#f2a5ba" stroke="#7b2d44" stroke-width="3"/>`).join("")
      + lobes.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#f2a5ba"/>`).join("")  // one bumpy outline
      + '<path d="M30 19v23M20 29q3-3 6 0t5 2M34 25q3 3 7 1M35 33q2 3 6 2M21 36q3-2 5 1" fill="none" stroke="#7b2d44" stroke-width="1.4" stroke-linecap="round"/>',
    feet: [[22, 29, -1], [38, 26, 1]].map(foot).join(""),  // a left foot and a right
    shotgun: `<polygon points="${blast}" fill="#f07c1b" stroke="#7a2a0c" stroke-width="1.4" stroke-linejoin="round"/>`
      + '<circle cx="30" cy="30" r="5" fill="#ffd84a"/>',
  };

  function zombieDie(colour, face = null) {
    // One die of ``colour``: its face's picture on a light disc, its initial in the corner; with
    // no face (a die in the cup) its initial alone, large.
    const [fill, ink] = DIE_COLOURS[colour] || OTHER_COLOUR;
    const initial = escape(colour.charAt(0).toUpperCase());
    const label = face ? `${colour} die: ${face}` : `${colour} die`;
    const inside = face
      ? `<circle cx="30" cy="30" r="21" fill="#fffdf7"/>${FACE_PICTURES[face] || ""}`
        + `<text x="6" y="14" font-size="11" font-weight="700" fill="${ink}">${initial}</text>`
      : `<text x="30" y="40" font-size="28" font-weight="700" text-anchor="middle" fill="${ink}">${initial}</text>`;
    return `<svg viewBox="0 0 60 60" role="img" aria-label="${escape(label)}">`
      + `<rect x="2" y="2" width="56" height="56" rx="10" fill="${fill}" stroke="#1d232a" stroke-width="2.5"/>${inside}</svg>`;
  }

  function diceRow(colours, face) {
    // Small dice of ``colours``, each showing ``face``; "none" where there are none.
    if (!colours.length) return '<span class="none">none</span>';
    return colours.map((colour) => zombieDie(colour, face)).join("");
  }

  function tally(state) {
    // The turn so far: the cup, the hand, the brains and the shotguns set aside.
    const left = state.cup.reduce((sum, dice) => sum + dice.count, 0);
    const cup = state.cup.map(({ colour, count }) =>
      `<span class="in-cup${count ? "" : " empty"}">${zombieDie(colour)}&times;${count}</span>`).join("");
    const back = state.turn_brains - state.brains.length;
    const brains = `${state.turn_brains} this turn` + (back > 0 ? ` (${back} back in the cup)` : "");
    const rows = [
      ["cup", `${left} ${left === 1 ? "die" : "dice"}`, cup],
      ["hand", "feet to roll again", diceRow(state.hand, "feet")],
      ["brains", brains, diceRow(state.brains, "brain")],
      ["shotguns", `${state.shotguns.length} of ${limits[state.game].shotguns}`, diceRow(state.shotguns, "shotgun")],
    ];
    return '<dl class="cup-tally">' + rows.map(([name, words, dice]) =>
      `<div class="${name}"><dt>${name} <span>${escape(words)}</span></dt><dd>${dice}</dd></div>`).join("") + "</dl>";
  }

  function phaseWords(state) {
    // A last turn's or a tiebreaker's words, with what the mover must beat ('' in other turns).
    const beat = state.to_beat === null ? "" : `: ${state.to_beat} brains to beat`;
    return { turn: "", last: `Last turn${beat}`, tiebreak: `Tiebreaker round${beat}` }[state.phase];
  }

  PIECES.zombie = (roll, state) => {
    // The last roll's dice, each named by its face, and the turn so far beside them.
    const dice = roll.dice.map(({ colour, face }) => piece(face, zombieDie(colour, face), colour));
    const phase = state.over ? "" : phaseWords(state);
    return `<div class="cup-table"><div class="cup-roll" role="group" aria-label="the last roll">${dice.join("")}</div>`
      + tally(state) + (phase ? `<p class="cup-phase">${escape(phase)}</p>` : "") + "</div>";
  };

  document.head.insertAdjacentHTML("beforeend", `<style>
    #dice .cup-table { display: flex; flex-wrap: wrap; gap: .75rem 1.5rem; align-items: center; justify-content: center; width: 100%; }
    #dice .cup-roll { display: flex; gap: .6rem; }
    #dice .cup-roll svg { width: 4.5rem; height: 4.5rem; }
    #dice .cup-tally { display: grid; gap: .35rem; margin: 0; font-size: .85rem; min-width: 15rem; }
    #dice .cup-tally div { display: grid; grid-template-columns: 8.5rem auto; align-items: center; gap: .5rem; }
    #dice .cup-tally dt { font-weight: 600; }
    #dice .cup-tally dt span { display: block; font-weight: normal; color: var(--muted); font-size: .75rem; }
    #dice .cup-tally dd { display: flex; flex-wrap: wrap; gap: .2rem; margin: 0; align-items: center; }
    #dice .cup-tally svg { width: 1.7rem; height: 1.7rem; }
    #dice .cup-tally .in-cup { display: inline-flex; align-items: center; gap: .1rem; margin-right: .4rem; font-variant-numeric: tabular-nums; }
    #dice .cup-tally .in-cup.empty { opacity: .4; }
    #dice .cup-tally .none { color: var(--muted); }
    #dice .cup-phase { flex-basis: 100%; text-align: center; margin: 0; font-weight: 600; color: var(--accent); }
    @media (max-width: 40rem) {
      #dice .cup-roll svg { width: 3.6rem; height: 3.6rem; }
      #dice .cup-tally { min-width: 0; width: 100%; }
      #dice .cup-tally div { grid-template-columns: 7rem auto; }
      #dice .cup-tally svg { width: 1.5rem; height: 1.5rem; }
    }
  </style>`);
}
