// What every part of the judge console shares: the venue's clock and writes through the
// outbox that tell the form how they went.

import { enqueue, mountAttention, mountPending, newOpId, subscribe } from "./outbox.js";
import { $, venueTime } from "./dom.js";

// ------------------------------------------------------------------ clock and times

// The venue's clock, not this phone's: the server renders the same (|venue_time).
export function clockTime(value) {
  return venueTime(value);
}

// Resolve with the outbox's first word on this op_id: sent, rejected or kept (no network).
export function outcome(opId, { untilSettled = false, timeoutMs = 0 } = {}) {
  return new Promise((resolve) => {
    let timer = null;
    const stop = subscribe((event) => {
      if (event.item?.op_id !== opId || event.type === "queued") return;
      if (untilSettled && event.type === "kept") return;
      stop();
      clearTimeout(timer);
      resolve(event);
    });
    if (timeoutMs) timer = setTimeout(() => { stop(); resolve({ type: "timeout" }); }, timeoutMs);
  });
}

// Send a write through the outbox under a new op_id: first resolves with the outbox's first
// word on it (kept when there is no network), settled with the last (sent or rejected).
export async function write(request) {
  const opId = newOpId();
  const first = outcome(opId);
  const settled = outcome(opId, { untilSettled: true });
  await enqueue({ ...request, body: { ...request.body, op_id: opId } });
  return { opId, first, settled };
}

export function mountOutbox() {
  const pendingBox = $("[data-outbox-pending]");
  const attentionBox = $("[data-outbox-attention]");
  const mine = (item) => item.meta?.area === "judge";
  if (pendingBox) mountPending(pendingBox, mine);
  if (attentionBox) mountAttention(attentionBox, { filter: mine });
}
