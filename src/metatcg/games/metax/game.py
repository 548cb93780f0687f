"""MetaX as a metatcg Game: pool, decks, setup, determinization."""
from __future__ import annotations

from pathlib import Path

from ...engine.decks import Deck
from ...engine.errors import DeckError
from ...engine.game import Game
from ...engine.rng import Rng
from ...engine.state import GameState
from .cards import CardPool, parse_cards
from .data import MetaXData
from .deckcheck import check_deck
from .heuristics import evaluate
from .position import build_position, snapshot
from .rules import MetaXRules

DECK_DIR = Path(__file__).parent / "decks"


class MetaXGame(Game):
    id = "metax"
    title = "MetaX TCG"
    min_players = 2
    max_players = 2  # MX-OVR-1

    def __init__(self, pool: CardPool) -> None:
        super().__init__(MetaXRules(pool), DECK_DIR)
        self.pool = pool

    def with_cards(self, extra) -> "MetaXGame":
        """This game with extra (scenario stand-in) cards in its pool."""
        return MetaXGame(self.pool.with_cards(extra))

    def position(self, spec: dict) -> GameState:
        """Any mid-game position from plain data (see position.py for the format)."""
        return build_position(self, spec)

    def snapshot(self, state: GameState) -> dict:
        """A readable omniscient summary of ``state`` for scenario expectations."""
        return snapshot(state)

    def parse_cards(self, text: str, path: str = "<cards>") -> list:
        return parse_cards(text, path)

    def check_deck(self, deck: Deck) -> list[str]:
        return check_deck(self.pool, deck)

    def initial_data(self, state: GameState, decks: list[Deck]) -> MetaXData:
        cards, owner = [], []
        for p, deck in enumerate(decks):
            for nm in deck.cards:
                if nm not in self.pool:
                    raise DeckError(f"unknown card {nm!r}")
                cards.append(self.pool[nm])
                owner.append(p)
        d = MetaXData(tuple(cards), tuple(owner))
        i = 0
        for p, deck in enumerate(decks):
            d.deck[p] = list(range(i, i + len(deck.cards)))
            i += len(deck.cards)
        return d

    def setup(self, state: GameState) -> None:
        state.push(("setup",))

    def match_facts(self, state: GameState) -> dict:
        return {"first_player": state.data.first, "turns": state.data.turn}

    def evaluate(self, state: GameState, player: int) -> float:
        return evaluate(state, player)

    def determinize(self, state: GameState, player: int, rng: Rng) -> GameState:
        """Resample what ``player`` cannot see: the opponent's hand and deck, both deck
        orders and the face-down VP piles, keeping every zone's size."""
        s = state.clone()
        d: MetaXData = s.data
        me, opp = player, 1 - player
        # cards owned by the opponent that `me` cannot see: their hand, their deck, my VP pile
        known = [c for c in d.hand[opp] if c in d.revealed]  # seen going to that hand
        hidden_hand = [c for c in d.hand[opp] if c not in d.revealed]
        zones_opp = [hidden_hand, d.deck[opp], d.vp[me]]
        # my own cards I cannot see: my deck and the opponent's VP pile
        zones_me = [d.deck[me], d.vp[opp]]
        dec = s.decision
        if dec is not None and dec.kind == "search":  # the searcher is looking at that deck now
            if dec.player == me:
                zones_me = [d.vp[opp]]
            else:
                zones_opp = [hidden_hand, d.vp[me]]
        for zones in (zones_opp, zones_me):
            pool = [c for z in zones for c in z]
            rng.shuffle(pool)
            i = 0
            for z in zones:
                n = len(z)
                z[:] = pool[i:i + n]
                i += n
        d.hand[opp] = known + hidden_hand
        s.rng = Rng(rng.next64())  # future chance is unknown too
        s._legal = None
        s._by_id = None
        return s
