// The hand picker: tick what the hand holds, by hand; the total and who pays follow at once.
// The page is drawn by the server; app.js starts this module after the load event.
// One module serves every ruleset's picker page, with the ruleset's scoring mirror, which the
// registry (./rulesets.js) imports by the name the page's ruleset data gives (can.mirror; the
// page budget is 8 requests). The page embeds its catalogue and its ruleset's view
// (#picker-rules: words and capabilities), and names its layout on the catalogue
// (data-picker-layout): the shared machinery (ticks and counts, seats, payoff cells, the
// fragment, the table view) is below, each layout's own behaviour in patternPart() (a pattern
// per series, included patterns, a typed value, same-turn discards, the payoff scheme) and
// fanPart() (fans that imply others, flower tiles apart).
// The whole state lives in the URL fragment:
//   ZJ   #p=4.2.3,1.2,3.1*2&win=discard&winner=E&discarder=S&chain=W,S&scheme=formal
//        or #v=70&... for a typed value; counting and payoff come from zj.js.
//   MCR  #f=69*2,70,28&fl=1&win=discard&winner=E&discarder=S (fl: flower tiles, fan 81);
//        counting and payoff come from mcr.js.

import { $, $$, h, signed, t } from "./dom.js";
import { mirror, ruleset } from "./rulesets.js";

const SEATS = ["E", "S", "W", "N"];
const SEAT_NAMES = { E: t("East"), S: t("South"), W: t("West"), N: t("North") };
const source = $("[data-picker-catalogue]");
const catalogue = JSON.parse(source.textContent);
const view = JSON.parse($("#picker-rules").textContent);
const rules = ruleset(view);
// Each picker page fetches its own ruleset's scoring mirror only.
const scoring = await mirror(view);
const PARTS = { patterns: patternPart, fans: fanPart };
const part = PARTS[source.dataset.pickerLayout]();

const state = {
  ticks: new Map(), // pattern or fan id -> count, in tick order
  win: "discard",
  winner: "E",
  discarder: "S",
  ...part.state,
};
export const timings = [];
window.__pickerTimings = timings;

// ------------------------------------------------------------------ fragment

// "4.2.3,3.1*2": ids with counts above 1; unknown ids and bad counts are dropped.
function readTicks(text) {
  const ticks = new Map();
  for (const item of (text || "").split(",").filter(Boolean)) {
    const [id, count = "1"] = item.split("*");
    if (part.byId.has(id) && /^\d+$/.test(count) && Number(count) > 0) {
      ticks.set(id, Math.min(Number(count), part.byId.get(id).max_count));
    }
  }
  return ticks;
}

function tickList(ids) {
  return ids.filter((id) => state.ticks.has(id)).map((id) => {
    const count = state.ticks.get(id);
    return count > 1 ? `${id}*${count}` : id;
  }).join(",");
}

function readFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  part.read(params);
  state.win = params.get("win") === "self" ? "self" : "discard";
  state.winner = SEATS.includes(params.get("winner")) ? params.get("winner") : "E";
  const discarder = params.get("discarder");
  state.discarder = SEATS.includes(discarder) && discarder !== state.winner
    ? discarder : nextSeat(state.winner);
  part.readMore?.(params);
}

function writeFragment() {
  const parts = [...part.write(), `win=${state.win}`, `winner=${state.winner}`];
  if (state.win === "discard") parts.push(`discarder=${state.discarder}`);
  parts.push(...(part.writeMore?.() || []));
  history.replaceState(null, "", `#${parts.join("&")}`);
}

function nextSeat(seat) {
  return SEATS[(SEATS.indexOf(seat) + 1) % 4];
}

// ------------------------------------------------------------------ actions

function notice(text) {
  $("[data-testid=picker-notice]").textContent = text;
}

function setCount(id, count) {
  const max = part.byId.get(id).max_count;
  const next = Math.max(0, Math.min(max, count));
  if (next) state.ticks.set(id, next); else state.ticks.delete(id);
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

function list(element, issues, decorate = null) {
  element.replaceChildren(...issues.map((issue) => {
    const li = h("li", { text: issue.message });
    decorate?.(li, issue);
    return li;
  }));
}

// A control shows whether it counts, and how many times for one that can repeat.
function showCount(button, count) {
  button.setAttribute("aria-pressed", String(count > 0));
  if (button.dataset.count !== undefined) {
    button.dataset.count = String(count);
    $("[data-count-label]", button).textContent = String(count);
  }
}

function render() {
  const hand = part.score();
  const broken = hand.errors.length > 0;

  $("[data-testid=hand-total]").textContent = broken ? "—" : String(hand.value);
  list($("[data-testid=hand-errors]"), hand.errors);
  list($("[data-testid=hand-warnings]"), hand.warnings);
  $("[data-tally]").classList.toggle("is-broken", broken);
  part.render(hand, broken);

  for (const input of $$("input[name=win]")) input.checked = input.value === state.win;
  for (const input of $$("input[name=winner]")) input.checked = input.value === state.winner;
  for (const input of $$("input[name=discarder]")) {
    input.checked = input.value === state.discarder;
    input.disabled = input.value === state.winner;
  }
  for (const block of $$("[data-discard-only]")) block.hidden = state.win !== "discard";

  const who = $("[data-testid=payoff-responsible]");
  const unpaid = broken ? t("Fix the errors above to see the payoff.") : part.unpaid?.(hand);
  if (unpaid) {
    for (const seat of SEATS) $(`[data-testid=payoff-${seat}]`).textContent = "—";
    who.textContent = unpaid;
  } else {
    const request = { value: hand.value, win: state.win, winner: state.winner };
    if (state.win === "discard") request.discarder = state.discarder;
    const result = scoring.payoff(part.payoffRequest(request));
    // a plain "-": each payoff cell reads as a signed integer (DESIGN.md, part 5)
    for (const seat of SEATS) $(`[data-testid=payoff-${seat}]`).textContent = signed(result.deltas[seat], "-");
    who.textContent = part.payoffNote(hand, result);
  }

  $("[data-table-total]").textContent = broken ? "—" : String(hand.value);
  $("[data-table-patterns]").replaceChildren(...part.tableLines(hand).map(({ text, included }) => (included
    ? h("li", { class: "is-included", text }, h("small", { text: t("included {what}", { what: included }) }))
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

// ------------------------------------------------------------------ patterns (one per series)

function patternPart() {
  const byId = new Map(catalogue.patterns.map((p) => [p.id, p]));
  const { impliedLabel, scoreHand } = scoring;

  // The hand's lines as they stand: ticked patterns and those a ticked one always brings.
  function linesNow() {
    try {
      return new Map(scoreHand(catalogue, Object.fromEntries(state.ticks)).lines.map((l) => [l.id, l]));
    } catch {
      return new Map();
    }
  }

  // An included pattern goes only with the pattern that brings it (the mirror says which).
  function includedNotice(line) {
    notice(t("{name} is {included}; it goes when {by} is unticked.",
      { name: line.name, included: impliedLabel(catalogue, line), by: byId.get(line.implied_by).name }));
  }

  // The same-turn list as sent to payoff(): earlier discarders in order, the discarder last.
  function sameTurn() {
    return [...state.chain.filter((s) => s !== state.discarder), state.discarder];
  }

  // A ticked seat goes in play order: the turn starts with the winner's own discard.
  function playOrder(seats) {
    const order = [];
    for (let i = 0, seat = state.winner; i < 4; i += 1, seat = nextSeat(seat)) order.push(seat);
    return [...seats].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }

  function offered(li, issue) {
    if (!issue.add) return;
    const name = byId.get(issue.add.pattern).name;
    li.append(" ", h("button", { type: "button", class: "button offer",
      text: issue.add.count > 1 ? t("Count {count} × {name}", { count: issue.add.count, name }) : t("Add {name}", { name }),
      dataset: { offer: `${issue.add.pattern}*${issue.add.count}` } }));
  }

  return {
    byId,
    item: "pattern",
    state: {
      value: null, // a typed value instead of patterns
      chain: [], // same_turn: seats who discarded the tile in this turn, discarder last
      scheme: "formal",
    },

    read(params) {
      state.ticks = new Map();
      state.value = null;
      const value = params.get("v");
      if (value !== null && /^\d+$/.test(value) && Number(value) >= 1) state.value = Number(value);
      else state.ticks = readTicks(params.get("p"));
    },

    readMore(params) {
      const chain = (params.get("chain") || "").split(",").filter((s) => SEATS.includes(s));
      state.chain = [...new Set(chain)];
      state.scheme = params.get("scheme") === "uniform" ? "uniform" : "formal";
    },

    write() {
      return [state.value !== null ? `v=${state.value}`
        : `p=${tickList(catalogue.patterns.map((p) => p.id))}`];
    },

    writeMore() {
      const more = [];
      if (state.win === "discard" && sameTurn().length > 1) more.push(`chain=${sameTurn().join(",")}`);
      return [...more, `scheme=${state.scheme}`];
    },

    // Step a counted pattern (3.1) from the count the hand shows; the sets included with a
    // ticked pattern stay (a step below them changes nothing and says why).
    step(id, by) {
      state.value = null;
      const before = linesNow().get(id)?.count || 0;
      const ticked = state.ticks.get(id) || 0;
      setCount(id, before + by);
      const after = linesNow().get(id);
      if (by < 0 && after?.implied_by && after.count >= before) {
        setCount(id, ticked);
        includedNotice(after);
      }
    },

    toggle(id) {
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
      if (line?.implied_by && !state.ticks.has(id)) {
        includedNotice(line);
        return;
      }
      if (state.ticks.has(id)) {
        state.ticks.delete(id);
        const still = linesNow().get(id);
        if (still?.implied_by) includedNotice(still); else notice("");
        return;
      }
      // one pattern per series, so ticking a second one replaces the first
      const rival = [...state.ticks.keys()].find((other) => other !== id
        && byId.get(other).series === pattern.series);
      if (rival) {
        state.ticks.delete(rival);
        notice(rules.say("js.picker.series_replaced",
          { pattern: pattern.name, rival: byId.get(rival).name, series: pattern.series }));
      } else {
        notice("");
      }
      state.ticks.set(id, 1);
    },

    clear() {
      state.value = null;
    },

    click(event) {
      const offer = event.target.closest("[data-offer]");
      if (!offer) return false;
      const [id, count] = offer.dataset.offer.split("*");
      update(() => { state.value = null; setCount(id, Math.max(Number(count), state.ticks.get(id) || 0)); });
      return true;
    },

    change(input) {
      if (input.matches("[data-value-input]")) {
        const value = Number(input.value);
        if (Number.isInteger(value) && value >= 1) { state.value = Math.min(value, 480); state.ticks.clear(); }
        else state.value = null;
      }
      if (input.name === "chain") {
        state.chain = state.chain.filter((s) => s !== input.value);
        if (input.checked) state.chain = playOrder([...state.chain, input.value]);
      }
      if (input.name === "scheme") state.scheme = input.value;
    },

    score() {
      return state.value === null ? scoreHand(catalogue, Object.fromEntries(state.ticks))
        : { value: state.value, limit: null, lines: [], errors: [], warnings: [], offers: [] };
    },

    render(hand, broken) {
      // with nothing ticked (and no typed value) the hand is the catalogue's chicken; say so
      $("[data-chicken-note]").hidden = !hand.lines.some((line) => line.id === catalogue.rules.chicken.id);
      const limit = $("[data-testid=hand-limit]");
      limit.hidden = !hand.limit || broken;
      limit.textContent = hand.limit === "listed" ? t("listed limit") : hand.limit === "compound" ? t("compound limit (320)") : "";
      list($("[data-testid=hand-offers]"), hand.offers, offered);
      const included = hand.lines.filter((line) => line.implied_by);
      $("[data-testid=hand-included]").replaceChildren(...included.map((line) => {
        return h("li", { dataset: { includedLine: line.id },
          text: `+${line.points} ${line.count > 1 ? `${line.name} × ${line.count}` : line.name}: `
            + impliedLabel(catalogue, line) + (line.is_counted ? "" : " " + t("(not counted under the listed limit)")) });
      }));

      const lines = new Map(hand.lines.map((line) => [line.id, line]));
      for (const button of $$("button[data-pattern]")) {
        const line = lines.get(button.dataset.pattern);
        // An included pattern counts like a ticked one and says which pattern brings it.
        const by = line?.implied_by || "";
        button.classList.toggle("is-included", Boolean(by));
        if (by) button.dataset.impliedBy = by; else delete button.dataset.impliedBy;
        const note = $("[data-included]", button);
        note.hidden = !by;
        note.textContent = by ? impliedLabel(catalogue, line) : "";
        showCount(button, line ? line.count : 0);
      }
      $("[data-value-input]").value = state.value === null ? "" : String(state.value);
      for (const input of $$("input[name=chain]")) {
        input.checked = state.chain.includes(input.value) && input.value !== state.discarder;
        input.disabled = input.value === state.discarder;
      }
      for (const input of $$("input[name=scheme]")) input.checked = input.value === state.scheme;
    },

    payoffRequest(request) {
      return { ...request, scheme: state.scheme,
        ...(state.win === "discard" ? { same_turn: sameTurn() } : {}) };
    },

    payoffNote(hand, result) {
      const threshold = catalogue.rules.payoff.threshold;
      return state.win === "self" ? rules.say("js.picker.self_draw")
        : result.responsible ? rules.say("js.picker.responsible", { seat: SEAT_NAMES[result.responsible] })
          : hand.value <= threshold ? rules.say("js.picker.shared_small", { threshold })
            : rules.say("js.picker.shared_immune");
    },

    tableLines(hand) {
      return state.value !== null ? [{ text: t("Value {value}", { value: state.value }) }]
        : hand.lines.filter((l) => l.is_counted).map((l) => ({
          text: l.count > 1 ? `${l.name} × ${l.count}` : l.name,
          included: l.implied_by ? t("with {name}", { name: byId.get(l.implied_by).name }) : "",
        }));
    },
  };
}

// ------------------------------------------------------------------ fans (and flowers)

function fanPart() {
  const FLOWERS = catalogue.flower; // the flower tiles' fan: a count, ridden in fl=
  const byId = new Map(catalogue.fans.map((f) => [String(f.number), f]));
  const table = catalogue.rules;
  const fans = () => [...state.ticks.keys()].filter((id) => id !== FLOWERS);
  const label = (id) => `${id} ${byId.get(id).name}`;
  // the non-repeat principle: rows of the implication table that leave none of the implied fan
  const whole = table.implied.filter((row) => row.leaves === 0);
  // The picker's own words travel in the catalogue (catalogue.py MESSAGES), filled as mcr.js does.
  const say = (key, params) => catalogue.messages[key].replace(/\{(\w+)\}/g,
    (token, name) => (name in params ? params[name] : token));
  const implies = (a, b) => whole.some((row) => row.fan === a && row.implies === b);

  // The fans a ticked fan always brings (shown as included, never scored beside it), and
  // the ones Appendix 1 says do not combine with a ticked fan (they cannot be ticked).
  function marks() {
    const included = new Map();
    for (const row of whole) {
      if (state.ticks.has(row.fan) && !included.has(row.implies)) included.set(row.implies, row.fan);
    }
    const blocked = new Map();
    for (const id of fans()) {
      for (const fan of catalogue.fans) {
        const other = String(fan.number);
        if (other === id || blocked.has(other) || implies(id, other) || implies(other, id)) continue;
        const owner = byId.get(id).excludes.includes(other) ? id
          : fan.excludes.includes(id) ? other : null;
        if (owner) blocked.set(other, { with: id, owner });
      }
    }
    return { included, blocked };
  }

  function blockedReason(id) {
    const { included, blocked } = marks();
    if (included.has(id)) return say("picker_included", { a: label(id), b: label(included.get(id)) });
    const block = blocked.get(id);
    return block ? say("picker_blocked", { a: label(id), b: label(block.with), owner: block.owner }) : "";
  }

  // A fan that fixes how the hand was won sets the win type.
  function followWin(id) {
    const want = table.draw_wins.includes(id) ? "self" : table.discard_wins.includes(id) ? "discard" : null;
    if (!want || want === state.win) return;
    state.win = want;
    notice(say(want === "self" ? "picker_win_self" : "picker_win_discard", { a: label(id) }));
  }

  function tick(id, count) {
    const before = state.ticks.get(id) || 0;
    if (!before && count > 0) {
      const reason = blockedReason(id);
      if (reason) { notice(reason); return; }
    }
    setCount(id, count);
    if (!before && count > 0) followWin(id);
  }

  // The search: the fan's number, its English name (any case, accents ignored), its Chinese
  // name in either script or another name players use (陳-style folding: each Traditional
  // character of a fan name is read as its Simplified one, from the catalogue's own pairs);
  // the fans ticked or included stay listed whatever is typed.
  const simple = new Map();
  for (const f of catalogue.fans) {
    const [hant, hans] = [Array.from(f.chinese_hant || ""), Array.from(f.chinese_hans || "")];
    if (hant.length === hans.length) hant.forEach((c, i) => { if (c !== hans[i]) simple.set(c, hans[i]); });
  }
  const fold = (text) => Array.from(text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase(),
    (c) => simple.get(c) ?? c).join("");
  const searchable = new Map(catalogue.fans.map((f) => [String(f.number),
    { name: fold(f.name_en || f.name), chinese: fold([f.chinese, f.chinese_hant, f.chinese_hans, ...(f.chinese_aka || [])].join(" ")) }]));
  let query = "";

  function matches(id) {
    const q = query.trim();
    if (!q) return true;
    if (/^\d+$/.test(q)) return id === String(Number(q));
    const found = searchable.get(id);
    if (found.chinese.includes(fold(q))) return true;
    return fold(q).split(/\s+/).every((word) => found.name.includes(word));
  }

  function filter(shown) {
    let any = false;
    for (const item of $$("[data-fan-item]")) {
      const id = item.dataset.fanItem;
      const match = matches(id);
      any ||= match;
      item.hidden = !(match || state.ticks.has(id) || shown.has(id));
    }
    for (const tier of $$("[data-tier]")) tier.hidden = !$$("[data-fan-item]", tier).some((li) => !li.hidden);
    $("[data-search-none]").hidden = any || !query.trim();
  }

  const search = $("[data-fan-search]");
  query = search.value; // typed before this script started (after the load event)
  search.addEventListener("input", () => { query = search.value; filter(marks().included); });
  $("[data-seats-link]").addEventListener("click", () => $("#seats").scrollIntoView({ block: "start" }));

  return {
    byId,
    item: "fan",
    state: {},

    read(params) {
      state.ticks = readTicks(params.get("f"));
      state.ticks.delete(FLOWERS);
      const flowers = params.get("fl") || "";
      if (/^\d+$/.test(flowers) && Number(flowers) > 0) {
        state.ticks.set(FLOWERS, Math.min(Number(flowers), byId.get(FLOWERS).max_count));
      }
    },

    // Tick order, so a fragment given by hand comes back as it was written: only the fans
    // the user ticked, never the ones shown as included.
    write() {
      return [`f=${tickList(fans())}`, `fl=${state.ticks.get(FLOWERS) || 0}`];
    },

    step(id, by) {
      tick(id, (state.ticks.get(id) || 0) + by);
    },

    // One tap per fan; a fan that can repeat counts up at each tap, then back to none.
    toggle(id) {
      const count = state.ticks.get(id) || 0;
      tick(id, count >= byId.get(id).max_count ? 0 : count + 1);
    },

    // The hand as scored: without the fans a ticked fan already brings, with the win type.
    score() {
      if (fans().length === 0 && !state.ticks.has(FLOWERS)) {
        return { value: 0, lines: [], errors: [], warnings: [] };
      }
      const ticked = Object.fromEntries(state.ticks);
      for (const id of scoring.impliedBy(catalogue, ticked).keys()) delete ticked[id];
      try {
        return scoring.scoreHand(catalogue, ticked, state.win);
      } catch (error) {
        return { value: 0, lines: [], errors: [{ code: error.code || "malformed", message: error.message }],
          warnings: [] };
      }
    },

    render() {
      $("[data-empty-note]").hidden = state.ticks.size > 0;
      const { included, blocked } = marks();
      const scoredOut = scoring.impliedBy(catalogue, Object.fromEntries(state.ticks));
      for (const button of $$("button[data-fan]")) {
        const id = button.dataset.fan;
        showCount(button, state.ticks.get(id) || 0);
        const by = included.get(id);
        const block = by ? null : blocked.get(id);
        button.classList.toggle("is-included", Boolean(by));
        button.classList.toggle("is-blocked", Boolean(block));
        if (by) button.dataset.includedIn = by; else delete button.dataset.includedIn;
        const note = $("[data-implied]", button);
        if (!note) continue;
        note.hidden = !by && !block;
        note.textContent = by ? rules.say("js.picker.implied_by", { item: label(by) })
          : block ? say("picker_blocked_note", { b: label(block.with), owner: block.owner }) : "";
      }
      const ticked = [...state.ticks.keys()].sort((a, b) => Number(a) - Number(b)).map((id) => {
        const count = state.ticks.get(id);
        const name = id === FLOWERS
          ? (count === 1 ? say("picker_one_flower", {}) : say("picker_flowers", { count }))
          : count > 1 ? `${label(id)} × ${count}` : label(id);
        return scoredOut.has(id) ? say("picker_ticked_included", { a: name }) : name;
      });
      const line = $("[data-ticked]");
      line.hidden = ticked.length === 0;
      line.textContent = ticked.length ? say("picker_ticked", { names: ticked.join(" · ") }) : "";
      for (const cell of $$("[data-seat-cell]")) cell.classList.toggle("is-winner", cell.dataset.seatCell === state.winner);
      filter(included);
    },

    unpaid() {
      return state.ticks.size === 0 ? rules.say("js.picker.tick_first") : null;
    },

    payoffRequest(request) {
      return request;
    },

    // in figures taken from the payoff itself
    payoffNote(hand, result) {
      const others = SEATS.filter((s) => s !== state.winner);
      if (state.win === "self") {
        const each = -result.deltas[others[0]];
        return rules.say("js.picker.self_draw", { each, extra: each - hand.value, value: hand.value });
      }
      const by = -result.deltas[state.discarder];
      const rest = -result.deltas[others.find((s) => s !== state.discarder)];
      return rules.say("js.picker.responsible", { seat: SEAT_NAMES[state.discarder], pays: by, rest, value: hand.value });
    },

    tableLines(hand) {
      return hand.lines.map((l) => ({ text: l.count > 1 ? `${l.name} × ${l.count}` : l.name }));
    },
  };
}

// ------------------------------------------------------------------ wiring

document.addEventListener("click", (event) => {
  const stepButton = event.target.closest("[data-step]");
  if (stepButton) {
    update(() => part.step(stepButton.dataset.stepFor, Number(stepButton.dataset.step)));
    return;
  }
  const item = event.target.closest(`button[data-${part.item}]`);
  if (item) { update(() => part.toggle(item.dataset[part.item])); return; }
  if (part.click?.(event)) return;
  if (event.target.closest("[data-clear]")) {
    update(() => { state.ticks.clear(); part.clear?.(); notice(""); });
    return;
  }
  if (event.target.closest("[data-show-table]")) { showTable(); return; }
  if (event.target.closest("[data-close-table]")) closeTable();
});

document.addEventListener("change", (event) => {
  const input = event.target;
  if (!input.name && !input.matches("[data-value-input]")) return;
  update(() => {
    if (input.name === "win") state.win = input.value;
    if (input.name === "winner") {
      state.winner = input.value;
      if (state.discarder === state.winner) state.discarder = nextSeat(state.winner);
    }
    if (input.name === "discarder") state.discarder = input.value;
    part.change?.(input);
  });
});

$("[data-table-view]").addEventListener("close", () => { wakeLock?.release().catch(() => {}); wakeLock = null; });
addEventListener("hashchange", () => { readFragment(location.hash); render(); });

// This script starts after the load event (data-after-load): what was chosen or typed on the
// page before then is taken as if chosen now, after the fragment (a tick tapped then is held
// by app.js and made once this has started).
const checkable = (input) => input.type === "radio" || input.type === "checkbox";
const chosenEarly = $$("input[name], input[data-value-input]")
  .filter((input) => (input.type === "radio" ? input.checked && !input.defaultChecked
    : checkable(input) ? input.checked !== input.defaultChecked : input.value !== input.defaultValue))
  .map((input) => [input, checkable(input) ? input.checked : input.value]);
readFragment(location.hash);
render();
if (location.hash) writeFragment();
for (const [input, chosen] of chosenEarly) {
  if (checkable(input)) input.checked = chosen;
  else input.value = chosen;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}
document.documentElement.dataset.pickerReady = "true";
