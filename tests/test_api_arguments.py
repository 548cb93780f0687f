"""Issue 7 defects 5, 8 and 9, for every registered game: bad API arguments get the
project's error types (never AttributeError, TypeError, a silent conversion or a
RecursionError), records refuse to replay into another game, and nobody learns that another
seat's choice was forced."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.errors import (ArgumentError, IllegalActionError, MetatcgError, SeatError,
                                   StateDataError)
from support.contract import decision_points, game_params, seats, tables

pytestmark = pytest.mark.parametrize("game_id", game_params())


@pytest.fixture
def game(game_id):
    return metatcg.load_game(game_id)


def a_state(game):
    table = tables(game, 1, 1300)[0]
    for st in decision_points(game, table, every=9):
        if len(st.history) >= 9:
            return st
    pytest.fail("no mid-game state")


@pytest.mark.parametrize("bad", [123, None, 1.5, ["pass"], b"end"])
def test_apply_of_something_that_is_no_action_is_an_illegal_action(game, bad):
    st = a_state(game)
    before = st.to_json_text()
    with pytest.raises(IllegalActionError, match="an action is one of legal_actions"):
        st.apply(bad)
    assert st.to_json_text() == before


@pytest.mark.parametrize("bad", ["0", 0.0, True, -1, 7, None])
def test_a_seat_that_does_not_exist_is_a_seat_error_everywhere(game, bad):
    st = a_state(game)
    for call in (st.view, st.log_for, st.record_for, st.handle):
        with pytest.raises(SeatError, match="no player"):
            call(bad)


@pytest.mark.parametrize("seed", ["x", 1.7, None, True])
def test_a_seed_must_be_a_whole_number(game, seed):
    decks = game.starter_deck_names()[:1] * min(game.seat_counts)
    with pytest.raises(ArgumentError, match="seed must be a whole number"):
        game.new_state(decks, seed=seed)


def test_deeply_nested_json_is_state_data_error(game):
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(StateDataError):
        game.state_from_json(deep)
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    st = a_state(game)
    obj = st.to_json()
    obj["stack"] = nested
    with pytest.raises(StateDataError, match="nested more than 100 levels deep"):
        game.state_from_json(obj)    # refused by a depth limit, not left to the stack (compiled modules)
    with pytest.raises(MetatcgError):
        game.replay(deep)


def test_a_changed_record_does_not_replay_into_another_game(game):
    """Swapping two deck lines of a record once replayed without error into a different game."""
    st = a_state(game)
    rec = st.record()
    assert game.replay(rec).digest() == st.digest()
    deck = rec["decks"][0]
    i = next(i for i in range(1, len(deck)) if deck[i] != deck[0])
    deck[0], deck[i] = deck[i], deck[0]
    with pytest.raises(StateDataError, match="decks .* options or seed"):
        game.replay(rec)
    rec = st.record()
    rec["seed"] += 1
    with pytest.raises(StateDataError, match="changed after it was made"):
        game.replay(rec)
    rec = st.record()
    rec["fingerprint"]["state"] = "0" * 16
    with pytest.raises(StateDataError, match="final state differs"):
        game.replay(rec)
    old = st.record()
    del old["fingerprint"]            # nothing shows that its decks and seed are the game's
    with pytest.raises(StateDataError, match="without a fingerprint.*trust=True"):
        game.replay(old)
    trusted = game.replay(old, trust=True)
    assert trusted.digest() == st.digest() and trusted.unchecked and not st.unchecked
    assert "fingerprint" not in trusted.record()     # replaying that needs trust again


def test_a_forced_choice_is_known_only_to_the_seat_that_had_it(game):
    """Once "(only choice) P2 takes their only option" was public: the others learnt that P2
    had nothing else (a side channel on a hidden hand). Now only the decider's log shows it."""
    forced = 0
    for table in tables(game, 3, 1400):
        *_, st = decision_points(game, table)
        logs = {p: st.log_for(p) for p in seats(st)}
        counts = {p: sum(line.startswith("(only choice)") for line in logs[p]) for p in seats(st)}
        total = sum(line.startswith("(only choice)") for line in st.log)
        assert sum(counts.values()) == total  # each forced choice is in exactly one seat's log
        assert not any("only option" in line for p in seats(st) for line in logs[p])
        forced += total
    assert forced > 0
