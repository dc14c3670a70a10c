// The big screen's standings stay current by themselves: every 15 seconds the page
// is fetched again and its standings (the heading, the links to each turn's, the
// table) put in place of those shown (no reload, so the clock beside it keeps counting).
(function () {
  "use strict";
  var shown = document.querySelector("[data-refresh] [data-standings]");
  if (!shown) return;
  function refresh() {
    fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html")
          .querySelector("[data-refresh] [data-standings]");
        if (fresh) { shown.replaceWith(fresh); shown = fresh; }
      })
      .catch(function () { /* the next try will do */ });
  }
  setInterval(refresh, 15000);
})();
