// Scorekeeper: optional improvements. Every action works without this file.
"use strict";
document.documentElement.classList.add("js");

document.addEventListener("DOMContentLoaded", () => {
  // Steppers: the - and + buttons beside every count.
  for (const button of document.querySelectorAll("button.step")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      const input = document.getElementById(button.dataset.for);
      const value = Math.max(0, (parseInt(input.value, 10) || 0) + Number(button.dataset.step));
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  // Card counters: counts of cards fill in the point field above them.
  for (const cards of document.querySelectorAll(".cards")) {
    const target = document.getElementById(cards.dataset.target);
    cards.addEventListener("input", () => {
      let total = 0;
      let any = false;
      for (const input of cards.querySelectorAll("input")) {
        const n = parseInt(input.value, 10) || 0;
        any = any || n > 0;
        total += n * Number(input.dataset.points);
      }
      if (any) {
        target.value = total;
        target.dispatchEvent(new Event("input", { bubbles: true }));
      }
    });
  }

  // Live preview: each side's round score as the scorer types.
  const form = document.querySelector("form[data-preview]");
  if (!form) return;
  let timer = null;
  const outputs = form.querySelectorAll("output.preview");
  const show = (scores) => {
    for (const out of outputs) {
      const points = scores ? scores[out.dataset.side] : null;
      out.textContent = points == null ? "" : (points > 0 ? "+" : "") + points;
    }
  };
  form.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const body = new FormData(form);
      body.delete("save");
      try {
        const response = await fetch(form.dataset.preview, { method: "POST", body });
        const answer = await response.json();
        show(response.ok ? answer.scores : null);
      } catch (error) {
        show(null);
      }
    }, 250);
  });
});

// Spectator page: reload when a round is entered, corrected or deleted.
document.addEventListener("DOMContentLoaded", () => {
  const head = document.querySelector("[data-watch]");
  if (!head) return;
  setInterval(async () => {
    try {
      const response = await fetch(head.dataset.watch, { cache: "no-store" });
      const { stamp } = await response.json();
      if (String(stamp) !== head.dataset.stamp) window.location.reload();
    } catch (error) {
      // bad wifi: try again at the next tick
    }
  }, 3000);
});

// Printouts: the Print button.
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
});

// --- Evening flow: times in the phone's own time zone --------------------------
// The server writes <time datetime="...UTC..." data-local>21 Nov 2026, 20:15 UTC</time>;
// here the text becomes the browser's local time (without JS the UTC text stays).
document.addEventListener("DOMContentLoaded", () => {
  const format = new Intl.DateTimeFormat(undefined, {
    day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit",
    timeZoneName: "short",
  });
  for (const element of document.querySelectorAll("time[data-local]")) {
    const moment = new Date(element.getAttribute("datetime"));
    if (!Number.isNaN(moment.getTime())) element.textContent = format.format(moment);
  }
});

// --- Fits every phone: a hint on tables that scroll sideways -------------------
// CSS already fades the edge of a scrolling table; this adds the words.
document.addEventListener("DOMContentLoaded", () => {
  for (const box of document.querySelectorAll(".rounds, .table-scroll")) {
    if (box.scrollWidth > box.clientWidth + 1) box.classList.add("overflowing");
  }
});
