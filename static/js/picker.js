// The pattern picker (§4.5): tick patterns by hand; the total and payoff follow at once.
// Its whole state lives in the URL fragment, e.g.
//   #p=4.2.3,1.2,3.1*2&win=discard&winner=E&discarder=S&chain=W,S&scheme=formal
// or #v=70&... for a typed value. Counting and payoff come from zj.js (mirrors the server).

import { impliedLabel, payoff, scoreHand } from "./zj.js";
import { $, $$, h } from "./dom.js";

const SEATS = ["E", "S", "W", "N"];
const SEAT_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const catalogue = JSON.parse(document.getElementById("zj-catalogue").textContent);
const byId = new Map(catalogue.patterns.map((p) => [p.id, p]));

const state = {
  patterns: new Map(), // id -> count, in tick order
  value: null, // a typed value instead of patterns
  win: "discard",
  winner: "E",
  discarder: "S",
  chain: [], // same_turn: seats who discarded the tile in this turn, discarder last
  scheme: "formal",
};
export const timings = [];
window.__pickerTimings = timings;

// ------------------------------------------------------------------ fragment

function readFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  state.patterns = new Map();
  state.value = null;
  const value = params.get("v");
  if (value !== null && /^\d+$/.test(value) && Number(value) >= 1) {
    state.value = Number(value);
  } else {
    for (const item of (params.get("p") || "").split(",").filter(Boolean)) {
      const [id, count = "1"] = item.split("*");
      if (byId.has(id) && /^\d+$/.test(count) && Number(count) > 0) {
        state.patterns.set(id, Math.min(Number(count), byId.get(id).max_count));
      }
    }
  }
  state.win = params.get("win") === "self" ? "self" : "discard";
  state.winner = SEATS.includes(params.get("winner")) ? params.get("winner") : "E";
  const discarder = params.get("discarder");
  state.discarder = SEATS.includes(discarder) && discarder !== state.winner
    ? discarder : nextSeat(state.winner);
  const chain = (params.get("chain") || "").split(",").filter((s) => SEATS.includes(s));
  state.chain = [...new Set(chain)];
  state.scheme = params.get("scheme") === "uniform" ? "uniform" : "formal";
}

function writeFragment() {
  const parts = [];
  if (state.value !== null) {
    parts.push(`v=${state.value}`);
  } else {
    const ordered = catalogue.patterns.filter((p) => state.patterns.has(p.id)).map((p) => {
      const count = state.patterns.get(p.id);
      return count > 1 ? `${p.id}*${count}` : p.id;
    });
    parts.push(`p=${ordered.join(",")}`);
  }
  parts.push(`win=${state.win}`, `winner=${state.winner}`);
  if (state.win === "discard") {
    parts.push(`discarder=${state.discarder}`);
    const chain = sameTurn();
    if (chain.length > 1) parts.push(`chain=${chain.join(",")}`);
  }
  parts.push(`scheme=${state.scheme}`);
  history.replaceState(null, "", `#${parts.join("&")}`);
}

function nextSeat(seat) {
  return SEATS[(SEATS.indexOf(seat) + 1) % 4];
}

// The same-turn list as sent to payoff(): earlier discarders in order, the discarder last.
function sameTurn() {
  return [...state.chain.filter((s) => s !== state.discarder), state.discarder];
}

// A ticked seat goes in play order: the turn starts with the winner's own discard (§2.3).
function playOrder(seats) {
  const order = [];
  for (let i = 0, seat = state.winner; i < 4; i += 1, seat = nextSeat(seat)) order.push(seat);
  return [...seats].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

// ------------------------------------------------------------------ actions

function notice(text) {
  $("[data-testid=picker-notice]").textContent = text;
}

// The hand's lines as they stand: ticked patterns and those a ticked one always brings.
function linesNow() {
  try {
    return new Map(scoreHand(catalogue, Object.fromEntries(state.patterns)).lines.map((l) => [l.id, l]));
  } catch {
    return new Map();
  }
}

// §2.4 3.2.1, 9.4.1 ...: an included pattern goes only with the pattern that brings it.
function includedNotice(line) {
  notice(`${line.name} is ${impliedLabel(catalogue, line)}; it goes when `
    + `${byId.get(line.implied_by).name} is unticked.`);
}

// Step a counted pattern (3.1) from the count the hand shows; the sets included with a
// ticked pattern stay (a step below them changes nothing and says why).
function step(id, by) {
  const before = linesNow().get(id)?.count || 0;
  const ticked = state.patterns.get(id) || 0;
  setCount(id, before + by);
  const after = linesNow().get(id);
  if (by < 0 && after?.implied_by && after.count >= before) {
    setCount(id, ticked);
    includedNotice(after);
  }
}

function toggle(id) {
  const pattern = byId.get(id);
  state.value = null;
  const line = linesNow().get(id);
  if (pattern.max_count > 1) {
    const count = line ? line.count : 0;
    setCount(id, count >= pattern.max_count ? 0 : count + 1);
    const after = linesNow().get(id);
    if (after?.implied_by) includedNotice(after);
    return;
  }
  if (line?.implied_by && !state.patterns.has(id)) {
    includedNotice(line);
    return;
  }
  if (state.patterns.has(id)) {
    state.patterns.delete(id);
    const still = linesNow().get(id);
    if (still?.implied_by) includedNotice(still); else notice("");
    return;
  }
  // §2.2: one pattern per series, so ticking a second one replaces the first.
  const rival = [...state.patterns.keys()].find((other) => other !== id
    && byId.get(other).series === pattern.series);
  if (rival) {
    state.patterns.delete(rival);
    notice(`${pattern.name} replaces ${byId.get(rival).name}: only one pattern of series `
      + `${pattern.series} counts (§2.2).`);
  } else {
    notice("");
  }
  state.patterns.set(id, 1);
}

function setCount(id, count) {
  const max = byId.get(id).max_count;
  const next = Math.max(0, Math.min(max, count));
  if (next) state.patterns.set(id, next); else state.patterns.delete(id);
  notice("");
}

// The recalculation a tap costs (count, payoff, redraw) is timed for `make bench`;
// writing the fragment follows it at once, in the same task.
function update(change) {
  const started = performance.now();
  change();
  render();
  timings.push(performance.now() - started);
  if (timings.length > 500) timings.shift();
  writeFragment();
}

// ------------------------------------------------------------------ rendering

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function list(element, issues, withAdd = false) {
  element.replaceChildren(...issues.map((issue) => {
    const li = h("li", { text: issue.message });
    if (withAdd && issue.add) {
      const name = byId.get(issue.add.pattern).name;
      li.append(" ", h("button", { type: "button", class: "button offer",
        text: issue.add.count > 1 ? `Count ${issue.add.count} × ${name}` : `Add ${name}`,
        dataset: { offer: `${issue.add.pattern}*${issue.add.count}` } }));
    }
    return li;
  }));
}

function render() {
  const patterns = Object.fromEntries(state.patterns);
  const hand = state.value === null ? scoreHand(catalogue, patterns)
    : { value: state.value, limit: null, lines: [], errors: [], warnings: [], offers: [] };
  const broken = hand.errors.length > 0;

  $("[data-testid=hand-total]").textContent = broken ? "—" : String(hand.value);
  // §2.2: with nothing ticked (and no typed value) the hand is a Chicken Hand; say so.
  $("[data-chicken-note]").hidden = !hand.lines.some((line) => line.id === catalogue.rules.chicken.id);
  const limit = $("[data-testid=hand-limit]");
  limit.hidden = !hand.limit || broken;
  limit.textContent = hand.limit === "listed" ? "listed limit" : hand.limit === "compound" ? "compound limit (320)" : "";
  list($("[data-testid=hand-errors]"), hand.errors);
  list($("[data-testid=hand-warnings]"), hand.warnings);
  list($("[data-testid=hand-offers]"), hand.offers, true);
  const included = hand.lines.filter((line) => line.implied_by);
  $("[data-testid=hand-included]").replaceChildren(...included.map((line) => {
    return h("li", { dataset: { includedLine: line.id },
      text: `+${line.points} ${line.count > 1 ? `${line.name} × ${line.count}` : line.name}: `
        + `${impliedLabel(catalogue, line)}${line.is_counted ? "" : " (not counted under the listed limit)"}` });
  }));
  $("[data-tally]").classList.toggle("is-broken", broken);

  const lines = new Map(hand.lines.map((line) => [line.id, line]));
  for (const button of $$("button[data-pattern]")) {
    const id = button.dataset.pattern;
    const line = lines.get(id);
    const count = line ? line.count : 0;
    button.setAttribute("aria-pressed", String(count > 0));
    // An included pattern counts like a ticked one and says which pattern brings it.
    const by = line?.implied_by || "";
    button.classList.toggle("is-included", Boolean(by));
    if (by) button.dataset.impliedBy = by; else delete button.dataset.impliedBy;
    const note = $("[data-included]", button);
    note.hidden = !by;
    note.textContent = by ? impliedLabel(catalogue, line) : "";
    if (button.dataset.count !== undefined) {
      button.dataset.count = String(count);
      $("[data-count-label]", button).textContent = String(count);
    }
  }
  $("[data-value-input]").value = state.value === null ? "" : String(state.value);

  for (const input of $$("input[name=win]")) input.checked = input.value === state.win;
  for (const input of $$("input[name=winner]")) input.checked = input.value === state.winner;
  for (const input of $$("input[name=discarder]")) {
    input.checked = input.value === state.discarder;
    input.disabled = input.value === state.winner;
  }
  for (const input of $$("input[name=chain]")) {
    input.checked = state.chain.includes(input.value) && input.value !== state.discarder;
    input.disabled = input.value === state.discarder;
  }
  for (const input of $$("input[name=scheme]")) input.checked = input.value === state.scheme;
  for (const block of $$("[data-discard-only]")) block.hidden = state.win !== "discard";

  const who = $("[data-testid=payoff-responsible]");
  if (broken) {
    for (const seat of SEATS) $(`[data-testid=payoff-${seat}]`).textContent = "—";
    who.textContent = "Fix the errors above to see the payoff.";
  } else {
    const request = { value: hand.value, win: state.win, winner: state.winner, scheme: state.scheme };
    if (state.win === "discard") Object.assign(request, { discarder: state.discarder, same_turn: sameTurn() });
    const result = payoff(request);
    for (const seat of SEATS) $(`[data-testid=payoff-${seat}]`).textContent = signed(result.deltas[seat]);
    who.textContent = state.win === "self" ? "Self-draw: the three others pay the value each."
      : result.responsible ? `${SEAT_NAMES[result.responsible]} is responsible and pays the balance.`
        : hand.value <= catalogue.rules.payoff.threshold ? "25 points or less: the three others pay alike."
          : "Nobody is responsible (the winner had discarded this tile): the three others pay alike.";
  }

  $("[data-table-total]").textContent = broken ? "—" : String(hand.value);
  const shown = state.value !== null ? [{ text: `Value ${state.value}` }]
    : hand.lines.filter((l) => l.is_counted).map((l) => ({
      text: l.count > 1 ? `${l.name} × ${l.count}` : l.name,
      included: l.implied_by ? `with ${byId.get(l.implied_by).name}` : "",
    }));
  $("[data-table-patterns]").replaceChildren(...shown.map(({ text, included }) => (included
    ? h("li", { class: "is-included", text }, h("small", { text: `included ${included}` }))
    : h("li", { text }))));
}

// ------------------------------------------------------------------ table view

let wakeLock = null;

async function showTable() {
  const dialog = $("[data-table-view]");
  dialog.showModal();
  try {
    if ("wakeLock" in navigator) wakeLock = await navigator.wakeLock.request("screen");
  } catch {
    wakeLock = null; // refused (battery saver, not visible): the view still works
  }
}

function closeTable() {
  $("[data-table-view]").close();
  wakeLock?.release().catch(() => {});
  wakeLock = null;
}

// ------------------------------------------------------------------ wiring

document.addEventListener("click", (event) => {
  const stepButton = event.target.closest("[data-step]");
  if (stepButton) {
    const id = stepButton.dataset.stepFor;
    update(() => { state.value = null; step(id, Number(stepButton.dataset.step)); });
    return;
  }
  const pattern = event.target.closest("button[data-pattern]");
  if (pattern) { update(() => toggle(pattern.dataset.pattern)); return; }
  const offer = event.target.closest("[data-offer]");
  if (offer) {
    const [id, count] = offer.dataset.offer.split("*");
    update(() => { state.value = null; setCount(id, Math.max(Number(count), state.patterns.get(id) || 0)); });
    return;
  }
  if (event.target.closest("[data-clear]")) { update(() => { state.patterns.clear(); state.value = null; notice(""); }); return; }
  if (event.target.closest("[data-show-table]")) { showTable(); return; }
  if (event.target.closest("[data-close-table]")) closeTable();
});

document.addEventListener("change", (event) => {
  const input = event.target;
  if (input.matches("[data-value-input]")) {
    const value = Number(input.value);
    update(() => {
      if (Number.isInteger(value) && value >= 1) { state.value = Math.min(value, 480); state.patterns.clear(); }
      else state.value = null;
    });
    return;
  }
  if (!input.name) return;
  update(() => {
    if (input.name === "win") state.win = input.value;
    if (input.name === "winner") {
      state.winner = input.value;
      if (state.discarder === state.winner) state.discarder = nextSeat(state.winner);
    }
    if (input.name === "discarder") state.discarder = input.value;
    if (input.name === "chain") {
      state.chain = state.chain.filter((s) => s !== input.value);
      if (input.checked) state.chain = playOrder([...state.chain, input.value]);
    }
    if (input.name === "scheme") state.scheme = input.value;
  });
});

$("[data-table-view]").addEventListener("close", () => { wakeLock?.release().catch(() => {}); wakeLock = null; });
addEventListener("hashchange", () => { readFragment(location.hash); render(); });

readFragment(location.hash);
render();
if (location.hash) writeFragment();
document.documentElement.dataset.pickerReady = "true";
