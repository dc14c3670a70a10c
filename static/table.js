// Scorekeeper: every phone at the table (issue 10). Loaded only on the scoreboard,
// the round screen and a phone's page; every action works without this file (by
// reload). Polls every second with an ETag (304: nothing new) and replaces the
// page's [data-live] sections when the game's stamp moves; a phone's part is sent
// to the scorer as it is typed.
"use strict";

const POLL_MS = 1000;
const SEND_MS = 700;

// A section being typed in keeps what is typed, unless the round moved on.
function busy(old, fresh) {
  const typing = old.contains(document.activeElement) && document.activeElement !== document.body;
  return (typing || old.dataset.dirty === "1") && old.dataset.key === fresh.dataset.key;
}

async function refresh() {
  await adopt(await fetch(window.location.href, { cache: "no-store" }));
}

// The page as the server has it now: its [data-live] sections take the place of ours.
async function adopt(response) {
  if (!response.ok) {
    window.location.reload();
    return;
  }
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  const ids = (doc) => [...doc.querySelectorAll("[data-live][id]")].map((e) => e.id).join(",");
  if (ids(fresh) !== ids(document)) {
    if (![...document.querySelectorAll("[data-live]")].some((e) => e.dataset.dirty === "1")) {
      window.location.reload();
    }
    return;
  }
  for (const old of document.querySelectorAll("[data-live][id]")) {
    const next = fresh.getElementById(old.id);
    if (!next || busy(old, next)) continue;
    const adopted = document.importNode(next, true);
    old.replaceWith(adopted);
    if (typeof steppers === "function") steppers(adopted);
    if (typeof counters === "function") counters(adopted);
    if (typeof signs === "function") signs(adopted);
    if (typeof localTimes === "function") localTimes(adopted);
    sendAsTyped(adopted);
  }
}

// A phone asks for its own page with the stamp it shows as the ETag: "304, nothing
// new" costs the server one indexed read, and a change arrives in the same request
// (no stamp first and then the page). The scorer's pages poll the stamp, then fetch.
function poll(head) {
  const page = head.dataset.livePage || null;
  let stamp = head.dataset.stamp || null;
  let etag = page && stamp !== null ? `"t${stamp}"` : null;
  const tick = async () => {
    try {
      const headers = etag ? { "If-None-Match": etag } : {};
      const response = await fetch(page || head.dataset.tableStamp, { cache: "no-store", headers });
      if (response.status === 403 || response.status === 410) {
        window.location.reload(); // the page says why this phone no longer works
        return;
      }
      if (page && response.status === 200) {
        etag = response.headers.get("ETag");
        await adopt(response);
      } else if (!page && response.status === 200) {
        etag = response.headers.get("ETag");
        const now = String((await response.json()).stamp);
        if (stamp !== null && now !== stamp) await refresh();
        stamp = now;
      }
    } catch (error) {
      // bad wifi: try again at the next tick
    }
    setTimeout(tick, POLL_MS);
  };
  setTimeout(tick, POLL_MS);
}

// A phone's part: sent as it is typed; a clash or a refusal is shown by the
// server's own page (the form is sent the ordinary way).
function sendAsTyped(root) {
  const form = root.querySelector ? root.querySelector("form.part-form") : null;
  if (!form || form.dataset.sending) return;
  form.dataset.sending = "1";
  const section = form.closest("[data-live]");
  const status = form.querySelector(".live-status");
  let timer = null;
  const send = async () => {
    const body = new FormData(form);
    try {
      const response = await fetch(form.action, {
        method: "POST", body, headers: { Accept: "application/json" },
      });
      const answer = await response.json();
      if (response.ok) {
        form.querySelector("input[name=version]").value = answer.version;
        section.dataset.dirty = "0";
        status.textContent = form.dataset.saysSent || "Sent to the scorer.";
      } else if (response.status === 409) {
        form.requestSubmit(form.querySelector("button[name=send]"));
      } else {
        const problems = answer.problems.map((p) => p.text).join(" ");
        status.textContent = (form.dataset.saysNotSent || "Not sent yet:") + " " + problems;
      }
    } catch (error) {
      status.textContent = form.dataset.saysOffline || "No connection: tap Send when the wifi is back.";
    }
  };
  const typed = () => {
    section.dataset.dirty = "1";
    clearTimeout(timer);
    timer = setTimeout(send, SEND_MS);
  };
  form.addEventListener("input", typed);
  form.addEventListener("change", typed);
}

document.addEventListener("DOMContentLoaded", () => {
  const head = document.querySelector("[data-table-stamp]");
  if (head) poll(head);
  sendAsTyped(document);
});
