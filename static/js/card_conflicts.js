// The conflict banner: each round this phone sent that someone else had written first, who
// wrote what, and the choice of which line stands.

import { dismiss } from "./outbox.js";
import { $, h, t } from "./dom.js";
import { actorWords, card, hooks, isJudge, isRoundConflict, lineWords, queue, say } from "./card_state.js";

/** Show each round this phone sent that someone else had written first: who wrote what. */
export function renderConflicts() {
  const section = $("[data-testid=card-conflicts]");
  const conflicts = queue.filter(isRoundConflict);
  section.hidden = conflicts.length === 0;
  if (!conflicts.length) {
    section.replaceChildren();
    return;
  }
  section.replaceChildren(h("h2", { text: say(conflicts.length === 1 ? "js.card.conflict_title_one" : "js.card.conflict_title_many") }),
    ...conflicts.map((item) => {
      // The line that stands: the newer of the card as this page holds it and the line the
      // server sent with the refusal (the page may not have fetched the card since).
      const held = card.rounds[item.meta.round - 1];
      const sent = item.details?.[0]?.current;
      const r = sent && (!held.recorded || (sent.revision ?? 0) > (held.revision ?? 0))
        ? { ...sent, recorded: true } : held;
      const theirs = r.recorded
        ? say(r.revision > 1 ? "js.card.conflict_corrected" : "js.card.conflict_recorded",
          { who: actorWords(r.recorded_by), round: item.meta.round, line: lineWords(r) })
        : item.message;
      const keep = h("button", { type: "button", class: "button small", "data-keep-theirs": item.op_id,
        text: isJudge ? t("Keep theirs") : t("Let mine go") });
      keep.addEventListener("click", () => dismiss(item.op_id));
      const actions = [keep];
      if (isJudge) {
        const fix = h("button", { type: "button", class: "button small", text: t("Correct it to yours") });
        fix.addEventListener("click", () => hooks.openRound(item.meta.round, item.body, item.op_id));
        actions.push(fix);
      }
      return h("article", { class: "conflict", "data-conflict": item.op_id, "data-round": item.meta.round },
        h("p", { text: theirs }),
        h("p", { text: item.body.correction ? t("Your correction: {line}.", { line: lineWords(item.body) })
          : t("You entered: {line}.", { line: lineWords(item.body) }) }),
        r.recorded ? h("p", { text: isJudge ? t("Choose which one stands.") : t("A judge decides which one stands.") }) : null,
        h("p", { class: "attention-actions" }, actions));
    }));
}
