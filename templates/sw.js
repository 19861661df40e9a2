// judgeaid service worker {{ version }}: app shell precached, pages kept for offline use.
const VERSION = {{ version|tojson }};
const SHELL = "shell-" + VERSION;
const PAGES = "pages";
const PRECACHE = {{ precache|tojson }};
const SHELL_PAGES = new Set({{ shell_pages|tojson }});
const NETWORK_TIMEOUT_MS = 4000;

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

// Shell pages and the catalogue: answer from the cache at once, refresh in the background.
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
async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await withTimeout(fetch(request), NETWORK_TIMEOUT_MS);
    if (response.ok && response.type === "basic") cache.put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreVary: true });
    if (hit) return hit;
    if (request.mode === "navigate") return caches.match("/offline");
    throw error;
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
  } else if (url.pathname === "/api/zj/catalogue" || url.pathname === "/api/judge/guide") {
    event.respondWith(staleWhileRevalidate(request, url.pathname));
  } else if (request.mode === "navigate" || url.pathname.startsWith("/api/cards/")) {
    event.respondWith(networkFirst(request));
  }
});

self.addEventListener("message", (event) => {
  if (event.data === "forget-pages") event.waitUntil(caches.delete(PAGES));
});
