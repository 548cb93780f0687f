"""One client cannot starve the others (docs/server.md, "Limits"): open sockets are capped per
client address and per game, a change is built once per view and sent as the same text to
every socket of that view, new games are limited per address (429 with Retry-After), the
address is the proxy's ``X-Forwarded-For`` only when the peer is a listed proxy, replays start
from kept positions instead of from the seed, and JSON nested too deeply is a ``bad_json``
error over HTTP and over the socket.
"""
from __future__ import annotations

import contextlib
import json
import threading
import time

import anyio
import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from metatcg.cli.serve import uvicorn_config
from metatcg.registry import load_game
from metatcg.server import redact
from metatcg.server.app import create_app
from support.servers import free_port

SEED = 4_242_001
FREE = {"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6}


def new_app(tmp_path, **kw):
    return create_app(f"sqlite:///{tmp_path / 'g.db'}", **{**FREE, **kw})


def make(c: TestClient, seats=("human", "human"), game: str = "metax") -> tuple[str, list]:
    r = c.post("/api/games", json={"game": game, "seats": list(seats), "seed": SEED})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def act_once(c: TestClient, gid: str, toks: list) -> dict:
    """The deciding seat takes its last legal action; the state before it."""
    st = c.get(f"/api/games/{gid}", params={"token": toks[0]}).json()
    me = st["deciding"]
    legal = c.get(f"/api/games/{gid}", params={"token": toks[me]}).json()["legal_actions"]
    r = c.post(f"/api/games/{gid}/actions", json={"token": toks[me], "action": legal[-1]["id"], "n": st["n"]})
    assert r.status_code == 200, r.text
    return st


def recv_text(ws, timeout: float = 10.0) -> str:
    """The next frame's text (TimeoutError if none comes; WebSocketDisconnect when closed)."""
    async def get():
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    msg = ws.portal.call(get)
    ws._raise_on_close(msg)
    return msg["text"]


def refused_socket(ws, code: int, error_code: str) -> None:
    """The server sends one error frame that says why, then closes with ``code``."""
    assert json.loads(recv_text(ws))["code"] == error_code
    with pytest.raises(WebSocketDisconnect) as e:
        recv_text(ws)
    assert e.value.code == code


# ------------------------------------------------------------------------------ point 5: sockets
def test_open_sockets_per_address_are_capped_and_given_back(tmp_path):
    with TestClient(new_app(tmp_path, ws_per_address=3)) as c:
        gid, _ = make(c)
        other, _ = make(c)
        with contextlib.ExitStack() as stack:
            held = [stack.enter_context(c.websocket_connect(f"/ws/games/{g}")) for g in (gid, gid, other)]
            for ws in held:
                assert json.loads(recv_text(ws))["type"] == "state"
            with c.websocket_connect(f"/ws/games/{other}") as ws:
                refused_socket(ws, 4429, "too_many_sockets")
            held[0].close()
            time.sleep(0.2)     # the server sees the close
            with c.websocket_connect(f"/ws/games/{other}") as ws:
                assert json.loads(recv_text(ws))["type"] == "state"


def test_open_sockets_per_game_are_capped(tmp_path):
    with TestClient(new_app(tmp_path, ws_per_game=2)) as c:
        gid, _ = make(c)
        other, _ = make(c)
        with contextlib.ExitStack() as stack:
            for _ in range(2):
                ws = stack.enter_context(c.websocket_connect(f"/ws/games/{gid}"))
                assert json.loads(recv_text(ws))["type"] == "state"
            with c.websocket_connect(f"/ws/games/{gid}") as ws:
                refused_socket(ws, 4429, "too_many_sockets")
            with c.websocket_connect(f"/ws/games/{other}") as ws:     # another game is not full
                assert json.loads(recv_text(ws))["type"] == "state"


def test_a_change_is_built_once_per_view_and_the_same_text_reaches_every_socket(tmp_path, monkeypatch):
    builds = []
    real = redact.frame

    def counting(table, seat, have, mark):
        builds.append(seat)
        return real(table, seat, have, mark)

    monkeypatch.setattr(redact, "frame", counting)
    spectators = 30
    with TestClient(new_app(tmp_path, ws_per_address=100)) as c:
        gid, toks = make(c)
        with contextlib.ExitStack() as stack:
            watching = [stack.enter_context(c.websocket_connect(f"/ws/games/{gid}")) for _ in range(spectators)]
            seats = [stack.enter_context(c.websocket_connect(f"/ws/games/{gid}?token={t}")) for t in toks]
            for ws in [*watching, *seats]:
                recv_text(ws)
            builds.clear()
            st = act_once(c, gid, toks)
            texts = [recv_text(ws) for ws in watching]
            seat_texts = [recv_text(ws) for ws in seats]
        assert len(set(texts)) == 1 and json.loads(texts[0])["n"] == st["n"] + 1
        assert json.loads(texts[0])["seat"] is None and [json.loads(t)["seat"] for t in seat_texts] == [0, 1]
        # one public frame and one per seat, however many sockets watch
        assert sorted(builds, key=lambda s: -1 if s is None else s) == [None, 0, 1]


# ------------------------------------------------------------------------------ point 6: HTTP limits
def test_new_games_per_address_are_limited_with_retry_after(tmp_path):
    with TestClient(new_app(tmp_path, new_game_rate=0.01, new_game_burst=3)) as c:
        for _ in range(3):
            make(c)
        r = c.post("/api/games", json={"game": "metax"})
        assert r.status_code == 429 and r.json()["code"] == "slow_down"
        assert int(r.headers["retry-after"]) >= 1
        assert c.get("/api/meta").status_code == 200          # only new games are held back
        assert len(c.get("/api/games").json()["games"]) == 3


def test_the_request_limit_says_when_to_retry(tmp_path):
    with TestClient(new_app(tmp_path, http_rate=0.01, http_burst=2)) as c:
        codes = [c.get("/api/meta") for _ in range(3)]
        assert [r.status_code for r in codes] == [200, 200, 429]
        assert int(codes[-1].headers["retry-after"]) >= 60      # one request per 100 s


def test_the_default_limits_sit_below_one_address_taking_the_server(tmp_path):
    """The defaults are the calibrated ones of benchmarks/README.md ("Limits"): a burst of 100
    requests from one address is slowed down (the old limit let 400 through, then 100 a
    second), and so is a burst of new games."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}")) as c:
        codes = [c.get("/api/meta").status_code for _ in range(100)]
        assert 429 in codes
    with TestClient(create_app(f"sqlite:///{tmp_path / 'h.db'}", http_rate=1e6, http_burst=1e6)) as c:
        codes = [c.post("/api/games", json={"game": "metax"}).status_code for _ in range(40)]
        assert codes[0] == 201 and 429 in codes


class Uvicorn:
    """``metatcg serve``'s uvicorn settings around an app, in a thread on a free loopback port."""

    def __init__(self, app, forwarded_allow_ips):
        import uvicorn
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", self.port, forwarded_allow_ips))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return f"http://127.0.0.1:{self.port}"
            time.sleep(0.05)
        raise RuntimeError("uvicorn did not start")

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def _creations(base: str, addresses: list[str]) -> list[int]:
    return [httpx.post(base + "/api/games", json={"game": "metax"}, headers={"X-Forwarded-For": a},
                       timeout=30).status_code for a in addresses]


@pytest.mark.parametrize("proxy", [None, "127.0.0.1"])
def test_x_forwarded_for_names_the_client_only_behind_a_listed_proxy(tmp_path, proxy):
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", new_game_rate=0.001, new_game_burst=1)
    with Uvicorn(app, proxy) as base:
        codes = _creations(base, ["10.0.0.1", "10.0.0.2", "10.0.0.1"])
    if proxy is None:     # the header is anyone's to write: the peer 127.0.0.1 is the client
        assert codes == [201, 429, 429]
    else:                 # the proxy's header tells its clients apart
        assert codes == [201, 201, 429]


def _finished_game(c: TestClient, actions: int = 70) -> tuple[str, list]:
    gid, toks = make(c)
    for _ in range(actions):
        st = c.get(f"/api/games/{gid}", params={"token": toks[0]}).json()
        if st["over"]:
            break
        act_once(c, gid, toks)
    c.post(f"/api/games/{gid}/concede", json={"token": toks[0]})
    return gid, toks


def test_replay_steps_start_from_kept_positions_not_from_the_seed(tmp_path, monkeypatch):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, _ = _finished_game(c)
        table = app.state.hub.tables[gid]
        game, setup = table.game, table.setup
        ids = app.state.store.action_ids(gid)
        assert len(ids) > 40
        expected = []
        st = game.new_state(setup["decks"], seed=setup["seed"], options=setup["options"])
        for k in range(len(ids) + 1):
            v = st.public_view(log_from=0)
            expected.append(({x: y for x, y in v.items() if x not in ("log", "legal_actions")}, v["log"]))
            if k < len(ids):
                st.apply(ids[k])
        started = []
        real = type(game).new_state

        def counting(self, *a, **kw):
            started.append(1)
            return real(self, *a, **kw)

        monkeypatch.setattr(type(game), "new_state", counting)
        for k in [*range(len(ids) + 1), *reversed(range(len(ids) + 1))]:   # forward, then back
            out = c.get(f"/api/games/{gid}/replay/{k}").json()
            assert (out["view"], out["log"]) == expected[k] and out["step"] == k and out["steps"] == len(ids)
        assert len(started) == 1          # once from the seed; every other step from a kept position
        assert c.get(f"/api/games/{gid}/replay/{len(ids) + 1}").json()["code"] == "unknown"


# ------------------------------------------------------------------------------ point 7: deep JSON
DEEP = "[" * 30_000 + "]" * 30_000      # under 64 KiB, deeper than json.loads can go


def test_json_nested_too_deeply_is_bad_json_over_http(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c)
        before = c.get(f"/api/games/{gid}", params={"token": toks[0]}).json()
        for path, body in [("/api/games", '{"game": ' + DEEP + "}"), ("/api/games", DEEP),
                           (f"/api/games/{gid}/actions", '{"token": "x", "action": ' + DEEP + "}")]:
            r = c.post(path, content=body, headers={"content-type": "application/json"})
            assert r.status_code == 400 and r.json() == {"error": r.json()["error"], "code": "bad_json"}, r.text
        assert c.get(f"/api/games/{gid}", params={"token": toks[0]}).json() == before


def test_json_nested_too_deeply_is_an_error_frame_and_the_socket_stays_open(tmp_path):
    with TestClient(new_app(tmp_path)) as c:
        gid, toks = make(c)
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[0]}") as ws:
            recv_text(ws)
            ws.send_text(DEEP)
            err = json.loads(recv_text(ws))
            assert err["type"] == "error" and err["code"] == "bad_json"
            ws.send_text(json.dumps({"type": "ping"}))
            assert json.loads(recv_text(ws)) == {"type": "pong"}


def test_replay_rebuilds_a_game_no_other_way_than_its_record(tmp_path):
    """The kept positions are the game's own: two finished games replay to their own views."""
    app = new_app(tmp_path)
    with TestClient(app) as c:
        a, _ = _finished_game(c, 10)
        b, _ = _finished_game(c, 20)
        for gid in (a, b):
            table = app.state.hub.tables[gid]
            ids = app.state.store.action_ids(gid)
            st = load_game("metax").new_state(table.setup["decks"], seed=table.setup["seed"],
                                              options=table.setup["options"])
            for aid in ids:
                st.apply(aid)
            out = c.get(f"/api/games/{gid}/replay/{len(ids)}").json()
            assert out["log"] == st.public_view(log_from=0)["log"]
