// The desk and the big screen keep themselves current: every second the page
// is asked for again with the ETag it was last served with (and ``X-Poll``: a poll,
// not a visit). A 304 says nothing changed at the event; a new page puts its live
// parts ([data-live-part][id]: the tables, the standings) in place of those shown.
// No reload, so the clock keeps counting and nothing typed elsewhere is lost. A poll
// sent away (503: the server is full) waits as long as the server says (app.js).
(function () {
  "use strict";
  var root = document.querySelector("[data-refresh]");
  if (!root) return;
  var every = parseInt(root.dataset.every || "1000", 10);
  var etag = null;
  var wait = every;
  var last = null;
  function refresh() {
    var headers = pollHeaders({ Accept: "text/html", "X-Poll": "1" }, last);
    if (etag) headers["If-None-Match"] = etag;
    wait = every;
    fetch(location.href, { headers: headers, cache: "no-store" })
      .then(function (r) {
        last = r;
        wait = pollAfter(r, every); // the server full (503): saves first, this poll later
        if (r.status === 304 || !r.ok) return null;
        etag = r.headers.get("ETag");
        return r.text();
      })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-live-part][id]").forEach(function (shown) {
          var part = fresh.getElementById(shown.id);
          if (part && !shown.contains(document.activeElement)) shown.replaceWith(part);
        });
      })
      .catch(function () { /* the next try will do */ })
      .then(function () { setTimeout(refresh, wait); });
  }
  setTimeout(refresh, every);
})();
