// The outbox: every write that must survive bad venue Wi-Fi goes through here.
//
//   enqueue({url, method, body, label, headers, meta}) -> the stored item
//
// The body gets an op_id (if it has none) and the item is kept in IndexedDB, so it survives a
// reload or a closed tab, then sent at once. A network failure, a timeout or a 5xx/408/429
// keeps it and it is tried again: when the phone comes back online, when the page becomes
// visible, and every 5–30 s (backing off), or when a busy server's Retry-After says. Replays
// are safe: the server applies each op_id once. A 2xx removes it. Signed out meanwhile (401, a CSRF refusal, or the access check's 403)
// keeps it too, marked held: "signin" (announced as "kept"); it is tried again on the next
// page load (after signing in), with the same op_id and the CSRF token of the page sending
// it, never a stored one. Any other 4xx
// marks it "rejected": it stays, with the server's message, in the needs-attention list until
// a person sends it again or lets it go; nothing is ever dropped silently. Items go out one at
// a time, oldest first (a correction never overtakes the round it corrects), under a Web Lock
// so two open tabs never race.
//
// app.js imports this module on every page (after the load event), so what waits is sent
// from whichever page is open; a page importing it again shares the same instance (one
// sender per page).
// Pages show the state with subscribe(listener) + items() (or mountAttention/mountPending).

import { h, newOpId, t } from "./dom.js";

const DB_NAME = "judgeaid-outbox";
const STORE = "items";
const CHANNEL = "judgeaid-outbox";
const LOCK = "judgeaid-outbox";
const SEND_TIMEOUT_MS = 15000;
const RETRY_MIN_MS = 5000;
const RETRY_MAX_MS = 30000;

const listeners = new Set();
const channel = "BroadcastChannel" in self ? new BroadcastChannel(CHANNEL) : null;
let database = null;
let running = null;
let again = false;
let failures = 0;
let retryTimer = null;
let retryAfterMs = 0; // the server's Retry-After on the last "busy" answer (0: none)

// ------------------------------------------------------------------ storage

function request(idbRequest) {
  return new Promise((resolve, reject) => {
    idbRequest.onsuccess = () => resolve(idbRequest.result);
    idbRequest.onerror = () => reject(idbRequest.error);
  });
}

function openDatabase() {
  if (!database) {
    const opening = indexedDB.open(DB_NAME, 1);
    opening.onupgradeneeded = () => {
      // seq keeps the order items were made in; op_id is unique, so enqueuing twice is harmless.
      const store = opening.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
      store.createIndex("op_id", "op_id", { unique: true });
    };
    database = request(opening);
  }
  return database;
}

async function store(mode) {
  return (await openDatabase()).transaction(STORE, mode).objectStore(STORE);
}

async function byOpId(opId) {
  return request((await store("readonly")).index("op_id").get(opId));
}

async function save(item) {
  await request((await store("readwrite")).put(item));
}

async function remove(seq) {
  await request((await store("readwrite")).delete(seq));
}

// ------------------------------------------------------------------ public API

/** Make a client op_id (dom.js: pages that send without the outbox make theirs too). */
export { newOpId };

/** Keep a write on this phone and send it as soon as the network allows; return the item. */
export async function enqueue({ url, method = "POST", body = {}, label = "", headers = {}, meta = {} }) {
  const payload = { ...body };
  if (!payload.op_id) payload.op_id = newOpId();
  // Ask the browser not to evict what is kept here when the phone runs low on space.
  navigator.storage?.persist?.().catch(() => {});
  const existing = await byOpId(payload.op_id);
  if (existing) return existing;
  const item = {
    op_id: payload.op_id, url, method, body: payload, headers, label, meta,
    state: "pending", created_at: new Date().toISOString(), attempts: 0, last_error: null,
  };
  item.seq = await request((await store("readwrite")).add(item));
  announce({ type: "queued", item });
  flush();
  return item;
}

/** Return every item this phone keeps, oldest first (pending and rejected). */
export async function items() {
  return request((await store("readonly")).getAll());
}

/** Return the writes not yet saved on the server. */
export async function pending() {
  return (await items()).filter((item) => item.state === "pending");
}

/** Return the writes kept until someone signs in again (each still pending). */
export async function held() {
  return (await pending()).filter((item) => item.held === "signin");
}

/** Return the writes the server refused: they wait for a person to look at them. */
export async function rejected() {
  return (await items()).filter((item) => item.state === "rejected");
}

/** Call listener({type, item, response}) on every change, in this tab or another; returns an unsubscribe. */
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Put a refused write back in the queue (e.g. after signing in again) and send it. */
export async function retry(opId) {
  const item = await byOpId(opId);
  if (!item) return;
  Object.assign(item, { state: "pending", status: null, message: null, details: null });
  await save(item);
  announce({ type: "queued", item });
  failures = 0;
  flush();
}

/** Let a refused write go, on a person's say-so (the only way an item leaves unsent). */
export async function dismiss(opId) {
  const item = await byOpId(opId);
  if (!item) return;
  await remove(item.seq);
  announce({ type: "dismissed", item });
}

/** Send what is waiting now; resolves when this pass is over. */
export function flush() {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      if (navigator.locks) await navigator.locks.request(LOCK, sendAll);
      else await sendAll();
    } while (again);
  })().finally(() => { running = null; });
  return running;
}

// ------------------------------------------------------------------ sending

async function sendAll() {
  for (const { seq } of await items()) {
    // Read it again: another tab may have sent it or a person may have let it go meanwhile.
    const item = await request((await store("readonly")).get(seq));
    if (!item || item.state !== "pending") continue;
    const outcome = await send(item);
    if (outcome === "later") {
      scheduleRetry();
      return;
    }
    if (outcome === "signin") {
      // Asking again before someone signs in only gets the same answer: wait for the next
      // page load (the sign-in form sends the person back to a page), or a visible tab.
      failures = 0;
      clearTimeout(retryTimer);
      return;
    }
  }
  failures = 0;
  clearTimeout(retryTimer);
}

async function send(item) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS);
  let response;
  let answer = null;
  try {
    response = await fetch(item.url, {
      method: item.method,
      headers: { "Content-Type": "application/json", Accept: "application/json", ...sendHeaders(item) },
      body: JSON.stringify(item.body),
      credentials: "same-origin",
      cache: "no-store",
      redirect: "manual", // a captive portal's redirect must not count as saved
      signal: abort.signal,
    });
    if ((response.headers.get("Content-Type") || "").includes("json")) answer = await response.json();
  } catch (error) {
    return keep(item, navigator.onLine ? "no answer from the server" : "offline");
  } finally {
    clearTimeout(timer);
  }
  const status = response.status;
  if (needsSignIn(item, status, answer)) {
    Object.assign(item, { held: "signin", status, attempts: item.attempts + 1, last_error: "signed out",
      message: answer?.message || null, tried_at: new Date().toISOString() });
    await save(item);
    announce({ type: "kept", item, response: answer });
    return "signin";
  }
  delete item.held;
  if (response.ok && answer !== null) {
    await remove(item.seq);
    announce({ type: "sent", item, response: answer });
    return "sent";
  }
  // A 2xx that is not our JSON (a Wi-Fi login page), a redirect, a server error or "slow
  // down": the write is not saved, so keep it and try again.
  if (response.ok || status === 0 || status === 408 || status === 429 || status >= 500) {
    retryAfterMs = retryAfter(response);
    return keep(item, status ? `server answered ${status}` : "redirected");
  }
  Object.assign(item, {
    state: "rejected", status, attempts: item.attempts + 1,
    message: answer?.message || response.statusText || t("refused ({status})", { status }),
    details: answer?.details || null, rejected_at: new Date().toISOString(),
  });
  await save(item);
  announce({ type: "rejected", item, response: answer });
  return "rejected";
}

// Signed out meanwhile, or signed in as someone the access check turns away (the server says
// code "signin"): a sign-in can fix it. A refusal of the write itself (403 "only the head
// judge…") needs a person, and so does a player's own link (X-Player-Token): no sign-in helps.
function needsSignIn(item, status, answer) {
  if (status === 401 || (status === 400 && answer?.code === "csrf")) return true;
  const byPlayer = Object.keys(item.headers || {}).some((key) => key.toLowerCase() === "x-player-token");
  return status === 403 && answer?.code === "signin" && !byPlayer;
}

// The CSRF token is read from the page sending the write, so a write queued before signing
// out and in again goes with the new session's token (the JSON API needs none today).
function sendHeaders(item) {
  const headers = Object.fromEntries(Object.entries(item.headers || {})
    .filter(([key]) => !/^x-csrf-?token$/i.test(key)));
  const token = document.querySelector("meta[name=csrf-token]")?.content
    || document.querySelector("input[name=csrf_token]")?.value;
  if (token) headers["X-CSRFToken"] = token;
  return headers;
}

async function keep(item, reason) {
  Object.assign(item, { attempts: item.attempts + 1, last_error: reason, tried_at: new Date().toISOString() });
  await save(item);
  announce({ type: "kept", item });
  return "later";
}

// A server too busy for the write right now (503, or 429 "slow down") says when to come back:
// then, spread a little so a hall of phones does not come back at one instant, and without
// counting it as a failure (judgeaid/writeturns.py). Anything else backs off, 5 s to 30 s.
function retryAfter(response) {
  const seconds = Number(response.headers.get("Retry-After"));
  const busy = response.status === 503 || response.status === 429;
  return busy && seconds > 0 && seconds <= 60 ? seconds * 1000 : 0;
}

function scheduleRetry() {
  const told = retryAfterMs;
  retryAfterMs = 0;
  clearTimeout(retryTimer);
  if (told) {
    retryTimer = setTimeout(flush, told * (1 + Math.random() * 0.5));
    return;
  }
  failures += 1;
  const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1));
  retryTimer = setTimeout(flush, delay * (0.8 + Math.random() * 0.4));
}

function announce(event, fromOtherTab = false) {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error("outbox listener failed", error);
    }
  }
  if (!fromOtherTab && channel) channel.postMessage({ type: event.type, item: event.item, response: event.response });
}

channel?.addEventListener("message", (message) => announce(message.data, true));

function wake() {
  failures = 0;
  flush();
}
addEventListener("online", wake);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") wake(); });
flush(); // whatever an earlier visit left behind

// ------------------------------------------------------------------ small views for pages

/** Show "N pending (not yet saved)" in element, for the items filter() keeps. */
// Resolve with the outbox's first word on this op_id: sent, rejected or kept (no network).
export function outcome(opId, { untilSettled = false, timeoutMs = 0 } = {}) {
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
export async function write(request) {
  const opId = newOpId();
  const first = outcome(opId);
  const settled = outcome(opId, { untilSettled: true });
  await enqueue({ ...request, body: { ...request.body, op_id: opId } });
  return { opId, first, settled };
}

export function mountPending(element, filter = () => true) {
  const render = async () => {
    const waiting = (await pending()).filter(filter);
    element.hidden = waiting.length === 0;
    const last = waiting.find((item) => item.last_error);
    const signIn = waiting.some((item) => item.held === "signin");
    element.textContent = waiting.length === 0 ? ""
      : (waiting.length === 1 ? t("1 change pending (not yet saved)")
        : t("{n} changes pending (not yet saved)", { n: waiting.length }))
        + (signIn ? " · " + t("sign in again to send")
          : last ? " · " + t("{error}; trying again", { error: errorWords(last.last_error) }) : t("; sending…"));
  };
  subscribe(render);
  render();
  return render;
}

// Why a write waits, as kept with it (in English, the words of the phone that tried), in words.
export function errorWords(text) {
  const status = /^server answered (\d+)$/.exec(text || "")?.[1];
  if (status) return t("server answered {status}", { status });
  return { "no answer from the server": t("no answer from the server"), offline: t("offline"),
    "signed out": t("signed out"), redirected: t("redirected") }[text] ?? text;
}

/**
 * List the refused writes in element, each with the server's message, "Send again" and
 * "Let it go". describe(item) may add nodes (e.g. what the server holds instead);
 * actions(item) may add buttons.
 */
export function mountAttention(element, { filter = () => true, describe = () => [], actions = () => [] } = {}) {
  const render = async () => {
    const refused = (await rejected()).filter(filter);
    element.hidden = refused.length === 0;
    if (refused.length === 0) {
      element.replaceChildren();
      return;
    }
    const list = h("ul", { class: "attention-list" }, ...refused.map((item) => {
      const again = h("button", { type: "button", class: "button small", text: t("Send again") });
      again.addEventListener("click", () => retry(item.op_id));
      const drop = h("button", { type: "button", class: "button small quiet", text: t("Let it go") });
      drop.addEventListener("click", () => {
        if (confirm(t("“{label}” was NOT saved. Let it go for good?", { label: item.label }))) dismiss(item.op_id);
      });
      return h("li", { class: "attention-item" },
        h("strong", { text: item.label || `${item.method} ${item.url}` }),
        // The server's sentence says what went wrong in words; the status code is kept for support.
        h("span", { class: "attention-message", title: `HTTP ${item.status}`,
                     text: t("Not saved: {message}", { message: item.message }) }),
        ...describe(item),
        h("span", { class: "attention-actions" }, ...actions(item), again, drop));
    }));
    element.replaceChildren(h("h2", { text: t("Needs attention") }), list);
    element.dataset.count = String(refused.length);
  };
  subscribe(render);
  render();
  return render;
}
