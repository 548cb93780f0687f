"""The MetaZoo 2022 greedy bot (one-ply search over the game's evaluation, heuristics.py):
it fights when Type Advantage makes the fight pay, answers on the chain when an answer saves
its Beastie, and beats the random bot."""
from __future__ import annotations

import metatcg
from metatcg.bots.greedy import GreedyBot
from metatcg.sim import simulate

GAME = metatcg.load_game("metazoo-2022")


def choose(st, seed: int = 0) -> str:
    return GreedyBot(seed).choose(st.handle(st.current_player())).id


def test_greedy_attacks_the_beastie_type_advantage_lets_it_destroy():
    """Bonfire Imp (Flame, 40) destroys Frost Moth (Frost, 50 LP) only with Type Advantage's +20;
    Dust Devil Coyote (Earth, 60 LP) it cannot destroy. Greedy attacks, and attacks the Moth."""
    st = GAME.position({"caster": [{"arena": ["Bonfire Imp"]},
                                   {"arena": ["Frost Moth", "Dust Devil Coyote"]}]})
    imp = next(a.id for a in st.legal_actions() if a.id.startswith("attack:"))
    for seed in range(3):
        assert choose(st, seed) == imp
    st.apply(imp)
    moth = next(a.id for a in st.legal_actions() if "Frost Moth" in a.label)
    assert {choose(st, seed) for seed in range(3)} == {moth}


def test_greedy_answers_on_the_chain_to_save_its_beastie():
    """P1 casts Cinder Volley (25 Damage) at P2's Glimmer Owl with 20 LP left; P2 holds the
    any-time Potion Mending Dew (Recover 40): greedy Contracts it in the chain window."""
    st = GAME.position({"caster": [{"chapter": ["Cinder Volley"], "arena": ["Flame Aura", "Flame Aura"]},
                                   {"chapter": ["Mending Dew"], "arena": [{"name": "Glimmer Owl", "damage": 40}]}]})
    volley = next(a.id for a in st.legal_actions() if "Cinder Volley" in a.label)
    st.apply(volley)
    while st.current_player() == 0:
        st.apply(st.legal_actions()[0].id)            # the target, then the payment
    assert st.decision.kind == "__respond" and st.current_player() == 1
    dew = next(a.id for a in st.legal_actions() if "Mending Dew" in a.label)
    for seed in range(3):
        assert choose(st, seed) == dew
    st.apply(dew)                                       # the rest is forced: the chain resolves
    assert "Glimmer Owl recovers 40 LP (60/60 LP)" in st.log
    assert "Glimmer Owl takes 25 Damage from Cinder Volley (35/60 LP)" in st.log
    assert not any("Glimmer Owl is Destroyed" in line for line in st.log)


def test_greedy_beats_random():
    summary = simulate(GAME, decks=["embers", "grove"], bots=["greedy", "random"], games=24, seed=5)
    wins = summary.wins[0]
    assert wins >= 16, f"greedy won only {wins} of 24 against random"
