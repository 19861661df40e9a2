// The paper card form: a judge copies a whole signed paper scoring card after an outage.
//
// One line per round (winner or Draw, how, discarder, value), the deltas and running totals
// worked out here with the same payoff code the server runs (the ruleset's mirror), new penalty lines,
// and a "signed" tick per player. Rounds already on the live card arrive filled in; a line
// that differs from the recorded one shows both and asks which one counts. Saving sends the
// whole card as one write through the outbox (one op_id), so a flaky network never loses a
// typed card; until it is sent, what is typed is also kept on this phone as a draft.
// POST /api/cards/<id>/paper applies all of it, or nothing and says what is wrong per row.

import { dismiss, enqueue, errorWords, items, mountPending, subscribe } from "./outbox.js";
import { mirror, payoff, ruleset } from "./rulesets.js";
import { $, $$, h, signed, t, tc, venueTime } from "./dom.js";

const WINDS = ["E", "S", "W", "N"];

const page = JSON.parse(document.getElementById("paper-page").textContent);
const names = page.short_names;
const form = $("[data-paper-form]");
const roundList = $("[data-paper-rounds]");
const penaltyList = $("[data-paper-penalties]");
const message = $("[data-paper-message]");
const saveButton = $("[data-save-paper]");

let card = page.card;
// The card's ruleset: its words, and its scoring mirror for the deltas (./rulesets.js).
const rules = ruleset(card.rules);
const scoring = await mirror(card.rules);
const cardId = card.id;
const ROUNDS = card.rounds.length; // the ruleset's session: its number of rounds (hands)
const players = card.players.map((p) => p.number);
const draftKey = `judgeaid-paper-draft:${cardId}`;

// What the judge typed, per round: {winner: "" | "draw" | number, win, discarder, value}.
let rows = {};
let penalties = [];
let choices = {}; // round -> "keep" | "paper"
let serverRecorded = {}; // round -> the recorded line the server showed in a conflict
let sending = null; // the op_id of the paper card on its way

// ------------------------------------------------------------------ helpers

function name(number) {
  return names[number] ?? `#${number}`;
}

function who(label) {
  return String(label || "").split(/:(.*)/s)[1] ?? label;
}

function windsOf(number) {
  return card.rounds[number - 1].winds; // {"player": wind}
}

function describe(line) {
  if (line.result === "draw") return t("Draw");
  if (line.win === "self") return t("{winner} won {value} · self-draw", { winner: name(line.winner), value: line.value });
  return t("{winner} won {value} on {discarder}’s discard", { winner: name(line.winner), value: line.value, discarder: name(line.discarder) });
}

function blankRow() {
  return { winner: "", win: "discard", discarder: "", value: "" };
}

function recordedLine(number) {
  if (serverRecorded[number]) return serverRecorded[number];
  const r = card.rounds[number - 1];
  return r.recorded ? r : null;
}

function rowFromLine(line) {
  if (line.result === "draw") return { ...blankRow(), winner: "draw" };
  return { winner: line.winner, win: line.win, discarder: line.discarder ?? "", value: String(line.value) };
}

function prefill() {
  rows = {};
  for (const r of card.rounds) rows[r.round] = r.recorded ? rowFromLine(r) : blankRow();
}

// ------------------------------------------------------------------ one round's line

/** Return the round's line as the API takes it, or null when the row is blank. */
function lineOf(number) {
  const row = rows[number];
  if (row.winner === "") return null;
  if (row.winner === "draw") return { round: number, result: "draw" };
  const line = { round: number, result: "win", winner: Number(row.winner), win: row.win };
  if (row.value !== "") line.value = Number(row.value);
  if (row.win === "discard" && row.discarder !== "") line.discarder = Number(row.discarder);
  // A same-turn chain recorded on the live card stays with the same winner and discarder.
  const recorded = recordedLine(number);
  if (recorded?.same_turn?.length && recorded.winner === line.winner && line.win === "discard"
      && recorded.discarder === line.discarder) line.same_turn = recorded.same_turn;
  return line;
}

/** Return {player: delta} for a line, or null when it cannot be worked out yet. */
function deltasOf(number, line) {
  if (!line) return null;
  if (line.result === "draw") return Object.fromEntries(players.map((p) => [p, 0]));
  const winds = windsOf(number);
  if (!Number.isInteger(line.value) || line.value < 1 || line.value > 480) return null;
  if (!(String(line.winner) in winds)) return null;
  const request = { value: line.value, win: line.win, winner: winds[line.winner], scheme: card.scheme };
  if (line.win === "discard") {
    if (!(String(line.discarder) in winds)) return null;
    request.discarder = winds[line.discarder];
    if (line.same_turn) request.same_turn = line.same_turn.map((p) => winds[p]);
  }
  try {
    const result = payoff(scoring, request);
    const byWind = Object.fromEntries(Object.entries(winds).map(([p, w]) => [w, Number(p)]));
    return Object.fromEntries(WINDS.map((w) => [byWind[w], result.deltas[w]]));
  } catch {
    return null;
  }
}

function sameAsRecorded(recorded, line, deltas) {
  if (recorded.result !== line.result) return false;
  if (line.result === "draw") return true;
  const recordedDeltas = Object.fromEntries(Object.entries(recorded.deltas).map(([p, d]) => [Number(p), d]));
  return recorded.winner === line.winner && recorded.win === line.win && recorded.value === line.value
    && (recorded.discarder ?? null) === (line.win === "discard" ? line.discarder ?? null : null)
    // without a scoring mirror (can.mirror null) the server works the deltas out: the lines agree
    && (deltas === null ? !scoring : players.every((p) => recordedDeltas[p] === deltas[p]));
}

/** Return what the round adds to the totals and whether it disagrees with the live card. */
function roundState(number) {
  const line = lineOf(number);
  const deltas = deltasOf(number, line);
  const recorded = recordedLine(number);
  const recordedDeltas = recorded
    ? Object.fromEntries(Object.entries(recorded.deltas).map(([p, d]) => [Number(p), d])) : null;
  if (!recorded) return { line, deltas, counted: deltas, conflict: false };
  if (!line) return { line, deltas: recordedDeltas, counted: recordedDeltas, conflict: false };
  if (sameAsRecorded(recorded, line, deltas)) return { line, deltas, counted: deltas, conflict: false, same: true };
  const counted = choices[number] === "paper" ? deltas : recordedDeltas;
  return { line, deltas, counted, conflict: true, recorded };
}

function playerOptions(selected, winds, extra = []) {
  return [
    ...extra.map(([value, text]) => h("option", { value, text, selected: String(selected) === value })),
    ...players.map((p) => h("option", { value: p, text: `${winds[p]} · ${name(p)}`, selected: String(selected) === String(p) })),
  ];
}

function renderRound(number) {
  const row = rows[number];
  const winds = windsOf(number);
  const live = card.rounds[number - 1];
  const item = h("li", { class: "paper-round", "data-round": number, "data-testid": `paper-round-${number}` });
  const dealer = players.find((p) => winds[p] === "E");
  const head = h("div", { class: "pr-head" },
    h("span", { class: "pr-no", text: rules.say("js.card.round_title", { round: number }) }),
    h("span", { class: "pr-dealer muted", text: tc("wind", "E") + `: ${name(dealer)}` }),
    h("span", { class: "pr-tag", "data-tag": "" }));
  const winner = h("select", { name: "winner", "aria-label": rules.say("js.paper.winner_label", { round: number }) },
    playerOptions(row.winner, winds, [["", "—"], ["draw", t("Draw")]]));
  const how = h("select", { name: "win", "aria-label": rules.say("js.paper.how_label", { round: number }) },
    h("option", { value: "discard", text: t("Discard"), selected: row.win === "discard" }),
    h("option", { value: "self", text: t("Self-draw"), selected: row.win === "self" }));
  const discarder = h("select", { name: "discarder", "aria-label": rules.say("js.paper.discarder_label", { round: number }) },
    playerOptions(row.discarder, winds, [["", "—"]]));
  const value = h("input", { name: "value", type: "number", inputmode: "numeric", min: 1, max: 480,
    value: row.value, autocomplete: "off", "aria-label": rules.say("js.paper.value_label", { round: number }) });
  item.append(head,
    h("div", { class: "pr-fields" },
      h("label", { class: "pr-field" }, h("span", { text: t("Winner") }), winner),
      h("label", { class: "pr-field", "data-win-only": "" }, h("span", { text: t("How") }), how),
      h("label", { class: "pr-field", "data-discard-only": "" }, h("span", { text: t("Discarder") }), discarder),
      h("label", { class: "pr-field", "data-win-only": "" }, h("span", { text: t("Value") }), value)),
    h("div", { class: "pr-deltas", "data-deltas": "" }),
    h("div", { class: "pr-conflict", "data-conflict": "", "data-testid": `conflict-${number}`, hidden: true }),
    h("p", { class: "row-error", "data-error-for": `round ${number}`, role: "alert", hidden: true }));
  if (live.recorded) item.classList.add("is-recorded");
  return item;
}

function updateRound(number) {
  const item = $(`[data-round="${number}"]`, roundList);
  const row = rows[number];
  const state = roundState(number);
  const isWin = row.winner !== "" && row.winner !== "draw";
  for (const field of $$("[data-win-only]", item)) field.hidden = !isWin;
  $("[data-discard-only]", item).hidden = !isWin || row.win !== "discard";

  const tag = $("[data-tag]", item);
  const recorded = recordedLine(number);
  tag.textContent = state.conflict ? t("Differs from the live card")
    : recorded ? t("Recorded · {who}", { who: who(recorded.recorded_by) }) : "";
  item.classList.toggle("is-conflict", state.conflict);

  const deltaLine = $("[data-deltas]", item);
  deltaLine.hidden = !state.line && !recorded;
  deltaLine.replaceChildren(...players.map((p) => {
    const d = state.deltas ? state.deltas[p] : null;
    return h("span", { class: `pr-delta${d > 0 ? " is-plus" : d < 0 ? " is-minus" : ""}`,
      "data-testid": `paper-delta-${number}-${p}`, "data-value": d ?? "" },
    h("span", { class: "pr-who", text: name(p) }), h("b", { text: d === null ? "—" : signed(d) }));
  }));

  const box = $("[data-conflict]", item);
  box.hidden = !state.conflict;
  if (state.conflict) {
    const keep = h("input", { type: "radio", name: `choice-${number}`, value: "keep", checked: choices[number] === "keep" });
    const paper = h("input", { type: "radio", name: `choice-${number}`, value: "paper", checked: choices[number] === "paper" });
    box.replaceChildren(
      h("p", {}, h("strong", { text: t("The live card has:") + " " }),
        t("{line} (recorded by {who}, {when}).", { line: describe(state.recorded), who: who(state.recorded.recorded_by), when: venueTime(state.recorded.recorded_at) })),
      h("p", {}, h("strong", { text: t("The paper says:") + " " }), state.line ? describe(state.line) : "—"),
      h("fieldset", { class: "pr-choice" }, h("legend", { text: t("Which one counts?") }),
        h("label", {}, keep, " " + t("Keep the recorded line")),
        h("label", {}, paper, " " + t("Use the paper (a correction)"))));
  }
}

// ------------------------------------------------------------------ penalties

function renderPenalties() {
  const words = card.words;
  const live = card.penalties.filter((p) => !p.is_void);
  $("[data-recorded-penalties]").replaceChildren(...live.map((p) => h("li", { class: "muted" },
    `${name(p.player)} −${p.points}${p.round ? ` · ${rules.say("js.card.penalty_round", { round: p.round })}` : ""} · `
    + t("{reason} (already on the card)", { reason: p.reason }))));
  penaltyList.replaceChildren(...penalties.map((pen, index) => {
    const player = h("select", { name: "player", "aria-label": t("Penalty {n}: player", { n: index + 1 }) },
      h("option", { value: "", text: "—" }),
      ...players.map((p) => h("option", { value: p, text: name(p), selected: String(pen.player) === String(p) })));
    const points = h("input", { name: "points", type: "number", inputmode: "numeric", min: 1, max: 1000,
      value: pen.points, autocomplete: "off", "aria-label": t("Penalty {n}: points", { n: index + 1 }) });
    const round = h("select", { name: "round", "aria-label": t("Penalty {n}: {what}", { n: index + 1, what: rules.say("card.hand_word") }) },
      h("option", { value: "", text: "—" }),
      ...card.rounds.map((r) => h("option", { value: r.round, text: r.round, selected: String(pen.round) === String(r.round) })));
    const reason = h("input", { name: "reason", value: pen.reason, maxlength: page.reason_limit,
      autocomplete: "off", placeholder: t("e.g. what happened ({example})", { example: words.penalty_example }), "aria-label": t("Penalty {n}: reason", { n: index + 1 }) });
    const isTime = h("input", { type: "checkbox", name: "is_time", checked: Boolean(pen.is_time),
      "aria-label": t("Penalty {n}: time-limit penalty", { n: index + 1 }) });
    return h("li", { class: "paper-penalty", "data-penalty": index, "data-testid": `paper-penalty-${index + 1}` },
      h("div", { class: "pp-fields" },
        h("label", { class: "pr-field" }, h("span", { text: t("Player") }), player),
        h("label", { class: "pr-field" }, h("span", { text: t("Points") }), points),
        h("label", { class: "pr-field" }, h("span", { text: rules.say("card.hand_word_title") }), round),
        h("label", { class: "pr-field pp-reason" }, h("span", { text: t("Reason") }), reason)),
      // MCR times only the session: no line is a play-time penalty there
      words.time_penalties ? h("label", { class: "pp-time" }, isTime, ` ${rules.say("js.paper.time_penalty")}`) : "",
      pen.question ? resignationQuestion(pen, index) : "",
      h("button", { type: "button", class: "button quiet", "data-remove-penalty": index, text: t("Remove") }),
      h("p", { class: "row-error", "data-error-for": `penalty ${index + 1}`, role: "alert", hidden: true }));
  }));
}

// A time line that takes a round over the ruleset's time points asks the server's question on the line.
function resignationQuestion(pen, index) {
  const answer = h("select", { name: "resignation", "aria-label": t("Penalty {n}: the judge's answer", { n: index + 1 }) },
    h("option", { value: "", text: t("— choose —") }),
    h("option", { value: "explained", text: t("A reasonable explanation was given"), selected: pen.resignation === "explained" }),
    h("option", { value: "resigned", text: t("No explanation: the player resigns from the tournament"), selected: pen.resignation === "resigned" }));
  const explanation = h("input", { name: "explanation", value: pen.explanation || "", maxlength: page.reason_limit,
    autocomplete: "off", "aria-label": t("Penalty {n}: the explanation accepted", { n: index + 1 }) });
  return h("div", { class: "pp-question", "data-testid": `paper-question-${index + 1}` },
    h("p", { text: pen.question }),
    h("label", { class: "pr-field" }, h("span", { text: t("Your answer") }), answer),
    h("label", { class: "pr-field" }, h("span", { text: t("The explanation you accepted") }), explanation));
}

function penaltyLines() {
  return penalties.filter((p) => p.player !== "" || p.points !== "" || p.reason.trim() !== "")
    .map((p) => {
      const line = { player: Number(p.player) || 0, points: Number(p.points) || 0, reason: p.reason };
      if (p.round !== "") line.round = Number(p.round);
      if (p.is_time) line.is_time = true;
      if (p.is_time && p.resignation) line.resignation = p.resignation;
      if (p.is_time && p.explanation) line.explanation = p.explanation;
      return line;
    });
}

// ------------------------------------------------------------------ totals

function updateTotals() {
  const totals = Object.fromEntries(players.map((p) => [p, 0]));
  for (let number = 1; number <= ROUNDS; number += 1) {
    const { counted } = roundState(number);
    if (counted) for (const p of players) totals[p] += counted[p];
  }
  for (const p of card.penalties) if (!p.is_void) totals[p.player] -= p.points;
  for (const p of penaltyLines()) if (p.player in totals && p.points > 0) totals[p.player] -= p.points;
  for (const p of players) {
    const out = $(`[data-testid="paper-total-${p}"]`);
    out.dataset.value = String(totals[p]);
    out.textContent = signed(totals[p]);
  }
}

// ------------------------------------------------------------------ the whole form

function signedPlayers() {
  return $$("input[name=signed]:checked").filter((box) => !box.disabled).map((box) => Number(box.value));
}

function renderAll() {
  roundList.replaceChildren(...card.rounds.map((r) => renderRound(r.round)));
  for (let number = 1; number <= ROUNDS; number += 1) updateRound(number);
  const confirmed = new Set(card.confirmations.map((c) => c.player));
  for (const box of $$("input[name=signed]")) {
    const done = confirmed.has(Number(box.value));
    box.disabled = done;
    if (done) box.checked = true;
  }
  renderPenalties();
  updateTotals();
}

function draft() {
  return { rows, penalties, choices, signed: signedPlayers(), time_over: Boolean($("[data-time-over]")?.checked) };
}

function saveDraft() {
  try {
    localStorage.setItem(draftKey, JSON.stringify(draft()));
  } catch {
    // Storage full or refused: the form itself still holds what was typed.
  }
}

function restore(saved) {
  if (saved.rows) rows = { ...rows, ...saved.rows };
  penalties = saved.penalties || [];
  choices = saved.choices || {};
  for (const box of $$("input[name=signed]")) box.checked = (saved.signed || []).includes(Number(box.value));
  if ($("[data-time-over]")) $("[data-time-over]").checked = Boolean(saved.time_over);
}

function restoreFromBody(body) {
  prefill();
  for (const line of body.rounds) rows[line.round] = rowFromLine(line);
  restore({
    penalties: (body.penalties || []).map((p) => ({ player: p.player, points: String(p.points), round: p.round ?? "",
      reason: p.reason, is_time: Boolean(p.is_time), resignation: p.resignation || "", explanation: p.explanation || "" })),
    choices: Object.fromEntries((body.choices || []).map((c) => [c.round, c.choice])),
    signed: body.signed, time_over: body.time_over,
  });
}

function clearErrors() {
  for (const node of $$(".row-error")) {
    node.hidden = true;
    node.textContent = "";
  }
  for (const node of $$(".has-error")) node.classList.remove("has-error");
}

function say(text, kind = "info") {
  message.hidden = !text;
  message.className = `paper-message is-${kind}`;
  message.textContent = text;
}

function showRefusal(item) {
  clearErrors();
  const unplaced = [];
  const questions = (item.details || []).filter((d) => d.kind === "question" && penalties[d.index - 1]);
  for (const detail of questions) penalties[detail.index - 1].question = detail.message;
  if (questions.length) renderPenalties();
  for (const detail of item.details || []) {
    if (detail.kind === "question") continue;
    if (detail.kind === "conflict") {
      serverRecorded[detail.round] = detail.recorded;
      delete choices[detail.round];
      continue;
    }
    const place = $(`[data-error-for="${detail.row}"]`);
    if (!place) {
      unplaced.push(detail.message);
      continue;
    }
    place.hidden = false;
    place.textContent = place.textContent ? `${place.textContent} ${detail.message}` : detail.message;
    place.closest("li, section")?.classList.add("has-error");
    const field = detail.field && place.closest("li")?.querySelector(`[name="${detail.field}"]`);
    field?.classList.add("has-error");
  }
  for (let number = 1; number <= ROUNDS; number += 1) updateRound(number);
  updateTotals();
  say(t("Not saved: {message}", { message: [item.message, ...unplaced].join(" ") }), "error");
  $(".has-error, .is-conflict")?.scrollIntoView({ block: "center" });
}

function summaryText(summary) {
  const parts = [];
  if (summary.added.length) parts.push(rules.say(summary.added.length === 1 ? "js.paper.added_one" : "js.paper.added_many", { count: summary.added.length }));
  if (summary.already_recorded.length) parts.push(t("{n} already recorded", { n: summary.already_recorded.length }));
  if (summary.corrected.length) parts.push(rules.say(summary.corrected.length === 1 ? "js.paper.corrected_one" : "js.paper.corrected_many", { count: summary.corrected.length }));
  if (summary.kept.length) parts.push(t("{n} kept as recorded", { n: summary.kept.length }));
  if (summary.penalties) parts.push(summary.penalties === 1 ? t("1 penalty line") : t("{n} penalty lines", { n: summary.penalties }));
  const signatures = summary.signed_on_paper.length;
  if (signatures) parts.push(signatures === 1 ? t("1 signature recorded as signed on paper") : t("{n} signatures recorded as signed on paper", { n: signatures }));
  return parts.length ? t("Saved: {what}.", { what: parts.join(t(", ")) }) : t("Saved: nothing new.");
}

function lock(isLocked) {
  saveButton.disabled = isLocked;
  for (const field of $$("select, input, button", form)) if (field !== saveButton) field.disabled = isLocked;
  if (!isLocked) renderAll();
}

async function submit() {
  clearErrors();
  const undecided = [];
  const body = { rounds: [], penalties: penaltyLines(), signed: signedPlayers(), choices: [],
    time_over: Boolean($("[data-time-over]")?.checked) };
  for (let number = 1; number <= ROUNDS; number += 1) {
    const state = roundState(number);
    if (state.line) body.rounds.push(state.line);
    if (state.conflict) {
      if (!choices[number]) undecided.push(number);
      else body.choices.push({ round: number, choice: choices[number], base_revision: state.recorded.revision });
    }
  }
  if (undecided.length) {
    for (const number of undecided) {
      const place = $(`[data-error-for="round ${number}"]`);
      place.hidden = false;
      place.textContent = t("Choose which one counts: the recorded line or the paper.");
    }
    say(rules.say("js.paper.choose_line", { rounds: undecided.join(", ") }), "error");
    $(`[data-round="${undecided[0]}"]`).scrollIntoView({ block: "center" });
    return;
  }
  saveDraft();
  try {
    const item = await enqueue({ url: `/api/cards/${cardId}/paper`, body, label: t("Paper card, table {table}", { table: card.table }),
      meta: { card: cardId, kind: "paper" } });
    sending = item.op_id;
    say(t("Sending the paper card…"));
    lock(true);
  } catch (error) {
    say(t("NOT SAVED: this phone could not keep the paper card ({error}). Keep the paper and try again.", { error: error.message }), "error");
  }
}

// ------------------------------------------------------------------ events

form.addEventListener("change", (event) => {
  const target = event.target;
  const item = target.closest("[data-round]");
  if (item) {
    const number = Number(item.dataset.round);
    if (target.name.startsWith("choice-")) choices[number] = target.value;
    else rows[number][target.name] = target.value;
    updateRound(number);
  }
  const pen = target.closest("[data-penalty]");
  if (pen) penalties[Number(pen.dataset.penalty)][target.name] = target.type === "checkbox" ? target.checked : target.value;
  updateTotals();
  saveDraft();
});

form.addEventListener("input", (event) => {
  const target = event.target;
  const item = target.closest("[data-round]");
  if (item && target.name === "value") {
    rows[Number(item.dataset.round)].value = target.value;
    updateRound(Number(item.dataset.round));
  }
  const pen = target.closest("[data-penalty]");
  if (pen && target.name in penalties[Number(pen.dataset.penalty)]) penalties[Number(pen.dataset.penalty)][target.name] = target.value;
  updateTotals();
});

form.addEventListener("click", (event) => {
  if (event.target.closest("[data-add-penalty]")) {
    penalties.push({ player: "", points: "", round: "", reason: "", is_time: false, resignation: "", explanation: "" });
    renderPenalties();
    $(`[data-penalty="${penalties.length - 1}"] select`).focus();
    saveDraft();
  }
  const remove = event.target.closest("[data-remove-penalty]");
  if (remove) {
    penalties.splice(Number(remove.dataset.removePenalty), 1);
    renderPenalties();
    updateTotals();
    saveDraft();
  }
});

form.addEventListener("submit", (event) => {
  event.preventDefault();
  submit();
});

subscribe((event) => {
  const item = event.item;
  if (item?.meta?.kind !== "paper" || item.meta.card !== cardId) return;
  if (event.type === "sent") {
    card = event.response.card;
    sending = null;
    serverRecorded = {};
    choices = {};
    penalties = [];
    prefill();
    localStorage.removeItem(draftKey);
    lock(false);
    say(summaryText(event.response.summary), "ok");
  } else if (event.type === "rejected" && item.op_id === sending) {
    sending = null;
    lock(false);
    showRefusal(item);
    dismiss(item.op_id); // the form holds every line of it, and the draft too
  } else if (event.type === "kept" && item.op_id === sending) {
    say(t("Not sent yet ({error}). It is kept on this phone and sent by itself when the network is back.", { error: errorWords(item.last_error) }), "warn");
  }
});

// ------------------------------------------------------------------ start

async function start() {
  prefill();
  const mine = (await items()).filter((item) => item.meta?.kind === "paper" && item.meta.card === cardId);
  const waiting = mine.find((item) => item.state === "pending");
  const refused = mine.find((item) => item.state === "rejected");
  if (waiting) {
    restoreFromBody(waiting.body);
    renderAll();
    sending = waiting.op_id;
    lock(true);
    say(t("This paper card is waiting to be sent; it goes by itself when the network is back."), "warn");
  } else if (refused) {
    restoreFromBody(refused.body);
    renderAll();
    sending = null;
    showRefusal(refused);
    dismiss(refused.op_id);
  } else {
    const saved = JSON.parse(localStorage.getItem(draftKey) || "null");
    if (saved) restore(saved);
    renderAll();
    if (saved) say(t("Your unsaved lines from before are back. Check them, then save."), "info");
  }
  mountPending($("[data-testid=outbox-pending]"), (item) => item.meta?.card === cardId);
  document.documentElement.dataset.paperReady = "true";
}

start();
