// Keeping the card up to date: the poll (If-None-Match, every 4-6 s while the page shows),
// this phone's copy for a reload with no network, the outbox's items for this card, and the
// reader who opened it from a player's link.

import { flush, items, subscribe } from "./outbox.js";
import { $, h, keptUrl, t, venueTime } from "./dom.js";
import { api, card, cardId, cardZone, hooks, page, playerToken, root, setCard, setMe, setQueue } from "./card_state.js";

const POLL_MS = 5000;
// Each poll comes 4-6 s after the last, not exactly 5: the phones of a whole hall open their
// cards in the same few seconds at a session's start, and would otherwise ask all together
// every 5 s for as long as the session lasts.
const nextPollMs = () => POLL_MS * (0.8 + 0.4 * Math.random());

let etag = page.etag ? `"${page.etag}"` : null; // the version the page was built from (the server's tag)
let live = null; // true once the server answered; false while showing this phone's copy
let seenAt = null; // when this phone last had the card from the server (ISO), for the copy

// ------------------------------------------------------------------ the reader and the outbox

export async function loadReader() {
  if (!playerToken) return;
  const key = `judgeaid-card-reader:${cardId}:${playerToken}`;
  try {
    const response = await fetch(`${api}/me`, { headers: { "X-Player-Token": playerToken }, cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    const reader = await response.json();
    setMe(reader);
    localStorage.setItem(key, JSON.stringify(reader));
  } catch {
    setMe(JSON.parse(localStorage.getItem(key) || "null")); // offline: what we learnt last time
  }
  hooks.render();
}

export async function loadQueue() {
  setQueue((await items()).filter((item) => item.meta?.card === cardId));
  hooks.render();
}

// ------------------------------------------------------------------ keeping up to date

function adopt(data, tag = null, fromServer = true) {
  if (!data || data.id !== cardId || (card && data.version < card.version)) return; // an older copy (cache)
  // A new tag at the same card version: a name or a setting the card shows has changed.
  const changed = !card || data.version !== card.version || (tag !== null && tag !== etag);
  setCard(data);
  // A write's answer carries the card but not its tag: the next poll fetches it whole once.
  etag = tag;
  if (fromServer) keepCopy();
  if (changed) hooks.render();
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
  caches.open(COPIES).then((cache) => cache.put(keptUrl(api), new Response(body, { headers }))).catch(() => {});
}

export async function loadCopy() {
  if (!("caches" in window)) return;
  try {
    const hit = await (await caches.open(COPIES)).match(keptUrl(api));
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
    notice.textContent = t("No connection, and this phone has no copy of this card yet. "
      + "The card shows by itself when the connection returns.");
  } else if (!value) {
    const kept = seenAt
      ? t("No connection. This is the copy of the card kept on this phone (last updated {when}).",
        { when: venueTime(seenAt, { zone: cardZone() }) })
      : t("No connection. This is the copy of the card kept on this phone.");
    notice.textContent = kept + " " + t("Rounds waiting to be sent are marked pending. "
      + "The card goes live again by itself when the connection returns.");
  }
  if (value && was === false) flush(); // back online: send what waits now, not at the next retry
}

let pollTimer = null;

/** The card in the page came from the server just now: live as it is, kept for a reload with
 * no network, and asked again at the usual interval (not at once: a round trip less). */
export function fromPage() {
  if (!card) return;
  setLive(true);
  keepCopy();
  clearTimeout(pollTimer);
  pollTimer = setTimeout(poll, nextPollMs());
}

export async function poll() {
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
