// Scorekeeper: every phone at the table. Loaded only on the scoreboard,
// the round screen and a phone's page; every action works without this file (by
// reload). Polls every second with an ETag (304: nothing new) and replaces the
// page's [data-live] sections when the game's stamp moves; a phone's part is sent
// to the scorer as it is typed. What a phone sends waits in its outbox (localStorage)
// while the wifi is down and is sent again with the same key (stored once); what it
// was still typing when the scorer saved the round is kept (sessionStorage) and
// offered as a correction; what it typed and had not sent when the page reloaded is
// put back in its fields and sent.
"use strict";

const POLL_MS = 1000;
const SEND_MS = 700;

// A section being typed in keeps what is typed, unless the round moved on.
function busy(old, fresh) {
  const typing = old.contains(document.activeElement) && document.activeElement !== document.body;
  return (typing || old.dataset.dirty === "1") && old.dataset.key === fresh.dataset.key;
}

async function refresh() {
  return adopt(await fetch(window.location.href, { cache: "no-store" }));
}

// The page as the server has it now: its [data-live] sections take the place of ours.
// False when the page is on its way elsewhere and took nothing: the news is still to
// be shown, should it stay.
async function adopt(response) {
  if (leaving()) return false;
  if (!response.ok) {
    window.location.reload();
    return true;
  }
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  const ids = (doc) => [...doc.querySelectorAll("[data-live][id]")].map((e) => e.id).join(",");
  if (ids(fresh) !== ids(document)) {
    remember(document); // what is typed survives the reload (sessionStorage)
    window.location.reload();
    return true;
  }
  for (const old of document.querySelectorAll("[data-live][id]")) {
    const next = fresh.getElementById(old.id);
    if (!next || busy(old, next)) continue;
    if (old.id === "part" && old.dataset.key !== next.dataset.key) remember(old);
    const adopted = document.importNode(next, true);
    // the same round's part: what its last send got ("Sent to the scorer.") still holds
    const said = old.querySelector(".live-status");
    const saying = adopted.querySelector(".live-status");
    if (said && saying && old.dataset.key === next.dataset.key) saying.textContent = said.textContent;
    old.replaceWith(adopted);
    if (typeof steppers === "function") steppers(adopted);
    if (typeof counters === "function") counters(adopted);
    if (typeof signs === "function") signs(adopted);
    if (typeof meldCounters === "function") meldCounters(adopted);
    if (typeof sums === "function") sums(adopted);
    if (typeof localTimes === "function") localTimes(adopted);
    sendAsTyped(adopted);
  }
  showKept();
  return true;
}

// A phone asks for its own page with the stamp it shows as the ETag: "304, nothing
// new" costs the server one indexed read, and a change arrives in the same request
// (no stamp first and then the page). The scorer's pages poll the stamp, then fetch.
// Each poll prefers to wait on the server for news (Prefer: wait): a save reaches the
// phone when it is committed, and an idle table asks every 20 s, not every second. A
// server with no thread to spare answers at once, and the phone asks a second later.
function poll(head) {
  const page = head.dataset.livePage || null;
  let stamp = head.dataset.stamp || null;
  let etag = page && stamp !== null ? `W/"t${stamp}"` : null;
  let last = null;
  const tick = async () => {
    let wait = POLL_MS;
    try {
      const headers = pollHeaders(etag ? { "If-None-Match": etag } : {}, last);
      // not held while sends wait their turn, nor while the page is on its way elsewhere
      if (etag && !outbox().length && !leaving()) holdPoll(headers);
      const response = await fetch(page || head.dataset.tableStamp, { cache: "no-store", headers });
      last = response;
      // held until news (or 20 s): ask again at once; answered at once: a second later;
      // the server full: saves first, this poll when it says
      wait = pollAgain(response, POLL_MS);
      if (leaving()) {
        // the page it goes to shows the news: nothing is acted on here, nor noted as
        // seen, so that if the navigation comes to nothing (a download, "Stay on the
        // page") a poll after LEAVING_MS brings the news all the same
        wait = Math.max(wait, POLL_MS);
      } else if (response.status === 403 || response.status === 410) {
        window.location.reload(); // the page says why this phone no longer works
        return;
      } else if (page && response.status === 200) {
        if (await adopt(response)) etag = response.headers.get("ETag");
      } else if (!page && response.status === 200) {
        const now = String((await response.json()).stamp);
        if (stamp === null || now === stamp || (await refresh())) {
          etag = response.headers.get("ETag");
          stamp = now;
        }
      }
      if (outbox().length) flush(); // the connection is back: what waited goes now
    } catch (error) {
      // bad wifi: try again at the next tick
    }
    setTimeout(tick, wait);
  };
  setTimeout(tick, POLL_MS);
}

// The part typed and waiting for the pause in typing before it is sent: sent at once
// when the page goes out of sight or away, as a phone going to sleep or a reload would
// otherwise drop it.
let unsent = null;

// A phone's part: sent as it is typed, through the outbox; a clash or a refusal is
// shown by the server's own page (the form is sent the ordinary way).
function sendAsTyped(root) {
  const form = root.querySelector ? root.querySelector("form.part-form") : null;
  if (!form || form.dataset.sending) return;
  form.dataset.sending = "1";
  const section = form.closest("[data-live]");
  let timer = null;
  const send = () => {
    clearTimeout(timer);
    if (unsent === send) unsent = null;
    if (section.dataset.dirty === "0") return; // an earlier send's answer: the server has these
    const body = [...new FormData(form)].filter(([name]) => name !== "key");
    const round = form.querySelector("input[name=number]").value;
    post({ kind: "part", round, url: form.action, body });
  };
  const typed = () => {
    section.dataset.dirty = "1";
    note(form);
    clearTimeout(timer);
    timer = setTimeout(send, SEND_MS);
    unsent = send;
  };
  form.addEventListener("input", typed);
  form.addEventListener("change", typed);
  if (form.dataset.putBack === "1") {
    delete form.dataset.putBack;
    typed(); // what was put back goes as typing does
  }
}

function sendUnsent() {
  if (unsent) unsent();
}

function partStatus(text) {
  const status = document.querySelector("form.part-form .live-status");
  if (status) status.textContent = text;
}

// What the server said to a send from the outbox.
async function answered(item, response) {
  let answer = {};
  try {
    answer = await response.json();
  } catch (error) {
    answer = {};
  }
  const form = document.querySelector("form.part-form");
  if (item.kind !== "part") {
    const status = document.getElementById("outbox");
    if (answer.message) say(answer.message);
    const sentFrom = answering.get(item.key);
    if (sentFrom && !response.ok) sentFrom.hidden = false; // refused: it can be sent again
    answering.delete(item.key);
    if (response.ok && item.kind === "correction") forget(item.round);
    if (!response.ok && item.kind === "correction" && answer.problems) {
      refused.set(String(item.round), answer.problems); // shown beside the fields again
      showKept();
    }
    if (status) refresh();
    return;
  }
  const ours = form && form.querySelector("input[name=number]").value === item.round;
  if (response.ok) {
    if (ours) {
      form.querySelector("input[name=version]").value = answer.version;
      const same = sameAsTyped(form, item);
      if (same) form.closest("[data-live]").dataset.dirty = "0";
      typedNow(form, !same); // kept with the version a send of it is to replace
      partStatus(form.dataset.saysSent || "Sent to the scorer.");
    }
  } else if (response.status === 409 && answer.moved) {
    const kept = typedFor(item.round) || { round: item.round, body: item.body, dirty: true };
    kept.dirty = true; // the round was saved without these numbers reaching the scorer
    sessionStorage.setItem(TYPED + item.round, JSON.stringify(kept));
    await refresh();
  } else if (response.status === 409 && ours) {
    form.requestSubmit(form.querySelector("button[name=send]"));
  } else if (ours) {
    const problems = (answer.problems || []).map((p) => p.text).join(" ");
    partStatus((form.dataset.saysNotSent || "Not sent yet:") + " " + problems);
  }
}

function say(text) {
  let flash = document.getElementById("sent-flash");
  if (!flash) {
    flash = document.createElement("p");
    flash.id = "sent-flash";
    flash.className = "flash";
    flash.setAttribute("role", "status");
    document.querySelector("main, body").prepend(flash);
  }
  flash.textContent = text;
}

// -- the outbox: sent again, with the same key, until the server has it --------------

const OUTBOX = "outbox:" + window.location.pathname;

function outbox() {
  try {
    return JSON.parse(localStorage.getItem(OUTBOX) || "[]");
  } catch (error) {
    return [];
  }
}

function keepOutbox(items) {
  localStorage.setItem(OUTBOX, JSON.stringify(items));
  showOutbox();
}

function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// Keep a send in the outbox (a newer part of the same round takes the place of an
// older one), then try to send everything waiting.
function post(item) {
  item.key = item.key || newKey();
  const items = outbox().filter((o) => !(item.kind === "part" && o.kind === "part" && o.round === item.round));
  items.push(item);
  keepOutbox(items);
  flush();
}

let flushing = false;
// A send asked for while a flush was on its way (a part sent as the page goes away,
// say) is not in the list that flush went through: it goes round again for it.
let flushAgain = false;
async function flush() {
  if (flushing) {
    flushAgain = true;
    return;
  }
  flushing = true;
  try {
    do {
      flushAgain = false;
      if (!(await flushOnce())) break; // no connection: the next try takes it all
    } while (flushAgain);
  } finally {
    flushing = false;
    showOutbox();
  }
}

// Each waiting send once, in order: false if the connection or the server failed.
async function flushOnce() {
  for (const item of outbox()) {
    const body = new URLSearchParams(item.body);
    body.set("key", item.key);
    const form = document.querySelector("form.part-form");
    if (item.kind === "part" && form && form.querySelector("input[name=number]").value === item.round) {
      // the part's version as the phone knows it now (an earlier send may have moved it)
      body.set("version", form.querySelector("input[name=version]").value);
    }
    let response;
    try {
      // keepalive: a send made as the page goes away still reaches the server
      response = await fetch(item.url, {
        method: "POST", body, headers: { Accept: "application/json" }, keepalive: true,
      });
    } catch (error) {
      if (item.kind === "part") {
        const form = document.querySelector("form.part-form");
        partStatus(form ? form.dataset.saysOffline : "No connection.");
      }
      return false; // no connection: everything waits, in order, for the next try
    }
    if ([502, 503, 504].includes(response.status)) return false; // the server is away: wait
    keepOutbox(outbox().filter((o) => o.key !== item.key));
    await answered(item, response);
  }
  return true;
}

// "1 confirmation waiting for the connection", in the page's language.
function showOutbox() {
  const shown = document.getElementById("outbox");
  if (!shown) return;
  const words = JSON.parse(shown.dataset.words || "{}");
  const counts = {};
  for (const item of outbox()) counts[item.kind] = (counts[item.kind] || 0) + 1;
  const rules = new Intl.PluralRules(document.documentElement.lang || "en");
  const parts = Object.entries(counts).map(([kind, n]) => {
    const forms = words[kind] || { one: "{n} " + kind, other: "{n} " + kind };
    return (rules.select(n) === "one" ? forms.one : forms.other).replace("{n}", n);
  });
  shown.textContent = parts.join(" · ");
  shown.hidden = parts.length === 0;
}

// A confirmation or query: through the outbox, so that a dropped wifi loses nothing.
const answering = new Map(); // a send's key -> the buttons it was sent with, hidden meanwhile
function sendAnswers() {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches || !form.matches("form.answer")) return;
    event.preventDefault();
    const body = [...new FormData(form)];
    const query = event.submitter && event.submitter.name === "query";
    body.push([query ? "query" : "confirm", "1"]);
    const round = form.querySelector("input[name=number]").value;
    const item = { kind: query ? "query" : "confirmation", round, url: form.action, body };
    item.key = newKey();
    const buttons = form.querySelector(".buttons");
    if (buttons) {
      buttons.hidden = true; // sent, or waiting: not twice
      answering.set(item.key, buttons);
    }
    post(item);
  });
}

// -- nothing typed is lost: the round being typed, kept until sent or discarded ------

const TYPED = "typed:" + window.location.pathname + ":";

// The entries of this phone's side (its fields, and whether it went out).
function sideEntries(form, entries) {
  const side = form.dataset.side;
  return (entries || [...new FormData(form)]).filter(
    ([name, value]) => (name.startsWith(`s${side}_`) || name === "went_out" || name === "concealed")
      && !(name === "went_out" && value !== side)
  );
}

function typedFor(round) {
  try {
    return JSON.parse(sessionStorage.getItem(TYPED + round) || "null");
  } catch (error) {
    return null;
  }
}

// With the part's version the phone knows (what a send of it replaces), so that a
// part put back after a reload does not replace unseen what another phone sent since.
function typedNow(form, dirty) {
  const round = form.querySelector("input[name=number]").value;
  const body = sideEntries(form);
  const version = form.querySelector("input[name=version]").value;
  sessionStorage.setItem(TYPED + round, JSON.stringify({ round, body, dirty, version }));
}

function note(form) {
  typedNow(form, true);
}

function sameAsTyped(form, item) {
  return JSON.stringify(sideEntries(form)) === JSON.stringify(sideEntries(form, item.body));
}

// Before a section of the round being typed goes (or the page reloads): what it holds.
function remember(root) {
  const form = root.querySelector("form.part-form");
  const section = form && form.closest("[data-live]");
  if (form && section.dataset.dirty === "1") typedNow(form, true);
}

// After a reload (or the browser bringing the page back): what this phone typed for
// the round on the page and had not sent is put back in its fields, and sent as typing
// is (sendAsTyped). Only on the phone's own page (a page the server answered a post
// with shows what was posted), and only in a field nobody has changed since the page
// came. A round the scorer has saved since is not the one on the page: what was typed
// for it is offered as a correction instead (showKept).
function putBack() {
  const form = document.querySelector("form.part-form");
  const head = document.querySelector("[data-live-page]");
  if (!form || !head || head.dataset.livePage !== window.location.pathname) return;
  const typed = typedFor(form.querySelector("input[name=number]").value);
  if (!typed || !typed.dirty || !Array.isArray(typed.body)) return;
  if (JSON.stringify(sideEntries(form)) === JSON.stringify(typed.body)) {
    typedNow(form, false); // the server has these numbers already
    return;
  }
  const side = form.dataset.side;
  const values = (name) => typed.body.filter(([n]) => n === name).map(([, value]) => value);
  const untouched = (field) => (field.tagName === "SELECT"
    ? [...field.options].every((o) => o.selected === o.defaultSelected)
    : field.type === "radio" || field.type === "checkbox"
      ? field.checked === field.defaultChecked
      : field.value === field.defaultValue);
  const seen = {};
  for (const field of form.elements) {
    const name = field.name;
    if (!name || !(name.startsWith(`s${side}_`) || name === "concealed") || !untouched(field)) continue;
    const before = field.type === "checkbox" ? field.checked : field.value;
    if (field.type === "checkbox") field.checked = values(name).includes(field.value);
    else if (field.tagName === "SELECT") field.value = values(name)[0] ?? field.value;
    else if (field.type !== "hidden" && field.type !== "radio") {
      const i = seen[name] || 0;
      seen[name] = i + 1;
      field.value = values(name)[i] ?? "";
    }
    const fold = field.closest("details");
    const now = field.type === "checkbox" ? field.checked : field.value;
    if (fold && now !== before && now) fold.open = true; // a number put back in sight
  }
  // went out: only the side's own "yes" is kept with the typing, so "no" is what is
  // put back over a "yes" the page shows
  const yes = form.querySelector(`input[name=went_out][value="${side}"]`);
  const no = form.querySelector('input[name=went_out][value="-"]');
  if (yes && untouched(yes) && (!no || untouched(no))) {
    if (values("went_out").includes(side)) yes.checked = true;
    else if (yes.checked && no) no.checked = true;
  }
  if (typed.version !== undefined) form.querySelector("input[name=version]").value = typed.version;
  form.dataset.putBack = "1";
}

function forget(round) {
  sessionStorage.removeItem(TYPED + round);
  const kept = document.getElementById("kept");
  if (kept && kept.dataset.round === String(round)) kept.hidden = true;
}

function normal(name, value) {
  if (value === "0" || (name.endsWith("_sign") && value === "+")) return "";
  return String(value).trim();
}

// A correction the server refused: its problems by round, each with its field's name.
const refused = new Map();

// The numbers typed for a round the scorer has saved since, beside the saved ones.
function showKept() {
  const kept = document.getElementById("kept");
  const holder = document.getElementById("saved-parts");
  const form = document.querySelector("form.part-form");
  if (!kept || !holder || !form) return;
  const saved = JSON.parse(holder.dataset.saved || "{}");
  const current = Number(form.querySelector("input[name=number]").value);
  const names = [];
  for (let i = 0; i < sessionStorage.length; i += 1) names.push(sessionStorage.key(i));
  for (const name of names) {
    if (!name.startsWith(TYPED)) continue;
    const typed = typedFor(name.slice(TYPED.length));
    if (typed && Number(typed.round) > current) sessionStorage.removeItem(name); // undone since
    if (!typed || Number(typed.round) >= current) continue;
    const round = saved.rounds[typed.round];
    if (!typed.dirty || !round) {
      sessionStorage.removeItem(name);
      continue;
    }
    const rows = rowsOf(typed, round, saved);
    if (!rows.some((r) => r.differs)) {
      sessionStorage.removeItem(name);
      continue;
    }
    showKeptRound(kept, typed, round, rows);
    return;
  }
}

function rowsOf(typed, round, saved) {
  const yours = {};
  for (const [name, value] of typed.body) {
    const shown = value === "y" || (name === "went_out") ? saved.yes : value;
    yours[name] = yours[name] ? `${yours[name]}, ${shown}` : shown;
  }
  return Object.entries(saved.labels).map(([name, label]) => {
    const mine = normal(name, yours[name] || "");
    const theirs = normal(name, round.fields[name] || "");
    return { name, label, mine, theirs, differs: mine !== theirs };
  }).filter((r) => r.mine !== "" || r.theirs !== "");
}

function errorText(text) {
  const shown = document.createElement("span");
  shown.className = "error";
  shown.textContent = text;
  return shown;
}

function showKeptRound(kept, typed, round, rows) {
  const says = kept.dataset;
  kept.dataset.round = typed.round;
  kept.querySelector("h2").textContent = says.saysTitle.replace("{n}", typed.round);
  const table = kept.querySelector("table");
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const text of [says.saysField, says.saysYours, says.saysSaved]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  const problems = refused.get(String(typed.round)) || [];
  for (const r of rows) {
    const tr = body.insertRow();
    if (r.differs) tr.className = "differs";
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = r.label;
    tr.append(th);
    const mine = tr.insertCell();
    mine.textContent = r.mine;
    for (const p of problems.filter((p) => p.name === r.name)) mine.append(errorText(p.text));
    tr.insertCell().textContent = r.theirs;
  }
  const named = new Set(rows.map((r) => r.name));
  const others = kept.querySelector(".kept-problems");
  others.replaceChildren(...problems.filter((p) => !named.has(p.name)).map((p) => errorText(p.text)));
  if (problems.length) kept.querySelector("h2").setAttribute("role", "alert");
  const send = kept.querySelector("[data-kept=send]");
  const discard = kept.querySelector("[data-kept=discard]");
  send.textContent = says.saysSend;
  discard.textContent = says.saysDiscard;
  send.onclick = () => {
    refused.delete(String(typed.round));
    const csrf = document.querySelector("form.part-form input[name=csrf_token]");
    const body = [...typed.body, ["csrf_token", csrf ? csrf.value : ""],
      ["number", typed.round], ["version", String(round.version)], ["correction", "1"]];
    post({ kind: "correction", round: typed.round, url: says.url, body });
    kept.hidden = true;
  };
  discard.onclick = () => forget(typed.round);
  kept.hidden = false;
}

// As the script runs, the page parsed: the round screen's helpers (steppers, signs,
// card counters, sums), which start when the page has loaded, then show what is put back.
putBack();

document.addEventListener("DOMContentLoaded", () => {
  const head = document.querySelector("[data-table-stamp]");
  if (head) poll(head);
  sendAsTyped(document);
  if (document.getElementById("outbox")) {
    sendAnswers();
    showOutbox();
    showKept();
    flush(); // what waited while the page was closed
    window.addEventListener("online", flush);
    window.addEventListener("pagehide", sendUnsent);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") sendUnsent();
    });
  }
});
