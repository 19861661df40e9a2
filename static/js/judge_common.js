// What every part of the judge console shares: the venue's clock and the outbox's boxes.
// (Writes that tell the form how they went are outbox.js's write() and outcome().)

import { mountAttention, mountPending } from "./outbox.js";
import { $, venueTime } from "./dom.js";

// ------------------------------------------------------------------ clock and times

// The venue's clock, not this phone's: the server renders the same (|venue_time).
export function clockTime(value) {
  return venueTime(value);
}

export function mountOutbox() {
  const pendingBox = $("[data-outbox-pending]");
  const attentionBox = $("[data-outbox-attention]");
  const mine = (item) => item.meta?.area === "judge";
  if (pendingBox) mountPending(pendingBox, mine);
  if (attentionBox) mountAttention(attentionBox, { filter: mine });
}
