"""Persistence for MetaX, beyond the contract suite (test_contract_persistence.py, which plays
every registered game): a clone, a JSON round trip and a replay taken inside every kind of
MetaX decision (mulligan, bottom ordering, targets, defender's card, Links, trigger order,
searches...) continue the game exactly; a clone shares none of MetaX's data; MetaX's own
state fields are checked when a state is read back.
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


def copies_of(st) -> dict:
    return {"clone": st.clone(), "json": persistence.json_copy(GAME, st), "replay": GAME.replay(st.record())}


def play_with_snapshots(decks, seed: int, want) -> tuple[int, set]:
    """Play a seeded random game; wherever ``want(state, index, kind)`` says so, take the
    three copies and check they continue identically. Returns (#snapshots, kinds seen)."""
    return persistence.play_with_snapshots(GAME, decks, seed, want, copies_of, same_now)


def test_every_kind_of_decision_survives_clone_json_and_replay():
    """Keep playing seeded games until a snapshot was taken inside every decision kind."""
    missing = persistence.kinds_never_snapshot(play_with_snapshots, PAIRS, ALL_DECISION_KINDS, 5000, 5400)
    assert not missing, f"no game in the seeds tried reached {sorted(missing)}"


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


# --------------------------------------------------------------------------- determinism
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


# --------------------------------------------------------------------------- bad input
@pytest.fixture(scope="module")
def mid_state():
    st = GAME.new_state(["aggro", "control"], seed=5)
    r = Rng(5)
    for _ in range(40):
        st.apply(r.choice(st.legal_actions()))
    assert not st.is_terminal()
    return st


@pytest.mark.parametrize("corrupt", [
    lambda o: o["data"].__setitem__("mp", "lots"),
    lambda o: o["data"].__setitem__("cards", ["No Such Card"] * len(o["data"]["cards"])),
    lambda o: o["data"].__delitem__("hand"),
], ids=["mp-type", "unknown-card", "no-hand"])
def test_corrupt_state_json_is_a_clear_error(mid_state, corrupt):
    obj = norm(mid_state.to_json())
    corrupt(obj)
    with pytest.raises(StateDataError, match="malformed state JSON"):
        GAME.state_from_json(obj)


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


def test_a_game_won_by_a_team_attack_vp_mid_damage_still_loads():
    """A Team Attack's VP can win the game before its Battle Cards are attached (MX-TEAM-18):
    those cards stay in the battle zone, so the finished state keeps every card somewhere and
    its JSON loads (once they were "nowhere" and the state was refused)."""
    from metatcg.engine.rng import Rng
    game = metatcg.load_game("metax")
    st = game.new_state(["midrange", "control"], seed=523)
    r = Rng(523 * 7919 + 1)
    while not st.is_terminal():
        st.apply(r.choice(st.legal_actions()))
    assert "7 Victory Points" in st.reason
    back = game.state_from_json(st.to_json())
    assert back.to_json() == st.to_json()
