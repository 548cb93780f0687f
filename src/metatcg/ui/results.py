"""A finished game's result in words, for every front end (terminal end screen, replay, browser):
with more than two seats a player reads their place ("You finished 2nd of 3"), not "You lose".

Places come from ``returns()`` (see :mod:`metatcg.engine.seats`): a seat's place is one more than
the number of seats with a higher return; seats with equal returns share a place.
"""
from __future__ import annotations

from typing import Any, Sequence


def seat_name(p: int) -> str:
    return f"P{p + 1}"


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def places(returns: Sequence[float]) -> list[int]:
    """Each seat's finishing place, 1 = best; seats with equal returns share the better place."""
    return [1 + sum(1 for r in returns if r > mine) for mine in returns]


def winners(returns: Sequence[float]) -> list[int]:
    """The seats in first place with a positive return (a win, or a shared win)."""
    top = max(returns, default=0.0)
    return [p for p, r in enumerate(returns) if r == top and r > 0]


def _names(seats: Sequence[int]) -> str:
    names = [seat_name(p) for p in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def headline(returns: Sequence[float], you: int | None = None) -> str:
    """The result's first words: "P2 wins", "Draw", "You win!", "You lose: P2 wins" (two seats), "You win! (1st of 3)",
    "You finished 2nd of 3: P1 wins", "You share 2nd place of 4 with P3: P1 wins"."""
    n = len(returns)
    won = winners(returns)
    if not n or all(r == returns[0] for r in returns):
        return "Draw"
    if you is None:
        if len(won) == 1:
            return f"{seat_name(won[0])} wins"
        return f"Shared first place: {_names(won)}" if won else "Draw"
    if not 0 <= you < n:
        raise ValueError(f"seat {you} is not at this {n}-seat table")
    if n == 2 or (you in won and len(won) == 1):
        if you in won:
            return "You win!" if n == 2 else f"You win! (1st of {n})"
        return f"You lose: {seat_name(won[0])} wins" if won else "Draw"
    place = places(returns)
    mine = place[you]
    mates = [p for p in range(n) if p != you and place[p] == mine]
    head = (f"You share {ordinal(mine)} place of {n} with {_names(mates)}" if mates
            else f"You finished {ordinal(mine)} of {n}")
    others = [p for p in won if p != you]
    return head + (f": {_names(others)} win{'s' if len(others) == 1 else ''}" if others and you not in won else "")


def standings(returns: Sequence[float]) -> str:
    """Every seat's place, best first, for a table of more than two: "1st P2, 2nd P1, 3rd P3";
    empty for two seats (the headline says it all)."""
    if len(returns) <= 2:
        return ""
    place = places(returns)
    order = sorted(range(len(returns)), key=lambda p: (place[p], p))
    return ", ".join(f"{ordinal(place[p])} {seat_name(p)}" for p in order)


def result_words(result: Any, you: int | None = None) -> dict[str, Any]:
    """The result data a front end shows: ``result`` is a view's ``result`` ({"returns", "reason"})
    or None; the answer has ``head``, ``reason``, ``place`` (``you``'s, or None) and ``standings``."""
    if not result or "returns" not in result:
        return {"head": "Game over", "reason": "", "place": None, "standings": ""}
    returns = list(result["returns"])
    return {"head": headline(returns, you), "reason": result.get("reason") or "",
            "place": None if you is None else places(returns)[you], "standings": standings(returns)}
