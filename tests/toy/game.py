"""Spark Circle as a metatcg Game (2-4 seats)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from metatcg.engine.decks import Deck
from metatcg.engine.game import Game
from metatcg.engine.hidden import redeal
from metatcg.engine.rng import Rng
from metatcg.engine.state import GameState

from .data import CARDS, CircleData
from .records import Setup
from .rules import CircleRules


class SparkCircle(Game):
    id = "spark-circle"
    title = "Spark Circle (kernel test game)"
    seat_counts = (2, 3, 4)

    def __init__(self) -> None:
        super().__init__(CircleRules(), Path(__file__).parent / "decks")

    def check_deck(self, deck: Deck) -> list[str]:
        bad = [f"unknown card {c!r}" for c in sorted(set(deck.cards)) if c not in CARDS]
        if not 8 <= len(deck.cards) <= 30:
            bad.append(f"a deck has 8-30 cards, not {len(deck.cards)}")
        return bad

    def initial_data(self, state: GameState, decks: list[Deck]) -> CircleData:
        names = tuple(c for deck in decks for c in deck.cards)
        owner = tuple(p for p, deck in enumerate(decks) for _ in deck.cards)
        d = CircleData(names, owner, len(decks))
        for i, p in enumerate(owner):
            d.deck[p].append(i)
        return d

    def setup(self, state: GameState) -> None:
        state.push(Setup())

    def match_facts(self, state: GameState) -> dict[str, Any]:
        return {"first_player": state.data.first, "turns": state.data.turn}

    def evaluate(self, state: GameState, player: int) -> float:
        if state.result is not None:
            return 100.0 * state.result[player]
        d: CircleData = state.data
        others = [d.life[p] for p in d.alive() if p != player]
        return d.life[player] - (max(others) if others else 0) + 0.1 * len(d.hand[player])

    def determinize(self, state: GameState, player: int, rng: Rng) -> GameState:
        """Every other seat's hand and every deck order are resampled per owner."""
        s = state.clone()
        d: CircleData = s.data
        for p in range(d.n):
            redeal([d.deck[p]] if p == player else [d.hand[p], d.deck[p]], rng)
        s.rng = Rng(rng.next64())
        s._legal = None
        s._by_id = None
        return s


def load() -> SparkCircle:
    return SparkCircle()
