"""Persistence and determinism for MetaX: clone, JSON round trip and replay continue a game
exactly like the original, at any point, mid-decision included (mulligan, bottom ordering,
targets, defender's card, Links, trigger order, searches...).

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

GAME = metatcg.load_game("metax")
DECKS = GAME.starter_deck_names()
PAIRS = list(itertools.product(DECKS, DECKS))
AHEAD = 5  # compare again this many driver actions after the snapshot

ALL_DECISION_KINDS = {"mulligan", "bottom", "planning", "declare", "link", "defend", "defend_card",
                      "resolve_order", "target", "damage_card", "search", "recover", "discard", "may",
                      "__order_triggers"}


def norm(obj):
    """What a JSON file would hold (tuples become lists)."""
    return json.loads(json.dumps(obj))


def json_copy(st):
    return GAME.state_from_json(json.loads(json.dumps(st.to_json())))


def copies_of(st) -> dict:
    return {"clone": st.clone(), "json": json_copy(st), "replay": GAME.replay(st.record())}


def play_with_snapshots(deck_a: str, deck_b: str, seed: int, want) -> tuple[int, set]:
    """Play a seeded random game; wherever ``want(state, index, kind)`` says so, take the
    three copies and check they continue identically. Returns (#snapshots, kinds seen)."""
    st = GAME.new_state([deck_a, deck_b], seed=seed)
    chooser = Rng(seed + 12345)
    snaps = []          # (index, {name: copy})
    wanted_at = {}      # index -> normalised to_json of the original then
    kinds = set()
    while not st.is_terminal():
        i = len(st.history)
        if i in wanted_at:
            wanted_at[i] = norm(st.to_json())
        kind = st.decision.kind
        if want(st, i, kind):
            here = norm(st.to_json())
            cps = copies_of(st)
            for name, cp in cps.items():
                assert norm(cp.to_json()) == here, f"{name} differs right away (seed {seed}, #{i}, {kind})"
                assert [a.id for a in cp.legal_actions()] == [a.id for a in st.legal_actions()], name
                assert cp.current_player() == st.current_player(), name
                for p in (0, 1):
                    assert cp.view(p) == st.view(p), f"{name}: view({p}) differs"
            snaps.append((i, cps))
            kinds.add(kind)
            wanted_at.setdefault(i + AHEAD, None)
        st.apply(chooser.choice(st.legal_actions()).id)
    final = norm(st.to_json())
    history = st.history
    for i, cps in snaps:
        for name, cp in cps.items():
            label = f"{name} taken at action #{i} ({deck_a} vs {deck_b}, seed {seed})"
            for j, aid in enumerate(history[i:], start=i):
                if j == i + AHEAD and wanted_at.get(j) is not None:
                    assert norm(cp.to_json()) == wanted_at[j], f"{label}: differs {AHEAD} actions later"
                cp.apply(aid)
            assert cp.is_terminal(), label
            assert norm(cp.to_json()) == final, f"{label}: differs at the end"
            assert cp.returns() == st.returns(), label
    return len(snaps), kinds


def first_of_each_kind_and_random(seed: int):
    seen = set()
    r = Rng(seed ^ 0x5EED)

    def want(st, i, kind):
        if kind not in seen:
            seen.add(kind)
            return True
        return r.below(12) == 0
    return want


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
    missing = set(ALL_DECISION_KINDS)
    seed = 5000
    while missing and seed < 5400:
        target = set(missing)
        a, b = PAIRS[seed % len(PAIRS)]

        def want(st, i, kind):
            if kind in target:
                target.discard(kind)
                return True
            return False
        _, kinds = play_with_snapshots(a, b, seed, want)
        missing -= kinds
        seed += 1
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
    st = GAME.new_state(["control", "aggro"], seed=31)
    r = Rng(2)
    at = {}
    while not st.is_terminal():
        at[len(st.history)] = norm(st.to_json())
        st.apply(r.choice(st.legal_actions()))
    rec = st.record()
    for k in (0, 1, 2, 3, 10, len(st.history) // 2, len(st.history) - 1):
        assert norm(GAME.replay(rec, upto=k).to_json()) == at[k], k
    # a record is plain JSON
    assert norm(GAME.replay(json.dumps(rec)).to_json()) == norm(st.to_json())


# --------------------------------------------------------------------------- independence
def _mutables(obj, depth=0):
    """Every list/dict/set reachable from ``obj`` (containers only, not tuples' contents)."""
    if isinstance(obj, (list, dict, set)):
        yield obj
        items = obj.values() if isinstance(obj, dict) else obj
        for x in items:
            yield from _mutables(x, depth + 1)
    elif isinstance(obj, tuple):
        for x in obj:
            yield from _mutables(x, depth + 1)


def _state_mutables(st):
    d = st.data
    for slot in type(d).__slots__:
        yield from _mutables(getattr(d, slot))
    for name in ("stack", "pending", "_log", "history", "options"):
        yield from _mutables(getattr(st, name))


def test_clone_shares_no_mutable_state():
    st = GAME.new_state(["midrange", "control"], seed=11)
    r = Rng(3)
    for _ in range(60):
        st.apply(r.choice(st.legal_actions()))
    cp = st.clone()
    shared = {id(x) for x in _state_mutables(st)} & {id(x) for x in _state_mutables(cp)}
    # options are never mutated by play; everything else must be the clone's own
    shared -= {id(st.options)}
    assert not shared, "clone shares mutable containers with the original"
    assert cp.rng is not st.rng


@pytest.mark.parametrize("seed", range(6))
def test_playing_a_clone_leaves_the_original_alone(seed):
    a, b = PAIRS[seed]
    st = GAME.new_state([a, b], seed=seed)
    r = Rng(seed)
    points = {0, 1, 3, 15, 40, 70}
    finished = []
    i = 0
    while not st.is_terminal():
        if i in points:
            before = norm(st.to_json())
            views = [st.view(p) for p in (0, 1)]
            cp = st.clone()
            other = Rng(seed * 1000 + i)  # the clone goes its own way
            while not cp.is_terminal():
                cp.apply(other.choice(cp.legal_actions()))
            assert norm(st.to_json()) == before, f"playing a clone changed the original (#{i})"
            assert [st.view(p) for p in (0, 1)] == views
            finished.append((cp, norm(cp.to_json())))
            json_twin = json_copy(st)
            json_twin.apply(json_twin.legal_actions()[0])
            assert norm(st.to_json()) == before, "playing a JSON copy changed the original"
        st.apply(r.choice(st.legal_actions()))
        i += 1
    # and the other way round: playing the original on leaves every finished clone alone
    for cp, cp_end in finished:
        assert norm(cp.to_json()) == cp_end, "playing the original changed a clone"


# --------------------------------------------------------------------------- illegal actions
def _random_states(seed: int, every: int = 7):
    st = GAME.new_state([PAIRS[seed % 9][0], PAIRS[seed % 9][1]], seed=seed)
    r = Rng(seed)
    prev_ids: list[str] = []
    i = 0
    while not st.is_terminal():
        if i % every == 0:
            yield st, prev_ids
        prev_ids = [a.id for a in st.legal_actions()]
        st.apply(r.choice(st.legal_actions()))
        i += 1
    yield st, prev_ids


@pytest.mark.parametrize("seed", range(8))
def test_illegal_action_raises_and_changes_nothing(seed):
    checked = 0
    for st, prev_ids in _random_states(seed):
        before = norm(st.to_json())
        legal = [a.id for a in st.legal_actions()]
        bogus = ["nonsense", "", "attack:c999/c998", "play:c-1"]
        bogus += [x for x in prev_ids if x not in legal][:3]  # legal a moment ago, not now
        if st.is_terminal():
            bogus += prev_ids[:2]
        for aid in bogus:
            with pytest.raises(IllegalActionError, match="not a legal action|game is over"):
                st.apply(aid)
            assert norm(st.to_json()) == before, f"illegal {aid!r} changed the state"
            assert [a.id for a in st.legal_actions()] == legal
        with pytest.raises(IllegalActionError):
            st.apply(metatcg.Action("bogus:id", "a forged action"))
        assert norm(st.to_json()) == before
        if not st.is_terminal():
            # the refused attempts leave no trace: the game goes on like an untouched copy
            twin = GAME.state_from_json(before)
            st_c, twin_c = st.clone(), twin
            st_c.apply(legal[-1])
            twin_c.apply(legal[-1])
            assert norm(st_c.to_json()) == norm(twin_c.to_json())
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
    text = json.dumps(mid_state.to_json())
    for cut in (0, 1, 10, len(text) // 3, len(text) // 2, len(text) - 1):
        with pytest.raises(StateDataError, match="malformed state JSON"):
            GAME.state_from_json(text[:cut])
    for bad in (None, [], 42, "null", {}, {"format": "something-else"}):
        with pytest.raises(StateDataError, match="not a metatcg state|malformed JSON"):
            GAME.state_from_json(bad)


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
    rec = mid_state.record()
    text = json.dumps(rec)
    for cut in (0, 5, len(text) // 2, len(text) - 1):  # truncated record files
        with pytest.raises(StateDataError, match="malformed record JSON"):
            GAME.replay(text[:cut])
    with pytest.raises(StateDataError, match="not a metatcg game record"):
        GAME.replay({"format": "metatcg-state/1"})
    other = dict(rec, game="metabaloids")
    with pytest.raises(StateDataError, match=r"record is for game 'metabaloids', not 'metax'"):
        GAME.replay(other)
    for key in ("decks", "seed", "actions"):
        broken = dict(rec)
        del broken[key]
        with pytest.raises(StateDataError, match="malformed record"):
            GAME.replay(broken)
    bad_action = dict(rec, actions=rec["actions"][:5] + ["no-such-action"] + rec["actions"][5:])
    with pytest.raises(StateDataError, match=r"record action #6 does not replay"):
        GAME.replay(bad_action)


# --------------------------------------------------------------------------- determinism
def test_same_seed_and_same_actions_give_the_same_game():
    for seed in (0, 1, 99, 123456789):
        s1 = GAME.new_state(["midrange", "aggro"], seed=seed)
        s2 = GAME.new_state(["midrange", "aggro"], seed=seed)
        r = Rng(seed)
        assert norm(s1.to_json()) == norm(s2.to_json())
        while not s1.is_terminal():
            aid = r.choice(s1.legal_actions()).id
            assert [a.id for a in s1.legal_actions()] == [a.id for a in s2.legal_actions()]
            s1.apply(aid)
            s2.apply(aid)
            assert s1.log == s2.log
        assert norm(s1.to_json()) == norm(s2.to_json())
        assert s1.returns() == s2.returns()


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
