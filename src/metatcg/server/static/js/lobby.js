// The lobby (index.html): a new-game form from GET /api/meta, the links of a created game, the
// listed games (GET /api/games, refreshed), joining an open seat and opening a pasted link.

import {h, clear, $, $$, seatName, toast, copyText} from "/static/js/dom.js";
import * as api from "/static/js/api.js";

const SEATS_KEY = "metatcg.seats";
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
  $("#seed-note").textContent = open ? "open games get a secret seed, shown once the game is over"
    : "a fixed seed is shown in the games list";
}

function timerText(secs) {
  if (!secs) return "no timer";
  return secs >= 60 && secs % 60 === 0 ? `${secs / 60} min a decision` : `${secs} s a decision`;
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
  for (const n of counts) {
    box.appendChild(h("button.seat-count", {type: "button", class: n === seatCount ? "on" : "", data: {count: n},
      "aria-pressed": n === seatCount ? "true" : "false",
      onclick: () => { seatCount = n; renderGameForm(); }}, `${n} players`));
  }
  renderSeatRows(g);
  const opts = clear($("#options"));
  for (const o of g.options || []) {
    const sel = h("select.option-select", {data: {name: o.name}, id: `opt-${o.name}`},
      (o.choices || []).map(([value, label]) => h("option", {value}, label || value)));
    opts.appendChild(h("div.form-row.option-row", h("label.lbl", {for: `opt-${o.name}`}, o.question || o.name), sel));
  }
}

function renderSeatRows(g) {
  const box = $("#seats");
  const old = $$(".seat-row", box).map((r) => ({deck: $(".deck-select", r).value, player: $(".player-select", r).value}));
  clear(box);
  const decks = g.decks || [];
  const players = (META.players && META.players.length) ? META.players : ["human", "bot:random", "bot:greedy"];
  for (let q = 0; q < seatCount; q++) {
    const deck = h("select.deck-select", {"aria-label": `${seatName(q)} deck`}, decks.map((d) => h("option", {value: d}, d)));
    const who = h("select.player-select", {"aria-label": `${seatName(q)} player`}, players.map((p) => h("option", {value: p}, p)));
    const prev = old[q];
    deck.value = prev && decks.includes(prev.deck) && old.length ? prev.deck : decks[q % Math.max(1, decks.length)] || "";
    who.value = prev ? prev.player : (q === 0 ? "human" : (players.includes("bot:greedy") ? "bot:greedy" : players[players.length - 1]));
    box.appendChild(h("div.seat-row", {class: `p${q}`, data: {seat: q}},
      h("span.seat-no", seatName(q)), h("label.dim", "deck"), deck, h("label.dim", "player"), who));
  }
  syncFairWindows();
}

// Fair windows default to on with more than one human seat (docs/server.md), until the box is clicked.
function syncFairWindows() {
  const box = $("#fair-windows");
  if (!box || box.dataset.touched) return;
  box.checked = $$("#seats .player-select").filter((s) => s.value === "human").length > 1;
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
        h("a.button.small", {href: s.url}, `Play as seat ${q + 1}`));
    }
    const open = s.player === "human";
    return h("div.created-seat", {class: `p${q}`}, h("b", seatName(q)),
      h("span.dim", open ? "human — open: anyone may join it from the games list" : s.player));
  });
  box.appendChild(h("div.created-box",
    h("div", h("b", `${g.title} created`), h("span.dim", ` · game ${res.id}`)),
    h("div.dim", body.settings.open ? "Your link is below; the other human seats are open to join."
      : "Give each player only their own link: the link is the seat."),
    rows,
    h("div.created-seat", h("b", "Watch"), h("a", {href: `/watch/${encodeURIComponent(res.id)}`}, absolute(`/watch/${encodeURIComponent(res.id)}`)))));
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

function gameItem(g) {
  const open = g.open_seats || [];
  const title = g.title || (META && (META.games.find((x) => x.id === g.game) || {}).title) || g.game;
  const when = g.created ? new Date(typeof g.created === "number" ? g.created * 1000 : g.created) : null;
  const acts = [];
  if (!g.over) acts.push(h("a.button.small", {href: `/watch/${encodeURIComponent(g.id)}`}, "Watch"));
  for (const k of open) {
    acts.push(h("button.small.primary", {type: "button", data: {seat: k}, onclick: (ev) => join(g, k, title, ev.target)}, `Join as ${seatName(k)}`));
  }
  if (g.over && g.public_record !== false) acts.push(h("a.button.small", {href: `/replay/${encodeURIComponent(g.id)}`}, "Replay"));
  else if (g.over) acts.push(h("span.dim", "record private"));
  return h("li", {data: {gameId: g.id}},
    h("span.g-title", title),
    h("span.g-meta",
      h("span.seat-dots", (g.seats || []).map((s) => h("span", {class: [`p${s.seat}`, s.player === "human" && !s.joined ? "openseat" : ""],
        title: s.player}, `${seatName(s.seat)} ${s.player === "human" ? (s.joined ? "human" : "open") : s.player.replace("bot:", "")}`))),
      ` ${g.over ? "· over" : "· in play"} · ${g.n || 0} actions${when && !isNaN(when) ? ` · ${when.toLocaleTimeString()}` : ""}`,
      h("span.g-terms", {data: {terms: g.id}},
        (g.decks || []).length ? ` · decks ${g.decks.join(" / ")}` : "",
        ` · ${timerText(g.turn_seconds)}`,
        g.seed !== null && g.seed !== undefined ? ` · seed ${g.seed}` : "")),
    h("span.g-acts", acts));
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
  $("#open-seats").addEventListener("change", syncSeed);
  syncSeed();
  $("#new-game").addEventListener("submit", createGame);
  $("#seats").addEventListener("change", syncFairWindows);
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
  renderGameForm();
}

start();
