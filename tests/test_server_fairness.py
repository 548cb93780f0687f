"""Fair play and trust on the server (issue 27): an open game's seed, bounded bots and the
creator's token, turn-timer limits and bounded notes, a private database file and safe retries
with a request id (docs/server.md)."""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import threading
import time

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from metatcg.server import store
from metatcg.server.app import create_app
from metatcg.server.ownership import GameLimits
from metatcg.server.tables import MAX_NOTES

FAST = {"http_rate": 1e6, "http_burst": 1e6}


def new_app(tmp_path, **kw):
    return create_app(f"sqlite:///{tmp_path / 'g.db'}", **{**FAST, **kw})


def refused(r, status: int, code: str) -> dict:
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error", "code"} and body["code"] == code and body["error"], body
    return body


def created(r) -> dict:
    assert r.status_code == 201, r.text
    return r.json()


def wait_for(pred, seconds: float = 20.0) -> None:
    end = time.time() + seconds
    while not pred():
        assert time.time() < end, "timed out waiting"
        time.sleep(0.02)


# ------------------------------------------------------------------------------ 2: the seed of an open game
def test_an_open_game_cannot_be_seeded_and_its_drawn_seed_reaches_no_one_before_the_end(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        # the old rig: the creator fixes the seed of an open game and so knows the joiner's hand
        body = refused(c.post("/api/games", json={"game": "metax", "seats": ["human", "human"], "seed": 424242,
                                                  "settings": {"open": True}}), 400, "seeded_open")
        assert "seed" in body["error"]
        assert c.get("/api/games").json()["games"] == [] and app.state.store.count_actions() == 0
        made = created(c.post("/api/games", json={"game": "metax", "seats": ["human", "human"],
                                                  "settings": {"open": True}}))
        gid, creator = made["id"], made["creator_token"]
        table = app.state.hub.tables[gid]
        seed = table.setup["seed"]
        joined = c.post(f"/api/games/{gid}/join", json={"seat": 1}).json()
        toks = [made["seats"][0]["token"], joined["token"]]
        payloads = [made, joined, c.get("/api/games").json(), c.get(f"/api/games/{gid}/spectate").json()]
        for q in range(2):
            payloads.append(c.get(f"/api/games/{gid}", params={"token": toks[q]}).json())
            payloads.append(c.get(f"/api/games/{gid}/record", params={"token": toks[q]}).json())
            with c.websocket_connect(f"/ws/games/{gid}?token={toks[q]}") as ws:
                payloads.append(ws.receive_json())
        for p in payloads:
            assert not re.search(rf"\b{seed}\b", json.dumps(p)), p
        lobby = {g["id"]: g for g in c.get("/api/games").json()["games"]}
        assert lobby[gid]["seed"] is None
        # once the game is over, its full record shows the seed
        refused(c.get(f"/api/games/{gid}/record"), 409, "not_over")
        assert c.post(f"/api/games/{gid}/end", json={"token": creator}).status_code == 200
        assert c.get(f"/api/games/{gid}/record").json()["seed"] == seed


def test_a_private_games_fixed_seed_decks_and_timer_show_in_the_lobby_before_anyone_plays(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        fixed = created(c.post("/api/games", json={"game": "metax", "seats": ["human", "human"], "seed": 424242,
                                                   "decks": ["aggro", "control"], "settings": {"turn_seconds": 30}}))
        drawn = created(c.post("/api/games", json={"game": "metax", "seats": ["human", "bot:random"]}))
        lobby = {g["id"]: g for g in c.get("/api/games").json()["games"]}
        assert (lobby[fixed["id"]]["seed"], lobby[fixed["id"]]["decks"], lobby[fixed["id"]]["turn_seconds"]) == \
            (424242, ["aggro", "control"], 30)
        assert lobby[drawn["id"]]["seed"] is None and lobby[drawn["id"]]["turn_seconds"] is None


# ------------------------------------------------------------------------------ 4: bots, limits, creator token
def test_bot_moves_run_in_the_fixed_pool_of_bot_workers(tmp_path):
    app = new_app(tmp_path, game_limits=GameLimits(bot_workers=2, bot_only_games=6))
    with TestClient(app) as c:
        gids = [created(c.post("/api/games", json={"game": "metax", "seats": ["bot:greedy", "bot:greedy"]}))["id"]
                for _ in range(6)]
        tables = [app.state.hub.tables[g] for g in gids]
        seen: set[str] = set()
        end = time.time() + 30
        while not all(t.n >= 10 or t.over for t in tables):
            assert time.time() < end, "the bots did not move"
            seen |= {t.name for t in threading.enumerate()}
            time.sleep(0.005)
        bot_threads = {n for n in seen if n.startswith("metatcg-bot")}
        assert 1 <= len(bot_threads) <= 2, bot_threads     # six tables, two workers


def test_games_per_address_and_bot_only_games_are_capped(tmp_path):
    app = new_app(tmp_path, game_limits=GameLimits(games_per_address=3, bot_only_games=1), bot_delay=0.2)
    with TestClient(app) as c:
        bots = created(c.post("/api/games", json={"game": "metax", "seats": ["bot:random", "bot:random"]}))
        refused(c.post("/api/games", json={"game": "metax", "seats": ["bot:random", "bot:random"]}),
                429, "too_many_games")
        created(c.post("/api/games", json={"game": "metax", "seats": ["human", "bot:random"]}))
        mine = created(c.post("/api/games", json={"game": "metax", "seats": ["human", "human"]}))
        body = refused(c.post("/api/games", json={"game": "metax"}), 429, "too_many_games")
        assert "3 running games" in body["error"]
        assert len(c.get("/api/games").json()["games"]) == 3        # nothing made by a refusal
        # ending one of its games frees a place; ending the bot-only one frees that place
        assert c.post(f"/api/games/{mine['id']}/end", json={"token": mine["creator_token"]}).status_code == 200
        created(c.post("/api/games", json={"game": "metax"}))
        assert c.post(f"/api/games/{bots['id']}/end", json={"token": bots["creator_token"]}).status_code == 200
        created(c.post("/api/games", json={"game": "metax", "seats": ["bot:random", "bot:random"]}))
        refused(c.post("/api/games", json={"game": "metax"}), 429, "too_many_games")
    with TestClient(new_app(tmp_path / "none", game_limits=GameLimits(bot_only_games=0))) as c:
        body = refused(c.post("/api/games", json={"game": "metax", "seats": ["bot:random", "bot:random"]}),
                       429, "too_many_games")
        assert "no games with bots only" in body["error"]
        created(c.post("/api/games", json={"game": "metax", "seats": ["human", "bot:random"]}))


def test_the_creator_token_ends_a_bot_game_tells_its_sockets_and_stops_its_bots(tmp_path):
    app = new_app(tmp_path, bot_delay=0.05)
    with TestClient(app) as c:
        made = created(c.post("/api/games", json={"game": "metax", "seats": ["bot:greedy", "bot:greedy"]}))
        gid, owner = made["id"], made["creator_token"]
        other = created(c.post("/api/games", json={"game": "metax", "seats": ["human", "human"]}))
        table = app.state.hub.tables[gid]
        wait_for(lambda: table.n >= 3)
        with app.state.store.engine.connect() as conn:
            stored = conn.execute(sa.select(store.games.c.owner_hash).where(store.games.c.id == gid)).scalar_one()
        assert stored == hashlib.sha256(owner.encode()).hexdigest()     # kept hashed, as seat tokens
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.receive_json()
            refused(c.post(f"/api/games/{gid}/end", json={"token": other["creator_token"]}), 403, "bad_token")
            refused(c.post(f"/api/games/{gid}/end", json={"token": ""}), 403, "bad_token")
            assert not table.over
            r = c.post(f"/api/games/{gid}/end", json={"token": owner})
            assert r.status_code == 200 and r.json()["over"] and r.json()["deciding"] is None
            frame = ws.receive_json()
            while not frame["over"]:
                frame = ws.receive_json()
            assert "The game was ended by its creator" in frame["notes"] and frame["legal_actions"] == []
            assert frame["result"] == {"ended": "by its creator"}
        n = table.n
        time.sleep(0.4)
        assert table.n == n == app.state.store.count_actions(gid)        # the bots stopped
        refused(c.post(f"/api/games/{gid}/end", json={"token": owner}), 409, "game_over")
    # a restarted server keeps it ended and does not start its bots again
    again = new_app(tmp_path, bot_delay=0.05)
    with TestClient(again) as c:
        s = c.get(f"/api/games/{gid}/spectate").json()
        assert s["over"] and s["n"] == n and s["deciding"] is None
        # its replay opens, and shows it ended at its last step only
        first, last = (c.get(f"/api/games/{gid}/replay/{k}").json() for k in (0, n))
        assert not first["over"] and first["result"] is None
        assert last["over"] and last["result"] == {"ended": "by its creator"} and last["steps"] == n
        time.sleep(0.3)
        assert again.state.store.count_actions(gid) == n


# ------------------------------------------------------------------------------ 9: timers and notes
def test_a_turn_timer_below_the_minimum_is_refused(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        for secs in (0.5, 4.9):
            body = refused(c.post("/api/games", json={"game": "metax", "settings": {"turn_seconds": secs}}),
                           400, "bad_request")
            assert "at least 5 seconds" in body["error"]
        assert c.get("/api/games").json()["games"] == []
        created(c.post("/api/games", json={"game": "metax", "settings": {"turn_seconds": 5}}))
    app = new_app(tmp_path, game_limits=GameLimits(min_turn_seconds=60))
    with TestClient(app) as c:
        refused(c.post("/api/games", json={"game": "metax", "settings": {"turn_seconds": 30}}), 400, "bad_request")


def test_the_notes_of_a_long_timed_game_stay_bounded(tmp_path):
    app = new_app(tmp_path, game_limits=GameLimits(min_turn_seconds=0))
    with TestClient(app) as c:
        made = created(c.post("/api/games", json={"game": "metax", "seats": ["human", "human"], "seed": 3,
                                                  "settings": {"turn_seconds": 0.01}}))
        table = app.state.hub.tables[made["id"]]
        wait_for(lambda: table.n > MAX_NOTES + 10 or table.over, 60)
        assert table.n > MAX_NOTES + 10, "the game ended too soon to test"
        s = c.get(f"/api/games/{made['id']}", params={"token": made["seats"][0]["token"]}).json()
        assert 0 < len(s["notes"]) <= MAX_NOTES and "time ran out" in s["notes"][-1]
        with app.state.store.engine.connect() as conn:
            stored = json.loads(conn.execute(sa.select(store.games.c.notes)
                                             .where(store.games.c.id == made["id"])).scalar_one())
        assert len(stored) <= MAX_NOTES


# ------------------------------------------------------------------------------ 10: the database file
def test_the_sqlite_file_and_its_folder_are_private(tmp_path):
    old = os.umask(0o022)
    try:
        folder = tmp_path / "data"
        app = create_app(f"sqlite:///{folder / 'g.db'}", **FAST)
        with TestClient(app) as c:
            created(c.post("/api/games", json={"game": "metax", "seats": ["human", "bot:random"]}))
            for name in ("g.db", "g.db-wal", "g.db-shm"):
                assert stat.S_IMODE(os.stat(folder / name).st_mode) == 0o600, name
            assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
        # a file an older server left readable by everyone is made private
        (tmp_path / "old.db").touch(mode=0o644)
        os.chmod(tmp_path / "old.db", 0o644)
        with TestClient(create_app(f"sqlite:///{tmp_path / 'old.db'}", **FAST)):
            assert stat.S_IMODE(os.stat(tmp_path / "old.db").st_mode) == 0o600
    finally:
        os.umask(old)


# ------------------------------------------------------------------------------ 11: retries with a request id
def _repeating_action(app, gid: str) -> tuple[list[tuple[int, str]], int, str]:
    """Actions from the start up to a point where the deciding seat takes an action whose id is
    legal again for the same seat at the next decision (a retry without ``n`` would apply it
    twice): (the path to there, that seat, that action)."""
    st = app.state.hub.tables[gid].state.clone()
    path: list[tuple[int, str]] = []
    for _ in range(400):
        p = st.current_player()
        ids = [a.id for a in st.legal_actions()]
        for aid in ids:
            after = st.clone()
            after.apply(aid)
            if after.current_player() == p and aid in [a.id for a in after.legal_actions()]:
                return path, p, aid
        path.append((p, ids[0]))
        st.apply(ids[0])
    pytest.fail("no repeatable action found")


def test_a_retried_action_with_its_request_id_is_applied_once_over_http_and_websocket(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        made = created(c.post("/api/games", json={"game": "metax", "seats": ["human", "human"], "seed": 5}))
        gid, toks = made["id"], [s["token"] for s in made["seats"]]
        path, p, aid = _repeating_action(app, gid)
        for q, a in path:
            assert c.post(f"/api/games/{gid}/actions", json={"token": toks[q], "action": a}).status_code == 200
        n = len(path)
        body = {"token": toks[p], "action": aid, "rid": "r-1"}
        first = c.post(f"/api/games/{gid}/actions", json=body)
        assert first.status_code == 200 and first.json()["n"] == n + 1
        again = c.post(f"/api/games/{gid}/actions", json=body)       # the answer was lost: the client retries
        assert again.status_code == 200 and again.json() == first.json()
        assert app.state.store.count_actions(gid) == n + 1
        refused(c.post(f"/api/games/{gid}/actions", json={**body, "action": "nonsense"}), 409, "rid_reused")
        refused(c.post(f"/api/games/{gid}/actions", json={**body, "rid": ""}), 400, "bad_request")
        refused(c.post(f"/api/games/{gid}/actions", json={**body, "rid": "x" * 65}), 400, "bad_request")
        assert app.state.store.count_actions(gid) == n + 1
        # over the socket: the same id twice is one action, and no error
        st = c.get(f"/api/games/{gid}", params={"token": toks[0]}).json()
        q = st["deciding"]
        with c.websocket_connect(f"/ws/games/{gid}?token={toks[q]}") as ws:
            ws.receive_json()
            mine = c.get(f"/api/games/{gid}", params={"token": toks[q]}).json()["legal_actions"][0]["id"]
            ws.send_json({"type": "action", "action": mine, "rid": "w-1"})
            assert ws.receive_json()["n"] == n + 2
            ws.send_json({"type": "action", "action": mine, "rid": "w-1"})
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            ws.send_json({"type": "action", "action": mine, "rid": 7})
            assert ws.receive_json()["code"] == "bad_request"
        assert app.state.store.count_actions(gid) == n + 2
    # the ids are stored with the actions: a retry after a restart is still a repeat
    with TestClient(new_app(tmp_path)) as c:
        again = c.post(f"/api/games/{gid}/actions", json=body)
        assert again.status_code == 200 and again.json()["n"] == n + 2
        assert c.app.state.store.count_actions(gid) == n + 2
