// The prize-giving reveal on the projector (issue 30): the awards, then the places from N up
// to 1, one step per tap or key. Every word comes embedded in the page, so once it is loaded
// the reveal needs no network.

import { $, h } from "./dom.js";

const data = JSON.parse($("#reveal-page").textContent);
const stage = $("[data-testid=reveal-stage]");
const current = $("[data-testid=reveal-current]");
const shown = $("[data-testid=reveal-shown]");
const hint = $("[data-testid=reveal-hint]");
let step = 0;

function block(item) {
  return h("div", { class: `reveal-item reveal-${item.kind}` }, h("h2", { text: item.title }),
    item.lines.map((line) => h("p", { text: line })));
}

function draw() {
  current.replaceChildren();
  shown.replaceChildren();
  if (step > 0) {
    const item = data.steps[step - 1];
    current.append(block(item));
    current.dataset.kind = item.kind;
    // the places shown so far, below the one just revealed (the awards are not repeated)
    const earlier = data.steps.slice(0, step - 1).filter((s) => s.kind === "place").reverse();
    shown.append(...earlier.map((s) => h("li", { text: `${s.title} · ${s.lines.join(" · ")}` })));
  }
  hint.textContent = step >= data.steps.length ? data.words.done : `${data.words.begin} ${data.words.back}`;
  stage.dataset.step = String(step);
}

function next() {
  if (step < data.steps.length) step += 1;
  draw();
}

function back() {
  if (step > 0) step -= 1;
  draw();
}

stage.addEventListener("click", next);
document.addEventListener("keydown", (event) => {
  if (event.target.closest("form")) return;
  if ([" ", "ArrowRight", "Enter", "PageDown"].includes(event.key)) {
    event.preventDefault();
    next();
  } else if (["ArrowLeft", "PageUp"].includes(event.key)) {
    event.preventDefault();
    back();
  }
});
draw();
stage.focus();
