// A judge's clock: turns timed against the ruleset's play limits, charging nothing.
//
// Where the rules set play limits but no price by the clock (the timer's view has `fouls`),
// a turn over its limit only says so; the judge records the foul the page offers, priced by
// the rubric's suggestion, and a call too late to time by tapping is one tap. limitWatch()
// mirrors judgeaid.rules.mcr.timing.round_time line by line.

import { $ } from "./dom.js";

/**
 * Return a player's turns against their limits: the turn starting at the deal has
 * limits.deal_turn_s, every other limits.turn_s; over means strictly more than the limit.
 */
export function limitWatch(turns, limits, dealtAtMs, nowMs) {
  const watched = [];
  let limitIn = null;
  turns.forEach(([start, end], index) => {
    if (end === null && index !== turns.length - 1) throw new Error("only the last turn may run");
    const stop = end === null ? nowMs : end;
    const isDeal = start === dealtAtMs && limits.deal_turn_s !== null && limits.deal_turn_s !== undefined;
    const limit = (isDeal ? limits.deal_turn_s : limits.turn_s) * 1000;
    const counted = stop - start;
    watched.push({ start, end, counted, limit, isOver: counted > limit, isDeal, points: 0 });
    if (end === null && counted <= limit) limitIn = limit - counted + 1;
  });
  return {
    turns: watched, overTurns: watched.filter((t) => t.isOver).length,
    usedMs: watched.reduce((sum, t) => sum + t.counted, 0), limitInMs: limitIn,
    turnPoints: 0, bankPoints: 0, totalPoints: 0, bankLeftMs: null, nextPenaltyInMs: null,
    isResignation: false, isResignationWarning: false,
  };
}

/** The foul buttons of a judge's clock: `send(foul)` queues one, `state()` says where it stands. */
export function mountFouls(root, rules, { fouls, name, send }) {
  const box = $("[data-timer-fouls]", root);
  const limitButton = $("[data-testid=timer-record-limit]", box);
  const lateButton = $("[data-testid=timer-late-call]", box);
  const done = $("[data-testid=timer-foul-done]", box);
  let current = fouls;
  let lastLate = 0;
  limitButton.addEventListener("click", () => send("limit"));
  lateButton.addEventListener("click", () => {
    // one tap is one call: a bounce of the finger is not a second foul
    const now = Date.now();
    if (now - lastLate < 800) return;
    lastLate = now;
    send("late_call");
  });
  return {
    adopt(next) {
      if (next) current = next;
    },
    recorded(foul) {
      done.hidden = false;
      done.textContent = rules.say("js.timer.foul_recorded", { label: foul.label, name });
    },
    render({ overTurns, status }) {
      const limitText = rules.say("js.timer.record_limit",
        { label: current.limit.suggestion.label });
      if (limitButton.textContent !== limitText) limitButton.textContent = limitText;
      limitButton.disabled = overTurns === 0 || status === "converted" || status === "converting";
      limitButton.hidden = status === "converted";
      const lateText = rules.say("js.timer.late_call", { label: current.late_call.suggestion.label });
      if (lateButton.textContent !== lateText) lateButton.textContent = lateText;
    },
  };
}
