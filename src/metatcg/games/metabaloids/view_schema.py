"""The typed shape of a Metabaloids view: exactly what ``state.view(p)`` returns (``view.py``
plus the keys the kernel adds), for clients that rely on it (a browser, an RL agent).

Strict (no coercion: a number in a string fails) and closed (``extra="forbid"``), so the
exported JSON Schema documents every key. ``python -m metatcg.ui.schema`` writes it to
docs/schema/metabaloids-view.schema.json after a change.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...ui import view_model
from ...ui.view_model import Count, LegalAction, Seat, TableView, ViewModel
from .data import COLUMNS, TALL_MAX

CardId = Annotated[str, Field(pattern=r"^c\d+$", description="a card instance id, e.g. 'c12' (fixed for the game)")]
ColumnNo = Annotated[int, Field(ge=0, lt=COLUMNS, description="0 = left, 1 = middle, 2 = right")]

Phase = Literal["setup", "draw", "abilities", "move", "deploy", "attack", "restock", "end", "over"]
DecisionKind = Literal[
    "place",                                   # initial deployment (MB-SETUP-8)
    "abilities", "move", "deploy",             # the turn's phases (MB-ABIL, MB-MOVE, MB-DEPLOY)
    "attack", "target",                        # starting an attack (MB-ATK)
    "pay", "lose",                             # paying costs and card losses, a card at a time (MB-PAY, MB-CL)
    "choose",                                  # a choice an ability or Event asks for
    "restock",                                 # Restock Reserve / End Turn (MB-RESTOCK)
    "__respond",                               # the kernel's: a response window (use something or pass)
    "__order_triggers",                        # the kernel's: order simultaneous triggers
]


_View = ViewModel


class CardView(_View):
    """A card a player may see, with its printed numbers and how it lies on the table."""

    id: CardId
    name: str
    cost: Count = Field(description="Rarity/Cost (MB-CARD-5)")
    attack: Count
    defense: Count
    meta: Count = Field(description="Metabaloids: the points it pays when discarded (MB-CARD-9)")
    safe: bool = Field(description="turned sideways for safety (MB-SAFE)")
    marked: bool = Field(description="the attacking card or the target of the battle in progress")
    used: bool = Field(description="used its ability this round (MB-ABIL-6)")


class PlayerView(_View):
    """One seat's zones as the viewer may know them (MB-ZONE-10)."""

    seat: Seat
    hand_count: Count
    hand: list[CardView] | None = Field(description="the hand, for its owner only (None for other seats)")
    hand_seen: list[CardView] = Field(description="cards of that hand every seat saw go there (reclaimed)")
    reshuffled: list[str] = Field(description="names of the face-up cards the last reshuffle put into the draw "
                                              "pile, sorted (no ids: their order in the pile is unknown)")
    draw_count: Count
    draw_top: CardView | None = Field(description="the draw pile's top card, when every seat has seen it (a dig)")
    discard: list[CardView] = Field(description="the discard pile, bottom first (last = top)")
    lost_count: Count = Field(description="the score: fewest lost cards wins (MB-WIN-2)")
    lost: list[CardView] = Field(description="the lost pile (public, MB-ZONE-9)")
    reserve: list[CardView]
    events: list[CardView] = Field(description="the event area")
    columns: list[Annotated[list[CardView], Field(max_length=TALL_MAX)]] = Field(
        min_length=COLUMNS, max_length=COLUMNS, description="left, middle, right; [] = no column (MB-GRID-9)")


class SetupView(_View):
    """Initial deployment (MB-SETUP-3..8)."""

    points: list[Count] = Field(min_length=2, max_length=4, description="Rarity/Cost placed so far, per seat")
    done: list[bool] = Field(min_length=2, max_length=4, description="finished placing, per seat")


class BattleView(_View):
    """The battle in progress (MB-ATK, MB-TOT, MB-RES)."""

    attacker: Seat
    defender: Seat
    attack_column: ColumnNo
    defense_column: ColumnNo
    attacking_card: CardView
    target_card: CardView
    attack_draw: CardView | None = Field(description="the attacker's drawn card (None before the draws)")
    defense_draw: CardView | None
    attack_total: Count | None = Field(description="None before the draws")
    defense_total: Count | None
    attack_bonus: int = Field(description="card bonuses of the attacking side, constant ones included")
    defense_bonus: int


class Deciding(view_model.Deciding[Seat, DecisionKind]):
    """Who decides now and what kind of choice it is."""


class Result(view_model.Result):
    returns: list[float] = Field(min_length=2, max_length=4,
                                 description="+1 sole winner, 0 tied for fewest lost, -1 loss; one per seat")


class MetabaloidsView(TableView):
    """Everything one player may know of a Metabaloids game at one moment."""

    game: Literal["metabaloids"]
    phase: Phase
    short_game: bool = Field(description="the short-game table option (MB-WIN-9)")
    setup: SetupView | None = Field(description="initial deployment, during setup only")
    attacked: list[Seat] = Field(description="opponents the active seat attacked this turn")
    battle: BattleView | None
    players: list[PlayerView] = Field(min_length=2, max_length=4, description="P1, P2, ... in seat order")
    deciding: Deciding | None = Field(description="None once the game is over")
    legal_actions: list[LegalAction] = Field(description="the viewer's options (empty when someone else decides)")
    result: Result | None
    log: list[str] = Field(description="the game log as this player may read it (empty in quiet mode)")
