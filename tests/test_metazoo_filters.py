"""Which units a MetaZoo card's unit filter names (``stats.unit_matches``; issue 28: mutation
survivors of the compiled filters): Casters or not, damaged or not, a Strategy confined to one
lane, and a card that is in no lane never being "here"."""
from __future__ import annotations

import functools

import pytest

from metatcg.games.metazoo import stats
from metatcg.games.metazoo.records import Ctx
from metatcg.games.metazoo.schema import CardFilter, Condition, Count, UnitFilter
from support.metazoo import player, position


@functools.cache
def board():
    """P1: lane 1 holds the Caster, a Fire Pup with 1 damage and a Fire Brute; lane 2 a Fire
    Pup; a third Fire Pup is in hand."""
    st = position(player(hand=["Fire Pup"]), player(),
                  [{"terra": "Fire Starter",
                    "p1": ["Plain Fire Caster", {"name": "Fire Pup", "damage": 1}, "Fire Brute"]},
                   {"terra": "Fire Starter", "p1": ["Fire Pup"]}])
    return st.data


def named(f: UnitFilter, ctx: Ctx | None = None) -> list[str]:
    d = board()
    ctx = ctx or Ctx(d.caster[0], 0, 0, lane=0)
    return [f"{d.cards[u].name}@{d.lane_of[u] + 1}"
            for side in d.units for u in side if stats.unit_matches(d, f, u, ctx)]


@pytest.mark.rule("MZL-CASTER-5")
def test_a_filter_names_casters_only_or_no_casters():
    assert named(UnitFilter(caster=True)) == ["Plain Fire Caster@1"]
    assert named(UnitFilter(caster=False)) == ["Fire Pup@1", "Fire Brute@1", "Fire Pup@2"]
    assert named(UnitFilter(type="creature")) == ["Plain Fire Caster@1", "Fire Pup@1", "Fire Brute@1", "Fire Pup@2"]


def test_a_filter_names_damaged_units_or_undamaged_ones():
    assert named(UnitFilter(damaged=True)) == ["Fire Pup@1"]
    assert named(UnitFilter(damaged=False)) == ["Plain Fire Caster@1", "Fire Brute@1", "Fire Pup@2"]


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-4")
def test_a_strategy_confined_to_the_first_lane_reaches_only_its_creatures():
    d = board()
    assert named(UnitFilter(), Ctx(d.caster[0], 0, 0, confined=0)) == [
        "Plain Fire Caster@1", "Fire Pup@1", "Fire Brute@1"]
    assert named(UnitFilter(), Ctx(d.caster[0], 0, 0, confined=1)) == ["Fire Pup@2"]


def test_a_card_in_no_lane_is_not_in_this_lane():
    d = board()
    (in_hand,) = d.hand[0]
    for lane in range(4):
        assert not stats.unit_matches(d, UnitFilter(lane="this"), in_hand, Ctx(d.caster[0], 0, 0, lane=lane))


def test_a_condition_counts_every_matching_unit():
    d = board()
    ctx = Ctx(d.caster[0], 0, 0, lane=0)

    def at_least(k: int) -> bool:
        return stats.condition_ok(d, Condition(count=[Count(units=UnitFilter(side="friendly", type="creature"),
                                                            at_least=k)]), ctx)
    assert at_least(4) and not at_least(5)           # the Caster, two Fire Pups and the Fire Brute


def test_a_condition_on_the_lanes_terra_reads_its_aura():
    d = board()
    ctx = Ctx(d.caster[0], 0, 0, lane=0)                 # lane 1: a Fire Starter
    assert stats.condition_ok(d, Condition(terra_aura="fire"), ctx)
    assert not stats.condition_ok(d, Condition(terra_aura="earth"), ctx)
    assert stats.condition_ok(d, Condition(terra_not_aura="earth"), ctx)
    assert not stats.condition_ok(d, Condition(terra_not_aura="fire"), ctx)


@pytest.mark.parametrize("kind, names", [
    ("unit", {"Fire Pup", "Fire Brute", "Warding Charm"}),
    ("creature", {"Fire Pup", "Fire Brute"}),
    ("equipment", {"Warding Charm"}),
    ("terra", {"Fire Starter"}),
])
def test_a_card_filter_of_a_type_names_the_cards_of_that_type(kind, names):
    """A "unit" is a creature or an equipment card (in a hand, deck or discard pile)."""
    from support.metazoo import GAME
    pool = ["Fire Pup", "Fire Brute", "Warding Charm", "Fire Starter", "Z Rival Blast", "Fire Aura"]
    assert {n for n in pool if stats.card_matches(GAME.pool[n], CardFilter(type=kind))} == names
