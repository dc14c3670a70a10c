// Scorekeeper: the meld counter on the round screen (optional; without this file
// the counter stays hidden and the totals are typed). The rules come from the page
// as JSON (scoring/melds.py describe): this file only reads them.
"use strict";

// One meld under a game's meld rules: {problem, n} if it may not be melded, else
// {kind, points} (kind "" for a plain meld). The same steps as melds.py count().
function countMeld(rules, meld) {
  const wilds = Object.values(meld.wilds).reduce((a, b) => a + b, 0);
  const cards = meld.naturals + wilds;
  const onlyWild = meld.rank === "wild";
  const rank = rules.ranks.find((r) => r.rank === meld.rank);
  const value = (name) => (rules.ranks.find((r) => r.rank === name) || { points: 0 }).points;
  let naturals = Array(meld.naturals).fill(meld.rank); // the natural cards by rank
  if (meld.run) {
    const start = rules.runs.indexOf(meld.rank);
    if (!rules.kinds.some((k) => k.run)) return { problem: "runs" };
    if (start < 0) return { problem: "run_rank" };
    if (wilds) return { problem: "run_wilds" };
    if (cards < rules.smallest) return { problem: "smallest", n: rules.smallest };
    const most = Math.min(rules.longest_run, rules.runs.length - start);
    if (meld.naturals > most) return { problem: "run_end", n: most };
    naturals = rules.runs.slice(start, start + meld.naturals);
  } else if (!onlyWild && !rank) return { problem: "rank" };
  if (onlyWild && !rules.wild_melds) return { problem: "wild_melds" };
  if (cards < rules.smallest) return { problem: "smallest", n: rules.smallest };
  if (!onlyWild && !meld.run) {
    if ((rules.barred || []).includes(meld.rank)) return { problem: "barred" };
    if (wilds && rules.clean.includes(meld.rank)) return { problem: "clean" };
    if (wilds > meld.naturals || (rules.share === "under_half" && wilds === meld.naturals)) {
      return { problem: rules.share };
    }
    if (rules.most_wilds !== null && wilds > rules.most_wilds) {
      return { problem: "most_wilds", n: rules.most_wilds };
    }
  }
  let points = naturals.reduce((sum, name) => sum + value(name), 0);
  for (const wild of rules.wilds) points += (meld.wilds[wild.wild] || 0) * wild.points;
  const fits = (kind) => {
    if (cards < kind.least || (kind.ranks.length && !kind.ranks.includes(meld.rank))) return false;
    if (Boolean(kind.run) !== Boolean(meld.run)) return false;
    if (kind.wilds === "none") return wilds === 0;
    if (kind.wilds === "only") return meld.naturals === 0;
    return meld.naturals > 0 && wilds > 0;
  };
  const kind = rules.kinds.find(fits);
  return { kind: kind ? kind.field : "", points };
}

if (typeof module !== "undefined") module.exports = { countMeld };

// The counter of one side: choose a rank, step the cards, add the meld; the list
// of melds fills the side's meld points and canasta counts. Typing in one of those
// fields by hand empties the list, so the two never disagree.
function meldCounter(box) {
  const rules = JSON.parse(box.dataset.rules);
  const says = JSON.parse(box.dataset.says);
  const targets = JSON.parse(box.dataset.targets);
  const steps = [...box.querySelectorAll("input[data-meld]")];
  const status = box.querySelector(".meld-status");
  const add = box.querySelector(".meld-add");
  const list = box.querySelector(".meld-list");
  const melds = [];
  const run = box.querySelector("button.meld-run");
  let rank = null;
  let filling = false;
  const inRun = () => Boolean(run) && run.getAttribute("aria-pressed") === "true";

  const current = () => {
    const meld = { rank: rank || "", naturals: 0, wilds: {}, run: inRun() };
    for (const input of steps) {
      const n = /^\d+$/.test(input.value.trim()) ? Number(input.value) : 0;
      if (input.dataset.meld === "naturals") meld.naturals = n;
      else meld.wilds[input.dataset.meld] = n;
    }
    return meld;
  };
  const words = (counted) =>
    counted.problem
      ? says.problems[counted.problem].replace("%(n)s", counted.n)
      : `${says.kinds[counted.kind] || says.plain} · ${says.points.replace("%(n)s", counted.points)}`;
  const show = () => {
    const counted = countMeld(rules, current());
    status.textContent = rank === null ? "" : words(counted);
    status.classList.toggle("error", Boolean(counted.problem) && rank !== null);
    add.disabled = Boolean(counted.problem);
  };
  // What was in the side's fields when the first meld was added (typed by hand, or a
  // saved round being corrected): the melds counted are added to it, never put in
  // its place without a word; all melds removed, it is back as it was.
  let base = null;
  const number = (id) => {
    const input = document.getElementById(id);
    const text = input ? input.value.trim() : "";
    if (/^[0-9]+$/.test(text)) return Number(text);
    const added = typeof sumOf === "function" ? sumOf(text) : null; // sums.js: "120+85"
    return added === null ? 0 : Math.max(0, added);
  };
  const fill = () => {
    const filled = { meld_points: 0 };
    for (const kind of rules.kinds) filled[kind.field] = 0;
    for (const meld of melds) {
      const counted = countMeld(rules, meld);
      filled.meld_points += counted.points;
      if (counted.kind) filled[counted.kind] += 1;
    }
    filling = true;
    for (const [field, id] of Object.entries(targets)) {
      const input = document.getElementById(id);
      if (!input || !(field in filled)) continue;
      const was = base ? base[field] || 0 : 0;
      const now = was + (melds.length ? filled[field] : 0);
      input.value = now ? String(now) : "";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    filling = false;
  };
  const draw = () => {
    list.replaceChildren();
    if (base && base.meld_points && melds.length) {
      const item = document.createElement("li");
      item.className = "meld-before";
      item.textContent = says.before.replace("%(n)s", base.meld_points);
      list.append(item);
    }
    melds.forEach((meld, i) => {
      const item = document.createElement("li");
      const start = meld.rank === "wild" ? says.wild : meld.rank;
      const cards = meld.run ? [`${start}…`, `×${meld.naturals}`, says.run] : [start, `×${meld.naturals}`];
      for (const [wild, n] of Object.entries(meld.wilds)) if (n) cards.push(`+ ${n} ${says.wilds[wild]}`);
      const text = document.createElement("span");
      text.textContent = `${cards.join(" ")}: ${words(countMeld(rules, meld))}`;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "secondary meld-remove";
      remove.textContent = says.remove;
      remove.setAttribute("aria-label", `${says.remove}: ${text.textContent}`);
      remove.addEventListener("click", () => {
        melds.splice(i, 1);
        draw();
        fill();
      });
      item.append(text, remove);
      list.append(item);
    });
  };

  for (const button of box.querySelectorAll("button[data-rank]")) {
    button.addEventListener("click", () => {
      rank = button.dataset.rank;
      for (const other of box.querySelectorAll("button[data-rank]")) {
        other.setAttribute("aria-pressed", String(other === button));
      }
      show();
    });
  }
  if (run) {
    run.hidden = false;
    run.addEventListener("click", () => {
      run.setAttribute("aria-pressed", String(!inRun()));
      show();
    });
  }
  // the natural cards in one tap (3 to 8); the steppers still count one by one
  const naturals = steps.find((input) => input.dataset.meld === "naturals");
  const picks = [...box.querySelectorAll("button[data-pick]")];
  const picked = () => {
    for (const pick of picks) pick.setAttribute("aria-pressed", String(pick.dataset.pick === naturals.value.trim()));
  };
  for (const pick of picks) {
    pick.addEventListener("click", () => {
      naturals.value = pick.dataset.pick;
      naturals.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  box.addEventListener("input", (event) => {
    if (steps.includes(event.target)) show();
    picked();
  });
  add.addEventListener("click", () => {
    const meld = current();
    if (countMeld(rules, meld).problem) return;
    if (!melds.length) {
      base = {};
      for (const [field, id] of Object.entries(targets)) base[field] = number(id);
    }
    melds.push(meld);
    for (const input of steps) input.value = "";
    picked();
    rank = null;
    for (const other of box.querySelectorAll("button[data-rank]")) other.setAttribute("aria-pressed", "false");
    if (run) run.setAttribute("aria-pressed", "false");
    show();
    draw();
    fill();
  });
  for (const id of Object.values(targets)) {
    const input = document.getElementById(id);
    if (!input) continue;
    input.addEventListener("input", () => {
      if (filling || !melds.length) return;
      melds.length = 0;
      base = null;
      draw();
    });
  }
  // the cards' steppers: one less, one more (a meld holds up to a dozen and more)
  for (const button of box.querySelectorAll("button.step")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      const input = document.getElementById(button.dataset.for);
      const now = parseInt(input.value, 10) || 0;
      input.value = Math.max(0, now + Number(button.dataset.step)) || "";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  box.hidden = false;
  show();
}

// Every counter under root not yet running (a phone's part replaced live by
// table.js brings new ones).
function meldCounters(root) {
  for (const box of root.querySelectorAll("details.melds[data-rules]")) {
    if (box.dataset.running) continue;
    box.dataset.running = "1";
    meldCounter(box);
  }
}

if (typeof document !== "undefined") {
  document.addEventListener("DOMContentLoaded", () => meldCounters(document));
}
