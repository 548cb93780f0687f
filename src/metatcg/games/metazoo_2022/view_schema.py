"""The typed shape of a MetaZoo 2022 view: exactly what ``state.view(p)`` returns (``view.py``
plus the keys the kernel adds), for clients that rely on it (a browser, an RL agent).

Strict (no coercion: a number in a string fails) and closed (``extra="forbid"``), so the
exported JSON Schema documents every key. ``python -m metatcg.ui.schema`` writes it to
docs/schema/metazoo-2022-view.schema.json after a change.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...ui import view_model
from ...ui.view_model import Count, LegalAction, Seat, TableView, ViewModel
from .data import SLOTS, START_LP, STEPS
from .rules import OPTIONS

PageId = Annotated[str, Field(pattern=r"^c\d+$", description="a Page instance id, e.g. 'c12' (fixed for the game)")]
Entity = Annotated[str, Field(pattern=r"^(c\d+|f\d+|P[1-4]|k\d+)$",
                              description="'c12' a Page, 'f3' a face-down Page as others see it (its alias, "
                                          "PR-MZ22-55), 'P2' a Caster (seat 1), 'k3' a chain item")]

PageType = Literal["aura", "beastie", "spell", "potion", "artifact", "terra"]
AuraType = Literal["water", "flame", "forest", "frost", "lightning", "earth",
                   "cosmic", "dark", "light", "spirit", "neutral"]
PoolType = Literal["water", "flame", "forest", "frost", "lightning", "earth",
                   "cosmic", "dark", "light", "spirit"]
Status = Literal["frozen", "burn", "poison", "paralyze", "sleep", "scared", "confusion"]
Step = Literal[STEPS]  # type: ignore[valid-type]
WindowName = Literal["start", "end", "chain", "combat1", "combat2"]
# Every decision kind the rules offer (``rules.OPTIONS``: set-up, ``main``, targets and payment,
# the Combat's choices, choices inside Effects) and the kernel's response window and trigger order.
DecisionKind = Literal[(*OPTIONS, "__respond", "__order_triggers")]  # type: ignore[valid-type]


_View = ViewModel


class IndicatorView(_View):
    """A Status Effect Indicator (MZ22-STATUS-16)."""

    status: Status
    counters: Count
    turn: Count = Field(description="the turn it was placed")


class PageView(_View):
    """A Page the viewer may see. Pages in the Arena or a Terra slot also show their state;
    Beasties and Artifacts there their LP (MZ22-LP-6)."""

    id: PageId
    name: str
    type: PageType
    owner: Seat
    token: bool
    controller: Seat | None = Field(default=None, description="in the Arena or a Terra slot only")
    fatigued: bool | None = Field(default=None, description="in the Arena or a Terra slot only")
    statuses: list[IndicatorView] | None = Field(default=None, description="in the Arena only")
    traits: list[str] | None = Field(default=None, description="its Traits, granted ones included, in the Arena "
                                     "when it has any (MZ22-TRAIT-1); Regen may repeat")
    marks: dict[str, int] | None = Field(default=None, description="Trait indicators, not Status Effects "
                                         "(MZ22-TRAIT-2): burrowed = turn, flash = the turn it ends (0: "
                                         "not begun), defender = LP gained")
    types: list[AuraType | Literal["special"]] | None = Field(
        default=None, description="current Aura Types, in the Arena only ('special': a Special Aura Page, "
                                  "which belongs to no other type, MZ22-AURA-5)")
    lp: Count | None = Field(default=None, description="current LP (Beasties and Artifacts in the Arena)")
    max_lp: Count | None = None
    damage: Count | None = None
    lp_loss: Count | None = None


class CasterView(_View):
    """One Caster's LP, Indicators, zones and Aura as the viewer may know them (MZ22-ZONE-11)."""

    seat: Seat
    lp: Count = Field(description=f"starts at {START_LP} (MZ22-SETUP-1)")
    damage: Count
    lp_loss: Count
    out: bool = Field(description="eliminated (MZ22-WIN)")
    statuses: list[IndicatorView] = Field(description="Burn / Poison in front of the Caster")
    spellbook_count: Count
    chapter_count: Count
    chapter: list[PageView] | None = Field(description="the Chapter, for its owner only (None for others)")
    chapter_seen: list[PageView] = Field(description="Pages of that Chapter every Caster saw")
    limbo: list[PageView]
    cemetery: list[PageView]
    afterlife: list[PageView]
    aura: dict[PoolType, Annotated[int, Field(ge=1)]] = Field(description="unspent Aura by type")
    aura_contracted: bool = Field(description="an Aura Page Contracted this turn (MZ22-TURN-6)")
    mulligans: Count
    archive_count: Count = Field(description="the Archive's size: public, its Pages hidden (MZ22-ARCH-3/7)")


class ChainItemView(_View):
    """An item of the resolution chain (MZ22-CHAIN); the list is bottom first (last resolves first)."""

    id: Annotated[str, Field(pattern=r"^k\d+$")]
    kind: Literal["contract", "effect", "copy"]
    page: PageView
    seat: Seat = Field(description="its controller")
    effect: int = Field(ge=-1, description="the index of the Page's Effect")
    targets: list[list[Entity]] = Field(description="one list of chosen entities per target slot")


class CombatView(_View):
    """The Combat in progress (MZ22-COMBAT)."""

    id: Count
    seat: Seat = Field(description="the attacking Caster")
    attacker: PageId
    target: Entity | None
    attack: int = Field(ge=-1, description="the Attack's index (-1 not chosen yet)")
    defenders: list[PageId] = Field(description="declared Defenders in order")
    primary: Entity | None = Field(description="the primary Defender (None not chosen yet)")
    counter: int = Field(ge=-1, description="the primary Defender's Attack index (-1 none)")
    damage: str | None = Field(default=None, description="the Attack and the Damage it deals now, each "
                               "modifier named: 'Antler Hop (40 +20 Tribal Boost = 60)'")
    counter_damage: str | None = Field(default=None, description="the primary Defender's answering Attack "
                                       "and its Damage now, as ``damage``")


class WindowView(_View):
    """A response window in progress: its name and the Caster asked now (priority)."""

    name: WindowName
    seat: Seat | None = Field(description="the Caster asked, shown only to that Caster (PR-K-9)")


class Deciding(view_model.Deciding[Seat, DecisionKind]):
    """Who decides now and what kind of choice it is."""


class Result(view_model.Result):
    returns: list[float] = Field(min_length=2, max_length=4, description="one per seat")


class ProfileView(_View):
    """A declared place: Terra Bonus place keys and 4th Wall items (MZ22-TERRA-8, MZ22-WALL-9)."""

    keys: list[str]
    items: list[str]


class CasterSurroundingsView(_View):
    """One Caster's public declaration and the keys derived for them this turn (MZ22-TERRA-13)."""

    keys: list[str]
    items: list[str]
    self: list[str] = Field(description="personal conditions (MZ22-WALL-4)")
    derived: list[str] = Field(description="clock, sky and weather keys of this turn (MZ22-TERRA-10..12)")


class SurroundingsView(_View):
    """The surroundings mode and every declaration, all public (MZ22-TERRA-9, MZ22-WALL-9)."""

    mode: Literal["shared", "per_caster", "terra_only"]
    moment: str | None
    place: list[float] | None
    shared: ProfileView | None
    casters: list[CasterSurroundingsView]


class MZ22View(TableView):
    """Everything one Caster may know of a MetaZoo 2022 game at one moment."""

    game: Literal["metazoo-2022"]
    step: Step
    arena: list[PageView] = Field(description="Pages in the Arena, in arrival order")
    terra: list[PageView | None] = Field(min_length=SLOTS, max_length=SLOTS,
                                         description="the Terra slots in order (None = empty)")
    rotation: int = Field(ge=0, lt=SLOTS, description="the slot the next Terra goes to (MZ22-TSLOT-14)")
    chain: list[ChainItemView] = Field(description="the resolution chain, bottom first")
    combat: CombatView | None
    casters: list[CasterView] = Field(min_length=2, max_length=4, description="P1, P2, ... in seat order")
    window: WindowView | None = Field(description="the response window open now, if any")
    priority: Seat | None = Field(description="who holds priority (Take Actions, or a window to the seat "
                                                  "asked only), if anyone")
    surroundings: SurroundingsView
    beneath: list[dict[str, Any]] = Field(description="face-down Traps (hidden from others: id, controller, under "
                                                      "only), Equipment and Pages under another Page "
                                                      "(MZ22-TRAP-22, MZ22-PLACE-17)")
    deciding: Deciding | None = Field(description="None once the game is over")
    legal_actions: list[LegalAction] = Field(description="the viewer's options (empty when someone else decides)")
    result: Result | None
    log: list[str] = Field(description="the game log as this player may read it (empty in quiet mode)")
