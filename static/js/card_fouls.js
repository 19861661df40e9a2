// The fouls that belong to one hand, on the card's hand form (issue 27): a false win (False
// Hu), a dead hand or the loss of the right to win, a wrong tile count. The judge taps the
// foul and the player (the one already ticked as the winner comes filled in); the penalty is
// the rubric's suggestion, asked of the same service as the judge console's "New ruling"
// (GET /api/t/<id>/suggest), and it is saved as a ruling of this table and hand
// (POST /api/t/<id>/rulings), through the outbox. A refusal shows here, under the button.
//
// card.js starts it; the round form asks it through hooks (openFouls) and hears from it
// through hooks (foulRecorded), so neither imports the other.

import * as servertime from "./servertime.js";
import { dismiss, write } from "./outbox.js";
import { $, $$, h, t } from "./dom.js";
import { WINDS, byWind, card, cardId, fullName, hooks, name, page, say, windAbbr, windOf } from "./card_state.js";

const section = $("[data-hand-fouls]");
const fouls = page.hand_fouls || [];
const api = page.foul_api;
let state = null; // {round, foul, player, infraction, suggestion, ticket}

const panel = () => $("[data-foul-panel]", section);
const errorBox = () => $("[data-foul-error]", section);
const statusBox = () => $("[data-foul-status]", section);
const saveButton = () => $("[data-foul-save]", section);

function foulWords(foul) {
  return `${say(`js.card.foul_${foul.id}`)} (${say(`js.card.foul_${foul.id}_cite`)})`;
}

/** Show the fouls for a round of the form, nothing chosen (hooks.openFouls). */
export function openFouls(roundNo) {
  if (!section) return;
  state = { round: roundNo, foul: null, player: null, infraction: null, suggestion: null, ticket: 0 };
  $("[data-fouls-title]", section).textContent = say("js.card.fouls_title");
  $("[data-foul-buttons]", section).replaceChildren(...fouls.map((foul) => h("button", {
    type: "button", class: "button small", "data-foul": foul.id, "aria-pressed": "false",
    text: say(`js.card.foul_${foul.id}`), title: say(`js.card.foul_${foul.id}_cite`) })));
  panel().hidden = true;
  errorBox().textContent = "";
  statusBox().textContent = "";
}

function choose(foulId) {
  const foul = fouls.find((f) => f.id === foulId);
  const chosen = hooks.chosenPlayer?.() ?? null; // the player the judge just ticked
  Object.assign(state, { foul, player: state.player ?? chosen, infraction: foul.infractions[0].id, suggestion: null });
  for (const button of $$("[data-foul]", section)) button.setAttribute("aria-pressed", String(button.dataset.foul === foulId));
  const r = card.rounds[state.round - 1];
  const players = byWind(r);
  $("[data-foul-who]", section).textContent = t("Who: {foul}", { foul: foulWords(foul) });
  $("[data-foul-players]", section).replaceChildren(...WINDS.map((wind) => players[wind]).map((player) => h("label", {},
    h("input", { type: "radio", name: "foul_player", value: player, checked: player === state.player }),
    windAbbr(windOf(r, player)), ` ${name(player)}`)));
  const which = $("[data-foul-which]", section);
  which.replaceChildren(...foul.infractions.map((i) => h("option", { value: i.id, text: i.label })));
  $("[data-foul-which-row]", section).hidden = foul.infractions.length < 2;
  errorBox().textContent = "";
  statusBox().textContent = "";
  panel().hidden = false;
  suggest();
  panel().scrollIntoView({ block: "nearest" });
}

// The rubric's suggestion for this player and foul, from the console's own service.
async function suggest() {
  const box = $("[data-foul-suggestion]", section);
  state.suggestion = null;
  saveButton().disabled = true;
  if (state.player === null) {
    box.replaceChildren(h("span", { class: "muted", text: t("Choose the player.") }));
    return;
  }
  const query = new URLSearchParams({ card: cardId, player: state.player, category: state.foul.category,
    infraction: state.infraction, round: state.round });
  const ticket = (state.ticket += 1);
  box.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(`${api.suggest}?${query}`, { cache: "no-store" });
    const answer = await response.json();
    if (ticket !== state.ticket) return;
    if (!response.ok) throw Object.assign(new Error(answer.message), { refused: true });
    state.suggestion = answer.suggestion;
    const s = answer.suggestion;
    box.replaceChildren(
      h("p", {}, t("Penalty:"), " ", h("strong", { "data-testid": "foul-penalty", text: s.label })),
      h("p", { class: "muted", text: s.explanation }),
      ...s.notes.map((note) => h("p", { class: "muted", text: note })));
    saveButton().disabled = false;
  } catch (error) {
    if (ticket !== state.ticket) return;
    box.replaceChildren(h("p", { text: error.refused ? error.message
      : t("No network, so the rubric cannot price it now. Write it down and record it with “New ruling” later.") }));
  } finally {
    box.removeAttribute("aria-busy");
  }
}

async function save() {
  const { foul, player, infraction, suggestion, round } = state;
  if (!suggestion || player === null) return;
  saveButton().disabled = true;
  errorBox().textContent = "";
  statusBox().textContent = t("Saving…");
  const line = foul.infractions.find((i) => i.id === infraction);
  const body = {
    card_id: cardId, round, players: [player], sections: line.section ? [line.section] : [],
    penalties: [{ player, category: foul.category, infraction, kind: suggestion.kind,
      points: suggestion.kind === "points" ? suggestion.points : 0, reason: "" }],
    resolved_at_ms: Math.round(servertime.now()),
  };
  const label = `${say(`js.card.foul_${foul.id}`)}: ${fullName(player)}, ${suggestion.label}`;
  const { opId, first, settled } = await write({ url: api.rulings, body, label,
    meta: { card: cardId, kind: "foul", round } });
  if ((await first).type === "kept") {
    statusBox().textContent = t("No network: the foul is kept on this phone and sent by itself when the network returns.");
  }
  const result = await settled;
  if (state.round !== round) return; // the form moved on; the outbox keeps any refusal
  if (result.type === "sent") {
    const ruling = result.response.ruling?.id ?? "?";
    statusBox().textContent = say("js.card.foul_recorded", { foul: say(`js.card.foul_${foul.id}`), name: fullName(player),
      round, penalty: suggestion.label, ruling });
    hooks.foulRecorded?.(player);
  } else {
    statusBox().textContent = "";
    errorBox().textContent = t("Not saved: {message}", { message: result.item.message });
    dismiss(opId); // shown here, where it was tapped; the judge taps again to retry
    saveButton().disabled = false;
  }
}

if (section) {
  section.addEventListener("click", (event) => {
    const button = event.target.closest("[data-foul]");
    if (button) choose(button.dataset.foul);
    if (event.target.closest("[data-foul-save]")) save();
    if (event.target.closest("[data-foul-cancel]")) {
      panel().hidden = true;
      for (const b of $$("[data-foul]", section)) b.setAttribute("aria-pressed", "false");
    }
  });
  section.addEventListener("change", (event) => {
    event.stopPropagation(); // the round form's own fields are not these
    if (event.target.name === "foul_player") state.player = Number(event.target.value);
    if (event.target.matches("[data-foul-which]")) state.infraction = event.target.value;
    suggest();
  });
}
