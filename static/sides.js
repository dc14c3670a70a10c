// Scorekeeper: one page a side on the round screen (optional; without this file every
// side's fields follow one another down the page). The sides sit side by side in a
// strip that scrolls sideways a whole side at a time, under a row of buttons, one a
// side: a tap shows that side, a swipe does too, and the keyboard's Next from a side's
// last points field goes on to the next side's first. So a round's entry is one
// screen tall in every variant, five players too, and nothing is ever out of the page:
// every field stays in the form, and Save sends them all.
"use strict";

function sidePages(form) {
  const sides = [...form.querySelectorAll(":scope > fieldset.side-entry")];
  if (sides.length < 2 || form.querySelector(".side-pages")) return;
  // On a slow connection the scorer may already be typing: a field moved into the
  // strip loses its focus (and the phone its keyboard), so it is given back, where
  // the caret was, and the next keys still land in it.
  const typing = form.contains(document.activeElement) ? document.activeElement : null;
  const caret = typing && caretOf(typing);
  const strip = document.createElement("div");
  strip.className = "side-pages";
  const tabs = document.createElement("div");
  tabs.className = "side-tabs";
  tabs.setAttribute("role", "group");
  tabs.setAttribute("aria-label", form.dataset.saysSides || "Sides");
  sides[0].before(tabs, strip);
  const buttons = sides.map((side) => {
    const legend = side.querySelector(":scope > legend");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "side-tab";
    button.setAttribute("aria-controls", side.id);
    const name = document.createElement("span");
    for (const node of legend.childNodes) {
      if (node.nodeName !== "OUTPUT") name.append(node.cloneNode(true));
    }
    button.append(name);
    button.addEventListener("click", () => show(side));
    tabs.append(button);
    strip.append(side);
    return button;
  });
  if (typing && document.activeElement !== typing) {
    typing.focus({ preventScroll: true });
    if (caret) typing.setSelectionRange(...caret);
  }
  const current = () => Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth));
  const mark = () => {
    const at = current();
    buttons.forEach((button, i) => button.setAttribute("aria-pressed", String(i === at)));
  };
  const show = (side) => {
    strip.scrollTo({ left: side.offsetLeft - strip.firstElementChild.offsetLeft, behavior: "instant" });
    mark();
  };
  let frame = 0;
  strip.addEventListener("scroll", () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(mark);
  });
  // a field shown by the keyboard's Next or a link (an error's), or a problem posted
  // back: its side comes into view whole
  form.addEventListener("focusin", (event) => {
    const side = event.target.closest && event.target.closest(".side-pages > fieldset.side-entry");
    if (side) show(side);
  });
  const wrong = form.querySelector(".side-pages [aria-invalid=true]");
  if (wrong) show(wrong.closest("fieldset.side-entry"));
  window.addEventListener("resize", () => show(sides[current()] || sides[0]));
  mark();
}

// Where the caret is in a text field ([start, end, direction]), or null where the
// field has none (a checkbox, a radio).
function caretOf(input) {
  try {
    // a fold's summary or a button has no caret at all (no selectionStart, undefined)
    if (typeof input.selectionStart !== "number" || typeof input.setSelectionRange !== "function") return null;
    return [input.selectionStart, input.selectionEnd, input.selectionDirection];
  } catch (error) {
    return null;
  }
}

// Counts, ticks and folds keep the keyboard where it is: a tap on one, while a points
// field is being typed in, does not take the focus from that field, so the scorer goes
// on typing (the tap still sets the count, ticks the box or opens the fold). So do
// going out concealed and the dealer's bonus.
const KEEPS_THE_KEYBOARD =
  "button.quick, label.tick, .toggle > label, .side-entry details > summary";
function tapsKeepTheKeyboard(form) {
  let keeping = false;
  form.addEventListener("mousedown", (event) => {
    const typing = document.activeElement;
    keeping = false;
    if (!typing || !typing.matches("input[enterkeyhint=next]") || !form.contains(typing)) return;
    if (event.target.closest && event.target.closest(KEEPS_THE_KEYBOARD)) {
      event.preventDefault();
      keeping = true;
    }
  });
  // A label's click would still put the focus in its box (and take the keyboard
  // away): the box is ticked here instead, as the click would have ticked it.
  form.addEventListener("click", (event) => {
    const label = keeping && event.target.closest ? event.target.closest("label") : null;
    keeping = false;
    const box = label && label.control;
    if (!box || box.type !== "checkbox" || event.target === box) return;
    event.preventDefault();
    box.checked = !box.checked;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

// A round opened for a side chosen on the scoreboard (who went out) is typed at
// once: the first points field has the focus, and with it the phone's keyboard, so
// the scorer's first tap is not on the field. Not a correction, nor a form that
// came back with a problem (its summary has the focus).
function typeAtOnce(form) {
  if (form.dataset.typeFirst !== "1" || document.getElementById("error-summary")) return;
  const first = [...form.querySelectorAll(CHAIN)].find(shown);
  if (first) first.focus();
}

document.addEventListener("DOMContentLoaded", () => {
  const form = document.querySelector("form.round-form");
  if (!form) return;
  sidePages(form);
  tapsKeepTheKeyboard(form);
  typeAtOnce(form); // after the sides are laid out: moving a field takes its focus
});
