"""The Metabaloids placement rule one column at a time (MB-GRID-9), as it was written before
``grid.spots`` worked it out for every column at once: the random-game property test checks
that both agree."""
from __future__ import annotations

from metatcg.games.metabaloids.data import COLUMNS, MetabaloidsData
from metatcg.games.metabaloids.grid import limit, width


def fits(d: MetabaloidsData, p: int, card: int, to: int) -> bool:
    """May ``card`` (in play, in the reserve or in hand) go into column ``to`` of ``p``?
    A card already in column ``to`` cannot "move" there; a card alone in its column moving
    to an empty position changes nothing and is refused too."""
    cols = d.columns[p]
    dest = cols[to]
    if card in dest:
        return False
    src = -1
    for i in range(COLUMNS):
        if card in cols[i]:
            src = i
            break
    if src >= 0 and len(cols[src]) == 1 and not dest:
        return False
    before = width(cols)
    after = before + (0 if dest else 1) - (1 if src >= 0 and len(cols[src]) == 1 else 0)
    # the destination gains the card: it must fit the new width
    new_dest = dest + [card]
    if len(new_dest) > limit(d, new_dest, after):
        return False
    if after >= before:
        return True  # the other columns fit at least as well as before
    for i in range(COLUMNS):
        if i == to or i == src or not cols[i]:
            continue
        col = cols[i]
        if len(col) > limit(d, col, after) and len(col) <= limit(d, col, before):
            return False  # legal before, too deep now
    return True  # the width shrinks only when the card leaves a column of its own: none is left there
