// Zung Jung v3.3 hand counting (ZJM §2.2) and payoff (§2.3) for the browser, offline.
//
// This is a line-for-line mirror of judgeaid/rules/zj/hand.py and payoff.py. The rule
// tables and message templates are not repeated here: they arrive in the catalogue JSON
// (catalogue_json() in Python), so both sides score from the same data. One shared table of
// cases (tests/zj_cases.json) runs against both.
//
// scoreHand(catalogue, patterns) -> {value, limit, lines, warnings, errors, offers}
//   lines include the patterns a ticked one always brings, marked implied_by (§2.4 3.2.1 ...);
//   throws MalformedHand (err.code as in hand.py) for input the server would answer 400.
// impliedLabel(catalogue, line) -> "included with 3.2.1 Small Three Dragons (§2.4 3.2.1)"
//   or "" for a line that stands as ticked.
// payoff(request) -> {deltas, responsible}
//   throws MalformedPayoff for input the server would answer 400.

/** Payoff constants; tests check they equal catalogue.rules.payoff. */
export const PAYOFF = Object.freeze({
  threshold: 25,
  seats: Object.freeze(["E", "S", "W", "N"]),
  wins: Object.freeze(["self", "discard", "draw"]),
  schemes: Object.freeze(["formal", "uniform"]),
});

export const REQUEST_KEYS = ["value", "win", "winner", "discarder", "same_turn", "scheme"];
// The hand in a picker link (#p=4.2.3,3.1*2 or #v=70): the card reads and writes these.
export const FRAGMENT = Object.freeze({ ticks: "p", typed: "v", flowers: null, flower: null });
const TOKEN = /\{(\w+)\}/g;
const indexes = new WeakMap();

export class MalformedHand extends Error {
  constructor(code, message) {
    super(message);
    this.name = "MalformedHand";
    this.code = code;
  }
}

export class MalformedPayoff extends Error {
  constructor(message) {
    super(message);
    this.name = "MalformedPayoff";
  }
}

/** Score the ticked patterns by the counting rules of §2.2. */
export function scoreHand(catalogue, patterns) {
  const index = indexFor(catalogue);
  const ticked = read(index, patterns);
  if (ticked.size === 0) {
    const chicken = index.rules.chicken;
    return {
      value: chicken.value,
      limit: null,
      lines: [
        {
          id: chicken.id, name: chicken.name, count: 1, points: chicken.value, is_counted: true,
          implied_by: null,
        },
      ],
      warnings: [],
      errors: [],
      offers: [],
    };
  }
  const implied = findImplied(index, ticked);
  const { value, limit, lines } = count(index, ticked, implied);
  const errors = findErrors(index, ticked);
  const warnings = findWarnings(index, ticked, errors);
  const offers = findOffers(index, ticked, lines);
  return { value, limit, lines, warnings, errors, offers };
}

/** Say which ticked pattern brings a line, with its section; "" for a ticked line. */
export function impliedLabel(catalogue, line) {
  if (!line.implied_by) return "";
  const index = indexFor(catalogue);
  const rule = index.rules.implied.find((r) => r.trigger === line.implied_by && r.add === line.id);
  return fill(index, "implied_line", {
    trigger: label(index.byId.get(line.implied_by)),
    section: rule ? rule.section : "",
  });
}

/** Compute each seat's delta for a round from an /api/zj/payoff request body. */
export function payoff(request) {
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    throw new MalformedPayoff("The payoff request must be an object.");
  }
  const unknown = Object.keys(request).filter((key) => !REQUEST_KEYS.includes(key)).sort();
  if (unknown.length) {
    throw new MalformedPayoff(`Unknown field(s) in the payoff request: ${unknown.join(", ")}.`);
  }
  if (!("win" in request)) throw new MalformedPayoff("The payoff request needs 'win'.");
  const { value, win, winner, discarder } = request;
  const sameTurn = request.same_turn;
  const scheme = request.scheme || "formal";

  if (!PAYOFF.schemes.includes(scheme)) {
    throw new MalformedPayoff(`Unknown payoff scheme '${scheme}'; use 'formal' or 'uniform'.`);
  }
  if (!PAYOFF.wins.includes(win)) {
    throw new MalformedPayoff(`Unknown kind of win '${win}'; use 'self', 'discard' or 'draw'.`);
  }
  if (win === "draw") {
    // §1.6 no win, no payment
    return { deltas: Object.fromEntries(PAYOFF.seats.map((seat) => [seat, 0])), responsible: null };
  }
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw new MalformedPayoff("The hand value must be a whole number of at least 1.");
  }
  checkSeat(winner, "winner");
  if (win === "self") {
    if (discarder != null) throw new MalformedPayoff("A self-drawn win has no discarder.");
    if (Array.isArray(sameTurn) ? sameTurn.length > 0 : Boolean(sameTurn)) {
      throw new MalformedPayoff("A self-drawn win has no same-turn discards.");
    }
    return split(value, winner, null); // §2.3 everybody pays for self-draw
  }
  const chain = sameTurnChain(winner, discarder, sameTurn);
  // §2.3 same-turn immunity: the first to discard the tile in this turn is responsible,
  // unless that was the winner, in which case nobody is.
  const responsible = chain[0] === winner ? null : chain[0];
  if (scheme === "uniform") return split(value, winner, null);
  return split(value, winner, responsible);
}

function indexFor(catalogue) {
  let index = indexes.get(catalogue);
  if (index) return index;
  const byId = new Map();
  const order = new Map();
  catalogue.patterns.forEach((pattern, position) => {
    byId.set(pattern.id, pattern);
    order.set(pattern.id, position);
  });
  index = { byId, order, rules: catalogue.rules, messages: catalogue.rules.messages };
  indexes.set(catalogue, index);
  return index;
}

function read(index, patterns) {
  if (patterns === null || typeof patterns !== "object" || Array.isArray(patterns)) {
    throw new MalformedHand("not_a_mapping", index.messages.not_a_mapping);
  }
  const found = [];
  for (const [id, count] of Object.entries(patterns)) {
    const pattern = index.byId.get(id);
    if (!pattern) throw malformed(index, "unknown_pattern", { id });
    if (typeof count !== "number" || !Number.isInteger(count)) {
      throw malformed(index, "bad_count", { id });
    }
    if (count < 0) throw malformed(index, "negative_count", { id });
    if (count > pattern.max_count) {
      throw malformed(index, "count_too_high", { id, max: String(pattern.max_count) });
    }
    if (count) found.push([id, count]);
  }
  found.sort((x, y) => index.order.get(x[0]) - index.order.get(y[0]));
  return new Map(found);
}

function findImplied(index, ticked) {
  // Pattern id -> [count, trigger] for what the ticked patterns always bring and do not
  // already hold; the first rule to reach the highest count names the trigger.
  const implied = new Map();
  for (const rule of index.rules.implied) {
    if (!ticked.has(rule.trigger) || wouldBreakRules(index, ticked, rule.add)) continue;
    const have = Math.max(ticked.get(rule.add) || 0, (implied.get(rule.add) || [0])[0]);
    if (rule.count > have) implied.set(rule.add, [rule.count, rule.trigger]);
  }
  return implied;
}

function count(index, ticked, implied) {
  const counts = new Map(ticked);
  for (const [id, [n]] of implied) counts.set(id, n);
  const ids = [...counts.keys()].sort((x, y) => index.order.get(x) - index.order.get(y));
  // §2.2 listed limit: only the single highest listed pattern scores; ties keep list order.
  let top = null;
  for (const id of ids) {
    const pattern = index.byId.get(id);
    if (pattern.is_listed_limit && (top === null || pattern.value > top.value)) top = pattern;
  }
  const lines = [];
  for (const id of ids) {
    const pattern = index.byId.get(id);
    const n = counts.get(id);
    lines.push({
      id,
      name: pattern.name,
      count: n,
      points: pattern.value * n,
      is_counted: top === null || id === top.id,
      implied_by: implied.has(id) ? implied.get(id)[1] : null,
    });
  }
  if (top !== null) return { value: top.value, limit: "listed", lines };
  const total = lines.reduce((sum, line) => sum + line.points, 0);
  const limit = index.rules.limit;
  if (total >= limit) return { value: limit, limit: "compound", lines }; // §2.2 compound limit
  return { value: total, limit: null, lines };
}

function findErrors(index, ticked) {
  const errors = [];
  const bySeries = new Map();
  for (const id of ticked.keys()) {
    const pattern = index.byId.get(id);
    if (!bySeries.has(pattern.series)) bySeries.set(pattern.series, []);
    bySeries.get(pattern.series).push(pattern);
  }
  for (const [series, members] of bySeries) {
    if (members.length > 1) {
      // §2.2 one pattern per series
      const names = members.map(label).join(", ");
      const section = index.rules.same_series_section;
      errors.push({
        code: "same_series",
        message: fill(index, "same_series", { series, names, section }),
        patterns: members.map((p) => p.id),
        section,
      });
    }
  }
  for (const rule of index.rules.exclusions) {
    for (const a of rule.a) {
      for (const b of rule.b) {
        if (ticked.has(a) && ticked.has(b)) {
          const message = fillText(rule.message, {
            a: label(index.byId.get(a)),
            b: label(index.byId.get(b)),
          });
          errors.push({ code: rule.code, message, patterns: [a, b], section: rule.section });
        }
      }
    }
  }
  return errors;
}

function findWarnings(index, ticked, errors) {
  // A pair already reported as an error, or by an earlier table entry, is not repeated.
  const seen = new Set();
  for (const issue of errors) {
    if (issue.patterns.length === 2) seen.add(pairKey(issue.patterns[0], issue.patterns[1]));
  }
  const warnings = [];
  for (const rule of index.rules.incompatibilities) {
    for (const a of rule.a) {
      if ((ticked.get(a) || 0) < rule.a_min) continue;
      for (const b of rule.b) {
        const key = pairKey(a, b);
        if (b === a || !ticked.has(b) || seen.has(key)) continue;
        seen.add(key);
        const message = fillPair(index, rule.code, a, b, {
          count: String(ticked.get(a)),
          max: String(rule.a_min - 1),
          section: rule.section,
        });
        warnings.push({ code: rule.code, message, patterns: [a, b], section: rule.section });
      }
    }
  }
  return warnings;
}

function findOffers(index, ticked, lines) {
  // Offered only when the hand does not already score it, ticked or included.
  const held = new Map(lines.map((line) => [line.id, line.count]));
  const offers = [];
  for (const rule of index.rules.companions) {
    if (!ticked.has(rule.trigger) || (held.get(rule.add) || 0) >= rule.count) continue;
    if (wouldBreakRules(index, ticked, rule.add)) continue;
    held.set(rule.add, rule.count);
    offers.push({
      code: rule.code,
      message: fillPair(index, rule.code, rule.trigger, rule.add, {
        min: String(rule.count),
        section: rule.section,
      }),
      patterns: [rule.trigger, rule.add],
      section: rule.section,
      add: { pattern: rule.add, count: rule.count },
    });
  }
  return offers;
}

function wouldBreakRules(index, ticked, add) {
  const series = index.byId.get(add).series;
  for (const id of ticked.keys()) {
    if (id !== add && index.byId.get(id).series === series) return true;
  }
  return index.rules.exclusions.some(
    (rule) =>
      (rule.a.includes(add) && rule.b.some((b) => ticked.has(b))) ||
      (rule.b.includes(add) && rule.a.some((a) => ticked.has(a))),
  );
}

function pairKey(a, b) {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function label(pattern) {
  return `${pattern.id} ${pattern.name}`;
}

function fillPair(index, code, a, b, params) {
  return fill(index, code, { ...params, a: label(index.byId.get(a)), b: label(index.byId.get(b)) });
}

function fill(index, code, params) {
  return fillText(index.messages[code], params);
}

function fillText(template, params) {
  // The same token replacement as hand.py, so both sides print the same words.
  return template.replace(TOKEN, (token, key) =>
    Object.prototype.hasOwnProperty.call(params, key) ? params[key] : token,
  );
}

function malformed(index, code, params) {
  return new MalformedHand(code, fill(index, code, params));
}

function checkSeat(seat, role) {
  if (typeof seat !== "string" || !PAYOFF.seats.includes(seat)) {
    const got = JSON.stringify(seat);
    throw new MalformedPayoff(`The ${role} must be one of E, S, W, N; got ${got}.`);
  }
}

function sameTurnChain(winner, discarder, sameTurn) {
  if (discarder == null) throw new MalformedPayoff("A win on a discard needs the discarder.");
  checkSeat(discarder, "discarder");
  if (discarder === winner) throw new MalformedPayoff("The winner cannot be the discarder.");
  const given = sameTurn == null ? [] : sameTurn;
  if (!Array.isArray(given)) throw new MalformedPayoff("same_turn must be a list of seats.");
  for (const seat of given) checkSeat(seat, "same_turn seat");
  // The discarder of the winning tile always closes the chain.
  const chain = [...given];
  if (chain.length === 0 || chain[chain.length - 1] !== discarder) chain.push(discarder);
  if (new Set(chain).size !== chain.length) {
    throw new MalformedPayoff("A seat appears twice in the same-turn discards.");
  }
  if (chain.slice(1).includes(winner)) {
    throw new MalformedPayoff("The winner can only be the first of the same-turn discards.");
  }
  return chain;
}

function split(value, winner, responsible) {
  // §2.3 the winner always receives three times the value.
  const payments = new Map();
  for (const seat of PAYOFF.seats) if (seat !== winner) payments.set(seat, value);
  if (responsible !== null && value > PAYOFF.threshold) {
    // §2.3 discarder pays for big hands: the others pay the threshold, the rest is theirs.
    for (const seat of payments.keys()) payments.set(seat, PAYOFF.threshold);
    payments.set(responsible, 3 * value - 2 * PAYOFF.threshold);
  }
  const deltas = {};
  for (const seat of PAYOFF.seats) {
    deltas[seat] = seat === winner ? 3 * value : -payments.get(seat);
  }
  return { deltas, responsible };
}
