// MetaZoo (four-lane edition): the four lanes side by side, each with its Terra (or razed), the
// mission mark, its resolved mark and both sides (units, enhancing Aura, Influence total, slots,
// Soar/Destruction); each player's MP (towards 30), Priority, Caster, Aura zone and hidden zones
// as counts; your hand with what each card costs now. Mirrors games/metazoo/terminal.py.

/** @typedef {import("../types/views").ViewsByGame["metazoo"]} View the view this module draws (generated from the game's view schema) */
/** @typedef {{view: View, [key: string]: any}} SeatState */

const MP_TO_WIN = 30;
const AURA_CAP = 10;
const KW = {
  soar: "Soar", destruction: "Destruction", enhance: "Aura enh.", cannot_be_shattered: "can't be Shattered",
  cannot_be_damaged: "can't be damaged", cannot_be_tapped: "can't be tapped", cannot_be_moved: "can't be Moved",
  cannot_be_returned: "can't be returned", cannot_be_dueled: "can't be Dueled", cannot_be_targeted: "can't be targeted",
};
const kwLabel = (k) => KW[k] || String(k).replace(/_/g, " ");

// Board picks (js/pick.js): a lane is a spot ("lane2"); the turn's menu of moves opens a card's
// menu instead of answering at the first click.
export const menuKinds = ["action"];
/** @param {View} v @param {number} q */
export function score(v, q) {
  const p = (v.players || [])[q];
  return p ? {text: `${p.mp}/${MP_TO_WIN} MP`, title: `Mission Points (${MP_TO_WIN} win)`} : null;
}
// paying a cost is a run of taps: the Auras are chosen together and confirmed
export const multiKinds = ["pay"];
export function keys(aid) {
  const m = /(?:^|[^a-z])lane:?(\d+)/.exec(aid);
  return m ? [`lane${m[1]}`] : [];
}
export function hint(open) {
  return open.every((k) => /^lane\d+$/.test(k)) ? "click a lit lane" : null;
}

/** @param {SeatState} state @param {any} ctx */
export function header(state, ctx) {
  const v = state.view || /** @type {View} */ ({});
  const bits = [v.round ? `Round ${v.round}` : null, ctx.phase(v.phase)];
  if (v.priority_player !== null && v.priority_player !== undefined) {
    bits.push(`${v.priority_player === ctx.me ? "you have" : `${ctx.seatName(v.priority_player)} has`} Priority`);
  }
  if (v.mission_lane) bits.push(`mission in lane ${v.mission_lane}`);
  return bits.filter(Boolean).join(" · ");
}

function unit(ctx, u, q) {
  const badges = [];
  const diff = u.influence - u.base_influence;
  if (u.damage) badges.push({t: `${u.damage} dmg`, cls: "bad"});
  if (u.tapped) badges.push({t: "tapped", cls: "warn"});
  if (u.gigantic) badges.push({t: `Gigantic ${u.gigantic}`, cls: "kw"});
  const kws = {};
  for (const k of u.keywords || []) kws[k] = (kws[k] || 0) + 1;
  for (const [k, n] of Object.entries(kws)) badges.push({t: kwLabel(k) + (n > 1 ? ` ×${n}` : ""), cls: "kw"});
  if (u.type && u.type !== "creature") badges.push({t: u.type, cls: "dim"});
  const srcs = (u.influence_sources || []).map((s) => `${s.amount > 0 ? "+" : ""}${s.amount} from ${s.own ? "itself" : s.name}`);
  return ctx.card(u, {
    owner: q, tapped: u.tapped, kind: false,
    nums: `Influence ${u.influence}${diff ? ` (${diff > 0 ? "+" : ""}${diff})` : ""}`,
    badges, cls: "unit",
    detail: [`Influence ${u.influence} (printed ${u.base_influence})`, ...srcs, u.damage ? `Damage ${u.damage}` : null],
  });
}

function auraChip(ctx, a, q) {
  return ctx.card(a, {owner: q, tapped: a.tapped, small: true, kind: false, cls: ["aura", `aura-${a.type}`],
    nums: a.type, badges: a.tapped ? [{t: "tapped", cls: "warn"}] : []});
}

function laneSide(ctx, lane, s, other, q) {
  const {h} = ctx;
  const flags = [];
  if (s.soar) flags.push(ctx.badge("Soar", "kw"));
  if (s.destruction) flags.push(ctx.badge(`Destruction ${s.destruction}`, "bad"));
  if (s.aura_bonus) flags.push(ctx.badge(`+${s.aura_bonus} Aura`, "ok"));
  const lead = s.influence > other.influence ? "lead" : s.influence < other.influence ? "behind" : "tie";
  return h("div.lane-side", {class: [ctx.pcls(q), q === ctx.me ? "mine" : ""]},
    h("div.lane-total", {class: lead, title: "Influence in this lane"},
      h("span.infl", String(s.influence)), h("span.k", " Infl"),
      h("span.slots", {title: "slots used / limit"}, ` ${s.slots_used}/${s.limit}`), flags),
    h("div.cards.lane-cards",
      (s.units || []).map((u) => unit(ctx, u, q)),
      (s.aura || []).map((a) => auraChip(ctx, a, q)),
      !(s.units || []).length && !(s.aura || []).length ? h("div.empty", "—") : null));
}

function lanes(ctx, v, top, bottom) {
  const {h} = ctx;
  const setup = v.phase === "setup" || v.phase === "ready";
  return h("div.lanes", {data: {scroll: "lanes"}}, (v.lanes || []).map((ln) => {
    const mission = v.mission_lane === ln.lane;
    const t = ln.terra;
    return h("div.lane", {class: [mission ? "mission" : "", ln.resolved ? "resolved" : ""], data: {ref: `lane${ln.lane}`},
      tabindex: "0", role: "group", "aria-label": `Lane ${ln.lane}`},
      h("div.lane-head", {title: "Click the lane: its options, or the target of a card you picked"},
        h("b", `Lane ${ln.lane}`),
        mission ? ctx.badge("⚑ mission", "hot") : null,
        ln.resolved ? ctx.badge("✓ resolved", "ok") : null),
      laneSide(ctx, ln, ln.sides[top], ln.sides[bottom], top),
      h("div.lane-terra", t ? ctx.card(t, {owner: t.owner, small: true, cls: "terra"})
        : h("div.empty.terra-none", setup ? "Terra not placed yet" : "razed (no Terra)")),
      laneSide(ctx, ln, ln.sides[bottom], ln.sides[top], bottom));
  }));
}

function playerBar(ctx, v, q) {
  const {h} = ctx;
  const p = v.players[q];
  const mine = q === ctx.me;
  const c = p.caster;
  const casterState = {face_down: "face down", lane: `in lane ${c.lane}`, caster_zone: "Caster zone"}[c.state] || c.state;
  const deciding = ctx.state.deciding === q && !ctx.state.over;
  const auras = {};
  for (const a of p.aura_zone || []) {
    const k = a.type;
    auras[k] = auras[k] || {n: 0, tapped: 0};
    auras[k].n++;
    if (a.tapped) auras[k].tapped++;
  }
  const looking = Array.isArray(p.looking_at) ? p.looking_at : null;
  const starters = Array.isArray(p.starters_aside) ? p.starters_aside : null;
  return h("div.panel.player-bar", {class: [ctx.pcls(q), mine ? "mine" : ""], data: {seat: q}},
    h("div.panel-head",
      h("b", ctx.seatLabel(q)),
      p.priority ? h("span.turn-mark", "★ Priority") : null,
      deciding ? h("span.dec-mark", "deciding") : null,
      h("span.counters",
        ctx.counter("MP", `${p.mp}/${MP_TO_WIN}`, {cls: p.mp >= MP_TO_WIN - 6 ? "big hot" : "big", title: "Mission Points (30 wins)"}),
        h("span.meter", {title: `${p.mp} of ${MP_TO_WIN} MP`}, h("span.fill", {style: {width: `${Math.min(100, 100 * p.mp / MP_TO_WIN)}%`}})),
        ctx.counter("Aura", `${p.aura_total}/${AURA_CAP}`),
        ctx.counter("Hand", p.hand_count),
        ctx.counter("Deck", p.deck_count),
        ctx.counter("Aura deck", p.aura_deck_count),
        ctx.counter("Supply", p.allied_supply_count, {title: "Allied supply"}),
        p.primary_outside_count ? ctx.counter("Primary out", p.primary_outside_count) : null,
        p.temporary_aura_owed ? ctx.counter("Temp Aura owed", p.temporary_aura_owed, {cls: "hot"}) : null,
        !looking && p.looking_at ? ctx.counter("Looking at", p.looking_at) : null,
        !starters && p.starters_aside ? ctx.counter("Starters aside", p.starters_aside) : null)),
    h("div.row",
      ctx.card(c, {owner: q, tapped: c.tapped || c.state === "face_down", title: "Caster", cls: "caster",
        badges: [{t: casterState, cls: c.state === "lane" ? "hot" : "dim"}, c.tapped ? {t: "tapped", cls: "warn"} : null]}),
      h("div.zone.aura-zone",
        h("div.zone-title", "Aura zone ", h("span.count", (p.aura_zone || []).length),
          h("span.aura-sum", Object.entries(auras).map(([k, a]) => ` · ${k} ${a.n - a.tapped}/${a.n} untapped`).join(""))),
        h("div.cards.wrap", (p.aura_zone || []).length ? p.aura_zone.map((a) => auraChip(ctx, a, q)) : h("div.empty", "no Aura"))),
      ctx.pile("Discard", p.discard, {owner: q})),
    !mine && (p.revealed_in_hand || []).length ? ctx.zone("Revealed in hand", p.revealed_in_hand, {owner: q, card: {small: true}}) : null,
    looking && looking.length ? ctx.zone("Looking at", looking, {owner: q, cls: "looking"}) : null,
    starters && starters.length ? ctx.zone("Starter Terras set aside", starters, {owner: q, card: {small: true}}) : null);
}

function hand(ctx, v, q) {
  const p = v.players[q];
  if (!p.hand) return null;
  return ctx.zone("Your hand", p.hand, {
    owner: q, cls: "hand", scrollKey: "hand",
    each: (c) => ({nums: c.cost !== c.base_cost ? `cost ${c.cost} (printed ${c.base_cost})` : undefined,
      badges: c.cost !== c.base_cost ? [{t: `now cost ${c.cost}`, cls: c.cost < c.base_cost ? "ok" : "bad"}] : []}),
  });
}

/** @param {SeatState} state @param {any} ctx */
export function render(state, ctx) {
  const {h} = ctx;
  const v = state.view;
  const me = ctx.me;
  const bottom = me === null || me === undefined ? 0 : me;
  const top = 1 - bottom;
  const lm = v.last_mission;
  return h("div.metazoo",
    playerBar(ctx, v, top),
    (v.resolving || []).length ? ctx.zone("Resolving / paying", v.resolving, {card: {small: true}, cls: "resolving"}) : null,
    lanes(ctx, v, top, bottom),
    lm ? h("div.last-mission", `Last mission: lane ${lm.lane} · Influence ${ctx.seatName(0)} ${lm.influence[0]} – ${ctx.seatName(1)} ${lm.influence[1]} · `,
      lm.winner === null || lm.winner === undefined ? "no winner" : `${lm.winner === me ? "you" : ctx.seatName(lm.winner)} won ${lm.mp} MP`) : null,
    playerBar(ctx, v, bottom),
    me !== null && me !== undefined ? hand(ctx, v, me) : null);
}
