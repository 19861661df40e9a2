// The judge console in the browser: the call-up queue, the ruling form with penalty
// suggestions, the irregularity guide's search, the head judge's appeal decisions, and the
// two partials other pages include (a table calling a judge; a player filing an appeal).
//
// Every write goes through the outbox (./outbox.js): it gets an op_id, survives no network
// and a reload, and the server applies it exactly once. Each part below starts only when its
// element is on the page.

import * as servertime from "./servertime.js";
import { dismiss, enqueue, mountAttention, mountPending, newOpId, subscribe } from "./outbox.js";
import { $, $$, formatElapsed, h, venueTime } from "./dom.js";

const QUEUE_POLL_MS = 4000;
const CALL_POLL_MS = 5000;
const TAKE_WAIT_MS = 3000;

// ------------------------------------------------------------------ clock and times

// The venue's clock, not this phone's: the server renders the same (|venue_time).
function clockTime(value) {
  return venueTime(value);
}

// Server time is the only clock (DESIGN §4): a wait counts from the server's now.
function waited(sinceMs) {
  return formatElapsed(servertime.now() - sinceMs);
}

// Resolve with the outbox's first word on this op_id: sent, rejected or kept (no network).
function outcome(opId, { untilSettled = false, timeoutMs = 0 } = {}) {
  return new Promise((resolve) => {
    let timer = null;
    const stop = subscribe((event) => {
      if (event.item?.op_id !== opId || event.type === "queued") return;
      if (untilSettled && event.type === "kept") return;
      stop();
      clearTimeout(timer);
      resolve(event);
    });
    if (timeoutMs) timer = setTimeout(() => { stop(); resolve({ type: "timeout" }); }, timeoutMs);
  });
}

// Send a write through the outbox under a new op_id: first resolves with the outbox's first
// word on it (kept when there is no network), settled with the last (sent or rejected).
async function write(request) {
  const opId = newOpId();
  const first = outcome(opId);
  const settled = outcome(opId, { untilSettled: true });
  await enqueue({ ...request, body: { ...request.body, op_id: opId } });
  return { opId, first, settled };
}

function mountOutbox() {
  const pendingBox = $("[data-outbox-pending]");
  const attentionBox = $("[data-outbox-attention]");
  const mine = (item) => item.meta?.area === "judge";
  if (pendingBox) mountPending(pendingBox, mine);
  if (attentionBox) mountAttention(attentionBox, { filter: mine });
}

// ------------------------------------------------------------------ the call-up queue

function initQueue(section) {
  const api = section.dataset.api;
  const list = $("[data-queue-list]", section);
  const empty = $("[data-queue-empty]", section);
  const count = $("[data-queue-count]", section);
  const error = $("[data-queue-error]", section);
  let etag = `"queue-${section.dataset.etag}"`;
  let timer = null;

  const render = (items) => {
    list.replaceChildren(...items.map((call) => {
      const action = call.status === "waiting"
        ? h("button", { type: "button", class: "button primary", text: "Take it" })
        : h("a", { class: "button", href: call.ruling_url, text: "Write ruling" });
      if (call.status === "waiting") {
        action.dataset.take = call.id;
        action.dataset.rulingUrl = call.ruling_url;
      }
      const item = h("li", { class: "call" },
        h("span", { class: "call-table", text: `Table ${call.table}` }),
        h("span", { class: "call-wait" }),
        h("span", {
          class: "call-meta",
          text: `${call.reason ? `“${call.reason}” · ` : ""}${call.status === "taken" ? `taken by ${call.taken_by}` : "waiting"}`,
        }),
        action);
      item.dataset.call = call.id;
      item.dataset.status = call.status;
      $(".call-wait", item).dataset.sinceMs = call.called_at_ms;
      return item;
    }));
    empty.hidden = items.length > 0;
    count.hidden = items.length === 0;
    count.textContent = String(items.length);
    tick();
  };

  const tick = () => {
    for (const node of $$("[data-since-ms]", list)) node.textContent = `waiting ${waited(Number(node.dataset.sinceMs))}`;
  };

  const poll = async () => {
    clearTimeout(timer);
    if (document.visibilityState === "visible") {
      try {
        const response = await fetch(api, { headers: { "If-None-Match": etag }, cache: "no-cache" });
        if (response.status === 200) {
          etag = response.headers.get("ETag") || etag;
          render((await response.json()).items);
        }
      } catch {
        // no network: keep what is shown; the next poll tries again
      }
    }
    timer = setTimeout(poll, QUEUE_POLL_MS);
  };

  list.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-take]");
    if (!button) return;
    button.disabled = true;
    error.textContent = "";
    const opId = newOpId();
    const settled = outcome(opId, { timeoutMs: TAKE_WAIT_MS });
    await enqueue({ url: `${api}/${button.dataset.take}/take`, body: { op_id: opId },
                    label: "Take a call-up", meta: { area: "judge", kind: "take" } });
    const result = await settled;
    if (result.type === "rejected") {
      error.textContent = result.item.message;
      dismiss(opId);
      poll();
      return;
    }
    // Taken, or queued for when the network returns: either way, on to the table.
    location.assign(button.dataset.rulingUrl);
  });

  setInterval(tick, 1000);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") poll(); });
  tick();
  timer = setTimeout(poll, QUEUE_POLL_MS);
}

// ------------------------------------------------------------------ the ruling form

const RULE_CONSEQUENCES = new Set(["correction", "penalty_tiles", "dead_hand", "no_claims"]);

function beyondRubric(suggestion, kind, points) {
  // Mirrors Suggestion.is_beyond_rubric (judgeaid/rules/zj/penalties.py) as a hint: any judge may go
  // beyond the range with a reason (A.5.6, A.5.7); the head judge sees it listed.
  const high = suggestion.allowed_range[1];
  if (kind === "points") return high !== null && points > high;
  if (kind === "warning" || RULE_CONSEQUENCES.has(kind)) return false;
  return !suggestion.allowed_kinds.includes(kind);
}

function initRulingForm(form) {
  const data = JSON.parse($("#ruling-form-data").textContent);
  const tables = new Map(data.tables.map((t) => [t.card_id, t]));
  const categories = new Map(data.rubric.categories.map((c) => [c.id, c]));
  const kindLabels = new Map(data.rubric.kinds.map((k) => [k.id, k.label.toLowerCase()]));
  const template = $("[data-penalty-template]");
  const penaltyList = $("[data-penalty-list]", form);
  const errorBox = $("[data-form-error]", form);
  const statusBox = $("[data-form-status]", form);
  const saveButton = $("[data-save]", form);
  const tableSelect = $("[data-table]", form);
  let cardId = data.prefill.card_id;
  let foundPlayer = data.prefill.player;
  let firstRender = true;
  // "Involved" follows the penalised players until the judge ticks a box themselves; a
  // change of an entry starts from the entry's own list.
  let involvedTouched = Boolean(data.prefill.players);

  const table = () => tables.get(Number(cardId)) || null;

  // -- players involved
  const renderPlayers = () => {
    const box = $("[data-players]", form);
    const current = table();
    if (!current) {
      box.replaceChildren(h("span", { class: "muted", text: "Choose the table first." }));
      return;
    }
    const chosen = firstRender && data.prefill.players ? new Set(data.prefill.players) : penalised();
    box.replaceChildren(...current.players.map((p) => h("label", { class: "check" },
      h("input", { type: "checkbox", name: "players", value: p.number, checked: chosen.has(p.number) }),
      `${p.seat} · #${p.number} ${p.name}`)));
  };

  // The players the penalties name, or the player the judge looked up.
  const penalised = () => {
    const numbers = $$("[data-penalty] [data-field=player]", form).map((select) => Number(select.value)).filter(Boolean);
    if (!numbers.length && foundPlayer) numbers.push(Number(foundPlayer));
    return new Set(numbers);
  };

  const followPenalised = () => {
    if (involvedTouched) return;
    const chosen = penalised();
    for (const box of $$("[data-players] input", form)) box.checked = chosen.has(Number(box.value));
  };
  $("[data-players]", form).addEventListener("change", () => { involvedTouched = true; });

  // -- rule sections
  const sectionTitles = new Map(data.sections.map((s) => [s.id, s.title]));
  const renderChips = () => {
    const chips = $("[data-section-chips]", form);
    chips.replaceChildren(...$$("input[name=sections]:checked", form).map((box) => {
      const chip = h("button", { type: "button", class: "chip", text: `§${box.value} ${sectionTitles.get(box.value)} ✕` });
      chip.setAttribute("aria-label", `Remove §${box.value}`);
      chip.addEventListener("click", () => { box.checked = false; renderChips(); });
      return h("li", {}, chip);
    }));
  };
  $("[data-section-box]", form).addEventListener("change", renderChips);
  $("[data-section-filter]", form).addEventListener("input", (event) => {
    const words = event.target.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const row of $$("[data-section-row]", form)) {
      const text = row.textContent.toLowerCase();
      row.hidden = !words.every((w) => text.includes(w));
    }
  });

  // -- penalties
  const fillInfractions = (block, wanted) => {
    const select = $("[data-field=infraction]", block);
    const category = categories.get($("[data-field=category]", block).value);
    select.replaceChildren(
      h("option", { value: "", text: "Choose…" }),
      ...category.infractions.map((i) => h("option", { value: i.id, text: `${i.label} (${i.cite || `§${i.section}`})` })),
      h("option", { value: "__other", text: "Something else (describe it)" }));
    if (wanted && category.infractions.some((i) => i.id === wanted)) select.value = wanted;
    else if (wanted) {
      select.value = "__other";
      $("[data-field=infraction_text]", block).value = wanted;
    }
    $("[data-other-row]", block).hidden = select.value !== "__other";
  };

  // The rules' own payees (MCR §3.11.6.6/7): the same share to each other player, shown
  // filled in; knocked-over tiles name one player, which the judge picks.
  const fillPayees = (block, suggestion) => {
    const payees = suggestion.payees || {};
    const inputs = $$("[data-paid-to] input", block);
    const each = payees.each && suggestion.kind === "points" ? payees.each : 0;
    if (each) {
      for (const input of inputs) input.value = String(each);
      block.dataset.autoPaid = "1";
    } else if (block.dataset.autoPaid) {
      // only shares this form filled in are taken back; the judge's own stay
      for (const input of inputs) input.value = "";
      delete block.dataset.autoPaid;
    }
    const details = $("[data-paid-row]", block);
    if (details && (each || payees.offended)) details.open = true;
  };

  const fillPlayers = (block) => {
    const select = $("[data-field=player]", block);
    const keep = select.value || (block.dataset.player || "") || (foundPlayer ? String(foundPlayer) : "");
    const current = table();
    select.replaceChildren(h("option", { value: "", text: current ? "Choose…" : "Choose the table first" }),
      ...(current ? current.players.map((p) => h("option", { value: p.number, text: `${p.seat} · #${p.number} ${p.name}` })) : []));
    if (current && current.players.some((p) => String(p.number) === keep)) select.value = keep;
    const paid = $("[data-paid-to]", block);
    paid.replaceChildren(...(current ? current.players.filter((p) => String(p.number) !== select.value).map((p) =>
      h("label", {}, `#${p.number} ${p.name}`, h("input", { type: "number", min: 0, max: 1000, inputMode: "numeric", name: `paid_${p.number}`, dataset: { paidTo: p.number } }))) : []));
  };

  const infractionValue = (block) => {
    const pick = $("[data-field=infraction]", block).value;
    return pick === "__other" ? $("[data-field=infraction_text]", block).value.trim() : pick;
  };

  const choiceState = (block) => {
    const kind = $("[data-field=kind]", block).value;
    const points = Number($("[data-field=points]", block).value || 0);
    const s = block.suggestion;
    const timed = s && s.ladder_step === null && s.allowed_range[1] === null;
    const differs = !s || kind !== s.kind || (kind === "points" && points !== s.points && !timed);
    const beyond = s ? beyondRubric(s, kind, points) : false;
    return { kind, points, differs, beyond };
  };

  const refreshChoice = (block) => {
    const state = choiceState(block);
    $("[data-points-row]", block).hidden = state.kind !== "points";
    $("[data-paid-row]", block).hidden = state.kind !== "points";
    $("[data-reason-row]", block).hidden = !state.differs;
    const beyond = $("[data-beyond]", block);
    beyond.hidden = !state.beyond;
    const mcr = data.rubric.ruleset === "mcr";
    const [low, high] = block.suggestion ? block.suggestion.allowed_range : [0, null];
    // MCR §3.11.2.2 and §3.11.6.7 (3) give a range to choose from: the server keeps to it
    const textRange = mcr && high !== null && low < high;
    beyond.textContent = !state.beyond ? ""
      : textRange ? `MCR §3.11 sets ${low}–${high} points for this foul: choose an amount within it.`
      : mcr ? "Not what MCR §3.11 sets for this foul: you may give it with a written reason. "
        + "It is marked in the log and listed for the head judge."
      : "Beyond the rubric's range: you may give it with a written reason (A.5.6, A.5.7). "
        + "It is marked in the log and listed for the head judge, whose decision on appeal is final (§4.3).";
  };

  const renderSuggestion = (block, answer) => {
    const box = $("[data-suggestion]", block);
    const s = answer.suggestion;
    const [low, high] = s.allowed_range;
    const range = high === null ? `${low} points or more, set by the clock`
      : low === high ? `${low} points` : `${low}–${high} points`;
    const live = answer.history.filter((past) => !past.is_void);
    box.replaceChildren(
      h("p", {}, "Suggested: ", h("strong", { text: s.label, dataset: { testid: "suggested-label" } })),
      h("p", { text: s.explanation, dataset: { testid: "suggestion-explanation" } }),
      h("p", { class: "muted", text: `Rubric range: ${range}${s.allowed_kinds.length ? `; also ${s.allowed_kinds.map((k) => kindLabels.get(k) || k).join(", ")}` : ""}.` }),
      ...(s.notes.length ? [h("ul", {}, ...s.notes.map((n) => h("li", { text: n })))] : []),
      h("details", { class: "history" },
        h("summary", { text: `Earlier penalties of #${answer.player.number} ${answer.player.name}: ${live.length}` }),
        answer.history.length
          ? h("ul", {}, ...answer.history.map((past) => h("li", { class: past.is_void ? "is-void" : "",
              text: `Session ${past.session ?? "?"}${past.round ? `, ${data.rubric.ruleset === "mcr" ? "hand" : "round"} ${past.round}` : ""}: ${past.label} · ${past.category_title} — ${past.infraction_label}${past.is_void ? " (struck out)" : ""}` })))
          : h("p", { class: "muted", text: "None so far." })));
  };

  const suggest = async (block) => {
    const box = $("[data-suggestion]", block);
    const player = $("[data-field=player]", block).value;
    const infraction = infractionValue(block);
    if (!cardId || !player || !infraction) {
      block.suggestion = null;
      box.replaceChildren(h("span", { class: "muted", text: "Choose the player and the infraction to see the suggestion." }));
      refreshChoice(block);
      return;
    }
    const query = new URLSearchParams({ card: cardId, player, category: $("[data-field=category]", block).value, infraction });
    const round = $("[name=round]", form).value;
    if (round) query.set("round", round);
    const ticket = (block.ticket = (block.ticket || 0) + 1);
    box.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(`${data.api.suggest}?${query}`, { cache: "no-store" });
      const answer = await response.json();
      if (ticket !== block.ticket) return;
      if (!response.ok) throw Object.assign(new Error(answer.message), { refused: true });
      block.suggestion = answer.suggestion;
      renderSuggestion(block, answer);
      if (!block.touched) {
        $("[data-field=kind]", block).value = answer.suggestion.kind;
        $("[data-field=points]", block).value = answer.suggestion.kind === "points" && answer.suggestion.points ? answer.suggestion.points : "";
        fillPayees(block, answer.suggestion);
      }
    } catch (error) {
      if (ticket !== block.ticket) return;
      block.suggestion = null;
      box.replaceChildren(h("p", { text: error.refused ? error.message
        : "No network, so no suggestion now. Choose the penalty and give your reason; the server checks it against the rubric when it is sent." }));
    } finally {
      box.removeAttribute("aria-busy");
    }
    refreshChoice(block);
  };

  const addPenalty = (prefill = {}) => {
    const block = template.content.firstElementChild.cloneNode(true);
    penaltyList.append(block);
    if (prefill.player) block.dataset.player = String(prefill.player);
    // ZJ opens on a procedural violation; a rubric without one (MCR) on its first category
    $("[data-field=category]", block).value = prefill.category
      || (categories.has("procedural") ? "procedural" : data.rubric.categories[0].id);
    fillInfractions(block, prefill.infraction);
    fillPlayers(block);
    $("legend", block).textContent = `Penalty ${penaltyList.children.length}`;
    block.addEventListener("change", (event) => {
      const field = event.target.dataset.field;
      if (field === "category") fillInfractions(block);
      if (field === "infraction") $("[data-other-row]", block).hidden = event.target.value !== "__other";
      if (field === "player") {
        fillPlayers(block);
        followPenalised();
      }
      if (["player", "category", "infraction", "infraction_text"].includes(field)) {
        forgetRepeat(block);
        suggest(block);
      }
      if (field === "kind" || field === "points") {
        block.touched = true;
        if (field === "kind" && event.target.value !== "points") $("[data-field=points]", block).value = "";
        refreshChoice(block);
      }
    });
    $("[data-field=points]", block).addEventListener("input", () => { block.touched = true; refreshChoice(block); });
    $("[data-remove-penalty]", block).addEventListener("click", () => {
      block.remove();
      followPenalised();
      $$("[data-penalty] legend", penaltyList).forEach((legend, i) => { legend.textContent = `Penalty ${i + 1}`; });
    });
    suggest(block);
    followPenalised();
    return block;
  };

  $("[data-add-penalty]", form).addEventListener("click", () => {
    const block = addPenalty({ player: foundPlayer });
    $("[data-field=player]", block).focus();
  });

  const tableChanged = () => {
    renderPlayers();
    for (const block of $$("[data-penalty]", penaltyList)) {
      fillPlayers(block);
      suggest(block);
    }
  };
  tableSelect.addEventListener("change", () => { cardId = tableSelect.value ? Number(tableSelect.value) : null; tableChanged(); });
  $("[name=round]", form).addEventListener("change", () => $$("[data-penalty]", penaltyList).forEach((block) => {
    forgetRepeat(block);
    suggest(block);
  }));
  const finder = $("[data-find-player]", form);
  finder?.addEventListener("change", () => {
    const number = Number.parseInt(finder.value, 10);
    const found = data.tables.find((t) => t.players.some((p) => p.number === number));
    if (!found) {
      errorBox.textContent = finder.value ? `Player ${finder.value} is not seated in this session.` : "";
      return;
    }
    errorBox.textContent = "";
    foundPlayer = number;
    cardId = found.card_id;
    tableSelect.value = String(found.card_id);
    tableChanged();
    followPenalised();
  });

  // -- a second time penalty for the same round (§1.9): the server names the first one
  const forgetRepeat = (block) => {
    delete block.dataset.confirmRepeat;
    $("[data-repeat-warning]", block)?.remove();
    // the §1.9 answer was for this player, round and infraction only
    delete block.dataset.resignation;
    delete block.dataset.explanation;
    $("[data-resignation-question]", block)?.remove();
  };

  // the penalty block the server's detail names: by its place in the list, else by its player
  const blockOf = (detail) => {
    const blocks = $$("[data-penalty]", penaltyList);
    return blocks[detail.index] || blocks.find((b) => Number($("[data-field=player]", b).value) === detail.player);
  };

  // a warning under the block's suggestion, scrolled into view
  const showBeside = (block, box) => {
    $("[data-suggestion]", block).after(box);
    box.scrollIntoView({ block: "center" });
    return true;
  };

  // the judge answered the warning: save again with the answer
  const resubmit = (box) => {
    box.remove();
    form.requestSubmit();
  };

  const warnRepeat = (detail) => {
    const block = blockOf(detail);
    if (!block) return false;
    forgetRepeat(block);
    const first = detail.first;
    const at = first.created_at ? clockTime(Date.parse(first.created_at)) : "";
    const confirm = h("button", { type: "button", class: "button", text: "Record it anyway" });
    confirm.dataset.confirmRepeat = "";
    const box = h("div", { class: "repeat-warning", role: "alert" },
      h("p", {}, h("strong", { text: `Already a time penalty for round ${first.round}.` })),
      h("p", { text: `#${first.player} ${first.player_name}: ${first.label}, given by ${first.judge}${at ? ` at ${at}` : ""}${first.ruling_id ? ` (ruling #${first.ruling_id})` : ""}.` }),
      h("p", { class: "muted", text: "Record a second one only for another overrun: turn and round limits add up (§1.9). Otherwise remove this penalty." }),
      confirm);
    box.dataset.repeatWarning = "";
    box.dataset.testid = "repeat-warning";
    confirm.addEventListener("click", () => {
      block.dataset.confirmRepeat = "1";
      resubmit(box);
    });
    return showBeside(block, box);
  };

  // -- more than 80 time points in one round (§1.9): the server asks, the judge answers
  const askResignation = (detail) => {
    const block = blockOf(detail);
    if (!block) return false;
    $("[data-resignation-question]", block)?.remove();
    const who = `#${detail.player} ${detail.name}`;
    const text = h("textarea", { name: "explanation", rows: 2, maxLength: 1000, dataset: { field: "explanation" } });
    const explained = h("button", { type: "button", class: "button", text: "Yes: record the explanation" });
    const resign = h("button", { type: "button", class: "button", text: "No explanation" });
    const confirm = h("button", { type: "button", class: "button primary", hidden: true,
      text: `Confirm: ${who} resigns from the tournament` });
    const note = h("p", { class: "form-error", role: "alert" });
    const box = h("div", { class: "repeat-warning", role: "alert" },
      h("p", {}, h("strong", { text: `${who}: ${detail.points_after} time points in round ${detail.round}.` })),
      h("p", { text: "More than 80 time-limit points in one round: the player is considered resigned, "
        + "unless they gave a reasonable explanation (§1.9). A resignation puts them out of the tournament (§4.11)." }),
      h("label", {}, "Was a reasonable explanation given? Write it down:", text),
      h("div", { class: "actions" }, explained, resign), confirm, note);
    box.dataset.resignationQuestion = "";
    box.dataset.testid = "resignation-question";
    explained.addEventListener("click", () => {
      if (!text.value.trim()) { note.textContent = "Write the explanation you accepted."; return; }
      block.dataset.resignation = "explained";
      block.dataset.explanation = text.value.trim();
      resubmit(box);
    });
    resign.addEventListener("click", () => { confirm.hidden = false; confirm.focus(); });
    confirm.addEventListener("click", () => {
      block.dataset.resignation = "resigned";
      delete block.dataset.explanation;
      resubmit(box);
    });
    return showBeside(block, box);
  };

  // -- saving
  const readPenalties = () => $$("[data-penalty]", penaltyList).map((block, index) => {
    const state = choiceState(block);
    const label = `Penalty ${index + 1}`;
    const player = $("[data-field=player]", block).value;
    const infraction = infractionValue(block);
    const reason = $("[data-field=reason]", block).value.trim();
    if (!player) throw new Error(`${label}: choose the player.`);
    if (!infraction) throw new Error(`${label}: choose or describe the infraction.`);
    if (state.kind === "points" && !(state.points > 0)) throw new Error(`${label}: enter the points.`);
    if (state.differs && !reason) throw new Error(`${label}: say why you chose something other than the suggestion.`);
    const paidTo = {};
    for (const input of $$("[data-paid-to] input", block)) {
      if (state.kind === "points" && Number(input.value) > 0) paidTo[input.dataset.paidTo] = Number(input.value);
    }
    return {
      player: Number(player), category: $("[data-field=category]", block).value, infraction,
      kind: state.kind, points: state.kind === "points" ? state.points : 0, reason,
      ...(Object.keys(paidTo).length ? { paid_to: paidTo } : {}),
      ...(block.dataset.confirmRepeat ? { confirm_repeat: true } : {}),
      ...(block.dataset.resignation ? { resignation: block.dataset.resignation,
                                        explanation: block.dataset.explanation || "" } : {}),
    };
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    errorBox.textContent = "";
    let body;
    try {
      const penalties = readPenalties();
      const what = form.elements.what_happened.value.trim();
      if (!what && !penalties.length) throw new Error("Say what happened.");
      if (!cardId && penalties.length) throw new Error("Choose the table: a penalty goes on the player's card.");
      body = {
        what_happened: what, decision: form.elements.decision.value.trim(),
        sections: $$("input[name=sections]:checked", form).map((box) => box.value),
        players: $$("[data-players] input:checked", form).map((box) => Number(box.value)),
        penalties, resolved_at_ms: Math.round(servertime.now()),
      };
      const round = form.elements.round.value;
      if (round) body.round = Number(round);
      if (cardId) body.card_id = Number(cardId);
      if (data.call_up) body.call_up_id = data.call_up.id;
      if (data.supersedes_id) body.supersedes_id = data.supersedes_id;
      if (data.prefill.guide_entry) body.guide_entry = data.prefill.guide_entry;
      if (!body.players.length) delete body.players;
    } catch (error) {
      errorBox.textContent = error.message;
      return;
    }
    saveButton.disabled = true;
    statusBox.textContent = "Saving…";
    const table = tables.get(Number(cardId));
    const { opId, first, settled } = await write({ url: data.api.rulings, body,
      label: `Ruling${table ? `, table ${table.table}` : ""}`, meta: { area: "judge", kind: "ruling" } });
    if ((await first).type === "kept") {
      statusBox.textContent = "No network: the ruling is kept on this phone and is sent by itself when the network returns. You may leave this page.";
    }
    const result = await settled;
    if (result.type === "sent") {
      statusBox.textContent = "Saved.";
      location.assign(result.response.url);
    } else {
      statusBox.textContent = "";
      const details = result.item.details || [];
      const repeats = details.filter((d) => d.code === "repeat_time_penalty");
      const questions = details.filter((d) => d.code === "resignation_question");
      const shown = [...repeats.map(warnRepeat), ...questions.map(askResignation)].some(Boolean);
      errorBox.textContent = shown ? "Not saved yet: see the warning on the penalty."
        : `Not saved: ${result.item.message}`;
      dismiss(opId); // the form shows it; a corrected save makes a new write
      saveButton.disabled = false;
    }
  });

  // -- first render
  renderPlayers();
  renderChips();
  firstRender = false;
  const p = data.prefill;
  if (p.category || p.open_penalty || p.player) addPenalty({ category: p.category, infraction: p.infraction, player: p.player });
}

// ------------------------------------------------------------------ the irregularity guide

function initGuide(root) {
  const input = $("[data-guide-query]", root);
  const list = $("[data-guide-list]", root);
  const entries = $$("[data-guide-entry]", list).map((node) => ({
    node,
    title: $("summary", node).textContent.toLowerCase(),
    keywords: (node.dataset.keywords || "").toLowerCase(),
    body: node.textContent.toLowerCase(),
  }));
  const count = $("[data-guide-count]", root);

  const run = () => {
    const words = input.value.toLowerCase().replaceAll("§", " ").split(/\s+/).filter(Boolean);
    const scored = entries.map((entry, index) => {
      let score = 0;
      let matched = 0;
      for (const word of words) {
        const w = word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
        const hit = (entry.title.includes(w) ? 6 : 0) + (entry.keywords.includes(w) ? 4 : 0) + (entry.body.includes(w) ? 1 : 0);
        if (hit) matched += 1;
        score += hit;
      }
      return { entry, score, matched, index };
    });
    const shown = words.length ? scored.filter((s) => s.matched === words.length) : scored;
    shown.sort((a, b) => (words.length ? b.score - a.score : 0) || a.index - b.index);
    for (const s of scored) s.entry.node.hidden = true;
    for (const s of shown) {
      s.entry.node.hidden = false;
      list.append(s.entry.node);
    }
    if (words.length && shown.length) shown[0].entry.node.open = true;
    count.textContent = words.length ? `${shown.length} ${shown.length === 1 ? "answer" : "answers"}` : "";
    const url = new URL(location.href);
    if (words.length) url.searchParams.set("q", input.value.trim());
    else url.searchParams.delete("q");
    history.replaceState(null, "", url);
  };
  input.addEventListener("input", run);
  root.addEventListener("submit", (event) => { event.preventDefault(); run(); });
  if (input.value) run();
  if (location.hash.startsWith("#g-")) {
    const target = document.getElementById(location.hash.slice(1));
    if (target) target.open = true;
  }
}

// ------------------------------------------------------------------ appeal decisions (head judge)

function initDecision(form) {
  const strikes = $$("[data-strike]", form);
  const error = $("[data-form-error]", form);
  form.addEventListener("change", (event) => {
    if (event.target.name !== "decision") return;
    for (const box of strikes) {
      box.disabled = event.target.value === "upheld";
      if (event.target.value !== "modified") box.checked = event.target.value === "overturned";
    }
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const decision = form.elements.decision.value;
    const reason = form.elements.reason.value.trim();
    if (!decision) { error.textContent = "Choose upheld, overturned or modified."; return; }
    if (!reason) { error.textContent = "Give the reason for the decision."; return; }
    const body = { decision, reason,
                   strike_penalties: strikes.filter((b) => b.checked && !b.disabled).map((b) => Number(b.value)) };
    const button = $("button[type=submit]", form);
    button.disabled = true;
    const { opId, settled } = await write({ url: form.dataset.api, body, label: "Appeal decision",
                                            meta: { area: "judge", kind: "decision" } });
    const result = await settled;
    if (result.type === "sent") {
      location.reload();
    } else {
      error.textContent = `Not saved: ${result.item.message}`;
      dismiss(opId);
      button.disabled = false;
    }
  });
}

// ------------------------------------------------------------------ partial: a table calls a judge

// A call needs a link (issue 28): the table's token from the printed card's QR code (?t=),
// kept for this tab, else the player's own link that card.js keeps (#player= from their page).
function callUpLink(cardId) {
  const key = `judgeaid-table-token:${cardId}`;
  const fromUrl = new URLSearchParams(location.search).get("t");
  if (fromUrl) sessionStorage.setItem(key, fromUrl);
  const table = fromUrl || sessionStorage.getItem(key);
  if (table) return { "X-Table-Token": table };
  const player = new URLSearchParams(location.hash.slice(1)).get("player")
    || sessionStorage.getItem(`judgeaid-player-token:${cardId}`);
  return player ? { "X-Player-Token": player } : {};
}

function initCallUp(section) {
  const api = section.dataset.api;
  const form = $("[data-callup-form]", section);
  const button = $("button[type=submit]", form);
  const status = $("[data-callup-status]", section);
  let timer = null;
  let wasActive = false;

  const show = (call) => {
    clearTimeout(timer);
    if (!call) {
      button.disabled = false;
      status.textContent = wasActive ? "The judge has closed this call." : "";
      wasActive = false;
      return;
    }
    wasActive = true;
    button.disabled = true;
    status.textContent = call.status === "taken"
      ? `${call.taken_by} is on the way (took the call at ${clockTime(call.taken_at_ms)}).`
      : `Judge called at ${clockTime(call.called_at_ms)}${call.place ? ` · number ${call.place} in the queue` : ""}. Please wait at the table.`;
    timer = setTimeout(check, CALL_POLL_MS);
  };

  const check = async () => {
    if (document.visibilityState !== "visible") {
      timer = setTimeout(check, CALL_POLL_MS);
      return;
    }
    try {
      const response = await fetch(api, { cache: "no-store" });
      if (response.ok) show((await response.json()).call_up);
    } catch {
      timer = setTimeout(check, CALL_POLL_MS);
    }
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    status.textContent = "Calling a judge…";
    const { opId, first, settled } = await write({ url: api, body: { reason: form.elements.reason.value.trim() },
      headers: callUpLink(section.dataset.cardId),
      label: "Call a judge", meta: { area: "callup", card: section.dataset.cardId } });
    if ((await first).type === "kept") status.textContent = "No network: the call goes out as soon as this phone is back online.";
    const result = await settled;
    if (result.type === "sent") {
      form.elements.reason.value = "";
      check();
    } else {
      status.textContent = `The call did not go through: ${result.item.message}`;
      dismiss(opId);
      button.disabled = false;
    }
  });
  check();
}

// ------------------------------------------------------------------ partial: a player's appeals

function initAppeals(section) {
  const match = location.pathname.match(/^\/p\/([^/]+)/);
  const token = match ? decodeURIComponent(match[1]) : section.dataset.playerToken;
  for (const form of $$("[data-appeal-form]", section)) {
    const error = $("[data-form-error]", form);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      const text = form.elements.text.value.trim();
      if (!text) { error.textContent = "Write why you disagree with the ruling."; return; }
      const button = $("button[type=submit]", form);
      button.disabled = true;
      const { opId, first, settled } = await write({ url: section.dataset.api,
        body: { ruling_id: Number(form.dataset.rulingId), text }, headers: { "X-Player-Token": token },
        label: "Appeal", meta: { area: "appeal" } });
      if ((await first).type === "kept") error.textContent = "No network: your appeal is kept on this phone and sent when it is back online.";
      const result = await settled;
      if (result.type === "sent") {
        form.replaceWith(h("p", { class: "callout", text: "Appeal sent. The head judge decides; the decision will show here." }));
      } else {
        error.textContent = `Not sent: ${result.item.message}`;
        dismiss(opId);
        button.disabled = false;
      }
    });
  }
}

// ------------------------------------------------------------------ start

mountOutbox();
const queue = $("[data-queue]");
const rulingForm = $("[data-ruling-form]");
if (queue) initQueue(queue);
if (rulingForm) initRulingForm(rulingForm);
const guide = $("[data-guide]");
if (guide) initGuide(guide);
$$("[data-decide-form]").forEach(initDecision);
$$("[data-callup]").forEach(initCallUp);
$$("[data-appeals]").forEach(initAppeals);
document.addEventListener("click", (event) => { if (event.target.closest("[data-print]")) print(); });
