// Seating pages: times arrive already on the venue's clock (the server writes them in the
// tournament's time zone), so nothing here converts them; only the print buttons.

for (const button of document.querySelectorAll("[data-print]")) {
  button.addEventListener("click", () => print());
}
