// The new-tournament form: only the chosen ruleset's formats and options are offered
// (without this module every ruleset's show, and the server refuses a format from another
// ruleset). Each ruleset's own groups carry data-formats-for or data-options-for="<code>".

import { $, $$ } from "./dom.js";

const choice = $("[data-ruleset-choice]");

function offer() {
  const ruleset = $("input[name=ruleset]:checked", choice)?.value;
  for (const group of $$("[data-formats-for], [data-options-for]")) {
    const isChosen = (group.dataset.formatsFor ?? group.dataset.optionsFor) === ruleset;
    group.hidden = !isChosen;
    for (const input of $$("input, select", group)) input.disabled = !isChosen;
    if (isChosen && group.dataset.formatsFor !== undefined && !$("input:checked", group)) {
      const start = $(`input[value="${group.dataset.defaultFormat}"]`, group) || $("input", group);
      if (start) start.checked = true;
    }
  }
}

if (choice) {
  choice.addEventListener("change", offer);
  offer();
}
