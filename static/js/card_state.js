// The live card's shared state and the small helpers every part of it uses (card.js starts
// the page; card_draw.js draws the card, card_sync.js keeps it up to date, card_round.js is
// the round form and the picker bridge, card_conflicts.js the conflict banner).
//
// The card, its outbox items and the reader are live bindings here: the other modules read
// them and change them only through the setters, so every part sees the same card.

import { enqueue } from "./outbox.js";
import { h, t, tc, venueTime, venueZone } from "./dom.js";
import { ruleset } from "./rulesets.js";

export const WINDS = ["E", "S", "W", "N"];
const WIND_NAMES = { E: t("East"), S: t("South"), W: t("West"), N: t("North") };
// a seat wind's one-letter mark (東 南 西 北 in Chinese)
const WIND_MARKS = { E: tc("wind", "E"), S: tc("wind", "S"), W: tc("wind", "W"), N: tc("wind", "N") };

export const root = document.getElementById("card-root");
export const page = JSON.parse(document.getElementById("card-page").textContent);
export const cardId = page.card_id;
export const api = `/api/cards/${cardId}`;
export const isJudge = page.is_judge;
const shortNames = page.short_names;

// A judge's page comes with the card drawn and its data; a reader's page is a shell shared by
// every phone and every version of the card, and the card comes as its shared data (poll).
export let card = page.card;
export let queue = []; // this card's outbox items, pending and rejected
export let me = null; // {player: {number, name}, is_recorder} when opened from a player's link
export let catalogue = null;

export function setCard(value) { card = value; }
export function setQueue(value) { queue = value; }
export function setMe(value) { me = value; }
export function setCatalogue(value) { catalogue = value; }

// What one part asks of another without importing it (the graph stays one level deep):
// card.js fills these in at the start.
export const hooks = { render: () => {}, renderAttention: () => {}, openRound: () => {}, openFouls: () => {},
  refresh: () => {}, chosenPlayer: () => null, foulRecorded: () => {} };

// ------------------------------------------------------------------ the card's ruleset

// The card's words and capabilities come with the card (card.rules, judgeaid/wording.py).
let rulesView = null;
let rulesNow = ruleset(null);
export function rules() {
  if (card?.rules && card.rules !== rulesView) {
    rulesView = card.rules;
    rulesNow = ruleset(rulesView);
  }
  return rulesNow;
}

/** The card's ruleset's text for a key, its {placeholders} filled in. */
export const say = (key, values) => rules().say(key, values);

/** The card's own words from the server (its cycles' names, notes): card.words. */
export const cardWords = () => card?.words || {};

// ------------------------------------------------------------------ the reader

export const fragment = new URLSearchParams(location.hash.slice(1));
const tokenKey = `judgeaid-player-token:${cardId}`;
export const playerToken = fragment.get("player") || sessionStorage.getItem(tokenKey);
if (playerToken) sessionStorage.setItem(tokenKey, playerToken);

export function isRecorder() {
  return Boolean(me?.player && card && card.recorder === me.player.number);
}

function writeHeaders() {
  return !isJudge && playerToken ? { "X-Player-Token": playerToken } : {};
}

export function canEdit(round) {
  if (isJudge) return true;
  // An appointed player records rounds; corrections are a judge's (the server says so too).
  return isRecorder() && !round.recorded && round.result !== "not_played" && !latestFor(round.round);
}

/** Send a write through the outbox, marked as this card's. */
export function write(path, body, label, meta) {
  return enqueue({ url: `${api}${path}`, body, label, headers: writeHeaders(), meta: { card: cardId, ...meta } })
    .catch((error) => {
      // Storage refused (rare: a locked-down browser): say so loudly; nothing was kept.
      alert(t("NOT SAVED: this phone could not keep “{label}” ({error}). Write it down and try again.",
        { label, error: error.message }));
    });
}

// ------------------------------------------------------------------ small helpers

export function signClass(n) {
  return n > 0 ? " is-plus" : n < 0 ? " is-minus" : "";
}

export function who(label) {
  return String(label || "").split(/:(.*)/s)[1] ?? label;
}

// Who someone is, after their name, as the server says it (services/cards.py actor_display).
const ROLE_WORDS = {
  judge: (name) => t("{name} (judge)", { name }),
  head_judge: (name) => t("{name} (head judge)", { name }),
  organizer: (name) => t("{name} (organizer)", { name }),
};

// Who wrote a line, in words: "Jade Judge (judge)", "Ann Lee (player 12)" (as the server says it).
export function actorWords(label) {
  const [kind, rest] = String(label || "").split(/:(.*)/s);
  if (rest === undefined) return String(label || "");
  if (kind === "player") {
    const [, number, player] = rest.match(/^(\d+) (.*)$/s) || [];
    return number ? t("{name} (player {number})", { name: player, number }) : t("{name} (player)", { name: rest });
  }
  return ROLE_WORDS[kind] ? ROLE_WORDS[kind](rest) : `${rest} (${kind})`;
}

// The venue's clock (the card's tournament's zone), as _card.html's |venue_text.
export const cardZone = () => card?.tournament?.time_zone || venueZone();

export function when(iso) {
  return venueTime(iso, { zone: cardZone() });
}

export function name(number) {
  return shortNames[number] ?? fullName(number);
}

// Everyone who sat at the table: its four players and any substitute.
export function fullName(number) {
  return (card.people || card.players).find((p) => p.number === number)?.name ?? `#${number}`;
}

// Who dealt a round that the rotation's East did not deal, in the ruleset's words.
// A stored line names the wrong East `wrong_dealer`; a line being sent names it `dealer`.
function dealWords(r, named = name) {
  const wrong = "wrong_dealer" in r ? r.wrong_dealer : r.dealer;
  if (wrong) return say("js.card.dealt_by_wrong_east", { name: named(wrong) });
  if (r.compensation_for) return say("js.card.compensation_deal", { name: named(r.compensation_for) });
  return "";
}

export function describe(r) {
  const deal = dealWords(r);
  return deal ? `${describeResult(r)} · ${deal}` : describeResult(r);
}

function describeResult(r) {
  if (r.result === "draw") return t("Draw");
  if (r.result === "not_played") {
    return r.not_played_reason === "seat_empty" ? t("Not played: a player left and nobody took the seat")
      : t("Not played: session time over");
  }
  if (r.win === "self") return t("{winner} won {value} · self-draw", { winner: name(r.winner), value: r.value });
  let text = t("{winner} won {value} on {discarder}’s discard", { winner: name(r.winner), value: r.value, discarder: name(r.discarder) });
  if ((r.same_turn || []).length > 1) {
    const order = r.same_turn.map(name).join(" → ");
    text += " · " + (r.responsible ? t("same turn: {order} ({name} pays)", { order, name: name(r.responsible) })
      : t("same turn: {order} (nobody responsible)", { order }));
  }
  return text;
}

// A round's line as a short sentence with full names (as the server's refusals say it).
export function lineWords(r) {
  const deal = dealWords(r, fullName);
  return deal ? `${lineResult(r)}, ${deal}` : lineResult(r);
}

function lineResult(r) {
  if (r.result === "draw") return t("a draw");
  if (r.result !== "win") return t("not played");
  if (r.win === "self") return t("{winner} won {value}, self-drawn", { winner: fullName(r.winner), value: r.value });
  let words = t("{winner} won {value} on a discard from {discarder}",
    { winner: fullName(r.winner), value: r.value, discarder: fullName(r.discarder) });
  if ((r.same_turn || []).length > 1) {
    const order = r.same_turn.map(fullName).join(t(", then "));
    words += " " + t("(same turn: {order})", { order });
  }
  return words;
}

// Who sits, in this round, in the seat a starting player drew (a substitute from their round on).
export function occupant(r, player) {
  return r.seated?.[String(player)] ?? player;
}

// The winds of a round if `dealer` deals it: they run on from the dealer's seat.
export function dealtWinds(r, dealer) {
  const shift = WINDS.indexOf(windOf(r, dealer));
  return Object.fromEntries(Object.entries(r.winds).map(([player, wind]) =>
    [player, WINDS[(WINDS.indexOf(wind) - shift + 4) % 4]]));
}

export function windOf(round, player) {
  return round.winds[String(player)];
}

export function byWind(round) {
  return Object.fromEntries(Object.entries(round.winds).map(([player, wind]) => [wind, Number(player)]));
}

export function windAbbr(wind) {
  return h("abbr", { class: "wind", title: WIND_NAMES[wind], text: WIND_MARKS[wind] ?? wind });
}

// ------------------------------------------------------------------ outbox overlay

export function latestFor(roundNo, state = null) {
  const found = queue.filter((item) => item.meta.kind === "round" && item.meta.round === roundNo
    && (!state || item.state === state));
  return found[found.length - 1] || null;
}

// The revision a correction replaces: the line on the card, or the last one still waiting in
// the outbox (a first line becomes revision 1, a correction the one after its base).
export function baseRevision(roundNo) {
  const r = card.rounds[roundNo - 1];
  let base = r.recorded ? r.revision : 0;
  for (const item of queue) {
    if (item.meta.kind !== "round" || item.meta.round !== roundNo || item.state !== "pending") continue;
    base = Math.max(base, (item.body.correction ? item.body.base_revision : 0) + 1);
  }
  return base;
}

export function queued(kind, test = () => true) {
  return queue.filter((item) => item.meta.kind === kind && test(item));
}

export function pendingBadge(item) {
  return item.state === "rejected"
    ? h("span", { class: "badge is-rejected", text: t("not saved · needs attention") })
    : h("span", { class: "badge is-pending", text: t("pending (not yet saved)") });
}

// Complete once every round is recorded, not played, or waiting in the outbox to be saved.
export function isComplete() {
  return card.rounds.every((r) => r.recorded || r.result === "not_played"
    || latestFor(r.round, "pending") || (queued("time-over", (i) => i.state === "pending").length > 0));
}

export function isRoundConflict(item) {
  return item.meta?.kind === "round" && item.state === "rejected" && item.status === 409;
}
