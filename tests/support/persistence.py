"""Drivers shared by the persistence tests of every game (test_persistence_*.py): copies of a
state (clone, JSON round trip, replay) must continue a game exactly like the original, and
playing one must never touch the other.

Every function takes the game (or a state) and the game-specific pieces (which copies to
take, what to compare right away) as arguments; the assertions and their seeds stay the
test files' own.
"""
from __future__ import annotations

import json

import pytest

import metatcg
from metatcg.engine.errors import IllegalActionError, StateDataError
from metatcg.engine.rng import Rng

AHEAD = 5  # compare again this many driver actions after the snapshot


def norm(obj):
    """What a JSON file would hold (tuples become lists)."""
    return json.loads(json.dumps(obj))


def json_copy(game, st):
    """``st`` through a stdlib JSON round trip."""
    return game.state_from_json(json.loads(json.dumps(st.to_json())))


# --------------------------------------------------------------------------- continuations
def same_now(name: str, cp, st, here=None, where: str = "", *, labels: bool = False, logs: bool = False) -> None:
    """Copy ``cp`` is ``st`` right now: same JSON (``here``, if already computed), legal action
    ids (and labels), player to act and views (and redacted logs)."""
    here = norm(st.to_json()) if here is None else here
    assert norm(cp.to_json()) == here, f"{name} differs right away {where}"
    assert [a.id for a in cp.legal_actions()] == [a.id for a in st.legal_actions()], f"{name} {where}"
    if labels:
        assert [a.label for a in cp.legal_actions()] == [a.label for a in st.legal_actions()], f"{name} {where}"
    assert cp.current_player() == st.current_player(), f"{name} {where}"
    for p in range(st.num_players):
        assert cp.view(p) == st.view(p), f"{name}: view({p}) differs {where}"
        if logs:
            assert cp.log_for(p) == st.log_for(p), f"{name}: log_for({p}) differs {where}"


def play_with_snapshots(game, decks, seed: int, want, copies_of, check_now, same_reason: bool = False,
                        log: bool = True) -> tuple[int, set]:
    """Play a seeded random game of ``decks`` (one a seat; ``log=False``: quiet); wherever
    ``want(state, index, kind)`` says so, take the copies ``copies_of(state)`` ({name: copy}),
    check each with ``check_now(name, copy, state, here, where)`` and that it continues
    identically: same JSON ``AHEAD`` actions later and at the end, same returns (and end reason
    if ``same_reason``). Returns (#snapshots, kinds seen)."""
    st = game.new_state(list(decks), seed=seed, log=log)
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
                check_now(name, cp, st, here, f"(seed {seed}, #{i}, {kind})")
            snaps.append((i, cps))
            kinds.add(kind)
            wanted_at.setdefault(i + AHEAD, None)
        st.apply(chooser.choice(st.legal_actions()).id)
    final = norm(st.to_json())
    history = st.history
    for i, cps in snaps:
        for name, cp in cps.items():
            label = f"{name} taken at action #{i} ({' vs '.join(map(str, decks))}, seed {seed})"
            for j, aid in enumerate(history[i:], start=i):
                if j == i + AHEAD and wanted_at.get(j) is not None:
                    assert norm(cp.to_json()) == wanted_at[j], f"{label}: differs {AHEAD} actions later"
                cp.apply(aid)
            assert cp.is_terminal(), label
            assert norm(cp.to_json()) == final, f"{label}: differs at the end"
            assert cp.returns() == st.returns(), label
            if same_reason:
                assert cp.reason == st.reason, label
    return len(snaps), kinds


def first_of_each_kind_then_one_in(n: int, r: Rng):
    """A ``want`` for :func:`play_with_snapshots`: the first decision of each kind, then each
    other one with chance 1/``n`` (drawn from ``r``)."""
    seen = set()

    def want(st, i, kind):
        if kind not in seen:
            seen.add(kind)
            return True
        return r.below(n) == 0
    return want


def spread_over_the_game(game, decks, seed: int, count: int, each_kind: bool = True):
    """A ``want`` for :func:`play_with_snapshots`: ``count`` decision points spread at random
    over the whole game (its length is found by playing it quietly first: the same game), and
    the first decision of each kind if ``each_kind``."""
    st = game.new_state(list(decks), seed=seed, log=False)
    chooser = Rng(seed + 12345)  # the driver of play_with_snapshots
    while not st.is_terminal():
        st.apply(chooser.choice(st.legal_actions()).id)
    r = Rng(seed ^ 0x5EED)
    length = len(st.history)
    picks = {r.below(length) for _ in range(count)} if length else set()
    seen: set[str] = set()

    def want(st, i, kind):
        if each_kind and kind not in seen:
            seen.add(kind)
            return True
        return i in picks
    return want


def kinds_never_snapshot(play, tables, kinds, first_seed: int, last_seed: int) -> set:
    """Keep playing seeded games (``play(decks, seed, want)`` like :func:`play_with_snapshots`,
    decks taken in turn from ``tables``), each taking a snapshot at the first decision of
    every kind still missing, until every kind of ``kinds`` was snapshot or the seeds run out;
    returns the kinds never reached."""
    missing = set(kinds)
    seed = first_seed
    while missing and seed < last_seed:
        target = set(missing)
        decks = tables[seed % len(tables)]

        def want(st, i, kind, target=target):
            if kind in target:
                target.discard(kind)
                return True
            return False
        _, got = play(decks, seed, want)
        missing -= got
        seed += 1
    return missing


def check_replay_upto(game, decks, seed: int, chooser_seed: int) -> None:
    """``replay(record, upto=k)`` gives the state after k actions; a record is plain JSON."""
    st = game.new_state(decks, seed=seed)
    r = Rng(chooser_seed)
    at = {}
    while not st.is_terminal():
        at[len(st.history)] = norm(st.to_json())
        st.apply(r.choice(st.legal_actions()))
    rec = st.record()
    for k in (0, 1, 2, 3, 10, len(st.history) // 2, len(st.history) - 1):
        assert norm(game.replay(rec, upto=k).to_json()) == at[k], k
    assert norm(game.replay(json.dumps(rec)).to_json()) == norm(st.to_json())


# --------------------------------------------------------------------------- independence
def mutables(obj):
    """Every list/dict/set reachable from ``obj`` (containers only, not tuples' contents)."""
    if isinstance(obj, (list, dict, set)):
        yield obj
        items = obj.values() if isinstance(obj, dict) else obj
        for x in items:
            yield from mutables(x)
    elif isinstance(obj, tuple):
        for x in obj:
            yield from mutables(x)


def state_mutables(st, skip=()):
    """The mutable containers of a state: its data's slots (but ``skip``) and the kernel's own."""
    d = st.data
    for slot in type(d).__slots__:
        if slot in skip:
            continue
        yield from mutables(getattr(d, slot))
    for name in ("stack", "pending", "_log", "history", "options"):
        yield from mutables(getattr(st, name))


def shared_mutables(st, cp, skip=()) -> set[int]:
    """Ids of the mutable containers a clone shares with its original (options excepted: play
    never mutates them)."""
    shared = {id(x) for x in state_mutables(st, skip)} & {id(x) for x in state_mutables(cp, skip)}
    return shared - {id(st.options)}


def check_copies_go_their_own_way(game, st, seed: int, points) -> None:
    """Play ``st`` to the end with random actions; at each index of ``points``, a clone played
    to its end (and a JSON copy played one action) must leave the original alone, and
    playing the original on must leave every finished clone alone."""
    r = Rng(seed)
    finished = []
    i = 0
    while not st.is_terminal():
        if i in points:
            before = norm(st.to_json())
            views = [st.view(p) for p in range(st.num_players)]
            cp = st.clone()
            other = Rng(seed * 1000 + i)  # the clone goes its own way
            while not cp.is_terminal():
                cp.apply(other.choice(cp.legal_actions()))
            assert norm(st.to_json()) == before, f"playing a clone changed the original (#{i})"
            assert [st.view(p) for p in range(st.num_players)] == views
            finished.append((cp, norm(cp.to_json())))
            json_twin = json_copy(game, st)
            json_twin.apply(json_twin.legal_actions()[0])
            assert norm(st.to_json()) == before, "playing a JSON copy changed the original"
        st.apply(r.choice(st.legal_actions()))
        i += 1
    for cp, cp_end in finished:
        assert norm(cp.to_json()) == cp_end, "playing the original changed a clone"


# --------------------------------------------------------------------------- illegal actions
def random_states(st, r: Rng, every: int):
    """Every ``every``-th decision point of ``st`` played on with random actions from ``r``,
    then its end, each with the action ids that were legal one decision before."""
    prev_ids: list[str] = []
    i = 0
    while not st.is_terminal():
        if i % every == 0:
            yield st, prev_ids
        prev_ids = [a.id for a in st.legal_actions()]
        st.apply(r.choice(st.legal_actions()))
        i += 1
    yield st, prev_ids


def check_refused(game, st, bogus) -> None:
    """Every id of ``bogus`` (and a forged Action) raises IllegalActionError and changes
    nothing: same JSON and legal actions, and the game goes on like an untouched copy."""
    before = norm(st.to_json())
    legal = [a.id for a in st.legal_actions()]
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
        twin = game.state_from_json(before)
        st_c = st.clone()
        st_c.apply(legal[-1])
        twin.apply(legal[-1])
        assert norm(st_c.to_json()) == norm(twin.to_json())


# --------------------------------------------------------------------------- determinism
def check_same_seed_same_game(game, decks, seeds) -> None:
    """Two games of the same decks and seed, driven by the same actions, stay identical
    (legal actions, log, JSON, returns)."""
    for seed in seeds:
        s1 = game.new_state(list(decks), seed=seed)
        s2 = game.new_state(list(decks), seed=seed)
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


# --------------------------------------------------------------------------- bad input
def check_malformed_state_json(game, st, not_a_state: str) -> None:
    """Truncated state JSON text is a "malformed state JSON" error; values that are not a
    state at all raise a StateDataError matching ``not_a_state``."""
    text = json.dumps(st.to_json())
    for cut in (0, 1, 10, len(text) // 3, len(text) // 2, len(text) - 1):
        with pytest.raises(StateDataError, match="malformed state JSON"):
            game.state_from_json(text[:cut])
    for bad in (None, [], 42, "null", {}, {"format": "something-else"}):
        with pytest.raises(StateDataError, match=not_a_state):
            game.state_from_json(bad)


def check_malformed_record(game, st, other_game: str) -> None:
    """Truncated, foreign (a state, a record of ``other_game``), incomplete records and a
    record with an action that does not replay are clear StateDataErrors."""
    rec = st.record()
    text = json.dumps(rec)
    for cut in (0, 5, len(text) // 2, len(text) - 1):  # truncated record files
        with pytest.raises(StateDataError, match="malformed record JSON"):
            game.replay(text[:cut])
    with pytest.raises(StateDataError, match="not a metatcg game record"):
        game.replay({"format": "metatcg-state/2"})
    other = dict(rec, game=other_game)
    with pytest.raises(StateDataError, match=rf"record is for game '{other_game}', not '{game.id}'"):
        game.replay(other)
    for key in ("decks", "seed", "actions"):
        broken = dict(rec)
        del broken[key]
        with pytest.raises(StateDataError, match="malformed record"):
            game.replay(broken)
    bad_action = dict(rec, actions=rec["actions"][:5] + ["no-such-action"] + rec["actions"][5:])
    with pytest.raises(StateDataError, match=r"record action #6 does not replay"):
        game.replay(bad_action)
