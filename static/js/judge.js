// The judge console in the browser: the call-up queue, the ruling form with penalty
// suggestions, the irregularity guide's search and the head judge's appeal decisions.
//
// Every write goes through the outbox (./outbox.js): it gets an op_id, survives no network
// and a reload, and the server applies it exactly once. Each part below starts only when its
// element is on the page.

//
// Its parts are siblings: judge_common.js (clock, outbox writes), judge_desk.js (the queue,
// the guide, appeal decisions, the partials) and judge_ruling.js (the ruling form).

import { $, $$ } from "./dom.js";
import { mountOutbox } from "./judge_common.js";
import { initDecision, initGuide, initQueue } from "./judge_desk.js";
import { initRulingForm } from "./judge_ruling.js";

// ------------------------------------------------------------------ start

mountOutbox();
const queue = $("[data-queue]");
const rulingForm = $("[data-ruling-form]");
if (queue) initQueue(queue);
if (rulingForm) initRulingForm(rulingForm);
const guide = $("[data-guide]");
if (guide) initGuide(guide);
$$("[data-decide-form]").forEach(initDecision);
