// Seating pages: show UTC times in the reader's local time, send the local offset with forms.

const pad = (n) => String(n).padStart(2, "0");

// <time datetime="...Z" data-local-time> shows the moment as local weekday and clock time.
for (const el of document.querySelectorAll("time[data-local-time]")) {
  const moment = new Date(el.dateTime);
  if (Number.isNaN(moment.getTime())) continue;
  el.textContent = moment.toLocaleString([], {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
  });
}

// A start-time form holds UTC; the organizer edits local time, and the offset goes along.
for (const form of document.querySelectorAll("form[data-local-form]")) {
  const input = form.querySelector("input[type=datetime-local]");
  const offset = form.querySelector("input[name=tz_offset]");
  if (input && input.value) {
    const moment = new Date(`${input.value}:00Z`);
    if (!Number.isNaN(moment.getTime())) {
      input.value = `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-` +
        `${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
    }
  }
  const note = form.querySelector("[data-zone]");
  if (note) note.textContent = "(your local time)";
  form.addEventListener("submit", () => {
    const local = input && input.value ? new Date(input.value) : new Date();
    offset.value = String(local.getTimezoneOffset());
  });
}

for (const button of document.querySelectorAll("[data-print]")) {
  button.addEventListener("click", () => print());
}
