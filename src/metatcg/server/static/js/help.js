// Help on every word (issue 30): every badge, counter, marker and game word on the board gets a
// tooltip and an accessible description, and leads into a searchable Rules panel. The words,
// their topics and the how-to-play come from the server (GET /api/glossary/<game>, built by
// metatcg.ui.help from the game's presentation), so this module knows no game.
//
// It watches the page's regions and marks what they show after each render:
// - a short label (a badge, a counter, a pile or zone title, a type line) is matched whole:
//   first the game's term patterns ("TKO in 2 · HP 6 left"), then a topic's name;
// - running text (the prompt, the header, buttons, log lines, card text) gets its jargon words
//   ("Chapter", "Contract") wrapped in a marked span.
// Hover or focus shows the tooltip; a click on a marked word (or "?" over anything marked)
// opens the Rules panel at its topic.

import {h, clear, $, $$} from "/static/js/dom.js";
import {getJSON} from "/static/js/api.js";

const REGIONS = ["#board", "#seats-bar", "#turn", "#phase", "#prompt", "#actions", "#log", "#card-text", "#game-over"];
const RUNNING = "#prompt, #phase, #turn, #actions button, #log > *, #card-text .ct-text, #result-reason";
const MAX_LABEL = 48;              // longer leaf text is running text, not a label
// the board's own markers (board.js), the same in every game
const BOARD_WORDS = {
  "▲": ["winning", "Finished ahead: a win, or one of the better places."],
  "▼": ["winning", "Finished behind: a loss, or one of the lower places."],
  "=": ["winning", "Finished level: a draw, or a place shared in the middle."],
  "●": ["turn", "This player is deciding now."],
};

const COARSE = window.matchMedia("(pointer: coarse)");   // a touch screen has no "?" key at hand
let help = null;                   // the Help of this page (one game per page)

/** Start the help for `game` (board.js calls this when a game's state first arrives). */
export function startHelp(game) {
  if (help && help.game === game) return help;
  if (help) help.stop();
  help = new Help(game);
  return help;
}

const norm = (s) => String(s).trim().toLowerCase().replace(/[\s_\-]+/g, " ");
const fill = (gloss, m) => gloss.replace(/\{(\d)\}/g, (_, i) => (m && m[Number(i)]) || "");
const reEsc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

class Help {
  constructor(game) {
    this.game = game;
    this.data = null;
    this.byId = new Map();
    this.names = new Map();        // normalised id, alias or title -> topic
    this.descs = new Map();        // gloss -> id of its hidden description node
    this.queue = new Set();
    this.hovered = null;
    this._css();
    this._ui();
    this.ready = getJSON(`/api/glossary/${encodeURIComponent(game)}`).then((d) => this._load(d)).catch(() => null);
  }

  stop() {
    if (this.observer) this.observer.disconnect();
  }

  // ------------------------------------------------------------------ data
  _load(d) {
    this.data = d;
    for (const t of d.topics || []) {
      this.byId.set(t.id, t);
      for (const k of [t.id, ...(t.aliases || [])]) if (!this.names.has(norm(k))) this.names.set(norm(k), t);
    }
    for (const t of d.topics || []) if (!this.names.has(norm(t.title))) this.names.set(norm(t.title), t);
    this.terms = (d.terms || []).map((t) => ({re: new RegExp(t.pattern, "i"), topic: t.topic, gloss: t.gloss}));
    // running-text words: the jargon and the phase names, longest first
    const words = new Map();
    for (const j of d.jargon || []) words.set(norm(j.word), j.topic);
    for (const p of Object.values(d.phases || {})) if (p.topic) words.set(norm(p.name), p.topic);
    this.words = words;
    const alts = [...words.keys()].sort((a, b) => b.length - a.length).map((w) => reEsc(w).replace(/ /g, "[\\s_-]+"));
    this.wordRe = alts.length ? new RegExp(`(^|[^\\p{L}\\p{N}])(${alts.join("|")})(?![\\p{L}\\p{N}])`, "iu") : null;
    this._rulesBody();
    this._watch();
  }

  /** What explains a label's whole text: [topic, gloss] or null. */
  label(text) {
    const raw = text.replace(/\s+/g, " ").trim();
    if (!raw || raw.length > MAX_LABEL || /^[\d\s/+\-–·.,%()]+$/.test(raw) && !BOARD_WORDS[raw]) return null;
    if (BOARD_WORDS[raw]) {
      const [id, gloss] = BOARD_WORDS[raw];
      return [this.byId.get(id) || null, gloss];
    }
    for (const t of this.terms) {
      const m = t.re.exec(raw);
      if (m) return [this.byId.get(t.topic), fill(t.gloss, m)];
    }
    // a topic's name, without decorations: "⚔ in battle", "Frozen 2", "Flight ×2", "Your Chapter 5"
    const bare = raw.replace(/^[^\p{L}]+/u, "").replace(/^your /i, "").replace(/(\s*[×x]?\d+(\/\d+)?\s*✓?)+$/u, "").replace(/[:✓]+$/u, "").trim();
    const t = this.names.get(norm(bare)) || this.names.get(norm(bare).replace(/s$/, ""));
    if (t) return [t, ""];
    // a type line or a longer label: the longest topic name it starts with
    const words = norm(bare).split(/[^\p{L}\p{N}']+/u).filter(Boolean);
    for (let n = Math.min(3, words.length); n >= 1; n--) {
      const hit = this.names.get(words.slice(0, n).join(" "));
      if (hit && hit.kind !== "overview") return [hit, ""];
    }
    return null;
  }

  // ------------------------------------------------------------------ marking the page
  _watch() {
    this.observer = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) this.queue.add(n.nodeType === 1 ? n : n.parentElement);
      this._soon();
    });
    for (const sel of REGIONS) {
      const el = $(sel);
      if (el) {
        this.observer.observe(el, {childList: true, subtree: true});
        this.queue.add(el);
      }
    }
    this._soon();
  }

  _soon() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      const roots = [...this.queue].filter((e) => e && e.isConnected);
      this.queue.clear();
      for (const r of roots) this.mark(r);
      this.observer.takeRecords();           // our own changes need no second pass
    });
  }

  /** Mark every label and running text inside `root`. */
  mark(root) {
    if (!this.data || root.closest("#rules-dialog, #help-tip")) return;
    const running = [...(root.matches(RUNNING) ? [root] : []), ...$$(RUNNING, root)];
    for (const el of running) this._running(el);
    const all = [root, ...root.querySelectorAll("*")];
    const todo = [];                         // [element, topic, gloss, its own text]
    const hosts = new Set();
    for (const el of all) {
      const text = this._ownText(el);
      if (el.dataset.help !== undefined) {
        if (el.dataset.helpText === text || el.closest(RUNNING) || el.classList.contains("counter")) continue;
        this._forget(el);                    // its text changed in place: explain it again
      }
      if (el.closest(".term, [data-help], #rules-dialog")) continue;
      if (!text || el.closest(RUNNING) || el.closest(".c-name")) continue;
      const card = el.closest("[data-card-name]");
      if (card && card.dataset.cardName && text.trim() === card.dataset.cardName) continue;
      const found = this.label(text);
      if (!found) continue;
      const host = el.parentElement && el.parentElement.classList.contains("counter") ? el.parentElement : el;
      if (host.dataset.help !== undefined || hosts.has(host)) continue;
      hosts.add(host);
      todo.push([host, found[0], found[1], host === el ? text : ""]);
    }
    // read every size first, then write: one layout per pass, not one per label
    const cut = todo.map(([host]) => host.textContent.trim().length > 10 && host.scrollWidth > host.clientWidth + 1);
    todo.forEach(([host, topic, gloss, text], i) => {
      this.describe(host, topic, gloss, cut[i]);
      host.dataset.helpText = text;
    });
  }

  /** Take back what `describe` gave an element whose text was replaced. */
  _forget(el) {
    delete el.dataset.help;
    delete el.dataset.topic;
    delete el.dataset.helpText;
    el.classList.remove("has-help");
    const ids = (el.getAttribute("aria-describedby") || "").split(/\s+/).filter((id) => id && !id.startsWith("help-d"));
    if (ids.length) el.setAttribute("aria-describedby", ids.join(" ")); else el.removeAttribute("aria-describedby");
  }

  /** The text an element holds itself (not its children's): "Aura zone" of "Aura zone <span>3</span>". */
  _ownText(el) {
    if (["SCRIPT", "STYLE", "INPUT", "SELECT", "OPTION", "TEXTAREA", "BUTTON"].includes(el.tagName)) return "";
    let t = "";
    for (const c of el.childNodes) if (c.nodeType === 3) t += c.nodeValue;
    return t.trim();
  }

  /** Wrap the jargon words of a running text (each word once per element). */
  _running(el) {
    // #prompt, #phase and #turn stay and get new text: done again whenever their text changes
    if (!this.wordRe) return;
    if (el.dataset.helpRun === el.textContent && el.querySelectorAll(".term").length === Number(el.dataset.helpTerms || 0)) return;
    this._forget(el);
    // a whole line the game explains ("Lose Elder Jotun from hand: 6 points of 4")
    const whole = this._readText(el).replace(/\s+/g, " ").trim();
    const term = this.terms.find((t) => t.re.test(whole));
    if (term) this.describe(el, this.byId.get(term.topic), fill(term.gloss, term.re.exec(whole)));
    const seen = new Set();
    for (let node of this._textNodes(el)) {
      const marked = node.parentElement.closest(".term, [data-help]");
      if (marked && marked !== el && el.contains(marked)) continue;
      for (let guard = 0; guard < 8 && node; guard++) {
        const m = this.wordRe.exec(node.nodeValue);
        if (!m) break;
        const key = norm(m[2]);
        const start = m.index + m[1].length;
        if (seen.has(key)) {
          // already marked in this element: look further on
          const rest = /** @type {Text} */ (node).splitText(start + m[2].length);
          node = rest;
          continue;
        }
        seen.add(key);
        const word = /** @type {Text} */ (node).splitText(start);
        const rest = /** @type {Text} */ (word).splitText(m[2].length);
        const span = h("span.term", m[2]);
        word.replaceWith(span);
        const topic = this.byId.get(this.words.get(key));
        this.describe(span, topic, "");
        node = rest;
      }
    }
    el.dataset.helpRun = el.textContent;
    el.dataset.helpTerms = String(el.querySelectorAll(".term").length);
  }

  /** The text nodes a reader gets from `el` (a key hint marked aria-hidden is not read). */
  _textNodes(el) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes = [];
    while (walker.nextNode()) {
      const hid = walker.currentNode.parentElement.closest("[aria-hidden='true']");
      if (!hid || !el.contains(hid)) nodes.push(walker.currentNode);
    }
    return nodes;
  }

  _readText(el) {
    return this._textNodes(el).map((n) => n.nodeValue).join("");
  }

  /** Give `el` the gloss of `topic` (or `gloss`): a tooltip, an accessible description and a
   *  way into the Rules panel. `cut`: the element shows only part of its text. */
  describe(el, topic, gloss, cut = false) {
    const text = gloss || (topic ? `${topic.title}: ${topic.summary}` : "");
    if (!text) return;
    // a label cut to fit (a long type line) says itself in full first
    const full = cut ? `${el.textContent.trim()}. ${text}` : text;
    el.dataset.help = full;
    if (topic) el.dataset.topic = topic.id;
    el.classList.add("has-help");
    const id = this._desc(full + (topic && gloss ? ` (Rules: ${topic.title})` : ""));
    for (const target of [el, el.closest("button, [data-card-id], [data-ref], summary, [role=button]")]) {
      if (!target) continue;
      const ids = (target.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
      if (!ids.includes(id)) target.setAttribute("aria-describedby", [...ids, id].join(" "));
    }
  }

  _desc(text) {
    if (!this.descs.has(text)) {
      const id = `help-d${this.descs.size + 1}`;
      this.descBox.appendChild(h("span", {id}, text));
      this.descs.set(text, id);
    }
    return this.descs.get(text);
  }

  // ------------------------------------------------------------------ the page's parts
  _css() {
    if (!$("link[href='/static/css/help.css']")) document.head.appendChild(h("link", {rel: "stylesheet", href: "/static/css/help.css"}));
  }

  _ui() {
    this.descBox = $("#help-descs") || document.body.appendChild(h("div#help-descs", {hidden: true}));
    this.tip = $("#help-tip") || document.body.appendChild(h("div#help-tip", {role: "tooltip", hidden: true}));
    const bar = $("#topbar");
    this.openBtn = $("#rules-open");
    if (!this.openBtn && bar) {
      // small: the top bar is full on long game titles; the word shows where there is room
      this.openBtn = h("button#rules-open.small", {type: "button", "aria-haspopup": "dialog", "aria-controls": "rules-dialog",
        "aria-label": "Rules", title: "The rules of this game, searchable (key: ?)"},
      h("span", {"aria-hidden": "true"}, "?"), h("span.rules-word", {"aria-hidden": "true"}, " Rules"));
      const spacer = $(".spacer", bar);
      if (spacer) spacer.after(this.openBtn); else bar.appendChild(this.openBtn);
    }
    if (this.openBtn) this.openBtn.addEventListener("click", () => this.open());
    this.dialog = $("#rules-dialog") || document.body.appendChild(this._dialog());
    document.addEventListener("mouseover", (ev) => this._over(ev));
    document.addEventListener("focusin", (ev) => this._over(ev));
    document.addEventListener("mouseout", (ev) => { if (!ev.relatedTarget || !this.hovered || !this.hovered.contains(ev.relatedTarget)) this._hideTip(); });
    document.addEventListener("focusout", () => this._hideTip());
    document.addEventListener("click", (ev) => {
      const t = ev.target.closest && ev.target.closest("[data-topic]");
      if (!t || t.closest("#rules-dialog") || t.closest("button, [data-card-id], [data-ref], summary, a, [role=button]")) return;
      ev.preventDefault();
      ev.stopPropagation();
      this.open(t.dataset.topic);
    }, true);
    document.addEventListener("keydown", (ev) => {
      if (ev.key !== "?" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (ev.target.closest && ev.target.closest("input, textarea, select, [contenteditable]")) return;
      if (this.dialog.open) return;
      ev.preventDefault();
      const focused = document.activeElement && document.activeElement.querySelector
        ? (document.activeElement.matches("[data-topic]") ? document.activeElement : document.activeElement.querySelector("[data-topic]")) : null;
      const at = this.hovered || focused;
      this.open(at ? at.dataset.topic : null);
    });
  }

  _over(ev) {
    const t = ev.target.closest && ev.target.closest("[data-help]");
    if (!t || t.closest("#rules-dialog")) {
      if (ev.type === "focusin") this._hideTip();
      return;
    }
    if (t === this.hovered && !this.tip.hidden) return;
    this.hovered = t;
    const topic = t.dataset.topic ? this.byId.get(t.dataset.topic) : null;
    const clickable = !t.closest("button, [data-card-id], [data-ref], summary, a, [role=button]");
    const text = topic && t.dataset.help.startsWith(`${topic.title}: `) ? t.dataset.help.slice(topic.title.length + 2) : t.dataset.help;
    clear(this.tip).append(
      topic ? h("div.tip-title", topic.title) : "",
      h("div.tip-text", text),
      topic ? h("div.tip-hint", clickable ? "Click for the rules" : COARSE.matches ? "More under ? Rules at the top" : "Press ? for the rules") : "");
    this.tip.hidden = false;
    const r = t.getBoundingClientRect();
    const tw = this.tip.offsetWidth, th = this.tip.offsetHeight;
    let x = Math.min(Math.max(6, r.left), window.innerWidth - tw - 6);
    let y = r.bottom + 6;
    if (y + th > window.innerHeight - 6) y = Math.max(6, r.top - th - 6);
    this.tip.style.left = `${x}px`;
    this.tip.style.top = `${y}px`;
  }

  _hideTip() {
    this.hovered = null;
    this.tip.hidden = true;
  }

  // ------------------------------------------------------------------ the Rules panel
  _dialog() {
    this.search = h("input#rules-search", {type: "search", placeholder: "Search the rules: a word, a keyword, a zone…",
      "aria-label": "Search the rules", autocomplete: "off"});
    this.count = h("p#rules-count.dim", {role: "status", "aria-live": "polite"});
    this.body = h("div#rules-body");
    const close = h("button#rules-close.small", {type: "button", "aria-label": "Close the rules"}, "Close");
    const d = h("dialog#rules-dialog", {"aria-labelledby": "rules-title"},
      h("div.rules-head", h("h2#rules-title", "Rules"), close),
      this.search, this.count, this.body);
    close.addEventListener("click", () => d.close());
    this.search.addEventListener("input", () => this._filter(this.search.value));
    // Escape closes the panel even from the search field (which would only clear itself)
    d.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { ev.preventDefault(); d.close(); } });
    d.addEventListener("click", (ev) => {
      if (ev.target === d) d.close();               // a click on the backdrop
      const a = ev.target.closest("a[data-goto]");
      if (a) { ev.preventDefault(); this.show(a.dataset.goto); }
    });
    return d;
  }

  _rulesBody() {
    const d = this.data;
    $("#rules-title", this.dialog).textContent = `Rules: ${d.title}`;
    const paras = (text) => text.split(/\n\s*\n/).map((p) => {
      const lines = p.split("\n");
      const items = lines.filter((l) => /^\s*-\s/.test(l));
      if (items.length && items.length === lines.length - 1 || items.length === lines.length) {
        const head = lines.filter((l) => !/^\s*-\s/.test(l));
        return [head.length ? h("p", head.join(" ")) : null, h("ul", items.map((l) => h("li", l.replace(/^\s*-\s/, ""))))];
      }
      return h("p", p);
    });
    const groups = {};
    for (const t of d.topics) (groups[t.kind] = groups[t.kind] || []).push(t);
    clear(this.body).append(
      h("section.how-to", h("h3", "How to play"), paras(d.how_to_play || "")),
      ...Object.entries(d.kinds || {}).filter(([k]) => groups[k]).map(([k, heading]) => h("section.rules-kind", {data: {kind: k}},
        h("h3", heading),
        groups[k].map((t) => h("details.rule", {id: `rule-${t.id}`, data: {topic: t.id}},
          h("summary", t.title),
          h("div.rule-text", paras(t.text),
            t.see_also && t.see_also.length ? h("p.see-also", "See also: ", t.see_also.filter((x) => this.byId.has(x)).map((x, i) =>
              [i ? ", " : "", h("a", {href: `#rule-${x}`, data: {goto: x}}, this.byId.get(x).title)])) : null))))));
    this.count.textContent = `${d.topics.length} topics`;
  }

  /** Open the Rules panel, at `topicId` if given. */
  open(topicId) {
    this._hideTip();
    if (!this.dialog.open) this.dialog.showModal();
    if (!this.data) { this.ready.then(() => this.data && this.open(topicId)); return; }
    if (topicId) this.show(topicId); else this.search.focus();
  }

  show(topicId) {
    if (this.search.value) { this.search.value = ""; this._filter(""); }
    const el = this.dialog.querySelector(`#rule-${CSS.escape(topicId)}`);
    if (!el) return;
    for (const o of $$("details.rule.hit", this.dialog)) o.classList.remove("hit");
    el.open = true;
    el.classList.add("hit");
    el.scrollIntoView({block: "start"});
    $("summary", el).focus();
  }

  _filter(q) {
    const query = norm(q);
    let n = 0;
    const hits = [];
    for (const el of $$("details.rule", this.dialog)) {
      const t = this.byId.get(el.dataset.topic);
      const inName = [t.title, t.id, ...(t.aliases || [])].some((x) => norm(x).includes(query));
      const show = !query || inName || norm(t.text).includes(query);
      el.hidden = !show;
      el.classList.toggle("hit", !!query && inName);
      if (show) { n++; hits.push([el, inName]); }
      el.open = false;
    }
    // open what the search names (or the few it found in texts)
    const named = hits.filter(([, inName]) => inName);
    if (query) for (const [el] of (named.length ? named : hits).slice(0, 4)) el.open = true;
    for (const s of $$("section.rules-kind", this.dialog)) s.hidden = !$$("details.rule", s).some((e) => !e.hidden);
    $("section.how-to", this.dialog).hidden = !!query;
    const total = this.data ? this.data.topics.length : 0;
    this.count.textContent = query ? (n ? `${n} of ${total} topics match "${q.trim()}"` : `Nothing matches "${q.trim()}"`) : `${total} topics`;
  }
}
