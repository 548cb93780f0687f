"""The HTTP API of ``metatcg serve`` (docs/server.md): seat tokens, bad input, rate limits,
races for one decision, turn timers, open seats, record privacy and the generic 500.

Every refusal is a JSON ``{"error", "code"}`` with a 4xx status that changes nothing: each
check compares the action count and the seat's state before and after, and asks the server
something afterwards to see that it still answers.
"""
from __future__ import annotations

import hashlib
import json
import threading
import time

import sqlalchemy as sa
from fastapi.testclient import TestClient

import metatcg
from metatcg.server import store
from metatcg.server.app import create_app
from metatcg.server.ownership import GameLimits
from metatcg.server.tables import Table, timeout_choice

FAST = {"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6}
SHORT_TIMERS = GameLimits(min_turn_seconds=0)    # timers of a fraction of a second, to test them quickly


def new_app(tmp_path, **kw):
    """A server on a fresh SQLite file."""
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", **{**FAST, **kw})
    return app


def make(c: TestClient, game: str = "metax", seats=("human", "human"), **extra) -> tuple[str, list]:
    r = c.post("/api/games", json={"game": game, "seats": list(seats), "seed": 11, **extra})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def refused(r, status: int, code: str | None = None) -> dict:
    """A refusal as the docs promise it: a 4xx JSON object with exactly an error and a code."""
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert isinstance(body, dict) and set(body) == {"error", "code"}, body
    assert isinstance(body["error"], str) and body["error"] and "Traceback" not in body["error"]
    if code is not None:
        assert body["code"] == code, body
    return body


def state(c: TestClient, gid: str, tok: str) -> dict:
    r = c.get(f"/api/games/{gid}", params={"token": tok})
    assert r.status_code == 200, r.text
    return r.json()


def decide(c: TestClient, gid: str, toks: list) -> tuple[int, dict]:
    """The seat that decides now and its state."""
    s = state(c, gid, toks[0])
    p = s["deciding"]
    return p, (s if p == 0 else state(c, gid, toks[p]))


# ------------------------------------------------------------------------------ tokens
def test_tokens_are_seats_of_one_game_and_stay_secret(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c)
        other, other_toks = make(c)
        p, mine = decide(c, gid, toks)
        q = 1 - p
        aid = mine["legal_actions"][0]["id"]
        # a token of another game: 403 everywhere
        refused(c.get(f"/api/games/{gid}", params={"token": other_toks[0]}), 403, "bad_token")
        refused(c.post(f"/api/games/{gid}/actions", json={"token": other_toks[p], "action": aid, "n": 0}),
                403, "bad_token")
        refused(c.post(f"/api/games/{gid}/concede", json={"token": other_toks[0]}), 403, "bad_token")
        refused(c.get(f"/api/games/{gid}/record", params={"token": other_toks[0]}), 403, "bad_token")
        refused(c.get(f"/api/games/{gid}", params={"token": toks[0] + "x"}), 403, "bad_token")
        # no token: 401
        refused(c.get(f"/api/games/{gid}"), 401, "no_token")
        refused(c.get(f"/api/games/{gid}", params={"token": ""}), 401, "no_token")
        refused(c.post(f"/api/games/{gid}/actions", json={"token": "", "action": aid}), 401, "no_token")
        refused(c.post(f"/api/games/{gid}/actions", json={"action": aid}), 400, "bad_request")
        # another seat's token acts for that seat only
        assert state(c, gid, toks[q])["seat"] == q and state(c, gid, toks[q])["legal_actions"] == []
        refused(c.post(f"/api/games/{gid}/actions", json={"token": toks[q], "action": aid, "n": 0}),
                409, "not_your_decision")
        assert state(c, gid, toks[p]) == mine
        r = c.post(f"/api/games/{gid}/actions", json={"token": toks[p], "action": aid, "n": 0})
        assert r.status_code == 200 and r.json()["seat"] == p and r.json()["n"] == 1
        # nowhere in the lobby or a state; only their hashes in the database
        everything = c.get("/api/games").text + json.dumps([state(c, gid, t) for t in toks])
        everything += c.get(f"/api/games/{gid}/spectate").text
        for t in toks + other_toks:
            assert t not in everything
        with app.state.store.engine.connect() as conn:
            rows = dict(conn.execute(sa.select(store.seats.c.token_hash, store.seats.c.seat)
                                     .where(store.seats.c.game_id == gid)).all())
        assert set(rows) == {hashlib.sha256(t.encode()).hexdigest() for t in toks}
    raw = b"".join(f.read_bytes() for f in tmp_path.iterdir() if f.name.startswith("g.db"))
    assert raw and not [t for t in toks + other_toks if t.encode() in raw], "a token is stored in the clear"


# ------------------------------------------------------------------------------ bad input
def test_bad_requests_are_refused_and_change_nothing(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c:
        gid, toks = make(c)
        p, before = decide(c, gid, toks)
        tok = toks[p]
        aid = before["legal_actions"][0]["id"]
        act = f"/api/games/{gid}/actions"
        cases = [
            # malformed bodies, with and without a JSON content type
            (c.post(act, content=b'{"token": ', headers={"content-type": "application/json"}), 400, "bad_json"),
            (c.post(act, content=b'{"token": '), 400, "bad_json"),
            (c.post(act, content=b"\xff\xfe\x00garbage", headers={"content-type": "application/json"}),
             400, "bad_json"),
            (c.post(act, content=json.dumps({"token": tok, "action": aid}).encode(),
                    headers={"content-type": "text/plain"}), 400, "bad_json"),
            (c.post(act, json=[tok, aid]), 400, "bad_request"),
            (c.post(act, json="x"), 400, "bad_request"),
            (c.post(act), 400, "bad_request"),
            # wrong types, unknown fields
            (c.post(act, json={"token": tok, "action": 7}), 400, "bad_request"),
            (c.post(act, json={"token": tok, "action": aid, "n": "0"}), 400, "bad_request"),
            (c.post(act, json={"token": tok, "action": aid, "n": True}), 400, "bad_request"),
            (c.post(act, json={"token": [tok], "action": aid}), 400, "bad_request"),
            (c.post(act, json={"token": tok, "action": aid, "n": 0, "seat": 0}), 400, "bad_request"),
            (c.post(act, json={"token": tok, "action": "x" * 600}), 400, "bad_request"),
            (c.post(f"/api/games/{gid}/join", json={"seat": "1"}), 400, "bad_request"),
            # not an action now
            (c.post(act, json={"token": tok, "action": "no-such-action", "n": 0}), 422, "illegal_action"),
            (c.post(act, json={"token": tok, "action": aid, "n": 5}), 409, "stale"),
            (c.post(act, json={"token": tok, "action": aid, "n": -1}), 409, "stale"),
            # sizes: over 64 KiB with a Content-Length and streamed without one
            (c.post(act, content=b" " * (64 * 1024 + 1), headers={"content-type": "application/json"}),
             413, "too_large"),
            (c.post(act, content=(b" " * 4096 for _ in range(17)), headers={"content-type": "application/json"}),
             413, "too_large"),
            (c.post(act, content=b"1", headers={"content-length": "99999999999"}), 413, "too_large"),
            # the log and the game id
            (c.get(f"/api/games/{gid}", params={"token": tok, "log_from": -1}), 400, "bad_request"),
            (c.get(f"/api/games/{gid}", params={"token": tok, "log_from": "x"}), 400, "bad_request"),
            (c.get("/api/games/nosuchgame", params={"token": tok}), 404, "no_game"),
            (c.get("/api/games/" + "g" * 5000, params={"token": tok}), 404, "no_game"),
            (c.post("/api/games/" + "g" * 5000 + "/actions", json={"token": tok, "action": aid}), 404, "no_game"),
            (c.get("/api/games/nosuchgame/spectate"), 404, "no_game"),
            (c.get(f"/api/games/{gid}", params={"token": "t" * 201}), 400, "bad_request"),
            # no such route or method: still the JSON error shape
            (c.get("/api/nothing"), 404, None),
            (c.get(f"/api/games/{gid}/a/b"), 404, None),
            (c.delete(f"/api/games/{gid}"), 405, None),
            (c.get(f"/api/games/{gid}/replay/1"), 409, "not_over"),
            (c.get(f"/api/games/{gid}/record"), 409, "not_over"),
            (c.get("/api/cards/nosuchgame"), 404, "unknown"),
        ]
        for i, (r, status, code) in enumerate(cases):
            refused(r, status, code)
            assert app.state.hub.tables[gid].n == 0, f"case {i} changed the game"
        assert state(c, gid, tok) == before
        # a body within the limit, streamed without a Content-Length, still works
        body = json.dumps({"token": tok, "action": aid, "n": 0}).encode()
        r = c.post(act, content=iter([body[:10], body[10:]]), headers={"content-type": "application/json"})
        assert r.status_code == 200 and r.json()["n"] == 1
        r = c.get(f"/api/games/{gid}", params={"token": tok, "log_from": 10**30})
        assert r.status_code == 200 and r.json()["log"] == [] and r.json()["log_start"] == 10**30
        assert c.get("/api/meta").status_code == 200


def test_bad_new_games_are_refused(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c:
        cases = [
            ({"game": "nosuchgame"}, 404, "unknown"),
            ({"game": 3}, 400, "bad_request"),
            ({}, 400, "bad_request"),
            ({"game": "metax", "decks": ["aggro", "nosuchdeck"]}, 404, "unknown"),
            ({"game": "metax", "decks": ["/etc/passwd", "aggro"]}, 404, "unknown"),    # never a file path
            ({"game": "metax", "decks": [["Nope"] * 40, "aggro"]}, 400, "bad_deck"),
            ({"game": "metax", "decks": ["aggro"], "seats": ["human", "human"]}, 400, "bad_request"),
            ({"game": "metax", "seats": ["human", "alien"]}, 400, "bad_request"),
            ({"game": "metax", "seats": ["human", "bot:nosuchbot"]}, 400, "bad_request"),
            ({"game": "metax", "seats": ["human"] * 3}, 400, "bad_request"),
            ({"game": "metax", "seats": ["human"]}, 400, "bad_request"),
            ({"game": "metax", "seats": []}, 400, "bad_request"),
            ({"game": "metabaloids", "seats": ["human"] * 5}, 400, "bad_request"),
            ({"game": "metax", "options": {"nosuchoption": 1}}, 400, "bad_request"),
            ({"game": "metax", "options": {"action_limit": "many"}}, 400, "bad_request"),
            ({"game": "metax", "options": {"action_limit": 0}}, 400, "bad_request"),
            ({"game": "metax", "options": {"auto_single": 1}}, 400, "bad_request"),
            ({"game": "metazoo-2022", "options": {"surroundings": "moon"}}, 400, "bad_request"),
            ({"game": "metax", "options": {"x": [1]}}, 400, "bad_request"),
            ({"game": "metax", "seed": -1}, 400, "bad_request"),
            ({"game": "metax", "seed": 2**64}, 400, "bad_request"),
            ({"game": "metax", "seed": 1.5}, 400, "bad_request"),
            ({"game": "metax", "settings": {"turn_seconds": 0}}, 400, "bad_request"),
            ({"game": "metax", "settings": {"turn_seconds": "soon"}}, 400, "bad_request"),
            ({"game": "metax", "settings": {"open": "yes"}}, 400, "bad_request"),
            ({"game": "metax", "settings": {"color": "red"}}, 400, "bad_request"),
            ({"game": "metax", "extra": 1}, 400, "bad_request"),
        ]
        for body, status, code in cases:
            refused(c.post("/api/games", json=body), status, code)
        assert app.state.store.listed() == [] and app.state.hub.tables == {}
        assert c.post("/api/games", json={"game": "metax"}).status_code == 201


def test_a_flood_of_requests_is_slowed_down_then_served(tmp_path):
    app = new_app(tmp_path, http_rate=2, http_burst=5)
    with TestClient(app) as c:
        codes = [c.get("/api/meta").status_code for _ in range(15)]
        assert codes[:5] == [200] * 5 and codes.count(429) >= 5
        refused(c.get("/api/games"), 429, "slow_down")
        time.sleep(0.6)        # 2 a second: a request's worth again
        assert c.get("/api/meta").status_code == 200


def test_the_server_error_handler_sends_no_traceback_or_state(tmp_path, monkeypatch):
    app = new_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c:
        gid, toks = make(c)
        secret = str(app.state.hub.tables[gid].state.rng.state)

        def boom(self, seat, log_from=0):
            raise RuntimeError(f"internal detail {secret} {self.state.to_json_text()[:200]}")

        monkeypatch.setattr(Table, "seat_state", boom)
        r = c.get(f"/api/games/{gid}", params={"token": toks[0]})
        assert r.status_code == 500
        assert r.json() == {"error": "the server failed on this request; nothing was changed", "code": "server_error"}
        monkeypatch.undo()
        assert state(c, gid, toks[0])["n"] == 0


# ------------------------------------------------------------------------------ races
def _together(*calls):
    """Run the calls in threads released at the same moment; their answers in order."""
    start = threading.Barrier(len(calls))
    out: list = [None] * len(calls)

    def run(i, fn):
        start.wait()
        out[i] = fn()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return out


def test_two_requests_for_one_decision_one_wins(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c)
        table = app.state.hub.tables[gid]
        for _ in range(12):
            p, s = decide(c, gid, toks)
            if p is None:
                break
            ids = [a["id"] for a in s["legal_actions"]]
            bodies = [{"token": toks[p], "action": aid, "n": s["n"]} for aid in (ids[0], ids[-1])]
            post = [lambda body=body: c.post(f"/api/games/{gid}/actions", json=body) for body in bodies]
            answers = _together(*post)
            codes = sorted(r.status_code for r in answers)
            assert codes == [200, 409], [r.text for r in answers]
            lost = next(r for r in answers if r.status_code == 409)
            assert refused(lost, 409)["code"] in ("stale", "not_your_decision")
            assert table.n == s["n"] + 1 == app.state.store.count_actions(gid)
        # the same seat conceding twice at once: one concession
        answers = _together(*[lambda: c.post(f"/api/games/{gid}/concede", json={"token": toks[0]})] * 2)
        assert sorted(r.status_code for r in answers) == [200, 409]
        assert table.over and app.state.store.count_actions(gid) == table.n
        assert app.state.store.action_ids(gid)[-1] == "concede:P1"


# ------------------------------------------------------------------------------ timers
def _names(game_id: str) -> set[str]:
    g = metatcg.load_game(game_id)
    return {c for d in g.starter_deck_names() for c in g.starter_deck(d).cards}


def _wait(pred, seconds: float = 10.0) -> None:
    end = time.time() + seconds
    while not pred():
        assert time.time() < end, "timed out waiting"
        time.sleep(0.02)


def test_a_timed_out_seat_takes_its_default_and_the_note_hides_its_cards(tmp_path):
    app = new_app(tmp_path, game_limits=SHORT_TIMERS)
    with TestClient(app) as c:
        gid, toks = make(c, decks=["aggro", "control"], settings={"turn_seconds": 1.5})
        table = app.state.hub.tables[gid]
        p, s = decide(c, gid, toks)
        assert s["deadline"] is not None and 0 < s["deadline"] - time.time() <= 1.5
        assert s["settings"]["turn_seconds"] == 1.5 and s["view"]["deciding"]["kind"] == "mulligan"
        # a mulligan, then the seat lets its time run out while it puts its old hand back
        r = c.post(f"/api/games/{gid}/actions", json={"token": toks[p], "action": "mulligan", "n": 0})
        assert r.status_code == 200, r.text
        s = r.json()
        assert s["deciding"] == p and s["deadline"] > time.time() - 0.5 and s["notes"] == []
        ids = [a["id"] for a in s["legal_actions"]]
        assert all(i.startswith("bottom:") for i in ids)   # each names a card of p's hand
        _wait(lambda: table.n >= 2)
        assert app.state.store.action_ids(gid)[:2] == ["mulligan", timeout_choice(ids)]
        with app.state.store.engine.connect() as conn:
            by = [b for (b,) in conn.execute(sa.select(store.actions.c.by).where(store.actions.c.game_id == gid)
                                             .order_by(store.actions.c.n))]
        assert by[:2] == ["seat", "timer"]
        later = state(c, gid, toks[1 - p])
        assert later["n"] >= 2 and later["notes"] and later["notes"][0].startswith(f"P{p + 1}'s time ran out")
        # notes are public: they name no card that some seat does not see
        names = _names("metax")
        st = table.state            # a committed state: the server never changes it in place
        views = [json.dumps(st.view(q)) for q in range(2)]
        notes = list(table.notes)
        for note in notes:
            for q in range(2):
                hidden = [nm for nm in names if nm in note and nm not in views[q]]
                assert not hidden, f"the note {note!r} names {hidden}, hidden from P{q + 1}"


def test_bots_are_not_timed(tmp_path):
    app = new_app(tmp_path, bot_delay=0.4, game_limits=SHORT_TIMERS)
    with TestClient(app) as c:
        gid, toks = make(c, seats=("human", "bot:random"), settings={"turn_seconds": 0.1})
        table = app.state.hub.tables[gid]
        bot_turns = 0            # states seen while the bot decides (for 0.4 s each: it would time out)
        end = time.time() + 8
        while bot_turns < 8 and not table.over:
            assert time.time() < end, "the bot never had a turn"
            s = state(c, gid, toks[0])
            if s["deciding"] == 1:
                bot_turns += 1
                assert s["deadline"] is None, "a bot's decision has a deadline"
            time.sleep(0.05)
        assert not [nt for nt in table.notes if nt.startswith("P2")], table.notes
        with app.state.store.engine.connect() as conn:
            rows = conn.execute(sa.select(store.actions.c.seat, store.actions.c.by)
                                .where(store.actions.c.game_id == gid)).all()
        assert {by for seat, by in rows if seat == 1} == {"bot"}
        assert {by for seat, by in rows if seat == 0} <= {"timer"}


# ------------------------------------------------------------------------------ open seats
def test_open_seats_are_joined_once(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        r = c.post("/api/games", json={"game": "metabaloids", "seats": ["human", "bot:random", "human", "human"],
                                       "settings": {"open": True}})
        made = r.json()
        gid = made["id"]
        assert [s["token"] is not None for s in made["seats"]] == [True, False, False, False]
        assert made["seats"][2]["url"] is None
        lobby = {g["id"]: g for g in c.get("/api/games").json()["games"]}
        assert lobby[gid]["open_seats"] == [2, 3]
        assert [s["joined"] for s in state(c, gid, made["seats"][0]["token"])["seats"]] == [True, True, False, False]
        j = c.post(f"/api/games/{gid}/join", json={"seat": 2})
        assert j.status_code == 200 and j.json()["seat"] == 2 and j.json()["url"].endswith(j.json()["token"])
        refused(c.post(f"/api/games/{gid}/join", json={"seat": 2}), 409, "taken")
        refused(c.post(f"/api/games/{gid}/join", json={"seat": 0}), 409, "taken")
        refused(c.post(f"/api/games/{gid}/join", json={"seat": 1}), 409, "taken")     # a bot
        refused(c.post(f"/api/games/{gid}/join", json={"seat": 4}), 404)
        refused(c.post(f"/api/games/{gid}/join", json={"seat": -1}), 404)
        s2 = state(c, gid, j.json()["token"])
        assert s2["seat"] == 2 and s2["seats"][2]["joined"] and "P3 joined" in s2["notes"]
        assert j.json()["token"] not in c.get("/api/games").text
        # two people joining one seat at once: one gets it
        answers = _together(*[lambda: c.post(f"/api/games/{gid}/join", json={"seat": 3})] * 2)
        assert sorted(r.status_code for r in answers) == [200, 409]
        assert {g["id"]: g for g in c.get("/api/games").json()["games"]}[gid]["open_seats"] == []
        # an unlisted game is not in the lobby; a closed one has no open seats to join
        hidden, _ = make(c, settings={"listed": False})
        closed, _ = make(c)
        lobby = {g["id"]: g for g in c.get("/api/games").json()["games"]}
        assert hidden not in lobby and lobby[closed]["open_seats"] == []
        refused(c.post(f"/api/games/{closed}/join", json={"seat": 1}), 409, "taken")


# ------------------------------------------------------------------------------ records
def test_a_private_record_stays_private(tmp_path):
    app = new_app(tmp_path)
    with TestClient(app) as c:
        gid, toks = make(c, settings={"public_record": False})
        mine = c.get(f"/api/games/{gid}/record", params={"token": toks[1]})
        assert mine.status_code == 200 and mine.json()["seat"] == 1 and '"seed"' not in mine.text
        refused(c.get(f"/api/games/{gid}/record"), 409, "not_over")
        assert c.post(f"/api/games/{gid}/concede", json={"token": toks[0]}).json()["over"]
        refused(c.get(f"/api/games/{gid}/record"), 403, "private")
        refused(c.get(f"/api/games/{gid}/replay/0"), 403, "private")
        refused(c.get(f"/api/games/{gid}/replay/0", params={"seat": 1}), 403, "private")
        r = c.get(f"/api/games/{gid}/replay/1", params={"token": toks[1]})
        assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["steps"] == 1 and r.json()["over"]
        assert '"seed"' not in r.text
        lobby = {g["id"]: g for g in c.get("/api/games").json()["games"]}
        assert lobby[gid]["over"] and lobby[gid]["public_record"] is False



def test_finished_games_nobody_watches_leave_memory_and_come_back_from_the_database(tmp_path, monkeypatch):
    from metatcg.server import hub as hub_module
    monkeypatch.setattr(hub_module, "MAX_TABLES", 2)
    app = new_app(tmp_path)
    with TestClient(app) as c:
        done, toks = make(c)
        assert c.post(f"/api/games/{done}/concede", json={"token": toks[0]}).status_code == 200
        before = c.get(f"/api/games/{done}", params={"token": toks[1]}).json()
        running, _ = make(c)
        make(c)                                   # the third game: over the limit
        tables = app.state.hub.tables
        assert done not in tables and running in tables
        after = c.get(f"/api/games/{done}", params={"token": toks[1]}).json()
        assert after == before and before["over"] and done in tables
