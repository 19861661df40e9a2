// Every page: register the service worker, show the network state, theme toggle, and send
// what waits in the outbox (the module is shared with pages that import it too: one sender).

import { held, pending, subscribe } from "./outbox.js";
import { h, t, tParts } from "./dom.js";

const root = document.documentElement;
const savedTheme = localStorage.getItem("judgeaid-theme");
if (savedTheme) root.dataset.theme = savedTheme;

document.addEventListener("click", (event) => {
  if (!event.target.closest("[data-theme-toggle]")) return;
  const dark = root.dataset.theme
    ? root.dataset.theme === "dark"
    : matchMedia("(prefers-color-scheme: dark)").matches;
  root.dataset.theme = dark ? "light" : "dark";
  localStorage.setItem("judgeaid-theme", root.dataset.theme);
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
subscribe(() => { showSignIn().catch(() => {}); });
showSignIn().catch(() => {});

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
      registration.active?.postMessage({ type: "keep-page", url: location.href, assets });
    }).catch(() => {});
  }
}
