import { t } from "./dom.js";

// Find a player in a list by name or number, ignoring case and accents: "Lucia" finds Lucía,
// "Zoe" finds Zoë, "lee" finds LEE; Traditional and Simplified characters are one (陳 finds 陈
// and back, judgeaid/hanzi.py folds the same way). Used by the standings pages and the
// organizer's desk.
//
// <input type="search" data-find="#list"> filters the children of #list (or, for a table,
// its tbody's rows) that carry data-name and data-number.
//
// The Traditional-Simplified table (hanzi.js, the page's largest file) loads after the page
// when the list holds Chinese names, else once the search box is used: a page opened from a
// QR code on venue Wi-Fi does not wait for it.

let simplified = null; // Traditional -> Simplified, once hanzi.js is here
let loading = null;

/** Load the Traditional-Simplified table (once); resolves when simplify() uses it. */
export function loadTable() {
  loading ??= import("./hanzi.js").then(({ PAIRS }) => {
    const table = new Map();
    for (let i = 0; i < PAIRS.length; i += 2) table.set(PAIRS[i], PAIRS[i + 1]);
    simplified = table;
  });
  return loading;
}

/** Return text with each Traditional character written as its Simplified one (as it is
 * until the table has loaded: loadTable()). */
export function simplify(text) {
  if (simplified === null) return text;
  return Array.from(text, (c) => simplified.get(c) ?? c).join("");
}

/** Return text without accents, in lower case, in Simplified characters: the form two names
 * are compared in. */
export function fold(text) {
  return simplify(String(text ?? "").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim());
}

/** Say whether an item (data-name, data-number) answers the words typed. */
export function matches(item, typed) {
  const needle = fold(typed);
  if (!needle) return true;
  return fold(item.dataset.name).includes(needle) || item.dataset.number === needle;
}

/** Filter list's items as the input is typed into; the count found goes to [data-find-count]. */
export function mountFind(input, list) {
  const items = () => [...(list.tBodies?.[0] ?? list).children].filter((e) => e.dataset.name !== undefined);
  const count = document.querySelector(`[data-find-count="${input.id}"]`);
  const apply = () => {
    let shown = 0;
    for (const item of items()) {
      item.hidden = !matches(item, input.value);
      if (!item.hidden) shown += 1;
    }
    if (count) count.textContent = input.value.trim() ? t("{n} found", { n: shown }) : "";
  };
  // the table arrives while the first letters are typed; the list is filtered again with it
  const withTable = () => { loadTable().then(apply).catch(() => {}); };
  input.addEventListener("focus", withTable, { once: true });
  input.addEventListener("input", () => {
    apply();
    if (simplified === null) withTable();
  });
  apply();
  // a list with Chinese names gets the table once the page has loaded, before anyone types
  const han = items().some((item) => /\p{Script=Han}/u.test(item.dataset.name));
  if (input.value.trim()) withTable();
  else if (han) {
    if (document.readyState === "complete") withTable();
    else addEventListener("load", withTable, { once: true });
  }
}

for (const input of document.querySelectorAll("[data-find]")) {
  const list = document.querySelector(input.dataset.find);
  if (list) mountFind(input, list);
}
