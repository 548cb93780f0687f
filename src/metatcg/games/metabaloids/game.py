"""Metabaloids as a metatcg Game: pool, decks, setup, options, determinize (its facts and
heuristics modules are found beside it: ``Game.ending``, ``Game.evaluate``)."""
from __future__ import annotations

from typing import Any

from ...engine.decks import Deck
from ...engine.game import PooledGame
from ...engine.hidden import redeal, redeal_fitting
from ...engine.rng import Rng
from ...engine.state import GameState
from .data import MetabaloidsData
from .pay import can_pay
from .records import Pay, Setup
from .rules import MetabaloidsRules


class MetabaloidsGame(PooledGame):
    id = "metabaloids"
    title = "Metabaloids TCG"
    rule_prefixes = ("MB",)  # its catalog's IDs: "MB-..."
    seat_counts = (2, 3, 4)

    rules_class = MetabaloidsRules

    def default_options(self) -> dict[str, Any]:
        """The short game (MB-WIN-3/9) is a table option."""
        opts = super().default_options()
        opts["short_game"] = False
        return opts

    def initial_data(self, state: GameState, decks: list[Deck]) -> MetabaloidsData:
        cards, owner, ids = self.deal(decks)
        d = MetabaloidsData(cards, owner, len(decks))
        d.draw = ids
        d.short_game = bool(state.options.get("short_game", False))
        return d

    def setup(self, state: GameState) -> None:
        state.push(Setup())

    def match_facts(self, state: GameState) -> dict[str, Any]:
        d: MetabaloidsData = state.data
        return {"first_player": d.first, "turns": d.turn, "lost": [len(x) for x in d.lost]}

    def determinize(self, state: GameState, player: int, rng: Rng) -> GameState:
        """Resample, per owner, every other seat's hidden hand with their draw pile, and
        ``player``'s own draw pile; hand cards everyone saw go there and a draw pile's top card
        a dig revealed stay where they are. The copy waits at the real game's decision: a seat
        choosing from its hand now is dealt one that still offers that choice."""
        s = state.clone()
        d: MetabaloidsData = s.data
        dec = s.decision
        for p in range(d.n):
            if p == player:
                top = d.top_known[p]
                pile = d.draw[p][:-1] if top >= 0 else d.draw[p][:]
                redeal([pile], rng)
                d.draw[p] = pile + ([top] if top >= 0 else [])
            else:
                _redeal_seat(s, p, rng, dec is not None and dec.player == p and dec.kind in HAND_CHOICES)
        s.rng = Rng(rng.next64())
        s.options_changed()
        return s


#: decisions a seat makes from its hidden hand, which a resampled hand might not offer
HAND_CHOICES = frozenset({"pay", "lose", "choose"})


def _redeal_seat(s: GameState, p: int, rng: Rng, asked: bool) -> None:
    """Resample seat ``p``'s hidden hand cards with its draw pile (a top card a dig revealed
    stays). ``asked``: ``p`` is choosing from that hand now, so only a hand that still offers
    the choice will do."""
    d: MetabaloidsData = s.data
    top = d.top_known[p]
    pile = d.draw[p][:-1] if top >= 0 else d.draw[p][:]
    seen = [c for c in d.hand[p] if c in d.known]
    hidden = [c for c in d.hand[p] if c not in d.known]

    def place() -> None:
        d.hand[p] = seen + hidden
        d.draw[p] = pile + ([top] if top >= 0 else [])

    def fits() -> bool:
        place()
        return still_asked(s)

    if asked:
        redeal_fitting([hidden, pile], rng, fits)
    else:
        redeal([hidden, pile], rng)
    place()


def still_asked(s: GameState) -> bool:
    """Whether the pending decision still stands in ``s``: it offers something, and a seat
    paying from hand has what it still owes there, as every seat knows it had (MB-PAY-9: a
    cost is offered only when it can be paid in full)."""
    s.options_changed()
    if not s.legal_actions():
        return False
    step = s.decision.params if s.decision is not None else None
    return type(step) is not Pay or can_pay(s.data, step.seat, step.left, step.anywhere)
