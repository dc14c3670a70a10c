// Scorekeeper: the house-rule editor. Optional: every button works without it
// ("Add a row" and "Remove" send the form and it comes back with a row more or
// less). With it, the page comes back where the scorer was: at the option whose
// rows changed, with the new row's first field ready to type in.
"use strict";

function rememberOption(form) {
  form.addEventListener("click", (event) => {
    const button = event.target.closest("button[name=add_row], button[name=remove_row]");
    if (!button) return;
    const key = button.value.split(":")[0];
    sessionStorage.setItem("scorekeeper:rows", key);
  });
}

function returnToOption() {
  const key = sessionStorage.getItem("scorekeeper:rows");
  sessionStorage.removeItem("scorekeeper:rows");
  const option = key && document.getElementById("option-" + key);
  if (!option) return;
  for (let details = option.closest("details"); details; details = details.parentElement.closest("details")) {
    details.open = true; // its topic, and the house rules round it
  }
  const empty = [...option.querySelectorAll("input[type=number], input[type=text]")].find(
    (input) => input.value === "",
  );
  option.scrollIntoView({ block: "center" });
  if (empty) empty.focus();
}

for (const form of document.querySelectorAll("form")) {
  if (form.querySelector("button[name=add_row]")) rememberOption(form);
}
returnToOption();
