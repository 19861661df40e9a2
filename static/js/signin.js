// The sign-in form, sent by fetch so that a "busy" answer is tried again by itself.
//
// When many judges sign in at the same moment, each server process checks one PIN at a time
// and turns the rest away with 503 and Retry-After (judgeaid/services/accounts.py), so the
// phones in the hall keep their share of the server. This page then waits that long (and a
// random part of a second, so the phones do not all come back at once) and sends the same
// form again: the judge taps once and types the PIN once. Any other answer is shown as the
// server sent it: signed in (the page it leads to), or the form with what was wrong.

import { h, t } from "./dom.js";

const TRIES = 30;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function statusOf(form) {
  let status = form.querySelector("[data-sign-in-status]");
  if (!status) {
    status = h("p", { class: "muted", role: "status", "data-sign-in-status": "" });
    form.append(status);
  }
  return status;
}

function show(html) {
  const incoming = new DOMParser().parseFromString(html, "text/html").querySelector("main");
  if (!incoming) {
    location.reload();
    return;
  }
  document.querySelector("main").replaceWith(document.adoptNode(incoming));
  const form = document.querySelector("form[data-sign-in]");
  if (form) bind(form);
  document.querySelector("main [role=alert]")?.focus?.();
}

async function send(form) {
  const button = form.querySelector("button[type=submit]");
  const status = statusOf(form);
  const body = new FormData(form);
  button.disabled = true;
  try {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(form.action, {
        method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" },
      });
      if (response.status === 503 && attempt < TRIES) {
        const wait = Number(response.headers.get("Retry-After")) || 1;
        status.textContent = t("Many people are signing in at this moment. This phone tries again by itself…");
        await sleep((wait + Math.random()) * 1000);
        continue;
      }
      if (response.ok && (response.headers.get("Content-Type") || "").startsWith("application/json")) {
        location.assign((await response.json()).next); // signed in: where the server sends us
        return;
      }
      show(await response.text());
      return;
    }
  } catch {
    status.textContent = t("No connection to the server. Check the Wi-Fi and tap Sign in again.");
  } finally {
    button.disabled = false;
  }
}

function bind(form) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(form);
  });
}

const form = document.querySelector("form[data-sign-in]");
if (form) bind(form);
