"""Which game a deck list belongs to, judged by its card names: so a deck used with the wrong
game gets "this looks like a MetaZoo deck" instead of forty unknown cards."""
from __future__ import annotations

from ..engine.decks import Deck, split_entry
from ..engine.game import Game
from .presentation import presentation_of


def card_hits(deck: Deck) -> list[tuple[str, int]]:
    """(game id, how many of the deck's cards are that game's cards) for every registered game,
    most first (the registry's order on a tie)."""
    import metatcg

    names = [split_entry(e)[1] for e in deck.cards]
    out = []
    for gid in metatcg.game_ids():
        pool = set(presentation_of(metatcg.load_game(gid)).card_names())
        out.append((gid, sum(1 for n in names if n in pool)))
    return sorted(out, key=lambda x: -x[1])


def best_game(deck: Deck) -> str | None:
    """The game most of the deck's cards belong to (None when no game knows any of them)."""
    hits = card_hits(deck)
    return hits[0][0] if hits and hits[0][1] else None


def other_game_hint(deck: Deck, game: Game) -> str:
    """'it looks like a metazoo deck: 67 of its 67 cards are metazoo cards and none are metax
    cards' when another game knows more of the deck's cards than ``game``; else ''."""
    hits = dict(card_hits(deck))
    here = hits.get(game.id, 0)
    best = max(hits, key=lambda g: hits[g]) if hits else None
    if best is None or best == game.id or hits[best] <= here:
        return ""
    mine = "none" if here == 0 else f"{here}"
    return (f"it looks like a {best} deck: {hits[best]} of its {len(deck.cards)} cards are {best} cards "
            f"and {mine} {'are' if here != 1 else 'is a'} {game.id} card{'s' if here != 1 else ''}")
