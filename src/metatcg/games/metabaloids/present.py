"""Metabaloids as front ends show it: card facts worded for players (abilities read from their
ops, so the words always match what the engine does), the keyword glossary of ability timings
and ops, the rules constants a screen needs, the typed view and the terminal renderer.

Constants come from the game's own modules (``data.HAND_SIZE``, ``data.SETUP_POINTS``,
``data.COLUMNS``, ``deckcheck.MAX_CARDS``...); nothing about the rules is re-declared.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.decks import Deck
from ...engine.game import Game
from ...ui.presentation import CardInfo, Presentation
from .cards import CardDef
from .data import COLUMNS, EMPTY_PLAY_LOSS, HAND_SIZE, MAX_DEPTH, SETUP_POINTS, TALL_MAX
from .deckcheck import MAX_CARDS, MAX_COPIES, MAX_POINTS, MIN_CARDS
from .turn import PHASE_NAMES
from .wording import EVENT_TIMING_WORDS as EVENT_TIMING_WORDS, TIMING_WORDS, ability_lines
from . import moments

if TYPE_CHECKING:  # pragma: no cover
    pass

# The phases as the view names them (``view["phase"]``), as a player reads them.
PHASES: dict[str, str] = {"setup": "Setup: initial deployment", **PHASE_NAMES,
                          "end": "End of turn", "over": "Game over"}
# Short phase names for a narrow header.
SHORT_PHASES = {"setup": "Setup", "draw": "Draw", "abilities": "Abilities", "move": "Move",
                "deploy": "Deploy", "attack": "Attack", "restock": "Restock", "end": "End of turn",
                "over": "Game over"}
RARITY_NAMES = {"common": "Common", "uncommon": "Uncommon", "rare": "Rare", "super_rare": "Super Rare"}
TYPE_NAMES = {"creature": "Creature", "event": "Event"}

# The glossary's keyword ids: a timing or op of the card schema -> its id (the view's phase ids
# "draw" and "attack" are taken by phases, so the op and the timing get other names).
KEYWORD_IDS = {
    "own_turn": "own_turn", "any_time": "any_time", "attack": "in_battle", "on_deploy": "on_deploy",
    "when_lost": "when_lost", "constant": "always",
    "draw": "card_draw", "reclaim": "reclaim", "burn": "burn", "dig": "dig", "shift": "shift",
    "rally": "rally", "shelter": "shelter", "refresh": "refresh", "stash": "stash", "bonus": "bonus",
    "weaken": "weaken", "column_bonus": "column_bonus", "tall": "tall",
}
TIMING_IDS = ("own_turn", "any_time", "attack", "on_deploy", "when_lost", "constant")
OP_IDS = ("draw", "reclaim", "burn", "dig", "shift", "rally", "shelter", "refresh", "stash", "bonus",
          "weaken", "column_bonus", "tall")
# How a card's keyword list names them.
KEYWORD_LABELS = {**TIMING_WORDS, "draw": "Card draw", "reclaim": "Reclaim", "burn": "Burn", "dig": "Dig",
                  "shift": "Shift", "rally": "Rally", "shelter": "Shelter", "refresh": "Refresh",
                  "stash": "Stash", "bonus": "Bonus", "weaken": "Weaken", "column_bonus": "Column bonus",
                  "tall": "Tall"}

# Our own short explanations (rule IDs in brackets for audits; the glossary keeps them apart).
GLOSSARY = {
    "own_turn": "An activated ability usable only during its controller's own turn (MB-ABIL-2).",
    "any_time": "Usable at any moment nothing else is resolving, opponents' turns included (MB-ABIL-1, MB-EVT-3).",
    "in_battle": "Usable only in the bonus window of a battle its card's column (or its player) fights (MB-TOT-8).",
    "on_deploy": "Triggers by itself when the card is deployed from the reserve into a column.",
    "when_lost": "Triggers by itself when the card goes from the play area to the lost pile.",
    "always": "Applies by itself, as long as the card is in play and not safe; never an activation (MB-ABIL-10).",
    "card_draw": "Draw cards from your draw pile; with nothing left to draw anywhere the game ends (MB-WIN-5).",
    "reclaim": "The topmost creature card(s) of your discard pile go back to your hand, seen by everyone; "
               "Events stay in the pile.",
    "burn": "The top card(s) of an opponent's draw pile go straight to their lost pile, unseen.",
    "dig": "Turn up your top draw-pile card: a creature goes to your reserve, anything else stays put and "
           "the ability is unfinished (MB-SPEC-3).",
    "shift": "Move one of your cards in play (not safe) to another column, for free (MB-MOVE-3).",
    "rally": "One of your safe columns stands upright again and can attack and be attacked (MB-SAFE-4).",
    "shelter": "One of your columns turns sideways and becomes safe, as after a lost battle (MB-SAFE-1).",
    "refresh": "Another card of yours that already used its ability this round may use it again (MB-ABIL-6).",
    "stash": "A creature from your hand goes into your reserve without paying its cost.",
    "bonus": "Your side of the current battle adds the amount to its total (MB-TOT-3).",
    "weaken": "The other side of the current battle loses the amount from its total, never below 0.",
    "column_bonus": "The card's column adds the amount when it attacks (or defends) while the card is not safe.",
    "tall": "The card's column may be one card deeper than the width allows (MB-GRID-5).",
}


def card_keywords(c: CardDef) -> tuple[str, ...]:
    """The timings and ops a card uses, as its keyword list names them."""
    seen: list[str] = []
    pairs = ([(c.event_timing, c.event_ops)] if c.is_event else [(a.timing, a.do) for a in c.abilities])
    for timing, ops in pairs:
        for k in (timing, *(o.op for o in ops)):
            label = KEYWORD_LABELS.get(k, k)
            if label not in seen:
                seen.append(label)
    return tuple(seen)


class MetabaloidsPresentation(Presentation):
    length_word = "turns"
    about = (f"Two to four players line up creatures in up to {COLUMNS} columns and must attack every turn; "
             "each side adds a card drawn from its deck to the fight, and the loser loses cards. Two players: "
             "you win when the other runs out of cards; with three or four, the fewest lost cards wins.")
    card_types = ("creature", "event")
    no_text = "(no ability)"
    phases: Mapping[str, str] = PHASES
    pick_kinds = Presentation.pick_kinds | {"pay", "lose"}

    @property
    def rules(self) -> Mapping[str, int]:
        return {"hand_size": HAND_SIZE, "setup_points": SETUP_POINTS, "grid_columns": COLUMNS,
                "max_depth": MAX_DEPTH, "tall_max": TALL_MAX, "empty_play_loss": EMPTY_PLAY_LOSS,
                "deck_max_cards": MAX_CARDS, "deck_min_cards": MIN_CARDS, "deck_max_points": MAX_POINTS,
                "max_copies": MAX_COPIES}

    @property
    def keywords(self) -> Mapping[str, str]:
        return {KEYWORD_IDS[k]: GLOSSARY[KEYWORD_IDS[k]] for k in (*TIMING_IDS, *OP_IDS)}

    @property
    def view_model(self) -> type | None:
        from .view_schema import MetabaloidsView
        return MetabaloidsView

    terminal_renderer = "metatcg.games.metabaloids.terminal:MetabaloidsUI"

    def window_moments(self, state: Any, window: Any, seat: int) -> frozenset[str]:
        return moments.window_moments(state.data, window, seat)

    def describe(self, name: str, c: Any) -> CardInfo:
        c_: CardDef = c
        kind = self._kind(c_)
        lines = ability_lines(c_)
        stats = {"cost": c_.cost, "defense": c_.defense, "meta": c_.meta}
        if c_.is_creature:
            stats["attack"] = c_.attack
        return CardInfo(name=name, type=c_.type, kind=kind, numbers=c_.numbers(),
                        text=" ".join(lines) or self._plain_text(c_),
                        number=c_.number, keywords=card_keywords(c_), stats=stats, summary=c_.summary(),
                        heading=kind, details=self._details(c_))

    @staticmethod
    def _kind(c: CardDef) -> str:
        """'Creature · Rare', 'Event · Common · Promo'."""
        kind = f"{TYPE_NAMES.get(c.type, c.type.capitalize())} · {RARITY_NAMES.get(c.rarity, c.rarity)}"
        return kind + (" · Promo" if c.promo else "")

    @staticmethod
    def _plain_text(c: CardDef) -> str:
        """A creature without an ability still says, in our words, what its numbers do."""
        if not c.is_creature:
            return ""
        return (f"No ability: it adds Attack {c.attack} when its column attacks and Defense {c.defense} "
                f"when its column defends or it is lost to pay card losses. Discarded from hand, it pays "
                f"{c.meta} Metabaloid{'s' if c.meta != 1 else ''}.")

    @staticmethod
    def _details(c: CardDef) -> tuple[str, ...]:
        nums = f"Rarity/Cost {c.cost}"
        if c.is_creature:
            nums += f" · Attack {c.attack}"
        nums += f" · Defense {c.defense} · Metabaloids {c.meta}"
        out = [nums]
        if c.promo:
            out.append("Promo card (the mark has no effect in play)")
        return tuple(out)

    def search_fields(self, name: str) -> list[str]:
        c = self.card_def(name)
        if c is None:
            return [name]
        return [name, c.text, c.number, " ".join(ability_lines(c)), RARITY_NAMES.get(c.rarity, "")]

    def type_matches(self, name: str, kind: str) -> bool:
        """A card type (creature, event), a rarity (rare, super_rare) or 'promo'."""
        c = self.card_def(name)
        if c is None:
            return False
        return kind in (c.type, c.rarity) or (kind == "promo" and c.promo)

    # ---- decks
    def deck_size(self, deck: Deck) -> str:
        points = sum(self.card_def(n).cost for n in deck.cards if self.card_def(n) is not None)
        return f"{len(deck.cards)} cards, {points}/{MAX_POINTS} points"

    def deck_blurb(self, deck: Deck) -> str:
        creatures = sum(1 for n in deck.cards if (c := self.card_def(n)) is not None and c.is_creature)
        return f"{creatures} creatures, {len(deck.cards) - creatures} Events"


def presentation(game: Game) -> MetabaloidsPresentation:
    return MetabaloidsPresentation(game)
