"""Nothing lost (issue 11, point 4), on SQLite and on a real PostgreSQL server the test starts:
every accepted action is in the database before the answer; a restarted server (a new app on
the same database, or ``metatcg serve`` killed with SIGKILL and started again) rebuilds every
game exactly, from its latest snapshot and the actions after it, and play goes on; two servers
racing for one decision: one wins, the other gets a clear error."""
from __future__ import annotations

import time

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

import metatcg
from metatcg.engine.rng import Rng
from metatcg.server.app import create_app
from metatcg.server.store import SCHEMA_VERSION, SNAPSHOT_EVERY, Store, StoreError, meta_table
from support.servers import ServerProcess, pg_bin, postgres_server

# scripted clients ask far faster than a person: the per-address limits are lifted here
FREE = {"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def db_url(request, tmp_path_factory):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'games.db'}"
        return
    if pg_bin() is None:
        pytest.skip("PostgreSQL is not installed here (.ci/run installs Debian's postgresql)")
    with postgres_server() as url:
        yield url


def _play(c, gid: str, tokens: dict[int, str], r: Rng, actions: int, reference) -> list[str]:
    """Take ``actions`` random actions for the human seats, mirrored on ``reference``."""
    taken = []
    for _ in range(actions):
        p = reference.current_player()
        if p < 0:
            break
        s = c.get(f"/api/games/{gid}", params={"token": tokens[p]}).json()
        assert s["deciding"] == p and [a["id"] for a in s["legal_actions"]] == [a.id for a in reference.legal_actions()]
        aid = r.choice(s["legal_actions"])["id"]
        res = c.post(f"/api/games/{gid}/actions", json={"token": tokens[p], "action": aid, "n": s["n"]})
        assert res.status_code == 200, res.json()
        reference.apply(aid)
        taken.append(aid)
    return taken


def _seat_views(c, gid: str, tokens: dict[int, str]) -> dict[int, dict]:
    return {p: c.get(f"/api/games/{gid}", params={"token": t}).json() for p, t in tokens.items()}


@pytest.mark.parametrize("game_id", ["metax", "metabaloids", "metazoo", "metazoo-2022"])
def test_a_new_server_on_the_same_database_resumes_every_seat(db_url, game_id):
    """60 actions (a snapshot at 50, 10 replayed after it), then a fresh app on the database:
    every seat's state is the same as before, equal to a reference game, and play goes on."""
    game = metatcg.load_game(game_id)
    n = max(game.seat_counts)
    decks = [game.starter_deck_names()[i % len(game.starter_deck_names())] for i in range(n)]
    with TestClient(create_app(db_url, **FREE)) as c:
        # no seat preferences: the reference game takes exactly the actions sent
        made = c.post("/api/games", json={"game": game_id, "decks": decks, "seats": ["human"] * n, "seed": 11,
                                          "prefs": {"auto_pass": False, "auto_same": False, "auto_pay": False,
                                                    "auto_order": False}})
        assert made.status_code == 201, made.json()
        gid = made.json()["id"]
        tokens = {s["seat"]: s["token"] for s in made.json()["seats"]}
        # every seat human: fair windows ask each of them in every window (docs/server.md)
        reference = game.new_state(decks, seed=11, options={"ask_seats": ",".join(f"P{i + 1}" for i in range(n))})
        taken = _play(c, gid, tokens, Rng(3), SNAPSHOT_EVERY + 10, reference)
        before = _seat_views(c, gid, tokens)
    row = Store(db_url).load(gid)
    if len(taken) >= SNAPSHOT_EVERY:
        assert row.snapshot[0] == SNAPSHOT_EVERY and row.actions == taken[SNAPSHOT_EVERY:]
    with TestClient(create_app(db_url, **FREE)) as c:
        after = _seat_views(c, gid, tokens)
        assert after == before
        for p, s in after.items():
            want = reference.view(p)
            want.pop("log"), want.pop("legal_actions")
            assert s["view"] == want and s["log"] == reference.log_for(p)
        more = _play(c, gid, tokens, Rng(4), 10, reference)
        assert Store(db_url).count_actions(gid) == len(taken) + len(more)


def test_two_servers_racing_for_one_decision(db_url):
    """Two servers on one database both hold a game in memory and both act on action n: the
    database takes one; the other answers 409 and, asked again, shows the game as it is."""
    with TestClient(create_app(db_url, **FREE)) as a, TestClient(create_app(db_url, **FREE)) as b:
        made = a.post("/api/games", json={"game": "metax", "seats": ["human", "human"], "seed": 2}).json()
        gid = made["id"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        p = b.get(f"/api/games/{gid}", params={"token": tokens[0]}).json()["deciding"]   # b holds it too
        s = a.get(f"/api/games/{gid}", params={"token": tokens[p]}).json()
        aid = s["legal_actions"][0]["id"]
        won = a.post(f"/api/games/{gid}/actions", json={"token": tokens[p], "action": aid, "n": s["n"]})
        lost = b.post(f"/api/games/{gid}/actions", json={"token": tokens[p], "action": aid, "n": s["n"]})
        assert won.status_code == 200 and lost.status_code == 409
        assert lost.json()["code"] == "stale" and "first" in lost.json()["error"]
        assert Store(db_url).count_actions(gid) == 1
        again = b.get(f"/api/games/{gid}", params={"token": tokens[p]}).json()
        now = a.get(f"/api/games/{gid}", params={"token": tokens[p]}).json()
        assert again["n"] == 1 and again["view"] == now["view"]


def test_the_schema_is_created_versioned_and_a_newer_one_refused(db_url):
    store = Store(db_url)
    assert store.migrate() == SCHEMA_VERSION           # running again changes nothing
    with store.engine.begin() as conn:
        conn.execute(meta_table.update().where(meta_table.c.key == "schema_version").values(value="999"))
    try:
        with pytest.raises(StoreError, match="newer"):
            Store(db_url)
    finally:
        with store.engine.begin() as conn:
            conn.execute(meta_table.update().where(meta_table.c.key == "schema_version")
                         .values(value=str(SCHEMA_VERSION)))
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("select count(*) from games")).scalar_one() >= 0


def _get(url: str, path: str, **params) -> dict:
    r = httpx.get(url + path, params=params, timeout=20)
    assert r.status_code == 200, r.text
    return r.json()


def test_kill_9_mid_game_and_every_seat_continues(db_url):
    """``metatcg serve`` as a process: games of every game in play (humans and bots), SIGKILL,
    start again on the same database and port: every seat's state is exactly as acknowledged,
    a bots-only game that was cut off finishes, and the humans play on."""
    server = ServerProcess(db_url).start()
    games = []
    try:
        for game_id, seats in (("metax", ["human", "bot:greedy"]), ("metazoo", ["human", "human"]),
                               ("metabaloids", ["human", "bot:random", "human"]),
                               ("metazoo-2022", ["bot:random", "human", "human", "bot:greedy"])):
            made = httpx.post(server.url + "/api/games", json={"game": game_id, "seats": seats, "seed": 7},
                              timeout=20).json()
            tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
            r = Rng(len(games))
            for _ in range(12):
                deciding = None
                for _ in range(200):            # wait for the bots to hand the decision to a human
                    frames = {q: _get(server.url, f"/api/games/{made['id']}", token=t) for q, t in tokens.items()}
                    # a response window names the seat asked to that seat only (PR-K-9)
                    deciding = next((q for q, f in frames.items() if f["deciding"] == q), None)
                    if deciding is not None or any(f["over"] for f in frames.values()):
                        break
                    time.sleep(0.02)
                if deciding is None or deciding not in tokens:
                    break
                s = _get(server.url, f"/api/games/{made['id']}", token=tokens[deciding])
                res = httpx.post(server.url + f"/api/games/{made['id']}/actions",
                                 json={"token": tokens[deciding], "action": r.choice(s["legal_actions"])["id"],
                                       "n": s["n"]}, timeout=20)
                assert res.status_code == 200, res.text
            games.append((made["id"], tokens))
        bots = httpx.post(server.url + "/api/games", json={"game": "metazoo-2022", "seed": 3,
                                                           "seats": ["bot:greedy"] * 4}, timeout=20).json()["id"]
        end = time.time() + 30        # its first move waits its turn in the bot workers' queue
        while _get(server.url, f"/api/games/{bots}/spectate")["n"] == 0 and time.time() < end:
            time.sleep(0.02)
        before = {gid: {p: _get(server.url, f"/api/games/{gid}", token=t) for p, t in tokens.items()}
                  for gid, tokens in games}
        server.kill()
        cut = Store(db_url).load(bots)
        assert not cut.over and cut.n > 0, "the bots' game should be cut off mid-game"
        server.start()
        for gid, tokens in games:
            for p, t in tokens.items():
                after = _get(server.url, f"/api/games/{gid}", token=t)
                assert after == before[gid][p], f"{gid} seat {p} differs after the restart"
            stored = Store(db_url).count_actions(gid)
            assert stored == before[gid][next(iter(tokens))]["n"]
        end = time.time() + 60
        while not (s := _get(server.url, f"/api/games/{bots}/spectate"))["over"] and time.time() < end:
            time.sleep(0.1)
        assert s["over"] and s["n"] >= cut.n and Store(db_url).count_actions(bots) == s["n"]
        gid, tokens = games[1]                   # the humans' game goes on
        s = _get(server.url, f"/api/games/{gid}", token=tokens[before[gid][0]["deciding"]])
        res = httpx.post(server.url + f"/api/games/{gid}/actions",
                         json={"token": tokens[s["seat"]], "action": s["legal_actions"][0]["id"], "n": s["n"]})
        assert res.status_code == 200 and res.json()["n"] == s["n"] + 1
    finally:
        server.stop()
