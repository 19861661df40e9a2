// The prize-giving reveal on the projector (issue 30): the awards, then the places from N up
// to 1, one step per tap or key. Every word comes embedded in the page, so once it is loaded
// the reveal needs no network.

const data = JSON.parse(document.getElementById("reveal-page").textContent);
const stage = document.querySelector("[data-testid=reveal-stage]");
const current = document.querySelector("[data-testid=reveal-current]");
const shown = document.querySelector("[data-testid=reveal-shown]");
const hint = document.querySelector("[data-testid=reveal-hint]");
let step = 0;

function block(item) {
  const section = document.createElement("div");
  section.className = `reveal-item reveal-${item.kind}`;
  const title = document.createElement("h2");
  title.textContent = item.title;
  section.append(title);
  for (const line of item.lines) {
    const p = document.createElement("p");
    p.textContent = line;
    section.append(p);
  }
  return section;
}

function draw() {
  current.replaceChildren();
  shown.replaceChildren();
  if (step > 0) {
    const item = data.steps[step - 1];
    current.append(block(item));
    current.dataset.kind = item.kind;
    // the places shown so far, below the one just revealed (the awards are not repeated)
    for (const earlier of data.steps.slice(0, step - 1).reverse()) {
      if (earlier.kind !== "place") continue;
      const li = document.createElement("li");
      li.textContent = `${earlier.title} · ${earlier.lines.join(" · ")}`;
      shown.append(li);
    }
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
  if (event.key === " " || event.key === "ArrowRight" || event.key === "Enter" || event.key === "PageDown") {
    event.preventDefault();
    next();
  } else if (event.key === "ArrowLeft" || event.key === "PageUp") {
    event.preventDefault();
    back();
  }
});
draw();
stage.focus();
