// The words scripts draw, in the page's language (issue 29).
//
// `t("Hand {n}", {n: 3})` returns the page's translation of the English text, its `{name}`
// placeholders filled in; `tc(context, text, values)` the same for a message with a context.
// The page carries its language's messages as JSON (<script id="js-messages">, rendered with
// the page, so it works offline wherever the page does); English pages carry none.

let messages = null;

function catalogue() {
  if (messages === null) {
    const node = typeof document === "undefined" ? null : document.getElementById("js-messages");
    try {
      messages = node ? JSON.parse(node.textContent) : {};
    } catch {
      messages = {};
    }
  }
  return messages;
}

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The translation of an English message, with its placeholders filled in. */
export function t(text, values) {
  return fill(catalogue()[text] || text, values);
}

/** The translation of a message with a context (a ruleset's code, say). */
export function tc(context, text, values) {
  return fill(catalogue()[`${context}\u0004${text}`] || text, values);
}

/** The page's language tag (`en`, `zh-Hant`, `zh-Hans`). */
export function pageLang() {
  return (typeof document !== "undefined" && document.documentElement.lang) || "en";
}

/**
 * A translated sentence as parts to append: its `{name}` placeholders given as nodes in
 * `nodes` (a link, say) stand in their place, wherever the language puts them.
 */
export function tParts(text, nodes) {
  return text.split(/(\{\w+\})/).filter((part) => part !== "")
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name && name in nodes ? nodes[name] : part;
    });
}

/**
 * The address under which this phone keeps a copy of `url` in the page's language, as the
 * service worker keeps it (templates/sw.js keyFor): English under the plain URL, another
 * language with ?lang=<tag>.
 */
export function keptUrl(url, lang = pageLang()) {
  const key = new URL(url, location.origin);
  key.hash = "";
  key.searchParams.delete("lang");
  if (lang !== "en") key.searchParams.set("lang", lang);
  return key.href;
}
