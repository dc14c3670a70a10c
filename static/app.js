// Scorekeeper: optional improvements. Every action works without this file.
"use strict";
document.documentElement.classList.add("js");

const DRAFTS = "scorekeeper:draft:";

// Quick counts: a count is set with one tap on 0, 1, 2 or 3 (most rounds' counts);
// a larger one is typed in the field beside them ("4+"), which shows a count the
// buttons already show only while it is being typed in (never the same count twice).
const QUICK = [0, 1, 2, 3];
function steppers(root) {
  for (const box of root.querySelectorAll(".stepper")) {
    if (box.dataset.quick) continue;
    box.dataset.quick = "1";
    const input = box.querySelector("input");
    const buttons = QUICK.map((n) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "quick";
      button.dataset.for = input.id;
      button.dataset.value = String(n);
      button.textContent = String(n);
      const words = box.dataset.saysSet || "%(n)s";
      button.setAttribute("aria-label", words.replace("%(n)s", String(n)));
      button.addEventListener("click", () => {
        input.value = n ? String(n) : "";
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
      return button;
    });
    const show = () => {
      const text = input.value.trim();
      const now = text === "" ? 0 : /^[0-9]+$/.test(text) ? Number(text) : null;
      for (const button of buttons) {
        button.setAttribute("aria-pressed", String(Number(button.dataset.value) === now));
      }
      input.toggleAttribute("data-on-button", now !== null && QUICK.includes(now));
    };
    input.placeholder = QUICK.length + "+";
    input.before(...buttons);
    input.addEventListener("input", show);
    show();
  }
}

// Signs: an adjustment's sign is a select (it works without this file); here it
// becomes a button showing + or − that changes with one tap, or with a minus typed
// before the amount.
function signs(root) {
  for (const select of root.querySelectorAll("select.sign")) {
    if (select.dataset.toggled) continue;
    select.dataset.toggled = "1";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "sign-toggle";
    const show = () => {
      const minus = select.value === "-";
      button.textContent = minus ? "−" : "+";
      button.classList.toggle("minus", minus);
      const word = minus ? select.dataset.saysMinus : select.dataset.saysPlus;
      button.setAttribute("aria-label", select.getAttribute("aria-label") + ": " + word);
    };
    button.addEventListener("click", () => {
      select.value = select.value === "-" ? "+" : "-";
      show();
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    select.addEventListener("change", show);
    select.hidden = true;
    select.after(button);
    show();
    // a minus (or plus) typed before the digits, on the dial pad, sets the sign
    const amount = select.parentElement.querySelector("input");
    if (!amount) continue;
    amount.addEventListener("input", () => {
      const typed = amount.value.match(/^\s*([-+\u2212])\s*/);
      if (!typed) return;
      amount.value = amount.value.slice(typed[0].length);
      select.value = typed[1] === "+" ? "+" : "-";
      show();
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }
}

// Card counters: counting cards fills in the points field; typing in the points
// field clears the counter, so the two never disagree.
function counters(root) {
  for (const cards of root.querySelectorAll(".cards")) {
    const target = document.getElementById(cards.dataset.target);
    let filling = false;
    cards.addEventListener("input", () => {
      let total = 0;
      let any = false;
      for (const input of cards.querySelectorAll("input")) {
        const n = /^\d+$/.test(input.value.trim()) ? Number(input.value) : 0;
        any = any || n > 0;
        total += n * Number(input.dataset.points);
      }
      filling = true;
      target.value = any ? total : "";
      target.dispatchEvent(new Event("input", { bubbles: true }));
      filling = false;
    });
    target.addEventListener("input", () => {
      if (filling) return;
      for (const input of cards.querySelectorAll("input")) input.value = "";
    });
  }
}

// Whether a field can be seen (not in a closed fold, not set aside).
const shown = (input) =>
  input.checkVisibility ? input.checkVisibility() : input.offsetParent !== null;

// The fields the keyboard's Next goes through: the points fields, side after side
// (and the card counters' when open); not an adjustment or its note, which Next
// leaves alone on its way, though Next from them goes on (data-then: to the note).
const CHAIN = "input[enterkeyhint=next]:not(details.more input)";

// Enter (the keyboard's "next") moves to the next field instead of sending the
// form: nothing is ever saved by the keyboard. After the last field, Save.
function enterMovesOn(form) {
  form.addEventListener("keydown", (event) => {
    const from = event.target;
    if (event.key !== "Enter" || from.tagName !== "INPUT") return;
    event.preventDefault();
    const then = from.dataset.then && document.getElementById(from.dataset.then);
    const after = (field) => from.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING;
    const next = then && shown(then) ? then : [...form.querySelectorAll(CHAIN)].filter(shown).find(after);
    (next || form.querySelector("button[name=save]")).focus();
  });
}

// A player picks up their weeper after closing a canasta, and most do: a side's
// weepers are ticked as its canastas are counted, one a canasta up to one a player
// (one fewer while something is typed in its weeper fields: that weeper was never
// picked up). A tick the scorer sets or clears is theirs: that side's ticks follow
// the canastas no more. The side that went out has them all ticked already.
function weepersFollowCanastas(form) {
  const asked = form.querySelector(".went-out");
  let canastas = [];
  let wept = [];
  try {
    canastas = JSON.parse(asked.dataset.canastas || "[]");
    wept = JSON.parse(asked.dataset.inWeeper || "[]");
  } catch (error) {
    return;
  }
  const fresh = form.dataset.fresh === "1" && !form.querySelector("input[name=version]").value;
  const sides = [];
  for (const fields of form.querySelectorAll("fieldset.side-entry")) {
    const ticks = [...fields.querySelectorAll("input[type=checkbox][name$=_weepers_picked_up]")];
    if (!ticks.length || !canastas.length) continue;
    const s = ticks[0].name.split("_")[0]; // "s1"
    sides.push({ s, ticks, follows: fresh && !ticks.some((tick) => tick.checked) });
  }
  const number = (name) => {
    const input = form.querySelector(`input[name="${name}"]`);
    const text = input ? input.value.trim() : "";
    return /^[0-9]+$/.test(text) ? Number(text) : 0;
  };
  const typedIn = (name) => {
    const input = form.querySelector(`input[name="${name}"]`);
    return input !== null && !["", "0"].includes(input.value.trim());
  };
  // the scorer's own tick (a tap on it or its name), seen before the tick changes
  form.addEventListener(
    "click",
    (event) => {
      const label = event.isTrusted && event.target.closest && event.target.closest("label.tick");
      const tick = label ? label.control : null;
      for (const one of sides) if (one.ticks.includes(tick)) one.follows = false;
    },
    true,
  );
  const follow = () => {
    const out = form.querySelector("input[name=went_out]:checked");
    for (const one of sides) {
      if (!one.follows || (out && `s${out.value}` === one.s)) continue;
      const closed = canastas.reduce((sum, name) => sum + number(`${one.s}_${name}`), 0);
      const left = wept.some((name) => typedIn(`${one.s}_${name}`));
      const picked = Math.min(closed, one.ticks.length - (left ? 1 : 0));
      one.ticks.forEach((tick, i) => {
        if (tick.checked === i < picked) return;
        tick.checked = i < picked;
        tick.dispatchEvent(new Event("change", { bubbles: true }));
      });
    }
  };
  form.addEventListener("input", follow);
  form.addEventListener("change", follow);
}

// Who went out: the fields that side does not count (its hand, say) step aside.
function wentOut(form) {
  const update = () => {
    const out = form.querySelector("input[name=went_out]:checked");
    for (const field of form.querySelectorAll("[data-spared]")) {
      field.hidden = out !== null && out.value === field.dataset.spared;
    }
  };
  form.addEventListener("change", update);
  update();
  // What going out needs is set when the side is chosen (as the scoreboard's "who went
  // out?" does on the server): its canastas of one kind (hand-and-foot's clean and
  // dirty piles) up to the least the rules ask, and every weeper ticked (weeping).
  // Choosing another side puts back what was set this way and not touched since.
  let least = {};
  try {
    least = JSON.parse(form.querySelector(".went-out").dataset.outLeast || "{}");
  } catch (error) {
    least = {};
  }
  let wept = [];
  try {
    wept = JSON.parse(form.querySelector(".went-out").dataset.inWeeper || "[]");
  } catch (error) {
    wept = [];
  }
  // A side whose weepers are all picked up has nothing left in a weeper: those
  // fields step aside (unless something was typed in them, which then stays in sight).
  const weepers = () => {
    for (const fields of form.querySelectorAll("fieldset.side-entry")) {
      const ticks = [...fields.querySelectorAll("input[type=checkbox][name$=_weepers_picked_up]")];
      const all = ticks.length > 0 && ticks.every((tick) => tick.checked);
      for (const name of wept) {
        for (const input of fields.querySelectorAll(`input[name$="_${name}"]`)) {
          const field = input.closest(".field");
          if (field) field.hidden = all && input.value.trim() === "";
        }
      }
    }
  };
  form.addEventListener("change", weepers);
  weepers();
  let set = [];
  const tell = (input) => {
    input.dispatchEvent(new Event(input.type === "checkbox" ? "change" : "input", { bubbles: true }));
  };
  form.addEventListener("change", (event) => {
    const chosen = event.target;
    if (chosen.name !== "went_out" || !chosen.checked) return;
    for (const [input, was, now] of set) {
      const still = input.type === "checkbox" ? input.checked === now : input.value === now;
      if (!still) continue;
      if (input.type === "checkbox") input.checked = was;
      else input.value = was;
      tell(input);
    }
    set = [];
    if (!/^[0-9]+$/.test(chosen.value)) return;
    const side = chosen.value;
    for (const [name, n] of Object.entries(least)) {
      const input = form.querySelector(`input[name="s${side}_${name}"]`);
      if (!input || !/^[0-9]*$/.test(input.value.trim()) || Number(input.value || 0) >= n) continue;
      set.push([input, input.value, String(n)]);
      input.value = String(n);
      tell(input);
    }
    for (const tick of form.querySelectorAll(`input[type=checkbox][name="s${side}_weepers_picked_up"]`)) {
      if (tick.checked) continue;
      set.push([tick, false, true]);
      tick.checked = true;
      tell(tick);
    }
  });
}

// The live preview: each side's round score and new total, or why it cannot be scored.
function livePreview(form) {
  const problem = form.querySelector(".live-problem");
  const says = form.dataset; // the page's words, in its language
  const calm = says.saysCalm || "Scores and new totals update as you type.";
  const digits = new Intl.NumberFormat(document.documentElement.lang || undefined);
  problem.textContent = calm;
  const signed = (points) => (points > 0 ? "+" : "") + digits.format(points);
  // five-person: a player's block is headed with their own score, the partner's beside it
  const shareWords = says.saysShare || "own %(own)s, with %(partner)s %(theirs)s = %(score)s";
  const share = ([own, partner, theirs]) =>
    shareWords
      .replace("%(own)s", () => signed(own))
      .replace("%(partner)s", () => partner)
      .replace("%(theirs)s", () => signed(theirs))
      .replace("%(score)s", () => signed(own + theirs));
  const show = (answer) => {
    for (const out of form.querySelectorAll("output.preview")) {
      const side = out.dataset.side;
      const parts = "share" in out.dataset && answer && answer.shares ? answer.shares[side] : null;
      const points = answer && answer.scores ? answer.scores[side] : null;
      out.textContent = parts ? share(parts) : points == null ? "" : signed(points);
      const heading = parts ? parts[0] : points;
      out.classList.toggle("minus", heading != null && heading < 0);
    }
    for (const out of form.querySelectorAll("output[data-after]")) {
      const total = answer && answer.after ? answer.after[out.dataset.after] : null;
      out.textContent = total == null ? "" : "= " + digits.format(total);
    }
  };
  // The fields the preview finds wrong are marked as the scorer types (Save lists them).
  const mark = (problems) => {
    for (const input of form.querySelectorAll("input[data-live-invalid]")) {
      input.removeAttribute("data-live-invalid");
      input.setAttribute("aria-invalid", "false");
    }
    for (const found of problems) {
      const href = found.href || "";
      const input = /^#[A-Za-z0-9_-]+$/.test(href) ? form.querySelector(href) : null;
      if (input && input.tagName === "INPUT" && input.getAttribute("aria-invalid") !== "true") {
        input.setAttribute("data-live-invalid", "");
        input.setAttribute("aria-invalid", "true");
      }
    }
  };
  let timer = null;
  let touched = false; // whether anything was typed or chosen on this screen
  // Answers can come back out of order (a slow one on a busy wifi): only the answer to
  // the latest question is shown, or an earlier one would stay on screen in its place.
  let asked = 0;
  const run = async () => {
    const body = new FormData(form);
    body.delete("save");
    const question = ++asked;
    try {
      const response = await fetch(form.dataset.preview, { method: "POST", body });
      const answer = await response.json();
      if (question !== asked) return;
      show(response.ok ? answer : null);
      const problems = response.ok ? [] : answer.problems || [{ text: answer.error }];
      // nothing typed yet (who went out chosen on the scoreboard): not an error yet
      const wrong = !response.ok && touched;
      mark(wrong ? problems : []);
      problem.classList.toggle("bad", wrong);
      problem.textContent = !wrong
        ? calm
        : (says.saysNotScored || "Not scored yet:") + " " + problems.map((p) => p.text).join(" · ");
    } catch (error) {
      if (question !== asked) return;
      problem.classList.add("bad");
      problem.textContent = says.saysOffline || "No connection to the scorekeeper: what you type is kept here.";
    }
  };
  form.addEventListener("input", () => {
    touched = true;
    clearTimeout(timer);
    timer = setTimeout(run, 250);
  });
  form.addEventListener("change", () => {
    touched = true;
    clearTimeout(timer);
    timer = setTimeout(run, 50);
  });
  // scored at once: a form posted back, a draft restored, the phones' numbers filled in
  // (a new round the phones sent parts of), or a correction's stored numbers
  const typed = form.dataset.fresh !== "1" || form.dataset.restored === "1";
  touched = typed;
  if (typed || form.dataset.prefilled === "1" || form.querySelector("input[name=version]").value) run();
}

// Drafts: what is typed stays in the browser until the round is saved, so a
// sleeping phone, a reload or a lost connection loses nothing.
const KEPT = (input) =>
  input.name && !["csrf_token", "key", "version", "number"].includes(input.name);

function drafts(form) {
  const key = DRAFTS + form.dataset.draft;
  const inputs = () => [...form.querySelectorAll("input, select")].filter(KEPT);
  const save = () => {
    const values = {};
    for (const input of inputs()) {
      if (input.type === "radio") {
        if (input.checked) values[input.name] = input.value;
      } else values[input.name] = input.type === "checkbox" ? input.checked : input.value;
    }
    try {
      localStorage.setItem(key, JSON.stringify({ at: Date.now(), values }));
    } catch (error) {
      // private mode or a full store: the draft is only a help
    }
  };
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(key) || "null");
  } catch (error) {
    stored = null;
  }
  if (stored && form.dataset.fresh === "1") {
    for (const input of inputs()) {
      if (!(input.name in stored.values)) continue;
      const value = stored.values[input.name];
      if (input.type === "radio") input.checked = input.value === value;
      else if (input.type === "checkbox") input.checked = value;
      else input.value = value;
    }
    form.dataset.restored = "1"; // the preview then scores it at once
    const note = document.createElement("p");
    note.className = "notice restored";
    note.setAttribute("role", "status");
    note.textContent = (form.dataset.saysRestored || "Restored what you typed earlier on this phone (not saved yet).") + " ";
    const clear = document.createElement("button");
    clear.type = "button";
    clear.textContent = form.dataset.saysStartOver || "Start over";
    clear.addEventListener("click", () => {
      localStorage.removeItem(key);
      window.location.reload();
    });
    note.append(clear);
    form.querySelector(".round-head").after(note);
  }
  form.addEventListener("input", save);
  form.addEventListener("change", save);
}

// A phone's number beside each field the scorer types otherwise ("Tina's phone: 60"),
// so that nothing a side's phone sent is saved over without being seen.
function phoneValues(form) {
  let said = {};
  try {
    said = JSON.parse(form.dataset.phoneValues || "{}");
  } catch (error) {
    said = {};
  }
  for (const [name, words] of Object.entries(said)) {
    const input = form.querySelector(`input[name="${name}"]`);
    if (!input || input.type === "radio" || input.type === "checkbox") continue;
    const hint = document.createElement("small");
    hint.className = "phone-says";
    hint.textContent = words;
    input.closest(".field").append(hint);
    const phone = words.replace(/^.*:\s*/, "");
    const update = () => {
      hint.hidden = (input.value.trim() || "0") === phone;
    };
    input.addEventListener("input", update);
    update();
  }
}

// A phone's correction of a saved round (the Correct screen): each field where the
// phone's numbers differ from the saved ones has a button that puts the phone's number
// in the form, opening its fold, so that the scorer never retypes it.
function phoneCorrection(form) {
  for (const button of form.querySelectorAll("button.use-phone")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      let value = "";
      try {
        value = JSON.parse(button.dataset.value);
      } catch (error) {
        value = "";
      }
      const values = (Array.isArray(value) ? value : [value]).map((v) => String(v ?? ""));
      const inputs = [...form.querySelectorAll(`[name="${button.dataset.field}"]`)];
      for (const input of inputs) {
        if (input.type === "radio" || (input.type === "checkbox" && inputs.length > 1)) {
          input.checked = values.includes(input.value);
        } else if (input.type === "checkbox") {
          input.checked = value === true || value === "y";
        } else {
          input.value = values.join("");
        }
        const fold = input.closest("details");
        if (fold) fold.open = true;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
      button.disabled = true;
      button.textContent = button.dataset.saysUsed;
    });
  }
}

// Save without leaving the page: when the wifi drops (or the server is restarting),
// the scorer is told in words, everything typed stays, and the same save (the same
// one-time key, so it is stored once) is sent again until it lands. A page the server
// answers with (a problem beside a field, "already saved") is shown as a plain post
// shows it: the form is posted again, which stores nothing that the first did not.
function saveInPlace(form) {
  const status = form.querySelector(".save-status");
  const says = form.dataset;
  let pending = null;
  let timer = null;
  const savedHere = "scorekeeper:saved:" + says.draft;
  const tell = (text) => {
    status.hidden = !text;
    status.textContent = text || "";
  };
  const send = async (tries) => {
    clearTimeout(timer);
    let response = null;
    try {
      response = await fetch(form.action, { method: "POST", body: pending, redirect: "manual" });
    } catch (error) {
      response = null; // no connection
    }
    if (response && response.type === "opaqueredirect") {
      pending = null;
      try {
        sessionStorage.setItem(savedHere, "1");
      } catch (error) {
        // private mode: Back then shows the form as the browser kept it, and Save says
      }
      window.location.assign(says.afterSave); // stored: on to the scoreboard
      return;
    }
    if (response && ![502, 503, 504].includes(response.status)) {
      pending = null;
      const again = document.createElement("input");
      again.type = "hidden";
      again.name = "save";
      again.value = "1";
      form.append(again);
      form.submit();
      return;
    }
    tell(says.saysNotSaved || "Not saved yet: no connection. Trying again…");
    timer = setTimeout(() => send(tries + 1), Math.min(1000 * 2 ** tries, 5000));
  };
  form.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (!button || button.name !== "save" || !window.fetch) return; // Preview: a plain post
    event.preventDefault();
    if (pending) return; // a double tap: one save
    pending = new FormData(form);
    pending.set("save", button.value || "1");
    tell(says.saysSaving || "Saving…");
    send(0);
  });
  window.addEventListener("online", () => {
    if (pending) send(0);
  });
  window.addEventListener("beforeunload", (event) => {
    if (pending) event.preventDefault(); // a save still on its way: ask before leaving
  });
  // Back to this page after its save: not the form as the browser kept it (half of
  // it, at times) but the page as the server has it now ("Round N is already saved"),
  // asked for once (if the round was undone since, the form comes back, empty)
  window.addEventListener("pageshow", () => {
    let again = false;
    try {
      again = sessionStorage.getItem(savedHere) === "1";
      sessionStorage.removeItem(savedHere);
    } catch (error) {
      again = false;
    }
    if (again) window.location.reload();
  });
}

// Drafts of rounds that have been saved since are dropped (on the scoreboard).
function dropSavedDrafts(board) {
  const game = board.dataset.game;
  const versions = board.dataset.versions.split(",").filter(Boolean).map(Number);
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(DRAFTS + game + ":")) continue;
    const [mode, number, version] = key.slice(DRAFTS.length).split(":").slice(1);
    const current = versions[Number(number) - 1];
    const stale = mode === "new" ? current !== undefined : String(current) !== version;
    let old = false;
    try {
      old = Date.now() - JSON.parse(localStorage.getItem(key)).at > 2 * 86400000;
    } catch (error) {
      old = true;
    }
    if (stale || old) localStorage.removeItem(key);
  }
}

// Keep the screen awake while a round is open, where the browser allows it.
function keepAwake() {
  if (!("wakeLock" in navigator)) return;
  const ask = () => navigator.wakeLock.request("screen").catch(() => {});
  ask();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") ask();
  });
}

// A round's number on the scoreboard links to its details: opened, not just scrolled to.
function openLinkedRound() {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target && target.tagName === "DETAILS") target.open = true;
}
window.addEventListener("hashchange", openLinkedRound);
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest('a[href^="#round-"]');
  if (link) setTimeout(openLinkedRound, 0); // the same link again fires no hashchange
});

document.addEventListener("DOMContentLoaded", () => {
  openLinkedRound();
  counters(document);
  const summary = document.getElementById("error-summary");
  if (summary) summary.focus();
  const form = document.querySelector("form.round-form");
  if (form) {
    drafts(form);
    enterMovesOn(form);
    wentOut(form);
    weepersFollowCanastas(form);
    livePreview(form);
    saveInPlace(form);
    phoneValues(form);
    phoneCorrection(form);
    keepAwake();
    barsFit(form);
  }
  steppers(document); // after the drafts: a restored count shows on its buttons
  signs(document); // after the drafts: a restored sign shows on its button
  const board = document.querySelector("[data-versions]");
  if (board) dropSavedDrafts(board);
  // Undo after a save: offered for a few seconds, then gone.
  const undo = document.querySelector("form.undo[data-undo-seconds]");
  if (undo) {
    setTimeout(() => {
      const button = undo.querySelector("button");
      if (button) button.remove();
    }, Number(undo.dataset.undoSeconds) * 1000);
  }
});

// --- The bars that stay on screen take at most a quarter of it -------
// The round's heading scrolls away and its totals stay in sight, with the Save bar
// at the foot; where the two would take more than a quarter of the screen (large
// text, many sides, a short screen) the totals scroll with the page, and if the Save
// bar alone is too tall, it does too. Measured again whenever either changes size.
function barsFit(form) {
  const head = form.querySelector(".round-head");
  const title = head && head.querySelector("h1");
  const save = form.querySelector(".sticky");
  if (!head || !title || !save) return;
  const fit = () => {
    const style = getComputedStyle(title);
    const skip = title.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
    head.style.top = `${-Math.round(skip)}px`;
    const quarter = window.innerHeight / 4;
    const totals = head.offsetHeight - skip, bar = save.offsetHeight;
    const loose = bar > quarter ? "bars" : totals + bar > quarter ? "totals" : "";
    if (form.dataset.scrolls !== loose) form.dataset.scrolls = loose;
  };
  fit();
  window.addEventListener("resize", fit);
  if (window.ResizeObserver) {
    const watch = new ResizeObserver(() => requestAnimationFrame(fit));
    watch.observe(head);
    watch.observe(save);
  }
}

// A server that is full answers polls with Retry-After (in seconds; a 503 when the
// poll did not wait as it was told): the next poll waits as long as it says, so that
// saves go first, and then says it waited (X-Waited), which the server serves; else
// the usual wait.
function pollAfter(response, usual) {
  const seconds = response ? parseInt(response.headers.get("Retry-After"), 10) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : usual;
}

function pollHeaders(headers, response) {
  if (response && response.headers.get("Retry-After")) headers["X-Waited"] = "1";
  return headers;
}

// The wait before the next poll. A poll held on the server (Prefer: wait) says so
// (Preference-Applied), answered when there was news or its time was up: the next may
// go at once. One answered at once (no thread to spare for waiting, or the server slow)
// waits the usual interval first.
function pollAgain(response, usual) {
  return pollAfter(response, response.headers.has("Preference-Applied") ? 0 : usual);
}

// A page on its way to another (a form sent the ordinary way, a link followed) is not
// reloaded by a poll's news: the reload would cancel the navigation the person asked
// for, and the page it leads to shows the news anyway. A navigation can come to
// nothing (a download, the person staying after "Leave page?"): after LEAVING_MS the
// polls act again.
const LEAVING_MS = 10000;
let leftAt = -Infinity;
window.addEventListener("submit", (event) => {
  if (!event.defaultPrevented) leftAt = Date.now();
});
window.addEventListener("beforeunload", () => {
  leftAt = Date.now();
});
window.addEventListener("pageshow", (event) => {
  if (event.persisted) leftAt = -Infinity; // back to it from the browser's cache: here again
});

function leaving() {
  return Date.now() - leftAt < LEAVING_MS;
}

// A poll's news that the page cannot show in place: the page again, as the server has
// it now, unless the page is already on its way elsewhere.
function reloadForNews() {
  if (!leaving()) window.location.reload();
}

// Polls wait on the server for news only while the page is in sight: a browser gives
// a server six connections, and tabs in the background holding one each would leave
// the page in front none for its saves.
function holdPoll(headers) {
  if (document.visibilityState === "visible") headers.Prefer = "wait=20";
  return headers;
}

// Spectator page: reload when a round is entered, corrected or deleted.
document.addEventListener("DOMContentLoaded", () => {
  const head = document.querySelector("[data-watch]");
  if (!head) return;
  const WATCH_MS = 3000;
  let last = null;
  const tick = async () => {
    let wait = WATCH_MS;
    const started = Date.now();
    try {
      // no-cache: the browser asks with If-None-Match and gets 304 until a change
      const headers = holdPoll(pollHeaders({}, last));
      const response = await fetch(head.dataset.watch, { cache: "no-cache", headers });
      last = response;
      // the browser answers a 304 from its cache with the headers kept there, a held
      // answer's among them: the time it took says whether this one was held
      wait = pollAfter(response, Math.max(0, WATCH_MS - (Date.now() - started)));
      if (response.status === 200) {
        const { stamp } = await response.json();
        if (String(stamp) !== head.dataset.stamp) reloadForNews();
      }
    } catch (error) {
      // bad wifi: try again at the next tick
    }
    setTimeout(tick, wait);
  };
  setTimeout(tick, WATCH_MS);
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
// table.js calls it again on each section it replaces, so that a live update does not
// bring the UTC text back.
function localTimes(root) {
  const format = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit",
    timeZoneName: "short",
  });
  for (const element of root.querySelectorAll("time[data-local]")) {
    const moment = new Date(element.getAttribute("datetime"));
    if (!Number.isNaN(moment.getTime())) element.textContent = format.format(moment);
  }
}
document.addEventListener("DOMContentLoaded", () => localTimes(document));

// --- Fits every phone: a hint on tables that scroll sideways -------------------
// CSS already fades the edge of a scrolling table; this adds the words, in the
// page's language (the body's data-says-swipe).
document.addEventListener("DOMContentLoaded", () => {
  for (const box of document.querySelectorAll(".rounds, .table-scroll")) {
    if (box.scrollWidth > box.clientWidth + 1) {
      box.dataset.saysSwipe = document.body.dataset.saysSwipe || "";
      box.classList.add("overflowing");
    }
  }
});

// Register the service worker (offline app shell). Only in a secure context (https,
// or localhost): on plain http from a LAN address nothing happens.
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // No worker means no offline copy; the app works the same online.
    });
  });
}
