"""Seat preferences (``ui.prefs``) and the picks of one choice (``ui.picks``): what they answer,
what they never answer, that the record still holds every action, and the terminal's
``prefs`` command, multi-picks and saved preferences."""
from __future__ import annotations

import json

import pytest

import metatcg
from metatcg.bots import make_bot
from metatcg.engine.windows import PASS_ID, WINDOW_DECISION
from metatcg.ui.picks import PickNumbers, parse_picks
from metatcg.ui.prefs import DEFAULT_STOPS, MOMENTS, PrefsError, SeatPrefs, all_same, auto_answer, edit
from metatcg.ui.presentation import presentation_of
from support.cli import assert_clean, options_in_turn, run

PERSON = 0


def first_decision(gid: str, seats: int, wanted, seeds=range(40), limit: int = 3000):
    """The first state (over seeded greedy games) whose pending decision ``wanted(state)``."""
    game = metatcg.load_game(gid)
    names = game.starter_deck_names()
    for seed in seeds:
        st = game.new_state([game.starter_deck(names[(seed + i) % len(names)]) for i in range(seats)], seed=seed)
        bots = [make_bot("greedy", seed * 7 + p) for p in range(seats)]
        for _ in range(limit):
            if st.is_terminal():
                break
            if wanted(st):
                return game, st
            p = st.current_player()
            st.apply(bots[p].choose(st.handle(p)))
    raise AssertionError(f"no such decision in {gid}")


def window_at(gid: str, moment: str):
    pres = presentation_of(metatcg.load_game(gid))

    def wanted(st) -> bool:
        dec = st.decision
        return (dec is not None and dec.kind == WINDOW_DECISION
                and moment in pres.window_moments(st, dec.params, dec.player))
    return wanted


# ------------------------------------------------------------------ answers
@pytest.mark.parametrize("gid, seats, moment", [
    ("metabaloids", 3, "their_step"), ("metabaloids", 3, "my_step"), ("metabaloids", 3, "attacked"),
    ("metabaloids", 3, "attacking"), ("metazoo-2022", 2, "their_card"),
])
def test_a_window_passes_by_itself_only_away_from_the_seats_stops(gid, seats, moment):
    game, st = first_decision(gid, seats, window_at(gid, moment))
    seat, pres = st.current_player(), presentation_of(game)
    stop = SeatPrefs(stops=frozenset({moment}))
    away = SeatPrefs(stops=frozenset(MOMENTS) - {moment})
    assert auto_answer(st, seat, stop, pres) is None                    # a stop: the person is asked
    taken = auto_answer(st, seat, away, pres)
    assert taken is not None and taken.id == PASS_ID                      # not a stop: passed for them
    assert auto_answer(st, seat, SeatPrefs(auto_pass=False, stops=frozenset()), pres) is None
    assert (auto_answer(st, seat, SeatPrefs(), pres) is None) == (moment in DEFAULT_STOPS)
    before = len(st.history)
    st.apply(taken)
    assert len(st.history) == before + 1 and st.record()["actions"][-1] == PASS_ID   # recorded like any other


def test_window_moments_read_only_public_facts():
    """The moment is the same whatever the seat holds: swap the asked seat's hand for other cards
    and the answer of its preferences does not change (nothing about the hand leaks)."""
    game, st = first_decision("metabaloids", 3, window_at("metabaloids", "their_step"))
    seat, pres = st.current_player(), presentation_of(game)
    w = st.decision.params
    moments = pres.window_moments(st, w, seat)
    other = st.clone()
    d = other.data
    k = len(d.hand[seat])
    d.hand[seat], d.draw[seat] = d.draw[seat][:k], d.hand[seat] + d.draw[seat][k:]
    assert pres.window_moments(other, w, seat) == moments == frozenset({"their_step"})


def test_options_that_all_do_the_same_are_taken_and_different_ones_are_not():
    """Equivalent means: the options read the same to a player and leave every seat's view,
    log and next question alike. A target chosen before its cost is paid is out of the view
    for a while: its different label is what keeps it from being taken for the person."""
    game, st = first_decision("metabaloids", 3, lambda s: s.decision is not None and s.decision.kind == "target"
                              and len(s.legal_actions()) > 1)
    legal = st.legal_actions()
    assert not all_same(st, legal)
    assert all_same(st, [legal[0], legal[0]])                                 # the same thing twice
    assert not all_same(st, [legal[0], legal[1]._replace(text=legal[0].label)])   # reads alike, acts apart
    assert auto_answer(st, st.current_player(), SeatPrefs(), presentation_of(game)) is None
    # a payment between different cards is never taken for the person, nor anything at a people's table
    game, st = first_decision("metabaloids", 3, lambda s: s.decision is not None and s.decision.kind == "pay"
                              and len({a.label.split(" to pay")[0] for a in s.legal_actions()}) > 1)
    assert auto_answer(st, st.current_player(), SeatPrefs(), presentation_of(game)) is None
    assert auto_answer(st, st.current_player(), SeatPrefs(), presentation_of(game), fair=True) is None


def test_all_same_sees_a_difference_any_seat_could_see():
    game, st = first_decision("metabaloids", 3, lambda s: s.decision is not None and s.decision.kind == "lose"
                              and len(s.legal_actions()) == 2)
    assert not all_same(st, st.legal_actions())          # the discard pile's top vs the draw pile's top


# ------------------------------------------------------------------ the preferences themselves
def test_prefs_round_trip_and_refuse_what_is_not_a_preference():
    p = edit(edit(SeatPrefs(), "stop their_step"), "go attacked")
    assert p.stops == (DEFAULT_STOPS | {"their_step"}) - {"attacked"}
    assert SeatPrefs.from_json(json.loads(json.dumps(p.to_json()))) == p
    assert edit(p, "auto-pass off").auto_pass is False and edit(p, "defaults") == SeatPrefs()
    for bad in ({"auto_pass": "yes"}, {"stops": ["attackd"]}, {"colour": "red"}, [1], {"stops": "attacked"}):
        with pytest.raises(PrefsError):
            SeatPrefs.from_json(bad)
    with pytest.raises(PrefsError, match="did you mean attacked"):
        edit(p, "stop attackd")
    with pytest.raises(PrefsError):
        edit(p, "auto-pass maybe")


# ------------------------------------------------------------------ picks
def test_parse_picks():
    assert parse_picks("3") == [3] and parse_picks("2 2 4") == [2, 2, 4] == parse_picks("2,2, 4")
    assert parse_picks("2*3") == [2, 2, 2] and parse_picks("1 3*2") == [1, 3, 3]
    assert parse_picks("x") is None and parse_picks("2 x") is None and parse_picks("") is None


def test_numbers_stay_put_through_one_payment():
    """A payment's options keep their numbers pick after pick (two misclicks were seen when the
    list shifted up under the person's finger)."""
    game, st = first_decision("metabaloids", 3, lambda s: s.decision is not None and s.decision.kind == "pay"
                              and len(s.legal_actions()) >= 3 and "3 more" in s.decision.prompt)
    seat = st.current_player()
    numbers = PickNumbers()
    first = numbers.number(seat, "pay", len(st.history), [a.to_json() for a in st.legal_actions()])
    assert [a["n"] for a in first] == list(range(1, len(first) + 1))
    st.apply(first[0]["id"])
    assert st.decision.kind == "pay" and st.current_player() == seat
    second = numbers.number(seat, "pay", len(st.history), [a.to_json() for a in st.legal_actions()])
    was = {a["id"]: a["n"] for a in first}
    assert 1 not in {a["n"] for a in second}                        # the paid card's number is not reused
    assert all(a["n"] == was[a["id"]] for a in second if a["id"] in was)
    # a new choice starts again from 1
    assert numbers.number(seat, "pay", len(st.history) + 5, first)[0]["n"] == 1


def test_trigger_order_keeps_numbers_although_the_ids_are_positions():
    numbers = PickNumbers()
    a = numbers.number(0, "__order_triggers", 5, [{"id": "trigger:0", "label": "X"}, {"id": "trigger:1", "label": "Y"},
                                                  {"id": "trigger:2", "label": "Z"}])
    b = numbers.number(0, "__order_triggers", 6, [{"id": "trigger:0", "label": "Y"}, {"id": "trigger:1", "label": "Z"}])
    assert [x["n"] for x in a] == [1, 2, 3] and [(x["label"], x["n"]) for x in b] == [("Y", 2), ("Z", 3)]


# ------------------------------------------------------------------ the terminal
def test_prefs_are_changed_at_the_table_and_saved_with_the_game(in_tmp):
    r = run("play", "metabaloids", "--seats", "3", "--seed", "4",
            input="prefs\nprefs stop their_step\nprefs stop nowhere\nquit\ny\n")
    assert_clean(r, 0, "auto-pass: on", "stops:", "their_step", "no moment called 'nowhere'")
    saved = in_tmp / "metatcg-metabaloids-4.record.json"
    rec = json.loads(saved.read_text())
    assert "their_step" in rec["play"]["prefs"]["0"]["stops"]
    r = run("play", "--resume", str(saved), input="prefs\nquit\ny\n")
    assert_clean(r, 0, "resumed")
    again = json.loads((in_tmp / "metatcg-metabaloids-4-2.record.json").read_text())
    assert again["play"]["prefs"] == rec["play"]["prefs"]
    rec["play"]["prefs"] = {"0": {"stops": ["attackd"]}}
    bad = in_tmp / "bad.json"
    bad.write_text(json.dumps(rec))
    assert_clean(run("play", "--resume", str(bad)), 2, "malformed saved game", "attackd")


def test_what_the_preferences_answered_is_shown_and_recorded(in_tmp):
    r = run("play", "metabaloids", "--seats", "3", "--seed", "4", input=options_in_turn(150) + "quit\ny\n")
    assert "auto: passed" in r.output
    rec = json.loads((in_tmp / "metatcg-metabaloids-4.record.json").read_text())
    game = metatcg.load_game("metabaloids")
    assert game.replay(rec).record()["actions"] == rec["actions"]          # every answer is in the record


def test_several_picks_in_one_answer_and_a_gone_number_is_refused(in_tmp):
    """MetaX's mulligan puts five cards on the bottom one pick at a time: ``1 2 3 4`` takes four
    of them at once, and a number already used is refused rather than meaning another card."""
    r = run("play", "metax", "--seed", "5", input="1\n1\n1\n2 3 4\nquit\ny\n")
    out = " ".join(r.output.split())
    assert "no option 1: choose one of 2-5" in out
    rec = json.loads((in_tmp / "metatcg-metax-5.record.json").read_text())
    mine = [a for a in rec["actions"] if a.startswith("bottom:")]
    assert len(mine) == 4                   # typed; the fifth was the only option left (not recorded)
