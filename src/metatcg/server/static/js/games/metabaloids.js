// Metabaloids, 2 to 4 seats: each seat's play area as its three columns (left, middle, right)
// with the column sums, the counts that matter (lost cards are the score: fewest wins), the
// reserve and event areas, the battle in progress with its totals, the setup deployment points
// and your hand. Mirrors games/metabaloids/terminal.py.

/** @typedef {import("../types/views").ViewsByGame["metabaloids"]} View the view this module draws (generated from the game's view schema) */
/** @typedef {{view: View, [key: string]: any}} SeatState */

const COLS = ["Left", "Middle", "Right"];
const SETUP_POINTS = 7;

// Board picks (js/pick.js): a column is a spot, "col<seat>-<0..2>" ("@1" in an action id is the
// left column of the card's owner, or of the one deciding); the turn's menus of moves open a
// card's menu instead of answering at the first click.
export const menuKinds = ["abilities", "__respond"];
/** @param {View} v @param {number} q */
export function score(v, q) {
  const p = (v.players || [])[q];
  return p ? {text: `lost ${p.lost_count}`, title: "Lost cards: the score, fewest wins"} : null;
}
// paying and card losses are runs of picks: chosen together with the points they make, then confirmed
export const multiKinds = ["pay", "lose"];
export function pickValue(label) {
  const m = /(\d+) points?\b/.exec(label);
  return m ? Number(m[1]) : 0;
}
export function keys(aid, ctx) {
  const m = /@(\d)/.exec(aid);
  if (!m) return [];
  const card = /c\d+/.exec(aid);
  let owner = ctx.me;
  if (card && /^shift:/.test(aid)) {
    (ctx.view.players || []).forEach((p, q) => {
      if ((p.columns || []).some((col) => col.some((c) => c.id === card[0]))) owner = q;
    });
  }
  return [`col${owner}-${Number(m[1]) - 1}`];
}
export function hint(open) {
  return open.every((k) => /^col\d+-\d$/.test(k)) ? "click a lit column" : null;
}

/** @param {SeatState} state @param {any} ctx */
export function header(state, ctx) {
  const v = state.view || /** @type {View} */ ({});
  const bits = [];
  if (v.turn && v.phase !== "setup") bits.push(`Turn ${v.turn}`);
  bits.push(ctx.phase(v.phase));
  if (v.phase !== "setup" && v.phase !== "over" && !state.over && v.active !== undefined) {
    bits.push(v.active === ctx.me ? "your turn" : `${ctx.seatName(v.active)}'s turn`);
  }
  if (v.short_game) bits.push("short game");
  return bits.join(" · ");
}

function colSum(cards, stat) {
  return cards.filter((c) => !c.safe).reduce((t, c) => t + (c[stat] || 0), 0);
}

function tile(ctx, c, q, opts = {}) {
  const info = ctx.info(c.name);
  const event = info && info.type === "event";
  const badges = [
    c.marked ? {t: opts.role || "in battle", cls: "bad"} : null,
    c.safe ? {t: "safe", cls: "dim"} : null,
    c.used ? {t: "✓ used", cls: "kw"} : null,
  ];
  return ctx.card(c, {
    owner: q, tapped: c.safe, kind: false, small: opts.small,
    nums: event ? `cost ${c.cost} · event · META ${c.meta}` : `ATK ${c.attack} · DEF ${c.defense} · META ${c.meta} · cost ${c.cost}`,
    badges, cls: ["mb", c.marked ? "marked" : "", opts.cls || ""],
    detail: [event ? "Event" : `ATK ${c.attack} · DEF ${c.defense}`, `META ${c.meta} · cost ${c.cost}`,
      c.safe ? "Safe (turned sideways): its column ignores it" : null, c.used ? "Used its ability this round" : null],
  });
}

function grid(ctx, v, q) {
  const {h} = ctx;
  const p = v.players[q];
  const b = v.battle;
  const cols = p.columns || [[], [], []];
  return h("div.mb-grid", {data: {scroll: `grid${q}`}}, cols.map((col, i) => {
    const atk = b && b.attacker === q && b.attack_column === i;
    const def = b && b.defender === q && b.defense_column === i;
    return h("div.mb-col", {class: [atk ? "atk" : "", def ? "def" : ""], data: {ref: `col${q}-${i}`}, role: "group",
      "aria-label": `${ctx.seatName(q)}'s ${(COLS[i] || `column ${i + 1}`).toLowerCase()} column`},
      h("div.mb-col-head", h("b", COLS[i] || `Column ${i + 1}`),
        h("span.sums", ` ATK ${colSum(col, "attack")} · DEF ${colSum(col, "defense")}`),
        atk ? ctx.badge("attacking", "bad") : def ? ctx.badge("defending", "hot") : null),
      h("div.mb-stack", col.length ? col.map((c) => tile(ctx, c, q, {role: atk ? "attacking" : def ? "target" : "in battle"}))
        : h("div.empty", "–")));
  }));
}

function seatPanel(ctx, v, q, {mine}) {
  const {h} = ctx;
  const p = v.players[q];
  const active = v.active === q && v.phase !== "setup" && !ctx.state.over;
  const deciding = ctx.state.deciding === q && !ctx.state.over;
  const setup = v.setup;
  const attacked = (v.attacked || []).includes(q);
  const zones = [];
  if ((p.reserve || []).length) zones.push(ctx.zone("Reserve", p.reserve.map((c) => tile(ctx, c, q, {small: true}))));
  if ((p.events || []).length) zones.push(ctx.zone("Events", p.events.map((c) => tile(ctx, c, q, {small: true}))));
  if (!mine && (p.hand_seen || []).length) zones.push(ctx.zone("Seen in hand", p.hand_seen.map((c) => tile(ctx, c, q, {small: true}))));
  return h("div.panel.mb-seat", {class: [ctx.pcls(q), mine ? "mine" : "", active ? "active" : ""], data: {seat: q, ref: ctx.seatName(q)}},
    h("div.panel-head",
      h("b", ctx.seatLabel(q)),
      active ? h("span.turn-mark", "◀ turn") : null,
      deciding ? h("span.dec-mark", "deciding") : null,
      attacked ? h("span.dim", " attacked") : null,
      h("span.counters",
        ctx.counter("Lost", p.lost_count, {cls: "big lost", title: "Lost cards: the score, fewest wins"}),
        ctx.counter("Hand", p.hand_count),
        ctx.counter("Draw", p.draw_count, {title: "Draw pile"}),
        setup && setup.points && setup.points[q] !== undefined
          ? ctx.counter("Deployed", `${setup.points[q]}/${SETUP_POINTS}${setup.done[q] ? " ✓" : ""}`, {cls: "hot"}) : null)),
    p.draw_top ? h("div.row.small-row", h("span.dim", "Top of draw pile (seen): "), tile(ctx, p.draw_top, q, {small: true})) : null,
    grid(ctx, v, q),
    zones,
    h("div.row.piles",
      ctx.pile("Discard", p.discard, {owner: q}),
      ctx.pile("Lost", p.lost, {owner: q}),
      (p.reshuffled || []).length ? h("details.pile", h("summary", h("span.pile-title", "Reshuffled"), h("span.count", ` ${p.reshuffled.length}`)),
        h("div.names", p.reshuffled.join(", "))) : null));
}

function battle(ctx, v) {
  const {h} = ctx;
  const b = v.battle;
  if (!b) return null;
  const players = v.players;
  const asum = colSum(players[b.attacker].columns[b.attack_column] || [], "attack");
  const dsum = colSum(players[b.defender].columns[b.defense_column] || [], "defense");
  const decided = b.attack_total !== null && b.attack_total !== undefined && !b.attack_draw && !b.defense_draw;
  const sideBox = (label, seat, col, cardJ, sum, draw, bonus, total, stat) => h("div.mb-bside", {class: ctx.pcls(seat)},
    h("div.bs-head", h("b", `${ctx.seatLabel(seat)} · ${label}`), h("span.dim", ` ${COLS[col]} column`)),
    h("div.row", tile(ctx, cardJ, seat, {small: true, role: label}),
      draw ? h("div.bs-draw", h("div.dim", "drawn"), tile(ctx, draw, seat, {small: true, cls: "drawn"})) : null),
    h("div.bs-total", `${stat} ${sum}`, draw ? ` + draw ${draw.cost}` : "", bonus ? ` ${bonus > 0 ? "+" : "−"} bonus ${Math.abs(bonus)}` : "",
      total !== null && total !== undefined ? h("b", ` = ${total}`) : ""));
  return h("div.panel.mb-battle",
    h("div.panel-head", h("b", "⚔ Battle"),
      decided ? h("span.dim", ` decided: ${b.attack_total} vs ${b.defense_total} · losses are being paid`)
        : b.attack_total === null || b.attack_total === undefined ? h("span.dim", " draws to come") : null),
    h("div.mb-bsides",
      sideBox("attacking", b.attacker, b.attack_column, b.attacking_card, asum, b.attack_draw, b.attack_bonus, b.attack_total, "ATK"),
      h("div.vs", "vs"),
      sideBox("target", b.defender, b.defense_column, b.target_card, dsum, b.defense_draw, b.defense_bonus, b.defense_total, "DEF")));
}

/** @param {SeatState} state @param {any} ctx */
export function render(state, ctx) {
  const {h} = ctx;
  const v = state.view;
  const n = v.players.length;
  const order = ctx.order(n);
  const me = ctx.me;
  const bottom = order[order.length - 1];
  const others = order.slice(0, -1);
  const mine = me !== null && me !== undefined;
  return h("div.metabaloids",
    h("div.mb-others", {class: `n${others.length}`}, others.map((q) => seatPanel(ctx, v, q, {mine: false}))),
    battle(ctx, v),
    seatPanel(ctx, v, bottom, {mine}),
    mine && v.players[me].hand ? ctx.zone("Your hand", v.players[me].hand.map((c) => tile(ctx, c, me)),
      {cls: "hand", scrollKey: "hand"}) : null);
}
