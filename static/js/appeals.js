// A player's rulings and appeals on their own page (templates/players/_appeals.html): the
// appeal goes through the outbox with the page's token as X-Player-Token. app.js starts this
// module after the page's load event (data-after-load).

import { dismiss, write } from "./outbox.js";
import { $, $$, h, t } from "./dom.js";

export function initAppeals(section) {
  const match = location.pathname.match(/^\/p\/([^/]+)/);
  const token = match ? decodeURIComponent(match[1]) : section.dataset.playerToken;
  for (const form of $$("[data-appeal-form]", section)) {
    const error = $("[data-form-error]", form);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      const text = form.elements.text.value.trim();
      if (!text) { error.textContent = t("Write why you disagree with the ruling."); return; }
      const button = $("button[type=submit]", form);
      button.disabled = true;
      const { opId, first, settled } = await write({ url: section.dataset.api,
        body: { ruling_id: Number(form.dataset.rulingId), text }, headers: { "X-Player-Token": token },
        label: t("Appeal"), meta: { area: "appeal" } });
      if ((await first).type === "kept") error.textContent = t("No network: your appeal is kept on this phone and sent when it is back online.");
      const result = await settled;
      if (result.type === "sent") {
        form.replaceWith(h("p", { class: "callout", text: t("Appeal sent. The head judge decides; the decision will show here.") }));
      } else {
        error.textContent = t("Not sent: {message}", { message: result.item.message });
        dismiss(opId);
        button.disabled = false;
      }
    });
  }
}

$$("[data-appeals]").forEach(initAppeals);
