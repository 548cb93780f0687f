"""Strict readers for loading game data from JSON: exact types (a bool is no int, a float is
no count), values in range, or a ``ValueError`` naming what is wrong. Games' ``from_json``
use them so a state either loads consistent or is refused with a clear error."""
from __future__ import annotations

from typing import Any, Callable, Container, Mapping, TypeVar

T = TypeVar("T")

_INT = {int}


def whole(v: Any, lo: int, hi: int, what: str) -> int:
    """An int in ``lo..hi-1``."""
    if type(v) is not int or not lo <= v < hi:
        raise ValueError(f"{what} must be a whole number from {lo} to {hi - 1}, not {v!r:.30}")
    return v


def flag(v: Any) -> bool:
    if type(v) is not bool:
        raise ValueError(f"expected true or false, not {v!r:.30}")
    return v


def seq(v: Any, size: int = -1, what: str = "it") -> list[Any]:
    """A list (of ``size`` items when given)."""
    if type(v) is not list or (size >= 0 and len(v) != size):
        raise ValueError(f"{what} must be a list{'' if size < 0 else f' of {size}'}, not {v!r:.30}")
    return v


def named(v: Any, table: Mapping[str, T], what: str, noun: str = "card") -> list[T]:
    """A list of names (of cards, of Pages) read as what ``table`` holds under each: the
    cards of a saved state are written by name, never by a number of this build's pool."""
    if type(v) is not list:
        raise ValueError(f"{what} must be a list of {noun} names, not {v!r:.30}")
    if not set(map(type, v)) <= {str}:
        raise ValueError(f"{what} must be {noun} names")
    try:
        return [table[x] for x in v]
    except KeyError as e:
        raise ValueError(f"{what}: no {noun} is named {e.args[0]!r:.60}") from None


def one_of(v: Any, allowed: Container[str], what: str) -> str:
    """One of the names ``allowed`` (a phase, a step of the turn)."""
    if type(v) is not str or v not in allowed:
        raise ValueError(f"unknown {what} {v!r:.30}")
    return v


def obj(v: Any) -> dict[str, Any]:
    if type(v) is not dict:
        raise ValueError(f"expected an object, not {v!r:.30}")
    return v


def wholes(v: Any, lo: int, hi: int, what: str, size: int = -1) -> list[int]:
    """A copy of a list of ints in ``lo..hi-1`` (of ``size`` items when given)."""
    if type(v) is not list or (size >= 0 and len(v) != size) \
            or v and (set(map(type, v)) != _INT or min(v) < lo or max(v) >= hi):
        raise ValueError(f"{what} must be a list of whole numbers from {lo} to {hi - 1}")
    return v[:]


def card_key(k: str, n: int) -> int:
    """A card id written as a JSON object key ("12"), below ``n``."""
    if not (k.isascii() and k.isdigit()) or not int(k) < n:
        raise ValueError(f"card id {k!r} does not exist")
    return int(k)


_SEEN: dict[Any, bool] = {}


def remembered(key: Any, check: Callable[[], bool]) -> bool:
    """``check()``'s answer, kept by ``key`` (bounded): loading many states of one game asks
    the same costly question (e.g. do these decks match these cards) again and again."""
    known = _SEEN.get(key)
    if known is None:
        if len(_SEEN) > 256:
            _SEEN.clear()
        known = _SEEN[key] = check()
    return known
