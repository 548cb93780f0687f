// The coach of a guided first game (play.html?…&tutorial=<game>, started from /learn/<game>).
//
// The server holds the lesson (GET /api/tutorials/games/{id}/coach says what to say and which
// option the step wants) and refuses any other option of the learner. This module draws the
// coach panel, highlights the wanted option on the board and in the action list, and turns a
// wrong click away before it is sent, with the step's explanation. It touches the board only
// through two hooks: `board.onAction` (before an action is sent) and the board's `data-n`
// (after a new state is drawn); highlights are re-applied whenever the board redraws.

import {h, clear, $, $$, toast} from "/static/js/dom.js";

const CARD_REF = /(?:^|[^A-Za-z0-9_])([cfk]\d+)(?![A-Za-z0-9_])/g;

function cardRefs(aid) {
  return Array.from(String(aid).matchAll(CARD_REF), (m) => m[1]);
}

function cssEscape(s) {
  return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, "\\$&");
}

export class Coach {
  constructor({board, id, token, game}) {
    this.board = board;
    this.id = id;
    this.token = token;
    this.game = game;
    this.info = null;       // the coach's last answer
    this.asked = -1;        // the action count it was asked for
    this.el = this._panel();
    this._hook();
  }

  _panel() {
    const link = h("link", {rel: "stylesheet", href: "/static/css/tutorial.css"});
    document.head.appendChild(link);
    const el = {
      box: h("section#coach", {"aria-label": "Lesson", "aria-live": "polite"}),
      head: h("div.coach-head"),
      title: h("b#coach-title", "Learn to play"),
      count: h("span#coach-count.coach-count"),
      toggle: h("button#coach-toggle.small", {type: "button", "aria-expanded": "true"}, "Hide"),
      body: h("div#coach-body.coach-body"),
      result: h("div#coach-result.coach-result"),
      say: h("p#coach-say.coach-say"),
      refusal: h("p#coach-refusal.coach-refusal", {role: "alert", hidden: true}),
      next: h("div#coach-next.coach-next", {hidden: true}),
    };
    el.head.append(el.title, el.count, el.toggle);
    el.body.append(el.result, el.say, el.refusal, el.next);
    el.box.append(el.head, el.body);
    el.toggle.addEventListener("click", () => {
      const closed = el.box.classList.toggle("closed");
      el.toggle.textContent = closed ? "Show" : "Hide";
      el.toggle.setAttribute("aria-expanded", closed ? "false" : "true");
    });
    // wide screens: at the top of the side column, beside the board (the board keeps its
    // height); narrow ones: above the board
    const wide = window.matchMedia("(min-width: 901px)");
    const place = () => {
      const side = $("#side");
      const main = $("#main");
      if (wide.matches && side) side.prepend(el.box);
      else if (main && main.parentNode) main.parentNode.insertBefore(el.box, main);
      else document.body.prepend(el.box);
      el.box.classList.toggle("in-side", !!(wide.matches && side));
    };
    place();
    wide.addEventListener("change", place);
    document.body.classList.add("tutorial");
    return el;
  }

  _hook() {
    // before an action is sent: an option the step does not want is explained, not sent
    const send = this.board.onAction;
    this.board.onAction = (aid, n) => {
      const why = this.refuses(aid, n);
      if (why) {
        this.refuse(why);
        const err = /** @type {Error & {code?: string}} */ (new Error(why));
        err.code = "not_in_lesson";
        return Promise.reject(err);
      }
      this.el.refusal.hidden = true;
      return send(aid, n);
    };
    // a refusal from the server (the coach had not caught up) is said in the panel too
    const failed = this.board.actionFailed && this.board.actionFailed.bind(this.board);
    if (failed) {
      this.board.actionFailed = (e) => {
        const ours = e && e.code === "not_in_lesson";
        if (ours) this.refuse(e.message);
        failed(e);
        if (ours && this.seen(this.el.refusal)) {   // said in the panel, in sight: no second copy in a toast
          for (const t of $$("#toasts .toast")) if ($(".toast-msg", t) && $(".toast-msg", t).textContent === e.message) t.remove();
        }
      };
    }
    // after a new state is drawn: ask the coach; after any redraw: highlight again
    const boardEl = $("#board");
    new MutationObserver(() => this.sync()).observe(boardEl, {attributes: true, attributeFilter: ["data-n"]});
    let queued = false;
    new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; this.highlight(); });
    }).observe(document.body, {childList: true, subtree: true});
    this.sync();
  }

  /** Is `el` on screen and not covered (by the action bar, a dialog)? */
  seen(el) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    const x = r.left + Math.min(r.width / 2, 40);
    const y = r.top + Math.min(r.height / 2, 12);
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return false;
    const top = document.elementFromPoint(x, y);
    return !!top && (top === el || el.contains(top));
  }

  /** The explanation for sending `aid` now, or "" when it may go. */
  refuses(aid, n) {
    const c = this.info;
    if (!c || c.finished || !c.expect.length) return "";
    if (Number.isInteger(n) && c.n !== n) return "";   // not caught up: the server decides
    return c.expect.includes(aid) ? "" : c.wrong;
  }

  refuse(text) {
    this.el.refusal.textContent = text;
    this.el.refusal.hidden = false;
    this.el.box.classList.remove("closed");
    this.el.refusal.classList.remove("shake");
    void this.el.refusal.offsetWidth;   // restart the nudge
    this.el.refusal.classList.add("shake");
    this.el.refusal.scrollIntoView({block: "nearest"});
  }

  async sync() {
    const n = Number(($("#board") || {dataset: {}}).dataset.n);
    if (!Number.isInteger(n) || n === this.asked) return;
    this.asked = n;
    let info;
    try {
      const r = await fetch(`/api/tutorials/games/${encodeURIComponent(this.id)}/coach?token=${encodeURIComponent(this.token)}`);
      info = await r.json();
      if (!r.ok) throw new Error(info.error || `the coach could not be reached (${r.status})`);
    } catch (e) {
      this.asked = -1;
      toast(e.message || String(e));
      return;
    }
    if (info.n !== Number(($("#board") || {dataset: {}}).dataset.n)) this.asked = -1;   // moved on meanwhile
    this.show(info);
  }

  show(info) {
    const before = this.info;
    const first = !before;
    this.info = info;
    const el = this.el;
    el.title.textContent = info.title;
    el.count.textContent = info.finished ? "Lesson complete" : `Step ${info.step} of ${info.steps}`;
    el.box.dataset.step = String(info.finished ? info.steps + 1 : info.step);
    el.box.classList.toggle("finished", info.finished);
    clear(el.result);
    if (first && info.done === 0) el.result.appendChild(h("p.coach-intro", info.intro));
    for (const line of info.results) el.result.appendChild(h("p.coach-done", h("span.coach-tick", {"aria-hidden": "true"}, "✓ "), line));
    if (info.finished) {
      el.say.textContent = info.finish;
    } else if (info.over) {        // conceded, or ended some other way before the lesson did
      el.say.textContent = "This game is over before the end of the lesson. ";
      el.say.appendChild(h("a#coach-again", {href: `/learn/${encodeURIComponent(this.game)}`}, "Start the lesson again"));
    } else if (info.waiting) {
      el.say.textContent = "Your opponent is choosing…";
    } else {
      el.say.textContent = info.say;
    }
    // a refusal stays in sight until the lesson moves on: a state that arrives meanwhile (a window
    // passed, the other side's turn) on the same step must not hide why a click did nothing
    if (!before || before.step !== info.step || info.finished || info.over) el.refusal.hidden = true;
    this._next(info.finished);
    this.highlight();
    // what to do now stays in sight when earlier results fill the panel
    const top = el.say.getBoundingClientRect().top - el.box.getBoundingClientRect().top + el.box.scrollTop - 8;
    if (el.box.scrollTop + el.box.clientHeight < top + el.say.offsetHeight) el.box.scrollTop = Math.max(0, top);
  }

  _next(finished) {
    const box = this.el.next;
    box.hidden = !finished;
    if (!finished || box.childNodes.length) return;
    const real = h("button#coach-real-game.primary", {type: "button"}, "Now play a real game against the Normal bot");
    real.addEventListener("click", () => this.realGame(real));
    box.append(real, " ", h("a#coach-more.small-link", {href: "/learn"}, "Learn another game"));
    // the game-over box (over the panel when the lesson ends the game) says the same
    const links = $("#game-over .over-links");
    if (links && !$("#over-real-game")) {
      const b = h("button#over-real-game.primary", {type: "button"}, "Now play a real game against the Normal bot");
      b.addEventListener("click", () => this.realGame(b));
      links.parentNode.insertBefore(h("div#over-coach.over-coach",
        this.info.results.map((line) => h("p.coach-done", h("span.coach-tick", {"aria-hidden": "true"}, "✓ "), line)),
        h("p", h("b", "Lesson complete. "), this.info.finish), h("p", b)), links);
    }
  }

  /** A new game of this game against the Normal bot (greedy), then its board. */
  async realGame(button) {
    button.disabled = true;
    try {
      const r = await fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({game: this.game})});
      const body = await r.json();
      if (!r.ok) throw new Error(body.error || `could not start a game (${r.status})`);
      const seat = body.seats.find((s) => s.url);
      location.href = seat.url;
    } catch (e) {
      button.disabled = false;
      toast(e.message || String(e));
    }
  }

  /** Mark the wanted option: its button (list or menu) and the cards it names. */
  highlight() {
    for (const el of $$(".coach-target")) el.classList.remove("coach-target");
    for (const el of $$("[data-coach-described]")) {
      el.removeAttribute("aria-describedby");
      delete el.dataset.coachDescribed;
    }
    const c = this.info;
    const n = Number(($("#board") || {dataset: {}}).dataset.n);
    if (!c || c.finished || !c.expect.length || c.n !== n) return;
    for (const aid of c.expect) {
      const q = cssEscape(aid);
      for (const el of $$(`[data-action-id="${q}"], [data-menu-action="${q}"]`)) {
        el.classList.add("coach-target");
        if (!el.hasAttribute("aria-describedby")) {   // a screen reader hears why, with the option
          el.setAttribute("aria-describedby", "coach-say");
          el.dataset.coachDescribed = "1";
        }
      }
      for (const ref of cardRefs(aid)) {
        for (const el of $$(`#board [data-card-id="${cssEscape(ref)}"]`)) el.classList.add("coach-target");
      }
    }
  }
}

export function startTutorial(opts) {
  return new Coach(opts);
}
