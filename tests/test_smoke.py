"""A whole random game runs to its end under the contract."""
import metatcg
from metatcg.engine.rng import Rng


def test_random_game_reaches_an_end(metax):
    s = metax.new_state(["aggro", "control"], seed=3)
    r = Rng(9)
    while not s.is_terminal():
        acts = s.legal_actions()
        assert acts
        s.apply(r.choice(acts))
    assert sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_unknown_game_is_a_clear_error():
    import pytest
    with pytest.raises(metatcg.UnknownGameError, match="known games: metax"):
        metatcg.load_game("chess")


def test_every_option_reads_differently(metax):
    """A person picks from labels: no two legal actions share one, even with duplicate
    Characters in play (their ids are added then)."""
    for seed in range(40):
        s = metax.new_state(["aggro", "midrange"], seed=seed)
        r = Rng(seed)
        while not s.is_terminal():
            labels = [a.label for a in s.legal_actions()]
            assert len(labels) == len(set(labels)), labels
            s.apply(r.choice(s.legal_actions()))


def test_simulate_in_worker_processes_gives_the_same_games(metax):
    from metatcg.sim import simulate
    one = simulate(metax, ["aggro", "control"], ["random", "greedy"], 6, seed=3)
    two = simulate(metax, ["aggro", "control"], ["random", "greedy"], 6, seed=3, workers=2)
    assert [r.returns for r in one.results] == [r.returns for r in two.results]
    assert [r.actions for r in one.results] == [r.actions for r in two.results]
    assert one.wins == two.wins and [r.seed for r in two.results] == list(range(3, 9))
