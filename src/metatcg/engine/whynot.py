"""Shared pieces of the "why not?" answers games give (``Rules.why_not``): which card a player
meant by the name they typed, among the names they can see."""
from __future__ import annotations

from typing import Iterable


def match_name(typed: str, names: Iterable[str]) -> str | None:
    """The name ``typed`` means among ``names``: an exact match (any case), else the only name
    that starts with it, else the only one that contains it; None when none or several fit."""
    want = " ".join(typed.split()).casefold()
    if not want:
        return None
    pool = sorted(set(names))
    for test in (lambda n: n.casefold() == want, lambda n: n.casefold().startswith(want),
                 lambda n: want in n.casefold()):
        hits = [n for n in pool if test(n)]
        if len(hits) == 1:
            return hits[0]
    return None


def cost_words(what: str, cost: int, have: int) -> str:
    """ "not enough MP: costs 3, you have 1"."""
    return f"not enough {what}: it costs {cost}, you have {have}"
