"""The WebSocket ``/ws/games/{id}`` (docs/server.md): the first frame is the whole state, every
later frame only the new log lines; actions and concessions over the socket; bot moves and
time-outs pushed as frames; spectators watch but cannot act; bad tokens, unknown games, big
frames and floods close the socket with their codes; bad messages get error frames and the
socket stays open.

Every receive has a time limit (``recv``), so a frame that never comes fails the test instead
of hanging it.
"""
from __future__ import annotations

import copy
import json
import re

import anyio
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from metatcg.engine.rng import Rng
from metatcg.engine.state import GameState
from metatcg.server import redact
from metatcg.server.app import create_app
from metatcg.server.errors import ApiError
from metatcg.server.ownership import GameLimits
from metatcg.server.tables import Table

SEED = 7_777_123_456_789


def new_app(tmp_path, **kw):
    """A server on a fresh SQLite file."""
    free = {"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6}
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", **{**free, **kw})
    return app


def make(c: TestClient, seats=("human", "human"), game: str = "metax", **extra) -> tuple[str, list]:
    r = c.post("/api/games", json={"game": game, "seats": list(seats), "seed": SEED, **extra})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def recv(ws, timeout: float = 10.0) -> dict:
    """The next frame, or a failure after ``timeout`` seconds (TimeoutError), or
    WebSocketDisconnect when the server closed the socket."""
    async def get():
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    msg = ws.portal.call(get)
    ws._raise_on_close(msg)
    return json.loads(msg["text"])


def nothing_more(ws, wait: float = 0.3) -> None:
    with pytest.raises(TimeoutError):
        recv(ws, wait)


def closed_with(ws, code: int, frames: int = 100) -> list:
    """Read up to ``frames`` frames until the server closes with ``code``; the frames read."""
    got = []
    with pytest.raises(WebSocketDisconnect) as e:
        for _ in range(frames):
            got.append(recv(ws))
    assert e.value.code == code
    return got


def no_secrets(frame: dict, table, tokens) -> None:
    text = json.dumps(frame)
    assert '"seed"' not in text and not re.search(rf"\b{SEED}\b", text)
    assert str(table.state.rng.state) not in text
    assert not [t for t in tokens if t and t in text]


class Reader:
    """One socket's frames: checks that each carries exactly the lines after those it has."""

    def __init__(self, ws, table, seat, tokens) -> None:
        self.ws, self.table, self.seat, self.tokens = ws, table, seat, tokens
        self.log: list[str] = []
        self.n = -1

    def next(self) -> dict:
        f = recv(self.ws)
        assert f["type"] == "state", f
        assert f["log_start"] == len(self.log), "a frame repeats or skips log lines"
        assert f["n"] >= self.n and f["seat"] == self.seat
        self.log += f["log"]
        self.n = f["n"]
        no_secrets(f, self.table, self.tokens)
        return f

    def until(self, n: int) -> dict:
        """Frames until one shows action count ``n`` or more."""
        while True:
            f = self.next()
            if f["n"] >= n:
                return f

    def full_log(self) -> list[str]:
        st = self.table.state       # a committed state: the server never changes it in place
        return st.log_for(self.seat) if self.seat is not None else st.public_log()


def test_frames_carry_the_state_then_only_new_lines(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c)
        table = app.state.hub.tables[gid]
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[0]}") as w0, \
                c.websocket_connect(f"/ws/games/{gid}?token={toks[1]}") as w1, \
                c.websocket_connect(f"/ws/games/{gid}") as ws:
            readers = [Reader(w0, table, 0, toks), Reader(w1, table, 1, toks), Reader(ws, table, None, toks)]
            first = [r.next() for r in readers]
            for q in (0, 1):      # the first frame: the whole state, as HTTP gives it
                http = c.get(f"/api/games/{gid}", params={"token": toks[q]}).json()
                assert first[q] == {**http, "type": "state"}
            assert first[2] == {**c.get(f"/api/games/{gid}/spectate").json(), "type": "state"}
            r = Rng(3)
            for n in range(15):
                p = first[0]["deciding"]
                mine = first[p]
                aid = r.choice(mine["legal_actions"])["id"]
                (w0, w1)[p].send_json({"type": "action", "action": aid, "n": n})
                first = [rd.until(n + 1) for rd in readers]
                assert all(f["n"] == n + 1 for f in first)
                assert [bool(f["legal_actions"]) for f in first] == [first[0]["deciding"] == 0,
                                                                    first[0]["deciding"] == 1, False]
            for rd in readers:
                assert rd.log == rd.full_log(), "the frames' lines add up to the seat's log"
            # the spectator cannot act nor concede
            p = first[0]["deciding"]
            ws.send_json({"type": "action", "action": first[p]["legal_actions"][0]["id"], "n": 15})
            assert recv(ws)["code"] == "no_token"
            ws.send_json({"type": "concede"})
            assert recv(ws)["code"] == "no_token"
            ws.send_json({"type": "ping"})
            assert recv(ws) == {"type": "pong"}
            assert table.n == 15 and not table.over
            # a concession over the socket ends the game: every socket hears of it
            (w0, w1)[1 - p].send_json({"type": "concede"})
            ends = [rd.until(16) for rd in readers]
            assert all(f["over"] and f["result"] is not None and f["deciding"] is None for f in ends)
            assert app.state.store.action_ids(gid)[-1] == f"concede:P{2 - p}"
            w0.send_json({"type": "concede"})
            assert recv(w0)["code"] == "game_over"


def test_bot_moves_arrive_as_frames(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c, seats=("bot:random", "human"), game="metazoo-2022")
        table = app.state.hub.tables[gid]
        rng = Rng(5)
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[1]}") as ws:
            rd = Reader(ws, table, 1, toks)
            f = rd.next()
            bot_frames = 0
            acted = 0
            last = -1        # a frame may come twice (a change while the last one went out): act once
            while not f["over"] and acted < 25:
                if f["deciding"] == 1 and f["legal_actions"] and f["n"] > last:
                    ws.send_json({"type": "action", "action": rng.choice(f["legal_actions"])["id"], "n": f["n"]})
                    acted += 1
                    last = f["n"]
                f = rd.next()
                bot_frames += f["deciding"] == 0
                # when nothing moved since the frame: what a determinized state shows (the state
                # and n are read between two equal reads of n, so they belong together)
                n1, st, n2 = table.n, table.state, table.n
                if n1 == n2 == f["n"] and table.deadline is None:
                    seen = copy.copy(table)
                    seen.state = table.game.determinize(st, 1, rng)
                    want = redact.seat_state(seen, 1, f["log_start"])
                    assert {**json.loads(json.dumps(want)), "type": "state"} == f
            assert acted >= 5 and bot_frames > 0
            if not f["over"]:
                ws.send_json({"type": "concede"})
                while not f["over"]:
                    f = rd.next()
            assert f["result"] is not None and rd.log == rd.full_log()
            assert app.state.store.count_actions(gid) == table.n == f["n"]


def test_a_timeout_is_pushed_to_the_socket(tmp_path):
    app = new_app(tmp_path, game_limits=GameLimits(min_turn_seconds=0))  # a short timer
    with TestClient(app) as c:
        gid, toks = make(c, settings={"turn_seconds": 0.3})
        table = app.state.hub.tables[gid]
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            rd = Reader(ws, table, None, toks)
            assert rd.next()["n"] == 0
            f = rd.until(1)
            assert f["n"] == 1 and "time ran out" in f["notes"][0]


def test_bad_tokens_and_unknown_games_close_the_socket(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c)
        other, other_toks = make(c)
        for url, code in [(f"/ws/games/{gid}?token={other_toks[0]}", 4403),
                          (f"/ws/games/{gid}?token=nonsense", 4403),
                          ("/ws/games/nosuchgame", 4404),
                          (f"/ws/games/nosuchgame?token={toks[0]}", 4404),
                          ("/ws/games/" + "g" * 3000, 4404)]:
            with c.websocket_connect(url) as ws:
                err = recv(ws)
                assert err["type"] == "error" and set(err) == {"type", "error", "code"}
                assert not [t for t in toks + other_toks if t in json.dumps(err)]
                closed_with(ws, code)


def test_bad_messages_get_errors_and_the_socket_stays_open(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c)
        table = app.state.hub.tables[gid]
        p = table.deciding()
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[p]}") as ws, \
                c.websocket_connect(f"/ws/games/{gid}?token={toks[1 - p]}") as other:
            start = recv(ws)
            recv(other)
            aid = start["legal_actions"][0]["id"]
            for send, code in [(lambda: ws.send_text("{not json"), "bad_json"),
                               (lambda: ws.send_text(""), "bad_json"),
                               (lambda: ws.send_bytes(b"\xff\xfe\xfa"), "bad_json"),
                               (lambda: ws.send_text("[1, 2]"), "bad_request"),
                               (lambda: ws.send_json({"kind": "action"}), "bad_request"),
                               (lambda: ws.send_json({"type": "shout"}), "bad_request"),
                               (lambda: ws.send_json({"type": "action", "action": 5}), "bad_request"),
                               (lambda: ws.send_json({"type": "action", "action": aid, "n": "0"}), "bad_request"),
                               (lambda: ws.send_json({"type": "action", "action": aid, "n": True}), "bad_request"),
                               (lambda: ws.send_json({"type": "action", "action": "x" * 600}), "bad_request"),
                               (lambda: ws.send_json({"type": "action", "action": "no-such", "n": 0}),
                                "illegal_action"),
                               (lambda: ws.send_json({"type": "action", "action": aid, "n": 3}), "stale")]:
                send()
                err = recv(ws)
                assert err["type"] == "error" and err["code"] == code, err
            other.send_json({"type": "action", "action": aid, "n": 0})
            err = recv(other)
            assert err["code"] == "not_your_decision"
            assert not [a["id"] for a in start["legal_actions"] if len(a["id"]) > 3 and a["id"] in err["error"]]
            ws.send_bytes(b'{"type": "ping"}')      # a binary frame of JSON is read like a text one
            assert recv(ws) == {"type": "pong"}
            nothing_more(other)
            assert table.n == 0
            ws.send_json({"type": "action", "action": aid, "n": 0})
            assert recv(ws)["n"] == 1 and recv(other)["n"] == 1


def test_a_frame_over_64_kib_closes_the_socket(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c)
        for big in ("x" * (64 * 1024 + 1), "é" * 40_000):     # the limit is in bytes
            with c.websocket_connect(f"/ws/games/{gid}?token={toks[0]}") as ws:
                recv(ws)
                ws.send_text(big)
                closed_with(ws, 1009)
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[0]}") as ws:
            recv(ws)
            ws.send_bytes(b"x" * (64 * 1024 + 1))
            closed_with(ws, 1009)
        assert app.state.hub.tables[gid].n == 0 and not app.state.hub.watchers


def test_a_flood_is_slowed_down_then_closed(tmp_path):
    app = new_app(tmp_path, ws_rate=0.01, ws_burst=3)
    with TestClient(app) as c:
        gid, toks = make(c)
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[0]}") as ws:
            recv(ws)
            for _ in range(40):
                ws.send_json({"type": "ping"})
            frames = closed_with(ws, 1008)
        assert frames[:3] == [{"type": "pong"}] * 3
        assert [f["code"] for f in frames[3:]] == ["slow_down"] * 19
        # a new socket is served again, and so is HTTP
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[0]}") as ws:
            assert recv(ws)["type"] == "state"
            ws.send_json({"type": "ping"})
            assert recv(ws) == {"type": "pong"}
        assert c.get("/api/meta").status_code == 200


def test_an_action_that_fails_inside_the_engine_leaves_nothing_behind(tmp_path, monkeypatch):
    """A bug that raises half-way through an action: a 500 without details; the server applied it
    to a copy, so the game is as it was (same table, nothing written) and the action, once the
    bug is gone, goes through."""
    app = new_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c:
        gid, toks = make(c, settings={"turn_seconds": 30})
        table = app.state.hub.tables[gid]
        p = table.deciding()
        before = c.get(f"/api/games/{gid}", params={"token": toks[p]}).json()
        history = list(table.state.history)
        aid = before["legal_actions"][0]["id"]
        real = GameState.apply

        def half_done(st, action_id):
            if st.history != history:
                return real(st, action_id)
            st.history.append(action_id)      # changed, then failed
            raise RuntimeError(f"bug {st.rng.state}")

        monkeypatch.setattr(GameState, "apply", half_done)
        r = c.post(f"/api/games/{gid}/actions", json={"token": toks[p], "action": aid, "n": 0})
        assert r.status_code == 500 and r.json()["code"] == "server_error" and "bug" not in r.text
        assert not table.broken and table.n == 0 and table.state.history == history
        assert c.get(f"/api/games/{gid}", params={"token": toks[p]}).json() == before
        assert app.state.store.count_actions(gid) == 0
        monkeypatch.undo()
        again = c.post(f"/api/games/{gid}/actions", json={"token": toks[p], "action": aid, "n": 0})
        assert again.status_code == 200, again.text
        assert app.state.hub.tables[gid] is table and table.n == 1 == app.state.store.count_actions(gid)


def test_a_failed_write_rebuilds_the_game_from_the_database(tmp_path, monkeypatch):
    """The database refuses a write: the seat gets an error, the table in memory is dropped (it
    holds an action the database has not) and rebuilt from the database on the next request;
    a socket opened before follows the rebuilt table; the old copy acts no more."""
    app = new_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c:
        gid, toks = make(c, settings={"turn_seconds": 30})
        old = app.state.hub.tables[gid]
        p = old.deciding()
        aid = c.get(f"/api/games/{gid}", params={"token": toks[p]}).json()["legal_actions"][0]["id"]
        store = app.state.store
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[1 - p]}") as ws:
            assert recv(ws)["n"] == 0

            def refuse(items):
                raise RuntimeError("disk full")

            monkeypatch.setattr(store, "commit_actions", refuse)
            r = c.post(f"/api/games/{gid}/actions", json={"token": toks[p], "action": aid, "n": 0})
            assert r.status_code == 500 and "disk" not in r.text
            assert old.broken and old.n == 0 and store.count_actions(gid) == 0
            monkeypatch.undo()
            again = c.post(f"/api/games/{gid}/actions", json={"token": toks[p], "action": aid, "n": 0})
            assert again.status_code == 200, again.text     # on the table rebuilt from the database
            new = app.state.hub.tables[gid]
            assert new is not old and new.n == 1 == store.count_actions(gid)
            assert new.state.history[-1] == aid and new.deadline is not None
            with pytest.raises(ApiError, match="reloaded"):   # the old copy acts no more
                anyio.run(old.act, p, aid, 0)
            assert store.count_actions(gid) == 1
            f = recv(ws)
            while f["n"] < 1:
                f = recv(ws)
            http = c.get(f"/api/games/{gid}", params={"token": toks[1 - p], "log_from": f["log_start"]}).json()
            assert f == {**http, "type": "state"}, "the socket follows the rebuilt table"


def test_an_unexpected_error_on_a_socket_sends_no_details(tmp_path, monkeypatch):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c)
        table = app.state.hub.tables[gid]
        secret = str(table.state.rng.state)

        def boom(self, seat, action, n=None):
            raise RuntimeError(f"internal {secret}")

        monkeypatch.setattr(Table, "act", boom)
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[0]}") as ws:
            recv(ws)
            ws.send_json({"type": "action", "action": "pass", "n": 0})
            err = recv(ws)
            assert err == {"type": "error", "error": "the server failed on this message; nothing was changed",
                           "code": "server_error"}
            ws.send_json({"type": "ping"})
            assert recv(ws) == {"type": "pong"}
