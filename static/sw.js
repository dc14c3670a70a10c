// Scorekeeper's service worker, served at /sw.js with scope "/".
// Keeps the app shell available offline:
// - pre-caches the stylesheet, scripts, icons and the offline page;
// - pages: network first, then the cached copy, then the offline page;
// - static assets: cache first;
// - never caches POST (or any non-GET) requests, nor the JSON API, nor a page sent
//   private or no-store.
// Bump VERSION when the shell changes: old caches are deleted on activate.
"use strict";
const VERSION = "scorekeeper-shell-v6"; // v6: sums.js, sides.js; v5: melds.js adds to typed numbers, runs on replaced parts; v4: melds.js; v3: pages kept before are dropped (some were private)
const OFFLINE = "/offline";
const SHELL = [
  "/static/style.css",
  "/static/print.css",
  "/static/app.js",
  "/static/melds.js",
  "/static/sums.js",
  "/static/sides.js",
  "/static/icon.svg",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png",
  "/static/icons/maskable-192.png",
  "/static/icons/maskable-512.png",
  "/static/icons/apple-touch-icon.png",
  OFFLINE,
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(VERSION).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name !== VERSION).map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

// A page is kept for offline use only if it is no one browser's own: a page sent
// "private" or "no-store" (the scorer's scoreboard with its join code, a phone's own
// page, a spectator link's share page) is never written to the cache.
function isPage(request, response) {
  const type = response.headers.get("Content-Type") || "";
  const caching = (response.headers.get("Cache-Control") || "").toLowerCase();
  const mine = caching.includes("private") || caching.includes("no-store");
  return response.ok && response.type === "basic" && type.startsWith("text/html") && !mine;
}

async function networkFirst(request) {
  const cache = await caches.open(VERSION);
  try {
    const response = await fetch(request);
    if (isPage(request, response)) cache.put(request, response.clone());
    return response;
  } catch (error) {
    return (await cache.match(request)) || (await cache.match(OFFLINE)) || Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(VERSION);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
  }
});
