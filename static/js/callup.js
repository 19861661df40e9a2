// "Call a judge" on the live card (templates/cards/_callup.html): one tap calls, the reason is
// optional; the call goes through the outbox, so it leaves once the phone is back online, and
// its status below the button is read again every 5 s while a call is open. app.js starts
// this module after the page's load event (data-after-load).

import { dismiss, write } from "./outbox.js";
import { $, $$, t, venueTime } from "./dom.js";

const CALL_POLL_MS = 5000;

// A call needs a link (issue 28): the table's token from the printed card's QR code (?t=),
// kept for this tab, else the player's own link that card.js keeps (#player= from their page).
function callUpLink(cardId) {
  const key = `judgeaid-table-token:${cardId}`;
  const fromUrl = new URLSearchParams(location.search).get("t");
  if (fromUrl) sessionStorage.setItem(key, fromUrl);
  const table = fromUrl || sessionStorage.getItem(key);
  if (table) return { "X-Table-Token": table };
  const player = new URLSearchParams(location.hash.slice(1)).get("player")
    || sessionStorage.getItem(`judgeaid-player-token:${cardId}`);
  return player ? { "X-Player-Token": player } : {};
}

export function initCallUp(section) {
  const api = section.dataset.api;
  const form = $("[data-callup-form]", section);
  const button = $("button[type=submit]", form);
  const status = $("[data-callup-status]", section);
  let timer = null;
  let wasActive = false;

  const show = (call) => {
    clearTimeout(timer);
    if (!call) {
      remember(false);
      button.disabled = false;
      status.textContent = wasActive ? t("The judge has closed this call.") : "";
      wasActive = false;
      return;
    }
    wasActive = true;
    button.disabled = true;
    status.textContent = call.status === "taken"
      ? t("{name} is on the way (took the call at {time}).", { name: call.taken_by, time: venueTime(call.taken_at_ms) })
      : call.place ? t("Judge called at {time} · number {place} in the queue. Please wait at the table.", { time: venueTime(call.called_at_ms), place: call.place })
        : t("Judge called at {time}. Please wait at the table.", { time: venueTime(call.called_at_ms) });
    timer = setTimeout(check, CALL_POLL_MS);
  };

  const check = async () => {
    if (document.visibilityState !== "visible") {
      timer = setTimeout(check, CALL_POLL_MS);
      return;
    }
    try {
      const response = await fetch(api, { cache: "no-store" });
      if (response.ok) show((await response.json()).call_up);
    } catch {
      timer = setTimeout(check, CALL_POLL_MS);
    }
  };

  // This phone's own open call is asked about at once; anyone else's shows at the first poll.
  const mine = `judgeaid-call:${section.dataset.cardId}`;
  const remember = (open) => {
    try {
      if (open) localStorage.setItem(mine, "1");
      else localStorage.removeItem(mine);
    } catch {
      // storage refused: the status still comes at the next poll
    }
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    status.textContent = t("Calling a judge…");
    const { opId, first, settled } = await write({ url: api, body: { reason: form.elements.reason.value.trim() },
      headers: callUpLink(section.dataset.cardId),
      label: t("Call a judge"), meta: { area: "callup", card: section.dataset.cardId } });
    if ((await first).type === "kept") status.textContent = t("No network: the call goes out as soon as this phone is back online.");
    const result = await settled;
    if (result.type === "sent") {
      form.elements.reason.value = "";
      remember(true);
      check();
    } else {
      status.textContent = t("The call did not go through: {message}", { message: result.item.message });
      dismiss(opId);
      button.disabled = false;
    }
  });
  let asked = false;
  try {
    asked = localStorage.getItem(mine) === "1";
  } catch {
    // no storage: as if this phone had not called
  }
  if (asked) check();
  else timer = setTimeout(check, CALL_POLL_MS);
}

$$("[data-callup]").forEach(initCallUp);
