// Scorekeeper: the new-game form as names are typed. The first-dealer picker names
// the players ("Ann (seat 1)", an empty seat by its number: "Seat 2"); the preview
// says who partners whom, round the table, and who deals first; Return in a name
// moves on to the next name (the last one starts the game).
// Optional: without it the server writes the same words whenever the form comes
// back, and Return sends the form.
"use strict";

function seatNames(form) {
  const seats = [...form.querySelectorAll("input[data-seat]")];
  seats.sort((a, b) => Number(a.dataset.seat) - Number(b.dataset.seat));
  return seats.map((input) => input.value.trim().split(/\s+/).join(" "));
}

function nameDealers(picker) {
  const named = picker.dataset.named;
  const empty = picker.dataset.seat;
  const names = seatNames(picker.form);
  for (const option of picker.options) {
    const n = Number(option.value);
    const said = names[n] ? named.replace("%(name)s", names[n]) : empty;
    option.textContent = said.replace("%(n)s", String(n + 1));
  }
}

function sideCount(form, preview) {
  const picked = form.querySelector("select#sides");
  return Number(picked ? picked.value : preview.dataset.sides);
}

function describe(form, preview) {
  const names = seatNames(form);
  const count = sideCount(form, preview);
  const named = names.some(Boolean);
  const said = [];
  if (count < names.length || !named) {
    let sides = JSON.parse(preview.dataset.unnamed)[count] || [];
    if (named) {
      sides = [];
      names.forEach((name, seat) => {
        const side = seat % count;
        sides[side] = sides[side] === undefined ? name || "?" : sides[side] + " & " + (name || "?");
      });
    }
    const against = (a, b) =>
      preview.dataset.against.replace("%(seats)s", a).replace("%(others)s", b);
    said.push(sides.reduce(against) + ".");
  }
  if (named) {
    said.push(preview.dataset.order.replace("%(names)s", names.map((n) => n || "?").join(", ")));
    const picker = form.querySelector("select#first_dealer");
    const dealer = names[picker ? Number(picker.value) : 0];
    if (preview.dataset.deals && dealer) said.push(preview.dataset.deals.replace("%(name)s", dealer));
  }
  preview.textContent = said.join(" ");
}

function nextOnReturn(form) {
  const inputs = [...form.querySelectorAll("input[data-seat]")]; // team by team
  inputs.forEach((input, i) => {
    if (i === inputs.length - 1) return; // the last one's Return starts the game
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing) return;
      event.preventDefault();
      inputs[i + 1].focus();
    });
  });
}

for (const picker of document.querySelectorAll("select[data-named][data-seat]")) {
  picker.form.addEventListener("input", (event) => {
    if (event.target.matches("input[data-seat]")) nameDealers(picker);
  });
  nameDealers(picker); // names the browser kept (Back, a reload) are named at once
}

for (const preview of document.querySelectorAll("#seating-preview[data-against]")) {
  const form = preview.closest("form");
  const update = () => describe(form, preview);
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  nextOnReturn(form);
  update();
}
