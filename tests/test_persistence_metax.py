"""Persistence and determinism for MetaX: clone, JSON round trip and replay continue a game
exactly like the original, at any point, mid-decision included (mulligan, bottom ordering,
targets, defender's card, Links, trigger order, searches...).

Each copy taken at a snapshot is driven with the same subsequent action ids as the
original and compared by ``to_json()`` right away, a few actions later and at the end.
"""
from __future__ import annotations

import itertools

import pytest

import metatcg
from metatcg.engine.errors import StateDataError
from metatcg.engine.rng import Rng
from support import persistence
from support.persistence import norm, same_now

GAME = metatcg.load_game("metax")
DECKS = GAME.starter_deck_names()
PAIRS = list(itertools.product(DECKS, DECKS))

ALL_DECISION_KINDS = {"mulligan", "bottom", "planning", "declare", "link", "defend", "defend_card",
                      "resolve_order", "target", "damage_card", "search", "recover", "discard", "may",
                      "__order_triggers"}


def json_copy(st):
    return persistence.json_copy(GAME, st)


def copies_of(st) -> dict:
    return {"clone": st.clone(), "json": json_copy(st), "replay": GAME.replay(st.record())}


def play_with_snapshots(deck_a: str, deck_b: str, seed: int, want) -> tuple[int, set]:
    """Play a seeded random game; wherever ``want(state, index, kind)`` says so, take the
    three copies and check they continue identically. Returns (#snapshots, kinds seen)."""
    return persistence.play_with_snapshots(GAME, deck_a, deck_b, seed, want, copies_of, same_now)


def first_of_each_kind_and_random(seed: int):
    return persistence.first_of_each_kind_then_one_in(12, Rng(seed ^ 0x5EED))


@pytest.mark.parametrize("deck_a,deck_b", PAIRS)
def test_clone_json_and_replay_continue_identically(deck_a, deck_b):
    base = 100 * PAIRS.index((deck_a, deck_b))
    total = 0
    for seed in range(base, base + 4):
        n, _ = play_with_snapshots(deck_a, deck_b, seed, first_of_each_kind_and_random(seed))
        total += n
    assert total >= 4 * 8


def test_every_kind_of_decision_survives_clone_json_and_replay():
    """Keep playing seeded games until a snapshot was taken inside every decision kind."""
    missing = persistence.kinds_never_snapshot(play_with_snapshots, PAIRS, ALL_DECISION_KINDS, 5000, 5400)
    assert not missing, f"no game in the seeds tried reached {sorted(missing)}"


def test_terminal_state_round_trips():
    st = GAME.new_state(["aggro", "midrange"], seed=77)
    r = Rng(1)
    while not st.is_terminal():
        st.apply(r.choice(st.legal_actions()))
    for name, cp in copies_of(st).items():
        assert cp.is_terminal(), name
        assert norm(cp.to_json()) == norm(st.to_json()), name
        assert cp.returns() == st.returns() and cp.legal_actions() == [], name


def test_replay_upto_gives_the_earlier_state():
    persistence.check_replay_upto(GAME, ["control", "aggro"], 31, 2)


# --------------------------------------------------------------------------- independence
def test_clone_shares_no_mutable_state():
    st = GAME.new_state(["midrange", "control"], seed=11)
    r = Rng(3)
    for _ in range(60):
        st.apply(r.choice(st.legal_actions()))
    cp = st.clone()
    # options are never mutated by play; everything else must be the clone's own
    shared = persistence.shared_mutables(st, cp)
    assert not shared, "clone shares mutable containers with the original"
    assert cp.rng is not st.rng


@pytest.mark.parametrize("seed", range(6))
def test_playing_a_clone_leaves_the_original_alone(seed):
    a, b = PAIRS[seed]
    st = GAME.new_state([a, b], seed=seed)
    persistence.check_copies_go_their_own_way(GAME, st, seed, points={0, 1, 3, 15, 40, 70})


# --------------------------------------------------------------------------- illegal actions
def _random_states(seed: int, every: int = 7):
    st = GAME.new_state([PAIRS[seed % 9][0], PAIRS[seed % 9][1]], seed=seed)
    return persistence.random_states(st, Rng(seed), every)


@pytest.mark.parametrize("seed", range(8))
def test_illegal_action_raises_and_changes_nothing(seed):
    checked = 0
    for st, prev_ids in _random_states(seed):
        legal = [a.id for a in st.legal_actions()]
        bogus = ["nonsense", "", "attack:c999/c998", "play:c-1"]
        bogus += [x for x in prev_ids if x not in legal][:3]  # legal a moment ago, not now
        if st.is_terminal():
            bogus += prev_ids[:2]
        persistence.check_refused(GAME, st, bogus)
        checked += 1
    assert checked > 5


# --------------------------------------------------------------------------- bad input
@pytest.fixture(scope="module")
def mid_state():
    st = GAME.new_state(["aggro", "control"], seed=5)
    r = Rng(5)
    for _ in range(40):
        st.apply(r.choice(st.legal_actions()))
    assert not st.is_terminal()
    return st


def test_malformed_state_json_is_a_clear_error(mid_state):
    persistence.check_malformed_state_json(GAME, mid_state, not_a_state="not a metatcg state|malformed JSON")


def test_state_of_another_game_is_refused(mid_state):
    obj = mid_state.to_json()
    obj["game"] = "metazoo"
    with pytest.raises(StateDataError, match=r"state is for game 'metazoo', not 'metax'"):
        GAME.state_from_json(obj)


@pytest.mark.parametrize("key", ["data", "rng", "stack", "decision", "log", "history", "seed",
                                 "actions_taken", "options", "decks", "pending", "result", "reason"])
def test_state_json_with_a_missing_field_is_a_clear_error(mid_state, key):
    obj = norm(mid_state.to_json())
    del obj[key]
    with pytest.raises(StateDataError, match="malformed state JSON"):
        GAME.state_from_json(obj)


@pytest.mark.parametrize("corrupt", [
    lambda o: o["data"].__setitem__("mp", "lots"),
    lambda o: o["data"].__setitem__("cards", ["No Such Card"] * len(o["data"]["cards"])),
    lambda o: o["data"].__delitem__("hand"),
    lambda o: o.__setitem__("rng", "not a number"),
    lambda o: o.__setitem__("decision", [0]),
    lambda o: o.__setitem__("decision", [0, "no-such-decision", [], ""]),
    lambda o: o.__setitem__("log", [["text"]]),
], ids=["mp-type", "unknown-card", "no-hand", "rng", "short-decision", "unknown-decision", "log-entry"])
def test_corrupt_state_json_is_a_clear_error(mid_state, corrupt):
    obj = norm(mid_state.to_json())
    corrupt(obj)
    with pytest.raises(StateDataError, match="malformed state JSON"):
        GAME.state_from_json(obj)


def test_malformed_record_is_a_clear_error(mid_state):
    persistence.check_malformed_record(GAME, mid_state, other_game="metabaloids")



# --------------------------------------------------------------------------- determinism
def test_same_seed_and_same_actions_give_the_same_game():
    persistence.check_same_seed_same_game(GAME, ["midrange", "aggro"], (0, 1, 99, 123456789))


def test_different_seeds_give_different_shuffles():
    orders = set()
    firsts = set()
    for seed in range(40):
        st = GAME.new_state(["aggro", "aggro"], seed=seed)
        d = st.data
        orders.add(tuple(d.hand[0] + d.deck[0]))
        orders.add(tuple(d.hand[1] + d.deck[1]))
        firsts.add(d.first)
    assert len(orders) == 80, "two seeds (or two players) got the same deck order"
    assert firsts == {0, 1}


@pytest.mark.parametrize("field", ["entered", "damage"])
def test_state_json_with_a_list_for_a_mapping_is_a_clear_error(mid_state, field):
    obj = norm(mid_state.to_json())
    obj["data"][field] = []
    with pytest.raises(StateDataError, match="malformed state JSON"):
        GAME.state_from_json(obj)


@pytest.mark.parametrize("how", ["unknown-id", "duplicated"])
def test_state_json_with_impossible_cards_is_refused(mid_state, how):
    obj = norm(mid_state.to_json())
    hand0, hand1 = obj["data"]["hand"]
    hand0[0] = 999 if how == "unknown-id" else hand1[0]
    with pytest.raises(StateDataError):
        GAME.state_from_json(obj)
