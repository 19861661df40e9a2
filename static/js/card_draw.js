// The card drawn from its data: status, players, the grid of rounds, who sat where, the
// penalty line, confirmations and the player's own bar. Every rule-dependent word is the
// card's ruleset's (say("js.card..."), card.words); the outbox's writes not yet saved show
// as pending beside what the server holds.

import { $, $$, h, signed, t } from "./dom.js";
import {
  canEdit, card, cardWords, describe, fullName, hooks, isComplete, isJudge, isRecorder, latestFor, me,
  name, occupant, pendingBadge, playerToken, queued, root, say, signClass, when, who, windAbbr, windOf,
} from "./card_state.js";

let renderDeferred = false;

// The recorded patterns (or fans); one a ticked one always brings says so.
function recordedPatterns(lines) {
  return say("js.card.recorded_patterns", { patterns: lines.map((l) => `${l.name}${l.count > 1 ? ` × ${l.count}` : ""}`
    + `${l.included ? `, ${l.included}` : ""}`).join("; ") });
}

// The longest reason the server keeps: the page's own reason fields carry it.
function reasonLimit() {
  return document.querySelector("input[name=reason][maxlength]")?.getAttribute("maxlength") || "";
}

function renderStatus() {
  const done = card.rounds.filter((r) => r.recorded).length;
  const signers = (card.signers || []).length || 4;
  const confirmed = signers - card.pending_confirmations.length;
  const node = h("p", { class: "card-status", "data-part": "status", "data-testid": "card-status", "data-status": card.status });
  if (card.status === "locked") {
    node.append(h("strong", { text: t("Locked") }), " · " + (signers === 4 ? t("confirmed by all four players")
      : t("confirmed by all {n} players at the table", { n: signers })));
  }
  else {
    node.append(h("strong", { text: t("Open") }), ` · ${say("js.card.status_recorded", { done })}`);
    if (card.not_played_from) node.append(` · ${say("js.card.status_not_played_from", { round: card.not_played_from })}`);
    if (confirmed > 0) node.append(" · " + t("{confirmed} of {signers} confirmed", { confirmed, signers }));
  }
  return node;
}

// Table points as the card shows them: whole or with two decimals (tied places share)
function points(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0$/, "");
}

function renderPlayers() {
  return h("ol", { class: "card-players", "aria-label": t("Players by starting seat"), "data-testid": "card-players" },
    card.players.map((p) => h("li", { dataset: { player: p.number } }, windAbbr(p.seat), " ",
      h("span", { class: "pname", text: p.name }), " ", h("span", { class: "pnum", text: `#${p.number}` }),
      (card.forfeits || []).includes(p.number)
        ? [" ", h("span", { class: "forfeit", "data-testid": `forfeit-${p.number}`, text: `· ${cardWords().forfeit_note}` })] : [])));
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
      "aria-label": say(r.recorded || item ? "js.card.round_button_correct" : "js.card.round_button_record", { round: r.round }), text: String(r.round) })
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
    if (sitter !== p.number) cell.title = t("{sitter} in {player}’s seat", { sitter: fullName(sitter), player: fullName(p.number) });
    row.append(cell);
  }
  return row;
}

function noteRow(r, item) {
  const parts = [];
  if (item) {
    const what = item.state === "rejected" ? t("Yours") : item.meta.correction ? t("Correction waiting to be sent") : t("Waiting to be sent");
    parts.push(h("span", { class: "what" }, pendingBadge(item),
      " " + t("{what}: {line}", { what, line: describe({ ...item.body, responsible: item.meta.responsible }) })));
    if (r.recorded) parts.push(h("span", { class: "what", text: t("On the card now: {line}", { line: describe(r) }) }));
  } else if (r.recorded || r.result === "not_played") {
    parts.push(h("span", { class: "what", text: describe(r) }));
  }
  if (!item && r.recorded && r.pattern_lines?.length) {
    parts.push(h("span", { class: "what", "data-round-patterns": r.round, text: recordedPatterns(r.pattern_lines) }));
  }
  if (r.recorded && r.revision > 1) {
    parts.push(h("span", { class: "fix", text: t("Corrected by {who}, {when}: “{reason}”",
      { who: who(r.recorded_by), when: when(r.recorded_at), reason: r.reason }) }));
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
    h("caption", { class: "visually-hidden", text: say("js.card.grid_caption") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "rd", text: say("js.card.grid_head") }),
      card.players.map((p) => h("th", { scope: "col", dataset: { player: p.number }, text: name(p.number) })))));
  for (let cycle = 1; cycle <= 4; cycle += 1) {
    const body = h("tbody", { class: "cycle", dataset: { cycle } },
      h("tr", { class: "cycle-head" }, h("th", { colspan: 5, scope: "rowgroup", text: cardWords().cycles[cycle - 1] })));
    for (const r of card.rounds.slice((cycle - 1) * 4, cycle * 4)) {
      const item = latestFor(r.round);
      // at a wind-round (cycle) change, where each player moves, in the ruleset's words
      if (r.moves?.length) {
        body.append(h("tr", { class: "seat-moves", "data-seat-moves": r.round },
          h("td", { colspan: 5 }, r.moves.map((text) => h("span", { class: "seat-move", text })))));
      }
      for (const change of (card.seat_changes || []).filter((c) => c.from_round === r.round)) {
        body.append(h("tr", { class: "seat-change", "data-seat-change": change.seat },
          h("td", { colspan: 5, text: seatChangeWords(change) })));
      }
      body.append(roundRow(r, item));
      for (const old of r.history || []) {
        body.append(h("tr", { class: "revision", "data-round": r.round, "data-revision": old.revision },
          h("th", { scope: "row", class: "rd" }, h("span", { class: "visually-hidden", text: say("js.card.replaced_revision", { round: r.round }) }), `r${old.revision}`),
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
  // a substitute's total sits under the seat they took: never ranked
  const subs = Object.fromEntries((card.seat_changes || []).filter((c) => c.entering)
    .map((c) => [c.leaving.number, c.entering.number]));
  const subLine = Object.keys(subs).length ? h("tr", { class: "subs" },
    h("th", { scope: "row", class: "rd", title: say("js.card.substitute_total_title"), text: t("Sub") }),
    card.players.map((p) => {
      const sub = subs[p.number];
      if (!sub) return h("td", { class: "cell", dataset: { player: p.number }, text: "·" });
      const value = card.totals[sub]?.total ?? 0;
      return h("td", { class: "cell", dataset: { player: p.number }, "data-testid": `sub-total-${sub}`,
        "data-value": value, title: fullName(sub), text: signed(value) });
    })) : null;
  // the ruleset's table points once every hand is settled (the server works them out)
  const tp = card.table_points;
  const tpLine = tp ? h("tr", { class: "table-points" },
    h("th", { scope: "row", class: "rd", title: say("js.card.table_points_title"), text: say("js.card.table_points_head") }),
    card.players.map((p) => h("td", { class: "cell", dataset: { player: p.number }, "data-testid": `table-points-${p.number}`,
      "data-value": tp[p.number], text: points(tp[p.number]) }))) : null;
  table.append(h("tfoot", {}, line("sum", "Σ", say("js.card.rounds_title"), "rounds", "rounds"),
    line("pen", t("Pen"), t("Penalties"), "penalties", "penalties", true), line("total", t("Total"), null, "total", "total"), tpLine, subLine));
  const note = cardWords().table_points_note ? h("p", { class: "muted table-points-note", "data-testid": "table-points-note",
    text: tp ? cardWords().table_points_note : `${cardWords().table_points_note} ${say("js.card.table_points_later")}` }) : null;
  return h("div", { class: "grid-wrap", "data-part": "grid" }, table, note);
}

// "From round 7: Sam Spare sits in Bo Bell's seat as a neutral substitute ...; Bo Bell resigned ..."
function seatChangeWords(change) {
  const reason = change.reason === "disqualified" ? "disqualified" : "resigned";
  const values = { round: change.from_round, leaving: change.leaving.name, entering: change.entering?.name };
  return say(`js.card.seat_change_${reason}_${change.entering ? "substitute" : "empty"}`, values);
}

function renderSeatChanges() {
  const changes = card.seat_changes || [];
  const section = h("section", { class: "card-section seat-changes", "data-part": "seat-changes",
    "data-testid": "seat-changes", "aria-labelledby": "seat-changes-title", hidden: !changes.length });
  section.append(h("h2", { id: "seat-changes-title", text: t("Who sat where") }));
  const list = h("ul", { class: "seat-change-list" });
  for (const change of changes) {
    const li = h("li", { dataset: { seat: change.seat } }, h("span", { class: "what", text: seatChangeWords(change) }));
    const left = card.totals[change.leaving.number];
    li.append(h("span", { class: "pen-meta", text: say("js.card.leaving_total", { name: change.leaving.name, total: signed(left.total), last: change.from_round - 1 }) }));
    if (change.entering) {
      const sub = card.totals[change.entering.number] || { total: 0 };
      li.append(h("span", { class: "pen-meta", "data-testid": `substitute-total-${change.entering.number}`,
        text: say("js.card.substitute_total", { name: change.entering.name, total: signed(sub.total), round: change.from_round }) }));
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
    h("h2", { id: "penalties-title", text: t("Penalty line") }));
  const waiting = queued("penalty");
  if (!card.penalties.length && !waiting.length) {
    section.append(h("p", { class: "muted", text: t("No penalties.") }));
    return section;
  }
  const list = h("ul", { class: "penalty-list", "data-testid": "penalty-list" });
  for (const pen of card.penalties) {
    // a penalty takes points off (−10); a False Hu's receivers get them (+10), never "−-10"
    const main = [h("strong", { text: `${name(pen.player)} ${signed(-pen.points)}` }),
      pen.round ? ` · ${say("js.card.penalty_round", { round: pen.round })}` : "", ` · ${pen.reason}`];
    const voiding = queued("void", (i) => i.meta.penalty === pen.id)[0];
    const li = h("li", { class: `penalty${pen.is_void ? " is-void" : ""}`, dataset: { penalty: pen.id } },
      h("span", { class: "pen-main" }, pen.is_void ? h("del", {}, main) : main),
      h("span", { class: "pen-meta", text: `${who(pen.recorded_by)}, ${when(pen.recorded_at)}` + (pen.is_void ? " · " + t("struck out: “{reason}”", { reason: pen.void_reason }) : "") }));
    if (voiding) li.append(h("span", { class: "pen-meta" }, pendingBadge(voiding), " " + t("strike out: “{reason}”", { reason: voiding.body.reason })));
    else if (isJudge && !pen.is_void) {
      li.append(h("details", { class: "strike" }, h("summary", { class: "button small", text: t("Strike out") }),
        h("form", { class: "inline-form", "data-void-form": pen.id },
          h("label", {}, t("Why strike it out?") + " ", h("input", { name: "reason", required: true, maxlength: reasonLimit(), autocomplete: "off" })),
          h("button", { class: "button", type: "submit", text: t("Strike out") }))));
    }
    list.append(li);
  }
  for (const item of waiting) {
    list.append(h("li", { class: "penalty is-queued" },
      h("span", { class: "pen-main" }, h("strong", { text: `${name(item.body.player)} ${signed(-item.body.points)}` }),
        item.body.round ? ` · ${say("js.card.penalty_round", { round: item.body.round })}` : "", ` · ${item.body.reason}`),
      h("span", { class: "pen-meta" }, pendingBadge(item))));
  }
  section.append(list);
  return section;
}

// The version at which a judge tapped "All confirm before me": the question stands only while
// the card is unchanged, so the players confirm the totals in front of them.
export let confirmAllAsked = null;
export function setConfirmAllAsked(value) { confirmAllAsked = value; }

// How a confirmation was given, in words.
function confirmedHow(c) {
  const at = when(c.confirmed_at);
  if (c.via === "witnessed") {
    return t("confirmed before {judge} (judge), {when}", { judge: c.before_judge || who(c.by), when: at });
  }
  return { judge: t("confirmed on the judge’s phone, {when}", { when: at }),
    paper: t("signed on the paper card, {when}", { when: at }) }[c.via]
    ?? t("confirmed on their own page, {when}", { when: at });
}

// A refused confirmation's message, beside what was tapped.
function refusal(item) {
  const message = item?.message || t("the server refused it");
  return item?.state === "rejected" ? h("span", { class: "form-error", role: "alert", "data-testid": "confirm-refused",
    text: t("Not saved: {message}", { message }) }) : null;
}

function renderConfirmations() {
  const complete = card.is_complete;
  const list = h("ul", { class: "confirm-list", "data-testid": "confirmations" });
  const signers = (card.signers || card.players.map((p) => p.number)).map((number) => ({ number, name: fullName(number) }));
  const allItems = queued("confirm-all");
  const waitingAll = allItems.filter((i) => i.state === "pending");
  for (const p of signers) {
    const c = card.confirmations.find((x) => x.player === p.number);
    const waiting = queued("confirm", (i) => i.meta.player === p.number)[0]
      || waitingAll.find((i) => i.meta.players.includes(p.number));
    const li = h("li", { class: c ? "is-confirmed" : "is-pending", dataset: { player: p.number } },
      h("span", { class: "confirm-who", text: `${c ? "✓" : "…"} ${p.name}` }),
      h("span", { class: "confirm-meta", "data-testid": `confirmed-${p.number}` }, c
        ? confirmedHow(c)
        : waiting ? pendingBadge(waiting) : t("not yet confirmed")),
      c ? null : refusal(waiting));
    if (isJudge && !c && !waiting && isComplete()) {
      li.append(h("button", { type: "button", class: "button", "data-confirm-for": p.number, text: t("Confirm for {name}", { name: name(p.number) }) }));
    }
    list.append(li);
  }
  const section = h("section", { class: "card-section confirmations", "data-part": "confirmations", "aria-labelledby": "confirm-title" },
    h("h2", { id: "confirm-title", text: t("Confirmations") }), list);
  if (!complete) section.append(h("p", { class: "muted", text: say("js.card.confirm_when_complete") }));
  if (isJudge) section.append(...confirmAllControls(signers));
  return section;
}

// A judge with the players in front of them records each one's confirmation in one step.
function confirmAllControls(signers) {
  const confirmed = new Set(card.confirmations.map((c) => c.player));
  const waiting = new Set([...queued("confirm"), ...queued("confirm-all")].filter((i) => i.state === "pending")
    .flatMap((i) => i.meta.players || [i.meta.player]));
  const open = signers.filter((p) => !confirmed.has(p.number) && !waiting.has(p.number));
  const refused = queued("confirm-all", (i) => i.state === "rejected").slice(-1)[0];
  const parts = [];
  if (refused) parts.push(refusal(refused));
  if (!open.length || !isComplete()) {
    confirmAllAsked = null;
    return parts;
  }
  const everyone = open.length === signers.length;
  const count = everyone ? (signers.length === 4 ? t("All four") : t("All {n}", { n: signers.length }))
    : t("The other {n}", { n: open.length });
  if (confirmAllAsked !== card.version) {
    confirmAllAsked = null;
    parts.push(h("button", { type: "button", class: "button primary wide", "data-confirm-all": true,
      text: t("{who} confirm before me", { who: count }) }));
    return parts;
  }
  const totals = open.map((p) => `${p.name} ${signed(card.totals[p.number].total)}`).join(" · ");
  parts.push(h("div", { class: "confirm-all", role: "group", "aria-labelledby": "confirm-all-question" },
    h("p", { id: "confirm-all-question", text: t("Each of them checked these totals and confirms them in front of you? {totals}", { totals }) }),
    h("p", { class: "muted", text: say("js.card.confirm_all_note") }),
    h("div", { class: "confirm-actions" },
      h("button", { type: "button", class: "button primary", "data-confirm-all-yes": true,
        "data-players": open.map((p) => p.number).join(","), text: t("Yes: {who} confirmed", { who: count.toLowerCase() }) }),
      h("button", { type: "button", class: "button", "data-confirm-all-no": true, text: t("Not yet") }))));
  return parts;
}

export function renderPlayerBar() {
  const bar = $("[data-player-bar]");
  if (!me?.player) {
    bar.hidden = !playerToken;
    if (playerToken) $("[data-player-hello]").textContent = t("This player link is not for this table.");
    $("[data-my-confirm]").hidden = true;
    return;
  }
  const number = me.player.number;
  const confirmation = card.confirmations.find((c) => c.player === number);
  const waiting = queued("confirm", (i) => i.meta.player === number)[0];
  bar.hidden = false;
  const state = confirmation ? t("you confirmed this card at {when}.", { when: when(confirmation.confirmed_at) })
    : waiting ? (waiting.state === "rejected" ? t("your confirmation was not saved; see above.") : t("your confirmation is pending (not yet saved)."))
      : isComplete() ? say("js.card.hello_check")
        : say("js.card.hello_wait");
  $("[data-player-hello]").textContent = t("{name}: {state}", { name: me.player.name, state })
    + (isRecorder() ? ` ${say("js.card.hello_recorder")}` : "");
  renderMyConfirm(number, confirmation, waiting);
}

// The card version at which the player tapped "Confirm my card"; the question stands only
// while the card is unchanged, so nobody confirms totals they have not seen.
export let confirmAsked = null;
export function setConfirmAsked(value) { confirmAsked = value; }

function renderMyConfirm(number, confirmation, waiting) {
  const section = $("[data-my-confirm]");
  const totals = card.totals[number];
  section.hidden = false;
  for (const key of ["rounds", "penalties", "total"]) {
    const cell = $(`[data-my-total=${key}]`, section);
    cell.textContent = signed(totals[key]);
    cell.dataset.value = String(totals[key]);
  }
  // a player who left the table mid-session does not sign the card
  const change = (card.seat_changes || []).find((c) => c.leaving.number === number);
  const signs = !card.signers || card.signers.includes(number);
  const canConfirm = signs && !confirmation && !waiting && isComplete();
  const asking = canConfirm && confirmAsked === card.version;
  if (!asking) confirmAsked = null;
  $("[data-my-confirm-note]", section).textContent = !signs && change
    ? say("js.card.left_table_note", { round: change.from_round })
    : confirmation
    ? t("You confirmed these totals at {when}.", { when: when(confirmation.confirmed_at) })
    : waiting ? t("Your confirmation is pending (not yet saved).")
      : asking ? t("Confirm these totals? When all four players have confirmed, the card is locked.")
        : canConfirm ? say("js.card.confirm_check")
          : say("js.card.confirm_wait");
  $("[data-confirm-mine]", section).hidden = !canConfirm || asking;
  $("[data-confirm-yes]", section).hidden = !asking;
  $("[data-confirm-no]", section).hidden = !asking;
}

export function render() {
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
  if (foot) foot.textContent = t("Version {version}. This page updates itself while it is open.", { version: card.version });
  hooks.renderAttention?.();
  const recorderForm = $("[data-recorder-form]");
  const recorderQueued = queued("recorder", (i) => i.state === "pending").length > 0;
  if (recorderForm && !recorderQueued && !recorderForm.contains(document.activeElement)) {
    for (const input of $$("input[name=player]", recorderForm)) input.checked = input.value === String(card.recorder ?? "");
  }
}

root.addEventListener("focusout", () => setTimeout(() => { if (renderDeferred) render(); }, 0));
