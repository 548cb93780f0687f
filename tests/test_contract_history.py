"""Loading checks the history, for every registered game (issue 27, point 18).

State JSON carries a fingerprint: a hash of the setup (decks, options, seed) and one of the
history on top of it. A history cut short, lengthened by an action id or changed (or a
changed seed or deck list) was once accepted by ``state_from_json`` and failed only later,
in ``record_for`` or a replay; now it is refused when read. JSON or a record without a
fingerprint is refused unless the caller trusts it, and what is loaded that way is marked
unchecked, and its own JSON and record carry no fingerprint. Public API arguments of the
wrong type are clear ``ArgumentError``\\s naming the argument, never a bare TypeError.
"""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.errors import ArgumentError, StateDataError, UnfingerprintedError
from metatcg.engine.rng import Rng
from metatcg.engine.state import history_digest, setup_digest
from support.contract import decision_points, game_params, norm, tables, without_log

pytestmark = pytest.mark.parametrize("game_id", game_params())


@pytest.fixture
def game(game_id):
    return metatcg.load_game(game_id)


def a_state(game, actions: int = 8):
    """A game in progress with ``actions`` actions or more in its history."""
    for table in tables(game, 6, 2750):
        for st in decision_points(game, table):
            if len(st.history) >= actions and not st.is_terminal():
                return st
    pytest.fail("no mid-game state")


CHANGES = {
    "an extra action id": lambda h: h + ["no-such-action"],
    "a copy of the last action": lambda h: h + h[-1:],
    "the last action cut": lambda h: h[:-1],
    "half cut": lambda h: h[:len(h) // 2],
    "two actions swapped": lambda h: [h[1], h[0], *h[2:]],
    "emptied": lambda h: [],
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_changed_history_is_refused_on_load(game, change):
    st = a_state(game)
    obj = norm(st.to_json())
    obj["history"] = CHANGES[change](list(obj["history"]))
    assert obj["history"] != st.history
    with pytest.raises(StateDataError, match="malformed state JSON: its history was changed"):
        game.state_from_json(obj)


def test_a_changed_seed_or_deck_order_is_refused_on_load(game):
    st = a_state(game)
    obj = norm(st.to_json())
    with pytest.raises(StateDataError, match="decks .*options or seed were changed"):
        game.state_from_json({**obj, "seed": obj["seed"] + 1})
    deck = obj["decks"][0]
    i = next(i for i in range(1, len(deck)) if deck[i] != deck[0])
    deck[0], deck[i] = deck[i], deck[0]     # the same cards: the game data cannot tell
    with pytest.raises(StateDataError, match="decks .*options or seed were changed"):
        game.state_from_json(obj)


def test_a_concession_naming_no_seat_is_refused_even_with_its_fingerprint_made_to_fit(game):
    st = a_state(game)
    obj = norm(st.to_json())
    obj["history"].append(f"concede:P{st.num_players + 1}")
    obj["fingerprint"]["history"] = history_digest(obj["fingerprint"]["setup"], obj["history"])
    with pytest.raises(StateDataError, match="malformed state JSON: history: 'concede:P.' names no seat"):
        game.state_from_json(obj)


@pytest.mark.parametrize("bad", [7, "x", [], {"setup": "0"}, {"setup": 1, "history": 2}])
def test_a_malformed_fingerprint_is_refused(game, bad):
    obj = norm(a_state(game).to_json())
    with pytest.raises(StateDataError, match="malformed state JSON: fingerprint must hold"):
        game.state_from_json({**obj, "fingerprint": bad})


def test_json_without_a_fingerprint_loads_only_trusted_and_stays_unchecked(game):
    st = a_state(game)
    obj = norm(st.to_json())
    assert obj["fingerprint"] == st.fingerprint() and not st.unchecked
    del obj["fingerprint"]
    with pytest.raises(UnfingerprintedError, match="trust=True"):
        game.state_from_json(obj)
    with pytest.raises(UnfingerprintedError):
        game.state_from_json({**obj, "fingerprint": None})
    t = game.state_from_json(obj, trust=True)
    assert t.unchecked and t.clone().unchecked
    assert without_log(t.to_json()) == {**without_log(st.to_json()), "fingerprint": None}
    assert t.digest() == st.digest()            # the same game: only its provenance differs
    assert "fingerprint" not in t.record()
    with pytest.raises(UnfingerprintedError):   # and what it saves needs trust again
        game.state_from_json(t.to_json_text())
    with pytest.raises(UnfingerprintedError):
        game.replay(t.record())
    assert game.replay(t.record(), trust=True).unchecked


def test_states_without_a_replayable_past_round_trip(game):
    """A lookahead copy has another seed, so its history does not replay from it: its JSON
    carries its own fingerprint and loads (the fingerprint checks the JSON, not a replay)."""
    st = a_state(game)
    copy = st.handle(0).determinize(Rng(3))
    text = copy.to_json_text()
    assert game.state_from_json(text).to_json_text() == text


def test_a_trusted_record_with_a_fingerprint_is_still_checked(game):
    rec = a_state(game).record()
    rec["seed"] += 1
    with pytest.raises(StateDataError, match="changed after it was made"):
        game.replay(rec, trust=True)


@pytest.mark.parametrize("upto", ["3", 1.5, True, [1], -1, 10_000])
def test_replay_upto_must_be_a_whole_number_of_the_records_actions(game, upto):
    rec = a_state(game).record()
    with pytest.raises(ArgumentError, match="upto must be"):
        game.replay(rec, upto=upto)
    assert game.replay(rec, upto=len(rec["actions"])).history == rec["actions"]


@pytest.mark.parametrize("name", ["log", "trust"])
@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_replay_and_load_flags_must_be_booleans(game, name, bad):
    st = a_state(game)
    with pytest.raises(ArgumentError, match=f"{name} must be True or False"):
        game.replay(st.record(), **{name: bad})
    if name == "trust":
        with pytest.raises(ArgumentError, match="trust must be True or False"):
            game.state_from_json(st.to_json(), trust=bad)


@pytest.mark.parametrize("bad", ["3", 1.5, None, True])
def test_log_positions_must_be_whole_numbers(game, bad):
    st = a_state(game)
    calls = {"start": [lambda: st.log_for(0, bad), lambda: st.public_log(bad)],
             "mark": [lambda: st.log_since(0, bad), lambda: st.log_since(-1, bad)]}
    if bad is not None:      # None is view's "no lines"
        calls["start"] += [lambda: st.view(0, log_from=bad), lambda: st.public_view(log_from=bad)]
    for name, fs in calls.items():
        for f in fs:
            with pytest.raises(ArgumentError, match=f"{name} must be a whole number"):
                f()
    with pytest.raises(ArgumentError, match="copy must be True or False"):
        st.view(0, copy=1)


def test_setup_digest_of_the_fingerprint_is_the_records(game):
    """One hash of the setup for both: a record and the state JSON of the same game agree."""
    st = a_state(game)
    assert st.fingerprint()["setup"] == st.record()["fingerprint"]["setup"] == \
        setup_digest([list(d) for d in st.decks], st.options, st.seed)
