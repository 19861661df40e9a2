// The live scoring card (QR target): everyone reads it; judges (and an appointed player) write.
//
// The server renders the first paint (templates/cards/_card.html); this module renders the
// same markup from GET /api/cards/<id>, polled with If-None-Match every 5 s while the page is
// visible. Every write goes through the outbox, so it survives no network and a reload: rows
// with a write not yet saved show "pending", refused writes show under "Needs attention".
//
// The round form takes a value typed, or a hand from the pattern picker: "Use the picker"
// opens /picker in a sheet on this page (same origin, works offline) and reads its fragment;
// a picker link can also be pasted, or arrive in this page's fragment:
//   /cards/<id>#round=5&p=4.2.3,1.2&win=discard&winner=E&discarder=S&chain=W,S
// (seat winds as in the picker, meaning that round's winds; `card=<id>` may ride along).

import { dismiss, enqueue, flush, items, mountAttention, mountPending, subscribe } from "./outbox.js";
import * as zj from "./zj.js";
import * as mcr from "./mcr.js";
import { $, $$, h, signed, venueTime, venueZone } from "./dom.js";

const WINDS = ["E", "S", "W", "N"];
const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const POLL_MS = 5000;
// Each poll comes 4-6 s after the last, not exactly 5: the phones of a whole hall open their
// cards in the same few seconds at a session's start, and would otherwise ask all together
// every 5 s for as long as the session lasts.
const nextPollMs = () => POLL_MS * (0.8 + 0.4 * Math.random());

const root = document.getElementById("card-root");
const page = JSON.parse(document.getElementById("card-page").textContent);
const cardId = page.card_id;
const api = `/api/cards/${cardId}`;
const isJudge = page.is_judge;
const shortNames = page.short_names;

// A judge's page comes with the card drawn and its data; a reader's page is a shell shared by
// every phone and every version of the card, and the card comes as its shared data (poll).
let card = page.card;
let etag = page.etag ? `"${page.etag}"` : null; // the version the page was built from (the server's tag)
let queue = []; // this card's outbox items, pending and rejected
let me = null; // {player: {number, name}, is_recorder} when opened from a player's link
let catalogue = null;
let renderDeferred = false;
let renderAttention = null; // the needs-attention list names what the card holds now
let live = null; // true once the server answered; false while showing this phone's copy
let seenAt = null; // when this phone last had the card from the server (ISO), for the copy

// ------------------------------------------------------------------ the reader

const fragment = new URLSearchParams(location.hash.slice(1));
const tokenKey = `judgeaid-player-token:${cardId}`;
const playerToken = fragment.get("player") || sessionStorage.getItem(tokenKey);
if (playerToken) sessionStorage.setItem(tokenKey, playerToken);

async function loadReader() {
  if (!playerToken) return;
  const key = `judgeaid-card-reader:${cardId}:${playerToken}`;
  try {
    const response = await fetch(`${api}/me`, { headers: { "X-Player-Token": playerToken }, cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    me = await response.json();
    localStorage.setItem(key, JSON.stringify(me));
  } catch {
    me = JSON.parse(localStorage.getItem(key) || "null"); // offline: what we learnt last time
  }
  render();
}

function isRecorder() {
  return Boolean(me?.player && card && card.recorder === me.player.number);
}

function writeHeaders() {
  return !isJudge && playerToken ? { "X-Player-Token": playerToken } : {};
}

function canEdit(round) {
  if (isJudge) return true;
  // An appointed player records rounds; corrections are a judge's (the server says so too).
  return isRecorder() && !round.recorded && round.result !== "not_played" && !latestFor(round.round);
}

// ------------------------------------------------------------------ small helpers

function signClass(n) {
  return n > 0 ? " is-plus" : n < 0 ? " is-minus" : "";
}

function who(label) {
  return String(label || "").split(/:(.*)/s)[1] ?? label;
}

const ROLE_WORDS = { head_judge: "head judge" };

// Who wrote a line, in words: "Jade Judge (judge)", "Ann Lee (player 12)" (as the server says it).
function actorWords(label) {
  const [kind, rest] = String(label || "").split(/:(.*)/s);
  if (rest === undefined) return String(label || "");
  if (kind === "player") {
    const [, number, player] = rest.match(/^(\d+) (.*)$/s) || [];
    return number ? `${player} (player ${number})` : `${rest} (player)`;
  }
  return `${rest} (${ROLE_WORDS[kind] || kind})`;
}

// The venue's clock (the card's tournament's zone), as _card.html's |venue_text.
const cardZone = () => card?.tournament?.time_zone || venueZone();

function when(iso) {
  return venueTime(iso, { zone: cardZone() });
}

function name(number) {
  return shortNames[number] ?? fullName(number);
}

// Everyone who sat at the table: its four players and any substitute (§4.15).
function fullName(number) {
  return (card.people || card.players).find((p) => p.number === number)?.name ?? `#${number}`;
}

// §1.2.7 who dealt a round that the rotation's East did not deal, in words.
// A stored line names the wrong East `wrong_dealer`; a line being sent names it `dealer`.
function dealWords(r, named = name) {
  const wrong = "wrong_dealer" in r ? r.wrong_dealer : r.dealer;
  if (wrong) return `dealt by ${named(wrong)} as the wrong East${cited(words().deal_section)}`;
  if (r.compensation_for) return `${named(r.compensation_for)}’s compensation ${words().round}${cited(words().deal_section)}`;
  return "";
}

function describe(r) {
  const deal = dealWords(r);
  return deal ? `${describeResult(r)} · ${deal}` : describeResult(r);
}

function describeResult(r) {
  if (r.result === "draw") return "Draw";
  if (r.result === "not_played") {
    return r.not_played_reason === "seat_empty" ? "Not played: a player left and nobody took the seat"
      : "Not played: session time over";
  }
  if (r.win === "self") return `${name(r.winner)} won ${r.value} · self-draw`;
  let text = `${name(r.winner)} won ${r.value} on ${name(r.discarder)}’s discard`;
  if ((r.same_turn || []).length > 1) {
    text += ` · same turn: ${r.same_turn.map(name).join(" → ")}`
      + ` (${r.responsible ? `${name(r.responsible)} pays` : "nobody responsible"})`;
  }
  return text;
}

// The recorded patterns; one a ticked pattern is always scored with says so (§2.4 3.2.1, 9.4.1).
function recordedPatterns(lines) {
  return `Patterns: ${lines.map((l) => `${l.name}${l.count > 1 ? ` × ${l.count}` : ""}`
    + `${l.included ? `, ${l.included}` : ""}`).join("; ")}`;
}

// A round's line as a short sentence with full names (as the server's refusals say it).
function lineWords(r) {
  const deal = dealWords(r, fullName);
  return deal ? `${lineResult(r)}, ${deal}` : lineResult(r);
}

function lineResult(r) {
  if (r.result === "draw") return "a draw";
  if (r.result !== "win") return "not played";
  if (r.win === "self") return `${fullName(r.winner)} won ${r.value}, self-drawn`;
  let words = `${fullName(r.winner)} won ${r.value} on a discard from ${fullName(r.discarder)}`;
  if ((r.same_turn || []).length > 1) words += ` (same turn: ${r.same_turn.map(fullName).join(", then ")})`;
  return words;
}

// Who sits, in this round, in the seat a starting player drew (a substitute from their round on).
function occupant(r, player) {
  return r.seated?.[String(player)] ?? player;
}

// The winds of a round if `dealer` deals it (§1.2.7): they run on from the dealer's seat.
function dealtWinds(r, dealer) {
  const shift = WINDS.indexOf(windOf(r, dealer));
  return Object.fromEntries(Object.entries(r.winds).map(([player, wind]) =>
    [player, WINDS[(WINDS.indexOf(wind) - shift + 4) % 4]]));
}

function windOf(round, player) {
  return round.winds[String(player)];
}

function byWind(round) {
  return Object.fromEntries(Object.entries(round.winds).map(([player, wind]) => [wind, Number(player)]));
}

function windAbbr(wind) {
  return h("abbr", { class: "wind", title: WIND_NAMES[wind], text: wind });
}

// ------------------------------------------------------------------ outbox overlay

function latestFor(roundNo, state = null) {
  const found = queue.filter((item) => item.meta.kind === "round" && item.meta.round === roundNo
    && (!state || item.state === state));
  return found[found.length - 1] || null;
}

// The revision a correction replaces: the line on the card, or the last one still waiting in
// the outbox (a first line becomes revision 1, a correction the one after its base).
function baseRevision(roundNo) {
  const r = card.rounds[roundNo - 1];
  let base = r.recorded ? r.revision : 0;
  for (const item of queue) {
    if (item.meta.kind !== "round" || item.meta.round !== roundNo || item.state !== "pending") continue;
    base = Math.max(base, (item.body.correction ? item.body.base_revision : 0) + 1);
  }
  return base;
}

// The longest reason the server keeps: the page's own reason fields carry it.
function reasonLimit() {
  return document.querySelector("input[name=reason][maxlength]")?.getAttribute("maxlength") || "";
}

function queued(kind, test = () => true) {
  return queue.filter((item) => item.meta.kind === kind && test(item));
}

async function loadQueue() {
  queue = (await items()).filter((item) => item.meta?.card === cardId);
  render();
}

function pendingBadge(item) {
  return item.state === "rejected"
    ? h("span", { class: "badge is-rejected", text: "not saved · needs attention" })
    : h("span", { class: "badge is-pending", text: "pending (not yet saved)" });
}

// Complete once every round is recorded, not played, or waiting in the outbox to be saved.
function isComplete() {
  return card.rounds.every((r) => r.recorded || r.result === "not_played"
    || latestFor(r.round, "pending") || (queued("time-over", (i) => i.state === "pending").length > 0));
}

// ------------------------------------------------------------------ rendering

function renderStatus() {
  const done = card.rounds.filter((r) => r.recorded).length;
  const signers = (card.signers || []).length || 4;
  const confirmed = signers - card.pending_confirmations.length;
  const node = h("p", { class: "card-status", "data-part": "status", "data-testid": "card-status", "data-status": card.status });
  if (card.status === "locked") {
    node.append(h("strong", { text: "Locked" }), signers === 4 ? " · confirmed by all four players"
      : ` · confirmed by all ${signers} players at the table`);
  }
  else {
    node.append(h("strong", { text: "Open" }), ` · ${done} of 16 ${words().round}s recorded`);
    if (card.not_played_from) node.append(` · from ${words().round} ${card.not_played_from} not played`);
    if (confirmed > 0) node.append(` · ${confirmed} of ${signers} confirmed`);
  }
  return node;
}

// "round" and "Cycle N" in Zung Jung; "hand" and the wind rounds in MCR (Appendix 5)
function words() {
  return card.words || { round: "round", Round: "Round", cycles: [1, 2, 3, 4].map((n) => `Cycle ${n}`),
    deal_section: "§1.2.7", leave_section: "§4.11", substitute_section: "§4.15",
    substitute_reading: "our reading of §4.15",
    left_word: "resigned", forfeit_note: "" };
}

// A citation in brackets after its words, or nothing where the ruleset has none
function cited(section) {
  return section ? ` (${section})` : "";
}

// Table points as the card shows them: whole or with two decimals (tied places share)
function points(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0$/, "");
}

// The card's ruleset's scoring mirror: Zung Jung's patterns and §2.3 payoff (zj.js), or MCR's
// fans and 8 + value payoff, MCR §3.9.1.3 (mcr.js). MCR has no same-turn rule.
const isMcr = () => card.ruleset === "mcr";
const rules = () => (isMcr() ? mcr : zj);
const scoreHand = (cat, ticked) => rules().scoreHand(cat, ticked);
const impliedLabel = (cat, line) => (rules().impliedLabel ? rules().impliedLabel(cat, line) : "included");

function payoff(request) {
  if (!isMcr()) return zj.payoff(request);
  const { value, win, winner, discarder } = request;
  return mcr.payoff(win === "discard" ? { value, win, winner, discarder } : { value, win, winner });
}

function renderPlayers() {
  return h("ol", { class: "card-players", "aria-label": "Players by starting seat", "data-testid": "card-players" },
    card.players.map((p) => h("li", { dataset: { player: p.number } }, windAbbr(p.seat), " ",
      h("span", { class: "pname", text: p.name }), " ", h("span", { class: "pnum", text: `#${p.number}` }),
      (card.forfeits || []).includes(p.number)
        ? [" ", h("span", { class: "forfeit", "data-testid": `forfeit-${p.number}`, text: `· ${words().forfeit_note}` })] : [])));
}

function roundRow(r, item) {
  const editable = canEdit(r);
  const state = r.recorded ? "is-recorded" : r.result === "not_played" ? "is-not-played" : "is-open";
  const shown = item?.state === "pending" ? item.meta.deltas : r.deltas;
  const row = h("tr", {
    class: `round ${state}${item ? (item.state === "rejected" ? " is-rejected" : " is-pending") : ""}${editable ? " is-editable" : ""}`,
    "data-round": r.round, "data-testid": `round-${r.round}`, "data-dealer": r.dealer,
  }, h("th", { scope: "row", class: "rd" }, editable
    ? h("button", { type: "button", class: "rd-button", "data-edit-round": r.round,
      "aria-label": `Round ${r.round}: ${r.recorded || item ? "correct" : "record"}`, text: String(r.round) })
    : String(r.round)));
  if (r.wrong_dealer || r.compensation_for) row.classList.add("is-marked");
  for (const p of card.players) {
    const sitter = occupant(r, p.number);
    const wind = windOf(r, sitter);
    const value = shown ? shown[String(sitter)] : undefined;
    const cell = h("td", { class: `cell${wind === "E" ? " is-dealer" : ""}${sitter !== p.number ? " is-sub" : ""}`,
      dataset: { player: p.number, wind, occupant: sitter } },
    windAbbr(wind),
    value === undefined ? null : h("span", { class: `delta${signClass(value)}`, "data-value": value, text: signed(value) }));
    if (sitter !== p.number) cell.title = `${fullName(sitter)} in ${fullName(p.number)}’s seat`;
    row.append(cell);
  }
  return row;
}

function noteRow(r, item) {
  const parts = [];
  if (item) {
    const what = item.state === "rejected" ? "Yours" : item.meta.correction ? "Correction waiting to be sent" : "Waiting to be sent";
    parts.push(h("span", { class: "what" }, pendingBadge(item), ` ${what}: ${describe({ ...item.body, responsible: item.meta.responsible })}`));
    if (r.recorded) parts.push(h("span", { class: "what", text: `On the card now: ${describe(r)}` }));
  } else if (r.recorded || r.result === "not_played") {
    parts.push(h("span", { class: "what", text: describe(r) }));
  }
  if (!item && r.recorded && r.pattern_lines?.length) {
    parts.push(h("span", { class: "what", "data-round-patterns": r.round, text: recordedPatterns(r.pattern_lines) }));
  }
  if (r.recorded && r.revision > 1) {
    parts.push(h("span", { class: "fix", text: `Corrected by ${who(r.recorded_by)}, ${when(r.recorded_at)}: “${r.reason}”` }));
  }
  for (const old of r.history || []) {
    parts.push(h("span", { class: "old" }, h("del", { text: `r${old.revision}: ${describe(old)}` }),
      ` · ${who(old.recorded_by)}, ${when(old.recorded_at)}${old.reason ? `: “${old.reason}”` : ""}`));
  }
  if (!parts.length) return null;
  return h("tr", { class: "note", "data-note": r.round }, h("td", { colspan: 5 }, parts));
}

function renderGrid() {
  const table = h("table", { class: "card-grid", "data-testid": "card-grid" },
    h("caption", { class: "visually-hidden", text: `${words().Round}s 1 to 16: each player's seat wind (E is the dealer) and score` }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "rd", text: words().round === "round" ? "Rd" : "Hd" }),
      card.players.map((p) => h("th", { scope: "col", dataset: { player: p.number }, text: name(p.number) })))));
  for (let cycle = 1; cycle <= 4; cycle += 1) {
    const body = h("tbody", { class: "cycle", dataset: { cycle } },
      h("tr", { class: "cycle-head" }, h("th", { colspan: 5, scope: "rowgroup", text: words().cycles[cycle - 1] })));
    for (const r of card.rounds.slice((cycle - 1) * 4, cycle * 4)) {
      const item = latestFor(r.round);
      for (const change of (card.seat_changes || []).filter((c) => c.from_round === r.round)) {
        body.append(h("tr", { class: "seat-change", "data-seat-change": change.seat },
          h("td", { colspan: 5, text: seatChangeWords(change) })));
      }
      body.append(roundRow(r, item));
      for (const old of r.history || []) {
        body.append(h("tr", { class: "revision", "data-round": r.round, "data-revision": old.revision },
          h("th", { scope: "row", class: "rd" }, h("span", { class: "visually-hidden", text: `${words().Round} ${r.round}, replaced revision ` }), `r${old.revision}`),
          card.players.map((p) => {
            const value = old.deltas[occupant(r, p.number)];
            return h("td", { class: "cell" }, h("del", { "data-value": value, text: signed(value) }));
          })));
      }
      const note = noteRow(r, item);
      if (note) body.append(note);
    }
    table.append(body);
  }
  const line = (cls, label, title, key, test, blank = false) => h("tr", { class: cls },
    h("th", { scope: "row", class: "rd", title, text: label }),
    card.players.map((p) => {
      const value = card.totals[p.number][key];
      return h("td", { class: "cell", dataset: { player: p.number }, "data-testid": `${test}-${p.number}`, "data-value": value,
        text: blank && !value ? "·" : signed(value) });
    }));
  // §4.15 (our reading) a substitute's total sits under the seat they took: never ranked
  const subs = Object.fromEntries((card.seat_changes || []).filter((c) => c.entering)
    .map((c) => [c.leaving.number, c.entering.number]));
  const subLine = Object.keys(subs).length ? h("tr", { class: "subs" },
    h("th", { scope: "row", class: "rd", title: `Neutral substitute’s total: never ranked${cited(words().substitute_reading)}`, text: "Sub" }),
    card.players.map((p) => {
      const sub = subs[p.number];
      if (!sub) return h("td", { class: "cell", dataset: { player: p.number }, text: "·" });
      const value = card.totals[sub]?.total ?? 0;
      return h("td", { class: "cell", dataset: { player: p.number }, "data-testid": `sub-total-${sub}`,
        "data-value": value, title: fullName(sub), text: signed(value) });
    })) : null;
  // MCR §3.9.2 table points once every hand is settled (tied places share: our reading)
  const tp = card.table_points;
  const tpLine = tp ? h("tr", { class: "table-points" },
    h("th", { scope: "row", class: "rd", title: "Table points (MCR §3.9.2)", text: "TP" }),
    card.players.map((p) => h("td", { class: "cell", dataset: { player: p.number }, "data-testid": `table-points-${p.number}`,
      "data-value": tp[p.number], text: points(tp[p.number]) }))) : null;
  table.append(h("tfoot", {}, line("sum", "Σ", `${words().Round}s`, "rounds", "rounds"),
    line("pen", "Pen", "Penalties", "penalties", "penalties", true), line("total", "Total", null, "total", "total"), tpLine, subLine));
  const note = words().table_points_note ? h("p", { class: "muted table-points-note", "data-testid": "table-points-note",
    text: words().table_points_note + (tp ? "" : ` They appear here once every ${words().round} is recorded or the session time is over.`) }) : null;
  return h("div", { class: "grid-wrap", "data-part": "grid" }, table, note);
}

const leftWords = (reason) => ({ resigned: words().left_word, disqualified: "was disqualified" })[reason] || reason;

// "From round 7: Sam Spare sits in Bo Bell's seat (Bo Bell resigned, §4.11) ..."
function seatChangeWords(change) {
  const left = `${change.leaving.name} ${leftWords(change.reason)}${cited(words().leave_section)}`;
  return change.entering
    ? `From ${words().round} ${change.from_round}: ${change.entering.name} sits in ${change.leaving.name}’s seat as a neutral substitute${cited(words().substitute_section)}; ${left}.`
    : `From ${words().round} ${change.from_round}: ${left} and nobody took the seat, so the table stops here; the other three’s scores stand.`;
}

function renderSeatChanges() {
  const changes = card.seat_changes || [];
  const section = h("section", { class: "card-section seat-changes", "data-part": "seat-changes",
    "data-testid": "seat-changes", "aria-labelledby": "seat-changes-title", hidden: !changes.length });
  section.append(h("h2", { id: "seat-changes-title", text: "Who sat where" }));
  const list = h("ul", { class: "seat-change-list" });
  for (const change of changes) {
    const li = h("li", { dataset: { seat: change.seat } }, h("span", { class: "what", text: seatChangeWords(change) }));
    const left = card.totals[change.leaving.number];
    li.append(h("span", { class: "pen-meta", text: `${change.leaving.name}: ${signed(left.total)} for ${words().round}s 1–${change.from_round - 1}` }));
    if (change.entering) {
      const sub = card.totals[change.entering.number] || { total: 0 };
      li.append(h("span", { class: "pen-meta", "data-testid": `substitute-total-${change.entering.number}`,
        text: `${change.entering.name}: ${signed(sub.total)} from ${words().round} ${change.from_round} (neutral, never ranked${words().substitute_reading ? `; ${words().substitute_reading}` : ""})` }));
    }
    if (change.note) li.append(h("span", { class: "pen-meta", text: `“${change.note}” · ${who(change.recorded_by)}, ${when(change.recorded_at)}` }));
    list.append(li);
  }
  const waiting = queued("seat-change");
  for (const item of waiting) {
    list.append(h("li", {}, pendingBadge(item), ` ${item.label}`));
  }
  if (waiting.length) section.hidden = false;
  section.append(list);
  return section;
}

function renderPenalties() {
  const section = h("section", { class: "card-section penalties", "data-part": "penalties", "aria-labelledby": "penalties-title" },
    h("h2", { id: "penalties-title", text: "Penalty line" }));
  const waiting = queued("penalty");
  if (!card.penalties.length && !waiting.length) {
    section.append(h("p", { class: "muted", text: "No penalties." }));
    return section;
  }
  const list = h("ul", { class: "penalty-list", "data-testid": "penalty-list" });
  for (const pen of card.penalties) {
    const main = [h("strong", { text: `${name(pen.player)} −${pen.points}` }),
      pen.round ? ` · ${words().round} ${pen.round}` : "", ` · ${pen.reason}`];
    const voiding = queued("void", (i) => i.meta.penalty === pen.id)[0];
    const li = h("li", { class: `penalty${pen.is_void ? " is-void" : ""}`, dataset: { penalty: pen.id } },
      h("span", { class: "pen-main" }, pen.is_void ? h("del", {}, main) : main),
      h("span", { class: "pen-meta", text: `${who(pen.recorded_by)}, ${when(pen.recorded_at)}${pen.is_void ? ` · struck out: “${pen.void_reason}”` : ""}` }));
    if (voiding) li.append(h("span", { class: "pen-meta" }, pendingBadge(voiding), ` strike out: “${voiding.body.reason}”`));
    else if (isJudge && !pen.is_void) {
      li.append(h("details", { class: "strike" }, h("summary", { class: "button small", text: "Strike out" }),
        h("form", { class: "inline-form", "data-void-form": pen.id },
          h("label", {}, "Why strike it out? ", h("input", { name: "reason", required: true, maxlength: reasonLimit(), autocomplete: "off" })),
          h("button", { class: "button", type: "submit", text: "Strike out" }))));
    }
    list.append(li);
  }
  for (const item of waiting) {
    list.append(h("li", { class: "penalty is-queued" },
      h("span", { class: "pen-main" }, h("strong", { text: `${name(item.body.player)} −${item.body.points}` }),
        item.body.round ? ` · ${words().round} ${item.body.round}` : "", ` · ${item.body.reason}`),
      h("span", { class: "pen-meta" }, pendingBadge(item))));
  }
  section.append(list);
  return section;
}

function renderConfirmations() {
  const complete = card.is_complete;
  const list = h("ul", { class: "confirm-list", "data-testid": "confirmations" });
  const signers = (card.signers || card.players.map((p) => p.number)).map((number) => ({ number, name: fullName(number) }));
  for (const p of signers) {
    const c = card.confirmations.find((x) => x.player === p.number);
    const waiting = queued("confirm", (i) => i.meta.player === p.number)[0];
    const li = h("li", { class: c ? "is-confirmed" : "is-pending", dataset: { player: p.number } },
      h("span", { class: "confirm-who", text: `${c ? "✓" : "…"} ${p.name}` }),
      h("span", { class: "confirm-meta" }, c
        ? `${{ judge: "confirmed on the judge’s phone", paper: "signed on the paper card" }[c.via] ?? "confirmed on their own page"}, ${when(c.confirmed_at)}`
        : waiting ? pendingBadge(waiting) : "not yet confirmed"));
    if (isJudge && !c && !waiting && isComplete()) {
      li.append(h("button", { type: "button", class: "button", "data-confirm-for": p.number, text: `Confirm for ${name(p.number)}` }));
    }
    list.append(li);
  }
  const section = h("section", { class: "card-section confirmations", "data-part": "confirmations", "aria-labelledby": "confirm-title" },
    h("h2", { id: "confirm-title", text: "Confirmations" }), list);
  if (!complete) section.append(h("p", { class: "muted", text: "Players confirm once every round is recorded (or the session time is over)." }));
  return section;
}

function renderPlayerBar() {
  const bar = $("[data-player-bar]");
  if (!me?.player) {
    bar.hidden = !playerToken;
    if (playerToken) $("[data-player-hello]").textContent = "This player link is not for this table.";
    $("[data-my-confirm]").hidden = true;
    return;
  }
  const number = me.player.number;
  const confirmation = card.confirmations.find((c) => c.player === number);
  const waiting = queued("confirm", (i) => i.meta.player === number)[0];
  bar.hidden = false;
  $("[data-player-hello]").textContent = `${me.player.name}: `
    + (confirmation ? `you confirmed this card at ${when(confirmation.confirmed_at)}.`
      : waiting ? (waiting.state === "rejected" ? "your confirmation was not saved; see above." : "your confirmation is pending (not yet saved).")
        : isComplete() ? "check every round and your totals, then confirm below the card."
          : "you can confirm once every round is recorded.")
    + (isRecorder() ? " The judge appointed you to record rounds: tap a round." : "");
  renderMyConfirm(number, confirmation, waiting);
}

// The card version at which the player tapped "Confirm my card"; the question stands only
// while the card is unchanged, so nobody confirms totals they have not seen.
let confirmAsked = null;

function renderMyConfirm(number, confirmation, waiting) {
  const section = $("[data-my-confirm]");
  const totals = card.totals[number];
  section.hidden = false;
  for (const key of ["rounds", "penalties", "total"]) {
    const cell = $(`[data-my-total=${key}]`, section);
    cell.textContent = signed(totals[key]);
    cell.dataset.value = String(totals[key]);
  }
  // a player who left the table mid-session (§4.11) does not sign the card
  const change = (card.seat_changes || []).find((c) => c.leaving.number === number);
  const signs = !card.signers || card.signers.includes(number);
  const canConfirm = signs && !confirmation && !waiting && isComplete();
  const asking = canConfirm && confirmAsked === card.version;
  if (!asking) confirmAsked = null;
  $("[data-my-confirm-note]", section).textContent = !signs && change
    ? `You left the table from ${words().round} ${change.from_round}: your total is the ${words().round}s before it. The players at the table at the end confirm the card.`
    : confirmation
    ? `You confirmed these totals at ${when(confirmation.confirmed_at)}.`
    : waiting ? "Your confirmation is pending (not yet saved)."
      : asking ? "Confirm these totals? When all four players have confirmed, the card is locked."
        : canConfirm ? "Check every round above. If your totals are right, confirm them."
          : "You can confirm once every round is recorded.";
  $("[data-confirm-mine]", section).hidden = !canConfirm || asking;
  $("[data-confirm-yes]", section).hidden = !asking;
  $("[data-confirm-no]", section).hidden = !asking;
}

function render() {
  if (!card) return; // a shell not yet given its card: the placeholder stands
  // Never pull a form out from under someone typing in it; render when they leave it.
  if (root.contains(document.activeElement) && document.activeElement.matches("input, select, textarea")) {
    renderDeferred = true;
    return;
  }
  renderDeferred = false;
  const open = $$("details[open] [data-void-form]", root).map((f) => f.dataset.voidForm);
  root.replaceChildren(renderStatus(), renderPlayers(), renderGrid(), renderSeatChanges(), renderPenalties(), renderConfirmations());
  for (const id of open) $(`[data-void-form="${id}"]`, root)?.closest("details")?.setAttribute("open", "");
  root.dataset.version = String(card.version);
  renderPlayerBar();
  const foot = $("[data-card-foot]");
  if (foot) foot.textContent = `Version ${card.version}. This page updates itself while it is open.`;
  renderAttention?.();
  const recorderForm = $("[data-recorder-form]");
  const recorderQueued = queued("recorder", (i) => i.state === "pending").length > 0;
  if (recorderForm && !recorderQueued && !recorderForm.contains(document.activeElement)) {
    for (const input of $$("input[name=player]", recorderForm)) input.checked = input.value === String(card.recorder ?? "");
  }
}

root.addEventListener("focusout", () => setTimeout(() => { if (renderDeferred) render(); }, 0));

// ------------------------------------------------------------------ keeping up to date

function adopt(data, tag = null, fromServer = true) {
  if (!data || data.id !== cardId || (card && data.version < card.version)) return; // an older copy (cache)
  // A new tag at the same card version: a name or a setting the card shows has changed.
  const changed = !card || data.version !== card.version || (tag !== null && tag !== etag);
  card = data;
  // A write's answer carries the card but not its tag: the next poll fetches it whole once.
  etag = tag;
  if (fromServer) keepCopy();
  if (changed) render();
}

// The last state seen from the server is kept in the service worker's page cache, so a
// reload with no network shows it (not the older state the cached page was rendered with).
const COPIES = "pages";
let keptVersion = null;
let keptAt = 0;

function keepCopy() {
  seenAt = new Date().toISOString();
  // A new version at once; the same one at most once a minute, just to date the copy.
  if (!("caches" in window) || (keptVersion === card.version && Date.now() - keptAt < 60000)) return;
  keptVersion = card.version;
  keptAt = Date.now();
  const body = JSON.stringify(card);
  const headers = { "Content-Type": "application/json", "X-Judgeaid-Seen-At": seenAt };
  if (etag) headers.ETag = etag;
  caches.open(COPIES).then((cache) => cache.put(api, new Response(body, { headers }))).catch(() => {});
}

async function loadCopy() {
  if (!("caches" in window)) return;
  try {
    const hit = await (await caches.open(COPIES)).match(api);
    if (!hit) return;
    seenAt = hit.headers.get("X-Judgeaid-Seen-At") || hit.headers.get("Date");
    adopt(await hit.json(), hit.headers.get("ETag"), false);
  } catch {
    // no copy to read: the page's own state stands
  }
}

// "No connection" over the card while it shows this phone's copy; gone once the server answers.
function setLive(value) {
  const was = live;
  live = value;
  root.dataset.live = String(value);
  let notice = $("[data-card-copy]");
  if (!notice) {
    notice = h("p", { class: "flash flash-warning", role: "status", "data-card-copy": true, "data-testid": "card-copy", hidden: true });
    root.before(notice);
  }
  notice.hidden = value;
  if (!value && !card) {
    notice.textContent = "No connection, and this phone has no copy of this card yet. "
      + "The card shows by itself when the connection returns.";
  } else if (!value) {
    const at = seenAt ? ` (last updated ${venueTime(seenAt, { zone: cardZone() })})` : "";
    notice.textContent = `No connection. This is the copy of the card kept on this phone${at}. `
      + "Rounds waiting to be sent are marked pending. The card goes live again by itself when the connection returns.";
  }
  if (value && was === false) flush(); // back online: send what waits now, not at the next retry
}

let pollTimer = null;
async function poll() {
  clearTimeout(pollTimer);
  if (document.visibilityState === "visible") {
    try {
      const response = await fetch(api, { headers: etag ? { "If-None-Match": etag } : {}, cache: "no-store" });
      const isCopy = response.headers.has("X-Judgeaid-Copy"); // the service worker's, not the server's
      if (response.status === 200) {
        if (isCopy) seenAt = response.headers.get("X-Judgeaid-Seen-At") || response.headers.get("Date") || seenAt;
        adopt(await response.json(), response.headers.get("ETag"), !isCopy);
      } else if (response.status === 304) keepCopy();
      if (isCopy) setLive(false);
      else if (response.status === 200 || response.status === 304) setLive(true);
    } catch {
      // offline and no copy, or no answer: the next poll tries again; the outbox keeps the writes
      setLive(false);
    }
  }
  pollTimer = setTimeout(poll, nextPollMs());
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") poll();
});
// The online event is unreliable on venue Wi-Fi, so the poll timer keeps trying as well.
addEventListener("online", () => poll());

subscribe((event) => {
  if (event.item?.meta?.card === cardId) {
    if (event.type === "sent") adopt(event.response?.card);
    if (event.type === "rejected") poll(); // show what the server holds beside the refusal
  }
  loadQueue();
});

// ------------------------------------------------------------------ writing

function write(path, body, label, meta) {
  return enqueue({ url: `${api}${path}`, body, label, headers: writeHeaders(), meta: { card: cardId, ...meta } })
    .catch((error) => {
      // Storage refused (rare: a locked-down browser): say so loudly; nothing was kept.
      alert(`NOT SAVED: this phone could not keep “${label}” (${error.message}). Write it down and try again.`);
    });
}

document.addEventListener("click", (event) => {
  const target = event.target;
  const confirmFor = target.closest("[data-confirm-for]");
  if (confirmFor) {
    const player = Number(confirmFor.dataset.confirmFor);
    confirmFor.disabled = true;
    write("/confirm", { player }, `Confirm the card for ${fullName(player)}`, { kind: "confirm", player });
    return;
  }
  if (target.closest("[data-confirm-mine]") && me?.player) {
    confirmAsked = card.version; // first tap: ask, with the totals in view
    renderPlayerBar();
    $("[data-confirm-yes]").focus();
    return;
  }
  if (target.closest("[data-confirm-no]")) {
    confirmAsked = null;
    renderPlayerBar();
    return;
  }
  if (target.closest("[data-confirm-yes]") && me?.player && confirmAsked === card.version) {
    confirmAsked = null;
    $("[data-confirm-yes]").hidden = true;
    write("/confirm", {}, `${me.player.name} confirms the card`, { kind: "confirm", player: me.player.number });
    return;
  }
  if (target.closest("[data-time-over]")) {
    target.closest("details").open = false;
    write("/time-over", {}, "Session time over: the remaining rounds not played", { kind: "time-over" });
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
    write(`/penalties/${id}/void`, { reason }, `Strike out penalty ${id}`, { kind: "void", penalty: id });
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
    write("/recorder", { player }, player ? `Appoint ${fullName(player)} to record rounds` : "No recorder on this card",
      { kind: "recorder", player });
    form.closest("details").open = false;
  }
});

// §4.11 a player leaves from a round on; §4.15 (our reading) a neutral substitute takes the seat.
function saveSeatChange(form) {
  const error = $("[data-form-error]", form);
  const player = Number(form.querySelector("input[name=player]:checked")?.value);
  const fromRound = Number(form.from_round.value);
  const reason = form.querySelector("input[name=reason]:checked")?.value;
  const substitute = form.substitute.value ? Number(form.substitute.value) : null;
  error.textContent = !player ? "Choose the player who leaves."
    : !fromRound ? "Choose the first round they do not play."
      : !reason ? "Say whether they resigned or were disqualified." : "";
  if (error.textContent) return;
  const body = { player, from_round: fromRound, reason, substitute, note: form.note.value.trim() };
  const label = `${fullName(player)} leaves from ${words().round} ${fromRound} (${reason})`
    + (substitute ? `; ${form.substitute.selectedOptions[0].textContent} takes the seat` : "; nobody takes the seat");
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
  error.textContent = !player ? "Choose the player."
    : !Number.isInteger(points) || points < 1 || points > 1000 ? "Points: a whole number from 1 to 1000."
      : !reason ? "Give the reason." : "";
  if (error.textContent) return;
  const body = { player, points, reason };
  if (round) body.round = round;
  write("/penalties", body, `Penalty: ${fullName(player)} −${points} (${reason})`, { kind: "penalty" });
  form.reset();
  document.activeElement?.blur();
  form.closest("details").open = false;
}

// ------------------------------------------------------------------ the round form

const dialog = $("[data-round-dialog]");
const roundForm = $("[data-round-form]");
const pickerDialog = $("[data-picker-dialog]");
const frame = $("[data-picker-frame]");
let entry = null; // the round being edited: {round, result, winner, win, discarder, chain, value, patterns, correction}

function seatOrder(r) {
  const players = byWind(r);
  return WINDS.map((w) => players[w]);
}

// The turn starts with the winner's own discard (§2.3): earlier discarders go in that order.
function playOrder(r, players) {
  const start = WINDS.indexOf(windOf(r, entry.winner));
  const rank = (p) => (WINDS.indexOf(windOf(r, p)) - start + 4) % 4;
  return [...players].sort((a, b) => rank(a) - rank(b));
}

function choices(r, field, type) {
  return seatOrder(r).map((player) => h("label", {},
    h("input", { type, name: field, value: player }), windAbbr(windOf(r, player)), ` ${name(player)}`));
}

function openRound(roundNo, prefill = null, replaces = null) {
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
    // §1.2.7 the wrong East who dealt, or the skipped East whose compensation round it is
    dealer: (source && ("wrong_dealer" in source ? source.wrong_dealer : source.dealer)) ?? null,
    compensation: source?.compensation_for ?? null,
  };
  if (entry.discarder === entry.winner) entry.discarder = null;
  $("[data-round-title]").textContent = `${words().Round} ${roundNo}${entry.correction ? " · correction" : ""}`;
  paintDeal(r);
  paintSeats();
  const note = $("[data-correction-note]");
  note.hidden = !entry.correction;
  note.textContent = r.recorded
    ? `Round ${roundNo} is recorded (${describe(r)}). Saving makes a correction: the old line stays, struck through, and the players confirm again.`
    : "A line for this round is still waiting to be sent: saving again sends a correction after it.";
  $("[data-reason-field]").hidden = !entry.correction;
  roundForm.reason.value = "";
  roundForm.picker_link.value = "";
  $("[data-form-error]", roundForm).textContent = "";
  $("[data-chain]").open = entry.chain.length > 0;
  paintForm();
  if (!dialog.open) dialog.showModal();
}

// The round being edited, with the winds of whoever the form says dealt it (§1.2.7).
function currentRound() {
  const r = card.rounds[entry.round - 1];
  const dealer = entry.dealer ?? entry.compensation ?? r.scheduled_dealer ?? r.dealer;
  return dealer === r.dealer ? r : { ...r, dealer, winds: dealtWinds(r, dealer) };
}

// The players to choose from, labelled with the winds of the round as it was dealt.
function paintSeats() {
  const r = currentRound();
  $("[data-round-seats]").replaceChildren(`${words().cycles[r.cycle - 1]} · dealer `, windAbbr("E"), ` ${name(r.dealer)}`);
  for (const field of ["winner", "discarder"]) $(`[data-player-choices=${field}]`).replaceChildren(...choices(r, field, "radio"));
  $("[data-player-choices=chain]").replaceChildren(...choices(r, "chain", "checkbox"));
  $("[data-player-choices=claimants]").replaceChildren(...choices(r, "claimants", "checkbox"));
}

// §1.2.7: the rotation's East, a wrong East, or a skipped East's compensation round.
function paintDeal(r) {
  const scheduled = r.scheduled_dealer ?? r.dealer;
  const atTable = Object.keys(r.winds).map(Number);
  const owed = Object.entries(card.deal_owed || {})
    .filter(([player, rounds]) => rounds.some((n) => n < r.round) && atTable.includes(Number(player)))
    .map(([player]) => Number(player));
  if (entry.compensation && !owed.includes(entry.compensation)) owed.push(entry.compensation);
  const option = (value, text, selected) => h("option", { value, selected, text });
  const options = [option("", `${name(scheduled)}, as the rotation says`, !entry.dealer && !entry.compensation)];
  for (const player of atTable.filter((p) => p !== scheduled)) {
    options.push(option(`wrong:${player}`, `${name(player)}, the wrong East`, entry.dealer === player));
  }
  for (const player of owed.filter((p) => p !== scheduled)) {
    options.push(option(`comp:${player}`, `${name(player)}: compensation round`, entry.compensation === player));
  }
  // a list, not radio buttons: the form chooses nothing for the judge but this default
  roundForm.elements.deal.replaceChildren(...options);
  $("[data-deal]").open = Boolean(entry.dealer || entry.compensation);
  $("[data-deal]").hidden = !isJudge || isMcr(); // the app leaves §1.2.7 marks to a judge
}

function paintForm() {
  const r = currentRound();
  const isWin = entry.result === "win";
  for (const input of $$("input[name=result]", roundForm)) input.checked = input.value === entry.result;
  for (const input of $$("input[name=win]", roundForm)) input.checked = input.value === entry.win;
  // MCR §3.11.3, ZJ §1.8: a player who lost the right to win this round is not offered
  const barred = new Map((card.no_win?.[String(entry.round)] || []).map((x) => [x.player, x.note]));
  for (const input of $$("input[name=winner]", roundForm)) {
    input.checked = Number(input.value) === entry.winner;
    input.disabled = barred.has(Number(input.value));
    input.closest("label").hidden = input.disabled && !input.checked;
  }
  const noWin = $("[data-no-win-note]", roundForm);
  noWin.hidden = barred.size === 0;
  noWin.textContent = [...barred].map(([player, note]) => `${name(player)}: ${note}`).join(" ");
  // MCR §3.7.2.4: several Hu on one discard; the server makes the nearest claimant the winner
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
  $("[data-win-only]", roundForm).hidden = !isWin;
  $("[data-field=discarder] legend", roundForm).textContent = entry.winner === null
    ? "Discarded the winning tile" : `Discarded the winning tile (not ${name(entry.winner)})`;
  for (const block of $$("[data-discard-only]", roundForm)) block.hidden = entry.win !== "discard";
  $("[data-chain]").hidden ||= isMcr(); // MCR: only the discarder pays the value
  if (document.activeElement !== roundForm.elements.value) roundForm.elements.value.value = entry.value ?? "";
  const patternsLine = $("[data-patterns-line]");
  patternsLine.hidden = !entry.patterns;
  if (entry.patterns) {
    patternsLine.replaceChildren(`From the picker: ${patternNames(entry.patterns)} = ${entry.value}. `,
      h("button", { type: "button", class: "linkish", "data-clear-patterns": true, text: "Type a value instead" }));
  }
  const order = entry.chain.length && entry.discarder !== null ? [...playOrder(r, entry.chain), entry.discarder] : [];
  $("[data-chain-order]").textContent = order.length ? `In this turn: ${order.map(name).join(" → ")}` : "";
  renderPreview();
}

function patternNames(patterns) {
  const names = new Map((catalogue?.patterns || catalogue?.fans || []).map((p) => [p.id, p.name]));
  const plain = () => Object.entries(patterns).map(([id, n]) => `${names.get(id) || id}${n > 1 ? ` × ${n}` : ""}`).join(", ");
  if (!catalogue) return plain();
  try {
    // With the patterns the ticked ones are always scored with, marked as included.
    return scoreHand(catalogue, patterns).lines.map((l) => `${l.name}${l.count > 1 ? ` × ${l.count}` : ""}`
      + `${l.implied_by ? `, ${impliedLabel(catalogue, l)}` : ""}`).join("; ");
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
  if (entry.result === null) return "Choose the result: a win or a draw.";
  if (entry.result === "win") {
    if (entry.winner === null) return "Choose the winner.";
    if (entry.win === null) return "Choose how they won: on a discard or self-drawn.";
    if (entry.win === "discard" && (entry.discarder === null || entry.discarder === entry.winner)) {
      return "Choose who discarded the winning tile.";
    }
    if (!isValueOk()) return `Type the hand value (1 to ${maxValue()}), or use the picker.`;
  }
  if (entry.correction && !roundForm.reason.value.trim()) return "Give the reason for the correction.";
  return "";
}

function paintSave() {
  const hint = missing();
  $("[data-save-hint]", roundForm).textContent = hint;
  $("[data-save-round]", roundForm).disabled = Boolean(hint);
}

// The four deltas, worked out here with the same payoff code the server mirrors (zj.js).
function computeDeltas() {
  const r = currentRound();
  if (entry.result === "draw") {
    // §1.6 a draw: nobody scores
    return { deltas: Object.fromEntries(card.players.map((p) => [String(p.number), 0])), responsible: null };
  }
  if (entry.result !== "win" || entry.winner === null || entry.win === null || !isValueOk()) return null;
  if (entry.win === "discard" && (entry.discarder === null || entry.discarder === entry.winner)) return null;
  const request = { value: entry.value, win: entry.win, winner: windOf(r, entry.winner), scheme: card.scheme };
  if (entry.win === "discard") {
    request.discarder = windOf(r, entry.discarder);
    request.same_turn = [...playOrder(r, entry.chain), entry.discarder].map((p) => windOf(r, p));
  }
  const result = payoff(request);
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
    const value = result ? result.deltas[String(p)] : null;
    return h("div", { class: "preview-cell", "data-testid": `preview-${p}` },
      h("span", {}, windAbbr(windOf(r, p)), ` ${name(p)}`),
      h("output", { class: value === null ? "" : signClass(value).trim(), "data-value": value ?? "", text: value === null ? "—" : signed(value) }));
  }));
  paintSave();
  if (!result) {
    if (!note.textContent) note.textContent = "The score changes show here once the round is complete.";
    return null;
  }
  note.textContent = entry.result === "draw" ? "Draw: nobody scores (§1.6)."
    : card.scheme === "uniform" ? "Everybody pays the value (uniform payoff)."
      : entry.win === "self" ? "Self-draw: the three others pay the value each (§2.3)."
        : result.responsible ? `${name(result.responsible)} is responsible and pays the balance (§2.3).`
          : entry.value <= 25 ? "25 points or less: the three others pay alike (§2.3)."
            : "Nobody is responsible (same-turn immunity): the three others pay alike (§2.3).";
  return result;
}

roundForm.addEventListener("change", (event) => {
  const input = event.target;
  if (input.name === "result") entry.result = input.value;
  if (input.name === "win") entry.win = input.value;
  if (input.name === "winner") {
    entry.winner = Number(input.value);
    if (entry.discarder === entry.winner) entry.discarder = null; // never guess who discarded
    entry.chain = entry.chain.filter((p) => p !== entry.discarder);
  }
  if (input.name === "discarder") {
    entry.discarder = Number(input.value);
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
});

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
  error.textContent = missing() || (!result ? "This round cannot be scored as it stands." : "");
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
  const label = `${words().Round} ${entry.round}${entry.correction ? " (correction)" : ""}: ${describe(body)}`;
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

async function loadCatalogue() {
  if (catalogue) return catalogue;
  const code = isMcr() ? "mcr" : "zj";
  const embedded = frame.contentDocument?.getElementById(`${code}-catalogue`);
  if (embedded) catalogue = JSON.parse(embedded.textContent);
  else catalogue = await (await fetch(`/api/${code}/catalogue`)).json();
  return catalogue;
}

function pickerFragment() {
  const r = currentRound();
  const parts = [];
  if (entry.patterns) {
    parts.push(`p=${Object.entries(entry.patterns).map(([id, n]) => (n > 1 ? `${id}*${n}` : id)).join(",")}`);
  } else if (entry.value) parts.push(`v=${entry.value}`);
  if (entry.win) parts.push(`win=${entry.win}`);
  if (entry.winner !== null) parts.push(`winner=${windOf(r, entry.winner)}`);
  if (entry.win === "discard" && entry.discarder !== null) {
    parts.push(`discarder=${windOf(r, entry.discarder)}`);
    if (entry.chain.length) parts.push(`chain=${[...playOrder(r, entry.chain), entry.discarder].map((p) => windOf(r, p)).join(",")}`);
  }
  parts.push(`scheme=${card.scheme}`);
  return parts.join("&");
}

// The MCR picker's fragment: f=<fan>*<count>,... and fl=<flowers> (flowers are fan 81)
function mcrFragment() {
  const r = currentRound();
  const parts = [];
  if (entry.patterns) {
    const fans = Object.entries(entry.patterns).filter(([id]) => id !== "81");
    if (fans.length) parts.push(`f=${fans.map(([id, n]) => (n > 1 ? `${id}*${n}` : id)).join(",")}`);
    if (entry.patterns["81"]) parts.push(`fl=${entry.patterns["81"]}`);
  }
  if (entry.win) parts.push(`win=${entry.win}`);
  if (entry.winner !== null) parts.push(`winner=${windOf(r, entry.winner)}`);
  if (entry.win === "discard" && entry.discarder !== null) parts.push(`discarder=${windOf(r, entry.discarder)}`);
  return parts.join("&");
}

function openPicker() {
  frame.src = isMcr() ? `/picker/mcr#${mcrFragment()}` : `/picker#${pickerFragment()}`;
  pickerDialog.showModal();
}

// Inside the sheet the picker needs no site header; card.css knows the embedded layout.
frame.addEventListener("load", () => {
  const doc = frame.contentDocument;
  if (!doc || doc.documentElement.classList.contains("is-embedded")) return;
  doc.documentElement.classList.add("is-embedded");
  const sheet = document.querySelector("link[href*='card.css']");
  if (sheet) doc.head.append(Object.assign(doc.createElement("link"), { rel: "stylesheet", href: sheet.href }));
});

$("[data-use-hand]").addEventListener("click", async () => {
  const hash = frame.contentWindow?.location.hash || "";
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
    return entry.value ? null : "The picker link has no usable value.";
  }
  const patterns = {};
  for (const part of (params.get(isMcr() ? "f" : "p") || "").split(",").filter(Boolean)) {
    const [id, count = "1"] = part.split("*");
    patterns[id] = Number(count);
  }
  const flowers = isMcr() ? Number(params.get("fl") || 0) : 0;
  if (flowers) patterns["81"] = flowers;
  if (!catalogue) return "The pattern list is not available offline yet; type the value instead.";
  try {
    const hand = scoreHand(catalogue, patterns);
    if (hand.errors.length) {
      // A refused hand leaves no value behind that Save could send (§2.2, §1.5).
      entry.value = null;
      entry.patterns = null;
      return `The picker's patterns break the counting rules: ${hand.errors.map((e) => e.message).join(" ")}`;
    }
    entry.value = hand.value;
    entry.patterns = Object.keys(patterns).length ? patterns : null;
  } catch (error) {
    return error.message;
  }
  return null;
}

// A picker link in this page's own fragment opens that round's form, filled in.
async function openFromFragment() {
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

// ------------------------------------------------------------------ the conflict banner

function isRoundConflict(item) {
  return item.meta?.kind === "round" && item.state === "rejected" && item.status === 409;
}

/** Show each round this phone sent that someone else had written first: who wrote what. */
function renderConflicts() {
  const section = $("[data-testid=card-conflicts]");
  const conflicts = queue.filter(isRoundConflict);
  section.hidden = conflicts.length === 0;
  if (!conflicts.length) {
    section.replaceChildren();
    return;
  }
  section.replaceChildren(h("h2", { text: conflicts.length === 1 ? "A round was recorded twice" : "Rounds recorded twice" }),
    ...conflicts.map((item) => {
      // The line that stands: the newer of the card as this page holds it and the line the
      // server sent with the refusal (the page may not have fetched the card since).
      const held = card.rounds[item.meta.round - 1];
      const sent = item.details?.[0]?.current;
      const r = sent && (!held.recorded || (sent.revision ?? 0) > (held.revision ?? 0))
        ? { ...sent, recorded: true } : held;
      const theirs = r.recorded
        ? `${actorWords(r.recorded_by)} ${r.revision > 1 ? "corrected" : "already recorded"} round ${item.meta.round}`
          + ` ${r.revision > 1 ? "to" : "as"}: ${lineWords(r)}.`
        : item.message;
      const keep = h("button", { type: "button", class: "button small", "data-keep-theirs": item.op_id,
        text: isJudge ? "Keep theirs" : "Let mine go" });
      keep.addEventListener("click", () => dismiss(item.op_id));
      const actions = [keep];
      if (isJudge) {
        const fix = h("button", { type: "button", class: "button small", text: "Correct it to yours" });
        fix.addEventListener("click", () => openRound(item.meta.round, item.body, item.op_id));
        actions.push(fix);
      }
      return h("article", { class: "conflict", "data-conflict": item.op_id, "data-round": item.meta.round },
        h("p", { text: theirs }),
        h("p", { text: `${item.body.correction ? "Your correction" : "You entered"}: ${lineWords(item.body)}.` }),
        r.recorded ? h("p", { text: isJudge ? "Choose which one stands." : "A judge decides which one stands." }) : null,
        h("p", { class: "attention-actions" }, actions));
    }));
}

// ------------------------------------------------------------------ start

mountPending($("[data-testid=outbox-pending]"), (item) => item.meta?.card === cardId);
const renderOutboxAttention = mountAttention($("[data-testid=outbox-attention]"), {
  // A round someone else recorded first has its own banner, in words (renderConflicts).
  filter: (item) => item.meta?.card === cardId && !isRoundConflict(item),
  actions: (item) => {
    if (item.meta.kind !== "round" || !isJudge) return [];
    const fix = h("button", { type: "button", class: "button small", text: "Correct it to yours" });
    fix.addEventListener("click", () => openRound(item.meta.round, item.body, item.op_id));
    return [fix];
  },
});
renderAttention = () => {
  renderOutboxAttention();
  renderConflicts();
};

await loadQueue();
await loadCopy();
// A shell fetches the card before anything reads it; a judge's page has it and polls below.
const shell = card === null || card === undefined;
if (shell) await poll(); // live, or this phone's copy under "No connection"
await loadReader();
if (isJudge || isRecorder()) loadCatalogue().catch(() => null);
if (card) openFromFragment();
document.documentElement.dataset.cardReady = "true";
if (!shell) poll(); // at once: live, or this phone's copy under "No connection"
