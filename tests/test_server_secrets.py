"""The server's hidden-information contract, for every registered game and seat count.

A game with a human on every seat is played over HTTP with seeded random legal actions. Every
payload a seat receives must equal ``redact.seat_state`` of the live table *and* of a copy
whose state is ``game.determinize(state, p, rng)``: determinize resamples exactly what ``p``
cannot see (other hands, deck order), so a payload that showed any of it would differ. The
spectator's payload must be the same for a state determinized for any seat. No payload, error
or record carries the seed, the RNG state or a token; an error names only the asking seat's
own options. At the end: each seat's record, the full record (which replays to the same
state) and the replay steps, compared with what each seat saw during play.
"""
from __future__ import annotations

import copy
import json
import re

import pytest
from fastapi.testclient import TestClient

import metatcg
from metatcg.engine.rng import Rng
from metatcg.server import redact
from metatcg.server.app import create_app

SEED = 8_123_456_789_012          # distinctive: its digits must never reach a client
MAX_ACTIONS = 70                  # then the seats concede, so every game ends
CHECK_EVERY = 5                   # every seat, the spectator and the error probes, at every 5th action
STATE_KEYS = {"id", "game", "seat", "n", "deciding", "over", "seats", "settings", "view", "legal_actions",
              "log_start", "log", "result", "deadline", "notes"}
SEAT_KEYS = STATE_KEYS | {"prefs", "auto_notes"}     # a seat's own preferences and what they answered


def new_app(tmp_path, **kw):
    """A server on a fresh SQLite file."""
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}",
                     **{"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6, **kw})
    return app


def _configs() -> list:
    return [pytest.param(g, n, id=f"{g}-{n}") for g in metatcg.game_ids() for n in metatcg.load_game(g).seat_counts]


def norm(obj):
    return json.loads(json.dumps(obj))


def seen_by(table, p: int, rng: Rng):
    """The table as it could be for all ``p`` knows: hidden cards resampled (as replay.py does)."""
    t = copy.copy(table)
    t.state = table.game.determinize(table.state, p, rng)
    return t


class Play:
    """One all-human game on a test server, with the checks every answer gets."""

    def __init__(self, client: TestClient, app, game_id: str, seats: int) -> None:
        self.c = client
        made = client.post("/api/games", json={"game": game_id, "seats": ["human"] * seats, "seed": SEED})
        assert made.status_code == 201, made.text
        self.gid = made.json()["id"]
        self.tokens = [s["token"] for s in made.json()["seats"]]
        assert all(self.tokens) and len(set(self.tokens)) == seats
        self.table = app.state.hub.tables[self.gid]
        self.seats = seats
        self.rng = Rng(SEED % 1000)
        self.seen: dict[tuple, dict] = {}     # (seat or None, n) -> the full payload that seat got

    def url(self, tail: str = "") -> str:
        return f"/api/games/{self.gid}{tail}"

    # ------------------------------------------------------------------ checks
    def secret_free(self, text: str) -> None:
        st = self.table.state
        assert '"seed"' not in text and '"rng"' not in text
        assert not re.search(rf"\b{SEED}\b", text), "the seed reached a client"
        assert str(st.rng.state) not in text, "the RNG state reached a client"
        for t in self.tokens:
            assert t not in text, "a token reached a state payload"

    def check_seat(self, p: int, got: dict, log_from: int = 0) -> None:
        """``got`` is what seat ``p`` was sent: the redacted state, equal for p's determinizations."""
        self.secret_free(json.dumps(got))
        table = self.table
        assert set(got) == SEAT_KEYS
        assert got["seat"] == p and got["n"] == table.n and got["id"] == self.gid
        # in a response window only the seat asked reads who decides (PR-K-9)
        shown = table.deciding() if not table.in_window() or table.deciding() == p else None
        assert got["deciding"] == shown and got["over"] == table.over
        assert bool(got["legal_actions"]) == (got["deciding"] == p), "legal actions go only to the decider"
        assert got["log_start"] == log_from
        assert got["log"] == table.state.log_for(p)[log_from:]
        assert got == norm(redact.seat_state(table, p, log_from))
        assert got == norm(redact.seat_state(seen_by(table, p, self.rng), p, log_from)), \
            f"seat {p}'s payload shows something hidden from it (action {table.n})"
        if log_from == 0:
            self.seen[(p, got["n"])] = got

    def check_spectator(self, got: dict) -> None:
        self.secret_free(json.dumps(got))
        assert got["seat"] is None and got["legal_actions"] == [] and got["n"] == self.table.n
        assert set(got) == STATE_KEYS                   # no seat's preferences
        assert got == norm(redact.public_state(self.table))
        for q in range(self.seats):
            assert got == norm(redact.public_state(seen_by(self.table, q, self.rng))), \
                f"the spectator sees something seat {q} may not (action {self.table.n})"
        self.seen[(None, got["n"])] = got

    def error(self, r, status: int, code: str) -> str:
        assert r.status_code == status, (r.status_code, r.text)
        body = r.json()
        assert set(body) == {"error", "code"} and body["code"] == code, body
        self.secret_free(r.text)
        return body["error"]

    def get(self, p: int | None, log_from: int = 0) -> dict:
        if p is None:
            r = self.c.get(self.url("/spectate"), params={"log_from": log_from})
        else:
            r = self.c.get(self.url(), params={"token": self.tokens[p], "log_from": log_from})
        assert r.status_code == 200, r.text
        return r.json()

    # ------------------------------------------------------------------ probes
    def probe_errors(self, p: int, mine: dict) -> None:
        """Wrong seat, stale n and an illegal id: refused, revealing nothing, changing nothing."""
        n = mine["n"]
        ids = [a["id"] for a in mine["legal_actions"]]
        words = {a["id"] for a in mine["legal_actions"]} | {a["label"] for a in mine["legal_actions"]}
        for q in range(self.seats):
            if q == p:
                continue
            r = self.c.post(self.url("/actions"), json={"token": self.tokens[q], "action": ids[0], "n": n})
            msg = self.error(r, 409, "not_your_decision")
            shown = sorted(w for w in words if len(w) > 3 and w in msg)
            assert not shown, f"seat {q} was told seat {p}'s options: {shown}"
        if n > 0:
            r = self.c.post(self.url("/actions"), json={"token": self.tokens[p], "action": ids[0], "n": n - 1})
            msg = self.error(r, 409, "stale")
            assert not [w for w in words if len(w) > 3 and w in msg]
        r = self.c.post(self.url("/actions"), json={"token": self.tokens[p], "action": "no-such-action", "n": n})
        msg = self.error(r, 422, "illegal_action")
        listed = msg.split(": ", 1)[1].removesuffix(" …").split(", ")
        assert listed and set(listed) <= set(ids), "an illegal-action error lists only the seat's own options"
        assert self.table.n == n and self.get(p) == mine, "a refused request changed the game"


@pytest.mark.parametrize("game_id,seats", _configs())
def test_every_payload_is_what_the_seat_may_know(tmp_path, game_id, seats):
    app = new_app(tmp_path, http_rate=1e6, http_burst=1e6)
    with TestClient(app) as c:
        g = Play(c, app, game_id, seats)
        assert c.get(g.url("/record")).status_code == 409          # no full record while it runs
        assert c.get(g.url("/replay/0")).status_code == 409
        for step in range(MAX_ACTIONS):
            p = g.table.deciding()
            if p is None:
                break
            mine = g.get(p)
            g.check_seat(p, mine)
            if step % CHECK_EVERY == 0:
                for q in range(seats):
                    g.check_seat(q, g.get(q) if q != p else mine)
                    k = g.rng.below(len(mine["log"]) + 2)          # a client that has k lines
                    g.check_seat(q, g.get(q, log_from=k), log_from=k)
                g.check_spectator(g.get(None))
                g.probe_errors(p, mine)
            aid = g.rng.choice(mine["legal_actions"])["id"]
            r = c.post(g.url("/actions"), json={"token": g.tokens[p], "action": aid, "n": mine["n"]})
            assert r.status_code == 200, r.text
            # the seats' default preferences may pass windows after it: more actions, all recorded
            assert r.json()["n"] == app.state.store.count_actions(g.gid) >= mine["n"] + 1
            g.check_seat(p, r.json())
        for q in range(seats):          # end it: a seat concedes (in a game of more, the others play on)
            if g.table.over:
                break
            r = c.post(g.url("/concede"), json={"token": g.tokens[q]})
            assert r.status_code == 200 or r.json()["code"] == "cannot_concede", r.text
            if r.status_code == 200:
                g.check_seat(q, r.json())
        assert g.table.over
        n = g.table.n
        for q in range(seats):
            end = g.get(q)
            g.check_seat(q, end)
            assert end["deciding"] is None and end["result"] is not None and end["legal_actions"] == []
            r = c.post(g.url("/actions"), json={"token": g.tokens[q], "action": "pass", "n": n})
            g.error(r, 409, "game_over")
        g.check_spectator(g.get(None))
        assert app.state.store.count_actions(g.gid) == n == g.table.n

        # ---- records: a seat's own at any time, the full one once it is over (public_record)
        for q in range(seats):
            r = c.get(g.url("/record"), params={"token": g.tokens[q]})
            assert r.status_code == 200 and r.json() == norm(g.table.state.record_for(q))
            g.secret_free(r.text)
        full = c.get(g.url("/record"))
        assert full.status_code == 200 and full.json()["seed"] == SEED
        again = metatcg.load_game(game_id).replay(full.json())
        assert again.digest() == g.table.state.digest() and again.is_terminal()

        # ---- replay: step k as a seat (or everyone) saw it at the time
        steps = sorted({0, 1, n // 2, n - 1, n} & set(range(n + 1)))
        replayed = {}
        for k in steps:
            for q in [*range(seats), None]:
                if (q, k) not in g.seen:
                    continue
                params = {"token": g.tokens[q]} if q is not None else {}
                r = c.get(g.url(f"/replay/{k}"), params=params)
                assert r.status_code == 200, r.text
                got = replayed[(q, k)] = r.json()
                assert got["steps"] == n and got["step"] == k and got["n"] == k
                then = g.seen[(q, k)]
                for key in ("seat", "view", "legal_actions", "log", "deciding", "over", "result", "seats"):
                    assert got[key] == then[key], f"replay step {k} for seat {q} differs in {key}"
                g.secret_free(r.text)
        assert len(replayed) >= seats + 2
        for (q, k), got in sorted(replayed.items(), key=lambda x: -x[0][1]):     # and back again
            params = {"token": g.tokens[q]} if q is not None else {}
            assert c.get(g.url(f"/replay/{k}"), params=params).json() == got
        assert c.get(g.url(f"/replay/{n + 1}")).status_code == 404
        assert c.get(g.url("/replay/-1")).status_code in (404, 400)
