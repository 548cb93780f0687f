// MetaX: two players. Each side: MP, VP (of 7), deck, hand, discard, mulligan; Characters in
// play with current Ranks (changes from the printed Rank), Pushed/Prepped, keywords, Damage
// attached and how close each is to a KO; the Battle Zone (attacks, Links, defenders); the
// Events resolving; your hand with each card's numbers. Mirrors games/metax/terminal.py.

/** @typedef {import("../types/views").ViewsByGame["metax"]} View the view this module draws (generated from the game's view schema) */
/** @typedef {{view: View, [key: string]: any}} SeatState */

const SHORT = {strength: "STR", intelligence: "INT", special: "SPE"};
const LONG = {STR: "strength", INT: "intelligence", SPE: "special"};
const STATS = ["strength", "intelligence", "special"];
const VP_TO_WIN = 7;

// Board picks (js/pick.js): the Planning Step's menu of moves opens a card's menu; other
// decisions (a defender, a Battle Card to attach, a Link) answer at the first click.
export const menuKinds = ["planning"];
/** @param {View} v @param {number} q */
export function score(v, q) {
  const p = (v.players || [])[q];
  return p ? {text: `${p.vp}/${VP_TO_WIN} VP`, title: `Victory Points (${VP_TO_WIN} wins) · ${p.mp} MP`} : null;
}
// putting cards on the bottom in an order, or discarding several: chosen in turn, then confirmed
export const multiKinds = ["bottom", "discard"];

/** @param {SeatState} state @param {any} ctx */
export function header(state, ctx) {
  const v = state.view || /** @type {View} */ ({});
  const step = ctx.phase(v.step);
  const bits = [v.turn ? `Turn ${v.turn}` : null, step];
  if (v.turn && v.active_player !== undefined && !state.over) {
    bits.push(v.active_player === ctx.me ? "your turn" : `${ctx.seatName(v.active_player)}'s turn`);
  }
  return bits.filter(Boolean).join(" · ");
}

/** A Battle Card's Stat types and Rank from the card table: ["strength"], 5. */
function battleFacts(ctx, name) {
  const info = ctx.info(name);
  if (!info || info.type !== "battle") return null;
  const m = /^([A-Z]{3}(?:\/[A-Z]{3})*)\s+(\d+)/.exec(info.numbers || "");
  const types = m ? m[1].split("/").map((s) => LONG[s] || s) : [];
  const rank = (info.stats && info.stats.rank) ?? (m ? Number(m[2]) : 0);
  return {types, rank};
}

function coloursCovered(damage) {
  if (!damage.length) return 0;
  const singles = new Set(damage.filter((s) => s.length === 1).map((s) => s[0]));
  const multis = damage.filter((s) => s.length > 1);
  if (!multis.length) return singles.size;
  const free = STATS.filter((s) => !singles.has(s));
  const cover = (fr, ms) => {
    if (!fr.length || !ms.length) return 0;
    const [first, ...rest] = ms;
    let best = cover(fr, rest);
    for (const s of first) if (fr.includes(s)) best = Math.max(best, 1 + cover(fr.filter((f) => f !== s), rest));
    return best;
  };
  return Math.min(singles.size + cover(free, multis), 3);
}

/** "TKO in 1 (INT/SPE) · HP 3 left" (MX-TKO-1, MX-HPKO-1), from the view and the card table. */
function koText(ctx, ch) {
  const dmg = [];
  let value = 0;
  for (const d of ch.damage || []) {
    const f = battleFacts(ctx, d.name);
    if (f) { dmg.push(f.types); value += f.rank; }
  }
  const stats = ch.stats || {};
  const tkoIn = Math.max(0, Object.keys(stats).length - coloursCovered(dmg));
  const now = coloursCovered(dmg);
  const colours = dmg.length ? STATS.filter((s) => coloursCovered([...dmg, [s]]) > now) : [];
  const hp = Math.max(0, Math.max(0, ...Object.values(stats)) - value);
  let tko = `TKO in ${tkoIn}`;
  if (colours.length && colours.length < 3) tko += ` (${colours.map((s) => SHORT[s]).join("/")})`;
  return {text: `${tko} · HP ${hp} left`, danger: Math.min(tkoIn, hp) <= 1};
}

function statsText(ctx, ch) {
  const info = ctx.info(ch.name);
  const base = (info && info.stats) || {};
  return Object.entries(ch.stats || {}).map(([s, r]) => {
    const b = base[s];
    const d = typeof b === "number" && b !== r ? ` (${r - b > 0 ? "+" : ""}${r - b})` : "";
    return `${SHORT[s] || s} ${r}${d}`;
  }).join(" · ");
}

function damageLabel(ctx, name) {
  const f = battleFacts(ctx, name);
  return f ? `${f.types.map((s) => SHORT[s]).join("/")} ${f.rank}` : "";
}

function character(ctx, ch, owner, turn) {
  const ko = koText(ctx, ch);
  const badges = [
    ch.pushed ? {t: "Pushed", cls: "warn"} : {t: "Prepped", cls: "ok"},
    ch.entered_turn === turn && turn ? {t: "new", cls: "dim"} : null,
    ch.in_battle_zone ? {t: "⚔ in battle", cls: "bad"} : null,
    ...(ch.keywords || []).map((k) => ({t: k[0].toUpperCase() + k.slice(1), cls: "kw"})),
    {t: ko.text, cls: ko.danger ? "bad" : "dim"},
  ];
  const under = (ch.damage || []).map((d) => ctx.card(d, {owner: null, small: true, kind: false, nums: damageLabel(ctx, d.name), cls: "damage-card"}));
  return ctx.card(ch, {
    owner, tapped: ch.pushed, nums: statsText(ctx, ch), badges, under, cls: "character",
    detail: [`Now: ${statsText(ctx, ch)}`, ch.pushed ? "Pushed" : "Prepped", ko.text,
      ch.damage && ch.damage.length ? `Damage: ${ch.damage.map((d) => `${d.name} (${damageLabel(ctx, d.name)})`).join(", ")}` : null],
  });
}

function side(ctx, v, q, {mine}) {
  const {h} = ctx;
  const p = v.players[q];
  const active = v.turn && v.active_player === q && !ctx.state.over;
  const deciding = ctx.state.deciding === q && !ctx.state.over;
  const head = h("div.panel-head",
    h("b", ctx.seatLabel(q)), active ? h("span.turn-mark", "◀ turn") : null, deciding ? h("span.dec-mark", "deciding") : null,
    h("span.counters",
      ctx.counter("MP", p.mp, {cls: "big", title: "Meta Points (max 10)"}),
      ctx.counter("VP", `${p.vp}/${VP_TO_WIN}`, {cls: p.vp >= VP_TO_WIN - 2 ? "big hot" : "big", title: "Victory Points"}),
      ctx.counter("Deck", p.deck_count),
      ctx.counter("Hand", p.hand_count),
      p.mulligan === true ? ctx.counter("Mulligan", "taken") : null));
  const chars = (p.characters || []).map((ch) => character(ctx, ch, q, v.turn));
  const parts = [head,
    h("div.zone.in-play", h("div.zone-title", "In play ", h("span.count", `${chars.length}/3`)),
      h("div.cards", {data: {scroll: `chars${q}`}}, chars.length ? chars : h("div.empty", "no Characters in play")))];
  if (!mine && (p.known_in_hand || []).length) parts.push(ctx.zone("Seen in hand", p.known_in_hand, {owner: q, card: {small: true}}));
  if (mine && p.hand) {
    parts.push(ctx.zone("Your hand", p.hand, {owner: q, cls: "hand", scrollKey: `hand${q}`}));
  } else if (!mine && p.hand_count) {
    parts.push(h("div.zone.hand-backs", h("div.zone-title", "Hand ", h("span.count", p.hand_count)),
      h("div.backs", Array.from({length: Math.min(p.hand_count, 12)}, () => h("span.mini-back")))));
  }
  parts.push(ctx.pile("Discard", p.discard, {owner: q}));
  return h("div.panel.side", {class: [ctx.pcls(q), mine ? "mine" : "", active ? "active" : ""], data: {seat: q}}, parts);
}

function battleZone(ctx, v) {
  const {h} = ctx;
  const attacks = v.battle_zone || [];
  const chars = {};
  for (const p of v.players) for (const c of p.characters || []) chars[c.id] = {...c, owner: p.player};
  const nameOf = (id) => (chars[id] ? chars[id].name : id);
  const rows = attacks.map((a) => {
    const lead = chars[a.lead];
    const attackerSeat = lead ? lead.owner : v.active_player;
    const links = (a.links || []).map((x) => h("span.ref", {data: {ref: x}}, nameOf(x)));
    const bf = battleFacts(ctx, a.battle_card.name);
    let team = null;
    if (a.links && a.links.length) {
      const stat = a.named_stat || (bf ? bf.types[0] : "");
      const value = (bf ? bf.rank : 0) + a.links.reduce((t, x) => t + ((chars[x] && chars[x].stats && chars[x].stats[stat]) || 0), 0);
      team = `team value ${value}${a.named_stat ? ` (${SHORT[a.named_stat]})` : ""}`;
    }
    return h("div.attack", {class: [ctx.pcls(attackerSeat), a.resolved ? "resolved" : ""]},
      h("div.att-side",
        h("div.att-who", h("span.ref", {data: {ref: a.lead}}, `⚔ ${nameOf(a.lead)}`)),
        ctx.card(a.battle_card, {owner: attackerSeat, small: true, nums: bf ? `${bf.types.map((s) => SHORT[s]).join("/")} ${bf.rank}` : undefined}),
        links.length ? h("div.att-links", "+ ", links, team ? h("span.dim", ` · ${team}`) : null) : null),
      h("div.att-arrow", "→"),
      h("div.att-side",
        a.defender ? h("div.att-who", h("span.ref", {data: {ref: a.defender}}, `🛡 ${nameOf(a.defender)}`)) : h("div.att-who.dim", "undefended"),
        a.defender_card ? ctx.card(a.defender_card, {owner: chars[a.defender] ? chars[a.defender].owner : null, small: true,
          nums: damageLabel(ctx, a.defender_card.name) || undefined}) : null),
      a.resolved ? h("div.att-res", "resolved") : null);
  });
  const res = v.resolving || [];
  if (!rows.length && !res.length) return null;
  return h("div.panel.battle-zone",
    rows.length ? h("div.panel-head", h("b", "Battle Zone")) : null,
    rows.length ? h("div.attacks", rows) : null,
    res.length ? ctx.zone("Resolving", res, {card: {small: true}}) : null);
}

/** @param {SeatState} state @param {any} ctx */
export function render(state, ctx) {
  const {h} = ctx;
  const v = state.view;
  const me = ctx.me === null || ctx.me === undefined ? null : ctx.me;
  const bottom = me === null ? 0 : me;
  const top = 1 - bottom;
  return h("div.metax",
    side(ctx, v, top, {mine: false}),
    battleZone(ctx, v) || h("div.battle-zone.empty-zone", h("b", "Battle Zone"), h("span", "no attacks yet"),
      v.played_character_this_turn ? ctx.badge("a Character was played this turn", "dim") : null),
    side(ctx, v, bottom, {mine: me !== null}));
}
