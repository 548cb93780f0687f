"""MetaZoo 2022's evaluation, read in one pass over the Arena with the LP bonuses found once
(issue 12: a faster greedy bot), equals the evaluation written seat by seat with every LP
read from scratch, at every decision of seeded random games and one step ahead of some (the
copies a greedy bot looks at), for two and four seats."""
from __future__ import annotations

import math

import pytest

import metatcg
from metatcg.engine.rng import Rng
from metatcg.games.metazoo_2022 import heuristics as h
from metatcg.games.metazoo_2022.stats import cur_lp

GAME = metatcg.load_game("metazoo-2022")
DECKS = GAME.starter_deck_names()


def ref_page_value(d, c: int) -> float:
    df = d.defs[c]
    if df.type == "beastie":
        lp = cur_lp(d, c) if c in d.in_play else df.lp
        return (lp + 2 * max((a.damage for a in df.attacks), default=0)) / 2
    if df.type == "artifact":
        return 10.0 + (cur_lp(d, c) if c in d.in_play else df.lp) / 6
    return {"aura": h.AURA_PAGE, "terra": h.TERRA_PAGE}.get(df.type, h.SPELL_ON_WAY)


def ref_evaluate(st, player: int) -> float:
    d = st.data
    if st.result is not None:
        return st.result[player]

    def side(p: int) -> float:
        if d.out[p]:
            return -2000.0
        v = float(d.lp_of_caster(p)) - 15.0 * len(d.caster_indicators[p])
        for c in d.arena:
            s = d.in_play[c]
            if s.controller == p:
                v += ref_page_value(d, c)
                if d.defs[c].type == "beastie":
                    v -= h.STATUS * len(s.indicators)
        for c, s in d.in_play.items():      # a face-down Page without the Trap Trait risks the game
            if s.face_down and s.controller == p and "trap" not in d.defs[c].traits:
                v -= h.BLUFF
        v += h.TERRA_PAGE * sum(1 for c in d.terra if c >= 0 and d.in_play[c].controller == p) / 2
        v += h.CHAPTER * len(d.chapter[p])
        for it in d.chain:
            if it.seat == p and it.what == "contract":
                v += ref_page_value(d, it.source)
        return v + h.pending(st, p) + h.combat_gain(d, p)

    mine = side(player)
    best = max(side(p) for p in range(d.n) if p != player)
    return math.tanh((mine - best) / 1000.0)


def check(st, where: str) -> None:
    for p in range(st.num_players):
        assert GAME.evaluate(st, p) == ref_evaluate(st, p), (where, p)


@pytest.mark.parametrize("seats,seed", [(2, 0), (2, 1), (4, 2), (4, 3)])
def test_evaluation_equals_the_seat_by_seat_one(seats: int, seed: int) -> None:
    decks = [DECKS[(seed + k) % len(DECKS)] for k in range(seats)]
    st = GAME.new_state(decks, seed=seed, log=False)
    r = Rng(seed)
    i = 0
    while not st.is_terminal() and i < 400:
        check(st, f"{decks} seed {seed} action {i}")
        if i % 7 == 0:
            for a in st.legal_actions():
                child = st.clone()
                child.apply(a.id)
                check(child, f"{decks} seed {seed} action {i} then {a.id}")
        st.apply(r.choice(st.legal_actions()))
        i += 1


def test_a_face_down_page_without_the_trap_trait_counts_against_its_controller() -> None:
    """A search that places a bluff must see the risk: revealed, it loses the game (MZ22-TRAP-4).
    The same position with that Page given the Trap Trait is worth BLUFF more to its controller."""
    import dataclasses
    found = 0
    for seed in range(60):
        st = GAME.new_state([DECKS[0], DECKS[1]], seed=seed, log=False)
        r = Rng(seed)
        while not st.is_terminal() and not found:
            d = st.data
            bluffs = [c for c, s in d.in_play.items() if s.face_down and "trap" not in d.defs[c].traits]
            if bluffs and st.result is None:
                c = bluffs[0]
                p = d.in_play[c].controller
                honest = st.clone()
                honest.data.defs = d.defs[:]
                honest.data.defs[c] = dataclasses.replace(d.defs[c], traits=d.defs[c].traits + ("trap",))
                gap = math.atanh(GAME.evaluate(honest, p)) - math.atanh(GAME.evaluate(st, p))   # before the squash
                assert gap == pytest.approx(h.BLUFF / 1000.0)
                found += 1
            st.apply(r.choice(st.legal_actions()))
        if found:
            break
    assert found, "no random game placed a bluff"
