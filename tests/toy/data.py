"""Spark Circle's game data: plain lists, a hand-written clone and JSON."""
from __future__ import annotations

from typing import Any

from metatcg.engine.errors import StateDataError
from metatcg.engine.records import decode, encode

from .records import Link, records

START_LIFE = 6
HAND = 3
AIMED = {"Bolt": 2, "Zap": 1}        # cards that aim at a seat, and their damage
RESPONSES = {"Zap", "Shield"}         # usable at any time, also in others' turns
KEEPERS = {"Mender", "Scribe"}        # stay in play; trigger whenever a seat takes damage
CARDS = ("Bolt", "Zap", "Shield", "Mender", "Scribe")


class CircleData:
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
            d = cls(tuple(obj["names"]), tuple(obj["owner"]), len(obj["life"]))
            d.life = [int(x) for x in obj["life"]]
            for key in ("hand", "deck", "discard", "inplay"):
                setattr(d, key, [[int(c) for c in z] for z in obj[key]])
            d.chain = list(decode(obj["chain"], records))
            d.out = [int(x) for x in obj["out"]]
            d.tired = [int(x) for x in obj["tired"]]
            d.active, d.first, d.turn = int(obj["active"]), int(obj["first"]), int(obj["turn"])
        except (KeyError, TypeError, ValueError) as e:
            raise StateDataError(f"malformed Spark Circle data: {e}") from None
        d.check()
        return d

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
