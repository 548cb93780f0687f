// The HTTP + WebSocket API of docs/server.md, and a live connection to one game that
// reconnects by itself (the server may restart mid-game) and falls back to polling.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code || "";
  }
}

async function request(method, url, body) {
  let res;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? {"Accept": "application/json"}
        : {"Content-Type": "application/json", "Accept": "application/json"},
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (e) {
    throw new ApiError(0, "network", "The server cannot be reached");
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch (e) { data = null; }
  }
  if (!res.ok) {
    const msg = data && (data.error || (typeof data.detail === "string" ? data.detail : null));
    throw new ApiError(res.status, data && data.code, msg || `${res.status} ${res.statusText}`);
  }
  return data;
}

export const getJSON = (url) => request("GET", url);
export const postJSON = (url, body) => request("POST", url, body || {});

const q = (params) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") s.set(k, v);
  const t = s.toString();
  return t ? `?${t}` : "";
};
const enc = encodeURIComponent;

let metaPromise = null;
export function meta() {
  if (!metaPromise) metaPromise = getJSON("/api/meta").catch((e) => { metaPromise = null; throw e; });
  return metaPromise;
}

const cardCache = new Map();
/** The card pool of a game, {name: info}; fetched once per game per page (and kept in
 *  sessionStorage so that a reload does not fetch it again). */
export function cards(game) {
  if (!cardCache.has(game)) {
    const key = `metatcg.cards.${game}`;
    let cached = null;
    try { cached = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { cached = null; }
    const p = cached ? Promise.resolve(cached) : getJSON(`/api/cards/${enc(game)}`).then((d) => {
      const table = (d && d.cards) || {};
      try { sessionStorage.setItem(key, JSON.stringify(table)); } catch (e) { /* full: fine */ }
      return table;
    });
    cardCache.set(game, p.catch((e) => { cardCache.delete(game); return {}; }));
  }
  return cardCache.get(game);
}

export const listGames = () => getJSON("/api/games");
export const createGame = (body) => postJSON("/api/games", body);
export const joinGame = (id, seat) => postJSON(`/api/games/${enc(id)}/join`, {seat});
export const gameState = (id, token, logFrom) =>
  getJSON(`/api/games/${enc(id)}${q({token, log_from: logFrom || null})}`);
export const spectateState = (id, logFrom) =>
  getJSON(`/api/games/${enc(id)}/spectate${q({log_from: logFrom || null})}`);
export const sendAction = (id, token, action, n, rid) =>
  postJSON(`/api/games/${enc(id)}/actions`, {token, action, ...(Number.isInteger(n) ? {n} : {}), ...(rid ? {rid} : {})});
export const sendPrefs = (id, token, prefs) => postJSON(`/api/games/${enc(id)}/prefs`, {token, prefs});
export const endGame = (id, creatorToken) => postJSON(`/api/games/${enc(id)}/end`, {token: creatorToken});

/** A new request id for one action: its retries carry the same id, so the server applies it once. */
export function requestId() {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
export const concede = (id, token) => postJSON(`/api/games/${enc(id)}/concede`, {token});
export const replayState = (id, k, token) => getJSON(`/api/games/${enc(id)}/replay/${k}${q({token})}`);

/**
 * A live view of one game for a seat (token) or a spectator (no token).
 *
 * Callbacks: onState(state) with the full log so far in state.fullLog; onError(err) for
 * refused actions; onStatus({connected, mode, retrying, fatal}) to drive the banner.
 * The log is kept here: each frame's lines are placed from its log_start.
 */
export class GameConnection {
  constructor({id, token, onState, onError, onStatus}) {
    this.id = id;
    this.token = token || null;
    this.onState = onState || (() => {});
    this.onError = onError || (() => {});
    this.onStatus = onStatus || (() => {});
    this.log = [];
    this.state = null;
    this.ws = null;
    this.wsOpen = false;
    this.mode = "ws";            // "ws" or "poll"
    this.attempt = 0;            // failed connection attempts in a row (backoff)
    this.wsFailures = 0;         // sockets that never opened, in a row
    this.stopped = false;
    this.fatal = null;
    this.timers = {};
    this._onVisible = () => { if (!document.hidden && !this.stopped && !this.wsOpen) this._kick(); };
    document.addEventListener("visibilitychange", this._onVisible);
    window.addEventListener("online", this._onVisible);
  }

  start() {
    this._connect();
  }

  stop() {
    this.stopped = true;
    for (const t of Object.values(this.timers)) clearTimeout(t);
    if (this.ws) { try { this.ws.close(1000); } catch (e) { /* closed */ } }
    document.removeEventListener("visibilitychange", this._onVisible);
    window.removeEventListener("online", this._onVisible);
  }

  get connected() { return this.wsOpen || (this.mode === "poll" && this.pollOk); }

  _status(extra = {}) {
    this.onStatus({connected: this.connected, mode: this.mode, attempt: this.attempt, fatal: this.fatal, ...extra});
  }

  _timer(name, fn, ms) {
    clearTimeout(this.timers[name]);
    this.timers[name] = setTimeout(fn, ms);
  }

  _backoff() {
    const ms = Math.min(10000, 500 * 2 ** Math.min(this.attempt, 5));
    return ms * (0.8 + Math.random() * 0.4);
  }

  _kick() {
    // reconnect now (tab visible again, network back)
    clearTimeout(this.timers.reconnect);
    if (this.mode === "ws") this._connect();
    else this._poll();
  }

  _wsUrl() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const t = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${proto}//${location.host}/ws/games/${encodeURIComponent(this.id)}${t}`;
  }

  _connect() {
    if (this.stopped || this.fatal) return;
    if (typeof WebSocket === "undefined") { this._startPolling(); return; }
    if (this.ws) { try { this.ws.onclose = null; this.ws.close(); } catch (e) { /* closed */ } }
    let ws;
    try {
      ws = new WebSocket(this._wsUrl());
    } catch (e) {
      this._wsLost(null);
      return;
    }
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.wsOpen = true;
      this.attempt = 0;
      this.wsFailures = 0;
      this.mode = "ws";
      clearTimeout(this.timers.poll);
      this._status();
      this._heartbeat();
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      this.lastFrame = Date.now();
      if (msg.type === "state") this._takeState(msg);
      else if (msg.type === "error") this.onError(new ApiError(0, msg.code, msg.error));
      // pong: lastFrame is enough
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.wsOpen = false;
      this.ws = null;
      clearTimeout(this.timers.ping);
      if (ev.code === 4403 || ev.code === 4404 || ev.code === 4401) {
        this.fatal = ev.code === 4404 ? "There is no such game (it may have been removed)."
          : "This link's token is not a seat of this game.";
        this._status();
        return;
      }
      if (!opened) this.wsFailures++;
      this._wsLost(ev);
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  /** @param {Event | null} [_ev] the close or error event, if any */
  _wsLost(_ev) {
    if (this.stopped || this.fatal) return;
    this.attempt++;
    // a socket that never opens (a proxy without WebSocket): poll instead, try the socket now and then
    if (this.wsFailures >= 3) { this._startPolling(); return; }
    this._status({retrying: true});
    this._timer("reconnect", () => this._connect(), this._backoff());
    // keep the screen fresh over HTTP meanwhile, if that works
    if (this.attempt >= 2) this._pollOnce();
  }

  _heartbeat() {
    this._timer("ping", () => {
      if (!this.wsOpen || !this.ws) return;
      const sentAt = Date.now();
      try { this.ws.send(JSON.stringify({type: "ping"})); } catch (e) { /* closing */ }
      this._timer("pingcheck", () => {
        // no frame since the ping: the connection is dead (a sleeping laptop, a dropped proxy)
        if (this.wsOpen && (this.lastFrame || 0) < sentAt && this.ws) {
          try { this.ws.close(4000); } catch (e) { /* closed */ }
          const ws = this.ws;
          this.ws = null;
          this.wsOpen = false;
          if (ws) ws.onclose = null;
          this._wsLost();
        }
      }, 10000);
      this._heartbeat();
    }, 25000);
  }

  _startPolling() {
    this.mode = "poll";
    this._status({retrying: !this.pollOk});
    this._poll();
    // try the socket again every 30 s
    this._timer("wsretry", () => { this.wsFailures = 0; this.mode = "ws"; this._connect(); }, 30000);
  }

  async _fetch(logFrom) {
    return this.token ? gameState(this.id, this.token, logFrom) : spectateState(this.id, logFrom);
  }

  async _pollOnce() {
    try {
      const s = await this._fetch(this.log.length);
      this.pollOk = true;
      this._takeState(s);
      return true;
    } catch (e) {
      this.pollOk = false;
      if (e.status === 403 || e.status === 401 || e.status === 404) {
        this.fatal = e.message;
        this._status();
      }
      return false;
    }
  }

  async _poll() {
    if (this.stopped || this.fatal || this.mode !== "poll") return;
    const ok = await this._pollOnce();
    if (ok) this.attempt = 0; else this.attempt++;
    this._status({retrying: !ok});
    if (this.mode !== "poll") return;
    const over = this.state && this.state.over;
    this._timer("poll", () => this._poll(), ok ? (over ? 15000 : 1500) : this._backoff());
  }

  /** Fetch the whole state again (log from 0). */
  async refresh() {
    try {
      const s = await this._fetch(null);
      this.log = [];
      this._takeState(s);
    } catch (e) {
      if (e.status === 403 || e.status === 401 || e.status === 404) {
        this.fatal = e.message;
        this._status();
      }
    }
  }

  _takeState(s) {
    const start = Number.isInteger(s.log_start) ? s.log_start : 0;
    const lines = Array.isArray(s.log) ? s.log : [];
    if (start > this.log.length) {
      // we missed lines: ask for everything again
      this.refresh();
      return;
    }
    if (this.state && s.n < this.state.n && start > 0) {
      // an older frame than what we show (a slow poll answer): ignore it
      return;
    }
    this.log = this.log.slice(0, start).concat(lines);
    s.fullLog = this.log;
    this.state = s;
    this.onState(s);
  }

  get canSend() { return this.wsOpen && this.ws && this.ws.readyState === WebSocket.OPEN; }

  /** Take an action; the new state comes as a frame (socket) or as the answer (HTTP). Each
   * action carries the count `n` of the screen it was chosen on (an older screen is refused)
   * and a request id: over HTTP a request whose answer was lost is sent once more with the
   * same id, which the server applies only once. */
  async act(action, n) {
    if (!this.token) throw new ApiError(401, "no_token", "Spectators cannot act");
    const rid = requestId();
    if (this.canSend) {
      const msg = {type: "action", action, rid};
      if (Number.isInteger(n)) msg.n = n;
      this.ws.send(JSON.stringify(msg));
      return null;
    }
    let s;
    try {
      s = await sendAction(this.id, this.token, action, n, rid);
    } catch (e) {
      if (e.status !== 0) throw e;
      s = await sendAction(this.id, this.token, action, n, rid);   // the network failed: retry once, same id
    }
    // the answer holds the whole log (no log_from): take it as a fresh state
    if (s && Number.isInteger(s.log_start) && s.log_start > 0) this._takeState(s);
    else if (s) { this.log = []; this._takeState(s); }
    return s;
  }

  /** The seat's new preferences; the new state (with them) comes as a frame or as the answer. */
  async prefs(prefs) {
    if (!this.token) throw new ApiError(401, "no_token", "Spectators have no preferences");
    if (this.canSend) {
      this.ws.send(JSON.stringify({type: "prefs", prefs}));
      return null;
    }
    const s = await sendPrefs(this.id, this.token, prefs);
    if (s) { this.log = []; this._takeState(s); }
    return s;
  }

  async concede() {
    if (this.canSend) {
      this.ws.send(JSON.stringify({type: "concede"}));
      return null;
    }
    const s = await concede(this.id, this.token);
    if (s) { this.log = []; this._takeState(s); }
    return s;
  }
}
