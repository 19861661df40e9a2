// The event's ruleset in the browser: its words, what it can do, and its scoring mirror.
//
// Scripts never ask which ruleset they serve. The JSON a page already loads carries the
// ruleset's view (judgeaid/wording.py: script_view): {code, words, can}, where `words` holds
// the js.* texts a script draws (whole sentences with {name} placeholders) and `can` the
// capabilities (judgeaid/rules/capabilities.py). The scoring mirror is the module the view
// names (can.mirror), imported the first time a page needs it.

const mirrors = new Map(); // module file -> the promise of its import

/** Fill a text's {name} placeholders (as Python's str.format does for plain names). */
export function format(text, values = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/**
 * Return a ruleset's view as the scripts use it: `say(key, values)` for its words (a missing
 * key says its own name, so a gap shows on the page and in the tests, never a wrong rule),
 * `can` for its capabilities, and `hasWords(key)` to ask whether it has a text at all.
 */
export function ruleset(view) {
  const words = view?.words || {};
  return {
    code: view?.code ?? null,
    can: view?.can || {},
    words,
    say: (key, values = {}) => (key in words ? format(words[key], values) : key),
    hasWords: (key) => Boolean(words[key]),
  };
}

/** Return the ruleset's scoring mirror (its module under static/js), or null where it has none. */
export function mirror(view) {
  const file = view?.can?.mirror;
  if (!file) return Promise.resolve(null);
  if (!mirrors.has(file)) mirrors.set(file, import(new URL(file, import.meta.url).href));
  return mirrors.get(file);
}

/**
 * Split a hand with the mirror's payoff: the request keeps only the fields that mirror's
 * payoff reads (its REQUEST_KEYS), so one request serves every ruleset.
 */
export function payoff(scoring, request) {
  const keys = scoring.REQUEST_KEYS || Object.keys(request);
  return scoring.payoff(Object.fromEntries(Object.entries(request).filter(([key]) => keys.includes(key))));
}
