// The big screen's standings, when more than one screen holds: one screenful
// (.screenful) shown at a time, the next every 12 seconds, round and round. It asks
// for the screenfuls afresh each second, so standings put in place by
// static/standings.js turn on from the screenful that was showing.
(function () {
  "use strict";
  var EVERY = 12, shown = 0, ticks = 0;
  setInterval(function () {
    var all = document.querySelectorAll(".screenful");
    if (all.length < 2) return;
    ticks += 1;
    if (ticks >= EVERY) { ticks = 0; shown += 1; }
    shown %= all.length;
    all.forEach(function (part, n) { part.hidden = n !== shown; });
  }, 1000);
})();
