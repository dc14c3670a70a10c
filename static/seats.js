// Scorekeeper: the new-game form's first-dealer picker names the players as they
// are typed ("Ann (seat 1)"), and a seat left empty by its number ("Seat 2").
// Optional: without it the picker names the seats, and the server names the
// players whenever the form comes back (a row added, a problem to fix).
"use strict";

function nameDealers(picker) {
  const named = picker.dataset.named;
  const empty = picker.dataset.seat;
  for (const option of picker.options) {
    const n = Number(option.value);
    const input = document.getElementById("seat" + n);
    const name = input ? input.value.trim().split(/\s+/).join(" ") : "";
    const said = name ? named.replace("%(name)s", name) : empty;
    option.textContent = said.replace("%(n)s", String(n + 1));
  }
}

for (const picker of document.querySelectorAll("select[data-named][data-seat]")) {
  picker.form.addEventListener("input", (event) => {
    if (/^seat[0-9]+$/.test(event.target.id)) nameDealers(picker);
  });
  nameDealers(picker); // names the browser kept (Back, a reload) are named at once
}
