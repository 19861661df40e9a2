// Standings pages: find a player in a long list; file a score check from the player's page.

import { h, newOpId, t } from "./dom.js";
import { mountFind } from "./find.js";

const filter = document.querySelector("[data-standings-filter]");
const list = document.querySelector("[data-standings-list]");
if (filter && list) mountFind(filter, list);

// The player's page link is their credential: the score check goes to the JSON API with it
// in the X-Player-Token header. Without JavaScript the form posts normally.
for (const form of document.querySelectorAll("[data-score-check]")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = form.querySelector("[data-form-error]");
    const button = form.querySelector("button[type=submit]");
    const data = new FormData(form);
    error.textContent = "";
    button.disabled = true;
    try {
      const response = await fetch(form.dataset.api, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Player-Token": form.dataset.token },
        body: JSON.stringify({
          session: Number(data.get("session")),
          message: data.get("message"),
          op_id: data.get("op_id"),
        }),
      });
      const body = await response.json();
      if (!response.ok) throw new Error(body.message || t("The request was refused."));
      form.parentElement.querySelector("[data-score-checks]").append(h("li",
        { text: t("Session {session}: “{message}” — waiting for the organizer",
          { session: body.score_check.session, message: body.score_check.message }) }));
      form.reset();
      form.querySelector("[name=op_id]").value = newOpId();
    } catch (failure) {
      error.textContent = failure.message === "Failed to fetch"
        ? t("No connection: try again when you are back online.")
        : failure.message;
    } finally {
      button.disabled = false;
    }
  });
}
