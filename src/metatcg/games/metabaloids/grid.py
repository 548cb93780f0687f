"""The play-area shape (MB-GRID): up to 3 columns in fixed positions; no column deeper than
the number of columns (the width), except one card deeper in a column holding a tall card
(MB-GRID-5); shapes made illegal by losses are tolerated while they gain no card (MB-GRID-8).

A placement is checked when it is made (PR-MB-3): the column that gains the card must fit
the width after the placement, and any other column must fit unless it was already over
before (a tolerated shape)."""
from __future__ import annotations

from .data import COLUMNS, TALL_MAX, MetabaloidsData


def width(cols: list[list[int]]) -> int:
    return sum(1 for col in cols if col)


def limit(d: MetabaloidsData, col: list[int], w: int) -> int:
    """How deep ``col`` may be with ``w`` columns (a tall card allows one more)."""
    cards = d.cards
    for c in col:
        if cards[c].tall:
            return min(w + 1, TALL_MAX)
    return w


def spots(d: MetabaloidsData, p: int, card: int) -> list[int]:
    """Columns ``card`` may go into: existing ones and any free position (MB-GRID-9). A card
    already in a column cannot "move" there, and one alone in its column cannot move to an
    empty position; the destination must fit the new width, and the other columns too when
    the width shrinks. What does not depend on the column (where the card is now, the width,
    which columns hold a tall card) is worked out once: option lists ask it for every card in
    play. (tests/support/metabaloids_grid.py keeps the column-at-a-time test it must equal.)"""
    cols = d.columns[p]
    cards = d.cards
    src = -1
    before = 0
    tall_in: list[bool] = []
    for i, col in enumerate(cols):
        tall = False
        for c in col:
            if c == card:
                src = i
            if cards[c].tall:
                tall = True
        tall_in.append(tall)
        if col:
            before += 1
    alone = src >= 0 and len(cols[src]) == 1
    tall_card = cards[card].tall
    out: list[int] = []
    for to in range(COLUMNS):
        if to == src:                         # a card cannot "move" into its own column
            continue
        dest = cols[to]
        if alone and not dest:                # alone in its column, to an empty position
            continue
        after = before + (0 if dest else 1) - (1 if alone else 0)
        deep = min(after + 1, TALL_MAX) if tall_card or tall_in[to] else after
        if len(dest) + 1 > deep:
            continue
        if after < before and not all(
                i == to or i == src or not cols[i] or len(cols[i]) <= limit(d, cols[i], after)
                or len(cols[i]) > limit(d, cols[i], before) for i in range(COLUMNS)):
            continue
        out.append(to)
    return out


def legal_shape(d: MetabaloidsData, p: int) -> bool:
    """Whether every column fits the width (no tolerance): a check for tests and scenarios."""
    cols = d.columns[p]
    w = width(cols)
    return all(len(col) <= limit(d, col, w) for col in cols if col)

