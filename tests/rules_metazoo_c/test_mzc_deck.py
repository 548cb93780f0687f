"""Deck construction rulings: MZL-ERRATA-DECK (no maximum), MZL-ERRATA-ZERO-1 (0-cost cards
in the main deck), MZL-ERRATA-ALLYTERRA (an allied Starter Terra without allied cards)."""
from __future__ import annotations

import pytest

from support.metazoo import problems as check, deck, game


def fire_main(n: int) -> dict[str, int]:
    """``n`` legal Fire main-deck cards, at most 3 of a name (plain units and Strategies of the pool)."""
    out: dict[str, int] = {}
    left = n
    for name, c in sorted(game().pool.by_name.items()):
        if left <= 0:
            break
        if c.aura == "fire" and c.type in ("creature", "equipment", "strategy") and c.cost > 0:
            k = min(3, left)
            out[name] = k
            left -= k
    assert left == 0, "the pool has too few Fire cards for this test"
    return out


FIRE_EARTH = ["Fire Starter", "Earth Starter"]


@pytest.mark.rule("MZL-ERRATA-DECK-1")
@pytest.mark.parametrize("n,ok", [(49, False), (50, True), (51, True), (120, True)])
def test_main_deck_has_a_minimum_of_50_and_no_maximum(n, ok):
    problems = check(deck("Plain Fire Caster", ["Fire Starter", "Fire Starter"], fire_main(n)))
    size = [p for p in problems if "at least 50" in p]
    assert bool(size) != ok, problems
    assert not [p for p in problems if "at least 50" not in p]      # nothing else wrong with these decks
    assert not any("most" in p and "cards" in p for p in problems)  # never "at most N cards"


@pytest.mark.rule("MZL-ERRATA-ZERO-1")
def test_zero_cost_card_must_match_primary_or_chosen_allied_type():
    base = fire_main(50)
    # primary 0-cost: fine
    assert check(deck("Plain Fire Caster", ["Fire Starter", "Fire Starter"], {**base, "Zero Fire": 2})) == []
    # allied 0-cost with an allied-type Caster: fine (with 1 primary + 1 allied Starter, MZL-DECK-11)
    assert check(deck("Plain Fire Caster", FIRE_EARTH, {**base, "Zero Earth": 2})) == []
    # a third type: refused, citing the ruling
    probs = check(deck("Plain Fire Caster", FIRE_EARTH, {**base, "Zero Air": 1}))
    assert any("Zero Air" in p and "MZL-ERRATA-ZERO-1" in p for p in probs), probs
    # a Caster with no allied type: an Earth 0-cost card is not allowed
    probs = check(deck("Mono Fire Caster", ["Fire Starter", "Fire Starter"], {**base, "Zero Earth": 1}))
    assert any("Zero Earth" in p and "MZL-ERRATA-ZERO-1" in p for p in probs), probs


@pytest.mark.rule("MZL-ERRATA-ALLYTERRA-1")
def test_allied_starter_terra_needs_no_allied_cards_in_the_main_deck():
    main = fire_main(50)
    assert all(game().pool[n].aura == "fire" for n in main)      # a mono-Fire main deck
    assert check(deck("Plain Fire Caster", FIRE_EARTH, main)) == []
    assert check(deck("Plain Fire Caster", ["Earth Starter", "Fire Starter"], main)) == []


@pytest.mark.rule("MZL-ERRATA-ALLYTERRA-2")
def test_allied_starter_terra_must_match_the_casters_allied_type():
    main = fire_main(50)
    # Plain Fire Caster's allied type is Earth: an Air Starter Terra is refused
    probs = check(deck("Plain Fire Caster", ["Fire Starter", "Air Starter"], main))
    assert any("Air Starter" in p for p in probs), probs
    # a Caster with no allied type can't run any non-primary Starter Terra
    probs = check(deck("Mono Fire Caster", FIRE_EARTH, main))
    assert any("Earth Starter" in p for p in probs), probs
    # the matching allied type is accepted
    assert check(deck("Plain Fire Caster", FIRE_EARTH, main)) == []
