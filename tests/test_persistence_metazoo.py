"""Persistence for MetaZoo (four-lane edition), beyond the contract suite
(test_contract_persistence.py, which plays every registered game): a clone, a JSON round trip
(stdlib ``to_json`` and the fast ``to_json_text``) and a replay taken inside every kind of
MetaZoo decision (Priority choice, Starter Terra placement, payments, targets, lanes, trigger
order, Discover and bottom order, searches, Trade Aura swaps, temporary Aura, Destruction,
replacement effects, lane-size overflow...) continue the game exactly, tokens created during
the game included; a clone shares none of MetaZoo's data; MetaZoo's own state fields are
checked when a state is read back.
"""
from __future__ import annotations

import itertools

import pytest

import metatcg
from metatcg.engine.errors import StateDataError
from metatcg.engine.rng import Rng
from support import persistence
from support.persistence import norm

GAME = metatcg.load_game("metazoo")
DECKS = GAME.starter_deck_names()
PAIRS = list(itertools.product(DECKS, DECKS))

# Every decision kind random play over the starter decks reaches (``move_to`` needs a Move to
# "any"/"other" lane, which no card of the pool has; ``replace_order`` needs two replacement
# effects on one event: it is covered by a built position below).
PLAYED_DECISION_KINDS = {"priority", "starter", "action", "pay", "enhance_with", "swap", "temp_return", "aura_op",
                         "may", "target", "lane", "order", "discard", "discover", "bottom", "search", "recover",
                         "sacrifice", "destroy", "overflow", "instead", "__order_triggers"}


def copies_of(st, replay: bool = True) -> dict:
    out = {"clone": st.clone(), "json": persistence.json_copy(GAME, st),
           "json_text": GAME.state_from_json(st.to_json_text())}
    if replay:
        out["replay"] = GAME.replay(st.record())
    return out


def same_now(name: str, cp, st, here=None, where: str = "") -> None:
    persistence.same_now(name, cp, st, here, where, labels=True, logs=True)


def play_with_snapshots(decks, seed: int, want) -> tuple[int, set]:
    """Play a seeded random game; wherever ``want(state, index, kind)`` says so, take the
    copies and check they continue identically. Returns (#snapshots, kinds seen)."""
    return persistence.play_with_snapshots(GAME, decks, seed, want, copies_of, same_now, same_reason=True)


# --------------------------------------------------------------------------- continuations
def test_every_kind_of_decision_survives_clone_json_and_replay():
    """Keep playing seeded games until a snapshot was taken inside every decision kind."""
    missing = persistence.kinds_never_snapshot(play_with_snapshots, PAIRS, PLAYED_DECISION_KINDS, 5000, 5600)
    assert not missing, f"no game in the seeds tried reached {sorted(missing)}"


def _position_with_two_replacements():
    """P2's Cinder Fox in lane 1 guarded by Warding Charm and Salamander-Scale Mail (both
    prevent damage): P1's Fire Lash makes P1 (the active player) order them (MZL-ERRATA-REPLEFF-3)."""
    spec = {"round": 2, "priority": 0, "seed": 3, "player": [
        {"caster": "Ilsa, Ember Warden", "aura": ["Fire Aura"] * 4, "aura_deck": 5, "deck_size": 10,
         "hand": ["Fire Lash", "Cinder Fox"]},
        {"caster": "Bram, Stonecaller", "aura": ["Earth Aura"] * 4, "aura_deck": 5, "deck_size": 10,
         "hand": ["Thornback Boar"]}],
        "lane": [{"terra": "Cinder Flats", "p2": ["Thornback Boar", "Warding Charm", "Salamander-Scale Mail"]},
                 {"terra": "Mossback Hollow", "terra_owner": 1}, {"terra": "Cinder Flats"},
                 {"terra": "Mossback Hollow", "terra_owner": 1}]}
    return GAME.position(spec)


@pytest.mark.rule("MZL-ERRATA-REPLEFF-3")
def test_replacement_order_survives_clone_and_json():
    st = _position_with_two_replacements()
    st.apply(next(a.id for a in st.legal_actions() if "Fire Lash" in a.label))
    guard = 0
    while st.decision.kind != "replace_order":
        st.apply(st.legal_actions()[0].id)  # payment, target...
        guard += 1
        assert guard < 10 and not st.is_terminal(), st.decision.kind
    assert st.current_player() == 0 == st.data.active  # the active player orders them
    here = norm(st.to_json())
    for first in st.legal_actions():
        for name, cp in copies_of(st, replay=False).items():
            same_now(name, cp, st, here, "(replace_order)")
            twin = st.clone()
            for s in (cp, twin):
                s.apply(first.id)
                r = Rng(7)
                for _ in range(12):
                    if s.is_terminal():
                        break
                    s.apply(r.choice(s.legal_actions()).id)
            assert norm(cp.to_json()) == norm(twin.to_json()), f"{name} after {first.id}"
        assert norm(st.to_json()) == here


def test_tokens_survive_the_round_trip():
    """Token instances are created during the game (appended to ``cards``): copies made while
    tokens are in play, and after some left, rebuild them and go on identically."""
    checked = 0
    for seed in range(40):
        st = GAME.new_state(list(PAIRS[seed * 3 % len(PAIRS)]), seed=seed)
        n0 = len(st.data.cards)
        r = Rng(seed)
        while not st.is_terminal() and checked < 30:
            st.apply(r.choice(st.legal_actions()))
            d = st.data
            if len(d.cards) > n0 and len(st.history) % 9 == 0:
                for name, cp in copies_of(st, replay=False).items():
                    assert cp.data.cards == d.cards and cp.data.owner == d.owner, name
                    twin = st.clone()
                    r2 = Rng(seed * 100 + checked)
                    for _ in range(15):
                        if twin.is_terminal():
                            break
                        aid = r2.choice(twin.legal_actions()).id
                        twin.apply(aid)
                        cp.apply(aid)
                    assert norm(cp.to_json()) == norm(twin.to_json()), f"{name}, seed {seed}"
                checked += 1
        if checked >= 30:
            break
    assert checked >= 30


# --------------------------------------------------------------------------- independence
def test_clone_shares_no_mutable_state():
    st = GAME.new_state(["wildfire", "hermit-cryptids"], seed=11)
    r = Rng(3)
    for _ in range(120):
        st.apply(r.choice(st.legal_actions()))
    assert not st.is_terminal()
    cp = st.clone()
    # options are never mutated by play; everything else must be the clone's own (card
    # definitions and the cache of continuous sources are never mutated)
    shared = persistence.shared_mutables(st, cp, skip=("cards", "srcs"))
    assert not shared, "clone shares mutable containers with the original"
    assert cp.rng is not st.rng and cp.data is not st.data


# --------------------------------------------------------------------------- illegal actions
@pytest.mark.rule("MZL-DECLARE-2")
@pytest.mark.parametrize("seed", range(4))
def test_missions_in_resolved_or_missing_lanes_are_refused(seed):
    """A mission in a lane already resolved this round (MZL-DECLARE-2), in a lane that does
    not exist, or a play to a card that does not exist, is refused and changes nothing (the
    contract suite tries ids that no game offers)."""
    game = GAME.new_state(list(PAIRS[seed * 5 % len(PAIRS)]), seed=seed)
    checked = 0
    for st, _ in persistence.random_states(game, Rng(seed), every=9):
        d = st.data
        bogus = ["declare:lane5", "declare:lane0", "play:c9999@lane1", "pay:c-1"]
        bogus += [f"declare:lane{ln + 1}" for ln in range(4) if d.resolved[ln]]
        persistence.check_refused(GAME, st, bogus)
        checked += any(d.resolved)
    assert checked > 3


# --------------------------------------------------------------------------- bad input
@pytest.fixture(scope="module")
def mid_state():
    st = GAME.new_state(["ember-warden", "storm-surge"], seed=5)
    r = Rng(5)
    while len(st.history) < 60 or st.decision.kind != "action":
        st.apply(r.choice(st.legal_actions()))
    assert not st.is_terminal()
    return st


@pytest.mark.parametrize("key", ["cards", "owner", "units", "enh", "terra", "lane_of", "aura_deck", "aura_zone",
                                 "supply", "pool", "hand", "deck", "mp", "mods", "resolved"])
def test_state_json_with_a_missing_data_field_is_a_clear_error(mid_state, key):
    obj = norm(mid_state.to_json())
    del obj["data"][key]
    with pytest.raises(StateDataError, match="malformed state JSON"):
        GAME.state_from_json(obj)


@pytest.mark.parametrize("corrupt", [
    lambda o: o["data"].__setitem__("mp", "lots"),
    lambda o: o["data"].__setitem__("cards", ["No Such Card"] * len(o["data"]["cards"])),
    lambda o: o["data"].__setitem__("units", o["data"]["units"][:6]),
    lambda o: o["data"].__setitem__("terra", [0, 1]),
    lambda o: o["data"].__setitem__("lane_of", []),
    lambda o: o["data"].__setitem__("mods", [[1, "inf"]]),
], ids=["mp-type", "unknown-card", "three-lanes", "two-terra-slots", "lane_of-list", "short-mod"])
def test_corrupt_state_json_is_a_clear_error(mid_state, corrupt):
    obj = norm(mid_state.to_json())
    corrupt(obj)
    with pytest.raises(StateDataError, match="malformed state JSON"):
        GAME.state_from_json(obj)


@pytest.mark.parametrize("how", ["unknown-id", "duplicated", "aura-in-hand", "lost"])
def test_state_json_with_impossible_cards_is_refused(mid_state, how):
    obj = norm(mid_state.to_json())
    data = obj["data"]
    hand0, hand1 = data["hand"]
    if how == "unknown-id":
        hand0[0] = 9999
    elif how == "duplicated":
        hand0[0] = hand1[0]
    elif how == "aura-in-hand":
        hand0.append(data["aura_deck"][0].pop())
    else:
        data["deck"][0].pop()
    with pytest.raises(StateDataError):
        GAME.state_from_json(obj)


def test_different_seeds_give_different_shuffles():
    orders = set()
    choosers = set()
    for seed in range(40):
        st = GAME.new_state(["ember-warden", "ember-warden"], seed=seed)
        d = st.data
        orders.add(tuple(d.hand[0] + d.deck[0]))
        orders.add(tuple(d.hand[1] + d.deck[1]))
        choosers.add(st.current_player())
    assert len(orders) == 80, "two seeds (or two players) got the same deck order"
    assert choosers == {0, 1}
