"""Metabaloids card anatomy (MB-CARD): the rarity sphere and its cost, and the parts of a card
that have no rules effect (promo identifier, collector info)."""
from __future__ import annotations

import dataclasses

import pytest

import metatcg
from metatcg.engine.decks import Deck
from metatcg.engine.rng import Rng
from metatcg.games.metabaloids.cards import parse_cards

GAME = metatcg.load_game("metabaloids")

CARD = '''
[[card]]
name = "Sphere Test"
type = "creature"
rarity = "{rarity}"
{cost}attack = 2
defense = 2
meta = 1
'''


def one(rarity: str, cost: str = ""):
    return parse_cards(CARD.format(rarity=rarity, cost=cost), "anatomy.toml")[0]


@pytest.mark.rule("MB-CARD-3", "MB-CARD-4", "MB-CARD-5")
@pytest.mark.parametrize("rarity,letter,fallback", [("common", "C", 1), ("uncommon", "U", 2),
                                                    ("rare", "R", 3), ("super_rare", "S", 4)])
def test_the_rarity_sphere_names_the_rarity_and_shows_the_cost(rarity: str, letter: str, fallback: int):
    """The sphere is the card's Rarity/Cost: printed, or the rarity's own number when the data
    has none; players read it as the rarity letter and that number."""
    assert one(rarity).cost == fallback
    assert one(rarity).numbers().startswith(f"{letter}{fallback} ")
    printed = one(rarity, "cost = 5\n")
    assert printed.cost == 5 and printed.numbers().startswith(f"{letter}5 ")


def played(game, decks: list[str], seed: int) -> tuple[list[str], tuple[float, ...] | None, int]:
    """A seeded random game: its actions, result and lost-pile total."""
    st = game.new_state(decks, seed=seed, log=False)
    rng = Rng(seed)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    return st.history, st.returns(), sum(len(z) for z in st.data.lost)


@pytest.mark.rule("MB-CARD-1", "MB-CARD-2", "MB-CARD-11")
@pytest.mark.parametrize("seats", [2, 3])
def test_promo_marks_and_collector_info_change_nothing(seats: int):
    """The same games with every card promo-marked and renumbered play out identically: the
    Promo Identifier and the collector line have no rules effect."""
    decks = GAME.starter_deck_names()[:seats]
    names = {n for d in decks for n in GAME.starter_deck(d).cards}
    changed = [dataclasses.replace(GAME.pool[n], promo=not GAME.pool[n].promo, number=f"ZZ-{i}")
               for i, n in enumerate(sorted(names))]
    other = GAME.with_cards(changed)
    assert all(other.pool[n].promo != GAME.pool[n].promo for n in names)
    for seed in range(4):
        assert played(other, decks, seed) == played(GAME, decks, seed)


@pytest.mark.rule("MB-CARD-6")
def test_a_deck_holds_at_most_4_copies_of_a_name():
    base = list(GAME.starter_deck("starter").cards)
    name = next(n for n in base if base.count(n) < 4)
    four = base[:40] + [name] * (4 - base[:40].count(name))
    assert not [p for p in GAME.check_deck(Deck("four", tuple(four))) if "copies" in p]
    five = four + [name]
    assert any("copies" in p and name in p for p in GAME.check_deck(Deck("five", tuple(five))))
