// The play timer and the time-out log on the judge's phone (the rules' time limits and time-outs).
//
// Every tap is stamped in server time (servertime.js) the moment the finger lands, kept on
// the phone (localStorage) and sent through the shared outbox, so a reload, a locked phone
// or a dropped network loses nothing and a tap sent late still counts at the moment it was
// made. The numbers on screen are worked out on every frame from the stamps and the server
// time — never by counting ticks — with roundTime(), a line-by-line mirror of
// judgeaid.rules.timing.round_time that tests check against the Python on the same table.

import * as servertime from "./servertime.js";
import { dismiss, enqueue, mountAttention, mountPending, newOpId, pending, subscribe } from "./outbox.js";
import { signal } from "./clock.js";
import { $, formatCountdown, formatElapsed, h, t, tapDelay } from "./dom.js";
import { ruleset } from "./rulesets.js";
import { limitWatch, mountFouls } from "./timer_fouls.js";

// ------------------------------------------------------------------ the time-limit rule, pure

export const POINTS_PER_STEP = 5;
export const PLAY_STEP_MS = 15_000;
export const RESIGNATION_OVER_POINTS = 80;
// The warning before resignation starts this many points short of it.
export const APPROACH_POINTS = 60;

function startedSteps(overMs, stepMs) {
  return overMs <= 0 ? 0 : POINTS_PER_STEP * Math.ceil(overMs / stepMs);
}

/** Return the points for one turn: 5 per started 15 s over the limit. */
export function turnPenalty(elapsedMs, limitMs) {
  return startedSteps(elapsedMs - limitMs, PLAY_STEP_MS);
}

/** Return the points for all plays of a round: 5 per started 15 s over the bank. */
export function bankPenalty(totalMs, bankMs) {
  return startedSteps(totalMs - bankMs, PLAY_STEP_MS);
}

function msToNextStep(countedMs, limitMs) {
  const over = countedMs - limitMs;
  const started = over <= 0 ? 0 : Math.ceil(over / PLAY_STEP_MS);
  return limitMs + started * PLAY_STEP_MS + 1 - countedMs;
}

/**
 * Return a player's time and time penalties in a round so far.
 * turns: [[start_ms, end_ms or null], ...]; limits: {turn_s, round_bank_s, free_s}.
 */
export function roundTime(turns, limits, dealtAtMs, nowMs) {
  const freeUntil = dealtAtMs + limits.free_s * 1000;
  const turnMs = limits.turn_s * 1000;
  const bankMs = limits.round_bank_s === null || limits.round_bank_s === undefined
    ? null : limits.round_bank_s * 1000;
  const charges = [];
  let used = 0;
  let openCounted = null;
  turns.forEach(([start, end], index) => {
    if (end === null && index !== turns.length - 1) throw new Error("only the last turn may run");
    const stop = end === null ? nowMs : end;
    // the first seconds after the deal count towards neither limit
    const counted = Math.max(0, stop - Math.max(start, freeUntil));
    used += counted;
    charges.push({ start, end, counted, points: turnPenalty(counted, turnMs) });
    if (end === null) openCounted = counted;
  });
  const turnPoints = charges.reduce((sum, c) => sum + c.points, 0);
  const bankPoints = bankMs === null ? 0 : bankPenalty(used, bankMs);
  // turn and round penalties are both charged
  const total = turnPoints + bankPoints;
  let nextIn = null;
  if (openCounted !== null) {
    let waits = [msToNextStep(openCounted, turnMs)];
    if (bankMs !== null) waits.push(msToNextStep(used, bankMs));
    if (nowMs < freeUntil) waits = waits.map((w) => w + (freeUntil - nowMs));
    nextIn = Math.min(...waits);
  }
  return {
    turns: charges, turnPoints, bankPoints, totalPoints: total, usedMs: used,
    bankLeftMs: bankMs === null ? null : Math.max(0, bankMs - used), nextPenaltyInMs: nextIn,
    isResignation: total > RESIGNATION_OVER_POINTS,
    isResignationWarning: total >= RESIGNATION_OVER_POINTS && total <= RESIGNATION_OVER_POINTS,
  };
}

/** Pair a flat list of tap stamps into turns: [[start, end or null], ...]. */
export function pairTurns(edges) {
  const turns = [];
  for (let i = 0; i < edges.length; i += 2) turns.push([edges[i], i + 1 < edges.length ? edges[i + 1] : null]);
  return turns;
}

// ------------------------------------------------------------------ small helpers

function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}

function seconds(ms, digits = 1) {
  return t("{n} s", { n: (ms / 1000).toFixed(digits) });
}

function readJson(root, selector) {
  const node = $(selector, root);
  return node ? JSON.parse(node.textContent) : null;
}

async function postNow(url, body) {
  const response = await fetch(url, {
    method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ ...body, op_id: newOpId() }),
  });
  const answer = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, answer };
}

// ------------------------------------------------------------------ the play timer page

function mountTimer(root) {
  const view = readJson(root, "#timer-data");
  // the ruleset's words for the timer (js.timer.*), with the timer's data
  const rules = ruleset(view.rules);
  const id = view.id;
  const storeKey = `judgeaid-timer-${id}`;
  const forThis = (item) => item.meta?.timer === id;
  const label = t("table {table}, round {round}, player {player}", { table: view.table, round: view.round, player: view.player.number });
  let edges = [...view.edges];
  let status = view.status;
  let version = view.version;
  let penalty = view.penalty;
  let lastTapAt = 0;
  const unsaved = new Set(); // op_ids this page sent that the server has not answered yet
  let shown = { total: null, turnIndex: null };
  let wakeLock = null;
  // a judge's clock: limits that charge nothing, and the fouls the judge may record
  const fouls = view.fouls ? mountFouls(root, rules, { fouls: view.fouls, name: view.player.name,
    send: recordFoul }) : null;
  const watch = (turns, now) => (fouls ? limitWatch(turns, view.limits, view.dealt_at_ms, now)
    : roundTime(turns, view.limits, view.dealt_at_ms, now));

  const parts = {
    tap: $("[data-testid=timer-tap]", root),
    turnLabel: $("[data-timer-turn-label]", root),
    turnTime: $("[data-timer-turn-time]", root),
    turnHint: $("[data-timer-turn-hint]", root),
    free: $("[data-testid=timer-free]", root),
    points: $("[data-testid=timer-points]", root),
    breakdown: $("[data-testid=timer-breakdown]", root),
    bank: $("[data-testid=timer-bank]", root),
    next: $("[data-testid=timer-next]", root),
    warning: $("[data-testid=timer-warning]", root),
    turns: $("[data-testid=timer-turns]", root),
    undo: $("[data-testid=timer-undo]", root),
    finish: $("[data-testid=timer-finish]", root),
    convert: $("[data-testid=timer-convert]", root),
    done: $("[data-testid=timer-done]", root),
    state: $("[data-testid=timer-state]", root),
    question: $("[data-testid=resignation-question]", root),
  };

  function persist() {
    try {
      localStorage.setItem(storeKey, JSON.stringify({ edges, status, version, penalty }));
    } catch {
      // storage refused: the outbox still holds every tap
    }
  }

  function adopt(server) {
    edges = [...server.edges];
    status = server.status;
    version = server.version;
    penalty = server.penalty;
    persist();
  }

  // Counted at once when a tap is made, before the outbox has stored it, so an answer to an
  // earlier tap never rolls the screen back over a newer one.
  async function waitingHere() {
    return unsaved.size + (await pending()).filter(forThis).length;
  }

  // The phone's copy wins while it has writes not yet saved; otherwise the newer copy does.
  async function restore() {
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(storeKey) || "null");
    } catch {
      saved = null;
    }
    if (saved && ((await waitingHere()) > 0 || saved.version > version)) {
      ({ edges, status, version, penalty } = saved);
    }
    persist();
    render();
    await refresh();
  }

  async function refresh() {
    try {
      const response = await fetch(`/api/timers/${id}`, { cache: "no-store" });
      if (!response.ok) return;
      const { timer } = await response.json();
      if ((await waitingHere()) === 0 && timer.version >= version) adopt(timer);
    } catch {
      // offline: the phone's copy stands
    }
    render();
  }

  function send(path, body, what) {
    unsaved.add(body.op_id);
    return enqueue({ url: `/api/timers/${id}/${path}`, body, label: t("Timer ({label}): {what}", { label, what }),
      meta: { timer: id } });
  }

  function tap() {
    const delay = tapDelay(parts.tap);
    if (status !== "running") return;
    const moment = Math.round(servertime.now() - delay);
    // a bounce of the finger is not a second tap
    if (moment - lastTapAt < 300) return;
    lastTapAt = moment;
    const seq = edges.length;
    const at = Math.max(moment, seq ? edges[seq - 1] : view.dealt_at_ms);
    edges.push(at);
    persist();
    render();
    signal("tick", parts.tap);
    send("taps", { seq, at_ms: at, op_id: `tap-${id}-${seq}-${at}` },
      seq % 2 === 0 ? t("turn {n} starts", { n: seq / 2 + 1 }) : t("turn {n} ends", { n: (seq + 1) / 2 }));
  }

  function undo() {
    if (status !== "running" || edges.length === 0) return;
    const seq = edges.length;
    edges.pop();
    persist();
    render();
    send("undo", { seq, op_id: newOpId() }, t("last tap taken back"));
  }

  function closeOpenTurn(at) {
    if (edges.length % 2) edges.push(Math.max(at, edges[edges.length - 1]));
  }

  function finish() {
    if (status !== "running") return;
    const at = Math.round(servertime.now());
    closeOpenTurn(at);
    status = "finished";
    persist();
    render();
    send("finish", { at_ms: at, op_id: newOpId() }, t("round over"));
  }

  function convert(answer = {}) {
    if (status === "converted" || status === "converting") return;
    const at = Math.round(servertime.now());
    if (status === "running") closeOpenTurn(at);
    status = "converting";
    if (parts.question) parts.question.hidden = true;
    persist();
    render();
    send("penalty", { at_ms: at, op_id: newOpId(), ...answer }, t("points onto the card"));
  }

  function recordFoul(foul) {
    const at = Math.round(servertime.now());
    if (foul === "limit") {
      if (status === "converted" || status === "converting") return;
      if (status === "running") closeOpenTurn(at);
      status = "converting";
      persist();
      render();
    }
    send("foul", { foul, at_ms: at, op_id: newOpId() }, foul === "limit" ? t("limit foul") : t("late call"));
  }

  // Too many time points in the round: the server asks before it records anything.
  function ask(detail) {
    const q = parts.question;
    setText($("[data-question-text]", q),
      t("#{number} {name}: {points} time points in round {round}.", { number: detail.player, name: detail.name, points: detail.points_after, round: detail.round }));
    $("[data-question-resign]", q).hidden = true;
    setText($("[data-question-error]", q), "");
    q.hidden = false;
    q.scrollIntoView({ block: "center" });
  }

  if (parts.question) $("[data-question-explained]", parts.question).addEventListener("click", () => {
    const explanation = $("[data-question-explanation]", parts.question).value.trim();
    if (!explanation) {
      setText($("[data-question-error]", parts.question), t("Write the explanation you accepted."));
      return;
    }
    convert({ resignation: "explained", explanation });
  });
  if (parts.question) $("[data-question-none]", parts.question).addEventListener("click", () => {
    $("[data-question-resign]", parts.question).hidden = false;
  });
  if (parts.question) $("[data-question-resign]", parts.question).addEventListener("click", () => convert({ resignation: "resigned" }));

  subscribe(async (event) => {
    if (!event.item || !forThis(event.item)) return;
    if (event.type !== "queued" && event.type !== "kept") unsaved.delete(event.item.op_id);
    if (event.type === "sent" && event.response?.timer) {
      const timer = event.response.timer;
      if (fouls) fouls.adopt(timer.fouls);
      if (fouls && event.response.foul) fouls.recorded(event.response.foul);
      version = Math.max(version, timer.version);
      if ((await waitingHere()) === 0) adopt(timer);
      else if (timer.penalty) penalty = timer.penalty;
    }
    if (event.type === "rejected") {
      const question = (event.response?.details || []).find((d) => d.code === "resignation_question");
      if (question) {
        // answered on this page, so it need not wait in the needs-attention list
        await dismiss(event.item.op_id);
        ask(question);
      }
      await refresh();
    }
    render();
  });

  async function holdScreen() {
    // The screen stays on while the timer runs; the OS may still refuse (e.g. low battery).
    const want = status === "running" && document.visibilityState === "visible";
    if (want && !wakeLock && "wakeLock" in navigator) {
      try {
        wakeLock = await navigator.wakeLock.request("screen");
        wakeLock.addEventListener("release", () => { wakeLock = null; root.dataset.wakeLock = "released"; });
        root.dataset.wakeLock = "held";
      } catch {
        root.dataset.wakeLock = "refused";
      }
    } else if (!want && wakeLock) {
      wakeLock.release();
      wakeLock = null;
    }
    if (!("wakeLock" in navigator)) root.dataset.wakeLock = "unsupported";
  }

  function render() {
    const now = servertime.now();
    const turns = pairTurns(edges);
    const result = watch(turns, now);
    const open = status === "running" && edges.length % 2 === 1;
    const turnIndex = open ? turns.length : null;
    const freeLeft = view.dealt_at_ms + view.limits.free_s * 1000 - now;
    const turnMs = view.limits.turn_s * 1000;
    root.dataset.status = status;
    root.dataset.taps = String(edges.length);
    root.dataset.points = String(result.totalPoints);

    parts.tap.disabled = status !== "running";
    parts.tap.classList.toggle("is-running", open);
    if (open) {
      const current = result.turns[result.turns.length - 1];
      const over = current.counted - (fouls ? current.limit : turnMs);
      parts.tap.classList.toggle("is-over", over > 0);
      setText(parts.turnLabel, t("Turn {n} running — tap when they discard", { n: turns.length }));
      setText(parts.turnTime, seconds(current.counted));
      setText(parts.turnHint, fouls ? limitHint(current) : over > 0
        ? t("{over} over the {limit} s limit: {points} points", { over: seconds(over), limit: view.limits.turn_s, points: current.points })
        : freeLeft > 0 ? t("Free time still running: not counted yet")
          : t("{left} left in this turn", { left: seconds(turnMs - current.counted) }));
    } else {
      parts.tap.classList.remove("is-over");
      setText(parts.turnLabel, status === "running"
        ? t("Tap when turn {n} starts", { n: turns.length + 1 }) : t("Timer stopped"));
      setText(parts.turnTime, seconds(turns.length ? result.turns[result.turns.length - 1].counted : 0));
      setText(parts.turnHint, status === "running"
        ? rules.say("js.timer.turn_hint") : "");
    }

    parts.free.hidden = !(freeLeft > 0 && status === "running");
    setText(parts.free, t("Free time after the deal: {left} left", { left: formatCountdown(freeLeft) }));
    setText(parts.points, t("{n} points", { n: result.totalPoints }));
    setText(parts.breakdown, view.limits.round_bank_s === null ? t("turns {turns}", { turns: result.turnPoints })
      : t("turns {turns} + round total {bank}", { turns: result.turnPoints, bank: result.bankPoints }));
    if (parts.bank) {
      setText(parts.bank, t("Round time used {used} of {bank}", { used: formatElapsed(result.usedMs), bank: formatElapsed(view.limits.round_bank_s * 1000) })
        + " · " + (result.bankLeftMs > 0 ? t("{left} left", { left: formatCountdown(result.bankLeftMs) }) : t("used up")));
    }
    parts.next.hidden = result.nextPenaltyInMs === null;
    if (result.nextPenaltyInMs !== null) setText(parts.next, t("Next +5 in {time}", { time: seconds(result.nextPenaltyInMs) }));

    let warning = "";
    let level = "";
    if (result.isResignation) {
      warning = rules.say("js.timer.resigned");
      level = "stop";
    } else if (result.isResignationWarning) {
      warning = rules.say("js.timer.resign_warning");
      level = "limit";
    } else if (result.totalPoints >= APPROACH_POINTS) {
      warning = rules.say("js.timer.approaching", { points: result.totalPoints });
      level = "warn";
    }
    parts.warning.hidden = !warning;
    parts.warning.dataset.level = level;
    setText(parts.warning, warning);

    if (shown.total !== null && result.totalPoints > shown.total) {
      signal(result.isResignation ? "stop" : result.totalPoints >= APPROACH_POINTS ? "limit" : "warn", root);
    }
    // a judge's clock: a signal the moment a turn passes its limit
    if (fouls && shown.over !== undefined && result.overTurns > shown.over) signal("warn", root);
    shown = { total: result.totalPoints, turnIndex, over: result.overTurns };

    parts.undo.disabled = status !== "running" || edges.length === 0;
    parts.finish.disabled = status !== "running";
    if (fouls) fouls.render({ overTurns: result.overTurns, status });
    if (parts.convert) parts.convert.hidden = status === "converted";
    if (parts.convert) parts.convert.disabled = result.totalPoints === 0 || status === "converting";
    setText(parts.convert, status === "converting" ? t("Putting the points on the card…")
      : result.totalPoints ? t("Put {n} points on the card", { n: result.totalPoints })
        : t("No time penalty so far"));
    parts.done.hidden = status !== "converted";
    if (penalty) {
      setText($("[data-timer-done-text]", parts.done), fouls
        ? rules.say("js.timer.foul_recorded", { label: penalty.label, name: view.player.name })
        : t("{points} points are on the card's penalty line, with ruling #{ruling} in the log.", { points: penalty.points, ruling: penalty.ruling_id }));
    }
    setText(parts.state, { running: t("Timing"), finished: rules.say("js.timer.finished"), converting: t("Sending"),
      converted: t("On the card") }[status] || status);
    renderTurns(result);
    holdScreen();
  }

  function limitHint(turn) {
    const values = { limit: seconds(turn.limit, 0), over: seconds(turn.counted - turn.limit),
      left: seconds(turn.limit - turn.counted) };
    return rules.say(turn.isOver ? "js.timer.limit_passed" : "js.timer.limit_left", values);
  }

  function renderTurns(result) {
    const signature = `${edges.length}:${status}:${result.turns.map((t) => t.points || t.isOver).join(",")}`
      + `:${edges.length % 2 ? "" : result.usedMs}`;
    const last = result.turns.length - 1;
    if (parts.turns.dataset.signature === signature && !(edges.length % 2)) return;
    parts.turns.dataset.signature = signature;
    parts.turns.replaceChildren(...result.turns.map((turn, index) => {
      const running = index === last && turn.end === null;
      return h("li", { class: turn.points || turn.isOver ? "turn is-over" : "turn",
        text: (running ? t("Turn {n}: {time} (running)", { n: index + 1, time: seconds(turn.counted) }) : t("Turn {n}: {time}", { n: index + 1, time: seconds(turn.counted) }))
          + (turn.points ? " · " + t("{n} points", { n: turn.points }) : "")
          + (turn.isOver ? ` · ${limitHint(turn)}` : "") });
    }).reverse());
  }

  parts.tap.addEventListener("pointerdown", (event) => {
    if (event.button === 0) tap();
  });
  parts.tap.addEventListener("click", (event) => {
    if (event.detail === 0) tap(); // Enter or Space on the keyboard
  });
  parts.undo.addEventListener("click", undo);
  parts.finish.addEventListener("click", finish);
  parts.convert?.addEventListener("click", () => convert());
  document.addEventListener("visibilitychange", () => { render(); if (document.visibilityState === "visible") refresh(); });
  mountPending($("[data-testid=timer-pending]", root), forThis);
  mountAttention($("[data-testid=timer-attention]", root), { filter: forThis });
  root.timerState = () => ({ edges: [...edges], status, version, synced: servertime.isSynced(),
    result: watch(pairTurns(edges), servertime.now()) });
  setInterval(render, 100);
  restore();
}

// ------------------------------------------------------------------ starting a timer

function mountStart(form) {
  const tables = readJson(form, "#timer-tables");
  const tableButtons = form.querySelector("[data-timer-tables]");
  const playerBox = form.querySelector("[data-timer-players]");
  const roundInput = form.querySelector("input[name=round]");
  const message = form.querySelector("[data-timer-message]");
  let chosen = null;
  let player = null;

  function choosePlayer(number) {
    player = number;
    for (const b of playerBox.querySelectorAll("button")) b.setAttribute("aria-pressed", String(Number(b.dataset.player) === number));
  }

  function chooseTable(number) {
    chosen = tables.find((t) => t.number === number);
    player = null;
    for (const b of tableButtons.querySelectorAll("button")) b.setAttribute("aria-pressed", String(Number(b.dataset.table) === number));
    roundInput.value = chosen.next_round;
    playerBox.replaceChildren(...chosen.players.map((p) => {
      const b = h("button", { type: "button", class: "button choice", "aria-pressed": "false",
        dataset: { player: String(p.number) }, text: `${p.seat} · ${p.name} (#${p.number})` });
      b.addEventListener("click", () => choosePlayer(p.number));
      return b;
    }));
    form.querySelector("[data-timer-step=player]").hidden = false;
  }

  for (const b of tableButtons.querySelectorAll("button")) {
    b.addEventListener("click", () => chooseTable(Number(b.dataset.table)));
  }
  // a link from a table's card (?table=N) saves the judge a tap
  const preset = Number(form.dataset.table);
  if (tables.some((t) => t.number === preset)) chooseTable(preset);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const delay = tapDelay(event.submitter ?? form);
    if (!chosen || player === null) {
      message.textContent = t("Choose the table and the player first.");
      return;
    }
    const dealt = event.submitter?.value === "earlier" ? "earlier" : "now";
    const body = { card: chosen.card, round: Number(roundInput.value), player, dealt,
      at_ms: Math.round(servertime.now() - delay),
      is_stalling_clock: form.querySelector("input[name=is_stalling_clock]")?.checked || false,
      dealer_start: form.querySelector("input[name=dealer_start]")?.checked || false };
    message.textContent = t("Starting…");
    try {
      const { ok, answer } = await postNow(form.dataset.startUrl, body);
      const existing = answer.details?.[0]?.timer;
      if (ok || existing) {
        location.assign(`${form.dataset.timerBase}/${ok ? answer.timer.id : existing}`);
        return;
      }
      message.textContent = answer.message || t("The timer did not start.");
    } catch {
      message.textContent = t("No connection: a timer needs the network to start. Try again in a moment.");
    }
  });
}

// ------------------------------------------------------------------ time-outs

function mountTimeouts(root) {
  let view = readJson(root, "#timeouts-data");
  const listUrl = root.dataset.listUrl;
  const endsKey = "judgeaid-timeout-ends"; // start op_id -> end stamp, for starts not yet saved
  const form = $("[data-timeout-form]", root);
  const message = $("[data-timeout-message]", root);
  const forThis = (item) => item.meta?.timeouts === view.session;
  const endRefusals = new Map(); // time-out id -> the server's reason its end was refused

  const readEnds = () => JSON.parse(localStorage.getItem(endsKey) || "{}");
  const writeEnds = (ends) => localStorage.setItem(endsKey, JSON.stringify(ends));

  async function reload() {
    try {
      const response = await fetch(listUrl, { cache: "no-store" });
      if (response.ok) view = await response.json();
    } catch {
      // offline: keep the last list
    }
    render();
  }

  function start(kind, extra = {}, delay = 0) {
    const number = Number(form.elements.player.value);
    if (!number) {
      message.textContent = t("Choose the player first.");
      return;
    }
    const body = { player: number, kind, session: view.session, at_ms: Math.round(servertime.now() - delay), ...extra };
    const name = view.players.find((p) => p.number === number)?.name || `#${number}`;
    enqueue({ url: root.dataset.startUrl, body, meta: { timeouts: view.session, kind: "start" },
      label: kind === "late" ? t("Late arrival: {name}", { name }) : t("Time-out: {name}", { name }) });
    message.textContent = navigator.onLine ? "" : t("Kept on this phone; sent when the network is back.");
  }

  function end(entry) {
    const at = Math.round(servertime.now());
    enqueue({ url: `/api/timeouts/${entry.id}/end`, body: { at_ms: at },
      meta: { timeouts: view.session, kind: "end", id: entry.id },
      label: entry.kind === "late" ? t("Arrived: {name}", { name: entry.name }) : t("Back at the table: {name}", { name: entry.name }) });
    entry.ended_at_ms = at;
    render();
  }

  subscribe(async (event) => {
    if (!event.item || !forThis(event.item)) return;
    if (event.type === "sent" && event.item.meta.kind === "start") {
      const ends = readEnds();
      const at = ends[event.item.op_id];
      if (at && event.response?.timeout) {
        delete ends[event.item.op_id];
        writeEnds(ends);
        enqueue({ url: `/api/timeouts/${event.response.timeout.id}/end`, body: { at_ms: at },
          meta: { timeouts: view.session, kind: "end" }, label: t("End of time-out #{id}", { id: event.response.timeout.id }) });
      }
    }
    // A refused write says why right under the buttons that sent it (the list of writes
    // needing attention may be out of sight on a phone).
    if (event.type === "rejected" && event.item.meta.kind === "start") {
      message.textContent = t("Not saved: {message}", { message: event.item.message });
      message.classList.add("is-error");
    } else if (event.type === "sent" && event.item.meta.kind === "start") {
      message.textContent = t("Saved: {label}.", { label: event.item.label });
      message.classList.remove("is-error");
    }
    // a refused end says why on the entry whose button was tapped
    if (event.item.meta.kind === "end" && event.item.meta.id) {
      if (event.type === "rejected") endRefusals.set(event.item.meta.id, event.item.message);
      else if (event.type === "sent") endRefusals.delete(event.item.meta.id);
    }
    if (event.type === "sent" || event.type === "rejected") reload();
  });

  function item(entry, { live = false, unsaved = null } = {}) {
    const now = servertime.now();
    const running = entry.ended_at_ms === null || entry.ended_at_ms === undefined;
    const length = (running ? now : entry.ended_at_ms) - entry.started_at_ms;
    const isLate = entry.kind === "late";
    const mayBeAbsent = isLate && (entry.may_be_absent || (running && now > entry.absent_after_ms));
    const li = h("li", { class: mayBeAbsent ? "timeout-entry is-absent" : "timeout-entry" },
      h("span", { text: `#${entry.player} ${entry.name} · ` + (isLate ? t("late") : entry.is_medication ? t("medication time-out") : t("time-out")) + " · "
        + (running ? t("{time} and counting", { time: formatElapsed(length) }) : formatElapsed(length))
        + (running ? "" : " · " + (entry.points ? t("{n} points on the card", { n: entry.points }) : t("no points"))) }),
      mayBeAbsent ? h("strong", { class: "absent-flag",
        text: ruleset(view.rules).say("js.timer.late_absent") }) : null,
      endRefusals.has(entry.id) ? h("span", { class: "timeout-refused is-error",
        dataset: { testid: `timeout-refused-${entry.id}` },
        text: t("Not saved: {reason}", { reason: endRefusals.get(entry.id) }) }) : null);
    if (live && running) {
      const button = h("button", { type: "button", class: "button primary",
        text: isLate ? t("Arrived now") : t("Back at the table") });
      button.addEventListener("click", () => {
        if (unsaved) {
          const ends = readEnds();
          ends[unsaved] = Math.round(servertime.now());
          writeEnds(ends);
          entry.ended_at_ms = ends[unsaved];
          render();
        } else {
          end(entry);
        }
      });
      li.append(button);
    }
    return li;
  }

  async function render() {
    const queued = (await pending()).filter((i) => forThis(i) && i.meta.kind === "start");
    const ends = readEnds();
    const unsaved = queued.map((i) => ({
      player: i.body.player, name: view.players.find((p) => p.number === i.body.player)?.name || "",
      kind: i.body.kind, is_medication: Boolean(i.body.is_medication), started_at_ms: i.body.at_ms,
      ended_at_ms: ends[i.op_id] ?? null, points: 0, may_be_absent: false,
      absent_after_ms: i.body.at_ms + 300_000, opId: i.op_id,
    }));
    const open = view.entries.filter((e) => e.ended_at_ms === null);
    const done = view.entries.filter((e) => e.ended_at_ms !== null);
    $("[data-timeouts-open]", root).replaceChildren(
      ...open.map((e) => item(e, { live: true })),
      ...unsaved.map((e) => item(e, { live: true, unsaved: e.opId })));
    $("[data-timeouts-open-empty]", root).hidden = open.length + unsaved.length > 0;
    const absent = view.entries.filter((e) => e.kind === "late" && (e.may_be_absent
      || (e.ended_at_ms === null && servertime.now() > e.absent_after_ms)));
    $("[data-timeouts-absent]", root).replaceChildren(...absent.map((e) => item(e)));
    $("[data-timeouts-absent-section]", root).hidden = absent.length === 0;
    $("[data-timeouts-done]", root).replaceChildren(...done.map((e) => item(e)).reverse());
    const used = view.players.filter((p) => p.used_ms > 0);
    $("[data-timeouts-used]", root).replaceChildren(...used.map((p) => h("li", {
      text: `#${p.number} ${p.name}: ` + t("{used} of {free} free used", { used: formatElapsed(p.used_ms), free: formatElapsed(view.free_ms) })
        + (p.points ? " · " + t("{n} points", { n: p.points }) : "") })));
  }

  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("click", (event) => {
    const button = event.target.closest("[data-timeout-start]");
    if (!button) return;
    const kind = button.dataset.timeoutStart;
    const delay = tapDelay(button);
    if (kind === "medication") start("timeout", { is_medication: true }, delay);
    else if (kind === "late-minutes") {
      const minutes = Number(form.elements.late_minutes.value);
      if (!(minutes > 0)) {
        message.textContent = t("Give the minutes late.");
        return;
      }
      start("late", { late_ms: Math.round(minutes * 60_000) });
    } else start(kind, {}, delay);
  });
  mountPending($("[data-testid=timeouts-pending]", root), forThis);
  mountAttention($("[data-testid=timeouts-attention]", root), { filter: forThis });
  setInterval(render, 1000);
  setInterval(reload, 10_000);
  render();
}

// ------------------------------------------------------------------ wiring

for (const root of document.querySelectorAll("[data-play-timer]")) mountTimer(root);
for (const form of document.querySelectorAll("[data-timer-start]")) mountStart(form);
for (const root of document.querySelectorAll("[data-timeouts]")) mountTimeouts(root);
