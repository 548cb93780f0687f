"""Shared pieces of the "why not?" answers games give (``Rules.why_not``): which card a player
meant by the name they typed, among the names they can see."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

#: one place a player can see: the names there (each to its card) and what to say of a card there
Place = tuple[Mapping[str, Any], Callable[[Any], str]]


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


def explain(typed: str, places: Sequence[Place], missing: str, first: Callable[[], str] | None = None) -> str:
    """The answer for the card ``typed`` names among ``places`` (tried in order: a player's own
    first): what the first place holding it says of its card; ``missing`` when the name fits no
    card or several; ``first()`` before any place when it has something to say (not your turn)."""
    name = match_name(typed, [n for names, _say in places for n in names])
    if name is None:
        return missing
    early = first() if first is not None else ""
    if early:
        return early
    for names, say in places:
        if name in names:
            return say(names[name])
    return missing  # pragma: no cover - the name came from one of the places


def cost_words(what: str, cost: int, have: int) -> str:
    """ "not enough MP: costs 3, you have 1"."""
    return f"not enough {what}: it costs {cost}, you have {have}"
