// The board page (play.html): a seat's board, a spectator's board and the replay viewer.
//
// Generic parts live here (card tiles, card-text popup, counters, piles, the action bar, the
// turn indicator, the log, the game-over screen, reconnect banner); each game's layout is a
// module in /static/js/games/<game>.js exporting render(state, ctx) -> HTMLElement (and
// optionally header(state, ctx) -> string). A game without a module gets games/generic.js.
//
// Nothing is put on the page that did not come from the server's state for this seat (or
// from the game's card table).

import {h, clear, $, $$, seatName, toast} from "/static/js/dom.js";
import * as api from "/static/js/api.js";
import {indexActions, narrow, openKeys, click as pickClick} from "/static/js/pick.js";
import {LogView, lastMoves, mergeMoves} from "/static/js/recent.js";
import {numbersLine} from "/static/js/face.js";

const BAR_MAX = 8;              // buttons shown at once, in the bar or at a card
const QUIET_ACTIONS = /^(pass|done|end|end_[a-z_]+|back|stop|keep|none|no|skip|finish)$/;

// --------------------------------------------------------------------- game modules
const modules = new Map();
export function gameModule(game) {
  if (!modules.has(game)) {
    const safe = /^[a-z0-9_-]+$/i.test(game) ? game : "generic";
    modules.set(game, import(`/static/js/games/${safe}.js`)
      .catch(() => import("/static/js/games/generic.js")));
  }
  return modules.get(game);
}

// --------------------------------------------------------------------- the Board
export class Board {
  /**
   * mode: "seat" | "watch" | "replay"; onAction(id) and onConcede() for a seat.
   */
  constructor({mode, id, token, onAction, onConcede}) {
    /** @type {(() => void) | null} what to do when the server says the page is behind */
    this.onStale = null;
    this.mode = mode;
    this.id = id;
    this.token = token;
    this.onAction = onAction || (() => {});
    this.onConcede = onConcede || (() => {});
    this.state = null;
    this.cards = {};
    this.module = null;
    this.sel = [];               // the board keys picked so far for a decision (js/pick.js)
    this.allOpen = false;        // the action bar shows every option
    this.chosen = [];            // a multi-pick's options chosen so far (sent on Confirm)
    this.queue = null;           // {aids, kind, n}: the rest of a confirmed multi-pick
    this.lastMove = {};          // seat -> the last thing it did that the log tells (js/recent.js)
    this.cardSigs = new Map();   // card id -> what its tile showed last (to mark what changed)
    this.pinned = null;          // the card element whose popup stays open
    this.pending = null;         // {action, n, at}: an action sent, no new state yet
    this.details = new WeakMap(); // card element -> extra lines for its popup
    this.overDismissed = false;
    this.shownLog = [];
    this.seenNotes = null;
    this.metaGame = null;
    this.el = {
      board: $("#board"), log: $("#log"), turn: $("#turn"), prompt: $("#prompt"), actions: $("#actions"),
      over: $("#game-over"), result: $("#result-text"), concede: $("#concede"), popup: $("#card-text"),
      seats: $("#seats-bar"), phase: $("#phase"), timer: $("#timer"), title: $("#game-title"),
      actionbar: $("#actionbar"), notes: $("#notes"), overBtn: $("#show-result"), recent: $("#last-moves"),
    };
    this.logView = new LogView(this.el.log, $("#log-filter"), $("#log-toggle"));
    this._wire();
    setInterval(() => this._tickTimer(), 1000);
  }

  // ------------------------------------------------------------------- events
  _wire() {
    const hover = window.matchMedia("(hover: hover) and (pointer: fine)");
    document.addEventListener("mouseover", (ev) => {
      if (!hover.matches || this.pinned) return;
      const t = ev.target.closest && ev.target.closest("[data-card-id]");
      if (t && t.dataset.cardName) this.showCardText(t, false);
    });
    document.addEventListener("mouseout", (ev) => {
      if (!hover.matches || this.pinned) return;
      const t = ev.target.closest && ev.target.closest("[data-card-id]");
      if (t && !(ev.relatedTarget && t.contains(/** @type {Node} */ (ev.relatedTarget)))) this.hideCardText();
    });
    document.addEventListener("click", (ev) => {
      const menuBtn = ev.target.closest("[data-menu-action]");
      if (menuBtn) {
        ev.preventDefault();
        this.take(menuBtn.dataset.menuAction);
        return;
      }
      if (ev.target.closest("#card-text")) return;
      const t = ev.target.closest("[data-card-id], [data-ref]");
      if (t && this.el.board.contains(t)) {
        ev.preventDefault();
        this.select(t);
        return;
      }
      if (ev.target.closest("#actionbar")) return;
      if (this.pinned || this.sel.length) {
        this.pinned = null;
        this.hideCardText();
        this.setSel([]);
      }
    });
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") {
        this.pinned = null;
        this.hideCardText();
        this.setSel([]);
      } else if (/^[1-9]$/.test(ev.key) && !ev.altKey && !ev.ctrlKey && !ev.metaKey
        && !(ev.target.closest && ev.target.closest("input, select, textarea, dialog"))) {
        // number keys: the n-th option shown (in the card's menu when one is open, else the bar)
        const menu = this.pinned && !this.el.popup.hidden ? $$("#card-text button[data-menu-action]") : [];
        const list = menu.length ? menu : $$("#actions button[data-action-id]").filter((b) => !b.hidden && b.offsetParent);
        const b = list[Number(ev.key) - 1];
        if (b && !b.disabled) { ev.preventDefault(); b.click(); }
      } else if ((ev.key === "Enter" || ev.key === " ") && ev.target instanceof Element
                 && ev.target.matches("[data-card-id], [data-ref]")) {
        ev.preventDefault();
        this.select(ev.target);
      }
    });
    // drag a card onto one of its targets: the same pick as two clicks
    document.addEventListener("dragstart", (ev) => {
      const t = ev.target.closest && ev.target.closest("[data-card-id]");
      if (!t || !this.el.board.contains(t) || !this.myDecision || this.pending) return;
      const r = pickClick(this.index(), [], t.dataset.cardId, false);
      if (!r.sel.length || !openKeys(r.cands, r.sel).size) { ev.preventDefault(); return; }
      ev.dataTransfer.setData("text/plain", t.dataset.cardId);
      ev.dataTransfer.effectAllowed = "move";
      this.pinned = null;
      this.hideCardText();
      this.pickHint = "drop it on a lit target";
      this.setSel(r.sel);
    });
    document.addEventListener("dragover", (ev) => {
      if (ev.target.closest && ev.target.closest("#board .target")) ev.preventDefault();
    });
    document.addEventListener("drop", (ev) => {
      const t = ev.target.closest && ev.target.closest("#board .target");
      if (t) { ev.preventDefault(); this.select(t); }
    });
    this.el.actions.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-action-id]");
      if (b && !b.disabled) this.take(b.dataset.actionId);
      const f = ev.target.closest(".filter-clear");
      if (f) { this.pinned = null; this.hideCardText(); this.setSel([]); }
      if (ev.target.closest("#all-options")) {
        this.allOpen = !this.allOpen;
        this.actionsSig = null;
        this.renderActions(this.ctx());
        const first = $$("#actions button[data-action-id]").find((x) => !x.hidden);
        if (this.allOpen && first) first.focus();
      }
    });
    this.el.actions.addEventListener("mouseover", (ev) => {
      const b = ev.target.closest("button[data-action-id]");
      this._highlight(b ? b.dataset.actionId : null);
    });
    this.el.actions.addEventListener("mouseleave", () => this._highlight(null));
    if (this.el.concede) {
      this.el.concede.addEventListener("click", () => {
        if (!this.state || this.state.over) return;
        if (window.confirm("Concede this game? It counts as a loss for you.")) this.onConcede();
      });
    }
    const barToggle = $("#bar-toggle");
    if (barToggle) {
      barToggle.addEventListener("click", () => {
        this.barClosed = !this.barClosed;
        this._barToggle();
      });
    }
    const logToggle = $("#log-toggle");
    if (logToggle) {
      const logBox = logToggle.closest("#log-box");
      if (window.innerWidth <= 600) { logBox.classList.add("closed"); logToggle.setAttribute("aria-expanded", "false"); }
      logToggle.addEventListener("click", () => {
        const box = logBox;
        box.classList.toggle("closed");
        logToggle.setAttribute("aria-expanded", box.classList.contains("closed") ? "false" : "true");
        if (!box.classList.contains("closed")) this.el.log.scrollTop = this.el.log.scrollHeight;
      });
    }
    const closeOver = $("#close-over");
    if (closeOver) closeOver.addEventListener("click", () => { this.overDismissed = true; this.el.over.hidden = true; });
    if (this.el.overBtn) this.el.overBtn.addEventListener("click", () => { this.el.over.hidden = false; });
    window.addEventListener("resize", () => { this._fitBar(); this.logView.follow(); });
    if (window.ResizeObserver && this.el.actionbar) new ResizeObserver(() => this._fitBar()).observe(this.el.actionbar);
  }

  _fitBar() {
    if (!this.el.actionbar) return;
    document.documentElement.style.setProperty("--bar-h", `${this.el.actionbar.offsetHeight}px`);
    this.logView.follow();
  }

  // ------------------------------------------------------------------- state
  get me() {
    const s = this.state;
    if (!s) return null;
    if (s.seat !== null && s.seat !== undefined) return s.seat;
    return null;
  }

  get myDecision() {
    const s = this.state;
    return !!s && this.mode === "seat" && !s.over && s.deciding !== null && s.deciding === this.me
      && (s.legal_actions || []).length > 0;
  }

  /** A player id as a person reads it (/api/meta's player_names): "Normal bot" for bot:normal. */
  playerName(p) {
    const name = (this.playerNames && this.playerNames[p]) || p;
    return String(p).startsWith("bot:") && !/bot/i.test(name) ? `${name} bot` : name;
  }

  /** @param {any} state @param {{log?: boolean}} [opts] */
  async setState(state, {log} = {}) {
    const prev = this.state;
    const newN = !prev || prev.n !== state.n;
    this.state = state;
    if (this.loadedGame !== state.game) {
      this.loadedGame = state.game;
      this.loading = (async () => {
        const [mod, cards, meta] = await Promise.all([gameModule(state.game), api.cards(state.game), api.meta().catch(() => null)]);
        this.module = mod;
        this.cards = cards;
        this.metaGame = ((meta && meta.games) || []).find((g) => g.id === state.game) || null;   // its phase names
        this.playerNames = (meta && meta.player_names) || {};                                   // "Normal bot", not bot:greedy
      })();
      import("/static/js/help.js").then((m) => m.startHelp(state.game));   // tooltips on every word, the Rules panel
      api.meta().then((m) => {
        this.metaGame = (m.games || []).find((g) => g.id === state.game) || null;
        this._title();
      }).catch(() => {});
      this._title();
    }
    await this.loading;
    if (this.state !== state) return;      // a newer state came while loading
    if (newN || (this.pending && state.n !== this.pending.n)) this.pending = null;
    if (newN) { this.sel = []; this.allOpen = false; this.chosen = []; }
    const lines = log || state.fullLog || state.log || [];
    if (newN) this._recent(lines, !prev);
    this.render();
    this.renderLog(lines);
    if (newN) this._runQueue(state);
    this._notes(state.notes || []);
  }

  /** The last move of each other seat, from the log lines new since the last state. */
  _recent(lines, first) {
    const s = this.state;
    const n = (s.seats && s.seats.length) || 2;
    const me = this.mode === "seat" ? this.me : null;
    const whole = first || this.mode === "replay";
    if (whole) this.lastMove = {};
    const from = whole ? 0 : Math.min(this.shownLog.length, lines.length);
    mergeMoves(this.lastMove, lastMoves(lines.slice(from), n, me));
  }

  _title() {
    const s = this.state;
    if (!s || !this.el.title) return;
    const title = (this.metaGame && this.metaGame.title) || s.game;
    const what = this.mode === "watch" ? "watching" : this.mode === "replay" ? "replay" : "";
    this.el.title.textContent = `${title}${what ? ` · ${what}` : ""}`;
    document.title = `${title} · metatcg`;
  }

  // ------------------------------------------------------------------- helpers for game modules
  ctx() {
    const s = this.state;
    const view = s.view || {};
    const me = this.me;
    const actions = this.mode === "seat" ? (s.legal_actions || []) : [];
    const self = this;
    const nSeats = (s.seats && s.seats.length) || view.seats || (view.players || view.casters || []).length || 2;
    const ctx = {
      h, state: s, view, me, nSeats, mode: this.mode, cardsByName: this.cards, actions,
      myDecision: this.myDecision,
      info: (name) => (name && this.cards[name]) || null,
      seatName,
      seatLabel: (q) => {
        if (q === me) return `${seatName(q)} (you)`;
        const seat = (s.seats || [])[q];
        return seat && seat.player && seat.player !== "human" ? `${seatName(q)} (${this.playerName(seat.player)})` : seatName(q);
      },
      pcls: (q) => (q === null || q === undefined ? "" : `p${q}`),
      actionsFor: (ref) => this.index().filter((e) => e.keys.includes(ref)).map((e) => e.a),
      /** seats in the order to draw them: the others first (next after me on top), me last */
      order: (n = nSeats) => {
        const base = me === null || me === undefined ? 0 : me;
        const out = [];
        for (let i = 1; i <= n; i++) out.push((base + i) % n);
        return out;                      // ends with base (me)
      },
      phase: (key) => phaseName(this.metaGame, key),
      card: (c, opts) => self.card(c, opts),
      counter, pile: (title, list, opts) => self.pile(title, list, opts), zone: (title, list, opts) => self.zone(title, list, opts),
      section, badge,
    };
    return ctx;
  }

  /**
   * A card tile. c: {id, name, ...}; opts:
   *   owner (seat, for the colour), nums (string: live numbers; default the card table's),
   *   badges ([{t, cls}] or strings), tapped, faceDown, label (text on a back), under ([elements]
   *   attached below), detail ([lines] for the popup), cls, small, kind (false: no type line),
   *   title (extra word on top, like "Caster").
   */
  card(c, opts = {}) {
    c = c || {};
    const id = c.id !== undefined && c.id !== null ? String(c.id) : (opts.id || null);
    const name = opts.faceDown && !c.name ? null : (c.name || null);
    const info = name ? this.cards[name] : null;
    const me = this.me;
    const owner = opts.owner !== undefined ? opts.owner : null;
    const cls = ["card"];
    if (owner !== null && owner !== undefined) cls.push(`p${owner}`);
    if (owner !== null && owner !== undefined && owner === me) cls.push("mine");
    if (opts.tapped) cls.push("tapped");
    if (opts.faceDown) cls.push("back");
    if (opts.small) cls.push("small");
    if (info && info.type) cls.push(`ty-${String(info.type).replace(/[^a-z0-9_-]/gi, "")}`);
    if (opts.cls) cls.push(...[].concat(opts.cls));
    const badges = (opts.badges || []).filter(Boolean).map((b) => (typeof b === "string" ? badge(b) : badge(b.t, b.cls, b.title)));
    let kind = null;
    if (opts.kind !== false && info && info.kind) kind = info.kind;
    if (typeof opts.kind === "string") kind = opts.kind;
    const nums = opts.nums !== undefined ? opts.nums : (info && info.numbers) || "";
    const el = h("div", {
      class: cls, tabindex: "0", role: "button",
      data: {cardId: id || "", cardName: name || (opts.faceDown ? "" : "")},
    },
    opts.title ? h("div.c-title", opts.title) : null,
    h("div.c-name", name || opts.label || "?"),
    kind ? h("div.c-kind", kind) : null,
    nums ? h("div.c-nums", numbersLine(nums)) : null,
    badges.length ? h("div.c-badges", badges) : null,
    opts.under && opts.under.length ? h("div.c-under", opts.under) : null);
    // cards shown under another (attachments, face-down Pages) are part of it: one control, so
    // nothing focusable nests inside a control (WCAG); the mouse still picks them by their id
    for (const u of el.querySelectorAll(".c-under [role=button]")) { u.removeAttribute("role"); u.removeAttribute("tabindex"); }
    if (opts.faceDown && !c.name) el.dataset.cardName = "";
    if (opts.detail) this.details.set(el, [].concat(opts.detail).filter(Boolean));
    return el;
  }

  ctx_actionsFor(id) {
    if (this.mode !== "seat" || !this.state) return [];
    return this.index().filter((e) => e.keys.includes(id)).map((e) => e.a);
  }

  /** The legal actions with their board keys (js/pick.js), worked out once per state. */
  index() {
    const s = this.state;
    if (!s || this.mode !== "seat" || s.over) return [];
    if (this._index && this._index.s === s && this._index.mod === this.module) return this._index.list;
    const ctx = {me: this.me, view: s.view || {}, state: s};
    const extra = this.module && this.module.keys ? (aid) => this.module.keys(aid, ctx) : null;
    const list = indexActions(s.legal_actions || [], extra);
    this._index = {s, mod: this.module, list};
    return list;
  }

  /** A confirmed multi-pick goes on while the same decision asks again right after it. */
  _runQueue(state) {
    const q = this.queue;
    this.queue = null;
    if (!q || !q.aids.length) return;
    const dec = (state.view || {}).deciding || {};
    if (!this.myDecision || state.n !== q.n || dec.kind !== q.kind) return;
    const [next, ...rest] = q.aids;
    if (!(state.legal_actions || []).some((a) => a.id === next)) return;
    this.queue = {aids: rest, kind: q.kind, n: state.n + 1};
    this.take(next);
  }

  /** Is this decision one of a run of picks of one kind (paying, losing cards)? Then cards are
   *  chosen with a running total and sent together on Confirm. */
  multiPick() {
    const dec = (this.state.view || {}).deciding || {};
    return !!(this.module && this.module.multiKinds && this.module.multiKinds.includes(dec.kind));
  }

  _toggleChosen(aid) {
    this.chosen = this.chosen.includes(aid) ? this.chosen.filter((x) => x !== aid) : [...this.chosen, aid];
    this.pinned = null;
    this.hideCardText();
    this._paint();
    this.actionsSig = null;
    this.renderActions(this.ctx());
  }

  confirmChosen() {
    if (!this.chosen.length || this.pending) return;
    const [first, ...rest] = this.chosen;
    const kind = ((this.state.view || {}).deciding || {}).kind;
    this.queue = {aids: rest, kind, n: this.state.n + 1};
    this.chosen = [];
    this.take(first);
  }

  /** Does the current decision pick one thing (a payment, a loss, a target)? Then a key naming one
   *  action answers it at the first click; a turn's menu of moves opens the card's menu instead. */
  directPick() {
    const dec = (this.state.view || {}).deciding || {};
    const menus = (this.module && this.module.menuKinds) || null;
    if (!menus) return false;
    return !menus.includes(dec.kind);
  }

  /** A titled row of card tiles (empty: a dim note). */
  zone(title, list, opts = {}) {
    const tiles = (list || []).map((c) => (c instanceof Node ? c : this.card(c, {owner: opts.owner, ...(opts.card || {}), ...(opts.each ? opts.each(c) : {})})));
    return h("div.zone", {class: opts.cls, data: {scroll: opts.scrollKey || null}},
      title ? h("div.zone-title", title, opts.count !== false ? h("span.count", ` ${(list || []).length}`) : null) : null,
      h("div.cards", {class: opts.wrap ? "wrap" : ""}, tiles.length ? tiles : h("div.empty", opts.empty || "—")));
  }

  /** A pile (discard, cemetery…): its count and top card; click to unfold the whole list. */
  pile(title, list, opts = {}) {
    list = list || [];
    const top = list.length ? list[list.length - 1] : null;
    const det = h("details.pile", {class: opts.cls},
      h("summary", h("span.pile-title", title), h("span.count", ` ${list.length}`),
        top && opts.showTop !== false ? h("span.pile-top", ` · top: ${top.name || "?"}`) : null),
      list.length ? h("div.cards.wrap", list.slice().reverse().map((c) => this.card(c, {owner: opts.owner, small: true, ...(opts.card || {})})))
        : h("div.empty", "empty"));
    if (list.length && opts.open) det.open = true;
    return det;
  }

  // ------------------------------------------------------------------- render
  render() {
    const s = this.state;
    if (!s) return;
    const ctx = this.ctx();
    // keep horizontal/vertical scroll of marked containers and open piles across re-renders
    const keep = {};
    for (const el of $$("[data-scroll]", this.el.board)) keep[el.dataset.scroll] = [el.scrollLeft, el.scrollTop];
    const openPiles = new Set($$("details.pile[open] .pile-title", this.el.board).map((e) => e.textContent + "|" + (e.closest("[data-seat]") || {dataset: {}}).dataset.seat));
    let node;
    try {
      node = this.module.render(s, ctx);
    } catch (e) {
      console.error(e);
      node = h("div.render-error", h("p", "This board could not be drawn with the game's layout; the plain view follows."));
      import("/static/js/games/generic.js").then((g) => node.appendChild(g.render(s, ctx)));
    }
    // the board scrolls by itself; the hand stays docked below it (always in view)
    const hand = node.querySelector(".zone.hand");
    const parts = [h("div.board-scroll", {data: {scroll: "board"}}, node)];
    if (hand) parts.push(h("div.hand-dock", {role: "region", "aria-label": "Your hand"}, hand));
    clear(this.el.board).append(...parts);
    this.el.board.className = `game-${s.game}`;
    this._markChanges(s);
    // the state drawn (tests and scripts wait on these)
    this.el.board.dataset.n = String(s.n);
    this.el.board.dataset.over = s.over ? "1" : "0";
    for (const el of $$("[data-scroll]", this.el.board)) {
      const k = keep[el.dataset.scroll];
      if (k) { el.scrollLeft = k[0]; el.scrollTop = k[1]; }
    }
    for (const e of $$("details.pile .pile-title", this.el.board)) {
      if (openPiles.has(e.textContent + "|" + (e.closest("[data-seat]") || {dataset: {}}).dataset.seat)) e.closest("details").open = true;
    }
    // header
    let head = "";
    try { head = this.module.header ? this.module.header(s, ctx) : ""; } catch (e) { head = ""; }
    if (this.el.phase) this.el.phase.textContent = head || "";
    this.renderSeats(ctx);
    this.renderTurn(ctx);
    this.renderRecent(ctx);
    this._paint();
    this.renderActions(ctx);
    this.renderOver(ctx);
    if (this.el.concede) this.el.concede.hidden = !(this.mode === "seat" && !s.over);
    if (this.pinned) {
      // the pinned card was redrawn: pin its new tile, or close
      const id = this.pinned.dataset.cardId;
      const ref = this.pinned.dataset.ref;
      const again = id ? this.el.board.querySelector(`[data-card-id="${CSS.escape(id)}"]`)
        : ref ? this.el.board.querySelector(`[data-ref="${CSS.escape(ref)}"]`) : null;
      const [acts, hint, n] = this.popArgs || [];
      if (again && n === s.n) this.showCardText(again, true, acts, hint); else { this.pinned = null; this.hideCardText(); }
    }
    this._tickTimer();
    this._fitBar();
    if (this.myDecision && this.scrolledFor !== s.n) { this.scrolledFor = s.n; this._bringLitIntoView(); }
  }

  /** A decision whose lit cards are all scrolled away: scroll the board to the first of them. */
  _bringLitIntoView() {
    const pane = this.el.board.querySelector(".board-scroll");
    if (!pane) return;
    const lit = $$(".actionable, .target", pane).filter((el) => el.getClientRects().length);
    if (!lit.length) return;
    const box = pane.getBoundingClientRect();
    const inView = (el) => { const r = el.getBoundingClientRect(); return r.bottom > box.top + 8 && r.top < box.bottom - 8; };
    if (lit.some(inView)) return;
    const r = lit[0].getBoundingClientRect();
    pane.scrollTop += r.top - box.top - Math.max(8, (box.height - r.height) / 3);
  }

  /** Tiles whose look or place changed since this seat last decided (for a spectator: since the
   *  last state) flash briefly; the cards named by each other seat's last move carry that seat's
   *  mark. */
  _markChanges(s) {
    const sigs = new Map();
    const fresh = this.cardSigsN !== undefined && this.cardSigsN !== s.n && this.mode !== "replay";
    const baseline = this.mode !== "seat" || this.myDecision || s.over;
    for (const el of $$(".card[data-card-id]", this.el.board)) {
      const id = el.dataset.cardId;
      if (!id || el.parentElement.closest(".card")) continue;
      const where = el.parentElement.closest(".zone, .lane-side, .mb-col, .arena-side, .terra-slot, .attack, .chain-item, .panel");
      const sig = `${where ? where.className : ""}|${el.className}|${el.textContent}`;
      sigs.set(id, sig);
      if (fresh && this.cardSigs.get(id) !== sig) el.classList.add("changed");
    }
    if (this.cardSigsN === undefined || (baseline && this.cardSigsN !== s.n)) { this.cardSigs = sigs; this.cardSigsN = s.n; }
    const tiles = $$(".card[data-card-name]", this.el.board).filter((el) => el.dataset.cardName);
    for (const [q, m] of Object.entries(this.lastMove)) {
      if (this.mode === "seat" && Number(q) === this.me) continue;
      const named = tiles.filter((el) => nameIn(m.line, el.dataset.cardName) && !el.closest(".hand-dock"));
      const changed = named.filter((el) => el.classList.contains("changed"));
      for (const el of (changed.length ? changed : named).slice(0, 2)) { el.classList.add("last-move", `lm-p${q}`); el.dataset.lastMove = m.line; }
    }
  }

  /** One line per other seat: what it did last (js/recent.js). */
  renderRecent(ctx) {
    const el = this.el.recent;
    if (!el) return;
    clear(el);
    const seats = Object.keys(this.lastMove).map(Number).filter((q) => !(this.mode === "seat" && q === ctx.me)).sort();
    for (const q of seats) {
      const m = this.lastMove[q];
      el.appendChild(h("div.last-move-line", {class: `p${q}`, title: m.line},
        h("b", seatName(q)), h("span", ` ${m.line.replace(new RegExp(`^${seatName(q)}:? `), "")}`)));
    }
    el.hidden = !seats.length;
  }

  renderSeats(ctx) {
    const s = this.state;
    const el = this.el.seats;
    if (!el) return;
    clear(el);
    const seats = s.seats || Array.from({length: ctx.nSeats}, (_, i) => ({seat: i, player: "?", joined: true}));
    // each seat's standing (VP, MP, LP, lost cards) stays in view while the board scrolls
    const score = (q) => {
      let sc = null;
      try { sc = this.module && this.module.score ? this.module.score(s.view || {}, q) : null; } catch (e) { sc = null; }
      return sc ? h("span.score", {title: sc.title || ""}, sc.text) : null;
    };
    for (const seat of seats) {
      const q = seat.seat;
      const deciding = !s.over && s.deciding === q;
      const ret = s.over && s.result && s.result.returns ? s.result.returns[q] : null;
      el.appendChild(h("span.seat-chip", {class: [`p${q}`, deciding ? "deciding" : "", q === ctx.me ? "me" : ""], title: seat.player},
        h("b", seatName(q)),
        q === ctx.me ? h("span.you", "you") : null,
        h("span.who", seat.player === "human" ? (seat.joined === false ? "open seat" : "person") : this.playerName(seat.player)),
        score(q), deciding ? h("span.dot", {title: "deciding"}, "●") : null,
        ret !== null && ret !== undefined ? h("span.ret", ret > 0 ? "▲" : ret < 0 ? "▼" : "=") : null));
    }
  }

  turnText(ctx) {
    const s = this.state;
    if (s.over) return "Game over";
    const q = s.deciding;
    const dec = (s.view || {}).deciding;
    // a response window names the seat asked only to that seat (docs/kernel.md, "Hidden decisions")
    if ((q === null || q === undefined) && dec && dec.player === null) return "Waiting for responses…";
    if (q === null || q === undefined) return "Waiting…";
    if (this.mode === "seat" && q === ctx.me) return "Your decision";
    const seat = (s.seats || [])[q];
    let who = seatName(q);
    if (seat) {
      if (seat.player === "human" && seat.joined === false) return `${who} (open seat) — waiting for a player to join`;
      who += ` (${this.playerName(seat.player)})`;
    }
    return `${who} is deciding`;
  }

  renderTurn(ctx) {
    const s = this.state;
    const t = this.turnText(ctx);
    this.el.turn.textContent = t;
    this.el.turn.className = s.over ? "over" : (this.mode === "seat" && s.deciding === ctx.me ? "mine"
      : s.deciding === null || s.deciding === undefined ? "" : `p${s.deciding}`);
    const dec = (s.view || {}).deciding;
    let prompt = "";
    if (dec && dec.prompt && !s.over && dec.player !== null) {
      prompt = this.mode === "seat" && dec.player === ctx.me ? dec.prompt : `${seatName(dec.player)}: ${dec.prompt}`;
    }
    if (s.over) prompt = (s.result && s.result.reason) || "The game is over.";
    this.el.prompt.textContent = prompt;
    this.el.prompt.hidden = !prompt;
  }

  /** Is board key `k` on the board where a player can click it? */
  _shown(k) {
    return this._els(k).some((el) => el.getClientRects().length > 0);
  }

  _els(k) {
    const q = CSS.escape(k);
    return $$(`[data-card-id="${q}"], [data-ref="${q}"]`, this.el.board);
  }

  /**
   * The option bar: the options that cannot be made on the board (no card or spot named, or not
   * shown), at most BAR_MAX buttons; every other option stays in the DOM behind "All options"
   * (the keyboard and screen-reader route), and is made by clicking the board.
   */
  renderActions(ctx) {
    const s = this.state;
    const box = this.el.actions;
    const acts = this.mode === "seat" && !s.over ? (s.legal_actions || []) : [];
    const index = this.index();
    const onBoard = new Set(index.filter((e) => e.keys.length && e.keys.every((k) => this._shown(k))).map((e) => e.a.id));
    const cands = this.sel.length && this.pickHint ? new Set(narrow(index, this.sel).map((e) => e.a.id)) : null;
    // the same options as on screen: keep the buttons (a click in progress is not lost)
    const sig = JSON.stringify([s.n, acts, [...onBoard], this.sel, this.pickHint, this.chosen, this.allOpen, !!this.pending]);
    if (sig === this.actionsSig && box.childNodes.length) return;
    this.actionsSig = sig;
    clear(box);
    box.classList.toggle("none", !acts.length);
    if (this.el.actionbar) {
      this.el.actionbar.classList.toggle("mine", acts.length > 0);
      this.el.actionbar.classList.toggle("idle", !acts.length);
    }
    this._barToggle();
    if (!acts.length) return;
    const bar = acts.filter((a) => !onBoard.has(a.id));
    const hidden = acts.length - bar.length;
    const room = bar.length + (hidden ? 1 : 0) > BAR_MAX ? BAR_MAX - 1 : bar.length;
    let shown = new Set(bar.slice(0, room).map((a) => a.id));
    if (cands) {          // a pick in progress: its options (quiet ones too) fill the bar
      const pick = acts.filter((a) => cands.has(a.id) || QUIET_ACTIONS.test(a.id));
      shown = new Set(pick.slice(0, pick.length > BAR_MAX - 1 ? BAR_MAX - 2 : BAR_MAX - 1).map((a) => a.id));
    }
    if (this.chosen.length) {
      // a multi-pick: the running total, Confirm sends the chosen options one after another
      const chosen = acts.filter((a) => this.chosen.includes(a.id));
      const value = this.module && this.module.pickValue
        ? chosen.reduce((t, a) => t + (this.module.pickValue(a.label || "") || 0), 0) : null;
      shown = new Set(acts.filter((a) => QUIET_ACTIONS.test(a.id)).slice(0, BAR_MAX - 3).map((a) => a.id));
      box.appendChild(h("span.chosen-chip", {role: "status"}, `${chosen.length} chosen`,
        value !== null ? ` · ${value} point${value === 1 ? "" : "s"}` : "", ": ", chosen.map((a) => a.label || a.id).join("; ")));
      box.appendChild(h("button#multi-confirm.act", {type: "button", disabled: !!this.pending, onclick: () => this.confirmChosen()},
        `Confirm (${chosen.length})`));
      box.appendChild(h("button#multi-clear.act.quiet", {type: "button", onclick: () => { this.chosen = []; this._paint(); this.actionsSig = null; this.renderActions(this.ctx()); }}, "Clear"));
    } else if (cands) {
      box.appendChild(h("span.filter-chip", `${this.pickHint || "choose"} — or one of these `,
        h("button.filter-clear", {type: "button", title: "Cancel the pick (Esc)"}, "cancel ×")));
    } else if (hidden) {
      box.appendChild(h("span.board-hint", {id: "board-hint"}, `${hidden === acts.length ? "" : "or "}click a lit card or spot on the board`
        + (this.multiPick() ? " (choose several, then Confirm)" : "")));
    }
    const more = acts.length - shown.size;
    let i = 0;
    for (const a of acts) {
      const quiet = QUIET_ACTIONS.test(a.id) || /^(done|pass|end)\b/.test(a.id);
      const visible = this.allOpen || shown.has(a.id);
      const b = h("button.act", {
        type: "button", data: {actionId: a.id}, title: a.id,
        class: [quiet ? "quiet" : "", onBoard.has(a.id) ? "on-board" : "", cands && cands.has(a.id) ? "match" : ""],
      }, visible && i < 9 ? h("span.key", {"aria-hidden": "true"}, String(++i)) : null, a.label || a.id);
      if (!visible) b.hidden = true;
      if (this.pending) b.disabled = true;
      box.appendChild(b);
    }
    if (more || this.allOpen) {
      box.appendChild(h("button#all-options.act.quiet", {type: "button", "aria-expanded": this.allOpen ? "true" : "false"},
        this.allOpen ? "Fewer options" : `All options (${acts.length})`));
    }
  }

  _barToggle() {
    const t = $("#bar-toggle");
    if (!t || !this.el.actionbar) return;
    const n = this.mode === "seat" && this.state && !this.state.over ? (this.state.legal_actions || []).length : 0;
    t.hidden = n === 0;
    this.el.actionbar.classList.toggle("collapsed", !!this.barClosed && n > 0);
    t.textContent = this.barClosed ? `Show ${n} action${n === 1 ? "" : "s"}` : "Hide";
    t.setAttribute("aria-expanded", this.barClosed ? "false" : "true");
    this._fitBar();
  }

  renderOver(ctx) {
    const s = this.state;
    const over = !!s.over && this.mode !== "replay";
    if (!over) {
      this.el.over.hidden = true;
      if (this.el.overBtn) this.el.overBtn.hidden = true;
      return;
    }
    const text = resultText(s, ctx.me);
    this.el.result.textContent = text.head;
    const reason = $("#result-reason");
    if (reason) reason.textContent = text.reason;
    this.el.over.className = text.cls;
    const replay = $("#replay-link");
    if (replay) replay.href = `/replay/${encodeURIComponent(this.id)}${this.token ? `?token=${encodeURIComponent(this.token)}` : ""}`;
    this.el.over.hidden = this.overDismissed;
    if (this.el.overBtn) this.el.overBtn.hidden = false;
  }

  renderLog(lines) {
    this.shownLog = lines.slice();
    const s = this.state;
    this.logView.show(lines, (s && s.seats && s.seats.length) || 2, this.mode === "seat" ? this.me : null);
  }

  _notes(notes) {
    const box = this.el.notes;
    if (box) {
      clear(box);
      for (const n of notes.slice(-5)) box.appendChild(h("div.note", String(n)));
      box.hidden = !notes.length;
    }
    if (this.seenNotes !== null && this.mode !== "replay") {
      for (const n of notes.slice(this.seenNotes)) toast(String(n), "info", 6000);
    }
    this.seenNotes = notes.length;
  }

  _tickTimer() {
    const el = this.el.timer;
    if (!el) return;
    const s = this.state;
    if (!s || !s.deadline || s.over || this.mode === "replay") { el.hidden = true; return; }
    const left = Math.max(0, Math.round(s.deadline - Date.now() / 1000));
    el.hidden = false;
    el.textContent = `Time ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    el.classList.toggle("low", left <= 15);
  }

  // ------------------------------------------------------------------- selection, popup, actions
  /** A click (or Enter) on a board element: pick it for the decision, or show its card text. */
  select(t) {
    const index = this.index();
    if (this.sel.length) {
      // a card inside a lit spot (a lane, a column, an Arena) was hit: the spot is meant
      const open = openKeys(narrow(index, this.sel), this.sel);
      for (let a = t; a && a !== this.el.board; a = a.parentElement) {
        const k = a.dataset && (a.dataset.cardId || a.dataset.ref);
        if (k && open.has(k)) { t = a; break; }
      }
    }
    const key = t.dataset.cardId || t.dataset.ref;
    const hasText = !!t.dataset.cardName || this.details.has(t);
    if (key && this.sel.length === 1 && this.sel[0] === key) {     // a second click on the pick: drop it
      this.pinned = null;
      this.hideCardText();
      this.setSel([]);
      return;
    }
    const r = key && this.myDecision && !this.pending ? pickClick(index, this.sel, key, this.directPick()) : {sel: [], cands: [], take: null};
    if (r.take && this.multiPick() && r.sel.length === 0 && this.sel.length === 0) { this._toggleChosen(r.take); return; }
    if (r.take) { this.take(r.take); return; }
    if (r.cands.length) {
      const open = openKeys(r.cands, r.sel);
      this.pickHint = open.size ? (this.module && this.module.hint ? this.module.hint([...open], this.ctx()) : null)
        || "click a lit target on the board" : null;   // null: no targets, the menu at the element is all
      // the options complete with what was picked open at the element; when targets are left to
      // click and none is complete, the board stays uncovered and the pick's options are in the bar
      const exact = r.cands.filter((e) => e.keys.length === r.sel.length);
      this.setSel(r.sel);
      if (!open.size || exact.length) {
        this.showCardText(t, true, (open.size ? exact : r.cands).map((e) => e.a), open.size ? `or ${this.pickHint}` : null);
      } else {
        this.pinned = null;
        this.hideCardText();
      }
      return;
    }
    this.setSel([]);
    if (hasText) {
      if (this.pinned === t) { this.pinned = null; this.hideCardText(); }
      else this.showCardText(t, true, []);
    }
  }

  setSel(sel) {
    this.sel = sel;
    this._paint();
    if (this.state) this.renderActions(this.ctx());
  }

  /** Light the board: what can be clicked now, what is picked, and the targets left for it. */
  _paint() {
    const board = this.el.board;
    for (const el of $$(".actionable, .selected, .target", board)) el.classList.remove("actionable", "selected", "target");
    for (const el of $$("[draggable]", board)) el.removeAttribute("draggable");
    for (const el of $$(".chosen", board)) el.classList.remove("chosen");
    const index = this.index();
    for (const e of index) if (this.chosen.includes(e.a.id)) for (const k of e.keys) for (const el of this._els(k)) el.classList.add("chosen");
    board.classList.toggle("picking", this.sel.length > 0);
    if (!index.length) return;
    if (this.sel.length) {
      for (const k of this.sel) for (const el of this._els(k)) el.classList.add("selected");
      for (const k of openKeys(narrow(index, this.sel), this.sel)) {
        for (const el of this._els(k)) {
          el.classList.add("target");
          if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
        }
      }
      return;
    }
    const keys = new Set();
    for (const e of index) if (e.keys.length) keys.add(e.keys[0]);
    // a key named only second (a lane, a target) lights up once its first pick is made
    for (const k of keys) for (const el of this._els(k)) el.classList.add("actionable");
    // a card with targets to pick may be dragged onto one; a lit spot is reached by Tab too
    const twoStep = new Set(index.filter((e) => e.keys.length > 1).map((e) => e.keys[0]));
    for (const el of $$(".card.actionable", board)) if (twoStep.has(el.dataset.cardId)) el.setAttribute("draggable", "true");
    for (const el of $$("[data-ref].actionable, [data-ref].target", board)) if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
  }

  _highlight(aid) {
    for (const el of $$(".hl", this.el.board)) el.classList.remove("hl");
    if (!aid) return;
    const e = this.index().find((x) => x.a.id === aid);
    for (const k of e ? e.keys : []) for (const el of this._els(k)) el.classList.add("hl");
  }

  showCardText(t, pin, acts, hint) {
    const pop = this.el.popup;
    if (pin) this.popArgs = [acts, hint, this.state && this.state.n];
    const name = t.dataset.cardName;
    const info = name ? this.cards[name] : null;
    acts = acts || this.ctx_actionsFor(t.dataset.cardId || t.dataset.ref || "\u0000");
    clear(pop);
    if (pin) {
      this.pinned = t;
      pop.appendChild(h("button.popup-x", {type: "button", "aria-label": "Close", onclick: () => { this.pinned = null; this.hideCardText(); this.setSel([]); }}, "×"));
    }
    pop.appendChild(h("div.ct-name", name || t.getAttribute("aria-label") || ""));
    if (info) {
      if (info.kind) pop.appendChild(h("div.ct-kind", info.kind));
      if (info.numbers) pop.appendChild(h("div.ct-nums", info.numbers));
      const tags = [...(info.keywords || []), ...(info.traits || []).filter((x) => !(info.keywords || []).includes(x))];
      if (tags.length) pop.appendChild(h("div.ct-tags", tags.map((k) => h("span.tag", k))));
      pop.appendChild(h("div.ct-text", info.text || "(no card text)"));
      if (info.number) pop.appendChild(h("div.ct-number", info.number));
    } else if (name) {
      pop.appendChild(h("div.ct-text.dim", "(no card text)"));
    }
    const extra = this.details.get(t);
    if (extra && extra.length) pop.appendChild(h("div.ct-live", extra.map((l) => h("div", l))));
    if (pin && acts && acts.length) {
      const list = acts.slice(0, acts.length > BAR_MAX ? BAR_MAX - 1 : BAR_MAX);
      pop.insertBefore(h("div.ct-acts", {role: "menu", "aria-label": `Options for ${name || "this"}`},
        hint ? h("div.ct-hint", hint) : null,
        list.map((a, i) => h("button.act.menu", {type: "button", role: "menuitem", data: {menuAction: a.id}, disabled: !!this.pending},
          h("span.key", {"aria-hidden": "true"}, String(i + 1)), a.label || a.id)),
        list.length < acts.length ? h("button.act.quiet.menu-more", {type: "button", onclick: () => { this.allOpen = true; this.actionsSig = null; this.renderActions(this.ctx()); }},
          `${acts.length - list.length} more in All options`) : null), pop.querySelector(".ct-name").nextSibling);
      pop.classList.add("has-acts");
    } else pop.classList.remove("has-acts");
    pop.hidden = false;
    pop.classList.toggle("pinned", !!pin);
    this._place(pop, t);
  }

  _place(pop, t) {
    const narrow = window.innerWidth <= 600;
    pop.classList.toggle("sheet", narrow);
    if (narrow) {
      pop.style.left = pop.style.top = "";
      return;
    }
    const r = t.getBoundingClientRect();
    const pw = pop.offsetWidth, ph = pop.offsetHeight;
    let x = r.right + 8;
    if (x + pw > window.innerWidth - 8) x = Math.max(8, r.left - pw - 8);
    const bar = this.el.actionbar && !this.el.actionbar.hidden ? this.el.actionbar.offsetHeight : 0;
    let y = Math.min(Math.max(8, r.top), window.innerHeight - bar - ph - 8);
    pop.style.left = `${x}px`;
    pop.style.top = `${Math.max(8, y)}px`;
  }

  hideCardText() {
    this.el.popup.hidden = true;
    this.el.popup.classList.remove("pinned");
  }

  take(aid) {
    if (this.pending || !this.myDecision) return;
    if (!(this.state.legal_actions || []).some((a) => a.id === aid)) return;
    this.pending = {action: aid, n: this.state.n, at: Date.now()};
    this.pinned = null;
    this.hideCardText();
    this.sel = [];
    this.renderActions(this.ctx());
    this.el.actionbar && this.el.actionbar.classList.add("waiting");
    Promise.resolve(this.onAction(aid, this.state.n)).catch((e) => this.actionFailed(e));
    const n = this.state.n;
    setTimeout(() => {
      if (this.pending && this.pending.n === n && Date.now() - this.pending.at >= 9000) {
        this.pending = null;
        this.renderActions(this.ctx());
        this.onStale && this.onStale();
      }
    }, 9500);
  }

  actionFailed(e) {
    this.pending = null;
    if (this.el.actionbar) this.el.actionbar.classList.remove("waiting");
    if (this.state) this.renderActions(this.ctx());
    const code = e && e.code;
    let msg = (e && e.message) || "The action failed";
    if (code === "stale") msg = "Someone acted first: the board was updated. " + msg;
    toast(msg, "error");
    if (code === "stale" || code === "not_your_decision" || code === "illegal_action" || code === "game_over") {
      this.onStale && this.onStale();
    }
  }

  stateArrived() {
    if (this.el.actionbar) this.el.actionbar.classList.remove("waiting");
  }
}

/** Is card name `name` in `line` as whole words? */
function nameIn(line, name) {
  const i = line.indexOf(name);
  if (i < 0) return false;
  const before = line[i - 1], after = line[i + name.length];
  return !(before && /[A-Za-z0-9]/.test(before)) && !(after && /[A-Za-z0-9]/.test(after));
}

// --------------------------------------------------------------------- small builders
export function badge(text, cls, title) {
  return h("span.badge", {class: cls, title}, text);
}

/** A labelled number: counter("MP", 5) */
export function counter(label, value, opts = {}) {
  return h("span.counter", {class: opts.cls, title: opts.title},
    h("span.k", label), h("span.v", value === null || value === undefined ? "–" : String(value)));
}

export function section(title, ...kids) {
  return h("section.sec", title ? h("h3.sec-title", title) : null, ...kids);
}

/** A phase or step id as the game names it (/api/meta's phases, from the game's presentation). */
export function phaseName(metaGame, key) {
  if (key === null || key === undefined) return "";
  const t = ((metaGame && metaGame.phases) || {})[key];
  return t || String(key).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** The game-over words for a seat (or a spectator, me = null). */
export function resultText(s, me) {
  const res = s.result || (s.view && s.view.result) || {};
  if (res.ended) return {head: "Game ended", reason: `The game was ended ${res.ended}; nobody won.`, cls: "draw"};
  const returns = res.returns || [];
  const reason = res.reason || "";
  const best = Math.max(...returns, -Infinity);
  const winners = returns.map((r, q) => [r, q]).filter(([r]) => r === best && r > 0).map(([, q]) => q);
  if (me === null || me === undefined || returns[me] === undefined) {
    if (!returns.length) return {head: "Game over", reason, cls: "draw"};
    if (!winners.length) return {head: "Draw", reason, cls: "draw"};
    return {head: `${winners.map(seatName).join(" and ")} win${winners.length > 1 ? "" : "s"}`, reason, cls: "neutral"};
  }
  const mine = returns[me];
  const better = returns.filter((r) => r > mine).length;
  if (returns.every((r) => r === mine)) return {head: "Draw", reason, cls: "draw"};
  if (better === 0 && mine > 0) {
    return {head: winners.length > 1 ? "You share the win" : "You won", reason, cls: "won"};
  }
  if (better === 0) return {head: "Draw", reason, cls: "draw"};
  if (returns.length > 2) {
    const place = better + 1;
    const ord = place === 1 ? "1st" : place === 2 ? "2nd" : place === 3 ? "3rd" : `${place}th`;
    const shared = returns.filter((r) => r === mine).length > 1 ? "share" : "finished";
    const words = shared === "share" ? `You share ${ord} place of ${returns.length}` : `You finished ${ord} of ${returns.length}`;
    return {head: words, reason, cls: mine > 0 ? "neutral" : "lost"};
  }
  return {head: "You lost", reason, cls: "lost"};
}

// --------------------------------------------------------------------- the page
function parseLocation() {
  const parts = location.pathname.split("/").filter(Boolean);
  const kind = parts[0] || "";
  const id = parts[1] ? decodeURIComponent(parts[1]) : null;
  const params = new URLSearchParams(location.search);
  const token = params.get("token") || null;
  const mode = kind === "replay" ? "replay" : kind === "watch" ? "watch" : (kind === "play" && token ? "seat" : "watch");
  return {mode, id, token: mode === "watch" ? null : token, params};
}

function fatal(msg) {
  const b = $("#board");
  clear(b).appendChild(h("div.fatal", h("h2", "Cannot open this game"), h("p", msg),
    h("p", h("a", {href: "/"}, "Back to the lobby"))));
  $("#turn").textContent = "—";
}

export async function boot() {
  const {mode, id, token, params} = parseLocation();
  document.body.classList.add(`mode-${mode}`);
  const lobby = $("#lobby-link");
  if (!id) { fatal("This address names no game."); return; }
  const idEl = $("#game-id");
  if (idEl) idEl.textContent = id.length > 10 ? `${id.slice(0, 8)}…` : id;
  const watch = $("#watch-link");
  if (watch) watch.href = `/watch/${encodeURIComponent(id)}`;
  if (lobby) lobby.href = "/";

  let conn = null;
  let prefs = null;       // a seat's preferences panel (js/prefs.js)
  if (mode === "seat" && $("#prefs-dialog")) {
    const {PrefsPanel} = await import("/static/js/prefs.js");
    prefs = new PrefsPanel({send: (p) => conn.prefs(p)});
  }
  const board = new Board({
    mode, id, token,
    onAction: (aid, n) => conn.act(aid, n),
    onConcede: () => conn.concede().catch((e) => toast(e.message || "Could not concede")),
  });

  if (mode === "replay") {
    const {startReplay} = await import("/static/js/replay.js");
    startReplay(board, id, token, params);
    return;
  }

  const banner = $("#banner");
  let everConnected = false;
  board.onStale = () => conn && conn.refresh();
  conn = new api.GameConnection({
    id, token,
    onState: (s) => {
      everConnected = true;
      board.stateArrived();
      board.setState(s);
      if (prefs) prefs.update(s);
    },
    onError: (e) => {
      // a refused preferences message is said in its dialog
      if (prefs && (e.code === "bad_prefs" || (prefs.waiting && ["game_over", "stale", "server_error"].includes(e.code)))) {
        prefs.failed(e);
      }
      else if (board.state) board.actionFailed(e);
    },
    onStatus: (st) => {
      if (st.fatal) {
        banner.hidden = true;
        fatal(st.fatal);
        conn.stop();
        return;
      }
      const down = !st.connected;
      banner.hidden = !down;
      banner.textContent = everConnected ? "Connection lost — reconnecting…" : "Connecting…";
      if (st.mode === "poll" && st.connected) {
        banner.hidden = true;
      }
      document.body.classList.toggle("offline", down && everConnected);
    },
  });
  banner.hidden = false;
  banner.textContent = "Connecting…";
  conn.start();
  window.__metatcg = {board, conn};
  // a guided first game (/learn/<game>): the coach hooks into the board (js/tutorial.js)
  if (mode === "seat" && params.get("tutorial")) import("/static/js/tutorial.js").then((t) => t.startTutorial({board, id, token, game: params.get("tutorial")}));
}
