// Print pages: slips show start times in this device's time zone.

// JavaScript's offset is minutes of UTC − local, as the slips PDF reads it.
for (const input of document.querySelectorAll("input[data-tz-offset]")) {
  input.value = String(new Date().getTimezoneOffset());
}
