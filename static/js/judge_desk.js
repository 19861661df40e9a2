// The judge's desk: the call-up queue, the irregularity guide's search and the head judge's
// appeal decisions. (A table calling a judge: callup.js; a player's appeals: appeals.js.)

import * as servertime from "./servertime.js";
import { dismiss, enqueue, newOpId, outcome, write } from "./outbox.js";
import { $, $$, formatElapsed, h, t } from "./dom.js";
import { clockTime } from "./judge_common.js";

const QUEUE_POLL_MS = 4000;

// Server time is the only clock (DESIGN.md, part 4): a wait counts from the server's now.
function waited(sinceMs) {
  return formatElapsed(servertime.now() - sinceMs);
}
const TAKE_WAIT_MS = 3000;

// ------------------------------------------------------------------ the call-up queue

export function initQueue(section) {
  const api = section.dataset.api;
  const list = $("[data-queue-list]", section);
  const empty = $("[data-queue-empty]", section);
  const count = $("[data-queue-count]", section);
  const error = $("[data-queue-error]", section);
  let etag = `"queue-${section.dataset.etag}"`;
  let timer = null;

  const render = (items) => {
    list.replaceChildren(...items.map((call) => {
      const action = call.status === "waiting"
        ? h("button", { type: "button", class: "button primary", text: t("Take it") })
        : h("a", { class: "button", href: call.ruling_url, text: t("Write ruling") });
      if (call.status === "waiting") {
        action.dataset.take = call.id;
        action.dataset.rulingUrl = call.ruling_url;
      }
      const item = h("li", { class: "call" },
        h("span", { class: "call-table", text: t("Table {table}", { table: call.table }) }),
        h("span", { class: "call-wait" }),
        h("span", {
          class: "call-meta",
          text: (call.reason ? `“${call.reason}” · ` : "")
            + (call.status === "taken" ? t("taken by {name}", { name: call.taken_by }) : t("waiting")),
        }),
        action);
      item.dataset.call = call.id;
      item.dataset.status = call.status;
      $(".call-wait", item).dataset.sinceMs = call.called_at_ms;
      return item;
    }));
    empty.hidden = items.length > 0;
    count.hidden = items.length === 0;
    count.textContent = String(items.length);
    tick();
  };

  const tick = () => {
    for (const node of $$("[data-since-ms]", list)) node.textContent = t("waiting {time}", { time: waited(Number(node.dataset.sinceMs)) });
  };

  const poll = async () => {
    clearTimeout(timer);
    if (document.visibilityState === "visible") {
      try {
        const response = await fetch(api, { headers: { "If-None-Match": etag }, cache: "no-cache" });
        if (response.status === 200) {
          etag = response.headers.get("ETag") || etag;
          render((await response.json()).items);
        }
      } catch {
        // no network: keep what is shown; the next poll tries again
      }
    }
    timer = setTimeout(poll, QUEUE_POLL_MS);
  };

  list.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-take]");
    if (!button) return;
    button.disabled = true;
    error.textContent = "";
    const opId = newOpId();
    const settled = outcome(opId, { timeoutMs: TAKE_WAIT_MS });
    await enqueue({ url: `${api}/${button.dataset.take}/take`, body: { op_id: opId },
                    label: t("Take a call-up"), meta: { area: "judge", kind: "take" } });
    const result = await settled;
    if (result.type === "rejected") {
      error.textContent = result.item.message;
      dismiss(opId);
      poll();
      return;
    }
    // Taken, or queued for when the network returns: either way, on to the table.
    location.assign(button.dataset.rulingUrl);
  });

  setInterval(tick, 1000);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") poll(); });
  tick();
  timer = setTimeout(poll, QUEUE_POLL_MS);
}

// ------------------------------------------------------------------ the irregularity guide

export function initGuide(root) {
  const input = $("[data-guide-query]", root);
  const list = $("[data-guide-list]", root);
  const entries = $$("[data-guide-entry]", list).map((node) => ({
    node,
    title: $("summary", node).textContent.toLowerCase(),
    keywords: (node.dataset.keywords || "").toLowerCase(),
    body: node.textContent.toLowerCase(),
  }));
  const count = $("[data-guide-count]", root);

  // a section sign typed into the search is a space ("4.11" finds what cites it)
  const run = () => {
    const words = input.value.toLowerCase().replaceAll("\u00a7", " ").split(/\s+/).filter(Boolean);
    const scored = entries.map((entry, index) => {
      let score = 0;
      let matched = 0;
      for (const word of words) {
        const w = word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
        const hit = (entry.title.includes(w) ? 6 : 0) + (entry.keywords.includes(w) ? 4 : 0) + (entry.body.includes(w) ? 1 : 0);
        if (hit) matched += 1;
        score += hit;
      }
      return { entry, score, matched, index };
    });
    const shown = words.length ? scored.filter((s) => s.matched === words.length) : scored;
    shown.sort((a, b) => (words.length ? b.score - a.score : 0) || a.index - b.index);
    for (const s of scored) s.entry.node.hidden = true;
    for (const s of shown) {
      s.entry.node.hidden = false;
      list.append(s.entry.node);
    }
    if (words.length && shown.length) shown[0].entry.node.open = true;
    count.textContent = words.length ? (shown.length === 1 ? t("1 answer") : t("{n} answers", { n: shown.length })) : "";
    const url = new URL(location.href);
    if (words.length) url.searchParams.set("q", input.value.trim());
    else url.searchParams.delete("q");
    history.replaceState(null, "", url);
  };
  input.addEventListener("input", run);
  root.addEventListener("submit", (event) => { event.preventDefault(); run(); });
  if (input.value) run();
  if (location.hash.startsWith("#g-")) {
    const target = document.getElementById(location.hash.slice(1));
    if (target) target.open = true;
  }
}

// ------------------------------------------------------------------ appeal decisions (head judge)

export function initDecision(form) {
  const strikes = $$("[data-strike]", form);
  const error = $("[data-form-error]", form);
  const follow = (decision) => {
    for (const box of strikes) {
      box.disabled = decision === "upheld";
      if (decision !== "modified") box.checked = decision === "overturned";
    }
  };
  form.addEventListener("change", (event) => {
    if (event.target.name === "decision") follow(event.target.value);
  });
  // a decision chosen before this script started (it starts after the load event)
  if (form.elements.decision?.value) follow(form.elements.decision.value);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const decision = form.elements.decision.value;
    const reason = form.elements.reason.value.trim();
    if (!decision) { error.textContent = t("Choose upheld, overturned or modified."); return; }
    if (!reason) { error.textContent = t("Give the reason for the decision."); return; }
    const body = { decision, reason,
                   strike_penalties: strikes.filter((b) => b.checked && !b.disabled).map((b) => Number(b.value)) };
    const button = $("button[type=submit]", form);
    button.disabled = true;
    const { opId, settled } = await write({ url: form.dataset.api, body, label: t("Appeal decision"),
                                            meta: { area: "judge", kind: "decision" } });
    const result = await settled;
    if (result.type === "sent") {
      location.reload();
    } else {
      error.textContent = t("Not saved: {message}", { message: result.item.message });
      dismiss(opId);
      button.disabled = false;
    }
  });
}
