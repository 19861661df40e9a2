// Every page: register the service worker, show the network state, theme toggle, and send
// what waits in the outbox (the module is shared with pages that import it too: one sender).
//
// What a page does not need to be read is started after its load event, so a phone on venue
// Wi-Fi does not wait for it (issue 31): the outbox here (pages that record import it
// themselves), and each part of the page marked data-after-load="<module>.js" (a table's
// "Call a judge", a player's appeals), whose forms keep a tap made before it arrives.

import { h, t, tParts } from "./dom.js";

// The saved theme is set before the first paint, by the page's first script (static/inline/hold.js).
const root = document.documentElement;

document.addEventListener("click", (event) => {
  if (!event.target.closest("[data-theme-toggle]")) return;
  const dark = root.dataset.theme
    ? root.dataset.theme === "dark"
    : matchMedia("(prefers-color-scheme: dark)").matches;
  root.dataset.theme = dark ? "light" : "dark";
  localStorage.setItem("judgeaid-theme", root.dataset.theme);
});

// A print button (the seating slips and lists, a player's schedule): the browser's print.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) print();
});

// Signing out also forgets the pages this phone kept for offline use.
document.addEventListener("submit", (event) => {
  if (event.target.matches("[data-logout]") && "caches" in window) caches.delete("pages");
});

// A refused page form says why where it was sent from: the server puts its message at the
// top of the page it sends the user back to, and here it moves next to the form the user
// tapped (the nth form with that action), in view. Without JavaScript it stays at the top.
const SENT = "judgeaid-form-sent";
const formsFor = (action) => [...document.forms].filter((form) => form.action === action);
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.method !== "post" || event.defaultPrevented) return;
  sessionStorage.setItem(SENT, JSON.stringify({ page: location.pathname, action: form.action,
                                                index: formsFor(form.action).indexOf(form) }));
});
function placeRefusal() {
  const sent = JSON.parse(sessionStorage.getItem(SENT) || "null");
  sessionStorage.removeItem(SENT);
  const refusal = document.querySelector(".flash-error");
  if (!sent || !refusal || sent.page !== location.pathname) return;
  const forms = formsFor(sent.action);
  const form = forms[sent.index] || forms[0];
  if (!form) return;
  refusal.dataset.testid = "form-refusal";
  form.closest("details")?.setAttribute("open", "");
  form.before(refusal);
  refusal.scrollIntoView({ block: "center" });
}
placeRefusal();

function showNetwork() {
  const banner = document.querySelector("[data-net-status]");
  if (!banner) return;
  banner.hidden = navigator.onLine;
  // the page's own words (a picker records nothing, so it promises nothing)
  banner.textContent = navigator.onLine ? "" : banner.dataset.offlineText;
  // the banner is fixed at the bottom: the page makes room so its last lines stay readable
  document.documentElement.classList.toggle("is-offline", !navigator.onLine);
}
addEventListener("online", showNetwork);
addEventListener("offline", showNetwork);
showNetwork();

// Signed out meanwhile: the writes wait on this phone until someone signs in again.
function signInNotice() {
  let notice = document.querySelector("[data-signin-notice]");
  if (!notice) {
    notice = h("p", { class: "flash flash-warning", hidden: true, role: "alert",
                      dataset: { signinNotice: "", testid: "signin-notice" } });
    document.getElementById("main")?.prepend(notice);
  }
  return notice;
}

async function showSignIn() {
  if ((await held()).length === 0) {
    document.querySelector("[data-signin-notice]")?.setAttribute("hidden", "");
    return;
  }
  // Everything waiting goes out in order behind the held write, so count it all.
  const count = (await pending()).length;
  const notice = signInNotice();
  // one sentence with the link in its place (word order differs between languages)
  const sentence = count === 1 ? t("1 change is waiting: {link} to send it.")
    : t("{count} changes are waiting: {link} to send them.", { count });
  const words = t("sign in again");
  const link = location.pathname === "/login" ? words : h("a", { text: words, dataset: { signinLink: "" },
    href: `/login?next=${encodeURIComponent(location.pathname + location.search)}` });
  notice.replaceChildren(...tParts(sentence, { link }));
  notice.hidden = false;
}

let held;
let pending;

// The modules the parts started after the load event need (judgeaid-after-load), or those
// parts import once used (judgeaid-keep), as the server lists them.
function afterLoadModules(list = "judgeaid-after-load") {
  if (!import.meta.resolve) return [];
  const names = document.querySelector(`meta[name=${list}]`)?.content.split(" ") ?? [];
  return names.filter((name) => /^[\w-]+\.js$/.test(name));
}

function afterLoad(start) {
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}

// A form in a part whose module has not arrived yet: the tap waits for it, then is sent.
// So does a tap on a button only its script answers (type="button"). The page's first script
// (static/inline/hold.js) holds them from before this module runs: the form with the button
// that sent it (one form may have two), each with the moment of the tap (data-held-at).
const { forms: waiting, taps: waitingTaps } = window.judgeaidHeld ?? { forms: new Map(), taps: new Set() };

// A part's script may draw the part again (the card does, from the data in the page): a held
// button no longer in the page is found again by its data attributes, with the tap's moment.
function drawnAgain(button, name) {
  if (button.isConnected) return button;
  const data = [...button.attributes]
    .filter((a) => a.name.startsWith("data-") && !a.name.startsWith("data-held-"));
  if (!data.length) return null;
  const same = data.map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
  const again = document.querySelector(`[data-after-load="${name}"] button${same}`);
  if (again) again.dataset.heldAt = button.dataset.heldAt;
  return again;
}

afterLoad(() => {
  import("./outbox.js").then((outbox) => {
    ({ held, pending } = outbox);
    outbox.subscribe(() => { showSignIn().catch(() => {}); });
    showSignIn().catch(() => {});
  });
  // every module those parts need, fetched together (the server lists them)
  for (const name of afterLoadModules()) {
    document.head.append(h("link", { rel: "modulepreload", href: import.meta.resolve(`./${name}`) }));
  }
  const parts = [...document.querySelectorAll("[data-after-load]")];
  const modules = new Set(parts.map((part) => part.dataset.afterLoad).filter((name) => /^[\w-]+\.js$/.test(name)));
  for (const name of modules) {
    import(`./${name}`).then(() => {
      for (const part of parts.filter((p) => p.dataset.afterLoad === name)) part.dataset.started = "true";
      const mine = (element) => element.closest(`[data-after-load="${name}"]`);
      for (const [form, submitter] of [...waiting].filter(([form]) => mine(form))) {
        waiting.delete(form);
        form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
      }
      for (const button of [...waitingTaps].filter((b) => b.dataset.heldIn === name)) {
        waitingTaps.delete(button);
        drawnAgain(button, name)?.click();
      }
    }).catch((error) => console.warn("not started:", name, error));
  }
});

// Service workers need a secure context (HTTPS or localhost); elsewhere the app still works online.
if ("serviceWorker" in navigator && window.isSecureContext) {
  const hadWorker = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
    console.warn("service worker not registered", error);
  });
  // A page opened before the worker took over was not kept: ask it to keep a copy now,
  // so a reload with no network still opens it (a phone's first visit to a card).
  if (!hadWorker) {
    const loaded = new Promise((resolve) => {
      if (document.readyState === "complete") resolve();
      else addEventListener("load", resolve, { once: true });
    });
    Promise.all([navigator.serviceWorker.ready, loaded]).then(([registration]) => {
      const assets = performance.getEntriesByType("resource").map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith("/static/"));
      // and what the page starts after its load event, which may still be on its way
      for (const name of [...afterLoadModules(), ...afterLoadModules("judgeaid-keep")]) {
        assets.push(import.meta.resolve(`./${name}`));
      }
      registration.active?.postMessage({ type: "keep-page", url: location.href, assets });
    }).catch(() => {});
  }
}
