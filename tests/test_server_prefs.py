"""Seat preferences on the server (issue 29, part 1; ``ui.prefs``, docs/server.md "Seat
preferences"): each human seat's preferences are stored with the seat and survive a restart;
a seat changes them over its socket or HTTP, and bad ones are refused without changing
anything; the server answers a decision the seat's preferences answer before anyone is shown
it (every answer recorded, ``by = "prefs"``, with a line for that seat only); and no other seat,
spectator or frame ever holds a seat's preferences or what they answered.
"""
from __future__ import annotations

import json
import time

import sqlalchemy as sa
from fastapi.testclient import TestClient

import metatcg
from metatcg.engine.rng import Rng
from metatcg.engine.windows import PASS_ID, WINDOW_DECISION
from metatcg.server.app import create_app
from metatcg.server.store import Store, actions
from metatcg.ui.prefs import DEFAULT_STOPS, MOMENTS, SeatPrefs
from metatcg.ui.presentation import presentation_of
from test_server_ws import nothing_more, recv

FREE = {"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6}
SEED = 29_001
OFF = {"auto_pass": False, "auto_same": False, "auto_pay": False, "auto_order": False}
#: seat 0's preferences in these tests: every moment a stop except the start of others' steps
NOT_THEIR_STEP = {"auto_pass": True, "stops": sorted(set(MOMENTS) - {"their_step"}), "auto_same": False,
                  "auto_pay": False, "auto_order": False}


def new_app(url: str):
    return create_app(url, **FREE)


def make(c: TestClient, game: str = "metabaloids", seats=("human", "human", "human"), **extra) -> tuple[str, list]:
    r = c.post("/api/games", json={"game": game, "seats": list(seats), "seed": SEED, **extra})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def state(c: TestClient, gid: str, token: str) -> dict:
    r = c.get(f"/api/games/{gid}", params={"token": token})
    assert r.status_code == 200, r.text
    return r.json()


def set_prefs(c: TestClient, gid: str, token: str, prefs, status: int = 200) -> dict:
    r = c.post(f"/api/games/{gid}/prefs", json={"token": token, "prefs": prefs})
    assert r.status_code == status, r.text
    return r.json()


def at_window(table, seat: int, moment: str) -> bool:
    st, dec = table.state, table.state.decision
    return (dec is not None and dec.kind == WINDOW_DECISION and dec.player == seat
            and moment in table.presentation.window_moments(st, dec.params, seat))


def drive(c: TestClient, app, gid: str, tokens: list, rng: Rng, until, limit: int = 400) -> int:
    """Random legal actions over HTTP for whichever seat decides, until ``until(table)``; the
    actions sent."""
    table = app.state.hub.tables[gid]
    for sent in range(limit):
        if table.over or until(table):
            return sent
        p = table.deciding()
        s = state(c, gid, tokens[p])
        assert s["deciding"] == p and s["legal_actions"], "a seat shown no options while it decides"
        ids = [a["id"] for a in s["legal_actions"]]
        moving = [a for a in ids if a != PASS_ID]
        aid = rng.choice(moving) if moving and rng.below(4) else rng.choice(ids)
        r = c.post(f"/api/games/{gid}/actions", json={"token": tokens[p], "action": aid, "n": s["n"]})
        assert r.status_code == 200, r.text
    raise AssertionError(f"not reached in {limit} actions")


def by_of(url: str, gid: str) -> list[tuple[str, int, str]]:
    """(action, seat, by) of every stored action, in order."""
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(sa.select(actions.c.action, actions.c.seat, actions.c.by)
                                                   .where(actions.c.game_id == gid).order_by(actions.c.n))]
    finally:
        store.close()


# ------------------------------------------------------------------ stored, restored, refused
def test_prefs_are_stored_with_the_seat_and_survive_a_restart(tmp_path):
    url = f"sqlite:///{tmp_path / 'g.db'}"
    with TestClient(new_app(url)) as c:
        gid, tokens = make(c, seats=("human", "bot:greedy", "bot:greedy"))
        assert state(c, gid, tokens[0])["prefs"] == SeatPrefs().to_json()        # a newcomer's defaults
        with c.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
            first = recv(ws)
            ws.send_text(json.dumps({"type": "prefs", "prefs": NOT_THEIR_STEP}))
            frame = recv(ws)
            while frame.get("prefs") != NOT_THEIR_STEP:   # bot moves may come first
                frame = recv(ws)
            assert frame["type"] == "state" and frame["n"] >= first["n"]
        answer = set_prefs(c, gid, tokens[0], {**NOT_THEIR_STEP, "auto_same": True})   # over HTTP too
        assert answer["prefs"] == {**NOT_THEIR_STEP, "auto_same": True} and answer["seat"] == 0
        set_prefs(c, gid, tokens[0], NOT_THEIR_STEP)
    with TestClient(new_app(url)) as c:                    # a new server on the same database
        assert state(c, gid, tokens[0])["prefs"] == NOT_THEIR_STEP
        table = c.app.state.hub.tables[gid]
        assert table.seats[0].prefs == SeatPrefs.from_json(NOT_THEIR_STEP)
        assert [s.prefs for s in table.seats[1:]] == [None, None]               # bots have none


BAD = [
    ({"stops": ["attacked", "lunchtime"]}, "no moment called 'lunchtime'"),
    ({"auto_pass": "yes"}, "auto_pass is true or false"),
    ({"auto_pass": True, "colour": "red"}, "no such preference: colour"),
    (["attacked"], "must be an object"),
    ({"stops": "attacked"}, "stops is a list"),
    (None, "no preferences given"),
]


def test_bad_prefs_are_refused_and_change_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'g.db'}"
    with TestClient(new_app(url)) as c:
        gid, tokens = make(c, seats=("human", "human", "bot:greedy"), prefs=NOT_THEIR_STEP)
        before = state(c, gid, tokens[0])
        assert before["prefs"] == NOT_THEIR_STEP
        with c.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws, \
                c.websocket_connect(f"/ws/games/{gid}") as spectator:
            recv(ws), recv(spectator)
            for bad, words in BAD:
                ws.send_text(json.dumps({"type": "prefs", "prefs": bad}))
                err = recv(ws)
                assert err["type"] == "error" and err["code"] == "bad_prefs" and words in err["error"], err
                nothing_more(ws, 0.1)                      # and no new state
                r = c.post(f"/api/games/{gid}/prefs", json={"token": tokens[0], "prefs": bad})
                assert r.status_code == 400 and r.json()["code"] == "bad_prefs" and words in r.json()["error"]
            spectator.send_text(json.dumps({"type": "prefs", "prefs": OFF}))
            err = recv(spectator)
            assert err["type"] == "error" and err["code"] == "no_token"
            assert "prefs" not in recv_or_none(spectator)
        r = c.post(f"/api/games/{gid}/prefs", json={"token": "not-a-seat", "prefs": OFF})
        assert r.status_code == 403 and r.json()["code"] == "bad_token"
        after = state(c, gid, tokens[0])
        assert after == before
    store = Store(url)
    try:
        assert json.loads(store.load(gid).seats[0].prefs) == NOT_THEIR_STEP
    finally:
        store.close()


def recv_or_none(ws) -> dict:
    """A spectator's next frame, if one comes (after a refused message none should)."""
    try:
        return recv(ws, 0.2)
    except TimeoutError:
        return {}


# ------------------------------------------------------------------ the server answers for the seat
def test_a_window_away_from_the_seats_stops_is_passed_by_the_server_and_recorded(tmp_path):
    """Metabaloids, three people: P1 stops everywhere but at the start of others' steps, the
    others are asked everywhere. P1 is never shown a window at only that moment; the server
    passed each one for it (``by = "prefs"``, recorded like any action, before any timer: none
    ran out) and told P1 alone."""
    url = f"sqlite:///{tmp_path / 'g.db'}"
    app = new_app(url)
    with TestClient(app) as c:
        gid, tokens = make(c, prefs=OFF, settings={"turn_seconds": 600})
        set_prefs(c, gid, tokens[0], NOT_THEIR_STEP)
        table = app.state.hub.tables[gid]
        shown: list[frozenset[str]] = []

        def watch(t) -> bool:      # what P1 is asked, as it is shown to it
            dec = t.state.decision
            if dec is not None and dec.kind == WINDOW_DECISION and dec.player == 0:
                shown.append(t.presentation.window_moments(t.state, dec.params, 0))
            return t.n >= 150
        drive(c, app, gid, tokens, Rng(5), watch)
        frames = [state(c, gid, t) for t in tokens]
        record = table.state.record()
    assert shown and all(m != {"their_step"} for m in shown), "P1 was asked at a moment it does not stop at"
    rows = by_of(url, gid)
    assert [a for a, _, _ in rows] == record["actions"]              # the record holds every action
    auto = [(a, s) for a, s, by in rows if by == "prefs"]
    assert auto and all(a == PASS_ID and s == 0 for a, s in auto)
    assert {by for _, _, by in rows} <= {"seat", "prefs"}              # no timer ran out
    # replayed: each action the server took for P1 passed a window at the start of another's step
    game = metatcg.load_game("metabaloids")
    st = game.new_state(record["decks"], seed=record["seed"], options=record["options"])
    pres = presentation_of(game)
    for aid, _, by in rows:
        if by == "prefs":
            dec = st.decision
            assert dec.kind == WINDOW_DECISION and dec.player == 0
            assert pres.window_moments(st, dec.params, 0) == {"their_step"}
        st.apply(aid)
    mine = frames[0]["auto_notes"]
    assert mine and all(n.startswith("auto: passed — ") for n in mine)
    assert len(mine) == min(len(auto), 20)
    assert frames[1]["auto_notes"] == [] == frames[2]["auto_notes"]
    assert frames[1]["prefs"] == SeatPrefs.from_json(OFF).to_json() == frames[2]["prefs"]
    with TestClient(new_app(url)) as c:                 # the lines are kept with the actions
        assert state(c, gid, tokens[0])["auto_notes"] == mine


def test_new_prefs_answer_the_decision_pending_now(tmp_path):
    """P1 is asked in a window at the start of another's step (one of its stops); it drops that
    stop over its socket: the server passes at once, and the frame says so."""
    url = f"sqlite:///{tmp_path / 'g.db'}"
    app = new_app(url)
    with TestClient(app) as c:
        gid, tokens = make(c, prefs=OFF)
        set_prefs(c, gid, tokens[0], {**NOT_THEIR_STEP, "stops": sorted(MOMENTS)})
        drive(c, app, gid, tokens, Rng(7), lambda t: at_window(t, 0, "their_step"))
        asked = state(c, gid, tokens[0])
        assert asked["deciding"] == 0 and PASS_ID in [a["id"] for a in asked["legal_actions"]]
        with c.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
            assert recv(ws)["n"] == asked["n"]
            ws.send_text(json.dumps({"type": "prefs", "prefs": NOT_THEIR_STEP}))
            frame = recv(ws)
        assert frame["type"] == "state" and frame["n"] > asked["n"] and frame["prefs"] == NOT_THEIR_STEP
        assert frame["auto_notes"][-1].startswith("auto: passed — ")
        assert by_of(url, gid)[asked["n"]] == (PASS_ID, 0, "prefs")


def drain(ws) -> list[dict]:
    """Every frame the socket has been sent so far (a ping's pong comes after them)."""
    ws.send_text(json.dumps({"type": "ping"}))
    out = []
    while (got := recv(ws)) != {"type": "pong"}:
        out.append(got)
    return out


def test_no_other_seat_ever_holds_a_seats_prefs(tmp_path):
    """MetaZoo 2022, two people. P1 changes its preferences several times while both play:
    P2's socket and a spectator's get no frame for it (only P1's sockets wake), and no frame
    of theirs holds P1's preferences or what they answered."""
    url = f"sqlite:///{tmp_path / 'g.db'}"
    app = new_app(url)
    mine = {"auto_pass": True, "stops": ["battle", "my_end"], "auto_same": False, "auto_pay": True, "auto_order": True}
    with TestClient(app) as c:
        gid, tokens = make(c, game="metazoo-2022", seats=("human", "human"))
        table = app.state.hub.tables[gid]
        with c.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as one, \
                c.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as two, \
                c.websocket_connect(f"/ws/games/{gid}") as spectator:
            seen_two, seen_spec = [recv(two)], [recv(spectator)]
            recv(one)
            rng = Rng(3)
            quiet = 0
            for step in range(6):
                drain(one)
                n = table.n
                stops = mine["stops"] if step % 2 == 0 else sorted(DEFAULT_STOPS)
                one.send_text(json.dumps({"type": "prefs", "prefs": {**mine, "stops": stops}}))
                frame = recv(one)
                while frame["n"] < table.n:              # an answer of the new prefs: its frames first
                    frame = recv(one)
                assert frame["prefs"]["stops"] == stops
                if table.n == n:                          # nothing was answered: the others hear nothing
                    assert drain(two) == [] and drain(spectator) == []
                    quiet += 1
                drive(c, app, gid, tokens, rng, lambda t, k=n: t.n >= k + 8)
                seen_two += drain(two)
                seen_spec += drain(spectator)
    assert len(seen_two) > 6 and len(seen_spec) > 6 and quiet
    for frame in seen_two:
        assert frame["seat"] == 1 and frame["prefs"] == SeatPrefs().to_json()
    assert seen_two[-1]["auto_notes"] == table.auto_notes.get(1, [])     # its own lines only
    for frame in seen_spec:
        assert "prefs" not in frame and "auto_notes" not in frame
    assert '["battle", "my_end"]' not in json.dumps(seen_two + seen_spec)


def test_a_seat_against_bots_plays_with_the_default_prefs(tmp_path):
    """A person (moved here by random choices) against two bots in Metabaloids with the
    defaults, asked in every window (fair windows): the server answers for the person between
    the bots' moves (a window at the start of a bot's phase), every action is stored and the
    stored actions replay to the same state."""
    game = "metabaloids"
    url = f"sqlite:///{tmp_path / 'g.db'}"
    app = new_app(url)
    with TestClient(app) as c:
        gid, tokens = make(c, game=game, seats=("human", "bot:random", "bot:random"),
                           settings={"fair_windows": True})
        table = app.state.hub.tables[gid]
        rng = Rng(11)
        for _ in range(3000):
            if table.over:
                break
            s = state(c, gid, tokens[0])
            if s["deciding"] != 0:
                time.sleep(0.005)
                continue
            ids = [a["id"] for a in s["legal_actions"]]
            c.post(f"/api/games/{gid}/actions", json={"token": tokens[0], "action": rng.choice(ids), "n": s["n"]})
        if not table.over:
            c.post(f"/api/games/{gid}/concede", json={"token": tokens[0]})
        rows = by_of(url, gid)
        record = table.state.record()
    assert [a for a, _, _ in rows] == record["actions"]
    assert any(by == "prefs" and seat == 0 for _, seat, by in rows)
    again = metatcg.load_game(game).replay(record)
    assert again.digest() == table.state.digest()
