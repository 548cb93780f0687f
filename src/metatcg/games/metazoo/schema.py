"""MetaZoo (four-lane) card schema: what a card file may say, validated once at load.

Cards are data (ARCHITECTURE "Cards are data"). A card file holds ``[[card]]`` tables;
each card's abilities are ``[[card.ability]]`` tables whose ``do`` lists are effect
primitives discriminated by ``op``. ``text`` is only what a person reads.

Card types (``type``)
---------------------
``caster``     ``aura`` (primary type), ``allied`` (allied type; omitted or equal to ``aura``
               means none, MZL-DECK-3), ``cost``, ``influence``. Abilities with ``power = true``
               are Caster Powers (MZL-CASTER-6): without a cost they are continuous, with a
               cost they are used once per round (MZL-CASTER-11).
``creature``   ``aura``, ``cost``, ``influence``; ``unique = true`` for "Creature (Unique)".
``equipment``  same fields as a creature ("Equipment (Unique)" with ``unique``).
``terra``      ``aura``, ``cost``; ``starter = true`` for "Terra (Starter)"; ``unique`` for a
               Terra with only one copy in play in total (MZL-ERRATA-UNIQUE-2).
``strategy``   ``aura``, ``cost``, and ``on_play`` abilities (resolved, then discarded).
``aura``       an Aura card of type ``aura`` (Aura decks and the allied supply).
``token``      a token definition (never in a deck): ``influence``; ``token_type`` is
               ``creature`` unless stated (MZL-TOKEN-6).

Cost is the number of Aura to tap, at least one of the card's own type (MZL-PLAY-2);
a 0-cost card needs an Aura of its type in the Aura zone (MZL-ERRATA-ZERO-2).

Unit filters (``target``, ``watch``, ``count``): ``side`` friendly/rival/any and ``lane``
this/other/any/chosen/mission/subject are relative to the source; ``other`` excludes the
source, ``itself`` means only the source (e.g. a replacement "if this would be Shattered").

Unit properties: ``traits``, ``enhance`` (Aura enhancement symbol), ``soar``,
``gigantic`` (X), ``destruction`` (instances of the keyword), ``cannot`` (restrictions such as
``"be_shattered"``, MZL-ERRATA-CANNOT).

Ability kinds (``kind``)
------------------------
``on_play``                  when this card is played (not created/Moved, MZL-KW-ONPLAY-1);
                             a Strategy's effect.
``on_mission_declaration``   a mission is declared in this card's lane (``scope = "any_lane"``
                             for cards that reach beyond it, MZL-ERRATA-SCOPE-2).
``during_mission``           static ops ``contribution`` / ``mp_award`` applied while the
                             mission in this lane is worked out (MZL-KW-DURING).
``on_mission_resolution``    after the winner is decided and MP awarded (ties too).
``on_successful_mission``    same moment, only if the controller won.
``overwhelm``                same moment, only if the controller won by ``x`` or more.
``when_dispelled``           this card went from play to its owner's discard pile.
``trigger``                  a conditional trigger: ``when`` (see TriggerWhen) and ``watch``
                             (which units: side/lane are relative to this card).
``continuous``               "has": static ops (``has_influence``, ``has_keyword``, ``lane_size``,
                             ``contribution``, ``cost``) while ``condition`` holds.
``activated``                an action: ``cost`` (Aura symbols, tap, Sacrifice) and/or
                             ``icon = true`` (the Action icon, MZL-ERRATA-ICON); once per round
                             unless the cost taps the card itself (MZL-ABILITY-10).
``replacement``              "instead": ``instead_of`` = ``shatter`` / ``damage`` of a unit
                             matching ``watch``; ``do`` happens instead (``prevent`` reduces
                             damage), MZL-ERRATA-REPLEFF.

Every ability may say ``may = true`` (the controller chooses), ``condition`` (checked when
it resolves, or while it applies for static ones), ``once_per_round``.

Terra abilities apply to both players (MZL-TERRA-1): an ability with ``each_player = true``
runs once for each player, each player choosing in their own step (MZL-ERRATA-SIMUL-7, 9),
and "you"/"friendly" then mean that player. Other Terra abilities may only use words that do
not depend on who "you" is (``each``, ``winner``, ``loser``, ``active``, side ``any``), except
activated ones, where "you" is the player using it (MZL-ERRATA-ICON-5).

Example::

    [[card]]
    name = "Cinder Fox"
    type = "creature"
    aura = "fire"
    cost = 3
    influence = 3
    traits = ["Fox"]
    enhance = true
    [[card.ability]]
    kind = "on_play"
    do = [{ op = "deal_damage", amount = 2, target = { side = "rival", lane = "this", type = "creature" } }]
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

AuraType = Literal["air", "earth", "fire", "lightning", "water"]
AURA_TYPES: tuple[str, ...] = ("air", "earth", "fire", "lightning", "water")  # MZL-AURA-3
CardType = Literal["caster", "creature", "equipment", "terra", "strategy", "aura", "token"]

# "cannot" restrictions (MZL-ERRATA-CANNOT): an effect may not choose such a unit for that effect.
Cannot = Literal["be_shattered", "be_damaged", "be_tapped", "be_moved", "be_returned",
                 "be_dueled", "be_targeted"]
# Keywords an effect can give (``grant`` / ``has_keyword``); "destruction" adds one instance.
Keyword = Literal["soar", "destruction", "enhance", "cannot_be_shattered", "cannot_be_damaged",
                  "cannot_be_tapped", "cannot_be_moved", "cannot_be_returned", "cannot_be_dueled",
                  "cannot_be_targeted"]

Side = Literal["friendly", "rival", "any"]
# Lanes relative to the effect: "this" = the card's own lane (a Strategy confined to a lane,
# see MZL-ERRATA-DISCOUNT: that lane); "other" = any lane but this; "chosen" = a lane the
# controller picks once per ability; "mission" = the lane whose mission is being resolved;
# "subject" = the lane of the unit the trigger is about.
LaneRef = Literal["this", "other", "any", "chosen", "mission", "subject"]
# Who an effect's player-op applies to. "each": every player in their own step, ordered by
# the active player (MZL-ERRATA-SIMUL-7/9).
PlayerRef = Literal["you", "opponent", "each", "winner", "loser", "active", "subject_controller"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ----------------------------------------------------------------------------- filters
class UnitFilter(_Strict):
    """Which units (cards in lanes) something is about. Side and lane are relative to the
    effect's source and controller."""

    side: Side = "any"
    lane: LaneRef = "any"
    type: Literal["unit", "creature", "equipment"] = "unit"   # creature includes Casters in lanes and creature tokens
    caster: bool | None = None     # True: only Casters; False: no Casters
    token: bool | None = None      # True: only tokens; False: no tokens
    trait: str | None = None
    aura: AuraType | None = None
    name: str | None = None
    keyword: Keyword | None = None  # e.g. "soar": only units that have Soar now
    tapped: bool | None = None
    damaged: bool | None = None
    min_influence: int | None = None  # current Influence (MZL-ERRATA-INFL-2)
    max_influence: int | None = None
    max_cost: int | None = None       # base cost (MZL-ERRATA-BASECOST-2)
    other: bool = False               # "another": not the source itself
    itself: bool = False              # only the source itself (e.g. "if this would be Shattered")


class Target(UnitFilter):
    """Units an op acts on, and how they are picked.

    ``one``: the chooser picks one; ``up_to``: up to ``count``, one pick at a time, ending
    with "done"; ``all``: every matching unit, each its own mini-step ordered by the active
    player (MZL-ERRATA-SIMUL-1..3); ``self``: the source; ``subject``: the unit the trigger
    is about; ``previous``: the unit the previous op of this ability picked;
    ``highest``/``lowest``: the single unit with the most/least current Influence, ties
    broken by the active player (MZL-ERRATA-TIE)."""

    choose: Literal["one", "up_to", "all", "self", "subject", "previous", "highest", "lowest"] = "one"
    count: int = Field(default=1, ge=1, le=10)


class CardFilter(_Strict):
    """Cards in a hidden or public zone (search, Discover, recover, cost changes, triggers)."""

    type: Literal["creature", "equipment", "terra", "strategy", "unit"] | None = None
    aura: AuraType | None = None
    trait: str | None = None
    name: str | None = None
    max_cost: int | None = None
    unique: bool | None = None
    starter: bool | None = None


class Count(_Strict):
    """A condition: between ``at_least`` and ``at_most`` units match ``units``."""

    units: UnitFilter
    at_least: int = Field(default=1, ge=0)
    at_most: int | None = Field(default=None, ge=0)


class Condition(_Strict):
    """All stated parts must hold (unset parts are ignored)."""

    terra: bool | None = None           # this lane has a Terra (False: the lane is razed)
    terra_aura: AuraType | None = None  # this lane's Terra is of that type
    terra_not_aura: AuraType | None = None  # a Terra of another type is here (razed fails: MZL-ERRATA-RAZED-1)
    terra_trait: str | None = None
    lane_resolved: bool | None = None
    self_tapped: bool | None = None
    in_lane: bool | None = None         # a Caster: True in a lane, False in its Caster zone
    count: list[Count] = []
    mp_behind: bool | None = None       # the controller has fewer MP than the opponent
    result: Literal["won", "lost", "tied"] | None = None  # mission outcome for the controller
    enhanced: bool | None = None        # the controller's side of this lane has enhancing Aura


# ----------------------------------------------------------------------------- ops
class _Op(_Strict):
    pass


class _PlayerOp(_Op):
    player: PlayerRef = "you"


class Draw(_PlayerOp):
    op: Literal["draw"]
    count: int = Field(default=1, ge=1, le=10)


class Discard(_PlayerOp):
    """That player discards ``count`` cards of their choice from hand."""

    op: Literal["discard"]
    count: int = Field(default=1, ge=1, le=10)


class GainMp(_PlayerOp):
    """Gain MP (permanent, MZL-KW-GIVE-2); ``player = "loser"`` gives MP to the mission loser."""

    op: Literal["gain_mp"]
    amount: int = Field(ge=1, le=30)


class LoseMp(_PlayerOp):
    op: Literal["lose_mp"]
    amount: int = Field(ge=1, le=30)


class Discover(_PlayerOp):
    """MZL-KW-DISCOVER: look at the top ``x``, take one matching (or none), rest to the bottom."""

    op: Literal["discover"]
    x: int = Field(ge=1, le=10)
    filter: CardFilter = CardFilter()


class Search(_PlayerOp):
    """Search the deck for a matching card to hand (may fail to find); always shuffles
    afterwards (MZL-ERRATA-SEARCH-1)."""

    op: Literal["search"]
    filter: CardFilter = CardFilter()


class Recover(_PlayerOp):
    """Return a matching card from the discard pile to hand."""

    op: Literal["recover"]
    filter: CardFilter = CardFilter()


class TempAura(_PlayerOp):
    """Top Aura of the Aura deck into the Aura zone; at the end of the round a primary Aura
    goes back on top of the Aura deck (MZL-ERRATA-TEMPAURA)."""

    op: Literal["temp_aura"]


class RampAura(_PlayerOp):
    """Top Aura of the Aura deck into the Aura zone for good (10-Aura cap, MZL-AURAPH-4)."""

    op: Literal["ramp_aura"]
    tapped: bool = False


class ReturnAura(_PlayerOp):
    """That player puts an Aura from their Aura zone on top of their Aura deck (an allied
    one goes outside the game and a primary from outside goes on the deck, MZL-AURA-8)."""

    op: Literal["return_aura"]


class TapAura(_PlayerOp):
    """Tap untapped Aura in that player's Aura zone (never Aura in lanes, MZL-ENHANCE-12)."""

    op: Literal["tap_aura"]
    count: int = Field(default=1, ge=1, le=10)


class UntapAura(_PlayerOp):
    op: Literal["untap_aura"]
    count: int = Field(default=1, ge=1, le=10)


class CreateToken(_PlayerOp):
    """Create tokens (MZL-KW-CREATE) on that player's side of ``lane``; a creation that
    does not fit does not happen (MZL-LANE-14)."""

    op: Literal["create_token"]
    token: str
    count: int = Field(default=1, ge=1, le=5)
    lane: LaneRef = "this"


class TreatResolved(_Op):
    """Mark a lane resolved without a mission: no scoring, no On Mission effects
    (MZL-ERRATA-LANERES-4)."""

    op: Literal["treat_resolved"]
    lane: LaneRef = "this"


class _UnitOp(_Op):
    target: Target = Target()


class GiveInfluence(_UnitOp):
    """+/- current Influence until the end of the round (MZL-KW-GIVE-1)."""

    op: Literal["give_influence"]
    amount: int = Field(ge=-20, le=20)


class GainInfluence(_UnitOp):
    """+/- current Influence for as long as the unit stays in play (MZL-KW-GIVE-5)."""

    op: Literal["gain_influence"]
    amount: int = Field(ge=-20, le=20)


class DealDamage(_UnitOp):
    op: Literal["deal_damage"]
    amount: int = Field(ge=1, le=30)


class Duel(_UnitOp):
    """``fighter`` (default: this card) and ``target`` deal damage to each other equal to
    their current Influence (MZL-KW-DUEL)."""

    op: Literal["duel"]
    fighter: Target = Target(choose="self")


class Shatter(_UnitOp):
    op: Literal["shatter"]


class Sacrifice(_UnitOp):
    """Sacrifice units the controller controls (never prevented, MZL-KW-SACRIFICE)."""

    op: Literal["sacrifice"]


class ReturnToHand(_UnitOp):
    op: Literal["return_to_hand"]


class Move(_UnitOp):
    """Move to another lane (MZL-KW-MOVE); ``to`` names the destination."""

    op: Literal["move"]
    to: LaneRef = "this"


class Tap(_UnitOp):
    op: Literal["tap"]


class Untap(_UnitOp):
    op: Literal["untap"]


class Grant(_UnitOp):
    """Give (``round``) or gain (``permanent``) a keyword."""

    op: Literal["grant"]
    keyword: Keyword
    duration: Literal["round", "permanent"] = "round"


# ---- static ops (continuous / during_mission): computed on read, never stored
class HasInfluence(_UnitOp):
    op: Literal["has_influence"]
    amount: int = Field(ge=-20, le=20)


class HasKeyword(_UnitOp):
    op: Literal["has_keyword"]
    keyword: Keyword


class LaneSize(_Op):
    """The lane size limit of ``side`` in ``lane`` changes by ``amount``."""

    op: Literal["lane_size"]
    amount: int = Field(ge=-5, le=5)
    side: Side = "friendly"
    lane: Literal["this", "any"] = "this"


class Contribution(_UnitOp):
    """Changes only what matching units contribute to a mission (MZL-ERRATA-INFL-3)."""

    op: Literal["contribution"]
    amount: int = Field(ge=-20, le=20)


class CostChange(_Op):
    """Cards matching ``card`` played by ``side`` cost ``amount`` more (negative: less),
    never below 0 (MZL-PLAY-9). ``lane_only``: only for units played to this card's lane and
    Strategies confined to it (MZL-ERRATA-DISCOUNT)."""

    op: Literal["cost"]
    amount: int = Field(ge=-10, le=10)
    card: CardFilter = CardFilter()
    side: Side = "friendly"
    lane_only: bool = False


class MpAward(_Op):
    """During Mission: the winner of this mission gets ``amount`` more MP, if the winner is
    on ``side``."""

    op: Literal["mp_award"]
    amount: int = Field(ge=-5, le=5)
    side: Side = "friendly"


class Prevent(_Op):
    """Replacement only: prevent ``amount`` of the damage (all of it if omitted)."""

    op: Literal["prevent"]
    amount: int | None = Field(default=None, ge=1, le=30)


Op = Annotated[
    Union[Draw, Discard, GainMp, LoseMp, Discover, Search, Recover, TempAura, RampAura, ReturnAura,
          TapAura, UntapAura, CreateToken, TreatResolved, GiveInfluence, GainInfluence, DealDamage,
          Duel, Shatter, Sacrifice, ReturnToHand, Move, Tap, Untap, Grant, HasInfluence, HasKeyword,
          LaneSize, Contribution, CostChange, MpAward, Prevent],
    Field(discriminator="op"),
]
OP_NAMES = ("draw", "discard", "gain_mp", "lose_mp", "discover", "search", "recover", "temp_aura",
            "ramp_aura", "return_aura", "tap_aura", "untap_aura", "create_token", "treat_resolved",
            "give_influence", "gain_influence", "deal_damage", "duel", "shatter", "sacrifice",
            "return_to_hand", "move", "tap", "untap", "grant", "has_influence", "has_keyword",
            "lane_size", "contribution", "cost", "mp_award", "prevent")
STATIC_OPS = frozenset({"has_influence", "has_keyword", "lane_size", "contribution", "cost"})
MISSION_STATIC_OPS = frozenset({"contribution", "mp_award"})
UNIT_OPS = frozenset({"give_influence", "gain_influence", "deal_damage", "duel", "shatter", "sacrifice",
                      "return_to_hand", "move", "tap", "untap", "grant"})
PLAYER_OPS = frozenset({"draw", "discard", "gain_mp", "lose_mp", "discover", "search", "recover",
                        "temp_aura", "ramp_aura", "return_aura", "tap_aura", "untap_aura", "create_token"})


# ----------------------------------------------------------------------------- abilities
class SacrificeCost(_Strict):
    """Sacrifice units you control as a cost; the unit may be this one unless ``other``
    (MZL-ERRATA-SELFSAC-1)."""

    units: UnitFilter = UnitFilter(side="friendly")
    count: int = Field(default=1, ge=1, le=3)


class Cost(_Strict):
    """An activated ability's cost: Aura symbols (each needs an Aura of that exact type; "any"
    is generic, MZL-ABILITY-11), tapping this card, Sacrifices."""

    aura: dict[Literal["air", "earth", "fire", "lightning", "water", "any"], Annotated[int, Field(ge=1, le=10)]] = {}
    tap: bool = False
    sacrifice: SacrificeCost | None = None


TriggerWhen = Literal[
    "unit_played",         # a unit matching ``watch`` is played (not created: MZL-KW-CREATE-2)
    "unit_enters",         # ... played, created, Moved or put into a lane (MZL-ERRATA-ENTERS-1)
    "card_played",         # a card matching ``card`` is played by a player on ``watch.side``
    "dispelled",           # a unit matching ``watch`` is Dispelled (MZL-ERRATA-DISPTRIG)
    "leaves_play",         # a unit matching ``watch`` leaves play (Dispelled or not)
    "damaged",             # a unit matching ``watch`` is dealt damage
    "enhanced",            # an Aura enhances a lane (``watch`` side/lane)
    "action_phase_start",  # the action phase begins
    "round_end",           # "at the end of the round" (MZL-ROUND-6 step 2)
]

AbilityKind = Literal["on_play", "on_mission_declaration", "during_mission", "on_mission_resolution",
                      "on_successful_mission", "overwhelm", "when_dispelled", "trigger", "continuous",
                      "activated", "replacement"]


class Ability(_Strict):
    kind: AbilityKind
    name: str = ""                 # the printed ability name, if any
    text: str = ""
    do: list[Op] = []
    may: bool = False
    condition: Condition | None = None
    once_per_round: bool | None = None
    each_player: bool = False
    power: bool = False            # a Caster Power (bottom-left box, MZL-CASTER-6)
    where: Literal["lane", "caster_zone", "anywhere"] | None = None  # Casters: where it works
    scope: Literal["this_lane", "any_lane"] = "this_lane"  # On Mission scope (MZL-ERRATA-SCOPE)
    # trigger
    when: TriggerWhen | None = None
    watch: UnitFilter | None = None
    card: CardFilter | None = None
    # overwhelm
    x: int | None = Field(default=None, ge=1, le=30)
    # activated
    cost: Cost | None = None
    icon: bool = False
    not_when_resolved: bool = False  # cannot be used once its lane is resolved (MZL-ERRATA-LANERES-2)
    # replacement
    instead_of: Literal["shatter", "damage"] | None = None

    @model_validator(mode="after")
    def _shape(self) -> "Ability":
        k = self.kind
        ops = [o.op for o in self.do]
        statics = [o for o in ops if o in STATIC_OPS or o == "mp_award"]
        if k == "continuous":
            if not self.do or len(statics) != len(ops):
                raise ValueError("a continuous ability needs 'do' made only of static ops "
                                 "(has_influence, has_keyword, lane_size, contribution, cost)")
            if "mp_award" in ops:
                raise ValueError("mp_award belongs in a during_mission ability")
        elif k == "during_mission":
            if not self.do or any(o not in MISSION_STATIC_OPS for o in ops):
                raise ValueError("a during_mission ability may only use contribution and mp_award (MZL-KW-DURING-2)")
        else:
            if statics:
                raise ValueError(f"{statics[0]} is a static op: use it in a continuous or during_mission ability")
            if not self.do and not (k == "replacement"):
                raise ValueError(f"a {k} ability needs a 'do' list")
        if "prevent" in ops and not (k == "replacement" and self.instead_of == "damage"):
            raise ValueError("prevent is only for replacement abilities with instead_of = \"damage\"")
        if (k == "trigger") != (self.when is not None):
            raise ValueError("'when' is required for, and only for, trigger abilities")
        if k == "trigger" and self.when == "card_played" and self.card is None:
            raise ValueError("a card_played trigger needs a 'card' filter")
        if self.watch is not None and k not in ("trigger", "replacement"):
            raise ValueError("'watch' is only for trigger and replacement abilities")
        if (k == "overwhelm") != (self.x is not None):
            raise ValueError("'x' is required for, and only for, overwhelm abilities")
        if (k == "replacement") != (self.instead_of is not None):
            raise ValueError("'instead_of' is required for, and only for, replacement abilities")
        if k == "activated":
            if self.cost is None and not self.icon:
                raise ValueError("an activated ability needs a 'cost' or the Action icon (icon = true)")
        elif self.cost is not None or self.icon or self.not_when_resolved:
            raise ValueError("'cost', 'icon' and 'not_when_resolved' are only for activated abilities")
        if self.scope != "this_lane" and k not in ("on_mission_declaration", "on_mission_resolution",
                                                     "on_successful_mission", "overwhelm", "during_mission"):
            raise ValueError("'scope' is only for On Mission abilities")
        return self


# ----------------------------------------------------------------------------- cards
class CardModel(_Strict):
    name: str = Field(min_length=1)
    number: str | None = None
    text: str = ""
    type: CardType
    aura: AuraType | None = None
    allied: AuraType | None = None
    cost: int | None = Field(default=None, ge=0, le=20)
    influence: int | None = Field(default=None, ge=0, le=30)
    unique: bool = False
    starter: bool = False
    token_type: Literal["creature", "equipment"] | None = None
    traits: list[str] = []
    enhance: bool = False
    soar: bool = False
    gigantic: int = Field(default=0, ge=0, le=5)
    destruction: int = Field(default=0, ge=0, le=5)
    cannot: list[Cannot] = []
    ability: list[Ability] = []

    @model_validator(mode="after")
    def _by_type(self) -> "CardModel":
        t = self.type
        units = ("caster", "creature", "equipment", "token")
        if t != "token" and self.aura is None:
            raise ValueError(f"a {t} card needs an Aura type ('aura')")
        if t in ("caster", "creature", "equipment", "terra", "strategy") and self.cost is None:
            raise ValueError(f"a {t} card needs a 'cost'")
        if t in ("aura", "token") and self.cost is not None:
            raise ValueError(f"a {t} card has no cost")
        if t in units and self.influence is None:
            raise ValueError(f"a {t} card needs an 'influence'")
        if t not in units and self.influence is not None:
            raise ValueError(f"a {t} card has no influence")
        if self.allied is not None and t != "caster":
            raise ValueError("'allied' is only for Casters")
        if self.starter and t != "terra":
            raise ValueError("'starter' is only for Terras")
        if self.unique and t not in ("creature", "equipment", "terra"):
            raise ValueError("'unique' is only for creatures, equipment and Terras")
        if self.token_type is not None and t != "token":
            raise ValueError("'token_type' is only for tokens")
        if t not in units and (self.enhance or self.soar or self.gigantic or self.destruction or self.cannot):
            raise ValueError("enhance/soar/gigantic/destruction/cannot are unit properties")
        if t == "aura" and self.ability:
            raise ValueError("an Aura card has no abilities")
        for i, a in enumerate(self.ability):
            where = f"ability #{i + 1}"
            if t == "strategy" and a.kind != "on_play":
                raise ValueError(f"{where}: a Strategy's abilities are on_play (its one-time effect)")
            if a.power and t != "caster":
                raise ValueError(f"{where}: only Casters have Caster Powers")
            if a.where is not None and t != "caster":
                raise ValueError(f"{where}: 'where' is only for Caster abilities")
            if a.each_player and t != "terra":
                raise ValueError(f"{where}: 'each_player' is only for Terra abilities")
            if t == "terra" and not a.each_player and a.kind != "activated" and _relative(a):
                raise ValueError(f"{where}: a Terra ability applies to both players (MZL-TERRA-1); use "
                                 "each_player = true, or words that do not depend on 'you' "
                                 "(player each/winner/loser/active, side any)")
            if t == "strategy" and a.kind == "on_play" and any(o.op == "prevent" for o in a.do):
                raise ValueError(f"{where}: prevent is only for replacements")
            if a.kind == "on_play" and t == "aura":
                raise ValueError(f"{where}: Aura cards have no abilities")
        if t == "caster" and self.allied == self.aura:
            # MZL-DECK-3: an allied box showing the Caster's own type means no allied type
            object.__setattr__(self, "allied", None)
        return self


def _relative(a: Ability) -> bool:
    """Does a (Terra) ability use words that depend on who "you" is?"""
    for o in a.do:
        if getattr(o, "player", "each") in ("you", "opponent"):
            return True
        for f in ("target", "fighter"):
            tg = getattr(o, f, None)
            if tg is not None and tg.side != "any" and tg.choose not in ("self", "subject", "previous"):
                return True
        if o.op in ("lane_size", "cost", "mp_award") and o.side != "any":
            return True
    if a.condition is not None and (a.condition.mp_behind is not None or a.condition.result is not None
                                    or a.condition.enhanced is not None
                                    or any(c.units.side != "any" for c in a.condition.count)):
        return True
    if a.watch is not None and a.watch.side != "any":
        return True
    return False


class CardFile(_Strict):
    card: list[CardModel] = Field(min_length=1)
