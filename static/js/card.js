// The live scoring card (QR target): everyone reads it; judges (and an appointed player) write.
//
// The server renders the first paint (templates/cards/_card.html); this page draws the same
// markup from GET /api/cards/<id>, polled with If-None-Match every 5 s while the page is
// visible. Every write goes through the outbox, so it survives no network and a reload: rows
// with a write not yet saved show "pending", refused writes show under "Needs attention".
//
// The card's ruleset comes with its data (card.rules: words, capabilities, scoring mirror;
// ./rulesets.js). The round form takes a value typed, or a hand from the ruleset's picker,
// opened in a sheet on this page or pasted as a link; a picker link can also arrive in this
// page's fragment:
//   /cards/<id>#round=5&p=4.2.3,1.2&win=discard&winner=E&discarder=S&chain=W,S
// (seat winds as in the picker, meaning that round's winds; `card=<id>` may ride along).
//
// This module starts the page and takes its clicks and forms; its parts are siblings it
// imports: card_state.js (the shared state), card_draw.js, card_sync.js, card_round.js and
// card_conflicts.js.

import { mountAttention, mountPending, subscribe } from "./outbox.js";
import { $, h, t } from "./dom.js";
import {
  card, cardId, fragment, fullName, hooks, isJudge, isRecorder, isRoundConflict, me, queue, root, say, write,
} from "./card_state.js";
import { confirmAllAsked, confirmAsked, render, renderPlayerBar, setConfirmAllAsked, setConfirmAsked } from "./card_draw.js";
import { fromPage, loadCopy, loadQueue, loadReader, poll } from "./card_sync.js";

// The round form, the hand's fouls and the conflict banner are needed once tapped, or once
// this phone has a refused write: they load after the page, so a reader on venue Wi-Fi sees
// the card without them (issue 31); a judge's page fetches them as soon as it has loaded.
const later = {
  round: () => import("./card_round.js"),
  fouls: () => import("./card_fouls.js"),
  conflicts: () => import("./card_conflicts.js"),
};
const WARM_AFTER_MS = 1000;
const openRound = async (...args) => (await later.round()).openRound(...args);
const openFouls = async (...args) => (await later.fouls()).openFouls(...args);
const canRecord = () => isJudge || isRecorder();

// ------------------------------------------------------------------ writing

document.addEventListener("click", (event) => {
  const target = event.target;
  const confirmFor = target.closest("[data-confirm-for]");
  if (confirmFor) {
    const player = Number(confirmFor.dataset.confirmFor);
    confirmFor.disabled = true;
    write("/confirm", { player }, t("Confirm the card for {name}", { name: fullName(player) }), { kind: "confirm", player });
    return;
  }
  // the players, present together, confirm before the judge: ask once, then record them all
  if (target.closest("[data-confirm-all]")) {
    setConfirmAllAsked(card.version);
    render();
    $("[data-confirm-all-yes]")?.focus();
    return;
  }
  if (target.closest("[data-confirm-all-no]")) {
    setConfirmAllAsked(null);
    render();
    return;
  }
  const allYes = target.closest("[data-confirm-all-yes]");
  if (allYes && confirmAllAsked === card.version) {
    setConfirmAllAsked(null);
    const players = allYes.dataset.players.split(",").map(Number);
    allYes.disabled = true;
    write("/confirm-all", { players }, t("{names} confirm the card before the judge", { names: players.map(fullName).join(", ") }),
      { kind: "confirm-all", players });
    return;
  }
  if (target.closest("[data-confirm-mine]") && me?.player) {
    setConfirmAsked(card.version); // first tap: ask, with the totals in view
    renderPlayerBar();
    $("[data-confirm-yes]").focus();
    return;
  }
  if (target.closest("[data-confirm-no]")) {
    setConfirmAsked(null);
    renderPlayerBar();
    return;
  }
  if (target.closest("[data-confirm-yes]") && me?.player && confirmAsked === card.version) {
    setConfirmAsked(null);
    $("[data-confirm-yes]").hidden = true;
    write("/confirm", {}, t("{name} confirms the card", { name: me.player.name }), { kind: "confirm", player: me.player.number });
    return;
  }
  if (target.closest("[data-time-over]")) {
    target.closest("details").open = false;
    write("/time-over", {}, say("js.card.time_over_label"), { kind: "time-over" });
    return;
  }
  const row = target.closest("tr.round.is-editable");
  if (row && root.contains(row)) openRound(Number(row.dataset.round));
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.matches("[data-void-form]")) {
    event.preventDefault();
    const reason = form.reason.value.trim();
    if (!reason) { form.reason.focus(); return; }
    const id = Number(form.dataset.voidForm);
    form.reason.blur();
    write(`/penalties/${id}/void`, { reason }, t("Strike out penalty {id}", { id }), { kind: "void", penalty: id });
  } else if (form.matches("[data-penalty-form]")) {
    event.preventDefault();
    savePenalty(form);
  } else if (form.matches("[data-seat-change-form]")) {
    event.preventDefault();
    saveSeatChange(form);
  } else if (form.matches("[data-recorder-form]")) {
    event.preventDefault();
    const value = form.querySelector("input[name=player]:checked")?.value ?? "";
    const player = value ? Number(value) : null;
    write("/recorder", { player }, player ? say("js.card.recorder_label", { name: fullName(player) }) : t("No recorder on this card"),
      { kind: "recorder", player });
    form.closest("details").open = false;
  }
});

// A player leaves from a round on; a neutral substitute may take the seat (the ruleset's rule).
function saveSeatChange(form) {
  const error = $("[data-form-error]", form);
  const player = Number(form.querySelector("input[name=player]:checked")?.value);
  const fromRound = Number(form.from_round.value);
  const reason = form.querySelector("input[name=reason]:checked")?.value;
  const substitute = form.substitute.value ? Number(form.substitute.value) : null;
  error.textContent = !player ? t("Choose the player who leaves.")
    : !fromRound ? say("js.card.seat_change_need_round")
      : !reason ? t("Say whether they resigned or were disqualified.") : "";
  if (error.textContent) return;
  const body = { player, from_round: fromRound, reason, substitute, note: form.note.value.trim() };
  const values = { name: fullName(player), round: fromRound, reason };
  const label = substitute
    ? say("js.card.seat_change_label_substitute", { ...values, substitute: form.substitute.selectedOptions[0].textContent })
    : say("js.card.seat_change_label_empty", values);
  write("/seat-changes", body, label, { kind: "seat-change" });
  form.reset();
  document.activeElement?.blur();
  form.closest("details").open = false;
}

function savePenalty(form) {
  const error = $("[data-form-error]", form);
  const player = Number(form.querySelector("input[name=player]:checked")?.value);
  const points = Number(form.points.value);
  const round = form.round.value ? Number(form.round.value) : null;
  const reason = form.reason.value.trim();
  error.textContent = !player ? t("Choose the player.")
    : !Number.isInteger(points) || points < 1 || points > 1000 ? t("Points: a whole number from 1 to 1000.")
      : !reason ? t("Give the reason.") : "";
  if (error.textContent) return;
  const body = { player, points, reason };
  if (round) body.round = round;
  write("/penalties", body, t("Penalty: {name} −{points} ({reason})", { name: fullName(player), points, reason }), { kind: "penalty" });
  form.reset();
  document.activeElement?.blur();
  form.closest("details").open = false;
}

// ------------------------------------------------------------------ start

mountPending($("[data-testid=outbox-pending]"), (item) => item.meta?.card === cardId);
const renderOutboxAttention = mountAttention($("[data-testid=outbox-attention]"), {
  // A round someone else recorded first has its own banner, in words (renderConflicts).
  filter: (item) => item.meta?.card === cardId && !isRoundConflict(item),
  actions: (item) => {
    if (item.meta.kind !== "round" || !isJudge) return [];
    const fix = h("button", { type: "button", class: "button small", text: t("Correct it to yours") });
    fix.addEventListener("click", () => openRound(item.meta.round, item.body, item.op_id));
    return [fix];
  },
});
hooks.renderAttention = () => {
  renderOutboxAttention();
  const banner = $("[data-testid=card-conflicts]");
  if (queue.some(isRoundConflict) || !banner.hidden) later.conflicts().then((m) => m.renderConflicts());
};
// Once the card is there and this phone may record, the round form's scoring mirror loads
// (after the page's own loading: roundWarm, below).
let roundWarm = false;
hooks.render = () => {
  render();
  if (roundWarm && card && canRecord()) later.round().then((m) => m.loadScoring()).catch(() => null);
};
// A write of this page refused while the page is open: its message comes into view, beside
// the line it concerns (the round's row says "not saved") and in the box that says why. The
// fouls and the confirmations show theirs where they were tapped, without moving the page.
subscribe((event) => {
  const kind = event.item?.meta?.kind;
  if (event.type !== "rejected" || event.item.meta.card !== cardId || ["foul", "confirm", "confirm-all"].includes(kind)) return;
  requestAnimationFrame(() => {
    const box = isRoundConflict(event.item) ? $("[data-testid=card-conflicts]") : $("[data-testid=outbox-attention]");
    if (box && !box.hidden) box.scrollIntoView({ block: "center" });
  });
});
// The page's load event, then a second, then the phone's first idle moment.
function idleAfterLoad() {
  return new Promise((resolve) => {
    const idle = () => setTimeout(() => (window.requestIdleCallback
      ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : resolve()), WARM_AFTER_MS);
    if (document.readyState === "complete") idle();
    else addEventListener("load", idle, { once: true });
  });
}
hooks.openRound = openRound;
hooks.openFouls = openFouls;
hooks.refresh = poll;

await loadQueue();
await loadCopy();
// A page without the card's data fetches it before anything reads it.
const shell = card === null || card === undefined;
if (shell) await poll(); // live, or this phone's copy under "No connection"
await loadReader();
// The card in the page came with the page. A page the service worker answered from its copy
// (no network: <html data-kept-copy>) asks the server at once; one fresh from the server
// waits for the usual poll.
if (!shell) {
  if ("keptCopy" in document.documentElement.dataset) poll(); // live, or "No connection"
  else fromPage();
}
if (card && canRecord()) {
  // The round form, for a phone that records: at once when a link asks for it (#round=,
  // #next); otherwise once the page has finished loading and the phone is idle, so a phone
  // on venue Wi-Fi gets the card first (issue 31). A tap on a round meanwhile loads it then.
  if (!fragment.has("round") && !fragment.has("next")) await idleAfterLoad();
  roundWarm = true;
  const round = await later.round();
  round.loadCatalogue().catch(() => null);
  await round.loadScoring().catch(() => null); // before a picker link in the fragment fills the form
  await round.openFromFragment();
}
document.documentElement.dataset.cardReady = "true";
