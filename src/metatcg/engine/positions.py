"""What every game's position builder needs (scenario files, rule tests, puzzles): checked
fields, named cards dealt into a position, filler decks, and starting the built state.

A position is plain data (a dict, usually from TOML); a mistake in it is a
:class:`~.errors.StateDataError` that names the field, so a designer can fix the file. Each game
keeps its own ``position.py`` for its zones and steps and builds on these pieces.
"""
from __future__ import annotations

from typing import Any, Callable, Generic, Iterable, TypeVar

from .decks import unknown_card_message
from .errors import StateDataError

Card = TypeVar("Card")


def table(v: Any, where: str) -> dict[str, Any]:
    """``v`` as a table, or an error naming ``where``."""
    if not isinstance(v, dict):
        raise StateDataError(f"{where}: expected a table")
    return v


def only_fields(spec: dict[str, Any], allowed: Iterable[str], where: str = "") -> None:
    """Refuse a table with a field the position format does not have (a typo, most often)."""
    bad = set(spec) - set(allowed)
    if bad:
        at = f"{where}: unknown field(s)" if where else "unknown position field(s)"
        raise StateDataError(f"{at}: {', '.join(sorted(bad))}")


def whole(v: Any, lo: int, hi: int, what: str) -> int:
    """A whole number from ``lo`` to ``hi`` (a bool is not a number here)."""
    if type(v) is not int or not lo <= v <= hi:
        raise StateDataError(f"position: {what} must be a whole number from {lo} to {hi}, not {v!r:.30}")
    return v


def seat_tables(spec: dict[str, Any], key: str, counts: Iterable[int], game: str) -> list[dict[str, Any]]:
    """The per-seat tables (``[[player]]``, ``[[caster]]``), one per seat, in a count the game
    allows."""
    allowed = sorted(set(counts))
    seats = spec.get(key)
    if not isinstance(seats, list) or len(seats) not in allowed:
        many = (f"exactly {allowed[0]}" if len(allowed) == 1 else f"{allowed[0]} to {allowed[-1]}")
        raise StateDataError(f"a {game} position needs {many} [[{key}]] tables")
    return [table(s, f"{key} {i + 1}") for i, s in enumerate(seats)]


#: the most filler cards one pile may be given (a typo of a few zeros would otherwise hang)
MAX_FILL = 1000


class Dealer(Generic[Card]):
    """Deals named cards into a position: each card is checked against the pool, given an
    instance index, an owner, and (unless ``counted`` says no) a place in its owner's deck list,
    which the state records as the decks dealt."""

    __slots__ = ("pool", "seats", "cards", "owner", "names", "_filler", "_pick_filler")

    def __init__(self, pool: Any, seats: int, filler: Callable[[Any], str] | None = None) -> None:
        self.pool = pool
        self.seats = seats
        self.cards: list[Card] = []
        self.owner: list[int] = []
        self.names: list[list[str]] = [[] for _ in range(seats)]
        self._filler: str | None = None
        self._pick_filler = filler

    def card(self, name: Any, where: str) -> Card:
        """The pool's card of that name, or an error naming ``where`` with suggestions."""
        if not isinstance(name, str) or name not in self.pool:
            raise StateDataError(f"{where}: {unknown_card_message(str(name), self.pool.names())}")
        card: Card = self.pool[name]
        return card

    def new(self, name: Any, seat: int, where: str, counted: bool = True) -> int:
        """One card instance owned by ``seat``; its index."""
        card = self.card(name, where)
        self.cards.append(card)
        self.owner.append(seat)
        if counted:
            self.names[seat].append(name)
        return len(self.cards) - 1

    def many(self, names: Any, seat: int, where: str) -> list[int]:
        if not isinstance(names, list):
            raise StateDataError(f"{where}: expected a list of card names")
        return [self.new(nm, seat, where) for nm in names]

    def lists(self, spec: dict[str, Any], zones: Iterable[str], seat: int, who: str) -> dict[str, list[int]]:
        """Each of ``zones`` that ``spec`` gives as a list of card names (an absent one is empty),
        dealt in the order of ``zones``."""
        return {zone: self.many(spec.get(zone, []), seat, f"{who} {zone}") for zone in zones}

    def filler(self) -> str:
        """The name of the card that fills a deck given only by its size."""
        if self._filler is None:
            if self._pick_filler is None:
                raise StateDataError("this game gives no filler card: list the cards")
            self._filler = self._pick_filler(self.pool)
        return self._filler

    def fill(self, seat: int, count: Any, where: str) -> list[int]:
        """``count`` filler cards for ``seat``."""
        count = whole(count, 0, MAX_FILL, where)
        return [self.new(self.filler(), seat, where) for _ in range(count)] if count else []

    def pile(self, spec: dict[str, Any], key: str, size_key: str, seat: int, who: str, size: int,
             top_last: bool = True) -> list[int]:
        """A seat's draw pile, given by its cards (``spec[key]``, top first) or by its size
        (``spec[size_key]``, else ``size``, filler cards); kept top last unless ``top_last`` is
        False."""
        if key in spec:
            ids = self.many(spec[key], seat, f"{who} {key}")
            return ids[::-1] if top_last else ids
        return self.fill(seat, spec.get(size_key, size), f"{who} {size_key}")

    def decks(self) -> tuple[tuple[str, ...], ...]:
        """The decks the state records (each seat's counted names, in dealing order)."""
        return tuple(tuple(ns) for ns in self.names)


def first_card(pool: Any, fits: Callable[[Any], bool], what: str) -> str:
    """The name of the pool's first card that ``fits`` (a game's filler), or a clear error."""
    for name, card in pool.by_name.items():
        if fits(card):
            return str(name)
    raise StateDataError(f"the pool has no {what} to use as deck filler")
