// MCR hand totals (MCR §3.9.1) and payoff (§3.9.1.3) for the browser, offline.
//
// A mirror of judgeaid/rules/mcr/hand.py and payoff.py. The fans, rule tables and message
// templates are not repeated here: they arrive in the catalogue JSON (catalogue_json() in
// Python, GET /api/mcr/catalogue), so both sides score from the same data. One shared table
// of cases (tests/mcr_cases.json) runs against both and through the API.
//
// scoreHand(catalogue, fans, win) -> {value, fan_points, flowers, lines, warnings, errors}
//   fans maps a fan number (string) to its count; flowers are fan "81"; win ("self" or
//   "discard", optional) checks the fans that fix how the hand was won;
//   throws MalformedHand (err.code as in hand.py) for input the server would answer 400.
// impliedBy(catalogue, fans) -> Map fan id -> the ticked fan that makes it inevitable
//   (MCR §3.9.1.6 (1)): the picker shows those as included and scores without them.
// payoff(request) -> {deltas, responsible}
//   throws MalformedPayoff for input the server would answer 400.
// No DOM: the picker page imports this module.

/** Payoff constants; tests check they equal catalogue.rules.payoff. */
export const PAYOFF = Object.freeze({
  extra: 8,
  minimum: 8,
  seats: Object.freeze(["E", "S", "W", "N"]),
  wins: Object.freeze(["self", "discard", "draw"]),
});

export const REQUEST_KEYS = ["value", "win", "winner", "discarder"];
// The hand in a picker link (#f=69*2,70&fl=1): fans, and flower tiles apart (fan 81).
export const FRAGMENT = Object.freeze({ ticks: "f", typed: null, flowers: "fl", flower: "81" });
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

/** Total the ticked fans by MCR §3.9.1 and check them against the counting rules. */
export function scoreHand(catalogue, fans, win = null) {
  const index = indexFor(catalogue);
  const ticked = read(index, fans);
  if (win !== null && win !== undefined && !index.rules.score_wins.includes(win)) {
    throw new MalformedHand("bad_win", index.messages.bad_win);
  }
  const lines = handLines(index, ticked);
  const flowers = ticked.get(catalogue.flower) || 0;
  const value = lines.reduce((sum, line) => sum + line.points, 0);
  const fanPoints = value - flowers * catalogue.flower_value;
  const seen = new Set();
  const errors = impliedErrors(index, ticked);
  errors.push(...pairErrors(index, ticked, seen));
  for (const issue of errors) if (issue.fans.length === 2) seen.add(pairKey(...issue.fans));
  errors.push(...winErrors(index, ticked, win ?? null));
  errors.push(...countErrors(index, ticked, errors));
  if (fanPoints < catalogue.minimum) {
    const section = index.sections.minimum;
    errors.push({
      code: "below_minimum",
      message: fill(index, "below_minimum", {
        points: String(fanPoints), minimum: String(catalogue.minimum), section,
      }),
      fans: [],
      section,
    });
  }
  const warnings = findWarnings(index, ticked, seen);
  warnings.push(...pairingWarnings(index, ticked, errors));
  return { value, fan_points: fanPoints, flowers, lines, warnings, errors };
}

/** Return the fans a ticked fan makes inevitable, each with the first fan that does. */
export function impliedBy(catalogue, fans) {
  const index = indexFor(catalogue);
  const found = new Map();
  for (const row of index.rules.implied) {
    if (row.leaves === 0 && (fans[row.fan] || 0) > 0 && (fans[row.implies] || 0) > 0
        && !found.has(row.implies) && !found.has(row.fan)) {
      found.set(row.implies, row.fan);
    }
  }
  return found;
}

/** Compute each seat's delta for a hand from an /api/mcr/payoff request body. */
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
  if (!PAYOFF.wins.includes(win)) {
    throw new MalformedPayoff(`Unknown kind of win '${win}'; use 'self', 'discard' or 'draw'.`);
  }
  if (win === "draw") {
    return { deltas: Object.fromEntries(PAYOFF.seats.map((seat) => [seat, 0])), responsible: null };
  }
  if (typeof value !== "number" || !Number.isInteger(value) || value < PAYOFF.minimum) {
    throw new MalformedPayoff(
      `The hand value must be a whole number of at least ${PAYOFF.minimum} (MCR §3.9.1.1).`,
    );
  }
  checkSeat(winner, "winner");
  const payments = new Map();
  if (win === "self") {
    if (discarder != null) throw new MalformedPayoff("A self-drawn win has no discarder.");
    // §3.9.1.3 (1) each of the three others pays 8 + value
    for (const seat of PAYOFF.seats) if (seat !== winner) payments.set(seat, PAYOFF.extra + value);
    return deltas(winner, payments, null);
  }
  if (discarder == null) throw new MalformedPayoff("A win on a discard needs the discarder.");
  checkSeat(discarder, "discarder");
  if (discarder === winner) throw new MalformedPayoff("The winner cannot be the discarder.");
  // §3.9.1.3 (2) the discarder pays 8 + value, the other two pay 8
  for (const seat of PAYOFF.seats) {
    if (seat !== winner) payments.set(seat, PAYOFF.extra + (seat === discarder ? value : 0));
  }
  return deltas(winner, payments, discarder);
}

/** "MCR App. 1 fan 43", as hand.py cites one fan of Appendix 1 (in the page's words). */
function appendixFan(index, id) {
  const fan = index.citations["fan {number}"] || "fan {number}";
  return `${index.sections.appendix} ${fan.replace("{number}", id)}`;
}

function indexFor(catalogue) {
  let index = indexes.get(catalogue);
  if (index) return index;
  const byId = new Map(catalogue.fans.map((fan) => [fan.id, fan]));
  index = {
    byId,
    flower: catalogue.flower,
    maxFlowers: catalogue.max_flowers,
    rules: catalogue.rules,
    sections: catalogue.rules.sections,
    messages: catalogue.messages,
    // a page's catalogue in another language says its citations' words ("fan {number}")
    citations: catalogue.citations || {},
  };
  indexes.set(catalogue, index);
  return index;
}

function read(index, fans) {
  if (fans === null || typeof fans !== "object" || Array.isArray(fans)) {
    throw new MalformedHand("not_a_mapping", index.messages.not_a_mapping);
  }
  const found = [];
  for (const [id, n] of Object.entries(fans)) {
    if (!index.byId.has(id)) throw malformed(index, "unknown_fan", { id });
    if (typeof n !== "number" || !Number.isInteger(n)) throw malformed(index, "bad_count", { id });
    if (n < 0) throw malformed(index, "negative_count", { id });
    if (id === index.flower && n > index.maxFlowers) {
      throw malformed(index, "too_many_flowers", {
        max: String(index.maxFlowers), count: String(n),
      });
    }
    if (n) found.push([id, n]);
  }
  found.sort((x, y) => Number(x[0]) - Number(y[0]));
  return new Map(found);
}

function handLines(index, ticked) {
  let lines = [];
  for (const [id, n] of ticked) {
    const fan = index.byId.get(id);
    lines.push({
      id, name: fan.name, chinese: fan.chinese, count: n, points: fan.value * n, implied_by: null,
    });
  }
  const kong = index.rules.kong_pair;
  const [melded, concealed] = kong.fans;
  if (ticked.get(melded) === 1 && ticked.get(concealed) === 1
      && !kong.unless.some((id) => ticked.has(id))) {
    // MCR §3.8.1 fan 57: one melded and one concealed kong are 6 points, one line
    lines = lines.filter((line) => !kong.fans.includes(line.id));
    lines.push({
      id: kong.line, name: kong.name, chinese: kong.chinese, count: 1, points: kong.value,
      implied_by: null,
    });
    lines.sort((x, y) => Number(x.id) - Number(y.id));
  }
  return lines;
}

function impliedErrors(index, ticked) {
  // A fan another ticked fan makes inevitable (MCR §3.9.1.6 (1), App. 1 note 3).
  const errors = [];
  for (const row of index.rules.implied) {
    const count = ticked.get(row.implies) || 0;
    if (!ticked.has(row.fan) || count <= row.leaves) continue;
    const params = { a: label(index, row.fan), b: label(index, row.implies), section: row.section };
    const message = row.leaves
      ? fill(index, "implied_count", { ...params, max: String(row.leaves), count: String(count) })
      : fill(index, "implied", params);
    errors.push({ code: "implied", message, fans: [row.fan, row.implies], section: row.section });
  }
  return errors;
}

function winErrors(index, ticked, win) {
  // A fan that fixes the win type beside a hand won the other way (MCR §3.7.2.3).
  if (win === null) return [];
  const rules = index.rules;
  const [wrong, code] = win === "self"
    ? [rules.discard_wins, "win_mismatch_discard"] : [rules.draw_wins, "win_mismatch_self"];
  const errors = [];
  for (const id of wrong) {
    if (!ticked.has(id)) continue;
    const section = `${index.sections.win}; ${appendixFan(index, id)}`;
    errors.push({
      code: "win_mismatch", message: fill(index, code, { a: label(index, id), section }),
      fans: [id], section,
    });
  }
  return errors;
}

function pairErrors(index, ticked, seen) {
  const errors = [];
  const add = (code, a, b, section, params = {}) => {
    const key = pairKey(a, b);
    if (a === b || seen.has(key)) return;
    seen.add(key);
    const message = fill(index, code, { ...params, a: label(index, a), b: label(index, b), section });
    errors.push({ code, message, fans: [a, b], section });
  };
  const rules = index.rules;
  for (const a of ticked.keys()) {
    for (const b of index.byId.get(a).excludes) {
      // Appendix 1: "does not combine with"
      if (ticked.has(b)) {
        add("excluded", a, b, appendixFan(index, a), { owner: label(index, a) });
      }
    }
  }
  if (ticked.has(rules.chicken)) {
    for (const b of ticked.keys()) {
      if (b !== index.flower) {
        add("chicken_alone", rules.chicken, b, appendixFan(index, rules.chicken));
      }
    }
  }
  rules.waits.forEach((a, position) => {
    for (const b of rules.waits.slice(position + 1)) {
      if (ticked.has(a) && ticked.has(b)) add("one_wait", a, b, index.sections.wait);
    }
  });
  for (const a of rules.draw_wins) {
    for (const b of rules.discard_wins) {
      if (ticked.has(a) && ticked.has(b)) add("win_conflict", a, b, index.sections.win);
    }
  }
  for (const rule of rules.shapes) {
    if (!ticked.has(rule.fan)) continue;
    for (const b of rule.others) {
      if (ticked.has(b)) add("shape_conflict", rule.fan, b, index.sections.shape);
    }
  }
  return errors;
}

function countErrors(index, ticked, earlier) {
  const errors = [];
  const rules = index.rules;
  for (const [id, n] of ticked) {
    const fan = index.byId.get(id);
    if (id !== index.flower && n > fan.max_count) {
      const section = index.sections.count;
      errors.push({
        code: "too_many_times",
        message: fill(index, "too_many_times", {
          a: label(index, id), count: String(n), max: String(fan.max_count), section,
        }),
        fans: [id],
        section,
      });
    }
  }
  // Chow pairings are judged once the pairs themselves stand (an excluded pair first).
  const pairing = pairingFans(index, ticked, earlier);
  const paired = pairing.reduce((sum, id) => sum + ticked.get(id), 0);
  if (paired > rules.max_pairings) {
    // four chows never make more than three pairings
    const section = index.sections.pairing;
    errors.push({
      code: "too_many_pairings",
      message: fill(index, "too_many_pairings", {
        names: names(index, pairing), count: String(paired), max: String(rules.max_pairings),
        section,
      }),
      fans: pairing,
      section,
    });
  }
  const pungs = rules.counted_pungs.filter((id) => ticked.has(id));
  const total = pungs.reduce((sum, id) => sum + ticked.get(id), 0);
  if (total > rules.max_pungs) {
    const section = index.sections.shape;
    errors.push({
      code: "too_many_pungs",
      message: fill(index, "too_many_pungs", {
        names: names(index, pungs), count: String(total), max: String(rules.max_pungs), section,
      }),
      fans: pungs,
      section,
    });
  }
  return errors;
}

function findWarnings(index, ticked, seen) {
  const warnings = [];
  const add = (code, a, b, section, params = {}) => {
    const key = pairKey(a, b);
    if (seen.has(key)) return;
    seen.add(key);
    const message = fill(index, code, { ...params, a: label(index, a), b: label(index, b), section });
    warnings.push({ code, message, fans: [a, b], section });
  };
  const rules = index.rules;
  for (const rule of rules.repeats) {
    if (ticked.has(rule.a) && ticked.has(rule.b)) {
      add("repeat", rule.a, rule.b, index.sections.repeat);
    }
  }
  for (const a of rules.needs_honors) {
    for (const b of rules.no_honors) {
      if (ticked.has(a) && ticked.has(b)) add("tile_conflict", a, b, index.sections.honor);
    }
  }
  for (const rule of rules.prefers) {
    if ((ticked.get(rule.fan) || 0) >= rule.count && !ticked.has(rule.better)) {
      add("prefer", rule.fan, rule.better, index.sections.prefer, {
        count: String(ticked.get(rule.fan)),
      });
    }
  }
  return warnings;
}

function pairingFans(index, ticked, earlier) {
  // The ticked chow-pairing fans, none if an earlier error already names one.
  const involved = new Set(earlier.flatMap((issue) => issue.fans));
  const pairing = index.rules.pair_chow_fans.filter((id) => ticked.has(id));
  return pairing.some((id) => involved.has(id)) ? [] : pairing;
}

function pairingWarnings(index, ticked, errors) {
  // Our reading of account-once (MCR §3.9.1.6 (5)), as hand.py: a fan of three chows leaves
  // one chow to pair once, a fan of four none; the judge looks at the tiles (a warning).
  const pairing = pairingFans(index, ticked, errors);
  if (!pairing.length || errors.some((issue) => issue.code === "too_many_pairings")) return [];
  const rules = index.rules;
  const four = rules.four_chow_fans.filter((id) => ticked.has(id));
  const limiting = four.length ? four : rules.triple_chow_fans.filter((id) => ticked.has(id));
  const allowed = four.length ? 0 : 1;
  const total = pairing.reduce((sum, id) => sum + ticked.get(id), 0);
  if (!limiting.length || total <= allowed) return [];
  const section = index.sections.pairing;
  const message = fill(index, "few_chows_left", {
    limits: names(index, limiting), names: names(index, pairing), count: String(total),
    max: String(allowed), section,
  });
  return [{ code: "few_chows_left", message, fans: [...limiting, ...pairing], section }];
}

function pairKey(a, b) {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function label(index, id) {
  return `${id} ${index.byId.get(id).name}`;
}

function names(index, ids) {
  return ids.map((id) => label(index, id)).join(", ");
}

function fill(index, code, params) {
  // The same token replacement as hand.py, so both sides print the same words.
  return index.messages[code].replace(TOKEN, (token, key) =>
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

function deltas(winner, payments, responsible) {
  let total = 0;
  for (const paid of payments.values()) total += paid;
  const result = {};
  for (const seat of PAYOFF.seats) result[seat] = seat === winner ? total : -payments.get(seat);
  return { deltas: result, responsible };
}
