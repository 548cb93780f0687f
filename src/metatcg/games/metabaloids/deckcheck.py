"""Metabaloids deck construction (MB-DECK-1..8): every problem of a deck as a readable line
that ends with the rule it breaks."""
from __future__ import annotations

from ...engine.decks import Deck, unknown_cards
from .cards import CardPool

MAX_CARDS = 45          # MB-DECK-1/3: a starter has 45, a constructed deck no more
MIN_CARDS = 8           # MB-DECK-8: 7 for the starting hand and 1 for the cut
MAX_POINTS = 125        # MB-DECK-2/6: Rarity/Cost points in total
MAX_COPIES = 4          # MB-DECK-4/7 (MB-CARD-6): all versions of a name together


def deck_points(pool: CardPool, deck: Deck) -> int:
    """The deck's Rarity/Cost points (MB-CARD-5); unknown cards count 0."""
    return sum(pool[nm].cost for nm in deck.cards if nm in pool)


def check_deck(pool: CardPool, deck: Deck) -> list[str]:
    counts = deck.counts()
    problems = unknown_cards(pool, counts)
    n = len(deck.cards)
    if n > MAX_CARDS:
        problems.append(f"a deck has at most {MAX_CARDS} cards; this one has {n} (MB-DECK-3)")
    if n < MIN_CARDS:
        problems.append(f"a deck needs at least {MIN_CARDS} cards (7 to draw and 1 for the cut); "
                        f"this one has {n} (MB-DECK-8)")
    points = deck_points(pool, deck)
    if points > MAX_POINTS:
        problems.append(f"the deck's Rarity/Cost adds up to {points} points; at most {MAX_POINTS} "
                        f"(MB-DECK-2)")
    # Every version of a name counts together, whatever its rarity or promo mark (MB-DECK-7).
    by_name: dict[str, int] = {}
    for nm, k in counts.items():
        key = nm.casefold()
        by_name[key] = by_name.get(key, 0) + k
    shown = {nm.casefold(): nm for nm in counts}
    for key, k in by_name.items():
        if k > MAX_COPIES:
            problems.append(f"{k} copies of {shown[key]!r}; at most {MAX_COPIES} of a card name "
                            f"(MB-DECK-4)")
    return problems
