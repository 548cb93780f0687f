"""Card-effect ops as registered units: one op = its card-file model, its handler, its words.

Every game's card effects are lists of ops (``{"op": "draw", "count": 2}``). Each game keeps one
:class:`OpRegistry`; the module that owns a mechanic registers the ops of that mechanic next to
their code, pairing the card-file model (the pydantic class whose ``op`` field is a ``Literal``)
with the handler that carries it out, the text a player reads for it and, optionally, a hint a
bot may use to value it. The game's interpreter is then a dictionary lookup
(:meth:`OpRegistry.run`), not an ``if``/``elif`` chain, and :meth:`OpRegistry.check_complete`
proves that every op a card file may name has a handler. Fireplace's action classes, SabberStone's
tasks and Forge's ``ApiType`` pair an effect with its behaviour the same way.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterable, TypeVar, get_args

C = TypeVar("C")          # what the game hands a handler besides the state and the op (its context)
R = TypeVar("R")          # what a handler returns to the game's interpreter
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class OpUnit(Generic[C, R]):
    """One registered op."""

    name: str
    model: type | None
    run: Callable[[Any, C, Any], R]
    label: Callable[[Any], str] | None = None
    hint: Callable[..., float] | None = None
    owner: str = ""         # the module that registered it (for error messages and the docs)
    ready: Callable[[Any, Any, Any], bool] | None = None       # could it do anything now?
    options: Callable[[Any, Any, Any], list[Any]] | None = None   # an op that asks: its options
    chosen: Callable[[Any, Any, Any, Any], None] | None = None    # ... and the pick carried out


def op_name(model: type) -> str:
    """The ``op`` discriminator of a card-file model: its ``op`` field's single ``Literal`` value."""
    fields = getattr(model, "model_fields", None)
    if fields is None or "op" not in fields:
        raise TypeError(f"{model.__name__} has no 'op' field to name the op")
    values = get_args(fields["op"].annotation)
    if len(values) != 1 or not isinstance(values[0], str):
        raise TypeError(f"{model.__name__}.op must be a Literal of one name")
    return values[0]


class OpRegistry(Generic[C, R]):
    """A game's ops by name. Registration happens when the owning module is imported; the
    game's rules module imports every mechanic module, so the registry is complete once the
    game is loaded (:meth:`check_complete` says so in the tests)."""

    __slots__ = ("game", "units", "_run")

    def __init__(self, game: str) -> None:
        self.game = game
        self.units: dict[str, OpUnit[C, R]] = {}
        self._run: dict[str, Callable[[Any, C, Any], R]] = {}

    def register(self, unit: OpUnit[C, R]) -> OpUnit[C, R]:
        if unit.name in self.units:
            raise ValueError(f"{self.game}: op {unit.name!r} is registered twice "
                             f"({self.units[unit.name].owner} and {unit.owner})")
        self.units[unit.name] = unit
        self._run[unit.name] = unit.run
        return unit

    def op(self, model: "type | str", *, label: Callable[[Any], str] | None = None,
           hint: Callable[..., float] | None = None, ready: Callable[[Any, Any, Any], bool] | None = None,
           options: Callable[[Any, Any, Any], list[Any]] | None = None,
           chosen: Callable[[Any, Any, Any, Any], None] | None = None) -> Callable[[F], F]:
        """Decorator: the function handles the op of card-file ``model`` (or the op of that name,
        for ops no card file spells, such as a step a game runs itself). ``ready(state, ctx, op)``
        says whether it could do anything now; an op that asks its controller a choice gives
        ``options(state, ctx, op)`` and ``chosen(state, ctx, op, pick)``."""
        def deco(fn: F) -> F:
            name = model if isinstance(model, str) else op_name(model)
            self.register(OpUnit(name, None if isinstance(model, str) else model, fn, label, hint,
                                 getattr(fn, "__module__", ""), ready, options, chosen))
            return fn
        return deco

    def run(self, state: Any, ctx: C, op: Any) -> R:
        """Carry out ``op`` (anything with an ``op`` name attribute)."""
        try:
            fn = self._run[op.op]
        except KeyError:
            raise KeyError(f"{self.game}: no handler registered for op {op.op!r}") from None
        return fn(state, ctx, op)

    def ready(self, state: Any, ctx: Any, op: Any) -> bool:
        """Whether ``op`` could do anything now (True when its unit does not say)."""
        unit = self.units.get(op.op)
        return True if unit is None or unit.ready is None else unit.ready(state, ctx, op)

    def asks(self, name: str) -> bool:
        """Whether the op of that name asks its controller a choice."""
        unit = self.units.get(name)
        return unit is not None and unit.options is not None

    def options(self, state: Any, ctx: Any, op: Any) -> list[Any]:
        """The options of an op that asks (KeyError for one that does not)."""
        fn = self.units[op.op].options
        if fn is None:
            raise KeyError(f"{self.game}: op {op.op!r} asks no choice")
        return fn(state, ctx, op)

    def chosen(self, state: Any, ctx: Any, op: Any, pick: Any) -> None:
        """Carry out the pick of an op that asks."""
        fn = self.units[op.op].chosen
        if fn is None:
            raise KeyError(f"{self.game}: op {op.op!r} asks no choice")
        fn(state, ctx, op, pick)

    def label(self, op: Any) -> str:
        """What a player reads for ``op`` ("" when its unit gives no words)."""
        unit = self.units.get(op.op)
        return unit.label(op) if unit is not None and unit.label is not None else ""

    def hint(self, op: Any, *args: Any) -> float:
        """A bot's rough value of ``op`` (0.0 when its unit gives none)."""
        unit = self.units.get(op.op)
        return unit.hint(op, *args) if unit is not None and unit.hint is not None else 0.0

    def names(self) -> frozenset[str]:
        return frozenset(self.units)

    def check_complete(self, models: Iterable[type]) -> list[str]:
        """What is wrong between the card-file op models and the handlers: a model no handler
        takes, a handler for an op no model names, or a handler registered for another model
        of the same name. Empty when every op a card file may name is carried out."""
        problems: list[str] = []
        named = {op_name(m): m for m in models}
        for name, m in sorted(named.items()):
            unit = self.units.get(name)
            if unit is None:
                problems.append(f"{self.game}: op {name!r} ({m.__name__}) has no handler")
            elif unit.model is not None and unit.model is not m:
                problems.append(f"{self.game}: op {name!r} is handled for {unit.model.__name__}, "
                                f"but card files use {m.__name__}")
        for name, unit in sorted(self.units.items()):
            if unit.model is not None and name not in named:
                problems.append(f"{self.game}: op {name!r} has a handler ({unit.owner}) but no "
                                "card-file model names it")
        return problems


def union_members(union: Any) -> list[type]:
    """The classes of a (possibly ``Annotated``) union of card-file op models."""
    out: list[type] = []

    def walk(t: Any) -> None:
        args = get_args(t)
        if not args:
            if isinstance(t, type):
                out.append(t)
            return
        if getattr(t, "__metadata__", None) is not None:   # Annotated[Union[...], Field(...)]
            walk(args[0])
            return
        for a in args:
            walk(a)

    walk(union)
    return out
