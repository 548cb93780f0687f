"""The typed shape of a MetaZoo (four-lane) view: exactly what ``state.view(p)`` returns
(``view.py`` plus the keys the kernel adds), for clients that rely on it (a browser, an RL
agent).

Strict (no coercion: a number in a string fails) and closed (``extra="forbid"``), so the
exported JSON Schema documents every key. ``python -m metatcg.ui.schema`` writes it to
docs/schema/metazoo-view.schema.json after a change.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...ui import view_model
from ...ui.view_model import LegalAction, ViewModel
from .data import AURA_CAP, LANES, MP_TO_WIN
from .schema import AuraType, Keyword

CardId = Annotated[str, Field(pattern=r"^c\d+$", description="a card instance id, e.g. 'c12' (fixed for the game)")]
Seat = Annotated[int, Field(ge=0, le=1, description="0 = P1, 1 = P2")]
LaneNo = Annotated[int, Field(ge=1, le=LANES, description="a lane, 1 to 4")]
Count = Annotated[int, Field(ge=0)]

Phase = Literal["setup", "ready", "draw", "aura", "action", "end", "over"]
DecisionKind = Literal[
    "priority", "starter",                                            # setup (MZL-SETUP)
    "action",                                                         # the action phase (MZL-ACTION)
    "pay", "enhance_with", "swap", "temp_return", "aura_op",          # Aura (MZL-PLAY, MZL-TRADE, ...)
    "may", "target", "lane", "move_to", "order",                      # abilities and their ops
    "discard", "discover", "bottom", "search", "recover",             # cards among zones
    "sacrifice", "destroy", "overflow", "replace_order", "instead",   # costs, removal, replacements
    "__order_triggers",                                               # the kernel's: order simultaneous triggers
]
UnitType = Literal["creature", "equipment", "caster", "token creature", "token equipment"]


_View = ViewModel


class CardRef(_View):
    """A card a player may see: its instance id and name (the card's text is in the card pool)."""

    id: CardId
    name: str


class TerraRef(_View):
    """The Terra of a lane and the player it belongs to."""

    id: CardId
    name: str
    owner: Seat


class AuraView(_View):
    """An Aura card in an Aura zone or enhancing a lane."""

    id: CardId
    name: str
    type: AuraType
    tapped: bool


class HandCard(_View):
    """A card in the viewer's hand and what playing it would cost now."""

    id: CardId
    name: str
    cost: Count = Field(description="the cost to pay now, cost changes included (a unit or Terra: in its "
                                    "cheapest lane; a Strategy: not confined to a lane), as play options read it")
    base_cost: Count = Field(description="the printed cost")


class InfluenceSource(_View):
    """One reason a unit's Influence differs from its printed Influence."""

    name: str = Field(description="the card whose effect it is ('an effect' when unknown)")
    own: bool = Field(description="the unit's own ability")
    amount: int = Field(description="what it adds (negative: takes away)")


class UnitView(_View):
    """A unit in a lane (public)."""

    id: CardId
    name: str
    type: UnitType
    influence: int = Field(description="current Influence, give/gain and \"has\" effects included (MZL-ERRATA-INFL-2)")
    base_influence: int
    influence_sources: list[InfluenceSource] = Field(
        description="why influence differs from base_influence: give/gain effects then \"has\" effects")
    damage: Count = Field(description="damage on it this round (MZL-DAMAGE)")
    tapped: bool
    keywords: list[Keyword] = Field(description="keywords it has now (own, given or \"has\"), in the order of "
                                                "data.KEYWORDS; Destruction once per instance")
    gigantic: Count = Field(description="Gigantic (X): slots it takes beyond its own (MZL-ERRATA-GIGANTIC)")


class SideView(_View):
    """One player's side of a lane."""

    player: Seat
    units: list[UnitView] = Field(description="in the order they entered")
    aura: list[AuraView] = Field(description="Aura enhancing this side (MZL-ENHANCE)")
    influence: int = Field(description="the side's mission total if a mission were worked out now")
    aura_bonus: Count = Field(description="what its enhancing Aura add to that total (+1 per untapped one "
                                          "while a friendly creature is here, MZL-ENHANCE-6/8)")
    has_creature: bool
    soar: bool = Field(description="a creature of the side has Soar (MZL-KW-SOAR-3)")
    destruction: Count = Field(description="instances of Destruction the side would bring (MZL-ENHANCE-7/13)")
    slots_used: Count = Field(description="units plus enhancing Aura (MZL-LANE-7/8)")
    limit: Count = Field(description="the side's current lane size limit")


class LaneView(_View):
    lane: LaneNo
    terra: TerraRef | None = Field(description="None: the lane is razed")
    resolved: bool
    sides: list[SideView] = Field(min_length=2, max_length=2, description="P1's side then P2's")


class CasterView(_View):
    id: CardId
    name: str
    state: Literal["caster_zone", "lane", "face_down"]
    tapped: bool
    lane: LaneNo | None = Field(description="the lane it is in (state 'lane'), else None")


class PlayerView(_View):
    """One player's side of the table as the viewer may know it."""

    player: Seat
    mp: Count = Field(description=f"Mission Points ({MP_TO_WIN} to win, MZL-WIN-2)")
    priority: bool = Field(description="the round's Priority player (False for both before it is chosen)")
    caster: CasterView
    aura_zone: list[AuraView]
    aura_total: Annotated[int, Field(ge=0, le=AURA_CAP)] = Field(
        description=f"Aura in play: the Aura zone plus this player's Aura in lanes (at most {AURA_CAP})")
    aura_deck_count: Count
    allied_supply_count: Count = Field(description="allied Aura set aside outside the game")
    primary_outside_count: Count = Field(description="primary Aura outside the game (traded away)")
    temporary_aura_owed: Count = Field(description="temporary Aura to put back at the end of the round")
    hand_count: Count
    hand: list[HandCard] | None = Field(description="the hand, for its owner only (None for the opponent)")
    revealed_in_hand: list[CardRef] | None = Field(
        description="the opponent's cards both players saw go to hand (None in the owner's own view)")
    deck_count: Count
    looking_at: list[CardRef] | Count = Field(
        description="cards being looked at (Discover): the cards for their owner, a count for the opponent")
    discard: list[CardRef] = Field(description="the discard pile, bottom first")
    starters_aside: list[CardRef] | Count = Field(
        description="Starter Terras not placed yet: the cards for their owner, a count for the opponent")


class LastMission(_View):
    """The outcome of the last mission worked out."""

    lane: LaneNo
    influence: list[int] = Field(min_length=2, max_length=2, description="P1's and P2's totals")
    winner: Seat | None = Field(description="None: a tie")
    mp: Count = Field(description="MP awarded to the winner")


class Deciding(view_model.Deciding[Seat, DecisionKind]):
    """Who decides now and what kind of choice it is."""


class Result(view_model.Result):
    returns: list[float] = Field(min_length=2, max_length=2, description="+1 win, -1 loss, 0 draw, one per seat")


class MetaZooView(_View):
    """Everything one player may know of a MetaZoo (four-lane) game at one moment."""

    game: Literal["metazoo"]
    you: Seat = Field(description="the seat this view is for")
    seats: Literal[2]
    round: Count = Field(description="0 during setup")
    phase: Phase = Field(description="where the round is (MZL-ROUND); 'ready' after setup, before round 1")
    priority_player: Seat | None = Field(description="the round's Priority player (None before it is chosen)")
    active_player: Seat
    mission_lane: LaneNo | None = Field(description="the lane whose mission is being worked out, if any")
    last_mission: LastMission | None
    lanes: list[LaneView] = Field(min_length=LANES, max_length=LANES, description="lanes 1 to 4")
    players: list[PlayerView] = Field(min_length=2, max_length=2, description="P1 then P2")
    resolving: list[CardRef] = Field(description="Strategies resolving and cards whose cost is being paid")
    deciding: Deciding | None = Field(description="None once the game is over")
    legal_actions: list[LegalAction] = Field(description="the viewer's options (empty when someone else decides)")
    result: Result | None
    log: list[str] = Field(description="the game log as this player may read it (empty in quiet mode)")

