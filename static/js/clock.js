// The session clock on every screen (the ruleset's session time): the hall display, the organizer's
// controls and the small clock on judges' pages (templates/clock/_session_clock.html).
//
// Every element marked [data-session-clock] polls a cheap JSON endpoint that gives deadlines
// in server milliseconds. What is shown is always deadline − server now (servertime.js), worked
// out afresh on every frame — never a count of ticks — so a phone that slept, a tab that was
// hidden or a device whose own clock is wrong still shows the hall's time.
//
// Also exported for timer.js: armAlerts / signal (sound and vibration once the user has
// turned them on with a tap, as browsers require; a visual flash always).

import * as servertime from "./servertime.js";
import { formatCountdown, formatElapsed, h, newOpId, t, venueTime } from "./dom.js";

const RENDER_MS = 250;
const RETRY_MS = [2000, 4000, 8000, 15000];

// ------------------------------------------------------------------ phases

/** Return the warning phase for a remaining time: play, warn15, warn5, over (or untimed).
 * The 15- and 5-minute warnings are this app's reminders unless the ruleset's words say
 * otherwise: its rule sets the session length. Extra time for a table is the organizer's decision too. */
export function phaseOf(remainingMs, warningsMs = [15 * 60_000, 5 * 60_000]) {
  if (remainingMs === null || remainingMs === undefined) return "untimed";
  if (remainingMs <= 0) return "over";
  if (remainingMs <= warningsMs[1]) return "warn5";
  if (remainingMs <= warningsMs[0]) return "warn15";
  return "play";
}

// ------------------------------------------------------------------ alerts

const ARMED_KEY = "judgeaid-alerts";
let audio = null;

function isWanted() {
  return localStorage.getItem(ARMED_KEY) === "1";
}

/** Return whether sound and vibration are on (the user turned them on with a tap). */
export function isArmed() {
  return isWanted() && audio !== null && audio.state === "running";
}

/** Turn sound and vibration on or off; must run inside a tap (browsers require a gesture). */
export function armAlerts(on = true) {
  localStorage.setItem(ARMED_KEY, on ? "1" : "0");
  if (on) {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    audio.resume();
    navigator.vibrate?.(30);
  }
  refreshArmButtons();
}

function refreshArmButtons() {
  for (const button of document.querySelectorAll("[data-arm-alerts]")) {
    const on = isWanted() && audio !== null;
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? t("Sound and vibration: on") : t("Sound and vibration: off — tap to turn on");
  }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-arm-alerts]");
  if (button) {
    armAlerts(!(isWanted() && audio !== null));
    return;
  }
  // A user who turned alerts on earlier gets them back with their first tap after a reload.
  if (isWanted() && audio === null) armAlerts(true);
});

function beep(durations) {
  if (!audio || audio.state !== "running") return;
  let at = audio.currentTime;
  for (const seconds of durations) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.25, at);
    gain.gain.setValueAtTime(0, at + seconds);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + seconds);
    at += seconds + 0.12;
  }
}

const PATTERNS = {
  tick: { vibrate: [40], beep: [0.05] },
  warn: { vibrate: [200], beep: [0.15] },
  limit: { vibrate: [200, 100, 200], beep: [0.15, 0.15] },
  stop: { vibrate: [600, 150, 600], beep: [0.6, 0.6] },
};

/** Flash element (always) and, when armed, vibrate and beep: level tick, warn, limit or stop. */
export function signal(level, element = document.body) {
  element.classList.remove("is-flashing");
  void element.offsetWidth; // restart the animation
  element.classList.add("is-flashing");
  element.dataset.lastSignal = level;
  if (!isArmed() || !PATTERNS[level]) return;
  navigator.vibrate?.(PATTERNS[level].vibrate);
  beep(PATTERNS[level].beep);
}

document.addEventListener("click", (event) => {
  if (!event.target.closest("[data-fullscreen]")) return;
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen?.();
});

document.addEventListener("animationend", (event) => {
  event.target.classList?.remove("is-flashing");
});

// ------------------------------------------------------------------ the session clock view

const STATUS = {
  none: t("No session clock yet"),
  not_started: t("Not started yet"),
  paused: t("Paused"),
  ended: t("Session over: stop play"),
  untimed: t("No time limit: the whole session is played"),
  play: t("Play on"),
  warn15: t("Less than 15 minutes left (reminder)"),
  warn5: t("Less than 5 minutes left (reminder)"),
  over: t("Time! Stop play now"),
};

class SessionClock {
  constructor(element) {
    this.el = element;
    this.url = element.dataset.clockUrl;
    this.pollMs = Number(element.dataset.pollMs || 5000);
    this.etag = null;
    this.data = element.dataset.initial ? JSON.parse(element.dataset.initial) : null;
    this.failures = 0;
    this.lastPhase = null;
    this.parts = {
      session: element.querySelector("[data-clock-session]"),
      digits: element.querySelector("[data-clock-digits]"),
      status: element.querySelector("[data-clock-status]"),
      tables: element.querySelector("[data-clock-tables]"),
      events: element.querySelector("[data-clock-events]"),
      note: element.querySelector("[data-clock-note]"),
    };
    element.clockRemainingMs = () => this.remaining(this.session?.hall);
    element.clockTableRemainingMs = (number) => {
      const table = this.session?.tables.find((t) => t.table === number);
      return table ? this.remaining(table) : null;
    };
    element.clockRefresh = () => this.poll(true);
    element.clockSynced = () => servertime.isSynced();
    servertime.onSync(() => this.render());
    servertime.ready().then(() => this.render());
    setInterval(() => this.render(), RENDER_MS);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.poll();
    });
    addEventListener("online", () => this.poll());
    this.poll();
  }

  get session() {
    return this.data?.session ?? null;
  }

  async poll(fresh = false) {
    // one request at a time: a refresh asked for meanwhile runs right after it
    if (this.polling) {
      this.pollAgain = true;
      this.pollFresh = this.pollFresh || fresh;
      return;
    }
    this.polling = true;
    clearTimeout(this.nextPoll);
    try {
      const headers = this.etag && !fresh ? { "If-None-Match": this.etag } : {};
      const response = await fetch(this.url, { headers, cache: "no-store" });
      if (response.status === 200) {
        this.data = await response.json();
        this.etag = response.headers.get("ETag");
      } else if (response.status !== 304) {
        throw new Error(`clock answered ${response.status}`);
      }
      this.failures = 0;
      this.el.dataset.connection = "ok";
    } catch {
      this.failures += 1;
      this.el.dataset.connection = "lost";
    } finally {
      this.polling = false;
    }
    this.render();
    if (this.pollAgain) {
      const again = this.pollFresh;
      this.pollAgain = false;
      this.pollFresh = false;
      this.poll(again);
      return;
    }
    const wait = this.failures ? RETRY_MS[Math.min(this.failures, RETRY_MS.length) - 1] : this.pollMs;
    this.nextPoll = setTimeout(() => this.poll(), wait);
  }

  /** Return the time left on a countdown (hall or table) now, or null when untimed. */
  remaining(countdown) {
    if (!countdown || countdown.remaining_ms === null) return null;
    return countdown.deadline_ms !== null ? countdown.deadline_ms - servertime.now() : countdown.remaining_ms;
  }

  elapsed(countdown) {
    return countdown.counting_since_ms !== null ? servertime.now() - countdown.counting_since_ms : countdown.elapsed_ms;
  }

  stateOf(session) {
    if (!session) return { key: "none", phase: "none" };
    if (session.status === "not_started" || session.status === "paused" || session.status === "ended") {
      return { key: session.status, phase: session.status === "ended" ? "over" : phaseOf(this.remaining(session.hall), session.warnings_ms) };
    }
    if (!session.is_timed) return { key: "untimed", phase: "untimed" };
    if (session.hall.is_ended) return { key: "over", phase: "over" };
    const phase = phaseOf(this.remaining(session.hall), session.warnings_ms);
    return { key: phase, phase };
  }

  render() {
    const session = this.session;
    const { key, phase } = this.stateOf(session);
    const synced = servertime.offset() !== null;
    const el = this.el;
    el.dataset.status = session ? session.status : "none";
    el.dataset.phase = phase;
    if (this.parts.session) {
      this.parts.session.textContent = session ? t("Session {n}", { n: session.number }) : "";
    }
    if (this.parts.digits) {
      let text = "–:––";
      if (session && synced) {
        if (!session.is_timed) text = formatElapsed(this.elapsed(session.hall));
        else text = formatCountdown(this.remaining(session.hall));
      }
      if (this.parts.digits.textContent !== text) this.parts.digits.textContent = text;
      el.dataset.digits = String(text.length);
      const left = session && session.is_timed ? this.remaining(session.hall) : null;
      el.dataset.remainingMs = left === null ? "" : String(Math.round(left));
    }
    if (this.parts.status) {
      // the ruleset's own words (js.clock.*, or its clock words) where it has them, else plain ones
      const words = this.data?.tournament?.rules?.words || {};
      const text = words[`js.clock.${key}`] || this.data?.tournament?.clock_words?.[key] || STATUS[key];
      if (this.parts.status.textContent !== text) this.parts.status.textContent = text;
    }
    if (this.parts.tables) this.renderTables(session);
    if (this.parts.events) this.renderEvents(session);
    if (this.parts.note) {
      const lost = el.dataset.connection === "lost";
      const text = lost ? t("Reconnecting… the time shown is still worked out from the last deadline.")
        : synced ? "" : t("Setting the clock by the server…");
      if (this.parts.note.textContent !== text) this.parts.note.textContent = text;
      this.parts.note.hidden = !text;
    }
    if (this.lastPhase !== null && phase !== this.lastPhase && synced) {
      if (phase === "warn15" || phase === "warn5") signal("warn", el);
      if (phase === "over") signal("stop", el);
    }
    if (synced) this.lastPhase = phase;
    this.maybeCloseCards(session);
  }

  renderTables(session) {
    const list = this.parts.tables;
    const tables = session ? session.tables.filter((one) => !one.is_ended) : [];
    list.hidden = tables.length === 0;
    const rows = tables.map((one) => {
      const left = this.remaining(one);
      const minutes = Math.round(one.extra_ms / 60_000);
      const over = left !== null && left <= 0;
      const extra = t("{sign}{n} min", { sign: minutes >= 0 ? "+" : "−", n: Math.abs(minutes) });
      return { table: one.table, over, text: t("Table {table} ({extra})", { table: one.table, extra }),
        left: over ? t("Stop play now") : formatCountdown(left), reason: one.reason };
    });
    const signature = JSON.stringify(rows);
    if (list.dataset.signature === signature) return;
    list.dataset.signature = signature;
    list.replaceChildren(...rows.map((row) => h("li",
      { class: row.over ? "sc-table is-over" : "sc-table", dataset: { table: String(row.table) } },
      h("span", { class: "sc-table-name", text: row.text }),
      h("span", { class: "sc-table-left", text: row.left }),
      row.reason ? h("span", { class: "sc-table-reason", text: row.reason }) : null)));
  }

  renderEvents(session) {
    const events = session ? session.events : [];
    const list = this.parts.events;
    if (list.dataset.count === String(events.length)) return;
    list.dataset.count = String(events.length);
    const words = { start: t("Started"), pause: t("Paused"), resume: t("Resumed"), extend: t("Extra time"), end: t("Ended") };
    list.replaceChildren(...events.map((e) => {
      const at = venueTime(e.at_ms, { seconds: true });
      const amount = e.kind === "extend" ? ` ${e.amount_ms > 0 ? "+" : "−"}${formatElapsed(Math.abs(e.amount_ms))}` : "";
      const where = e.table ? " · " + t("table {table}", { table: e.table }) : "";
      return h("li", { text: `${at} · ${words[e.kind] || e.kind}${amount}${where}${e.reason ? ` · ${e.reason}` : ""} · ${e.who || e.by}` });
    }));
  }

  // At the server's due time the cards of tables out of time are closed. Any screen
  // may ask; the server decides by its own clock, and asking twice changes nothing.
  async maybeCloseCards(session) {
    if (!session || session.sweep_at_ms === null || !servertime.isSynced()) return;
    if (servertime.now() < session.sweep_at_ms) return;
    // one request at a time, and not more than every 10 s while the server says "not yet"
    if (this.closing || performance.now() - (this.closedAskedAt ?? -Infinity) < 10_000) return;
    this.closing = true;
    this.closedAskedAt = performance.now();
    try {
      await fetch(`${this.url.split("?")[0]}/time-over`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ session: session.number }),
      });
    } catch {
      // offline: another screen, or this one later, will ask
    } finally {
      this.closing = false;
    }
    this.poll(true);
  }
}

// ------------------------------------------------------------------ organizer controls

function mountControls(form, clockElement) {
  const message = form.querySelector("[data-clock-message]");
  const say = (text, isError = false) => {
    message.textContent = text;
    message.classList.toggle("is-error", isError);
  };
  async function act(body) {
    const session = clockElement.clockSession?.() ?? null;
    try {
      const response = await fetch(form.dataset.actUrl, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...body, session, op_id: newOpId() }),
      });
      const answer = await response.json();
      if (!response.ok) return say(answer.message || t("Refused ({status}).", { status: response.status }), true);
      const closed = answer.closed_cards?.length;
      say(closed ? t("Done. {n} card(s) closed: unrecorded rounds are now not played.", { n: closed }) : t("Done."));
    } catch {
      say(t("No connection: the clock did not change. Try again when you are back online."), true);
    }
    clockElement.clockRefresh();
  }
  form.addEventListener("click", (event) => {
    const button = event.target.closest("[data-clock-act]");
    if (!button) return;
    const action = button.dataset.clockAct;
    if (action === "end" && !confirm(t("End the session clock now? Rounds not yet recorded on the cards become not played (tables with extra time left play on)."))) return;
    act({ action });
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const minutes = Number(data.get("minutes"));
    const table = data.get("table");
    if (!minutes) return say(t("Choose how many minutes to add."), true);
    act({ action: "extend", seconds: Math.round(minutes * 60), table: table ? Number(table) : null,
      reason: data.get("reason") });
  });
}

for (const element of document.querySelectorAll("[data-session-clock]")) {
  const view = new SessionClock(element);
  element.clockSession = () => view.session?.number ?? null;
}
for (const form of document.querySelectorAll("[data-clock-controls]")) {
  mountControls(form, document.querySelector(form.dataset.clockFor));
}
refreshArmButtons();
