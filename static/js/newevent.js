// The new-tournament form: only the chosen ruleset's formats are offered (without this
// module every format shows, and the server refuses one from the other ruleset).

import { $, $$ } from "./dom.js";

const choice = $("[data-ruleset-choice]");

function offer() {
  const ruleset = $("input[name=ruleset]:checked", choice)?.value;
  for (const group of $$("[data-formats-for]")) {
    const isChosen = group.dataset.formatsFor === ruleset;
    group.hidden = !isChosen;
    for (const input of $$("input", group)) input.disabled = !isChosen;
    if (isChosen && !$("input:checked", group)) {
      const start = $(`input[value="${group.dataset.defaultFormat}"]`, group) || $("input", group);
      if (start) start.checked = true;
    }
  }
}

if (choice) {
  choice.addEventListener("change", offer);
  offer();
}
