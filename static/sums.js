// Scorekeeper: sums in a points field (optional). "120+85+40" is worked out as it is
// typed and shown under the field ("= 245"); the form sends what was typed, and the
// server reads the sum the same way (web/forms/typed_numbers.py) and checks its value
// like any other number (the live preview marks it). Plus and minus only: never eval.
"use strict";

const SUM = /^[0-9]+(?:\s*[-+\u2212]\s*[0-9]+)+$/;

// The value of a sum ("300 - 45" is 255), or null if the text is not one.
function sumOf(text) {
  const typed = String(text).trim();
  if (typed.length > 200 || !SUM.test(typed)) return null;
  let total = 0;
  for (const [, sign, digits] of typed.matchAll(/([-+\u2212]?)\s*([0-9]+)/g)) {
    if (digits.length > 9) return null;
    total += sign === "-" || sign === "\u2212" ? -Number(digits) : Number(digits);
  }
  return total;
}

if (typeof module !== "undefined") module.exports = { sumOf };

// Every points field under root: its sum shown under it as it is typed.
function sums(root) {
  const digits = new Intl.NumberFormat(document.documentElement.lang || undefined);
  for (const input of root.querySelectorAll("input[data-sum]")) {
    if (input.dataset.summing) continue;
    input.dataset.summing = "1";
    const shown = document.createElement("output");
    shown.className = "sum";
    shown.htmlFor = input.id;
    shown.setAttribute("aria-live", "polite");
    input.after(shown);
    const show = () => {
      const total = sumOf(input.value);
      shown.hidden = total === null;
      shown.textContent = total === null ? "" : "= " + digits.format(total);
    };
    input.addEventListener("input", show);
    show();
  }
}

if (typeof document !== "undefined") {
  document.addEventListener("DOMContentLoaded", () => sums(document));
}
