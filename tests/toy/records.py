"""Spark Circle's records: its steps, decision parameters, chain items, triggers, payloads."""
from __future__ import annotations

from typing import NamedTuple

from metatcg.engine.records import KERNEL

records = KERNEL.child()


@records("setup")
class Setup(NamedTuple):
    pass


@records("turn_start")
class TurnStart(NamedTuple):
    seat: int


@records("main")
class Main(NamedTuple):
    """The active seat's main decision: play cards until it ends its turn."""
    seat: int


@records("resolve_chain")
class ResolveChain(NamedTuple):
    """Beneath a response window: once everyone has passed, the chain resolves, newest first."""
    pass


@records("link")
class Link(NamedTuple):
    """One item of the chain: a card, who played it, and the seat it aims at (-1: none)."""
    card: int
    seat: int
    target: int


@records("spark")
class Spark(NamedTuple):
    """A triggered ability of a Mender or Scribe: which card, for which seat."""
    card: int
    controller: int


@records("play")
class Play(NamedTuple):
    """Payload of an option: play ``card`` (at ``target`` when it aims at a seat)."""
    card: int
    target: int = -1


@records("end_turn")
class EndTurn(NamedTuple):
    pass
