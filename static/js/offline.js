// The offline page: say what this phone keeps, and open the wanted page once the network answers.
//
// The service worker shows this page in place of a page it has no copy of, so location is the
// page the person asked for; it reloads as soon as the server answers GET /api/time (which the
// service worker never answers from its cache). The online event is unreliable on venue
// Wi-Fi, so a timer asks as well.

import { items, subscribe } from "./outbox.js";
import { $, h, keptUrl, t } from "./dom.js";

const RETRY_MS = 5000;
const wanted = location.pathname !== "/offline";

async function showOutbox() {
  const kept = await items();
  const waiting = kept.filter((item) => item.state === "pending").length;
  const refused = kept.length - waiting;
  const parts = [];
  if (waiting) {
    parts.push(waiting === 1 ? t("1 change is kept on this phone and will be sent when the connection returns.")
      : t("{n} changes are kept on this phone and will be sent when the connection returns.", { n: waiting }));
  }
  if (refused) {
    parts.push(refused === 1 ? t("1 change was not saved and needs a look on the page it came from.")
      : t("{n} changes were not saved and need a look on the page it came from.", { n: refused }));
  }
  const node = $("[data-offline-outbox]");
  node.textContent = parts.join(" ");
  node.hidden = parts.length === 0;
}

// The cards this phone has a copy of: each kept card page, named from its kept state if any.
async function showCards() {
  if (!("caches" in window)) return;
  const cache = await caches.open("pages");
  const found = new Map();
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    const id = path.match(/^\/cards\/(\d+)$/)?.[1];
    if (id && !found.has(id)) found.set(id, path);
  }
  const list = $("[data-offline-cards] ul");
  const links = [];
  for (const [id, path] of found) {
    let label = t("Card {id}", { id });
    try {
      // the card's kept state in this page's language (the service worker keeps each apart)
      const state = await (await cache.match(keptUrl(`/api/cards/${id}`))
        || await cache.match(`/api/cards/${id}`, { ignoreSearch: true }))?.json();
      if (state) label = t("Session {session} · Table {table}", { session: state.session, table: state.table });
    } catch {
      // no kept state: the card's number will do
    }
    links.push(h("li", {}, h("a", { class: "tile", href: path, text: label })));
  }
  list.replaceChildren(...links);
  $("[data-offline-cards]").hidden = links.length === 0;
}

let timer = null;
async function tryAgain() {
  clearTimeout(timer);
  try {
    const response = await fetch("/api/time", { cache: "no-store" });
    if (response.ok && wanted) {
      location.reload();
      return;
    }
  } catch {
    // still no network: ask again soon
  }
  timer = setTimeout(tryAgain, RETRY_MS);
}

if (!wanted) $("[data-offline-lead]").textContent = t("The network cannot be reached right now.");
showOutbox().catch(() => {});
subscribe(() => { showOutbox().catch(() => {}); });
showCards().catch(() => {});
addEventListener("online", tryAgain);
timer = setTimeout(tryAgain, RETRY_MS);
