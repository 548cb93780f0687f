"""Building blocks of fixed-length observation vectors (``Game.observe``, metatcg.rl).

A game's ``observation.py`` lists the parts of its vector once per seat count (an
:class:`Encoder`) and fills them from a view with the writers here. Everything is read from
``state.view(p)``, never from the state, so a vector cannot hold what the view hides. Knows no
game: names of cards, phases and decision kinds come from the game.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


class Slots(dict[int, float]):
    """A vector being filled: only the slots written so far, unwritten ones read 0. Setting one
    entry of a dict costs a fraction of setting one of a numpy array, and a view fills a few
    hundred of a vector's thousands of slots, so encoders write here and :meth:`Encoder.vector`
    makes the array once (``observe`` is most of the cost of an RL step)."""

    def __missing__(self, key: int) -> float:
        return 0.0

#: one copy of a card in a zone adds this much to its slot: 4 copies make 1.0
COPY = 0.25


class Index:
    """A fixed numbering of names (cards, phases, decision kinds) with one slot more, last,
    for a name the list does not know (a token made by an effect, a new kind): a vector keeps
    its length whatever a view holds."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names: tuple[str, ...] = tuple(dict.fromkeys(names))
        self.slot: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.other = len(self.names)
        self.size = self.other + 1

    def __call__(self, name: Any) -> int:
        return self.slot.get(name, self.other) if isinstance(name, str) else self.other


class Encoder:
    """The parts of one game's vector at one seat count: names, lengths and offsets, plus
    what the game precomputed for filling them: its card index, its phases or steps, its
    decision kinds."""

    def __init__(self, seats: int, cards: Index, phases: Index, kinds: Index) -> None:
        self.seats = seats
        self.cards = cards
        self.phases = phases
        self.kinds = kinds
        self.extra: dict[str, Index] = {}   # a game's other fixed lists (statuses, types)
        self.parts: list[tuple[str, int]] = []
        self.at: dict[str, int] = {}
        self.size = 0

    def add(self, name: str, length: int) -> int:
        """Append a part; returns its offset."""
        if name in self.at:
            raise ValueError(f"observation part {name!r} declared twice")
        self.parts.append((name, length))
        self.at[name] = self.size
        self.size += length
        return self.at[name]

    def per_seat(self, name: str, length: int) -> None:
        """One part per seat, named ``s0.name`` (the observer) ... ``s{n-1}.name`` (clockwise)."""
        for k in range(self.seats):
            self.add(f"s{k}.{name}", length)

    def blank(self) -> Slots:
        """Nothing written yet: fill it, then :meth:`vector`."""
        return Slots()

    def vector(self, out: Slots) -> Vector:
        """The ``float32`` vector of what ``out`` holds."""
        vec = np.zeros(self.size, dtype=np.float32)
        if out:
            vec[np.fromiter(out.keys(), np.intp, len(out))] = np.fromiter(out.values(), np.float32, len(out))
        return vec


def cached(game: Any, seats: int, build: Callable[[Any, int], Encoder]) -> Encoder:
    """The game's encoder for ``seats``, built once per game object (a scenario game with
    extra cards has its own pool, so its own encoder). ``Game`` has checked ``seats``."""
    known: dict[int, Encoder] = game.__dict__.setdefault("_observation_encoders", {})
    enc = known.get(seats)
    if enc is None:
        enc = known[seats] = build(game, seats)
    return enc


def card_index(game: Any) -> Index:
    """Every card definition of the game's pool, sorted by name so the numbering is stable."""
    return Index(sorted(game.pool.by_name))


def seat_order(view: dict[str, Any], seats: int) -> list[int]:
    """The seats as the observer sees them: itself first, then clockwise."""
    me = view["you"]
    if view.get("seats", seats) != seats:
        raise ValueError(f"a view of a {view.get('seats')}-seat game, encoded for {seats} seats")
    return [(me + k) % seats for k in range(seats)]


def relative(seat: Any, view: dict[str, Any], seats: int) -> int:
    """A seat number as the observer sees it (0 = itself), or -1 for none."""
    return (seat - view["you"]) % seats if isinstance(seat, int) and not isinstance(seat, bool) else -1


def counts(out: Slots, off: int, index: Index, cards: Iterable[Any], weight: float = COPY) -> None:
    """Add ``weight`` per card (a dict with a ``name`` or a bare name) to its slot."""
    for c in cards:
        out[off + index(c["name"] if isinstance(c, dict) else c)] += weight


def onehot(out: Slots, off: int, index: Index, name: Any) -> None:
    """Set the slot of ``name`` (its "other" slot when unknown); None sets nothing."""
    if name is not None:
        out[off + index(name)] = 1.0


def seat_onehot(out: Slots, off: int, seat: Any, view: dict[str, Any], seats: int) -> None:
    """Mark a seat relative to the observer; None marks nothing."""
    r = relative(seat, view, seats)
    if r >= 0:
        out[off + r] = 1.0


def scalars(out: Slots, off: int, values: Sequence[tuple[Any, float]]) -> None:
    """Write ``value / scale`` for each pair; None, False and missing values write 0."""
    for i, (v, scale) in enumerate(values):
        if v is not None and v is not False:
            out[off + i] = float(v) / scale


def decision(out: Slots, enc: Encoder, view: dict[str, Any]) -> None:
    """The ``decision`` part (kind one-hot) and the ``deciding`` part: [a decision is open,
    the observer decides, game over, the observer's return], then who decides (relative)."""
    d = view.get("deciding")
    off = enc.at["deciding"]
    if d is not None:
        onehot(out, enc.at["decision"], enc.kinds, d.get("kind"))
        out[off] = 1.0
        out[off + 1] = 1.0 if d.get("player") == view["you"] else 0.0
        seat_onehot(out, off + 4, d.get("player"), view, enc.seats)
    res = view.get("result")
    if res is not None:
        out[off + 2] = 1.0
        out[off + 3] = float(res["returns"][view["you"]])


def add_decision(enc: Encoder) -> None:
    """Declare the parts :func:`decision` fills."""
    enc.add("decision", enc.kinds.size)
    enc.add("deciding", 4 + enc.seats)
