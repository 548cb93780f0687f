"""The typed shape of a MetaX view: exactly what ``state.view(p)`` returns (``view.py`` plus
the keys the kernel adds), for clients that rely on it (a browser, an RL agent).

Strict (no coercion: a number in a string fails) and closed (``extra="forbid"``), so the
exported JSON Schema documents every key. ``python -m metatcg.ui.schema`` writes it to
docs/schema/metax-view.schema.json after a change.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...ui import view_model
from ...ui.view_model import LegalAction, ViewModel
from .schema import Keyword, Stat

CardId = Annotated[str, Field(pattern=r"^c\d+$", description="a card instance id, e.g. 'c12' (fixed for the game)")]
Rank = Annotated[int, Field(ge=1, le=7)]
Seat = Annotated[int, Field(ge=0, le=1, description="0 = P1, 1 = P2")]

Step = Literal["setup", "mulligan", "prep", "planning", "battle", "defense", "damage", "end"]
DecisionKind = Literal[
    "mulligan", "bottom",                                    # setup (MX-SETUP)
    "planning",                                              # Planning Step (MX-PLAN)
    "declare", "link", "defend", "defend_card", "resolve_order",  # Battle Step (MX-BTL)
    "target", "damage_card", "search", "recover", "put_into_play", "discard", "may",  # effects
    "__order_triggers",                                      # the kernel's: order simultaneous triggers
]


_View = ViewModel


class CardRef(_View):
    """A card a player may see: its instance id and name (the card's text is in the card pool)."""

    id: CardId
    name: str


class CharacterView(_View):
    """A Character in play (public)."""

    id: CardId
    name: str
    pushed: bool = Field(description="Pushed (True) or Prepped (False)")
    entered_turn: int = Field(ge=0, description="the turn it came into play (same-turn limits, MX-ATK-5)")
    in_battle_zone: bool
    stats: dict[Stat, Rank] = Field(description="current Ranks, modifiers and auras included, in printed order")
    keywords: list[Keyword] = Field(description="keywords it has now (printed or given), sorted")
    damage: list[CardRef] = Field(description="Battle Cards attached as Damage, oldest first")


class PlayerView(_View):
    """One player's side as the viewer may know it (MX-ZONE-12)."""

    player: Seat
    mp: int = Field(ge=0, le=10, description="Meta Points (MX-MP-3/4)")
    vp: int = Field(ge=0, description="Victory Points: the size of the face-down VP pile")
    deck_count: int = Field(ge=0)
    hand_count: int = Field(ge=0)
    hand: list[CardRef] | None = Field(description="the hand, for its owner only (None for the opponent)")
    known_in_hand: list[CardRef] = Field(description="cards of that hand both players saw go there")
    discard: list[CardRef] = Field(description="the discard pile, bottom first (last = top, MX-ZONE-14)")
    characters: list[CharacterView] = Field(max_length=3, description="Characters in play, in order played")
    mulligan: bool | None = Field(description="whether the player took a mulligan (None: not decided yet)")


class AttackView(_View):
    """A declared attack in the Battle Zone (MX-ATK, MX-DEF, MX-TEAM)."""

    lead: CardId = Field(description="the attacking Character")
    battle_card: CardRef
    links: list[CardId] = Field(max_length=2, description="Characters Linked to a Team Attack")
    named_stat: Stat | None = Field(description="the Stat named for a Team Attack, if any (MX-MULTI-6)")
    defender: CardId | None
    defender_card: CardRef | None
    resolved: bool


class Deciding(view_model.Deciding[Seat, DecisionKind]):
    """Who decides now and what kind of choice it is."""


class Result(view_model.Result):
    returns: list[float] = Field(min_length=2, max_length=2, description="+1 win, -1 loss, 0 draw, one per seat")


class MetaXView(_View):
    """Everything one player may know of a MetaX game at one moment."""

    game: Literal["metax"]
    you: Seat = Field(description="the seat this view is for")
    seats: Literal[2]
    turn: int = Field(ge=0, description="0 during setup and mulligans")
    active_player: Seat
    first_player: Seat
    step: Step = Field(description="where the turn is (MX-TURN)")
    played_character_this_turn: bool = Field(description="a Character was played from hand this turn (MX-PLAN-2)")
    players: list[PlayerView] = Field(min_length=2, max_length=2, description="P1 then P2")
    battle_zone: list[AttackView] = Field(description="attacks of the current Battle Step, in declaration order")
    resolving: list[CardRef] = Field(description="Events being used, before their discard")
    deciding: Deciding | None = Field(description="None once the game is over")
    legal_actions: list[LegalAction] = Field(description="the viewer's options (empty when someone else decides)")
    result: Result | None
    log: list[str] = Field(description="the game log as this player may read it (empty in quiet mode)")

