"""Our two-seat games as OpenSpiel Python games (issue 13 point 5): registration, OpenSpiel's
own random-simulation test, and agreement with the engine (same seed + same actions = same game)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import metatcg  # noqa: E402
from metatcg.rl import openspiel_game  # noqa: E402
from metatcg.rl.codec import ActionCodec  # noqa: E402
from metatcg.rl.observation import observation_size  # noqa: E402
from metatcg.rl.openspiel_game import openspiel_name, register  # noqa: E402

GAMES = ["metax", "metazoo", "metabaloids", "metazoo-2022"]
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "openspiel_mcts.py"


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    register()


def _random_playout(state, rng: np.random.RandomState, limit: int = 100_000) -> list[int]:
    played = []
    while not state.is_terminal() and len(played) < limit:
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        played.append(a)
    return played


def test_register_names_every_two_seat_game():
    names = register()
    assert {"metatcg_metax", "metatcg_metazoo", "metatcg_metabaloids", "metatcg_metazoo_2022"} <= set(names)
    assert "metatcg_spark_circle" not in names  # the kernel's toy game (conftest) has no action space
    assert register() == names  # again: a no-op, no duplicate registration error
    registered = {g.short_name for g in pyspiel.registered_games()}
    assert set(names) <= registered


@pytest.mark.parametrize("gid", GAMES)
def test_game_type_and_sizes(gid):
    game = pyspiel.load_game(openspiel_name(gid))
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    engine_game = metatcg.load_game(gid)
    assert game.num_players() == 2
    assert game.num_distinct_actions() == ActionCodec(engine_game, 2).n
    assert game.max_game_length() == engine_game.rules.action_limit
    assert game.observation_tensor_size() == observation_size(engine_game, 2)
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize("gid", GAMES)
def test_openspiel_random_sim_test(gid):
    game = pyspiel.load_game(openspiel_name(gid), {"rng_seed": 11})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("gid", GAMES)
def test_same_returns_as_engine_for_same_seed_and_actions(gid):
    game = pyspiel.load_game(openspiel_name(gid))
    state = game.new_initial_state(seed=23)
    codec = game.codec
    engine = metatcg.load_game(gid).new_state(list(game.decks), seed=23, log=False)
    rng = np.random.RandomState(5)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(codec.encode(a) for a in engine.legal_actions())
        assert state.current_player() == engine.current_player()
        a = int(rng.choice(legal))
        state.apply_action(a)
        engine.apply(codec.decode(a))
        steps += 1
    assert engine.is_terminal()
    assert state.returns() == engine.returns()
    assert state.engine.digest() == engine.digest()
    assert state.history() == [int(a) for a in state.history()] and len(state.history()) == steps
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_clone_is_independent_and_equal():
    game = pyspiel.load_game("metatcg_metax")
    fresh = game.new_initial_state()
    twin = fresh.clone()  # a clone of an unused state shares its deal (the seed is drawn once)
    assert str(twin) == str(fresh)
    state = game.new_initial_state(seed=3)
    _random_playout(state, np.random.RandomState(0), limit=10)
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    before = str(state)
    _random_playout(copy, np.random.RandomState(1), limit=5)
    assert str(state) == before and str(copy) != before


def test_deals_come_from_rng_seed_parameter():
    def first_deal(seed: int) -> str:
        return str(pyspiel.load_game("metatcg_metax", {"rng_seed": seed}).new_initial_state())

    assert first_deal(4) == first_deal(4)
    assert first_deal(4) != first_deal(5)
    game = pyspiel.load_game("metatcg_metax", {"rng_seed": 4})
    assert str(game.new_initial_state()) != str(game.new_initial_state())  # each game its own deal


@pytest.mark.parametrize("gid", ["metax", "metazoo"])
def test_observation_ignores_hidden_cards(gid):
    """A copy with the hidden cards dealt otherwise (``resample_from_infostate``) looks the same
    to the observer: tensor, observation and information state; the full states differ."""
    game = pyspiel.load_game(openspiel_name(gid))
    state = game.new_initial_state(seed=8)
    _random_playout(state, np.random.RandomState(2), limit=12)
    player = state.current_player()
    other = state.resample_from_infostate(player, np.random.RandomState(3).random_sample)
    assert other.engine.digest() != state.engine.digest()
    assert np.array_equal(np.asarray(other.observation_tensor(player)), np.asarray(state.observation_tensor(player)))
    assert len(state.observation_tensor(player)) == observation_size(metatcg.load_game(gid), 2)
    assert other.observation_string(player) == state.observation_string(player)
    assert other.information_state_string(player) == state.information_state_string(player)
    assert other.legal_actions() == state.legal_actions()


def test_strings_come_from_the_view_only():
    game = pyspiel.load_game("metatcg_metax")
    state = game.new_initial_state(seed=1)
    _random_playout(state, np.random.RandomState(4), limit=6)
    p = state.current_player()
    assert '"own_actions"' in state.information_state_string(p)
    assert '"own_actions"' not in state.observation_string(p)
    assert '"seed"' not in state.observation_string(1 - p)


def test_unfit_game_is_refused_by_name():
    with pytest.raises(ValueError, match="no action space"):
        register("spark-circle")


def test_missing_pyspiel_points_to_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(ImportError, match=r"metatcg\[rl\]"):
        openspiel_game.register("metax")


def test_example_runs_one_tiny_game(capsys):
    spec = importlib.util.spec_from_file_location("openspiel_mcts_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = module.main(["--game", "metax", "--games", "1", "--simulations", "2", "--opponent", "random"])
    assert out["wins"] + out["draws"] + out["losses"] == 1
    assert "win rate" in capsys.readouterr().out
