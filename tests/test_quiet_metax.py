"""Quiet mode (``new_state(..., log=False)``) plays the same MetaX game as normal mode: the
same action ids offered and taken, the same results, the same state JSON apart from the log.
Random games with automatic single options (where the "surely several" hint matters) and
games that take every option themselves, plus greedy games (lookahead on quiet copies)."""
from __future__ import annotations

import itertools

import pytest

import metatcg
from metatcg.bots import GreedyBot
from metatcg.engine.rng import Rng

GAME = metatcg.load_game("metax")
PAIRS = list(itertools.product(GAME.starter_deck_names(), repeat=2))


def without_log(obj: dict) -> dict:
    out = dict(obj)
    out.pop("log")
    return out


def play(seed: int, log: bool, auto: bool = True, greedy: bool = False):
    """A seeded game; returns (state, the ids offered at each decision). Checks the kernel hint
    ``surely_several`` at every decision."""
    a, b = PAIRS[seed % len(PAIRS)]
    st = GAME.new_state([a, b], seed=seed, options={"auto_single": auto}, log=log)
    chooser = Rng(seed * 7 + 1)
    bots = [GreedyBot(seed * 2 + i) for i in range(2)] if greedy else None
    offered = []
    while not st.is_terminal():
        acts = st.legal_actions()
        offered.append([x.id for x in acts])
        # the "surely several" hint is never wrong: a single option is always taken by itself
        if st.rules.surely_several(st) or auto:
            assert len(acts) >= 2, f"seed {seed}: {st.decision.kind} offers only {offered[-1]}"
        if bots is not None:
            act = bots[st.current_player()].choose(st.handle(st.current_player()))
        else:
            act = chooser.choice(acts)
        st.apply(act.id)
    return st, offered


def assert_same_game(seed: int, **kw) -> None:
    loud, loud_offered = play(seed, True, **kw)
    quiet, quiet_offered = play(seed, False, **kw)
    where = f"seed {seed} {kw}"
    assert quiet.history == loud.history, where
    assert quiet_offered == loud_offered, where
    assert quiet.returns() == loud.returns() and quiet.reason == loud.reason, where
    assert without_log(quiet.to_json()) == without_log(loud.to_json()), where
    assert quiet.to_json()["log"] is None and loud.log, where


@pytest.mark.parametrize("seed", range(0, 90, 3))
def test_quiet_random_games_are_the_same_games(seed):
    for s in range(seed, seed + 3):
        assert_same_game(s)


@pytest.mark.parametrize("seed", range(6))
def test_quiet_games_without_automatic_choices_are_the_same(seed):
    assert_same_game(200 + seed, auto=False)


@pytest.mark.parametrize("seed", range(4))
def test_quiet_greedy_games_are_the_same(seed):
    assert_same_game(300 + seed, greedy=True)


def test_quiet_state_round_trips_and_stays_quiet():
    st, _ = play(5, False)
    back = GAME.state_from_json(st.to_json())
    assert back.logging is False and back.to_json() == st.to_json()
    mid = GAME.new_state(list(PAIRS[1]), seed=9, log=False)
    r = Rng(2)
    for _ in range(30):
        mid.apply(r.choice(mid.legal_actions()))
    copy = GAME.state_from_json(mid.to_json())
    while not mid.is_terminal():
        act = r.choice(mid.legal_actions())
        mid.apply(act.id)
        copy.apply(act.id)
    assert copy.to_json() == mid.to_json()
