// Direct manipulation on the board: which board elements an action names, and what a click on
// one of them means.
//
// An action's *keys* are the things on the board its id names: card ids (c12, face-down f1101,
// chain items k3), seats (P2), and a game's own spots that its module adds through
// keys(aid, ctx) (a lane "lane2", a column "col0-1", an Arena "arena0"). A board element
// answers to a key by data-card-id or data-ref. Picking is a narrowing: the keys clicked so far
// (`sel`) leave the actions naming all of them; one left after two clicks is taken, otherwise
// the keys those actions still need light up.

const CARD_KEY = /(?:^|[^A-Za-z0-9_])([cfk]\d+)(?![A-Za-z0-9_])/g;
const SEAT_KEY = /(?:^|[^A-Za-z0-9_])(P\d+)(?![A-Za-z0-9_])/g;

/** The keys of action id `aid`, in the order they appear (a game's extra keys last). */
export function keysOf(aid, extra) {
  const out = [];
  for (const re of [CARD_KEY, SEAT_KEY]) {
    for (const m of String(aid).matchAll(re)) if (!out.includes(m[1])) out.push(m[1]);
  }
  for (const k of (extra ? extra(aid) : null) || []) if (k && !out.includes(k)) out.push(k);
  return out;
}

/** [{a, keys}] for a list of actions. */
export function indexActions(actions, extra) {
  return (actions || []).map((a) => ({a, keys: keysOf(a.id, extra)}));
}

/** The entries naming every key of `sel`. */
export function narrow(index, sel) {
  return index.filter((e) => sel.every((k) => e.keys.includes(k)));
}

/** The keys still open among `cands` once `sel` is chosen (the targets to light up). */
export function openKeys(cands, sel) {
  const out = new Set();
  for (const e of cands) for (const k of e.keys) if (!sel.includes(k)) out.add(k);
  return out;
}

/**
 * What a click on key `k` does, given the keys chosen so far. Answers {sel, cands, take}:
 * `take` is an action id to send at once, or null (then `cands` are the actions to offer).
 * `direct`: the decision is a pick (paying, losing, choosing a target): a key naming exactly
 * one action answers it on the first click.
 */
export function click(index, sel, k, direct) {
  let base = sel.filter((x) => x !== k);
  let cands = narrow(index, [...base, k]);
  if (!cands.length && base.length) {       // not a target of what was picked: start again from k
    base = [];
    cands = narrow(index, [k]);
  }
  const next = [...base, k];
  if (!cands.length) return {sel: [], cands: [], take: null};
  if (cands.length === 1 && (next.length >= 2 || (direct && cands[0].keys.length <= 1))) {
    return {sel: [], cands, take: cands[0].a.id};
  }
  // several actions left, but only one uses exactly the keys picked and a second click was made
  const exact = cands.filter((e) => e.keys.length === next.length);
  if (next.length >= 2 && exact.length === 1 && cands.length === exact.length) return {sel: [], cands, take: exact[0].a.id};
  return {sel: next, cands, take: null};
}
