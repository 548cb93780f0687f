"""Spark Circle's game data: plain lists, a hand-written clone and JSON."""
from __future__ import annotations

from typing import Any

from metatcg.engine.rules import DataHooks
from metatcg.engine.errors import StateDataError
from metatcg.engine.records import decode, encode

from metatcg.engine.state import TriggerBatch, TriggerGroup
from metatcg.engine.windows import Window

from .records import Link, Main, Spark, records

START_LIFE = 6
HAND = 3
AIMED = {"Bolt": 2, "Zap": 1}        # cards that aim at a seat, and their damage
RESPONSES = {"Zap", "Shield"}         # usable at any time, also in others' turns
KEEPERS = {"Mender", "Scribe"}        # stay in play; trigger whenever a seat takes damage
CARDS = ("Bolt", "Zap", "Shield", "Mender", "Scribe")


class CircleData(DataHooks):
    __slots__ = ("names", "owner", "life", "hand", "deck", "discard", "inplay", "chain", "out",
                 "active", "first", "turn", "tired")

    def __init__(self, names: tuple[str, ...], owner: tuple[int, ...], n: int) -> None:
        self.names = names
        self.owner = owner
        self.life = [START_LIFE] * n
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[list[int]] = [[] for _ in range(n)]
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.inplay: list[list[int]] = [[] for _ in range(n)]
        self.chain: list[Any] = []
        self.out: list[int] = []             # seats knocked out, in order
        self.active = 0
        self.first = 0
        self.turn = 0
        self.tired = [0] * n                 # draws from an empty deck so far

    @property
    def n(self) -> int:
        return len(self.life)

    def alive(self) -> list[int]:
        return [p for p in range(self.n) if p not in self.out]

    def clone(self) -> "CircleData":
        c = CircleData.__new__(CircleData)
        c.names, c.owner = self.names, self.owner
        c.life = self.life[:]
        c.hand = [z[:] for z in self.hand]
        c.deck = [z[:] for z in self.deck]
        c.discard = [z[:] for z in self.discard]
        c.inplay = [z[:] for z in self.inplay]
        c.chain = self.chain[:]
        c.out = self.out[:]
        c.active, c.first, c.turn = self.active, self.first, self.turn
        c.tired = self.tired[:]
        return c

    def to_json(self) -> dict[str, Any]:
        return {"names": list(self.names), "owner": list(self.owner), "life": self.life,
                "hand": self.hand, "deck": self.deck, "discard": self.discard, "inplay": self.inplay,
                "chain": encode(self.chain), "out": self.out, "active": self.active,
                "first": self.first, "turn": self.turn, "tired": self.tired}

    @classmethod
    def from_json(cls, obj: Any) -> "CircleData":
        try:
            d = cls(tuple(_strs(obj["names"])), tuple(_ints(obj["owner"])), len(obj["life"]))
            d.life = _ints(obj["life"], -100)
            for key in ("hand", "deck", "discard", "inplay"):
                setattr(d, key, [_ints(z) for z in obj[key]])
            d.chain = list(decode(obj["chain"], records))
            d.out = _ints(obj["out"])
            d.tired = _ints(obj["tired"])
            d.active, d.first, d.turn = _ints([obj["active"], obj["first"], obj["turn"]])
        except (KeyError, TypeError, ValueError) as e:
            raise StateDataError(f"malformed Spark Circle data: {e}") from None
        d.check()
        return d

    def matches_decks(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        """Whether each seat's cards (in card id order) are its deck list, as dealt."""
        return self.names == tuple(c for d in decks for c in d) \
            and self.owner == tuple(p for p, d in enumerate(decks) for _ in d)

    def check_loaded(self, st: Any) -> None:
        """A state read from JSON: the steps, triggers and decision name cards and seats
        that exist, a Spark is a keeper in play, and the decision is the seat's own."""
        n, cards = self.n, len(self.names)
        for r in [*st.stack, *st.pending, *self.chain, *([] if st.decision is None else [st.decision.params])]:
            self._check_record(r, n, cards)
        dec = st.decision
        if dec is not None and dec.kind == "main":
            if type(dec.params) is not Main or dec.params.seat != dec.player:
                raise StateDataError("malformed Spark Circle data: a main decision is its seat's own")
        elif dec is not None and not dec.kind.startswith("__"):
            raise StateDataError(f"malformed Spark Circle data: unknown decision {dec.kind!r}")

    def _check_record(self, r: Any, n: int, cards: int) -> None:
        if type(r) is tuple or isinstance(r, Window | TriggerBatch | TriggerGroup):
            for x in (r if type(r) is tuple else r.triggers if hasattr(r, "triggers") else ()):
                self._check_record(x, n, cards)
            return
        for f, v in zip(getattr(r, "_fields", ()), r):
            if type(v) is not int:
                continue
            if f == "card" and not 0 <= v < cards or f in ("seat", "controller") and not 0 <= v < n \
                    or f == "target" and not -1 <= v < n:
                raise StateDataError(f"malformed Spark Circle data: {r.kind}.{f} = {v} is out of range")
        if isinstance(r, Spark) and (r.card not in self.inplay[r.controller] or self.names[r.card] not in KEEPERS):
            raise StateDataError("malformed Spark Circle data: a trigger of a card that is not a keeper in play")
        if isinstance(r, Link) and (self.names[r.card] in AIMED) != (r.target >= 0):
            raise StateDataError("malformed Spark Circle data: a chain card aims wrongly")

    def check(self) -> None:
        """Shapes agree and every card is in exactly one place (or the JSON is refused)."""
        n = len(self.life)
        if not 2 <= n <= 4 or len(self.owner) != len(self.names) or any(
                len(z) != n for z in (self.hand, self.deck, self.discard, self.inplay, self.tired)):
            raise StateDataError("malformed Spark Circle data: per-seat lists disagree")
        if not all(x in CARDS for x in self.names) or not all(0 <= o < n for o in self.owner):
            raise StateDataError("malformed Spark Circle data: unknown card or owner")
        placed = [c for zones in (self.hand, self.deck, self.discard, self.inplay) for z in zones for c in z]
        if not all(isinstance(x, Link) for x in self.chain):
            raise StateDataError("malformed Spark Circle data: the chain holds something not a card")
        placed += [x.card for x in self.chain]
        if sorted(placed) != list(range(len(self.names))):
            raise StateDataError("malformed Spark Circle data: cards are lost, doubled or unknown")
        if not all(0 <= p < n for p in self.out) or not 0 <= self.active < n or not 0 <= self.first < n:
            raise StateDataError("malformed Spark Circle data: a seat out of range")


def _ints(v: Any, lo: int = 0, hi: int = 1 << 20) -> list[int]:
    """A list of whole numbers in range (a bool or a float is refused)."""
    if type(v) is not list or not all(type(x) is int and lo <= x < hi for x in v):
        raise StateDataError(f"malformed Spark Circle data: expected whole numbers, not {v!r:.40}")
    return v[:]


def _strs(v: Any) -> list[str]:
    if type(v) is not list or not all(type(x) is str for x in v):
        raise StateDataError("malformed Spark Circle data: card names are text")
    return v
