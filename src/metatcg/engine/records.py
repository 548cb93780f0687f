"""Named, immutable records for steps, decision parameters, triggers and effect contexts.

A record is a ``typing.NamedTuple`` registered under a *kind*: code reads its fields by
name (``step.attacker``), never by position, while it stays a tuple, so a clone shares it
and it costs little to build. In JSON a record is a list whose first item is ``"@kind"``,
so the kernel can rebuild the right class from a game's :class:`Registry`.

Kinds beginning with ``__`` and the kind ``trigger`` belong to the kernel.
"""
from __future__ import annotations

from typing import Any, Callable, TypeVar

from .errors import StateDataError

T = TypeVar("T")

MARK = "@"


class Registry:
    """Kind name -> record class, for one game (its parent holds the kernel's records)."""

    def __init__(self, parent: "Registry | None" = None) -> None:
        self.parent = parent
        self.types: dict[str, type] = {} if parent is None else dict(parent.types)

    def __call__(self, kind: str) -> Callable[[type[T]], type[T]]:
        """Class decorator: ``@records("attack") class Attack(NamedTuple): ...``."""

        def register(cls: type[T]) -> type[T]:
            if not (isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")):
                raise TypeError(f"record {kind!r} must be a NamedTuple class")
            known = self.types.get(kind)
            if known is not None and known is not cls:
                raise ValueError(f"record kind {kind!r} is already taken by {known.__name__}")
            cls.kind = kind  # type: ignore[attr-defined]
            self.types[kind] = cls
            return cls

        return register

    def child(self) -> "Registry":
        """A registry that knows these records plus the ones registered on it."""
        return Registry(self)


def encode(obj: Any) -> Any:
    """Records and tuples as JSON-able lists (records marked with their kind)."""
    if isinstance(obj, tuple):
        kind = getattr(type(obj), "kind", None)
        if kind is not None and hasattr(obj, "_fields"):
            return [MARK + kind, *[encode(x) for x in obj]]
        return [encode(x) for x in obj]
    if isinstance(obj, list):
        return [encode(x) for x in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(encode(x) for x in obj)
    return obj


def decode(obj: Any, registry: Registry) -> Any:
    """The inverse of :func:`encode`: marked lists back to records, other lists to tuples."""
    if isinstance(obj, list):
        if obj and type(obj[0]) is str and obj[0].startswith(MARK):
            kind = obj[0][1:]
            cls = registry.types.get(kind)
            if cls is None:
                raise StateDataError(f"malformed state JSON: unknown record kind {kind!r}")
            fields = [decode(x, registry) for x in obj[1:]]
            try:
                return cls(*fields)
            except TypeError as e:
                raise StateDataError(f"malformed state JSON: record {kind!r}: {e}") from None
        return tuple(decode(x, registry) for x in obj)
    return obj


# The kernel's own records: every game registry is a child of this one.
KERNEL = Registry()
