"""Walking the records of a loaded state: what every game's ``check_loaded`` does first.

A saved state names cards, seats and indexes inside its steps, waiting triggers and decision
params. Before a loaded state is played, each of those numbers must point at something that
exists, or a broken file would fail later, deep inside a rule. The walk is the same in every game
(records inside records, tuples of records, the kernel's trigger batches); what a field means is
the game's, given as ranges by field name plus a hook for the checks that need the game's data.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Mapping

from .errors import StateDataError
from .records import is_record
from .windows import Window

#: an upper bound given by the state: the number of seats or of card instances
SEATS = "seats"
CARDS = "cards"
Bound = int | str


def records_in(roots: Iterable[Any], skip: frozenset[str] = frozenset()) -> Iterator[Any]:
    """Every record reachable from ``roots``, outer ones first: fields holding records, tuples of
    records, and the triggers inside the kernel's batches (fields named in ``skip`` are not gone
    into). Windows are the kernel's own and are left out."""
    todo = list(roots)[::-1]
    while todo:
        r = todo.pop()
        if type(r) is tuple:
            todo.extend(reversed(r))
            continue
        if not is_record(r) or isinstance(r, Window):
            continue
        yield r
        todo.extend(reversed([v for f, v in zip(r._fields, r)
                              if f not in skip and (type(v) is tuple or is_record(v))]))


def check_records(roots: Iterable[Any], seats: int, cards: int,
                  ints: Mapping[str, tuple[Bound, Bound]],
                  int_lists: Mapping[str, tuple[Bound, Bound]] | None = None,
                  each: Callable[[Any], None] | None = None, skip: Iterable[str] = ()) -> None:
    """Check every record reachable from ``roots``.

    ``ints``: int field name -> (lowest, end) allowed, end excluded, either bound an int or
    :data:`SEATS` / :data:`CARDS`; ``int_lists``: the same for fields holding tuples of ints (not
    walked as records); ``skip``: fields holding tuples that are neither. ``each(record)`` runs the
    game's own checks on every record. Raises StateDataError naming the record and the field."""
    size = {SEATS: seats, CARDS: cards}

    def bound(b: Bound) -> int:
        return b if isinstance(b, int) else size[b]

    lists = int_lists or {}
    for r in records_in(roots, frozenset(skip) | frozenset(lists)):
        kind = getattr(r, "kind", type(r).__name__)
        for f, v in zip(r._fields, r):
            if type(v) is int:
                rng = ints.get(f)
                if rng is not None and not bound(rng[0]) <= v < bound(rng[1]):
                    raise StateDataError(f"{kind}.{f} = {v} names nothing that exists")
            elif type(v) is tuple and f in lists:
                lo, hi = bound(lists[f][0]), bound(lists[f][1])
                if any(type(x) is not int or not lo <= x < hi for x in v):
                    raise StateDataError(f"{kind}.{f} names something that does not exist")
        if each is not None:
            each(r)
