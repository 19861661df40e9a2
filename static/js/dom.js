// The one DOM builder, h(), the $ / $$ finders, and the formatters every page shares: scores, countdowns,
// times on the venue's clock, and the words scripts draw in the page's language (t).

/** Return the first element under root that matches selector (or null). */
export const $ = (selector, root = document) => root.querySelector(selector);

/** Return every element under root that matches selector, as an array. */
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/** Make an element: h("p", {class: "x", text: "hi", dataset: {a: 1}}, child, ...). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false && c !== ""));
  return node;
}

/** A score with its sign: +8, −8 (a real minus sign, or `minus` where a plain integer must be
 * readable, e.g. "-"), 0. */
export function signed(n, minus = "−") {
  return n > 0 ? `+${n}` : n < 0 ? `${minus}${-n}` : "0";
}

// ---- countdowns

// Minutes and seconds, minutes not split into hours ("89:59"), as hall clocks show them.
function clockText(totalSeconds) {
  return `${Math.floor(totalSeconds / 60)}:${String(totalSeconds % 60).padStart(2, "0")}`;
}

/** Format a countdown: whole seconds rounded up, so 0:00 shows only at zero. */
export function formatCountdown(ms) {
  return clockText(Math.max(0, Math.ceil(ms / 1000)));
}

/** Format time that has run (counting up): whole seconds rounded down. */
export function formatElapsed(ms) {
  return clockText(Math.max(0, Math.floor(ms / 1000)));
}

// ---- the venue's clock: every time a person reads is the venue's wall-clock time, whatever
// zone this phone is set to. The page names the tournament's zone on <body data-time-zone>
// (judgeaid.services.venuetime); Python's judgeaid.venuetime is the server side of the same.

/** The venue's IANA time zone (e.g. "Europe/Copenhagen"); "UTC" when the page names none. */
export function venueZone() {
  return (typeof document !== "undefined" && document.body?.dataset.timeZone) || "UTC";
}

const formats = new Map();

function formatter(zone, seconds, withZone) {
  const key = `${zone}|${seconds}|${withZone}`;
  if (!formats.has(key)) {
    const options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone };
    if (seconds) options.second = "2-digit";
    if (withZone) options.timeZoneName = "short";
    try {
      formats.set(key, new Intl.DateTimeFormat("en-GB", options));
    } catch {
      // a zone this browser does not know: UTC, named as such, rather than the phone's zone
      formats.set(key, new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }));
    }
  }
  return formats.get(key);
}

/** A moment (ms since 1970, or ISO text such as "2026-11-24T13:30:00Z") on the venue's
 *  clock: "14:30 CET"; "" for no moment. */
export function venueTime(moment, { seconds = false, zone = venueZone(), withZone = true } = {}) {
  if (moment === null || moment === undefined || moment === "") return "";
  const at = typeof moment === "number" ? moment : Date.parse(moment);
  if (Number.isNaN(at)) return "";
  return formatter(zone, seconds, withZone).format(at);
}

// ---- the words scripts draw, in the page's language (issue 29)
//
// `t("Hand {n}", {n: 3})` returns the page's translation of the English text, its `{name}`
// placeholders filled in; `tc(context, text, values)` the same for a message with a context.
// The page carries its language's messages as JSON (<script id="js-messages">, rendered with
// the page, so it works offline wherever the page does); English pages carry none. They live
// here, in the module every page loads already, so no page pays a request for them.

let messages = null;

function catalogue() {
  if (messages === null) {
    const node = typeof document === "undefined" ? null : document.getElementById("js-messages");
    try {
      messages = node ? JSON.parse(node.textContent) : {};
    } catch {
      messages = {};
    }
  }
  return messages;
}

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The translation of an English message, with its placeholders filled in. */
export function t(text, values) {
  return fill(catalogue()[text] || text, values);
}

/** The translation of a message with a context (a ruleset's code, say). */
export function tc(context, text, values) {
  return fill(catalogue()[`${context}\u0004${text}`] || text, values);
}

/** The page's language tag (`en`, `zh-Hant`, `zh-Hans`). */
export function pageLang() {
  return (typeof document !== "undefined" && document.documentElement.lang) || "en";
}

/**
 * A translated sentence as parts to append: its `{name}` placeholders given as nodes in
 * `nodes` (a link, say) stand in their place, wherever the language puts them.
 */
export function tParts(text, nodes) {
  return text.split(/(\{\w+\})/).filter((part) => part !== "")
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name && name in nodes ? nodes[name] : part;
    });
}

/**
 * The address under which this phone keeps a copy of `url` in the page's language, as the
 * service worker keeps it (templates/sw.js keyFor): English under the plain URL, another
 * language with ?lang=<tag>.
 */
export function keptUrl(url, lang = pageLang()) {
  const key = new URL(url, location.origin);
  key.hash = "";
  key.searchParams.delete("lang");
  if (lang !== "en") key.searchParams.set("lang", lang);
  return key.href;
}

// How long ago a tap on this element was made while its part's script was still on its way
// (app.js holds such a tap and makes it again once the script has started): 0 for a tap made
// now. A time stamped on a tap (a play timer's turn, a time-out) is the tap's, not the replay's.
export function tapDelay(element) {
  const at = Number(element?.dataset?.heldAt);
  if (at) delete element.dataset.heldAt;
  return at ? Math.max(0, performance.now() - at) : 0;
}

/** Make a client op_id: a UUID (crypto.randomUUID needs HTTPS; a LAN address may lack it). */
export function newOpId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
