"""MetaX card definitions and deck limits, checked where they are made.

The game keeps each deck's problems once per card list and the rule tests load their pools
when they are imported, so these tests parse cards and check decks themselves: a wrong
definition or a wrong limit shows here even where a cached answer would hide it.
"""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.decks import Deck
from metatcg.games.metax.cards import parse_cards
from metatcg.games.metax.deckcheck import check_deck

POOL = metatcg.load_game("metax").pool

CARDS = '''
[[card]]
name = "K Warden"
type = "character"
trait = "Keeper"
mp = 1
stats = { strength = 4, special = 2 }
text = "Elusive. Whenever this defends, gain 1 MP."
[[card.effect]]
kind = "constant"
do = [{ op = "keyword", keyword = "elusive" }]
[[card.effect]]
kind = "constant"
when = "defended"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "K Jab"
type = "battle"
stats = ["strength"]
rank = 2
mp = 0
text = "Attack: draw a card."
[[card.effect]]
kind = "attack"
do = [{ op = "draw", count = 1 }]

[[card]]
name = "K Split"
type = "battle"
stats = ["strength", "special"]
rank = 3
mp = 0
'''


def _defs() -> dict:
    return {c.name: c for c in parse_cards(CARDS, "mutants-cards")}


def test_a_character_definition_keeps_its_trait_text_and_constant_keywords():
    warden = _defs()["K Warden"]
    assert warden.trait == "Keeper"
    assert warden.keywords == frozenset({"elusive"})  # the trigger's op is no keyword
    assert warden.has_constant
    assert warden.stats == (("strength", 4), ("special", 2))
    assert warden.base_rank("special") == 2
    assert warden.base_rank("intelligence") == 0  # a Stat it lacks has no Rank


@pytest.mark.rule("MX-MULTI-1")
def test_a_battle_card_is_multi_stat_only_with_two_or_more_stats():
    defs = _defs()
    jab, split = defs["K Jab"], defs["K Split"]
    assert jab.text == "Attack: draw a card."
    assert jab.battle_stats == ("strength",) and not jab.multi
    assert split.battle_stats == ("strength", "special") and split.multi


def _deck(extra: list[str]) -> Deck:
    """``extra`` and legal filler up to 40 cards (3 of each Insight/Surge Rank)."""
    fill = [f"{w} {r}" for w in ("Insight", "Surge") for r in range(1, 8) for _ in range(3)]
    return Deck("t", tuple(extra + fill[: 40 - len(extra)]))


@pytest.mark.rule("MX-DECK-2", "MX-DECK-3")
def test_too_many_copies_cite_the_character_or_the_event_rule():
    character = next(c.name for c in POOL.by_name.values() if c.type == "character")
    event = next(c.name for c in POOL.by_name.values() if c.type == "event")
    assert check_deck(POOL, _deck([character] * 3)) == []
    (pr,) = check_deck(POOL, _deck([character] * 4))
    assert pr.endswith("at most 3 per character (MX-DECK-2)")
    (pr,) = check_deck(POOL, _deck([event] * 4))
    assert pr.endswith("at most 3 per event (MX-DECK-3)")


@pytest.mark.rule("MX-DECK-5")
def test_a_fourth_multi_stat_card_of_a_rank_is_refused():
    multi = sorted(c.name for c in POOL.by_name.values() if c.is_battle and c.multi)
    by_rank: dict[int, list[str]] = {}
    for nm in multi:
        by_rank.setdefault(POOL[nm].rank, []).append(nm)
    rank, names = next((r, n) for r, n in sorted(by_rank.items()))
    four = [names[i % len(names)] for i in range(4)]
    assert check_deck(POOL, _deck(four[:3])) == []
    (pr,) = check_deck(POOL, _deck(four))
    assert f"4 Rank {rank} Multi-Stat" in pr and "(MX-DECK-5)" in pr
