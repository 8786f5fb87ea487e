// Play: a game of any registered family, drawn from what the server says of it. The set-up form
// comes from the family's description (GET /api/limits' families; forms.js draws it), the moves
// from the game's state (its legal actions and their words), what lies on the table from
// pieces.js. Where the state lists its steps (the table after each event since the person's
// choice), the computer players' turns are played out a step at a time before it.
"use strict";

let state = null;
let folded = false;  // the set-up form folded into its one-line summary during a game
const picked = new Set();  // the dice (indices into state.pick) picked to keep
const hinted = new Set();  // the dice the hint keeps
const MOST_BUTTONS = 4;  // more choices than this are a menu and one button
let stepMs = 700;  // the pause after each step of the computer's turns played out
let replaying = null;  // the state whose steps are being played out (null: none)
const PLAYERS = ["two", "three", "four", "five", "six"];

function seats(state) {
  // One card a seat, in the order of play: its name, its number, its score, who is to move.
  return state.players.map((name, seat) => {
    const classes = ["player", seat === state.you ? "you" : "", !state.over && state.player === seat ? "to-move" : ""];
    const shown = seat === state.you ? "You" : escape(name);
    return `<div class="${classes.join(" ")}" data-seat="${seat}"><span class="badge">to move</span>`
      + `<span class="name">${shown}</span><span class="seat-no">player ${seat + 1}</span>`
      + `<span class="score">${state.scores[seat]}</span></div>`;
  }).join("");
}

function winner(state) {
  if (state.winner === null) return "A draw.";
  return state.winner === state.you ? "You win!" : `${state.players[state.winner]} (player ${state.winner + 1}) wins.`;
}

function status(state) {
  if (state.over) return "Game over.";
  return state.player === state.you ? `Your turn (player ${state.you + 1}).` : `${state.players[state.player]} is playing.`;
}

function summary(state) {
  // The game being played in one line: its rules, the computer players, hints or none.
  return `${state.title}, goal ${state.goal}, vs ${state.opponent}, ${state.analysed ? "hints on" : "no hints"}`;
}

function fold(shut) {
  // Fold the set-up form into its summary (during a game) or open it again.
  folded = shut && state !== null;
  $("#setup").hidden = view !== "play" || folded;
  $("#summary").hidden = view !== "play" || state === null;
  $("#summary").setAttribute("aria-expanded", !folded);
  if (state) $("#summary").innerHTML = `${escape(summary(state))} <span class="change">${folded ? "change" : "hide"}</span>`;
}

function keys(words) {
  // The key of each choice: space for the first, else its first letter where no other shares it.
  const first = words.map((w) => w[0].toLowerCase());
  return first.map((letter, n) => (n === 0 ? " " : first.indexOf(letter) === first.lastIndexOf(letter) ? letter : ""));
}

function picking(state) {
  // Whether the person picks dice to keep: a game whose state offers dice to pick from, each
  // keep a legal action named by its faces, lowest first ("1 5 5").
  return Boolean(state.pick && state.pick.length) && !state.over && state.player === state.you
    && state.legal.length > 0;
}

const FACES = /^[1-9]\d*( [1-9]\d*)*$/;  // a keep's name: its faces

function pickedName(state) {
  return [...picked].map((n) => state.pick[n]).sort((a, b) => a - b).join(" ");
}

function picker(state) {
  // The dice to pick from, each a toggle button drawn as the die.
  const classes = (n) => ["pick", picked.has(n) ? "picked" : "", hinted.has(n) ? "hinted" : ""].join(" ").trim();
  return state.pick.map((face, n) => `<button type="button" class="${classes(n)}" data-die="${n}" `
    + `aria-pressed="${picked.has(n)}" title="${picked.has(n) ? "kept: click to put back" : "click to keep"}">${die(face, 6)}</button>`).join("");
}

function keepButton(state) {
  // One button that keeps the dice picked, live only for a legal keep; other choices beside it.
  const name = pickedName(state);
  const legal = state.legal.map(String).includes(name);
  const words = picked.size === 0 ? "Pick the dice to keep" : legal ? `Keep ${name}` : `${name} does not score alone`;
  const others = state.legal.filter((v) => !FACES.test(String(v)));
  return `<button id="keep" type="button" ${legal ? "" : "disabled"}>${escape(words)} <kbd>space</kbd></button>`
    + others.map((v) => `<button class="choice" type="button" data-action="${escape(String(v))}">${escape(String(v))}</button>`).join("");
}

function drawPick() {
  // Redraw the dice and the keep button after a die is picked or put back.
  $("#dice").innerHTML = picker(state);
  $("#choices").innerHTML = $("#choices").dataset.drawn = keepButton(state);
}

function pick(n) {
  if (picked.has(n)) picked.delete(n); else picked.add(n);
  drawPick();
}

function pickFace(face) {
  // The key of a face picks a die showing it (or, all of them picked, puts one back).
  const dice = state.pick.map((f, n) => [f, n]).filter(([f]) => f === face).map(([, n]) => n);
  const free = dice.find((n) => !picked.has(n));
  if (free !== undefined) pick(free); else if (dice.length) pick(dice[dice.length - 1]);
}

function choices(state) {
  // A button a choice, or (many choices) a menu of them and one button; the menu keeps the
  // choice made before while it is legal, else it offers a middle one.
  if (picking(state)) return keepButton(state);
  const words = state.choices.map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  if (state.legal.length > MOST_BUTTONS) {
    const before = $("#choice") ? $("#choice").value : null;
    const values = state.legal.map(String);
    const chosen = values.includes(before) ? before : values[Math.floor(values.length / 2)];
    const options = values.map((v, n) => `<option value="${escape(v)}" ${v === chosen ? "selected" : ""}>${escape(words[n])}</option>`);
    return `<label>Your move <select id="choice">${options.join("")}</select></label>`
      + '<button id="play-choice" type="button">Play <kbd>space</kbd></button>';
  }
  const shortcut = keys(state.choices);
  return state.legal.map((value, n) => {
    const key = shortcut[n] === " " ? "space" : shortcut[n].toUpperCase();
    return `<button class="choice" type="button" data-action="${escape(String(value))}">${escape(words[n])}`
      + (key ? ` <kbd>${key}</kbd>` : "") + "</button>";
  }).join("");
}

function dice(state) {
  // The dice area: the roll to pick from (the person's), a roll showing, the dice that roll
  // next (a state that says which), else what lies on the table.
  if (picking(state)) return picker(state);
  if (!state.rolling || state.over) return onTheTable(state);
  return state.pick.length ? state.pick.map((face) => die(face, 6)).join("") : rollingDice(state);
}

function drawTable(state) {
  // The seats, whose turn, the turn total and the dice of ``state`` (a game's, or a step's).
  $("#seats").innerHTML = seats(state);
  $("#status").textContent = status(state);
  $(".turn").hidden = state.turn_total === undefined;
  $("#turn-total").textContent = state.turn_total ?? "";
  picked.clear();
  hinted.clear();
  $("#set-aside").innerHTML = state.over ? "" : setAside(state);
  $("#set-aside").hidden = $("#set-aside").innerHTML === "";
  $("#dice").innerHTML = dice(state);
  $("#dice").hidden = $("#dice").innerHTML === "";  // a game with nothing on the table yet, or ever
  const rolls = Boolean(state.rolling) && !state.over && !state.pick.length;
  $("#dice").classList.toggle("to-roll", rolls);
  $("#rolling-words").hidden = !rolls || !state.rolling.words;
  $("#rolling-words").textContent = rolls ? state.rolling.words : "";
  const words = tableWords(state);
  for (const [where, text] of [["#roll-words", words.roll], ["#in-play", words.inPlay]]) {
    $(where).hidden = text === null;
    $(where).textContent = text || "";
  }
}

async function playOut(next) {
  // Show ``next``, first playing out its steps (the table after each event since the person's
  // last choice) a pause apart where a computer player moved in them; Skip ends them at once.
  const steps = next.steps || [];
  if (!steps.some((step) => step.player !== next.you)) return show(next);
  state = replaying = next;
  $("#board").hidden = view !== "play";
  $("#board").classList.add("replaying");
  $("#actions").hidden = $("#hint-text").hidden = true;
  $("#replay").hidden = false;
  for (const step of steps) {
    if (replaying !== next) return;
    const log = next.log.slice(0, step.log);
    drawTable({ ...next, ...step, legal: [], over: false });
    $("#roll-words").hidden = false;
    $("#roll-words").textContent = log[log.length - 1] || "";
    $("#log").textContent = log.join("\n");
    $("#log").scrollTop = $("#log").scrollHeight;
    await sleep(stepMs);
  }
  if (replaying === next) show(next);
}

function skip() {
  if (replaying) show(replaying);
}

function show(next) {
  state = next;
  replaying = null;
  $("#board").classList.remove("replaying");
  $("#replay").hidden = true;
  $("#board").hidden = view !== "play";
  drawTable(state);
  const drawn = choices(state);
  if ($("#choices").dataset.drawn !== drawn) $("#choices").innerHTML = $("#choices").dataset.drawn = drawn;
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
  const several = state.players.length > 2;
  $("#chart figcaption").textContent = several
    ? "Each player's win probability after each of its decisions, optimal play from there on"
    : "Your win probability after each decision, optimal play from there on";
  const names = state.players.map((name, seat) => (seat === state.you ? "You" : `${name} (player ${seat + 1})`));
  if (state.evaluation.length) several ? seatChart($("#chart svg"), state.chances, names) : winChart($("#chart svg"), state.evaluation);
  review(state);
}

function review(state) {
  $("#review").hidden = !state.over || !state.analysed;
  if (!state.over) return;
  const items = state.review.map((d) =>
    `<li>decision ${d.move}: you chose ${escape(d.action_words)}, optimal was ${escape(d.best_words)}: cost ${(100 * d.cost).toFixed(1)} points of win probability</li>`);
  $("#review ol").innerHTML = items.join("") || "<li>No decision cost 0.1 points of win probability or more.</li>";
}

async function act(value) {
  // Play the legal action named ``value`` (its name as a string, as the buttons and menu hold it).
  if (!state || state.over) return;
  const action = state.legal.find((legal) => String(legal) === value);
  if (action === undefined) return;
  try { playOut(await api(`/api/games/${state.id}/actions`, { [state.action_field]: action })); say(""); } catch (err) { say(err.message); }
}

async function hint() {
  try {
    const advice = await api(`/api/games/${state.id}/hint`);
    if (picking(state) && FACES.test(String(advice.best))) {  // the best keep's dice, marked
      const left = String(advice.best).split(" ").map(Number);
      hinted.clear();
      state.pick.forEach((face, n) => {
        const at = left.indexOf(face);
        if (at >= 0) { hinted.add(n); left.splice(at, 1); }
      });
      drawPick();
    }
    const values = advice.values.map((v) => `${v.words}: ${(100 * v.p).toFixed(1)}%`);
    $("#hint-text").textContent = `Best: ${advice.best_words}. Your win probability with ${values.join(", ")}`;
  } catch (err) { say(err.message); }
}

function setUp(described) {
  // The set-up form of the family ``described``: its fields, then as many seats as it takes.
  drawFields($("#setup"), described.fields);
  const most = described.max_players - 1;
  const counts = Array.from({ length: most }, (_, n) => `<option value="${n + 1}">${n + 1} (${PLAYERS[n] || n + 2} players)</option>`);
  const count = most > 1 ? `<label>Computer players <select name="count">${counts.join("")}</select></label>` : "";
  const seatMenus = Array.from({ length: most }, (_, n) =>
    `<label class="seat">${n ? "Then" : "Opponent"} <select name="opponent${n ? n + 1 : ""}" class="computers"></select></label>`);
  $("#seat-fields").innerHTML = count + seatMenus.join("");
  $("#setup-limits").textContent = `${described.note} At most ${limits.games} games at once. Large tables take a while the first time.`;
  seatsShown();
}

function seatsShown() {
  // As many seat menus as computer players.
  const count = Number(new FormData($("#setup")).get("count") || 1);
  document.querySelectorAll("#setup .seat").forEach((label, n) => label.classList.toggle("unused", n >= count));
}

function playersShown(players) {
  // The computer players of the family in each seat's menu; one chosen already stays chosen.
  const options = players.map((p) => `<option value="${escape(p.name)}" title="${escape(p.description)}">${escape(p.name)}</option>`).join("");
  document.querySelectorAll("select.computers").forEach((select) => {
    const chosen = select.value;
    select.innerHTML = options;
    if (players.some((p) => p.name === chosen)) select.value = chosen;
  });
}

function newGame() {
  // The chosen family's set-up, no game on the board.
  $("#board").hidden = true;
  state = replaying = null;
  fold(false);
}

$("#setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = { first: form.get("first"), ...fieldValues(event.target, family.fields) };
  const count = Number(form.get("count") || 1);
  body.opponents = [...document.querySelectorAll("#setup select.computers")].slice(0, count).map((select) => select.value);
  if (form.get("seed") !== "") body.seed = Number(form.get("seed"));
  say("");
  try {
    playOut(await api(`/api/${game}/games`, body));
    say("");
    fold(true);
    if ($("#summary").getBoundingClientRect().top < 0) $("#summary").scrollIntoView();
  } catch (err) { say(err.message); }
  document.activeElement.blur();  // space and Enter now play, not press "New game" again
});
$("#setup").addEventListener("change", seatsShown);
$("#summary").addEventListener("click", () => fold(!folded));
$("#choices").addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.id === "keep") act(pickedName(state));
  else act(button.id === "play-choice" ? $("#choice").value : button.dataset.action);
});
$("#dice").addEventListener("click", (event) => {
  const button = event.target.closest("button.pick");
  if (button && picking(state)) pick(Number(button.dataset.die));
});
$("#hint").addEventListener("click", hint);
$("#skip").addEventListener("click", skip);
document.addEventListener("keydown", (event) => {
  // Space or Enter plays the first choice (or the menu's); a choice's letter plays it; Escape
  // skips the computer's turns played out.
  if (replaying) {
    if (event.key === "Escape") skip();
    return;
  }
  if (!state || state.over || $("#board").hidden || ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  if (event.target.closest("#summary, #again")) return;  // these buttons take their own keys
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const menu = $("#choice");
  const key = event.key === "Enter" ? " " : event.key.toLowerCase();
  if (picking(state)) {  // a face's digit picks a die; space or Enter keeps them
    if (/^[1-9]$/.test(key)) pickFace(Number(key));
    else if (key === " " && !$("#keep").disabled) act(pickedName(state));
    else return;
    event.preventDefault();
  } else if (menu && key === " ") {
    event.preventDefault();
    act(menu.value);
  } else if (!menu) {
    const n = keys(state.choices).indexOf(key);
    if (n < 0) return;
    event.preventDefault();
    act(String(state.legal[n]));
  }
});
