// Every page: register the service worker, show the network state, theme toggle.

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

function showNetwork() {
  const banner = document.querySelector("[data-net-status]");
  if (!banner) return;
  banner.hidden = navigator.onLine;
  banner.textContent = navigator.onLine ? "" : "Offline: what you record is kept on this phone and sent later.";
}
addEventListener("online", showNetwork);
addEventListener("offline", showNetwork);
showNetwork();

// Service workers need a secure context (HTTPS or localhost); elsewhere the app still works online.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
    console.warn("service worker not registered", error);
  });
}
