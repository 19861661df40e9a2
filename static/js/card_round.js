// The round form: one round's line typed, or taken from the hand picker. "Use the picker"
// opens the ruleset's picker (can.picker) in a sheet on this page (same origin, works
// offline) and reads its fragment; a picker link can also be pasted, or arrive in this
// page's fragment. The deltas are worked out with the ruleset's scoring mirror (can.mirror),
// the same code the server runs; the notes under them are the ruleset's words.

import { dismiss } from "./outbox.js";
import { $, $$, h, signed, t } from "./dom.js";
import { mirror, payoff } from "./rulesets.js";
import {
  WINDS, baseRevision, byWind, canEdit, card, catalogue, cardId, cardWords, dealtWinds, describe,
  fragment, hooks, isJudge, latestFor, name, playerToken, rules, say, setCatalogue, signClass, windAbbr,
  windOf, write,
} from "./card_state.js";

const dialog = $("[data-round-dialog]");
const roundForm = $("[data-round-form]");
const pickerDialog = $("[data-picker-dialog]");
// The picker's frame is made when the picker is first opened: an empty frame in the page
// would cost a phone a layout before the page's stylesheets have come (issue 31).
let frame = null;
let entry = null; // the round being edited: {round, result, winner, win, discarder, chain, value, patterns, correction}
let scoring = null; // the card's ruleset's scoring mirror, once loaded
let loading = null;

/** Load the card's ruleset's scoring mirror, once (the card must be there). */
export function loadScoring() {
  if (!card?.rules) return Promise.resolve(null); // a copy kept from before: the next poll brings them
  loading ||= mirror(card.rules).then((module) => {
    scoring = module;
    if (entry && dialog.open) paintForm();
  });
  return loading;
}

function seatOrder(r) {
  const players = byWind(r);
  return WINDS.map((w) => players[w]);
}

// The turn starts with the winner's own discard: earlier discarders go in that order.
function playOrder(r, players) {
  const start = WINDS.indexOf(windOf(r, entry.winner));
  const rank = (p) => (WINDS.indexOf(windOf(r, p)) - start + 4) % 4;
  return [...players].sort((a, b) => rank(a) - rank(b));
}

function choices(r, field, type) {
  return seatOrder(r).map((player) => h("label", {},
    h("input", { type, name: field, value: player }), windAbbr(windOf(r, player)), ` ${name(player)}`));
}

export function openRound(roundNo, prefill = null, replaces = null) {
  const r = card.rounds[roundNo - 1];
  if (!r || !canEdit(r)) return;
  const waiting = latestFor(roundNo);
  // A new line starts with nothing chosen: a winner or a kind of win chosen for the judge is
  // a win nobody had. A correction starts from the line it corrects.
  const source = prefill || waiting?.body || (r.recorded ? r : null);
  entry = {
    round: roundNo,
    result: source?.result === "draw" || source?.result === "win" ? source.result : null,
    winner: source?.winner ?? null,
    win: source?.win === "self" || source?.win === "discard" ? source.win : null,
    discarder: source?.discarder ?? null,
    chain: (source?.same_turn || []).filter((p) => p !== source?.discarder),
    claimants: [],
    value: source?.value ?? null,
    patterns: source?.patterns && Object.keys(source.patterns).length ? { ...source.patterns } : null,
    correction: Boolean(r.recorded || (waiting && waiting.state === "pending")),
    replaces, // a refused write this one stands in for: let go of it once this one is queued
    // the wrong East who dealt, or the skipped East whose compensation round it is
    dealer: (source && ("wrong_dealer" in source ? source.wrong_dealer : source.dealer)) ?? null,
    compensation: source?.compensation_for ?? null,
  };
  if (entry.discarder === entry.winner) entry.discarder = null;
  $("[data-round-title]").textContent = say(entry.correction ? "js.card.round_title_correction" : "js.card.round_title", { round: roundNo });
  paintDeal(r);
  paintSeats();
  const note = $("[data-correction-note]");
  note.hidden = !entry.correction;
  note.textContent = r.recorded
    ? say("js.card.correction_recorded", { round: roundNo, line: describe(r) })
    : say("js.card.correction_waiting");
  $("[data-reason-field]").hidden = !entry.correction;
  roundForm.reason.value = "";
  roundForm.picker_link.value = "";
  $("[data-form-error]", roundForm).textContent = "";
  $("[data-chain]").open = entry.chain.length > 0;
  paintForm();
  hooks.openFouls(roundNo);
  if (!dialog.open) dialog.showModal();
}

// The fouls on this form (card_fouls.js) take the player just ticked as the winner, and a
// player whose foul takes the right to win is no longer ticked as the winner.
hooks.chosenPlayer = () => entry?.winner ?? null;
hooks.foulRecorded = (player) => {
  if (entry && entry.winner === player) {
    entry.winner = null;
    paintForm();
  }
  hooks.refresh();
};

// The round being edited, with the winds of whoever the form says dealt it.
function currentRound() {
  const r = card.rounds[entry.round - 1];
  const dealer = entry.dealer ?? entry.compensation ?? r.scheduled_dealer ?? r.dealer;
  return dealer === r.dealer ? r : { ...r, dealer, winds: dealtWinds(r, dealer) };
}

// The players to choose from, labelled with the winds of the round as it was dealt.
function paintSeats() {
  const r = currentRound();
  $("[data-round-seats]").replaceChildren(`${cardWords().cycles[r.cycle - 1]} · ` + t("dealer") + " ", windAbbr("E"), ` ${name(r.dealer)}`);
  for (const field of ["winner", "discarder"]) $(`[data-player-choices=${field}]`).replaceChildren(...choices(r, field, "radio"));
  $("[data-player-choices=chain]").replaceChildren(...choices(r, "chain", "checkbox"));
  $("[data-player-choices=claimants]").replaceChildren(...choices(r, "claimants", "checkbox"));
}

// Who dealt: the rotation's East, a wrong East, or a skipped East's compensation round.
function paintDeal(r) {
  const scheduled = r.scheduled_dealer ?? r.dealer;
  const atTable = Object.keys(r.winds).map(Number);
  const owed = Object.entries(card.deal_owed || {})
    .filter(([player, rounds]) => rounds.some((n) => n < r.round) && atTable.includes(Number(player)))
    .map(([player]) => Number(player));
  if (entry.compensation && !owed.includes(entry.compensation)) owed.push(entry.compensation);
  const option = (value, text, selected) => h("option", { value, selected, text });
  const options = [option("", t("{name}, as the rotation says", { name: name(scheduled) }), !entry.dealer && !entry.compensation)];
  for (const player of atTable.filter((p) => p !== scheduled)) {
    options.push(option(`wrong:${player}`, t("{name}, the wrong East", { name: name(player) }), entry.dealer === player));
  }
  for (const player of owed.filter((p) => p !== scheduled)) {
    options.push(option(`comp:${player}`, say("js.card.deal_compensation_option", { name: name(player) }), entry.compensation === player));
  }
  // a list, not radio buttons: the form chooses nothing for the judge but this default
  roundForm.elements.deal.replaceChildren(...options);
  $("[data-deal]").open = Boolean(entry.dealer || entry.compensation);
  $("[data-deal]").hidden = !isJudge || !rules().can.deal_mark; // the app leaves deal marks to a judge
}

function paintForm() {
  const r = currentRound();
  for (const input of $$("input[name=result]", roundForm)) input.checked = input.value === entry.result;
  for (const input of $$("input[name=win]", roundForm)) input.checked = input.value === entry.win;
  // a player who lost the right to win this round or hand is not offered as its winner
  const barred = new Map((card.no_win?.[String(entry.round)] || []).map((x) => [x.player, x.note]));
  for (const input of $$("input[name=winner]", roundForm)) {
    input.checked = Number(input.value) === entry.winner;
    input.disabled = barred.has(Number(input.value));
    input.closest("label").hidden = input.disabled && !input.checked;
  }
  const noWin = $("[data-no-win-note]", roundForm);
  noWin.hidden = barred.size === 0;
  noWin.textContent = [...barred].map(([player, note]) => `${name(player)}: ${note}`).join(" ");
  // several Hu on one discard, where the ruleset orders them: the server names the winner
  $("[data-claimants]", roundForm).hidden = !card.several_hu || entry.win !== "discard";
  if (card.claimants_label) $("[data-claimants-label]", roundForm).textContent = card.claimants_label;
  for (const input of $$("input[name=claimants]", roundForm)) {
    input.checked = entry.claimants.includes(Number(input.value));
    input.disabled = Number(input.value) === entry.discarder || Number(input.value) === entry.winner;
  }
  for (const input of $$("input[name=discarder]", roundForm)) {
    input.checked = Number(input.value) === entry.discarder;
    input.disabled = Number(input.value) === entry.winner;
  }
  for (const input of $$("input[name=chain]", roundForm)) {
    input.checked = entry.chain.includes(Number(input.value));
    input.disabled = Number(input.value) === entry.discarder;
  }
  // the winner's choices show until the round is called a draw: choosing a winner says "win"
  $("[data-win-only]", roundForm).hidden = entry.result === "draw";
  $("[data-field=discarder] legend", roundForm).textContent = entry.winner === null
    ? t("Discarded the winning tile") : t("Discarded the winning tile (not {name})", { name: name(entry.winner) });
  for (const block of $$("[data-discard-only]", roundForm)) block.hidden = entry.win !== "discard";
  // who discarded shows until the win is called self-drawn: choosing them says "on a discard"
  $("[data-field=discarder]", roundForm).hidden = entry.win === "self";
  $("[data-chain]").hidden ||= !rules().can.same_turn_chain; // else only the discarder pays the value
  if (document.activeElement !== roundForm.elements.value) roundForm.elements.value.value = entry.value ?? "";
  const patternsLine = $("[data-patterns-line]");
  patternsLine.hidden = !entry.patterns;
  if (entry.patterns) {
    patternsLine.replaceChildren(t("From the picker: {patterns} = {value}.", { patterns: patternNames(entry.patterns), value: entry.value }) + " ",
      h("button", { type: "button", class: "linkish", "data-clear-patterns": true, text: t("Type a value instead") }));
  }
  const order = entry.chain.length && entry.discarder !== null ? [...playOrder(r, entry.chain), entry.discarder] : [];
  $("[data-chain-order]").textContent = order.length ? t("In this turn: {order}", { order: order.map(name).join(" → ") }) : "";
  renderPreview();
}

function patternNames(patterns) {
  const names = new Map((catalogue?.patterns || catalogue?.fans || []).map((p) => [p.id, p.name]));
  const included = t("included");
  const plain = () => Object.entries(patterns).map(([id, n]) => `${names.get(id) || id}${n > 1 ? ` × ${n}` : ""}`).join(", ");
  if (!catalogue) return plain();
  try {
    // With the patterns the ticked ones are always scored with, marked as included.
    return scoring.scoreHand(catalogue, patterns).lines.map((l) => `${l.name}${l.count > 1 ? ` × ${l.count}` : ""}`
      + `${l.implied_by ? `, ${scoring.impliedLabel ? scoring.impliedLabel(catalogue, l) : included}` : ""}`).join("; ");
  } catch {
    return plain();
  }
}

// The highest hand value the server takes: the value field carries it.
function maxValue() {
  return Number(roundForm.elements.value.max) || Infinity;
}

function isValueOk() {
  return Number.isInteger(entry.value) && entry.value >= 1 && entry.value <= maxValue();
}

/** Say what the round still lacks before it can be saved, or "" when it is complete. */
function missing() {
  if (entry.result === null) return t("Choose the result: a win or a draw.");
  if (entry.result === "win") {
    if (entry.winner === null) return t("Choose the winner.");
    if (entry.win === null) return t("Choose how they won: on a discard or self-drawn.");
    if (entry.win === "discard" && (entry.discarder === null || entry.discarder === entry.winner)) {
      return t("Choose who discarded the winning tile.");
    }
    if (!isValueOk()) return t("Type the hand value (1 to {max}), or use the picker.", { max: maxValue() });
  }
  if (entry.correction && !roundForm.reason.value.trim()) return t("Give the reason for the correction.");
  return "";
}

function paintSave() {
  const hint = missing();
  $("[data-save-hint]", roundForm).textContent = hint;
  $("[data-save-round]", roundForm).disabled = Boolean(hint);
}

// The four deltas, worked out here with the same payoff code the server runs (the ruleset's mirror).
function computeDeltas() {
  const r = currentRound();
  if (entry.result === "draw") {
    // a draw: nobody scores
    return { deltas: Object.fromEntries(card.players.map((p) => [String(p.number), 0])), responsible: null };
  }
  if (entry.result !== "win" || entry.winner === null || entry.win === null || !isValueOk()) return null;
  if (entry.win === "discard" && (entry.discarder === null || entry.discarder === entry.winner)) return null;
  // a ruleset with no mirror (can.mirror null): the value is typed and the server works out
  // the deltas when the round is saved
  if (!rules().can.mirror) return { deltas: null, responsible: null };
  const request = { value: entry.value, win: entry.win, winner: windOf(r, entry.winner), scheme: card.scheme };
  if (entry.win === "discard") {
    request.discarder = windOf(r, entry.discarder);
    request.same_turn = [...playOrder(r, entry.chain), entry.discarder].map((p) => windOf(r, p));
  }
  if (!scoring) throw new Error(say("js.card.no_scoring"));
  // the value below the ruleset's least: the ruleset's sentence, in the page's language
  const minimum = scoring.PAYOFF.minimum ?? 1;
  if (entry.value < minimum) throw new Error(say("js.payoff.value_minimum", { minimum }));
  const result = payoff(scoring, request);
  const players = byWind(r);
  return {
    deltas: Object.fromEntries(WINDS.map((w) => [String(players[w]), result.deltas[w]])),
    responsible: result.responsible ? players[result.responsible] : null,
  };
}

function renderPreview() {
  const r = currentRound();
  const preview = $("[data-preview]");
  const note = $("[data-preview-note]");
  note.textContent = "";
  let result = null;
  try {
    result = computeDeltas();
  } catch (error) {
    note.textContent = error.message;
  }
  preview.replaceChildren(...seatOrder(r).map((p) => {
    const value = result?.deltas ? result.deltas[String(p)] : null;
    return h("div", { class: "preview-cell", "data-testid": `preview-${p}` },
      h("span", {}, windAbbr(windOf(r, p)), ` ${name(p)}`),
      h("output", { class: value === null ? "" : signClass(value).trim(), "data-value": value ?? "", text: value === null ? "—" : signed(value) }));
  }));
  paintSave();
  if (!result) {
    if (!note.textContent) note.textContent = say("js.card.preview_wait");
    return null;
  }
  note.textContent = payoffNote(result);
  return result;
}

// What the preview says about who pays, in the ruleset's words.
function payoffNote(result) {
  if (entry.result === "draw") return say("js.payoff.draw");
  if (!result.deltas) return say("js.card.server_scores");
  if (card.scheme === "uniform") return say("js.payoff.uniform");
  if (entry.win === "self") return say("js.payoff.self_draw");
  if (result.responsible) return say("js.payoff.responsible", { name: name(result.responsible) });
  return entry.value <= (scoring.PAYOFF.threshold ?? 0) ? say("js.payoff.shared_small", { threshold: scoring.PAYOFF.threshold })
    : say("js.payoff.shared_immune");
}

roundForm.addEventListener("change", (event) => {
  const input = event.target;
  if (input.name === "result") entry.result = input.value;
  if (input.name === "win") {
    entry.win = input.value;
    entry.result = "win";
  }
  if (input.name === "winner") {
    entry.winner = Number(input.value);
    entry.result = "win";
    if (entry.discarder === entry.winner) entry.discarder = null; // never guess who discarded
    entry.chain = entry.chain.filter((p) => p !== entry.discarder);
  }
  if (input.name === "discarder") {
    entry.discarder = Number(input.value);
    entry.result = "win";
    entry.win = "discard";
    entry.chain = entry.chain.filter((p) => p !== entry.discarder);
  }
  if (input.name === "claimants") {
    const player = Number(input.value);
    entry.claimants = entry.claimants.filter((p) => p !== player);
    if (input.checked) entry.claimants.push(player);
  }
  if (input.name === "chain") {
    const player = Number(input.value);
    entry.chain = entry.chain.filter((p) => p !== player);
    if (input.checked) entry.chain.push(player);
  }
  if (input.name === "value") readValue();
  if (input.name === "picker_link") return;
  if (input.name === "deal") {
    const [kind, player] = input.value.split(":");
    entry.dealer = kind === "wrong" ? Number(player) : null;
    entry.compensation = kind === "comp" ? Number(player) : null;
    paintSeats();
  }
  paintForm();
  if (["winner", "win", "discarder"].includes(input.name)) focusValue();
});

// Once the win needs only its value, the value field takes the typing (no extra tap).
function focusValue() {
  const ready = entry.result === "win" && entry.winner !== null && entry.win !== null
    && (entry.win === "self" || entry.discarder !== null);
  if (ready && entry.value === null && !entry.patterns) roundForm.elements.value.focus({ preventScroll: false });
}

roundForm.addEventListener("input", (event) => {
  if (event.target.name === "value") {
    readValue();
    $("[data-patterns-line]").hidden = true;
    renderPreview();
  }
  if (event.target.name === "reason") paintSave();
});

function readValue() {
  const text = roundForm.elements.value.value.trim();
  entry.value = /^\d+$/.test(text) ? Number(text) : null;
  entry.patterns = null; // a typed value stands on its own
}

roundForm.addEventListener("submit", (event) => {
  event.preventDefault();
  saveRound();
});

function saveRound() {
  const error = $("[data-form-error]", roundForm);
  const reason = roundForm.reason.value.trim();
  let result = null;
  try {
    result = computeDeltas();
  } catch (problem) {
    error.textContent = problem.message;
    return;
  }
  error.textContent = missing() || (!result ? say("js.card.cannot_score") : "");
  if (error.textContent) return;
  const r = currentRound();
  const body = { round: entry.round, result: entry.result };
  if (entry.result === "win") {
    Object.assign(body, { winner: entry.winner, value: entry.value, win: entry.win });
    if (entry.win === "discard") {
      body.discarder = entry.discarder;
      if (entry.chain.length) body.same_turn = [...playOrder(r, entry.chain), entry.discarder];
      const others = entry.claimants.filter((p) => p !== entry.winner && p !== entry.discarder);
      if (card.several_hu && others.length) body.claimants = [entry.winner, ...others];
    }
    if (entry.patterns) body.patterns = entry.patterns;
  }
  if (entry.dealer) body.dealer = entry.dealer;
  if (entry.compensation) body.compensation_for = entry.compensation;
  if (entry.correction) Object.assign(body, { correction: true, reason, base_revision: baseRevision(entry.round) });
  const label = say(entry.correction ? "js.card.round_label_correction" : "js.card.round_label", { round: entry.round, line: describe(body) });
  write("/rounds", body, label, { kind: "round", round: entry.round, deltas: result.deltas,
    responsible: result.responsible, correction: entry.correction });
  if (entry.replaces) dismiss(entry.replaces);
  dialog.close();
}

for (const button of $$("[data-close-dialog]")) {
  button.addEventListener("click", () => button.closest("dialog").close());
}

dialog.addEventListener("click", (event) => {
  if (event.target.closest("[data-clear-patterns]")) {
    entry.patterns = null;
    roundForm.elements.value.focus();
    paintForm();
  }
  if (event.target.closest("[data-open-picker]")) openPicker();
  if (event.target.closest("[data-use-link]")) useLink();
});

// ------------------------------------------------------------------ the picker

export async function loadCatalogue() {
  if (catalogue) return catalogue;
  const embedded = frame?.contentDocument?.querySelector("[data-picker-catalogue]");
  if (embedded) {
    setCatalogue(JSON.parse(embedded.textContent));
    return catalogue;
  }
  if (!rules().code) throw new Error(t("The card has not arrived yet."));
  // in the page's language: the hand's names and the counting rules' words as the page says them
  const response = await fetch(`/api/${rules().code}/catalogue`,
    { headers: { "Accept-Language": document.documentElement.lang } });
  if (!response.ok) throw new Error(t("The catalogue did not come ({status}).", { status: response.status }));
  setCatalogue(await response.json());
  return catalogue;
}

// The picker's fragment for the hand in the form, in the mirror's own terms (FRAGMENT): the
// ticks (p= or f=), flower tiles apart where the ruleset counts them, or a typed value.
function pickerFragment() {
  const r = currentRound();
  const { ticks, typed, flower } = scoring.FRAGMENT;
  const flowers = rules().can.flowers && scoring.FRAGMENT.flowers; // flower tiles counted apart
  const parts = [];
  if (entry.patterns) {
    const listed = Object.entries(entry.patterns).filter(([id]) => id !== flower);
    if (listed.length) parts.push(`${ticks}=${listed.map(([id, n]) => (n > 1 ? `${id}*${n}` : id)).join(",")}`);
    if (flowers && entry.patterns[flower]) parts.push(`${flowers}=${entry.patterns[flower]}`);
  } else if (entry.value && typed) parts.push(`${typed}=${entry.value}`);
  if (entry.win) parts.push(`win=${entry.win}`);
  if (entry.winner !== null) parts.push(`winner=${windOf(r, entry.winner)}`);
  if (entry.win === "discard" && entry.discarder !== null) {
    parts.push(`discarder=${windOf(r, entry.discarder)}`);
    if (entry.chain.length) parts.push(`chain=${[...playOrder(r, entry.chain), entry.discarder].map((p) => windOf(r, p)).join(",")}`);
  }
  if (scoring.REQUEST_KEYS.includes("scheme")) parts.push(`scheme=${card.scheme}`);
  return parts.join("&");
}

function openPicker() {
  if (!frame) {
    frame = h("iframe", { title: pickerDialog.getAttribute("aria-label"), dataset: { pickerFrame: "" } });
    frame.addEventListener("load", embed);
    pickerDialog.append(frame);
  }
  frame.src = `${rules().can.picker}#${pickerFragment()}`;
  pickerDialog.showModal();
}

// Inside the sheet the picker needs no site header; card.css knows the embedded layout.
function embed() {
  const doc = frame.contentDocument;
  if (!doc || doc.documentElement.classList.contains("is-embedded")) return;
  doc.documentElement.classList.add("is-embedded");
  // the page carries its stylesheet inline, allowed by its hash on the picker's page too
  const sheet = document.querySelector("style[data-stylesheet='css/card.css']");
  if (sheet) doc.head.append(doc.importNode(sheet, true));
}

$("[data-use-hand]").addEventListener("click", async () => {
  const hash = frame?.contentWindow?.location.hash || "";
  await loadCatalogue();
  const problem = applyPicker(new URLSearchParams(hash.slice(1)), { onlyChosen: true });
  pickerDialog.close();
  $("[data-form-error]", roundForm).textContent = problem || "";
  paintForm();
});

async function useLink() {
  const link = roundForm.picker_link.value.trim();
  const hash = link.includes("#") ? link.slice(link.indexOf("#") + 1) : link;
  await loadCatalogue().catch(() => null);
  const problem = applyPicker(new URLSearchParams(hash));
  $("[data-form-error]", roundForm).textContent = problem || "";
  paintForm();
}

/**
 * Fill the round form from picker parameters (seat winds are this round's); return a problem
 * or null. onlyChosen: the picker sheet always names a winner (its own default, East), so
 * from it take the hand, and only the choices the judge had already made in this form.
 */
function applyPicker(params, { onlyChosen = false } = {}) {
  const r = currentRound();
  const players = byWind(r);
  const seat = (wind) => (WINDS.includes(wind) ? players[wind] : null);
  const take = (field, value) => (value === null || value === undefined || (onlyChosen && entry[field] === null)
    ? entry[field] : value);
  entry.result = "win";
  const win = params.get("win");
  entry.win = take("win", win === "self" || win === "discard" ? win : null);
  entry.winner = take("winner", seat(params.get("winner")));
  entry.discarder = take("discarder", seat(params.get("discarder")));
  if (entry.discarder === entry.winner) entry.discarder = null;
  if (!onlyChosen || entry.discarder !== null) {
    entry.chain = (params.get("chain") || "").split(",").map(seat)
      .filter((p) => p !== null && p !== undefined && p !== entry.discarder);
  }
  const typed = params.get("v");
  if (typed !== null) {
    entry.value = /^\d+$/.test(typed) ? Number(typed) : null;
    entry.patterns = null;
    return entry.value ? null : t("The picker link has no usable value.");
  }
  const patterns = {};
  const { ticks, flower } = scoring.FRAGMENT;
  const flowers = rules().can.flowers && scoring.FRAGMENT.flowers;
  for (const part of (params.get(ticks) || "").split(",").filter(Boolean)) {
    const [id, count = "1"] = part.split("*");
    patterns[id] = Number(count);
  }
  const flowerCount = flowers ? Number(params.get(flowers) || 0) : 0;
  if (flowerCount) patterns[flower] = flowerCount;
  if (!catalogue) return say("js.card.catalogue_offline");
  try {
    const hand = scoring.scoreHand(catalogue, patterns);
    if (hand.errors.length) {
      // A refused hand leaves no value behind that Save could send.
      entry.value = null;
      entry.patterns = null;
      return say("js.card.picker_refused", { problems: hand.errors.map((e) => e.message).join(" ") });
    }
    entry.value = hand.value;
    entry.patterns = Object.keys(patterns).length ? patterns : null;
  } catch (error) {
    return error.message;
  }
  return null;
}

/** Open the form of the first round not yet recorded nor waiting to be sent; false if none. */
export function openNext() {
  const next = card.rounds.find((r) => !r.recorded && r.result !== "not_played" && !latestFor(r.round) && canEdit(r));
  if (next) openRound(next.round);
  return Boolean(next);
}

// A picker link in this page's own fragment opens that round's form, filled in; "#next" (the
// judge home's one tap) opens the next round to record.
export async function openFromFragment() {
  if (fragment.has("next")) {
    const keep = playerToken ? `#player=${encodeURIComponent(playerToken)}` : "";
    history.replaceState(null, "", location.pathname + location.search + keep);
    openNext();
    return;
  }
  const roundNo = Number(fragment.get("round"));
  if (!roundNo || (fragment.get("card") && Number(fragment.get("card")) !== cardId)) return;
  const r = card.rounds[roundNo - 1];
  if (!r || !canEdit(r)) return;
  openRound(roundNo);
  await loadCatalogue().catch(() => null);
  const problem = applyPicker(fragment);
  $("[data-form-error]", roundForm).textContent = problem || "";
  paintForm();
  const keep = playerToken ? `#player=${encodeURIComponent(playerToken)}` : "";
  history.replaceState(null, "", location.pathname + location.search + keep);
}
