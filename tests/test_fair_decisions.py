"""Decisions hide what they concern (PR-K-9): a Trap and a bluff look alike to the others, and a
response window names no seat to anyone but the seat asked. Fair windows (PR-K-10) ask chosen
seats in every window."""
from __future__ import annotations

import json

import pytest

import metatcg
from metatcg.cli.play import fair_options
from metatcg.engine.errors import DeckError, StateDataError
from metatcg.engine.rng import Rng
from metatcg.engine.windows import WAITING, WINDOW_DECISION
from support.metazoo_2022 import position, random_move
from test_kernel_windows import pick
from test_kernel_windows import position as toy_position

MZ22 = metatcg.load_game("metazoo-2022")


def _placed(page_name: str) -> list[tuple[dict, dict]]:
    """What P2 and a spectator receive at each step while P1 places ``page_name`` face-down."""
    st = position(MZ22, [{"chapter": ["Bog Lurker", "Ember Hare"]}, {}])
    page = next(c for c in st.data.chapter[0] if st.data.defs[c].name == page_name)
    seen = [(st.view(1), st.public_view())]
    for aid in ("trap", f"trap:c{page}"):
        st.apply(aid)
        seen.append((st.view(1), st.public_view()))
    assert st.data.in_play[page].face_down and st.decision.kind == "main"
    return seen


@pytest.mark.rule("MZ22-TRAP-22", "MZ22-TRAP-2")
def test_mz22_a_trap_and_a_bluff_look_the_same_to_the_others():
    """Bog Lurker has the Trap Trait, Ember Hare has not: P1 places one or the other. P2 and a
    spectator receive the same views (decision kind, prompt, log, board) at every step, and
    the same number of steps."""
    trap, bluff = _placed("Bog Lurker"), _placed("Ember Hare")
    assert len(trap) == len(bluff) == 3
    for (t2, tp), (b2, bp) in zip(trap, bluff):
        assert t2 == b2
        assert tp == bp


# ------------------------------------------------------------------ who is asked in a window
def test_a_window_names_the_seat_asked_to_that_seat_only():
    """P1's Bolt opens a window; P3 holds a Zap and is asked. P3's view says so; P1, P2, P4 and
    a spectator read the same neutral "waiting for responses" (PR-K-9)."""
    st = toy_position([["Bolt", "Mender"], ["Mender"], ["Zap"], ["Zap"]])
    pick(st, "bolt:c0>P3")
    assert st.current_player() == 2
    assert st.view(2)["deciding"]["player"] == 2 and st.view(2)["deciding"]["prompt"] != WAITING
    neutral = {"player": None, "kind": WINDOW_DECISION, "prompt": WAITING}
    assert all(st.view(q)["deciding"] == neutral for q in (0, 1, 3))
    assert st.public_view()["deciding"] == neutral


def _windows_met(game_id: str, seats: int, seed: int, actions: int = 1500):
    """Every response window decision of a seeded random game: (state, asked seat). MetaZoo
    2022 games leave out bluffs, which end uniform games before they meet many windows."""
    game = metatcg.load_game(game_id)
    names = game.starter_deck_names()
    st = game.new_state([names[i % len(names)] for i in range(seats)], seed=seed)
    r = Rng(seed)
    for _ in range(actions):
        if st.is_terminal():
            return
        if st.decision.kind == WINDOW_DECISION:
            yield st, st.current_player()
        st.apply(random_move(r, st) if game_id == "metazoo-2022" else r.choice(st.legal_actions()))


@pytest.mark.parametrize("game_id", ["metazoo-2022", "metabaloids", "spark-circle"])
def test_other_seats_and_spectators_never_learn_who_is_asked_in_a_window(game_id):
    """Every game with windows, at every seat count: in each window met in seeded random games,
    no other seat's view nor the spectator's names the seat asked (the kernel's ``deciding``, a
    game's own ``priority``/``window``), and a pass adds no line to their logs."""
    game = metatcg.load_game(game_id)
    met = 0
    for seats in game.seat_counts:
        for seed in range(3):
            for st, asked in _windows_met(game_id, seats, seed):
                met += 1
                for q in [-1, *range(seats)]:
                    v = st.public_view() if q < 0 else st.view(q)
                    if q == asked:
                        assert v["deciding"]["player"] == asked
                        continue
                    assert v["deciding"] == {"player": None, "kind": WINDOW_DECISION, "prompt": WAITING}
                    assert v.get("priority") is None and (v.get("window") or {}).get("seat") is None
                if "pass" in {a.id for a in st.legal_actions()}:
                    after = st.clone()
                    marks = {q: len(after._log) for q in range(-1, seats)}
                    after.apply("pass")
                    for q in range(-1, seats):
                        if q != asked:
                            assert not any("pass" in line for line in after.log_since(q, marks[q])[0])
    assert met >= 10, f"only {met} windows met"


# ------------------------------------------------------------------ fair windows (PR-K-10)
def test_a_fair_windows_table_asks_every_chosen_seat_in_every_window_with_pass_only():
    """P2 holds only a Mender (nothing usable in a window) and P4 a Zap. Without the setting the
    window asks P3 and P4 only; with ``ask_seats=all`` P2 is asked first, offered only "pass",
    and the engine does not take that single option by itself."""
    hands = [["Bolt", "Mender"], ["Mender"], ["Zap"], ["Zap"]]
    plain = toy_position(hands)
    pick(plain, "bolt:c0>P3")
    assert plain.current_player() == 2
    fair = toy_position(hands, ask_seats="all")
    pick(fair, "bolt:c0>P3")
    asked = []
    while fair.decision.kind == WINDOW_DECISION:
        asked.append((fair.current_player(), [a.id for a in fair.legal_actions()]))
        fair.apply("pass")
    assert asked[0] == (1, ["pass"])
    assert [p for p, _ in asked] == [1, 2, 3]
    assert fair.current_player() == 0 and fair.decision.kind == "main"
    some = toy_position(hands, ask_seats="P2")       # P2 chosen; P3 and P4 asked for their Zaps
    pick(some, "bolt:c0>P3")
    assert some.current_player() == 1 and [a.id for a in some.legal_actions()] == ["pass"]


def _fair_toy(seed: int):
    game = metatcg.load_game("spark-circle")
    names = game.starter_deck_names()
    return game, game.new_state([names[i % len(names)] for i in range(3)], seed=seed,
                                options={"ask_seats": "all"})


def test_the_fair_windows_setting_survives_json_records_and_replay():
    game, st = _fair_toy(5)
    r = Rng(5)
    while not (st.decision.kind == WINDOW_DECISION and [a.id for a in st.legal_actions()] == ["pass"]):
        st.apply(r.choice(st.legal_actions()))
    assert st.options["ask_seats"] == "all" and st.record()["options"]["ask_seats"] == "all"
    assert st.record_for(0)["options"]["ask_seats"] == "all"
    back = game.state_from_json(st.to_json())
    assert back.decision == st.decision and back.options == st.options
    back.apply("pass")
    assert back.decision.kind == WINDOW_DECISION or back.current_player() != st.current_player()
    again = game.replay(st.record())
    assert again.digest() == st.digest() and [a.id for a in again.legal_actions()] == ["pass"]


def test_a_table_without_the_setting_reads_as_before():
    """The options (and so records and their fingerprints) of a table without fair windows hold
    no ``ask_seats``; a bad value is refused with a clear error, in new_state and on loading."""
    game = metatcg.load_game("spark-circle")
    names = game.starter_deck_names()[:2]
    st = game.new_state(names, seed=1)
    assert "ask_seats" not in st.options and "ask_seats" not in st.record()["options"]
    for bad in ("P3", "P0", "everyone", "1,2"):
        with pytest.raises(DeckError, match="ask_seats"):
            game.new_state(names, seed=1, options={"ask_seats": bad})
    data = game.new_state(names, seed=1, options={"ask_seats": "P2"}).to_json()
    data["options"]["ask_seats"] = "P9"
    with pytest.raises(StateDataError, match="ask_seats"):
        game.state_from_json(data)


def test_play_turns_fair_windows_on_for_people_sharing_a_table():
    assert fair_options(None, [0, 1, 2], None, hot_seat=True) == {"ask_seats": "P1,P2,P3"}
    assert fair_options(None, [1], None, hot_seat=False) is None          # against bots: off
    assert fair_options({"auto_single": False}, [1], True, hot_seat=False) == {"auto_single": False,
                                                                            "ask_seats": "P2"}
    assert fair_options(None, [0, 1], False, hot_seat=True) is None
    assert fair_options({"ask_seats": "P1"}, [0, 1], None, hot_seat=True) == {"ask_seats": "P1"}


# ------------------------------------------------------------------ the server's table setting
def test_the_server_turns_fair_windows_on_for_tables_with_two_or_more_people(tmp_path):
    from fastapi.testclient import TestClient

    from metatcg.server.app import create_app

    from metatcg.server.ownership import GameLimits

    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", http_rate=1e6, http_burst=1e6,
                     game_limits=GameLimits(min_turn_seconds=0))
    with TestClient(app) as c:
        def made(seats, **settings) -> tuple[dict, dict]:
            r = c.post("/api/games", json={"game": "spark-circle", "seats": seats, "settings": settings})
            assert r.status_code == 201, r.text
            gid, tok = r.json()["id"], r.json()["seats"][0]["token"]
            frame = c.get(f"/api/games/{gid}", params={"token": tok}).json()
            return frame["settings"], app.state.hub.tables[gid].state.options

        settings, options = made(["human", "bot:random", "human"])
        assert settings["fair_windows"] is True and options["ask_seats"] == "P1,P3"
        settings, options = made(["human", "bot:random"])
        assert settings["fair_windows"] is False and "ask_seats" not in options
        settings, options = made(["human", "bot:random"], fair_windows=True)
        assert options["ask_seats"] == "P1"
        settings, options = made(["human", "human"], fair_windows=False)
        assert settings["fair_windows"] is False and "ask_seats" not in options
        r = c.post("/api/games", json={"game": "spark-circle", "settings": {"fair_windows": "yes"}})
        assert r.status_code == 400 and "fair_windows" in r.text


def test_metatcg_play_sets_fair_windows_in_the_saved_game(in_tmp):
    """``--vs human`` turns fair windows on for every seat, ``--fair-windows`` for your seat
    against bots, ``--no-fair-windows`` off; the saved record keeps the setting; a resumed game
    keeps its own."""
    from support.cli import assert_clean, run

    def options(*args: str, seed: int) -> dict:
        assert_clean(run("play", "metabaloids", "--seed", str(seed), "--seats", "3", *args, input=""), 0)
        return json.loads((in_tmp / f"metatcg-metabaloids-{seed}.record.json").read_text())["options"]

    assert options("--vs", "human", seed=1)["ask_seats"] == "P1,P2,P3"
    assert "ask_seats" not in options("--vs", "human", "--no-fair-windows", seed=2)
    assert "ask_seats" not in options(seed=3)
    assert options("--fair-windows", "--seat", "1", seed=4)["ask_seats"] == "P2"
    r = run("play", "--resume", "metatcg-metabaloids-4.record.json", "--no-fair-windows", input="")
    assert r.exit_code == 2 and "resumed game keeps the options" in r.output


def test_the_server_names_no_seat_asked_in_a_window_in_errors_notes_or_deadlines(tmp_path):
    """Three people play Spark Circle with a turn timer. In a response window a seat not asked
    that tries to act is refused without naming the seat asked; the window's deadline shows to
    all alike; when it runs out the note names no seat."""
    import time

    from fastapi.testclient import TestClient

    from metatcg.server.app import create_app

    from metatcg.server.ownership import GameLimits

    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", http_rate=1e6, http_burst=1e6,
                     game_limits=GameLimits(min_turn_seconds=0))
    with TestClient(app) as c:
        r = c.post("/api/games", json={"game": "spark-circle", "seats": ["human"] * 3, "seed": 3,
                                       "settings": {"turn_seconds": 3}})
        gid, toks = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        table = app.state.hub.tables[gid]
        rng = Rng(3)
        while table.state.decision.kind != WINDOW_DECISION:
            p = table.state.current_player()
            aid = rng.choice([a.id for a in table.state.legal_actions()])
            assert c.post(f"/api/games/{gid}/actions", json={"token": toks[p], "action": aid}).status_code == 200
        asked, n = table.state.current_player(), table.n
        other = (asked + 1) % 3
        frames = [c.get(f"/api/games/{gid}", params={"token": t}).json() for t in toks]
        assert {f["deadline"] for f in frames} == {table.deadline} and table.deadline is not None
        r = c.post(f"/api/games/{gid}/actions", json={"token": toks[other], "action": "pass", "n": n})
        assert r.status_code == 409 and r.json()["code"] == "not_your_decision"
        assert f"P{asked + 1}" not in r.json()["error"]
        end = time.time() + 20
        while table.n == n and time.time() < end:
            time.sleep(0.05)
        assert table.n == n + 1
        assert table.notes[-1] == "a response window timed out: the server passed for the seat asked"
