// judgeaid service worker {{ version }}: app shell precached, pages kept for offline use.
const VERSION = {{ version|tojson }};
const SHELL = "shell-" + VERSION;
const PAGES = "pages";
const PRECACHE = {{ precache|tojson }};
const SHELL_PAGES = new Set({{ shell_pages|tojson }});
const NETWORK_TIMEOUT_MS = 4000;
// Every ruleset's hand catalogue (/api/<code>/catalogue): the picker and the card score with it.
const CATALOGUE = /^\/api\/[a-z0-9_-]+\/catalogue$/;

// ---- each language's pages apart (issue 29)
// A page and the JSON a script reads are in the page's language, so a copy is kept under its
// URL with the language in it: the source language (English) under the plain URL, another
// as ?lang=<tag> (the same address the server answers in that language). The language of a
// request is the server's own choice as far as a worker can know it: ?lang=, the `lang`
// cookie, the language the server last answered in (every page says it: <html lang>).
const LANGS = {{ lang_links()|map(attribute="tag")|list|tojson }};
const SOURCE_LANG = LANGS[0];
const META = "meta";
const LANG_KEY = "/__judgeaid/lang";
let servedLang = null;

function tagFor(value) {
  const wanted = String(value || "").trim().replace(/_/g, "-").toLowerCase();
  return LANGS.find((tag) => tag.toLowerCase() === wanted) || null;
}

// The copy's address: the URL without ?lang=, then with the language unless it is the source.
function keyFor(url, lang) {
  const key = new URL(url, self.location.origin);
  key.hash = "";
  key.searchParams.delete("lang");
  if (lang && lang !== SOURCE_LANG) key.searchParams.set("lang", lang);
  return key.href;
}

async function rememberLang(lang) {
  if (!lang || lang === servedLang) return;
  servedLang = lang;
  await (await caches.open(META)).put(LANG_KEY, new Response(lang)).catch(() => {});
}

async function langOf(request) {
  const asked = tagFor(new URL(request.url).searchParams.get("lang"));
  if (asked) return asked;
  try {
    const cookie = self.cookieStore ? await self.cookieStore.get("lang") : null;
    if (tagFor(cookie?.value)) return tagFor(cookie.value);
  } catch {
    // no cookie store here: the language last served stands in for the cookie
  }
  if (servedLang === null) {
    const kept = await caches.match(LANG_KEY, { cacheName: META }).catch(() => null);
    servedLang = tagFor(kept ? await kept.text() : null) || "";
  }
  return servedLang || SOURCE_LANG;
}

// The language a page was answered in (its <html lang>), remembered as the server's choice.
async function langOfPage(response, fallback, remember = true) {
  if (!(response.headers.get("Content-Type") || "").startsWith("text/html")) return fallback;
  const head = (await response.clone().text()).slice(0, 400);
  const lang = tagFor(/<html[^>]*\slang="([^"]+)"/i.exec(head)?.[1]);
  if (lang && remember) await rememberLang(lang);
  return lang || fallback;
}

async function offlinePage(lang) {
  return (await caches.match(keyFor("/offline", lang)))
    || caches.match(keyFor("/offline", SOURCE_LANG), { ignoreSearch: true });
}

// The shell's pages and the first catalogue, fetched in this phone's language and kept so;
// the offline page also in every other language (without cookies: asking for a language is
// choosing it).
async function precachePages(cache, urls) {
  const lang = await langOf(new Request(self.location.origin + "/"));
  const keep = async (url, init, fallback, remember = true) => {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`precache ${url}: ${response.status}`);
    await cache.put(keyFor(url, await langOfPage(response, fallback, remember)), response);
  };
  await Promise.all(LANGS.map((tag) => keep(`/offline?lang=${tag}`, { credentials: "omit" }, tag, false)));
  for (const url of urls) await keep(url, { credentials: "same-origin" }, lang);
}

self.addEventListener("install", (event) => {
  const files = PRECACHE.filter((url) => url.startsWith("/static/"));
  const pages = PRECACHE.filter((url) => !url.startsWith("/static/"));
  event.waitUntil(caches.open(SHELL)
    .then((cache) => Promise.all([cache.addAll(files), precachePages(cache, pages)]))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("shell-") && key !== SHELL) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); },
                 (error) => { clearTimeout(timer); reject(error); });
  });
}

// Static files carry their content hash in the URL, so a cached copy is always right.
async function cacheFirst(request) {
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

// Shell pages and the catalogues: answer from the cache at once, refresh in the background.
// A catalogue kept in another language stands in for one never fetched in this one.
async function staleWhileRevalidate(request, { anyLang = false } = {}) {
  const cache = await caches.open(SHELL);
  const lang = await langOf(request);
  const url = new URL(request.url);
  url.search = "";
  const hit = await cache.match(keyFor(url, lang))
    || (anyLang ? await cache.match(url.href, { ignoreSearch: true }) : undefined);
  const refresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(keyFor(url, await langOfPage(response, lang)), response.clone());
    return response;
  }).catch(() => null);
  if (hit) return hit;
  return (await refresh) || offlinePage(lang);
}

// Other pages: the network when it answers in time, else the copy kept from the last visit.
// A copy given to a script says so (X-Judgeaid-Copy), so a page can tell it is not live.
async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  const lang = await langOf(request);
  try {
    const response = await withTimeout(fetch(request), NETWORK_TIMEOUT_MS);
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      langOfPage(copy, lang).then((served) => cache.put(keyFor(request.url, served), copy)).catch(() => {});
    }
    return response;
  } catch (error) {
    const hit = await cache.match(keyFor(request.url, lang), { ignoreVary: true });
    // a kept page says so (<html data-kept-copy>): its scripts ask the server at once, where
    // a page fresh from the server waits for their usual poll
    if (hit && request.mode === "navigate") {
      const text = (await hit.text()).replace("<html ", "<html data-kept-copy ");
      return new Response(text, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
    }
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set("X-Judgeaid-Copy", "1");
      return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
    }
    if (request.mode === "navigate") return offlinePage(lang);
    throw error;
  }
}

// Keep a copy of a page opened before this worker controlled it (a phone's first visit),
// with the versioned static files it loaded, so it opens again with no network.
async function keepPage(url, assets = []) {
  const shell = await caches.open(SHELL);
  for (const asset of assets) {
    const file = new URL(asset, self.location.origin);
    if (file.origin !== self.location.origin || !file.pathname.startsWith("/static/")
        || !file.searchParams.has("v") || await caches.match(file.href)) continue;
    const response = await fetch(file.href).catch(() => null);
    if (response?.ok) await shell.put(file.href, response);
  }
  const target = new URL(url, self.location.origin);
  target.hash = "";
  if (target.origin !== self.location.origin) return;
  const isShell = SHELL_PAGES.has(target.pathname);
  const asked = await langOf(new Request(target.href));
  // a shell page is kept in the language the install fetched; in another, it joins the shell
  if (isShell && await shell.match(keyFor(target.origin + target.pathname, asked))) return;
  const response = await fetch(target.href, { credentials: "same-origin", redirect: "manual" });
  if (response.ok && response.type === "basic" && !response.redirected) {
    const lang = await langOfPage(response, asked);
    if (isShell) target.search = "";
    await (isShell ? shell : await caches.open(PAGES)).put(keyFor(target.href, lang), response);
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" && SHELL_PAGES.has(url.pathname)) {
    event.respondWith(staleWhileRevalidate(request));
  } else if (CATALOGUE.test(url.pathname) || url.pathname === "/api/judge/guide") {
    event.respondWith(staleWhileRevalidate(request, { anyLang: true }));
  } else if (request.mode === "navigate" || url.pathname.startsWith("/api/cards/")) {
    event.respondWith(networkFirst(request));
  }
});

self.addEventListener("message", (event) => {
  if (event.data === "forget-pages") event.waitUntil(caches.delete(PAGES));
  if (event.data?.type === "keep-page") event.waitUntil(keepPage(event.data.url, event.data.assets).catch(() => {}));
});
