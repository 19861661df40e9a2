// Server time, the only clock (DESIGN.md, part 4): every timer and countdown reads now() from here.
//
//   now()          -> the server's time in ms, estimated from this device's clock + offset
//   sync()         -> take a fresh batch of samples now (resolves with the offset)
//   ready()        -> resolves once an offset is known (a saved one counts until a fresh one)
//   onSync(fn)     -> fn({offset, roundTrip}) after every sync; returns an unsubscribe
//
// Each sample is NTP-style: the server's now_ms is taken to be read half-way through the
// round trip, measured with the monotonic performance clock. Of a batch the sample with the
// shortest round trip wins (least room for error); a worse batch does not replace a recent
// good one. A page's first batch starts after its load event and spaces its samples
// SPREAD_MS apart, using the best so far from the first answer on: on venue Wi-Fi a page is
// not held up by five round trips in a row (issue 31). A signed-in page, which no cache keeps,
// carries the server's clock as it was written (<meta name="judgeaid-now">): that is the
// first sample, read against when the page was asked for and when its answer began, and the
// first batch then waits SPREAD_MS, so the page's own loading is not crowded by it.
// Samples are taken again when the page is shown again, when the network returns,
// every few minutes, and at once when this device's wall clock jumps (set by hand, or a
// phone waking from sleep) — so a screen that slept shows the right time as soon as it wakes.

const KEY = "judgeaid-servertime";
const BATCH = 5;
const SPREAD_MS = 2000;
const RESYNC_MS = 5 * 60_000;
const JUMP_MS = 1000;
const KEEP_BETTER_FOR_MS = 5 * 60_000;

let best = null; // {offset, roundTrip, at (performance.now of the sample), saved}
let running = null;
let generation = 0; // bumped by a forced sync: samples from before it are not trusted
let resolveReady;
const readyPromise = new Promise((resolve) => { resolveReady = resolve; });
const listeners = new Set();

function restore() {
  // An offset saved by an earlier page is used until a fresh one arrives (e.g. offline reload).
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    if (saved && Number.isFinite(saved.offset)) {
      best = { offset: saved.offset, roundTrip: saved.roundTrip, at: -Infinity, saved: true };
      resolveReady(best.offset);
    }
  } catch {
    // private browsing without storage: wait for a sample
  }
}

async function sample() {
  const started = performance.now();
  const wallAtStart = Date.now();
  const response = await fetch("/api/time", { cache: "no-store", credentials: "same-origin" });
  if (!response.ok) throw new Error(`time answered ${response.status}`);
  const { now_ms: serverMs } = await response.json();
  const roundTrip = performance.now() - started;
  return { offset: serverMs - (wallAtStart + roundTrip / 2), roundTrip, at: performance.now() };
}

// The page as a sample: the server read its clock between asking and answering.
function pageSample() {
  const written = Number(document.querySelector("meta[name=judgeaid-now]")?.content);
  const [asked] = performance.getEntriesByType("navigation");
  // a copy the service worker kept is not fresh (and bfcache pages resync on pageshow)
  if (!written || !asked || "keptCopy" in document.documentElement.dataset) return null;
  if (!(asked.responseStart > asked.requestStart)) return null;
  const roundTrip = asked.responseStart - asked.requestStart;
  const middle = performance.timeOrigin + (asked.requestStart + asked.responseStart) / 2;
  return { offset: written - middle, roundTrip, at: asked.responseStart };
}

function adopt(candidate) {
  const age = performance.now() - (best?.at ?? -Infinity);
  const isWorse = best && !best.saved && age < KEEP_BETTER_FOR_MS
    && candidate.roundTrip > Math.max(200, best.roundTrip * 3);
  if (isWorse) return;
  best = candidate;
  try {
    localStorage.setItem(KEY, JSON.stringify({ offset: best.offset, roundTrip: best.roundTrip }));
  } catch {
    // storage full or refused: the offset still works for this page
  }
  resolveReady(best.offset);
  for (const listener of listeners) listener({ offset: best.offset, roundTrip: best.roundTrip });
}

// The wait between a spaced batch's samples; a forced sync ends it at once (wake).
let wake = null;
const pause = (ms) => new Promise((resolve) => {
  wake = resolve;
  setTimeout(resolve, ms);
});

/** Take a batch of samples (`gap` ms apart) and keep the best, adopted as soon as it is
 * known; resolves with the offset in ms (or null). */
export function sync({ samples = BATCH, force = false, gap = 0 } = {}) {
  // forced: the offset in use may be wrong now, so the next batch replaces it whatever it is
  if (force) {
    generation += 1;
    if (best) best = { ...best, saved: true };
    wake?.(); // a spaced batch waiting between samples starts again now
  }
  if (running) return running;
  running = (async () => {
    let batchBest = null;
    let batchOf;
    do {
      // a forced sync while this batch ran means the clock jumped: sample again after it
      batchOf = generation;
      batchBest = null;
      for (let i = 0; i < samples && batchOf === generation; i += 1) {
        if (i > 0 && gap > 0) await pause(gap);
        if (batchOf !== generation) break;
        try {
          const one = await sample();
          if (batchOf === generation && (!batchBest || one.roundTrip < batchBest.roundTrip)) {
            batchBest = one;
            if (gap > 0) adopt(one); // a spaced batch: the best so far serves meanwhile
          }
        } catch {
          break; // offline: keep what we have and try again on the next occasion
        }
      }
    } while (batchOf !== generation);
    if (batchBest) adopt(batchBest);
    return best ? best.offset : null;
  })().finally(() => { running = null; });
  return running;
}

/** Return the server's time now, in ms since the epoch. */
export function now() {
  return Date.now() + (best ? best.offset : 0);
}

/** Return the offset (server minus this device) in ms, or null before the first sample. */
export function offset() {
  return best ? best.offset : null;
}

/** Return the round trip of the sample in use, in ms (null before the first sample). */
export function roundTrip() {
  return best ? best.roundTrip : null;
}

/** Return whether a fresh sample from this page is in use (not only a saved offset). */
export function isSynced() {
  return Boolean(best && !best.saved);
}

/** Resolve once an offset is known. */
export function ready() {
  return readyPromise;
}

/** Call fn({offset, roundTrip}) after every sync; returns an unsubscribe function. */
export function onSync(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// A wall clock that moved unlike the monotonic one means the device slept or was reset.
let lastWall = Date.now();
let lastMono = performance.now();
function watchForJumps() {
  const wall = Date.now();
  const mono = performance.now();
  if (Math.abs((wall - lastWall) - (mono - lastMono)) > JUMP_MS) sync({ force: true });
  lastWall = wall;
  lastMono = mono;
}

restore();
const fromPage = pageSample();
if (fromPage) adopt(fromPage);
const firstBatch = () => (fromPage ? setTimeout(() => sync({ gap: SPREAD_MS }), SPREAD_MS)
  : sync({ gap: SPREAD_MS }));
if (document.readyState === "complete") firstBatch();
else addEventListener("load", firstBatch, { once: true });
setInterval(watchForJumps, 1000);
setInterval(() => { if (document.visibilityState === "visible") sync(); }, RESYNC_MS);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") sync({ force: true });
});
addEventListener("online", () => sync({ force: true }));
addEventListener("pageshow", (event) => { if (event.persisted) sync({ force: true }); });
