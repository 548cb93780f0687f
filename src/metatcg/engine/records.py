"""Named, immutable records for steps, decision parameters, triggers and effect contexts.

A record is a ``typing.NamedTuple`` registered under a *kind*: code reads its fields by
name (``step.attacker``), never by position, while it stays a tuple, so a clone shares it
and it costs little to build. In JSON a record is a list whose first item is ``"@kind"``,
so the kernel can rebuild the right class from a game's :class:`Registry`.

Kinds beginning with ``__`` and the kind ``trigger`` belong to the kernel.
"""
from __future__ import annotations

import types
from typing import Any, Callable, Iterable, Iterator, TypeVar, Union, get_args, get_origin, get_type_hints

from .errors import StateDataError

T = TypeVar("T")

MARK = "@"
# Integers in records (card ids, seats, counts, indexes) are far below this; a bigger one in
# state JSON is refused when it is read, before it can overflow a list or a range later.
INT_BOUND = 1 << 31


class Registry:
    """Kind name -> record class, for one game (its parent holds the kernel's records)."""

    def __init__(self, parent: "Registry | None" = None) -> None:
        self.parent = parent
        self.types: dict[str, type] = {} if parent is None else dict(parent.types)
        #: kind -> the record class's ``from_saved``, for records once saved in another form
        self.older: dict[str, Callable[[list[Any]], list[Any]]] = {} if parent is None else dict(parent.older)

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
            if "from_saved" in vars(cls):    # declared by the record class itself, read once here
                self.older[kind] = vars(cls)["from_saved"].__get__(None, cls)
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


#: how deeply records and tuples may nest in state JSON (real states nest a few levels); deeper
#: input is refused as malformed before it can exhaust the stack (compiled modules, see
#: metatcg.native, do not stop at Python's recursion limit)
MAX_DEPTH = 100


def decode(obj: Any, registry: Registry, depth: int = 0) -> Any:
    """The inverse of :func:`encode`: marked lists back to records, other lists to tuples. A
    record class whose fields were once saved in another form reads them with its classmethod
    ``from_saved(fields) -> fields`` (a ValueError for fields it cannot read)."""
    if isinstance(obj, list):
        if depth >= MAX_DEPTH:
            raise StateDataError(f"malformed state JSON: nested more than {MAX_DEPTH} levels deep")
        depth += 1
        if obj and type(obj[0]) is str and obj[0].startswith(MARK):
            kind = obj[0][1:]
            cls = registry.types.get(kind)
            if cls is None:
                raise StateDataError(f"malformed state JSON: unknown record kind {kind!r}")
            fields = [decode(x, registry, depth) for x in obj[1:]]
            older = registry.older.get(kind)
            if older is not None:  # a record whose fields were once saved in another form
                try:
                    fields = older(fields)
                except ValueError as e:
                    raise StateDataError(f"malformed state JSON: record {kind!r}: {e}") from None
            try:
                rec = cls(*fields)
            except TypeError as e:
                raise StateDataError(f"malformed state JSON: record {kind!r}: {e}") from None
            check_fields(rec)
            return rec
        return tuple([decode(x, registry, depth) for x in obj])
    return obj


# ------------------------------------------------------------------ field types
Check = Callable[[Any], bool]


def _plain(v: Any) -> bool:
    """A value an ``Any`` field may hold once read from JSON: None, a bool, a string, a
    bounded int, or a tuple (a record, checked when it was built) of such values."""
    t = type(v)
    if t is int:
        return -INT_BOUND <= v < INT_BOUND  # type: ignore[no-any-return]
    if t is str or t is bool or v is None:
        return True
    if t is tuple:
        return all(map(_plain, v))
    return isinstance(v, tuple) and hasattr(v, "_fields")


def _int(v: Any) -> bool:
    return type(v) is int and -INT_BOUND <= v < INT_BOUND


def _checker(tp: Any) -> Check:
    """A test that a value read from JSON fits the annotation ``tp`` (exact types: a bool is
    no int, a float no int, a list no tuple)."""
    if tp is Any or isinstance(tp, TypeVar):
        return _plain
    if tp is int:
        return _int
    if tp is type(None) or tp is None:
        return lambda v: v is None
    if tp in (bool, str, float):
        return lambda v: type(v) is tp
    origin = get_origin(tp)
    args = get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _checker(args[0])
            return lambda v: type(v) is tuple and all(map(inner, v))
        if args:
            parts = [_checker(a) for a in args]
            return lambda v: type(v) is tuple and len(v) == len(parts) and all(c(x) for c, x in zip(parts, v))
        return lambda v: type(v) is tuple and all(map(_plain, v))
    if origin is Union or origin is types.UnionType:
        alts = [_checker(a) for a in args]
        return lambda v: any(c(v) for c in alts)
    if tp is tuple:
        return lambda v: type(v) is tuple and all(map(_plain, v))
    if isinstance(tp, type):
        return lambda v: isinstance(v, tp)
    return _plain


_CHECKS: dict[type, tuple[tuple[int, str, Any, Check], ...]] = {}


def field_checks(cls: type) -> tuple[tuple[int, str, Any, Check], ...]:
    """(index, name, annotation, test) for every field of a record class, made once."""
    got = _CHECKS.get(cls)
    if got is None:
        try:
            hints = get_type_hints(cls)
        except Exception:  # pragma: no cover - an annotation that cannot be resolved
            hints = {}
        fields: tuple[str, ...] = getattr(cls, "_fields", ())
        got = _CHECKS[cls] = tuple((i, f, hints.get(f, Any), _checker(hints.get(f, Any)))
                                   for i, f in enumerate(fields))
    return got


def check_fields(rec: Any) -> None:
    """Refuse a record rebuilt from JSON whose fields do not have the types its class
    declares (``int`` fields hold ints within :data:`INT_BOUND`, ``tuple[int, ...]`` tuples
    of them, record fields records of that class, ``Any`` plain values) with a
    :class:`StateDataError` naming the record and the field."""
    for i, name, tp, ok in field_checks(type(rec)):
        v = rec[i]
        if not ok(v):
            shown = getattr(tp, "__name__", None) or str(tp).replace("typing.", "")
            raise StateDataError(f"malformed state JSON: record {getattr(rec, 'kind', '?')!r}: field "
                                 f"{name!r} must be {shown}, not {v!r:.60}")


def is_record(obj: Any) -> bool:
    """Whether ``obj`` is a registered record (a step, trigger, params or payload)."""
    return isinstance(obj, tuple) and getattr(type(obj), "kind", None) is not None and hasattr(obj, "_fields")


def records_in(roots: Iterable[Any], leave: tuple[type, ...] = ()) -> Iterator[Any]:
    """Every record reachable from ``roots`` (a state's steps, waiting triggers and decision
    params): the records in each one's fields and in tuples among them, the kernel's trigger
    batches included, each given before the record holding it, so a check of a record may rely
    on the records it names being checked already. Records of the ``leave`` types are neither
    given nor gone into. What a loaded state's checks walk, one record at a time."""
    for r in roots:
        if type(r) is tuple:
            yield from records_in(r, leave)
        elif is_record(r) and not isinstance(r, leave):
            yield from records_in([v for v in r if type(v) is tuple or is_record(v)], leave)
            yield r


# The kernel's own records: every game registry is a child of this one.
KERNEL = Registry()
