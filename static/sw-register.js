// Scorekeeper: register the service worker (offline app shell). Only in a secure
// context (https, or localhost): on plain http from a LAN address nothing happens.
"use strict";
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // No worker means no offline copy; the app works the same online.
    });
  });
}
