// judgeaid service worker {{ version }}: app shell precached, pages kept for offline use.
const VERSION = {{ version|tojson }};
const SHELL = "shell-" + VERSION;
const PAGES = "pages";
const PRECACHE = {{ precache|tojson }};
const SHELL_PAGES = new Set({{ shell_pages|tojson }});
const NETWORK_TIMEOUT_MS = 4000;
// Every ruleset's hand catalogue (/api/<code>/catalogue): the picker and the card score with it.
const CATALOGUE = /^\/api\/[a-z0-9_-]+\/catalogue$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
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
async function staleWhileRevalidate(request, cacheKey) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(cacheKey);
  const refresh = fetch(request).then((response) => {
    if (response.ok) cache.put(cacheKey, response.clone());
    return response;
  }).catch(() => null);
  if (hit) return hit;
  return (await refresh) || caches.match("/offline");
}

// Other pages: the network when it answers in time, else the copy kept from the last visit.
// A copy given to a script says so (X-Judgeaid-Copy), so a page can tell it is not live.
async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await withTimeout(fetch(request), NETWORK_TIMEOUT_MS);
    if (response.ok && response.type === "basic") cache.put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreVary: true });
    if (hit && request.mode === "navigate") return hit;
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set("X-Judgeaid-Copy", "1");
      return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
    }
    if (request.mode === "navigate") return caches.match("/offline");
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
  if (target.origin !== self.location.origin || SHELL_PAGES.has(target.pathname)) return;
  const response = await fetch(target.href, { credentials: "same-origin", redirect: "manual" });
  if (response.ok && response.type === "basic" && !response.redirected) {
    await (await caches.open(PAGES)).put(target.href, response);
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
    event.respondWith(staleWhileRevalidate(request, url.pathname));
  } else if (CATALOGUE.test(url.pathname) || url.pathname === "/api/judge/guide") {
    event.respondWith(staleWhileRevalidate(request, url.pathname));
  } else if (request.mode === "navigate" || url.pathname.startsWith("/api/cards/")) {
    event.respondWith(networkFirst(request));
  }
});

self.addEventListener("message", (event) => {
  if (event.data === "forget-pages") event.waitUntil(caches.delete(PAGES));
  if (event.data?.type === "keep-page") event.waitUntil(keepPage(event.data.url, event.data.assets).catch(() => {}));
});
