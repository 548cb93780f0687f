// The replay viewer: /replay/{id}[?token=T][&k=K]. Steps through GET /api/games/{id}/replay/{k}
// (the state after action k, with `steps` total) and draws it with the board of the game.

import {h, $, clear} from "/static/js/dom.js";
import * as api from "/static/js/api.js";

export function startReplay(board, id, token, params) {
  const bar = $("#replay-bar");
  bar.hidden = false;
  const stepEl = $("#replay-step");
  const slider = $("#replay-slider");
  const btn = {
    first: $("#replay-first"), back: $("#replay-back"), forward: $("#replay-forward"),
    last: $("#replay-last"), play: $("#replay-play"),
  };
  const cache = new Map();
  let steps = null;
  let k = Math.max(0, parseInt(params.get("k") || "0", 10) || 0);
  let want = k;
  let loading = false;
  let playing = null;

  const fetchStep = (i) => {
    if (!cache.has(i)) {
      const p = api.replayState(id, i, token);
      cache.set(i, p);
      p.catch(() => cache.delete(i));
    }
    return cache.get(i);
  };

  const show = (state, i) => {
    steps = Number.isInteger(state.steps) ? state.steps : steps;
    k = i;
    board.setState(state, {log: state.log || []});
    stepEl.textContent = `${k} / ${steps === null ? "?" : steps}`;
    slider.max = String(steps || 0);
    slider.value = String(k);
    btn.first.disabled = btn.back.disabled = k <= 0;
    btn.forward.disabled = btn.last.disabled = steps !== null && k >= steps;
    const u = new URL(location.href);
    u.searchParams.set("k", String(k));
    history.replaceState(null, "", u.pathname + u.search);
    // the next step is likely wanted next
    if (steps !== null && k < steps) fetchStep(k + 1);
  };

  const go = async (i) => {
    if (steps !== null) i = Math.min(Math.max(0, i), steps);
    i = Math.max(0, i);
    want = i;
    if (loading) return;
    loading = true;
    try {
      while (true) {
        const target = want;
        let state;
        try {
          state = await fetchStep(target);
        } catch (e) {
          if (target > 0 && e.status === 404 && steps === null) { want = 0; continue; }
          failed(e);
          break;
        }
        if (steps === null && Number.isInteger(state.steps) && target > state.steps) {
          steps = state.steps;
          want = steps;
          continue;
        }
        if (want === target) { show(state, target); break; }
      }
    } finally {
      loading = false;
    }
  };

  const failed = (e) => {
    stopPlay();
    let msg = e.message || "The replay cannot be loaded.";
    if (e.code === "game_over" || e.status === 409) msg = "This game is not over yet: a replay opens once it ends.";
    if (e.code === "private" || e.status === 403) msg = "This game's record is private: open the replay from your own seat's link.";
    if (!board.state) {
      clear($("#board")).appendChild(h("div.fatal", h("h2", "No replay"), h("p", msg),
        h("p", h("a", {href: `/watch/${encodeURIComponent(id)}`}, "Watch the game"), " · ", h("a", {href: "/"}, "Lobby"))));
      $("#turn").textContent = "Replay";
    }
  };

  const stopPlay = () => {
    if (playing) { clearInterval(playing); playing = null; }
    if (btn.play) btn.play.textContent = "▶ Play";
  };

  btn.first.addEventListener("click", () => { stopPlay(); go(0); });
  btn.back.addEventListener("click", () => { stopPlay(); go(want - 1); });
  btn.forward.addEventListener("click", () => { stopPlay(); go(want + 1); });
  btn.last.addEventListener("click", () => { stopPlay(); go(steps === null ? 1e9 : steps); });
  if (btn.play) {
    btn.play.addEventListener("click", () => {
      if (playing) { stopPlay(); return; }
      if (steps !== null && k >= steps) go(0);
      btn.play.textContent = "❚❚ Pause";
      playing = setInterval(() => {
        if (steps !== null && want >= steps) { stopPlay(); return; }
        go(want + 1);
      }, 900);
    });
  }
  slider.addEventListener("input", () => { stopPlay(); stepEl.textContent = `${slider.value} / ${steps ?? "?"}`; });
  slider.addEventListener("change", () => go(parseInt(slider.value, 10) || 0));
  document.addEventListener("keydown", (ev) => {
    const t = /** @type {any} */ (ev.target);
    if (t && (t.tagName === "INPUT" && t.type !== "range" || t.tagName === "TEXTAREA")) return;
    const keys = {ArrowLeft: () => go(want - 1), ArrowRight: () => go(want + 1), Home: () => go(0),
      End: () => go(steps === null ? 1e9 : steps), PageUp: () => go(want - 10), PageDown: () => go(want + 10)};
    const f = keys[ev.key];
    if (f) { ev.preventDefault(); stopPlay(); f(); }
  });
  $("#turn").textContent = "Loading replay…";
  go(k);
}
