"""MetaZoo (four-lane) as a metatcg Game: pool, decks, setup, determinization."""
from __future__ import annotations

from typing import Any

from ...engine.decks import Deck, split_entry
from ...engine.errors import DeckError
from ...engine.game import PooledGame
from ...engine.hidden import redeal
from ...engine.rng import Rng
from ...engine.state import GameState
from .cards import CardDef
from .data import ALLIED_SUPPLY, MetaZooData, opponent
from .records import Setup
from .rules import MetaZooRules


class MetaZooGame(PooledGame):
    id = "metazoo"
    title = "MetaZoo TCG (four-lane edition)"
    rule_prefixes = ("MZL",)  # its catalog's IDs: "MZL-..."
    seat_counts = (2,)

    rules_class = MetaZooRules
    #: tree search with random playouts beat greedy in every ladder game here (docs/bots.md)
    hard_bot = "ismcts:ms=900"

    def initial_data(self, state: GameState, decks: list[Deck]) -> MetaZooData:
        """Card instances: per player its Caster, Starter Terras, Aura deck, main deck and
        allied supply (10 Aura of the Caster's allied type, outside the game)."""
        cards: list[CardDef] = []
        owner: list[int] = []
        zones = []

        pool = self.pool

        def new(name: str, p: int) -> int:
            if name not in pool:
                raise DeckError(f"unknown card {name!r}")
            cards.append(pool[name])
            owner.append(p)
            return len(cards) - 1

        for p, deck in enumerate(decks):
            parts: dict[str, list[str]] = {"caster": [], "starter": [], "aura": [], "main": []}
            for entry in deck.cards:  # one pass over the deck list
                section, name = split_entry(entry)
                parts.setdefault(section, []).append(name)
            caster = new(parts["caster"][0], p)
            starters = [new(n, p) for n in parts["starter"]]
            aura_deck = [new(n, p) for n in parts["aura"]]
            main = [new(n, p) for n in parts["main"]]
            ally = cards[caster].allied
            supply = [new(self.pool.aura_card(ally), p) for _ in range(ALLIED_SUPPLY)] if ally else []
            zones.append((caster, starters, aura_deck, main, supply))
        d = MetaZooData(tuple(cards), tuple(owner))
        for p, (caster, starters, aura_deck, main, supply) in enumerate(zones):
            d.caster[p] = caster
            d.starters[p] = starters
            d.aura_deck[p] = aura_deck
            d.deck[p] = main
            d.supply[p] = supply
        return d

    def setup(self, state: GameState) -> None:
        state.push(Setup())

    def match_facts(self, state: GameState) -> dict[str, Any]:
        """Round 1's Priority player acts first; the length is counted in rounds."""
        d = state.data
        return {"first_player": d.first if d.first >= 0 else None, "turns": d.round}

    def determinize(self, state: GameState, player: int, rng: Rng) -> GameState:
        """Resample what ``player`` cannot see: the opponent's hand (except cards revealed
        into it) together with their deck and the cards they are looking at, the order of
        ``player``'s own deck (unless they are searching it now), and both Aura deck orders."""
        s = state.clone()
        d: MetaZooData = s.data
        me, opp = player, opponent(player)
        hidden_hand = [c for c in d.hand[opp] if c not in d.known]
        kept = [c for c in d.hand[opp] if c in d.known]
        redeal([hidden_hand, d.deck[opp], d.looking[opp]], rng)  # from a fixed order: no way back
        d.hand[opp] = kept + hidden_hand
        dec = s.decision
        if not (dec is not None and dec.kind == "search" and dec.player == me):
            redeal([d.deck[me]], rng)
        for aura_deck in d.aura_deck:
            redeal([aura_deck], rng)
        s.rng = Rng(rng.next64())  # future chance is unknown too
        s.options_changed()  # and d.forget_derived: options listed for the true state may name cards resampled here
        if s.decision is not None and s.result is None:
            s.legal_actions()  # listed once: the lookahead copies of this sample share them
        return s
