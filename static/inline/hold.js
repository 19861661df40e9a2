// The first script of every page, carried in the page and run before anything is drawn (its
// hash is in the pages' Content-Security-Policy; judgeaid.assets.inline_script).
//
// A page is drawn before its modules have run: its styles come inline and its scripts after
// (issue 31). Until app.js runs, this keeps what a module would miss:
// - the theme this phone chose, set before the first paint (no flash of the other one);
// - a tap on a part of the page whose script has not started (data-after-load): a form sent
//   and the button that sent it, or a button only its script answers (type="button"), each
//   with the moment of the tap (data-held-at, read by dom.js tapDelay). app.js takes what is
//   held here (window.judgeaidHeld) and answers it when the part's script starts.
(() => {
  const root = document.documentElement;
  try {
    const theme = localStorage.getItem("judgeaid-theme");
    if (theme) root.dataset.theme = theme;
  } catch (error) {
    // storage refused (a private window, a blocked site): the default theme
  }
  const held = { forms: new Map(), taps: new Set() };
  window.judgeaidHeld = held;
  const unstarted = (element) => {
    const part = element && element.closest && element.closest("[data-after-load]");
    return part && !part.dataset.started ? part : null;
  };
  const heldNow = (element) => {
    if (!element.dataset.heldAt) element.dataset.heldAt = String(performance.now());
  };
  document.addEventListener("submit", (event) => {
    if (!unstarted(event.target)) return;
    event.preventDefault();
    held.forms.set(event.target, event.submitter || null);
    heldNow(event.submitter || event.target);
  }, true);
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button[type=button]");
    const part = unstarted(button);
    if (!part || button.matches("[data-print], [data-theme-toggle]")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // the part it was tapped in (data-held-in): its script may draw the part again
    button.dataset.heldIn = part.dataset.afterLoad;
    held.taps.add(button);
    heldNow(button);
  }, true);
})();
