"""The Metabaloids greedy bot keeps its defenders where it is weak (issue 8, point 3)."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.bots import GreedyBot

GAME = metatcg.load_game("metabaloids")


@pytest.mark.parametrize("seed", range(4))
def test_greedy_deploys_a_defender_into_its_weakest_column(seed: int):
    """A Defense-6 card may go beside the Defense-0 Sugar Mite, beside another Golem, or start
    a column: facing an attacker, the greedy bot shores up the weak column."""
    st = GAME.position({"phase": "deploy", "active": 0, "seed": seed, "options": {"auto_single": False},
                        "player": [{"reserve": ["Ironbark Golem"],
                                    "columns": [["Sugar Mite"], ["Ironbark Golem"], []]},
                                   {"columns": [["Howling Barghest"], [], []]}]})
    assert len(st.legal_actions()) == 3
    assert GreedyBot(seed).choose(st.handle(0)).label.endswith("into the left column")


def test_greedy_beats_random_at_two_seats():
    from metatcg.sim import simulate
    s = simulate(GAME, ["starter", "starter"], ["greedy", "random"], 24, seed=11)
    assert s.wins[0] > s.wins[1] + 6, s.wins
