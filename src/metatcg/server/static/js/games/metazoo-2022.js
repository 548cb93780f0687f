// MetaZoo 2022, 2 to 4 Casters: every Caster's LP (Damage, LP Loss), status Indicators, zone
// counts and unspent Aura; the six Terra slots with the rotation pointer; the chain (bottom to
// top, the top resolves first); the Combat in progress; the Arena by controller (LP, Fatigued,
// statuses, Traits and marks, Pages beneath their host, face-down Pages as backs with their
// alias, Aura Pages); your Chapter. Mirrors games/metazoo_2022/terminal.py.

/** @typedef {import("../types/views").ViewsByGame["metazoo-2022"]} View the view this module draws (generated from the game's view schema) */
/** @typedef {{view: View, [key: string]: any}} SeatState */

const START_LP = 1000;
const WINDOWS = {start: "start of turn", end: "end of turn", chain: "chain",
  combat1: "Combat, before Defenders", combat2: "Combat, after Defenders"};

const title = (s) => String(s).replace(/[_-]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

// Board picks (js/pick.js): "trap" places a Page face-down in your Arena (the spot
// "arena<seat>"); Casters are spots by seat name (P2). The main and response menus open a card's
// menu instead of answering at the first click.
export const menuKinds = ["main", "__respond"];
/** @param {View} v @param {number} q */
export function score(v, q) {
  const c = (v.casters || [])[q];
  return c ? {text: c.out ? "out" : `LP ${c.lp}`, title: "Life Points"} : null;
}
export function keys(aid, ctx) {
  return aid === "trap" && ctx.me !== null && ctx.me !== undefined ? [`arena${ctx.me}`] : [];
}
export function hint(open) {
  return open.some((k) => /^arena\d+$/.test(k)) ? "click your Arena" : null;
}

/** @param {SeatState} state @param {any} ctx */
export function header(state, ctx) {
  const v = state.view || /** @type {View} */ ({});
  const bits = [];
  if (v.turn) bits.push(`Turn ${v.turn}`);
  bits.push(ctx.phase(state.over ? "over" : v.step));
  if (v.turn && !state.over && v.active !== undefined) bits.push(v.active === ctx.me ? "your turn" : `${ctx.seatName(v.active)}'s turn`);
  if (v.window && !state.over) {
    const who = v.window.seat === null ? "waiting for responses" : v.window.seat === ctx.me ? "you" : ctx.seatName(v.window.seat);
    bits.push(`★ ${who}: ${WINDOWS[v.window.name] || v.window.name}`);
  } else if (v.priority !== null && v.priority !== undefined && !state.over) {
    bits.push(`★ ${v.priority === ctx.me ? "you hold" : `${ctx.seatName(v.priority)} holds`} priority`);
  }
  return bits.join(" · ");
}

function statusWords(inds) {
  return (inds || []).map((i) => `${title(i.status)}${i.counters ? ` ${i.counters}` : ""}`);
}

function traitBadges(p) {
  const out = [];
  const counts = {};
  for (const t of p.traits || []) counts[t] = (counts[t] || 0) + 1;
  for (const [t, n] of Object.entries(counts)) out.push({t: title(t) + (n > 1 ? ` ×${n}` : ""), cls: "kw"});
  const m = p.marks || {};
  if ("burrowed" in m) out.push({t: "⇣ burrowed", cls: "dim"});
  if (m.flash) out.push({t: "ϟ no attack", cls: "warn"});
  if (m.defender) out.push({t: `Defender +${m.defender}`, cls: "ok"});
  return out;
}

/** Every Page the view shows by id (to name targets and hosts). */
function knownPages(v) {
  const out = {};
  for (const c of v.casters || []) for (const k of ["chapter", "chapter_seen", "limbo", "cemetery", "afterlife"]) for (const p of c[k] || []) out[p.id] = p;
  for (const p of v.arena || []) out[p.id] = p;
  for (const p of v.terra || []) if (p) out[p.id] = p;
  for (const it of v.chain || []) out[it.page.id] = it.page;
  for (const b of v.beneath || []) {
    if (b.name) out[b.id] = b;
    if (b.alias) out[b.alias] = {...b, id: b.alias};
  }
  return out;
}

/** A face-down Page's alias (f + turn * 100 + k) as a player knows it: when it was placed,
 *  never the alias itself (issue 29: no internal id on screen). */
function placed(alias) {
  const n = Number(String(alias || "").slice(1));
  return Number.isInteger(n) && n >= 100 ? `placed on turn ${Math.floor(n / 100)}` : "";
}

function refName(ctx, v, pages, ref) {
  if (!ref) return "?";
  if (/^P\d+$/.test(ref)) return ref === ctx.seatName(ctx.me) ? `${ref} (you)` : ref;
  if (ref[0] === "k") {
    const i = (v.chain || []).findIndex((it) => it.id === ref);
    return i >= 0 ? `chain ${i + 1} (${v.chain[i].page.name})` : "a chain item";
  }
  if (ref[0] === "f") return placed(ref) ? `face-down Page (${placed(ref)})` : "face-down Page";
  const p = pages[ref];
  return p ? p.name : ref;
}

class Ctx22 {
  constructor(ctx, v) {
    this.ctx = ctx;
    this.v = v;
    this.pages = knownPages(v);
    this.under = {};      // host id -> beneath rows
    this.loose = [];      // face-down Pages lying alone
    for (const b of v.beneath || []) {
      if (b.under) (this.under[b.under] = this.under[b.under] || []).push(b);
      else this.loose.push(b);
    }
    this.drawnHosts = new Set();
    const cb = v.combat;
    this.attacker = cb ? cb.attacker : null;
    this.target = cb ? cb.target : null;
    this.defenders = new Set(cb ? cb.defenders || [] : []);
  }

  page(p, opts = {}) {
    const ctx = this.ctx;
    const owner = p.controller ?? p.owner;
    const badges = [];
    if (p.id === this.attacker) badges.push({t: "» attacking", cls: "bad"});
    if (p.id === this.target) badges.push({t: "» target", cls: "hot"});
    if (this.defenders.has(p.id)) badges.push({t: "🛡 defending", cls: "hot"});
    if (p.fatigued) badges.push({t: "fatigued", cls: "warn"});
    if (p.damage) badges.push({t: `${p.damage} dmg`, cls: "bad"});
    if (p.lp_loss) badges.push({t: `loss ${p.lp_loss}`, cls: "bad"});
    for (const s of statusWords(p.statuses)) badges.push({t: s, cls: "status"});
    badges.push(...traitBadges(p));
    if (p.token) badges.push({t: "token", cls: "dim"});
    if (p.controller !== undefined && p.owner !== undefined && p.controller !== p.owner) {
      badges.push({t: `owner ${ctx.seatName(p.owner)}`, cls: "dim"});
    }
    const hosted = this.under[p.id] || [];
    if (hosted.length) this.drawnHosts.add(p.id);
    const under = hosted.filter((b) => !b.in_arena).map((b) => this.beneath(b));
    for (const b of hosted.filter((x) => x.in_arena)) badges.push({t: `⊃ ${b.name}`, cls: "dim"});
    const lp = p.lp !== undefined && p.lp !== null ? `LP ${p.lp}/${p.max_lp}` : undefined;
    const aura = p.type === "aura";
    return ctx.card(p, {
      owner, tapped: p.fatigued, nums: aura ? "" : lp, badges, under, small: opts.small || aura, kind: aura ? false : undefined,
      cls: ["page", `t-${p.type}`, p.id === this.attacker ? "attacker" : "", p.id === this.target || this.defenders.has(p.id) ? "targeted" : ""],
      detail: [lp, p.types && p.types.length ? `Types: ${p.types.map(title).join(", ")}` : null,
        p.damage ? `Damage ${p.damage}` : null, p.lp_loss ? `LP Loss ${p.lp_loss}` : null,
        ...(statusWords(p.statuses).length ? [`Status: ${statusWords(p.statuses).join(", ")}`] : []),
        p.controller !== undefined ? `Controller ${ctx.seatName(p.controller)}, owner ${ctx.seatName(p.owner)}` : null],
    });
  }

  /** A Page from ``beneath``: a face-down one is a back with the turn it was placed (its owner also sees
   *  the Page); Equipment and Pages put under another by name. */
  beneath(b) {
    const ctx = this.ctx;
    if (b.face_down) {
      if (!b.name) {
        return ctx.card({id: b.id}, {owner: b.controller, faceDown: true, label: "face-down Page", small: true,
          kind: false, nums: placed(b.id), badges: b.under ? [{t: "under", cls: "dim"}] : [], cls: "facedown"});
      }
      return ctx.card(b, {owner: b.controller, faceDown: true, small: true, label: b.name,
        nums: ["face-down", placed(b.alias)].filter(Boolean).join(", "), badges: [{t: "only you see it", cls: "dim"}, ...traitBadges(b)], cls: "facedown own"});
    }
    return this.page(b, {small: true, extra: b.equipment ? "Equipment" : null});
  }

  casterPanel(q) {
    const ctx = this.ctx;
    const {h} = ctx;
    const v = this.v;
    const c = v.casters[q];
    const mine = q === ctx.me;
    const active = v.active === q && v.turn && !ctx.state.over;
    const holder = v.window ? v.window.seat : v.priority;
    const pct = Math.max(0, Math.min(100, 100 * c.lp / START_LP));
    const aura = Object.entries(c.aura || {});
    const isTarget = this.target === ctx.seatName(q);
    return h("div.panel.caster", {class: [ctx.pcls(q), mine ? "mine" : "", active ? "active" : "", c.out ? "out" : "", isTarget ? "targeted" : ""],
      data: {seat: q, ref: ctx.seatName(q)}, role: "group", "aria-label": `${ctx.seatName(q)}'s Caster`},
    h("div.panel-head",
      h("b", ctx.seatLabel(q)),
      c.out ? h("span.out-mark", "OUT") : null,
      active ? h("span.turn-mark", "◀ turn") : null,
      holder === q && !ctx.state.over ? h("span.dec-mark", "★ priority") : ctx.state.deciding === q && !ctx.state.over ? h("span.dec-mark", "deciding") : null,
      isTarget ? ctx.badge("» attacked", "hot") : null),
    h("div.lp-row",
      h("span.lp", {class: c.lp < 300 ? "low" : ""}, `LP ${c.lp}`),
      h("span.meter", h("span.fill", {style: {width: `${pct}%`}})),
      c.damage || c.lp_loss ? h("span.dim", ` dmg ${c.damage} · loss ${c.lp_loss}`) : null),
    statusWords(c.statuses).length ? h("div.row", statusWords(c.statuses).map((s) => ctx.badge(s, "status"))) : null,
    h("div.counters",
      ctx.counter("Spellbook", c.spellbook_count),
      ctx.counter("Chapter", c.chapter_count),
      c.archive_count ? ctx.counter("Archive", c.archive_count) : null,
      c.mulligans ? ctx.counter("Mulligans", c.mulligans) : null,
      aura.length ? h("span.counter.aura-pool", h("span.k", "Aura"), h("span.v", aura.map(([t, n]) => `${n} ${title(t)}`).join(" · "))) : null,
      c.aura_contracted ? h("span.counter.dim", {title: "Contracted an Aura Page this turn"}, "Aura contracted ✓") : null),
    !mine && (c.chapter_seen || []).length ? h("div.seen", h("span.dim", "Seen in Chapter: "), h("div.cards.wrap", c.chapter_seen.map((p) => this.page(p, {small: true})))) : null,
    h("div.row.piles",
      ctx.pile("Limbo", c.limbo, {owner: q}),
      ctx.pile("Cemetery", c.cemetery, {owner: q}),
      ctx.pile("Afterlife", c.afterlife, {owner: q})));
  }

  terraRow() {
    const ctx = this.ctx;
    const {h} = ctx;
    const v = this.v;
    const rot = v.rotation || 0;
    return h("div.panel.terra-row",
      h("div.panel-head", h("b", "Terra"), h("span.dim", " ▸ marks the slot the next Terra goes to")),
      h("div.terra-slots", {data: {scroll: "terra"}, tabindex: "0", role: "region", "aria-label": "Terra Pages"}, (v.terra || []).map((p, i) => h("div.terra-slot", {class: i === rot ? "next" : ""},
        h("div.slot-no", `${i === rot ? "▸ " : ""}${i + 1}`),
        p ? this.page(p, {small: true}) : h("div.empty", "–")))));
  }

  chain() {
    const ctx = this.ctx;
    const {h} = ctx;
    const v = this.v;
    const chain = v.chain || [];
    if (!chain.length) return null;
    const top = chain.length - 1;
    const kinds = {contract: "Contract", effect: "Effect", copy: "copy"};
    return h("div.panel.chain",
      h("div.panel-head", h("b", "Chain"), h("span.dim", ` ${chain.length} item${chain.length > 1 ? "s" : ""} · top resolves first`)),
      h("ol.chain-list", {reversed: true}, chain.slice().reverse().map((it, j) => {
        const i = top - j;
        const targets = (it.targets || []).flat().map((r) => refName(ctx, v, this.pages, r));
        return h("li.chain-item", {class: [ctx.pcls(it.seat), i === top ? "top" : ""], data: {ref: it.id}},
          h("span.chain-no", `${i + 1}`),
          this.page(it.page, {small: true}),
          h("div.chain-what",
            h("div", h("b", ctx.seatName(it.seat)), ` · ${kinds[it.kind] || it.kind}${it.kind === "effect" && it.effect >= 0 ? ` ${it.effect + 1}` : ""}`),
            targets.length ? h("div", `→ ${targets.join(", ")}`) : null,
            i === top ? h("div.top-mark", "◀ resolves first") : null));
      })));
  }

  combat() {
    const ctx = this.ctx;
    const {h} = ctx;
    const v = this.v;
    const cb = v.combat;
    if (!cb) return null;
    const att = this.pages[cb.attacker];
    const defs = (cb.defenders || []).map((d) => `${refName(ctx, v, this.pages, d)}${d === cb.primary ? " (primary)" : ""}`);
    return h("div.panel.combat", {class: ctx.pcls(cb.seat)},
      h("div.panel-head", h("b", "⚔ Combat")),
      h("div",
        h("b", ctx.seatName(cb.seat)), " ",
        h("span.ref.att", {data: {ref: cb.attacker}}, att ? att.name : cb.attacker),
        cb.target ? [" attacks ", h("span.ref.tgt", {data: {ref: cb.target}}, refName(ctx, v, this.pages, cb.target))] : " declares an Attack",
        cb.attack >= 0 ? h("span.dim", cb.damage ? ` with ${cb.damage}` : ` with attack ${cb.attack + 1}`) : null),
      h("div", h("b", "Defenders: "), defs.length ? defs.join(", ") : h("span.dim", "none"),
        cb.counter >= 0 && cb.primary ? h("span.dim", ` · counter: attack ${cb.counter + 1}`) : null));
  }

  arena(q) {
    const ctx = this.ctx;
    const {h} = ctx;
    const v = this.v;
    const pages = (v.arena || []).filter((p) => (p.controller ?? p.owner) === q);
    const units = pages.filter((p) => p.type !== "aura");
    const auras = pages.filter((p) => p.type === "aura");
    const loose = this.loose.filter((b) => b.controller === q);
    const mine = q === ctx.me;
    return h("div.arena-side", {class: [ctx.pcls(q), mine ? "mine" : ""], data: {seat: q, ref: `arena${q}`}, role: "group",
      "aria-label": `${ctx.seatName(q)}'s Arena`},
      h("div.arena-head", h("b", ctx.seatLabel(q)), h("span.dim", ` · Arena ${pages.length}${loose.length ? ` · face-down ${loose.length}` : ""}`)),
      h("div.cards.arena-cards", {data: {scroll: `arena${q}`}},
        units.map((p) => this.page(p)),
        loose.map((b) => this.beneath(b)),
        !units.length && !loose.length ? h("div.empty", "no Beasties or Artifacts") : null),
      auras.length ? h("div.cards.wrap.aura-row", auras.map((p) => this.page(p, {small: true}))) : null);
  }
}

function surroundings(ctx, v) {
  const {h} = ctx;
  const s = v.surroundings;
  if (!s || s.mode === "terra_only") return null;
  const lines = [];
  if (s.shared) lines.push(`shared: ${[...(s.shared.keys || []), ...(s.shared.items || [])].join(", ") || "nothing"}`);
  (s.casters || []).forEach((c, q) => {
    const parts = [...(c.keys || []), ...(c.items || []), ...(c.self || []).map((x) => `self: ${x}`)];
    const now = (c.derived || []).length ? ` · now ${c.derived.join(", ")}` : "";
    if (parts.length || now) lines.push(`${ctx.seatName(q)}: ${parts.join(", ") || "nothing"}${now}`);
  });
  return h("details.panel.surroundings",
    h("summary", h("b", "Surroundings"), ` · ${title(s.mode)}${s.moment ? ` · ${s.moment.replace("T", " ").slice(0, 16)}` : ""}`),
    lines.map((l) => h("div", l)));
}

/** @param {SeatState} state @param {any} ctx */
export function render(state, ctx) {
  const {h} = ctx;
  const v = state.view;
  const n = (v.casters || []).length;
  const c22 = new Ctx22(ctx, v);
  const order = ctx.order(n);
  const me = ctx.me;
  const mine = me !== null && me !== undefined;
  const others = order.slice(0, -1);
  const bottom = order[order.length - 1];
  const chapter = mine ? (v.casters[me].chapter || []) : null;
  // arena first (draws hosts), then the Pages beneath whose host is not on the board
  const arenaOthers = others.map((q) => c22.arena(q));
  const arenaMine = c22.arena(bottom);
  const terra = c22.terraRow();
  const chainEl = c22.chain();
  const stray = (v.beneath || []).filter((b) => b.under && !c22.drawnHosts.has(b.under));
  return h("div.mz22",
    h("div.casters", {class: `n${n}`}, Array.from({length: n}, (_, q) => c22.casterPanel(q))),
    surroundings(ctx, v),
    h("div.table-mid",
      terra,
      chainEl,
      c22.combat()),
    h("div.arena",
      h("div.arena-title", "Arena"),
      arenaOthers,
      h("div.arena-divider"),
      arenaMine),
    stray.length ? ctx.zone("Beneath other Pages", stray.map((b) => c22.beneath(b)), {}) : null,
    chapter ? h("div.zone.hand", h("div.zone-title", "Your Chapter ", h("span.count", chapter.length)),
      h("div.cards", {data: {scroll: "hand"}}, chapter.length ? chapter.map((p) => c22.page(p)) : h("div.empty", "empty"))) : null);
}
