"""MetaZoo 2022 as a metatcg Game: the Page pool, Spellbooks, set-up, determinize (its
facts and heuristics modules are found beside it)."""
from __future__ import annotations

from typing import Any

from ...engine.action import Action
from ...engine.decks import Deck
from ...engine.game import PooledGame
from ...engine.hidden import redeal
from ...engine.rng import Rng
from ...engine.state import GameState
from ...engine.errors import DeckError
from . import surroundings
from .data import MZ22Data
from .deckcheck import spellbook
from .records import Setup
from .traps import resample
from .rules import MZ22Rules


class MZ22Game(PooledGame):
    id = "metazoo-2022"
    title = "MetaZoo TCG 2022 (Life Points edition)"
    rule_prefixes = ("MZ22",)  # its catalog's IDs: "MZ22-..."
    seat_counts = (2, 3, 4)

    rules_class = MZ22Rules
    card_table = "page"            # Page files and scenario stand-ins are [[page]] tables

    def card_defs(self, deck: Deck) -> tuple[Any, ...]:
        """Only the Spellbook is dealt; the Archive stays outside the game (MZ22-ARCH-7). Read
        once per card list, as the kernel does (a simulation deals the same decks each game)."""
        known: dict[tuple[str, ...], tuple[Any, ...]] = self.__dict__.setdefault("_spellbook_defs", {})
        defs = known.get(deck.cards)
        if defs is None:
            defs = known[deck.cards] = super().card_defs(Deck(deck.name, spellbook(deck)))
        return defs

    def default_options(self) -> dict[str, Any]:
        """``surroundings``: a preset name or JSON object text (surroundings.py, MZ22-TERRA-9)."""
        opts = super().default_options()
        opts["surroundings"] = "terra_only"
        return opts

    def initial_data(self, state: GameState, decks: list[Deck]) -> MZ22Data:
        """Page ids are drawn at random (from a stream of the seed apart from the game's own),
        so an id never tells which Page it is: a face-down Page shows others only its id
        (MZ22-TRAP-22), and in deck order an id would name it for anyone who knows the list."""
        try:                                   # checked before anything is dealt
            cfg = surroundings.parse(state.options["surroundings"], len(decks))
        except ValueError as e:
            raise DeckError(f"option surroundings: {e}") from None
        cards, owner, ids = self.deal(decks)
        order = list(range(len(cards)))
        Rng(state.seed * 2 + 1).shuffle(order)             # order[new id] = dealt position
        new_id = {old: new for new, old in enumerate(order)}
        d = MZ22Data([cards[i] for i in order], [owner[i] for i in order], len(decks))
        d.spellbook = [sorted(new_id[i] for i in seat) for seat in ids]
        d.surr, d.sky = cfg, surroundings.initial(cfg, len(decks))
        return d

    def setup(self, state: GameState) -> None:
        state.push(Setup())

    def match_facts(self, state: GameState) -> dict[str, Any]:
        d: MZ22Data = state.data
        return {"first_player": d.first, "turns": d.turn,
                "lp": [d.lp_of_caster(p) for p in range(d.n)]}

    def playout_actions(self, state: GameState, legal: list[Action]) -> list[Action]:
        from .heuristics import playout_actions
        return playout_actions(state, legal)

    # ``evaluate`` is a side difference over 1000 (a Caster's LP count one each): half of the
    # values in random play are under 0.09, so the kernel's 10 flattened them to nothing and
    # ISMCTS searched for results alone (benchmarks/README.md, "The ISMCTS bot")
    eval_scale = 0.2

    def determinize(self, state: GameState, player: int, rng: Rng) -> GameState:
        """Resample every Spellbook and the other Casters' Chapters (but Pages all have seen
        there), keeping sizes (docs/metazoo-2022.md §5.5)."""
        s = state.clone()
        d: MZ22Data = s.data
        for p in range(d.n):
            if p == player:
                redeal([d.spellbook[p]], rng)
            else:
                seen = [c for c in d.chapter[p] if c in d.revealed]
                hidden = [c for c in d.chapter[p] if c not in d.revealed]
                redeal([hidden, d.spellbook[p]], rng)
                d.chapter[p] = seen + hidden
        resample(d, player, rng)          # other Casters' face-down Pages (MZ22-TRAP-22)
        s.rng = Rng(rng.next64())
        s.options_changed()
        return s
