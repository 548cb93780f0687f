"""MetaX deck construction (MX-DECK-1..9)."""
from __future__ import annotations

from ...engine.decks import Deck, unknown_cards
from .cards import CardPool

STAT_WORD = {"strength": "Strength", "intelligence": "Intelligence", "special": "Special"}


def check_deck(pool: CardPool, deck: Deck) -> list[str]:
    counts = deck.counts()
    problems = unknown_cards(pool, counts)
    if len(deck.cards) != 40:
        problems.append(f"a deck has exactly 40 cards; this one has {len(deck.cards)} (MX-DECK-1)")
    single: dict[tuple[str, int], int] = {}
    multi: dict[int, int] = {}
    for nm, n in counts.items():
        if nm not in pool:
            continue
        c = pool[nm]
        if c.type in ("character", "event") and n > 3:
            rule = "MX-DECK-2" if c.type == "character" else "MX-DECK-3"
            problems.append(f"{n} copies of {nm!r}; at most 3 per {c.type} ({rule})")
        elif c.type == "battle":
            if c.multi:
                multi[c.rank] = multi.get(c.rank, 0) + n
            else:
                key = (c.battle_stats[0], c.rank)
                single[key] = single.get(key, 0) + n
    for (s, r), n in sorted(single.items()):
        if n > 3:
            problems.append(f"{n} Rank {r} {STAT_WORD[s]} Battle Cards; at most 3 per Stat and Rank (MX-DECK-4)")
    for r, n in sorted(multi.items()):
        if n > 3:
            problems.append(f"{n} Rank {r} Multi-Stat Battle Cards; at most 3 per Rank (MX-DECK-5)")
    return problems
