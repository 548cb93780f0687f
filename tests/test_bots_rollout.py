"""The greedy-rollout bot and the Hard level (issue 32): each game's Hard is the search its ladder
chose, within a second a move; the rollout bot's budget, settings and tie rule, and that its
choice depends only on what its seat knows (tests/test_bots_ismcts.py). How strong each is: benchmarks/ladder.py."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.bots import HardBot, IsmctsBot, RolloutBot, make_bot, searches
from metatcg.bots.sampler import greedy_step
from metatcg.engine.errors import MetatcgError
from metatcg.engine.rng import Rng
from metatcg.registry import GAMES
from test_bot_sanity import sanity


def first_decision(game, seed: int = 3):
    st = game.new_state([game.starter_deck(n) for n in game.starter_deck_names()[:2]], seed=seed, log=False)
    while len(st.legal_actions()) < 2:
        st.apply(st.legal_actions()[0])
    return st


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hard_plays_the_games_own_search_within_a_second(game_id):
    game = metatcg.load_game(game_id)
    spec = game.hard_bot
    inner = make_bot(spec)
    assert type(inner) in (IsmctsBot, RolloutBot)
    assert inner.ms is not None and inner.ms <= 1000, "Hard must not think longer than a second a move"
    hard = make_bot("hard", 7)
    assert type(hard) is HardBot and searches("hard") and hard.inner is None
    st = first_decision(game)
    act = hard.choose(st.handle(st.current_player()))
    assert act.id in {a.id for a in st.legal_actions()}
    assert type(hard.inner) is type(inner) and hard.inner.ms == inner.ms


def test_the_games_name_the_search_their_ladder_chose():
    """MetaZoo: tree search with random playouts (88% against greedy); the others: greedy rollouts
    (MetaX 90% where ISMCTS 0.9 s made 67%)."""
    four = ("metabaloids", "metax", "metazoo", "metazoo-2022")
    assert {g: metatcg.load_game(g).hard_bot.partition(":")[0] for g in four} == {
        "metabaloids": "rollout", "metax": "rollout", "metazoo": "ismcts", "metazoo-2022": "rollout"}


def test_a_time_budget_stops_it_and_samples_are_counted():
    game = metatcg.load_game("metax")
    st = first_decision(game)
    bot = RolloutBot(1, ms=30)
    assert bot.choose(st.handle(st.current_player())).id in {a.id for a in st.legal_actions()}
    assert bot.sampled >= 1
    counted = RolloutBot(1, samples=3)
    counted.choose(st.handle(st.current_player()))
    assert counted.sampled == 3


def test_the_same_seed_and_samples_make_the_same_choices():
    game = metatcg.load_game("metabaloids")

    def choices(seed: int) -> list[str]:
        st = first_decision(game, seed=5)
        bot = RolloutBot(seed, samples=1, turns=1)
        out = []
        for _ in range(12):
            if st.is_terminal():
                break
            a = bot.choose(st.handle(st.current_player()))
            out.append(a.id)
            st.apply(a.id)
        return out

    assert choices(4) == choices(4)


@pytest.mark.parametrize("spec, message", [
    ("rollout:samples=0", "samples >= 1"), ("rollout:ms=5,samples=2", "not both"), ("rollout:turns=-1", "turns >= 0"),
    ("rollout:depth=3", "no setting"), ("rollout:top=x", "top='x' must be a whole number"),
    ("rollout:settle=-1", "settle >= 0"), ("rollout:ms=0", "ms > 0"),
])
def test_bad_settings_are_clear_errors(spec, message):
    with pytest.raises(MetatcgError, match=message):
        make_bot(spec)


def after(st, a):
    c = st.clone()
    c.apply(a.id)
    return c


def test_options_no_sample_tells_apart_settle_early_and_go_as_greedy_would():
    """``settle=4``: when the first 4 samples give every option the same result, the bot stops
    there and picks what the evaluation right after each option likes best (greedy's choice);
    as soon as one sample tells them apart it spends its whole budget; ``settle=0`` always does."""
    game = metatcg.load_game("metax")
    st = game.new_state([game.starter_deck(n) for n in game.starter_deck_names()[:2]], seed=3, log=False)
    greedy = make_bot("greedy", 1)
    counts, full = [], []
    while len(counts) < 15:
        me = st.handle(st.current_player())
        legal = me.legal_actions()
        if len(legal) > 1:
            bot = RolloutBot(2, samples=10, settle=4)
            pick = bot.choose(me)
            counts.append(bot.sampled)
            if bot.sampled == 4:
                assert pick.id == max(legal, key=lambda a: game.evaluate(after(st, a), st.current_player())).id
            never = RolloutBot(2, samples=10, settle=0)
            never.choose(me)
            full.append(never.sampled)
        st.apply(greedy.choose(me).id)
    assert set(counts) == {4, 10} and set(full) == {10}


def test_top_rolls_out_only_the_best_looking_options():
    """With ``top=2`` only the two options the evaluation likes best right after them (on the
    first sample, the same cards for all) are rolled out."""
    game = metatcg.load_game("metazoo-2022")
    st = first_decision(game, seed=1)
    while len(st.legal_actions()) < 4:
        greedy_step(st, game.evaluate)
    me = st.handle(st.current_player())
    bot = RolloutBot(2, samples=1, top=2)
    act = bot.choose(me)
    base = me.determinize(Rng(2))              # the bot's first sample: its RNG seeded 2
    now = {}
    for a in base.legal_actions():
        c = base.clone()
        c.apply(a)
        now[a.id] = game.evaluate(c, me.player)
    best = sorted(now, key=lambda i: -now[i])[:2]
    assert sorted(bot.considered) == sorted(best) and act.id in best
    assert len(now) >= 4


def _menu_decision(game, seed: int):
    """The first decision where seat 0 may only open the face-down placement menu or end its turn."""
    st = game.new_state([game.starter_deck(n) for n in game.starter_deck_names()[:2]], seed=seed, log=False)
    while not st.is_terminal():
        ids = [a.id for a in st.legal_actions()]
        if st.current_player() == 0 and sorted(ids) == ["end", "trap"]:
            return st
        greedy_step(st, game.evaluate)
    return None


def test_a_menu_it_would_only_leave_again_does_not_win_the_tie():
    """Opening MetaZoo 2022's face-down menu and backing out rolls out to the same position as
    ending the turn. Measured from the position before the option (not after it, where ending the
    turn has already moved the turn count) and with ties going to the option greedy likes, the
    bot ends its turn; either mistake walked it in and out of the menu until the action limit."""
    game = metatcg.load_game("metazoo-2022")
    met = 0
    for seed in range(6):
        st = _menu_decision(game, seed)
        if st is None:
            continue
        met += 1
        assert RolloutBot(seed, samples=2, turns=1).choose(st.handle(0)).id == "end"
    assert met >= 1, "no decision between the menu and ending the turn met: the test tests nothing"


@pytest.mark.parametrize("game_id, seats, seeds, extra", [
    ("metax", 2, range(3), {"decks": ("control", "control"), "drive": True, "stop_after": 4}),
    ("metabaloids", 3, range(3), {"stop_after": 3}),
    ("metazoo-2022", 2, range(3), {"stop_after": 4}),
    ("metazoo", 2, range(4), {"stop_after": 2}),
])
def test_it_never_skips_a_free_useful_action(game_id, seats, seeds, extra):
    chances, skips = sanity(game_id, seats, seeds, spec="rollout:samples=2,turns=1", max_steps=1500, **extra)
    assert chances > 0, "no opportunity met: the check tests nothing"
    assert skips == 0, f"rollout skipped {skips} of {chances}"


#: each game's Hard search on a budget small enough for CI (the real budget is a benchmark's)
SMOKE = {"rollout": "rollout:samples=2", "ismcts": "ismcts:iters=40"}
SMOKE_IN = {"metax": "rollout:samples=4"}   # short games, noisy results: 2 samples lost 2 of these 4


@pytest.mark.parametrize("game_id", ["metax", "metabaloids", "metazoo", "metazoo-2022"])
def test_hard_beats_random_in_a_handful_of_seeded_games(game_id):
    """The smoke test of issue 32: the game's Hard search wins at least 3 of 4 seeded games against
    random moves, two from each seat (not all 4: in Metabaloids even greedy loses one of these to
    random, by the first seat's deck running out; how much Hard beats greedy by is measured by
    benchmarks/ladder.py, not asserted)."""
    game = metatcg.load_game(game_id)
    spec = SMOKE_IN.get(game_id) or SMOKE[game.hard_bot.partition(":")[0]]
    names = game.starter_deck_names()
    lost = []
    for seed, seat in ((1, 0), (2, 1), (3, 0), (4, 1)):
        st = game.new_state([game.starter_deck(names[(seed + i) % len(names)]) for i in range(2)], seed=seed, log=False)
        bots = [make_bot(spec if p == seat else "random", seed * 10 + p) for p in range(2)]
        while not st.is_terminal():
            p = st.current_player()
            st.apply(bots[p].choose(st.handle(p)).id)
        if st.winner() != seat:
            lost.append(f"seed {seed}: {st.reason}")
    assert len(lost) <= 1, f"{spec} lost {len(lost)} of 4 to random in {game_id}: {lost}"
