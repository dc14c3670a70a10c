// The turn's clock on every screen of a club night (the director's desk, the big
// screen, each table's scoreboard and phones): it counts down each second from what
// the server last said and asks again every ten seconds, so a pause or minutes added
// by the director reach every screen. It says so once at 10 minutes and at 1 minute.
(function () {
  "use strict";
  function start(el) {
    var box = el.closest(".clock-box");
    var time = el.querySelector(".time");
    var state = el.querySelector(".state");
    var said = box.querySelector(".clock-said");
    var left = parseInt(el.dataset.left || "0", 10);
    var running = el.dataset.running === "1";
    var set = !box.hidden;
    var warned = left <= 60 ? 2 : left <= 600 ? 1 : 0;
    function show() {
      box.hidden = !set;
      var m = Math.floor(left / 60), s = left % 60;
      time.textContent = m + ":" + (s < 10 ? "0" : "") + s;
      el.classList.toggle("warn", left <= 600 && left > 60);
      el.classList.toggle("urgent", left <= 60);
      state.textContent = !running ? el.dataset.paused : left === 0 ? el.dataset.done : "";
      if (running && left <= 60 && left > 0 && warned < 2) { said.textContent = el.dataset.one; warned = 2; }
      else if (running && left <= 600 && left > 60 && warned < 1) { said.textContent = el.dataset.ten; warned = 1; }
    }
    function sync() {
      fetch(el.dataset.clock, { headers: { Accept: "application/json" }, cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (c) {
          if (!c) return;
          set = c.set; left = c.left || 0; running = !!c.running;
          if (left > 600) warned = 0; else if (left > 60 && warned > 1) warned = 1;
          show();
        })
        .catch(function () { /* the next try will do */ });
    }
    setInterval(function () { if (set && running && left > 0) { left -= 1; show(); } }, 1000);
    setInterval(sync, 10000);
    sync();
  }
  document.querySelectorAll("[data-clock]").forEach(start);
})();
