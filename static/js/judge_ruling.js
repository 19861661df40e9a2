// The ruling form: what happened, the rule sections, the players involved, and each penalty
// with the rubric's suggestion beside it (the server's, asked per penalty). Departures from
// the suggestion need a reason; the server's questions (a second time penalty, a resignation)
// come back as warnings on the penalty they concern. The rule-dependent words are the
// event's ruleset's (data.rules, ./rulesets.js).

import * as servertime from "./servertime.js";
import { dismiss, write } from "./outbox.js";
import { $, $$, h, t } from "./dom.js";
import { ruleset } from "./rulesets.js";
import { clockTime } from "./judge_common.js";

const RULE_CONSEQUENCES = new Set(["correction", "penalty_tiles", "dead_hand", "no_claims"]);

function beyondRubric(suggestion, kind, points) {
  // Mirrors Suggestion.is_beyond_rubric (judgeaid/rules/*/penalties.py) as a hint: any judge may go
  // beyond the range with a reason (the ruleset says where); the head judge sees it listed.
  const high = suggestion.allowed_range[1];
  if (kind === "points") return high !== null && points > high;
  if (kind === "warning" || RULE_CONSEQUENCES.has(kind)) return false;
  return !suggestion.allowed_kinds.includes(kind);
}

export function initRulingForm(form) {
  const data = JSON.parse($("#ruling-form-data").textContent);
  const rules = ruleset(data.rules);
  const tables = new Map(data.tables.map((t) => [t.card_id, t]));
  const categories = new Map(data.rubric.categories.map((c) => [c.id, c]));
  const kindLabels = new Map(data.rubric.kinds.map((k) => [k.id, k.label.toLowerCase()]));
  const template = $("[data-penalty-template]");
  const penaltyList = $("[data-penalty-list]", form);
  const errorBox = $("[data-form-error]", form);
  const statusBox = $("[data-form-status]", form);
  const saveButton = $("[data-save]", form);
  const tableSelect = $("[data-table]", form);
  // a table chosen before this script started (it starts after the load event) is the one
  let cardId = tableSelect.value ? Number(tableSelect.value) : data.prefill.card_id;
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
      box.replaceChildren(h("span", { class: "muted", text: t("Choose the table first.") }));
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
      const chip = h("button", { type: "button", class: "chip", text: rules.say("js.judge.section_chip", { section: box.value, title: sectionTitles.get(box.value) }) });
      chip.setAttribute("aria-label", rules.say("js.judge.section_remove", { section: box.value }));
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
      h("option", { value: "", text: t("Choose…") }),
      ...category.infractions.map((i) => h("option", { value: i.id, text: i.cite ? `${i.label} (${i.cite})` : rules.say("js.judge.infraction_section", { label: i.label, section: i.section }) })),
      h("option", { value: "__other", text: t("Something else (describe it)") }));
    if (wanted && category.infractions.some((i) => i.id === wanted)) select.value = wanted;
    else if (wanted) {
      select.value = "__other";
      $("[data-field=infraction_text]", block).value = wanted;
    }
    $("[data-other-row]", block).hidden = select.value !== "__other";
  };

  // The rules' own payees, where the ruleset names them: the same share to each other player, shown
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
    select.replaceChildren(h("option", { value: "", text: current ? t("Choose…") : t("Choose the table first") }),
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
    const [low, high] = block.suggestion ? block.suggestion.allowed_range : [0, null];
    // a rule that gives a range to choose from says so (where the server keeps to it, so do
    // the words: js.judge.beyond_range)
    const textRange = high !== null && low < high;
    beyond.textContent = !state.beyond ? ""
      : rules.say(textRange ? "js.judge.beyond_range" : "js.judge.beyond", { low, high });
  };

  const renderSuggestion = (block, answer) => {
    const box = $("[data-suggestion]", block);
    const s = answer.suggestion;
    const [low, high] = s.allowed_range;
    const range = high === null ? t("{low} points or more, set by the clock", { low })
      : low === high ? t("{n} points", { n: low }) : t("{low}–{high} points", { low, high });
    const live = answer.history.filter((past) => !past.is_void);
    const kinds = s.allowed_kinds.map((k) => kindLabels.get(k) || k).join(t(", "));
    const [before, after] = t("Suggested: {label}").split("{label}");
    box.replaceChildren(
      h("p", {}, before, h("strong", { text: s.label, dataset: { testid: "suggested-label" } }), after),
      h("p", { text: s.explanation, dataset: { testid: "suggestion-explanation" } }),
      h("p", { class: "muted", text: kinds ? t("Rubric range: {range}; also {kinds}.", { range, kinds }) : t("Rubric range: {range}.", { range }) }),
      ...(s.notes.length ? [h("ul", {}, ...s.notes.map((n) => h("li", { text: n })))] : []),
      h("details", { class: "history" },
        h("summary", { text: t("Earlier penalties of #{number} {name}: {count}", { number: answer.player.number, name: answer.player.name, count: live.length }) }),
        answer.history.length
          ? h("ul", {}, ...answer.history.map((past) => h("li", { class: past.is_void ? "is-void" : "",
              text: (past.round ? rules.say("js.judge.history_session_round", { session: past.session ?? "?", round: past.round }) : t("Session {n}", { n: past.session ?? "?" }))
                + `: ${past.label} · ${past.category_title} — ${past.infraction_label}` + (past.is_void ? " " + t("(struck out)") : "") })))
          : h("p", { class: "muted", text: t("None so far.") })));
  };

  const suggest = async (block) => {
    const box = $("[data-suggestion]", block);
    const player = $("[data-field=player]", block).value;
    const infraction = infractionValue(block);
    if (!cardId || !player || !infraction) {
      block.suggestion = null;
      box.replaceChildren(h("span", { class: "muted", text: t("Choose the player and the infraction to see the suggestion.") }));
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
        : t("No network, so no suggestion now. Choose the penalty and give your reason; the server checks it against the rubric when it is sent.") }));
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
    $("legend", block).textContent = t("Penalty {n}", { n: penaltyList.children.length });
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
      $$("[data-penalty] legend", penaltyList).forEach((legend, i) => { legend.textContent = t("Penalty {n}", { n: i + 1 }); });
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
      errorBox.textContent = finder.value ? t("Player {n} is not seated in this session.", { n: finder.value }) : "";
      return;
    }
    errorBox.textContent = "";
    foundPlayer = number;
    cardId = found.card_id;
    tableSelect.value = String(found.card_id);
    tableChanged();
    followPenalised();
  });

  // -- a second time penalty for the same round: the server names the first one
  const forgetRepeat = (block) => {
    delete block.dataset.confirmRepeat;
    $("[data-repeat-warning]", block)?.remove();
    // the answer was for this player, round and infraction only
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
    const confirm = h("button", { type: "button", class: "button", text: t("Record it anyway") });
    confirm.dataset.confirmRepeat = "";
    const box = h("div", { class: "repeat-warning", role: "alert" },
      h("p", {}, h("strong", { text: rules.say("js.judge.repeat_title", { round: first.round }) })),
      h("p", { text: `#${first.player} ${first.player_name}: ` + (at ? t("{label}, given by {judge} at {time}", { label: first.label, judge: first.judge, time: at })
        : t("{label}, given by {judge}", { label: first.label, judge: first.judge })) + (first.ruling_id ? " " + t("(ruling #{id})", { id: first.ruling_id }) : "") + "." }),
      h("p", { class: "muted", text: rules.say("js.judge.repeat_note") }),
      confirm);
    box.dataset.repeatWarning = "";
    box.dataset.testid = "repeat-warning";
    confirm.addEventListener("click", () => {
      block.dataset.confirmRepeat = "1";
      resubmit(box);
    });
    return showBeside(block, box);
  };

  // -- too many time points in one round: the server asks, the judge answers
  const askResignation = (detail) => {
    const block = blockOf(detail);
    if (!block) return false;
    $("[data-resignation-question]", block)?.remove();
    const who = `#${detail.player} ${detail.name}`;
    const text = h("textarea", { name: "explanation", rows: 2, maxLength: 1000, dataset: { field: "explanation" } });
    const explained = h("button", { type: "button", class: "button", text: t("Yes: record the explanation") });
    const resign = h("button", { type: "button", class: "button", text: t("No explanation") });
    const confirm = h("button", { type: "button", class: "button primary", hidden: true,
      text: t("Confirm: {who} resigns from the tournament", { who }) });
    const note = h("p", { class: "form-error", role: "alert" });
    const box = h("div", { class: "repeat-warning", role: "alert" },
      h("p", {}, h("strong", { text: rules.say("js.judge.resign_title", { who, points: detail.points_after, round: detail.round }) })),
      h("p", { text: rules.say("js.judge.resign_note") }),
      h("label", {}, t("Was a reasonable explanation given? Write it down:"), text),
      h("div", { class: "actions" }, explained, resign), confirm, note);
    box.dataset.resignationQuestion = "";
    box.dataset.testid = "resignation-question";
    explained.addEventListener("click", () => {
      if (!text.value.trim()) { note.textContent = t("Write the explanation you accepted."); return; }
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
    const n = index + 1;
    const player = $("[data-field=player]", block).value;
    const infraction = infractionValue(block);
    const reason = $("[data-field=reason]", block).value.trim();
    if (!player) throw new Error(t("Penalty {n}: choose the player.", { n }));
    if (!infraction) throw new Error(t("Penalty {n}: choose or describe the infraction.", { n }));
    if (state.kind === "points" && !(state.points > 0)) throw new Error(t("Penalty {n}: enter the points.", { n }));
    if (state.differs && !reason) throw new Error(t("Penalty {n}: say why you chose something other than the suggestion.", { n }));
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
      if (!what && !penalties.length) throw new Error(t("Say what happened."));
      if (!cardId && penalties.length) throw new Error(t("Choose the table: a penalty goes on the player's card."));
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
    statusBox.textContent = t("Saving…");
    const table = tables.get(Number(cardId));
    const { opId, first, settled } = await write({ url: data.api.rulings, body,
      label: table ? t("Ruling, table {table}", { table: table.table }) : t("Ruling"), meta: { area: "judge", kind: "ruling" } });
    if ((await first).type === "kept") {
      statusBox.textContent = t("No network: the ruling is kept on this phone and is sent by itself when the network returns. You may leave this page.");
    }
    const result = await settled;
    if (result.type === "sent") {
      statusBox.textContent = t("Saved.");
      location.assign(result.response.url);
    } else {
      statusBox.textContent = "";
      const details = result.item.details || [];
      const repeats = details.filter((d) => d.code === "repeat_time_penalty");
      const questions = details.filter((d) => d.code === "resignation_question");
      const shown = [...repeats.map(warnRepeat), ...questions.map(askResignation)].some(Boolean);
      errorBox.textContent = shown ? t("Not saved yet: see the warning on the penalty.")
        : t("Not saved: {message}", { message: result.item.message });
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
