"""Persistence and determinism for MetaZoo (four-lane edition): clone, JSON round trip (stdlib
``to_json`` and the fast ``to_json_text``) and replay continue a game exactly like the
original, at any point, mid-decision included (Priority choice, Starter Terra placement,
payments, targets, lanes, trigger order, Discover and bottom order, searches, Trade Aura
swaps, temporary Aura, Destruction, replacement effects, lane-size overflow...).

Each copy taken at a snapshot is driven with the same subsequent action ids as the
original and compared by ``to_json()`` right away, a few actions later and at the end.
"""
from __future__ import annotations

import itertools
import json

import pytest

import metatcg
from metatcg.engine.errors import IllegalActionError, StateDataError
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


def json_copy(st):
    return persistence.json_copy(GAME, st)


def copies_of(st, replay: bool = True) -> dict:
    out = {"clone": st.clone(), "json": json_copy(st), "json_text": GAME.state_from_json(st.to_json_text())}
    if replay:
        out["replay"] = GAME.replay(st.record())
    return out


def same_now(name: str, cp, st, here=None, where: str = "") -> None:
    persistence.same_now(name, cp, st, here, where, labels=True, logs=True)


def play_with_snapshots(deck_a: str, deck_b: str, seed: int, want) -> tuple[int, set]:
    """Play a seeded random game; wherever ``want(state, index, kind)`` says so, take the
    copies and check they continue identically. Returns (#snapshots, kinds seen)."""
    return persistence.play_with_snapshots(GAME, deck_a, deck_b, seed, want, copies_of, same_now, same_reason=True)


def first_of_each_kind_and_random(seed: int):
    return persistence.first_of_each_kind_then_one_in(40, Rng(seed * 7 + 3))


# --------------------------------------------------------------------------- continuations
# 14 games: every deck plays twice on each side (the pairs (a, a+1) and (a, a+3) mod 7)
SNAP_PAIRS = [(DECKS[a], DECKS[(a + k) % len(DECKS)]) for k in (1, 3) for a in range(len(DECKS))]


@pytest.mark.parametrize("deck_a,deck_b", SNAP_PAIRS)
def test_clone_json_and_replay_continue_identically(deck_a, deck_b):
    seed = 100 * SNAP_PAIRS.index((deck_a, deck_b))
    n, kinds = play_with_snapshots(deck_a, deck_b, seed, first_of_each_kind_and_random(seed))
    assert n >= 8 and {"priority", "action"} <= kinds


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


def test_terminal_state_round_trips():
    st = GAME.new_state(["ember-warden", "stonecaller"], seed=77)
    r = Rng(1)
    while not st.is_terminal():
        st.apply(r.choice(st.legal_actions()))
    for name, cp in copies_of(st).items():
        assert cp.is_terminal(), name
        assert norm(cp.to_json()) == norm(st.to_json()), name
        assert cp.returns() == st.returns() and cp.legal_actions() == [], name
        assert cp.reason == st.reason and cp.winner() == st.winner(), name


def test_replay_upto_gives_the_earlier_state():
    persistence.check_replay_upto(GAME, ["storm-surge", "tidal-grip"], 31, 2)


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


@pytest.mark.parametrize("seed", range(6))
def test_playing_a_clone_leaves_the_original_alone(seed):
    a, b = PAIRS[seed * 8]
    st = GAME.new_state([a, b], seed=seed)
    persistence.check_copies_go_their_own_way(GAME, st, seed, points={0, 1, 3, 15, 40, 70, 120})


# --------------------------------------------------------------------------- illegal actions
def _random_states(seed: int, every: int = 9):
    st = GAME.new_state(list(PAIRS[seed * 5 % len(PAIRS)]), seed=seed)
    return persistence.random_states(st, Rng(seed), every)


@pytest.mark.rule("MZL-DECLARE-2")
@pytest.mark.parametrize("seed", range(8))
def test_illegal_action_raises_and_changes_nothing(seed):
    checked = 0
    for st, prev_ids in _random_states(seed):
        legal = [a.id for a in st.legal_actions()]
        d = st.data
        bogus = ["nonsense", "", "declare:lane5", "declare:lane0", "play:c9999@lane1", "pay:c-1"]
        # a mission in a lane already resolved this round (MZL-DECLARE-2)
        bogus += [f"declare:lane{ln + 1}" for ln in range(4) if d.resolved[ln]]
        bogus += [x for x in prev_ids if x not in legal][:3]  # legal a moment ago, not now
        if st.is_terminal():
            bogus += prev_ids[:2]
        persistence.check_refused(GAME, st, bogus)
        checked += 1
    assert checked > 5


def test_view_of_a_player_who_does_not_exist_is_refused():
    st = GAME.new_state(["ember-warden", "stonecaller"], seed=1)
    for p in (-1, 2):
        with pytest.raises(IllegalActionError):
            st.view(p)


# --------------------------------------------------------------------------- bad input
@pytest.fixture(scope="module")
def mid_state():
    st = GAME.new_state(["ember-warden", "storm-surge"], seed=5)
    r = Rng(5)
    while len(st.history) < 60 or st.decision.kind != "action":
        st.apply(r.choice(st.legal_actions()))
    assert not st.is_terminal()
    return st


def test_malformed_state_json_is_a_clear_error(mid_state):
    persistence.check_malformed_state_json(GAME, mid_state, not_a_state="not a metatcg state|malformed")


def test_state_of_another_game_is_refused(mid_state):
    obj = mid_state.to_json()
    obj["game"] = "metax"
    with pytest.raises(StateDataError, match=r"state is for game 'metax', not 'metazoo'"):
        GAME.state_from_json(obj)


@pytest.mark.parametrize("key", ["data", "rng", "stack", "decision", "log", "history", "seed",
                                 "actions_taken", "options", "decks", "pending", "result", "reason"])
def test_state_json_with_a_missing_field_is_a_clear_error(mid_state, key):
    obj = norm(mid_state.to_json())
    del obj[key]
    with pytest.raises(StateDataError, match="malformed state JSON"):
        GAME.state_from_json(obj)


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
    lambda o: o.__setitem__("rng", "not a number"),
    lambda o: o.__setitem__("decision", [0]),
    lambda o: o.__setitem__("decision", [0, "no-such-decision", [], ""]),
    lambda o: o.__setitem__("log", [["text"]]),
], ids=["mp-type", "unknown-card", "three-lanes", "two-terra-slots", "lane_of-list", "short-mod", "rng",
        "short-decision", "unknown-decision", "log-entry"])
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


def test_malformed_record_is_a_clear_error(mid_state):
    persistence.check_malformed_record(GAME, mid_state, other_game="metax")
    with pytest.raises(StateDataError, match="malformed record"):
        GAME.replay(dict(mid_state.record(), seed="not a seed"))


# --------------------------------------------------------------------------- determinism
def test_same_seed_and_same_actions_give_the_same_game():
    persistence.check_same_seed_same_game(GAME, ["skyward-flock", "wildfire"], (0, 1, 99, 123456789))


def test_same_seed_same_game_in_a_fresh_interpreter():
    """No hidden state outside the seed (module-level caches, hash order of sets...): a game
    played in another Python process with a different hash seed ends identically."""
    import os
    import subprocess
    import sys
    code = ("import json, metatcg\n"
            "from metatcg.engine.rng import Rng\n"
            "g = metatcg.load_game('metazoo')\n"
            "st = g.new_state(['tidal-grip', 'hermit-cryptids'], seed=4242)\n"
            "r = Rng(9)\n"
            "while not st.is_terminal():\n"
            "    st.apply(r.choice(st.legal_actions()))\n"
            "print(json.dumps(st.to_json(), sort_keys=True))\n")
    st = GAME.new_state(["tidal-grip", "hermit-cryptids"], seed=4242)
    r = Rng(9)
    while not st.is_terminal():
        st.apply(r.choice(st.legal_actions()))
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert json.loads(out.stdout) == norm(st.to_json())


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
