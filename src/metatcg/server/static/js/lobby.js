// The lobby (index.html): a new-game form from GET /api/meta, the links of a created game, the
// listed games (GET /api/games, refreshed), joining an open seat and opening a pasted link.

import {h, clear, $, $$, seatName, toast, copyText} from "/static/js/dom.js";
import * as api from "/static/js/api.js";
import {stopChecks, checkedStops, fillStops} from "/static/js/prefs.js";

const SEATS_KEY = "metatcg.seats";
const PREFS_KEY = "metatcg.startPrefs";      // the play settings last used to create a game here
let META = null;
let seatCount = 2;

const absolute = (url) => new URL(url, location.origin).href;

// ------------------------------------------------------------------ links remembered on this device
function mySeats() {
  try { return JSON.parse(localStorage.getItem(SEATS_KEY) || "[]"); } catch (e) { return []; }
}
const entryKey = (e) => e.url || e.id;
function forget(key) {
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(mySeats().filter((e) => entryKey(e) !== key))); } catch (e) { /* fine */ }
  renderMySeats();
}
function remember(entry) {
  const list = mySeats().filter((e) => entryKey(e) !== entryKey(entry));
  list.unshift({...entry, at: Date.now()});
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(list.slice(0, 12))); } catch (e) { /* private mode */ }
  renderMySeats();
}
function renderMySeats() {
  const list = mySeats();
  const box = $("#my-seats");
  $("#my-seats-panel").hidden = !list.length;
  clear(box);
  for (const e of list) {
    box.appendChild(h("li", {class: `p${e.seat}`},
      e.url ? h("a", {href: e.url}, `${e.title || e.game} · ${seatName(e.seat)}`) : h("span", `${e.title || e.game} · bots only`),
      h("span.dim", ` · game ${String(e.id).slice(0, 8)} · ${new Date(e.at).toLocaleString()}`),
      e.creator ? endButton(e) : null));
  }
}

// the creator's token ends a game (its bots stop, its players see it over)
function endButton(e) {
  const btn = h("button.small", {type: "button", title: "End this game for everyone (you created it)", onclick: async () => {
    if (!confirm("End this game for every player?")) return;
    btn.disabled = true;
    try {
      await api.endGame(e.id, e.creator);
      toast("The game was ended.");
    } catch (err) {
      toast(err.code === "game_over" ? "That game is over already." : (err.message || "Could not end it"));
    }
    forget(entryKey(e));
    refreshGames();
  }}, "End");
  return btn;
}

function syncSeed() {
  // an open game gets a seed the server draws and keeps secret until the end
  const open = $("#open-seats").checked;
  $("#seed").disabled = open;
  if (open) $("#seed").value = "";
  $("#seed-note").textContent = open
    ? "Open games always get a secret random seed: it is shown once the game is over."
    : "The seed decides every shuffle and coin flip. Leave it empty for a new random game; give a number to "
      + "replay the same deal (a rematch, a puzzle, a bug report). Everyone sees a fixed seed in the games list.";
}

function timerText(secs) {
  if (!secs) return "no timer";
  return secs >= 60 && secs % 60 === 0 ? `${secs / 60} min a decision` : `${secs} s a decision`;
}

// ------------------------------------------------------------------ names a person reads
/** "Easy bot", "Person": the name of a player id (old ids such as bot:greedy too). */
function playerName(p) {
  const name = META && META.player_names && META.player_names[p];
  if (p === "human") return "Person";
  if (name) return `${name} bot`;
  return String(p).replace(/^bot:/, "") + " bot";
}

function gameMeta(id) {
  return (META && (META.games || []).find((g) => g.id === id)) || null;
}

/** A deck's name and what it is: its file's first comment "Name: what it does", or the deck id. */
function deckInfo(g, id) {
  const about = (g && g.deck_about && g.deck_about[id]) || "";
  const m = /^([^:]{2,48}):\s*(.+)$/.exec(about);
  return m ? {name: m[1], about: m[2]} : {name: id, about};
}

function optionLabel(g, name, value) {
  const o = g && (g.options || []).find((x) => x.name === name);
  const choice = o && (o.choices || []).find(([v]) => v === value);
  const question = o ? (o.question || name).replace(/\s*\(.*\)\s*$/, "").replace(/\?$/, "") : name;
  return `${question}: ${choice ? (choice[1] || value) : value}`;
}

// ------------------------------------------------------------------ the form
function currentGame() {
  return META && META.games.find((g) => g.id === $("#game-select").value);
}

function renderGameForm() {
  const g = currentGame();
  if (!g) return;
  try { localStorage.setItem("metatcg.lastGame", g.id); } catch (e) { /* fine */ }
  const counts = g.seat_counts && g.seat_counts.length ? g.seat_counts : [2];
  if (!counts.includes(seatCount)) seatCount = counts[0];
  const box = clear($("#seat-counts"));
  if (counts.length === 1) box.appendChild(h("span", `${counts[0]} (always ${counts[0]} in this game)`));
  else for (const n of counts) {
    box.appendChild(h("button.seat-count", {type: "button", class: n === seatCount ? "on" : "", data: {count: n},
      "aria-pressed": n === seatCount ? "true" : "false",
      onclick: () => { seatCount = n; renderGameForm(); }}, `${n} players`));
  }
  $("#game-about").textContent = g.about || "";
  renderSeatRows(g);
  const opts = clear($("#options"));
  for (const o of g.options || []) {
    const sel = h("select.option-select", {data: {name: o.name}, id: `opt-${o.name}`},
      (o.choices || []).map(([value, label]) => h("option", {value}, label || value)));
    opts.appendChild(h("div.form-row.option-row", h("label.lbl", {for: `opt-${o.name}`}, o.question || o.name), sel));
  }
}

const LEVELS_FALLBACK = [{id: "human", name: "Person"}, {id: "bot:easy", name: "Easy"},
  {id: "bot:normal", name: "Normal"}, {id: "bot:hard", name: "Hard"}];

function renderSeatRows(g) {
  const box = $("#seats");
  const old = $$(".seat-row", box).map((r) => ({deck: $(".deck-select", r).value, player: $(".player-select", r).value}));
  clear(box);
  const decks = g.decks || [];
  const levels = (META.levels && META.levels.length) ? META.levels : LEVELS_FALLBACK;
  const ids = levels.map((l) => l.id);
  for (let q = 0; q < seatCount; q++) {
    const deck = h("select.deck-select", {"aria-label": `${seatName(q)} deck`},
      decks.map((d) => h("option", {value: d}, deckInfo(g, d).name)));
    const who = h("select.player-select", {"aria-label": `${seatName(q)} player`},
      levels.map((l) => h("option", {value: l.id, title: l.about || ""}, l.id === "human" ? "Person" : `${l.name} bot`)));
    const prev = old[q];
    deck.value = prev && decks.includes(prev.deck) && old.length ? prev.deck : decks[q % Math.max(1, decks.length)] || "";
    who.value = prev && ids.includes(prev.player) ? prev.player : (q === 0 ? "human" : (ids.includes("bot:normal") ? "bot:normal" : ids[ids.length - 1]));
    const about = h("p.deck-about.dim", {data: {seat: q}});
    const row = h("div.seat-row", {class: `p${q}`, data: {seat: q}},
      h("span.seat-no", seatName(q), h("span.you-tag")),
      h("label.field.who", h("span.cap", "Player"), who), h("label.field.deck", h("span.cap", "Deck"), deck), about);
    box.appendChild(row);
  }
  syncSeatNotes();
  syncFairWindows();
}

/** Under each seat: what its deck does; "you" on the first person's seat; the bots' levels below. */
function syncSeatNotes() {
  const g = currentGame();
  if (!g) return;
  let you = true;
  for (const r of $$("#seats .seat-row")) {
    const human = $(".player-select", r).value === "human";
    $(".you-tag", r).textContent = human && you ? "you" : human && $("#open-seats").checked ? "open" : "";
    if (human) you = false;
    const about = deckInfo(g, $(".deck-select", r).value).about;
    $(".deck-about", r).textContent = about ? about[0].toUpperCase() + about.slice(1) : "";
  }
  const chosen = new Set($$("#seats .player-select").map((s) => s.value));
  const levels = (META.levels || []).filter((l) => l.id !== "human" && chosen.has(l.id));
  $("#player-help").textContent = levels.map((l) => `${l.name} bot: ${l.about}.`).join(" ");
}

// Fair windows default to on with more than one human seat (docs/server.md), until the box is clicked.
function syncFairWindows() {
  const box = $("#fair-windows");
  if (!box || box.dataset.touched) return;
  box.checked = $$("#seats .player-select").filter((s) => s.value === "human").length > 1;
}

// ------------------------------------------------------------------ starting play settings (issue 29's prefs)
function defaultPrefs() {
  return (META && META.prefs && META.prefs.defaults) || {auto_pass: true, stops: [], auto_same: true, auto_pay: true, auto_order: true};
}

function readStartPrefs() {
  return {auto_pass: $("#lobby-pref-auto-pass").checked, stops: checkedStops($("#lobby-pref-stop-list")),
          auto_same: $("#lobby-pref-auto-same").checked, auto_pay: $("#lobby-pref-auto-pay").checked,
          auto_order: $("#lobby-pref-auto-order").checked};
}

function fillStartPrefs(p) {
  $("#lobby-pref-auto-pass").checked = !!p.auto_pass;
  $("#lobby-pref-auto-same").checked = !!p.auto_same;
  $("#lobby-pref-auto-pay").checked = p.auto_pay !== false;
  $("#lobby-pref-auto-order").checked = p.auto_order !== false;
  fillStops($("#lobby-pref-stop-list"), p);
  syncStartPrefs();
}

function syncStartPrefs() {
  const p = readStartPrefs();
  $("#lobby-pref-stops").disabled = !p.auto_pass;
  const same = JSON.stringify(p) === JSON.stringify({...defaultPrefs(), stops: [...(defaultPrefs().stops || [])].sort()});
  $("#start-prefs-summary").textContent = same ? "(the usual ones)"
    : `(auto-pass ${p.auto_pass ? `on, ${p.stops.length} stop${p.stops.length === 1 ? "" : "s"}` : "off"}, `
      + `auto-same ${p.auto_same ? "on" : "off"}, auto-pay ${p.auto_pay ? "on" : "off"}, `
      + `auto-order ${p.auto_order ? "on" : "off"})`;
}

function setupStartPrefs() {
  stopChecks($("#lobby-pref-stop-list"), (META.prefs && META.prefs.moments) || [], "lobby-pref-stop-");
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(PREFS_KEY) || "null"); } catch (e) { saved = null; }
  fillStartPrefs(saved && typeof saved === "object" ? {...defaultPrefs(), ...saved} : defaultPrefs());
  $("#start-prefs").addEventListener("change", syncStartPrefs);
  $("#lobby-prefs-defaults").addEventListener("click", () => fillStartPrefs(defaultPrefs()));
}

async function createGame(ev) {
  ev.preventDefault();
  const g = currentGame();
  if (!g) return;
  const btn = $("#create-game");
  const rows = $$("#seats .seat-row");
  const body = {
    game: g.id,
    decks: rows.map((r) => $(".deck-select", r).value),
    seats: rows.map((r) => $(".player-select", r).value),
    options: {},
    settings: {
      turn_seconds: $("#timer-on").checked ? Math.max(5, parseInt($("#timer-seconds").value, 10) || 120) : null,
      public_record: $("#public-record").checked,
      listed: $("#listed").checked,
      open: $("#open-seats").checked,
      fair_windows: $("#fair-windows").checked,
    },
  };
  for (const s of $$("#options .option-select")) body.options[s.dataset.name] = s.value;
  if (body.seats.includes("human")) {
    body.prefs = readStartPrefs();
    try { localStorage.setItem(PREFS_KEY, JSON.stringify(body.prefs)); } catch (e) { /* private mode */ }
  }
  const seed = $("#seed").value.trim();
  if (seed !== "" && !body.settings.open) body.seed = parseInt(seed, 10);
  btn.disabled = true;
  $("#create-status").textContent = "creating…";
  try {
    const res = await api.createGame(body);
    showCreated(res, g, body);
    refreshGames();
  } catch (e) {
    toast(e.message || "Could not create the game");
  } finally {
    btn.disabled = false;
    $("#create-status").textContent = "";
  }
}

function showCreated(res, g, body) {
  const box = clear($("#created"));
  const seats = res.seats || [];
  let owner = res.creator_token;      // kept with the first link of this device (or alone: bots only)
  if (!seats.some((s) => s.url)) remember({id: res.id, game: res.game, title: g.title, seat: 0, url: null, creator: owner});
  const rows = seats.map((s) => {
    const q = s.seat;
    if (s.url) {
      const url = absolute(s.url);
      remember({id: res.id, game: res.game, title: g.title, seat: q, url: s.url, creator: owner});
      owner = undefined;
      const copyBtn = h("button.small", {type: "button", onclick: async () => {
        copyBtn.textContent = (await copyText(url)) ? "copied ✓" : "copy failed";
        setTimeout(() => { copyBtn.textContent = "Copy"; }, 1800);
      }}, "Copy");
      return h("div.created-seat", {class: `p${q}`},
        h("b", seatName(q)),
        h("a.seat-link", {href: s.url, data: {seat: q}}, url),
        copyBtn,
        h("a.button.primary.play-now", {href: s.url}, `Play as ${seatName(q)}`));
    }
    const open = s.player === "human";
    return h("div.created-seat", {class: `p${q}`}, h("b", seatName(q)),
      h("span.dim", open ? "open: anyone may join it from the games list" : playerName(s.player)));
  });
  box.appendChild(h("div.created-box",
    h("div", h("b", `${g.title} created`), h("span.dim", ` · game ${res.id}`)),
    h("div.dim", createdNote(seats, body.settings.open)),
    rows,
    h("div.created-seat", h("b", "Watch"), h("a", {href: `/watch/${encodeURIComponent(res.id)}`}, absolute(`/watch/${encodeURIComponent(res.id)}`)))));
}

/** What to do with the links just made: one link is yours; several are to hand out, one each. */
function createdNote(seats, open) {
  const links = seats.filter((s) => s.url).length;
  const keep = "Keep your link to come back to your seat later (this device remembers it too).";
  if (open) return `Your game is ready and listed: the open seats fill as people join. ${keep}`;
  if (links <= 1) return links ? `Your game is ready. ${keep}` : "The bots play it: watch it below.";
  return "Give each player only their own link: whoever has a link plays that seat.";
}

// ------------------------------------------------------------------ games list
let refreshing = false;
async function refreshGames() {
  if (refreshing) return;
  refreshing = true;
  const box = $("#open-games");
  try {
    const data = await api.listGames();
    const games = (data && data.games) || [];
    clear(box);
    if (!games.length) box.appendChild(h("li.empty-note", "No games yet — create one."));
    // open seats first, then games in play, then (a few) finished ones; newest first within each
    const rank = (g) => ((g.open_seats || []).length && !g.over ? 0 : g.over ? 2 : 1);
    const sorted = games.map((g, i) => [rank(g), i, g]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
    let over = 0;
    for (const g of sorted) {
      if (g.over && ++over > 15) continue;
      box.appendChild(gameItem(g));
      if (box.childNodes.length >= 40) break;
    }
    $("#games-status").textContent = "";
  } catch (e) {
    $("#games-status").textContent = `(${e.message || "cannot load"})`;
  } finally {
    refreshing = false;
  }
}

// which games' details are unfolded (kept across the list's refreshes); games with open seats start unfolded
const folded = new Map();

function gameItem(g) {
  const open = g.open_seats || [];
  const gm = gameMeta(g.game);
  const title = g.title || (gm && gm.title) || g.game;
  const when = g.created ? new Date(typeof g.created === "number" ? g.created * 1000 : g.created) : null;
  const acts = [];
  if (!g.over) acts.push(h("a.button.small", {href: `/watch/${encodeURIComponent(g.id)}`}, "Watch"));
  for (const k of open) {
    acts.push(h("button.small.primary", {type: "button", data: {seat: k}, onclick: (ev) => join(g, k, title, ev.target)}, `Join as ${seatName(k)}`));
  }
  if (g.over && g.public_record !== false) acts.push(h("a.button.small", {href: `/replay/${encodeURIComponent(g.id)}`}, "Replay"));
  else if (g.over) acts.push(h("span.dim", "record private"));
  const waiting = open.length && !g.over;
  const state = g.over ? "over" : waiting ? `waiting for ${open.length} player${open.length === 1 ? "" : "s"}` : "in play";
  return h("li", {class: waiting ? "waiting" : "", data: {gameId: g.id}},
    h("span.g-title", title),
    h("span.g-meta",
      h("span.seat-dots", (g.seats || []).map((s) => h("span", {class: [`p${s.seat}`, s.player === "human" && !s.joined ? "openseat" : ""],
        title: s.player}, `${seatName(s.seat)} ${s.player === "human" ? (s.joined ? "person" : "open") : playerName(s.player)}`))),
      ` · ${state} · ${g.n || 0} move${g.n === 1 ? "" : "s"}${when && !isNaN(when.getTime()) ? ` · ${when.toLocaleTimeString()}` : ""}`),
    h("span.g-acts", acts),
    gameDetails(g, gm, waiting));
}

/** Everything a player agrees to by joining: the game, each seat's player and deck, the timer and
 * the table's settings. */
function gameDetails(g, gm, waiting) {
  const decks = g.decks || [];
  const seats = (g.seats || []).map((s) => {
    const d = decks[s.seat];
    const info = d && d !== "custom" ? deckInfo(gm, d) : {name: d === "custom" ? "its own deck" : "", about: ""};
    const who = s.player === "human" ? (s.joined ? "Person (joined)" : "Open: you can join") : playerName(s.player);
    return h("li", {class: `p${s.seat}`},
      h("b", seatName(s.seat)), ` ${who}`, info.name ? h("span", " · deck ", h("b", info.name)) : null,
      info.about ? h("span.dim", ` — ${info.about}`) : null);
  });
  const terms = [timerText(g.turn_seconds), g.public_record === false ? "record kept private" : "anyone may replay it after",
    g.fair_windows ? "fair windows (every person asked at every chance to respond)" : null,
    ...Object.entries(g.options || {}).map(([k, v]) => optionLabel(gm, k, v)),
    g.seed !== null && g.seed !== undefined ? `fixed seed ${g.seed}` : null].filter(Boolean);
  const det = h("details.g-details", {data: {terms: g.id}},
    h("summary", "Details"),
    gm && gm.about ? h("p.dim.g-about", gm.about) : null,
    h("ul.g-seats", seats),
    h("p.g-terms", terms.join(" · ")));
  det.open = folded.has(g.id) ? folded.get(g.id) : !!waiting;
  det.addEventListener("toggle", () => folded.set(g.id, det.open));
  return det;
}

async function join(g, k, title, btn) {
  btn.disabled = true;
  try {
    const res = await api.joinGame(g.id, k);
    remember({id: g.id, game: g.game, title, seat: res.seat, url: res.url});
    location.href = res.url;
  } catch (e) {
    toast(e.code === "taken" ? "Someone took that seat first." : (e.message || "Could not join"));
    btn.disabled = false;
    refreshGames();
  }
}

function joinByLink(ev) {
  ev.preventDefault();
  const raw = $("#join-link").value.trim();
  if (!raw) return;
  let u = null;
  try { u = new URL(raw, location.origin); } catch (e) { u = null; }
  if (u && /^\/(play|watch|replay)\/[^/]+/.test(u.pathname)) {
    location.href = u.pathname + u.search;
    return;
  }
  if (/^[A-Za-z0-9_-]{4,}$/.test(raw)) {
    location.href = `/watch/${encodeURIComponent(raw)}`;
    return;
  }
  toast("That is not a game link (…/play/<id>?token=…, …/watch/<id> or …/replay/<id>).");
}

// ------------------------------------------------------------------ start
async function start() {
  renderMySeats();
  $("#forget-seats").addEventListener("click", () => { localStorage.removeItem(SEATS_KEY); renderMySeats(); });
  $("#timer-on").addEventListener("change", () => { $("#timer-seconds").disabled = !$("#timer-on").checked; });
  $("#open-seats").addEventListener("change", () => { syncSeed(); syncSeatNotes(); });
  syncSeed();
  $("#new-game").addEventListener("submit", createGame);
  $("#seats").addEventListener("change", () => { syncSeatNotes(); syncFairWindows(); });
  $("#fair-windows").addEventListener("change", () => { $("#fair-windows").dataset.touched = "1"; });
  $("#join-form").addEventListener("submit", joinByLink);
  refreshGames();
  setInterval(() => { if (!document.hidden) refreshGames(); }, 4000);
  try {
    META = await api.meta();
  } catch (e) {
    toast(`Cannot load the games: ${e.message}`);
    return;
  }
  const sel = clear($("#game-select"));
  for (const g of META.games || []) sel.appendChild(h("option", {value: g.id}, g.title || g.id));
  let last = null;
  try { last = localStorage.getItem("metatcg.lastGame"); } catch (e) { last = null; }
  if (last && (META.games || []).some((g) => g.id === last)) sel.value = last;
  sel.addEventListener("change", renderGameForm);
  setupStartPrefs();
  renderGameForm();
  refreshGames();          // again, now with the games' and decks' names
}

start();
