"""MetaZoo 2022 Page schema: what a Page file may say, validated once at load (MZ22-LAYOUT-4).

A file holds ``[[page]]`` tables, discriminated by ``type`` (MZ22-PAGE-14): ``aura`` and
``terra`` (each Basic or Special by ``special``), ``beastie``, ``spell``, ``potion``,
``artifact``. Effects are lists of ops discriminated by ``op`` (design §4.2); ``text`` is only
what a person reads. Part 2's Traits, Equipment, Traps and 4th Wall predicates are plain data
here (``traits``, ``wall``, the ``flipped``/``trigger`` Effects) so part 2 adds handlers, not
fields.

Details the design page leaves open, chosen here:

* An Aura Page names its own type in ``aura`` (a Basic one a non-Neutral type, MZ22-PAGE-1) and
  has no Aura Cost; ``produces`` defaults to ``[aura]``. A Basic Aura Page produces only its own
  type and prints no Spellbook Limit (MZ22-PAGE-2); a Special Aura Page must print one and may
  produce several types or ``any`` (MZ22-AURA-5/9).
* A Potion may keep typed cost entries of amount 0 (they give its type, MZ22-ATYPE-11) but any
  non-zero amount is refused: its cost is always 0 (MZ22-PAGE-7/16).
* Cost entries name each Aura Type at most once; LP, Damage and Terra Bonus amounts are
  multiples of 5 (the rulebook's numbers all are).
* A Beastie has ``lp`` > 0 and up to 3 Attacks (none: it only defends, MZ22-COMBAT-16); an
  Artifact has ``lp`` > 0 (MZ22-PAGE-9) and no Attacks; other types print neither. Only
  Beasties carry Tribes / Tribal Boost (MZ22-TRIBAL-1), and Tribal Boost needs a Tribe.
* A Basic Terra has no Effects and no cost entries beyond 0 amounts (MZ22-TSLOT-12); every Terra
  names the key it activates in ``terra_name`` (MZ22-TERRA-4). Aura and Terra Pages never have
  ``any_time`` (MZ22-TSLOT-16, MZ22-TURN-6).
* A Spell/Potion has exactly one ``cast`` Effect (its body); only Spells/Potions have one. Its
  ``targets`` are chosen at Contract (MZ22-CONTRACT-2). ``power`` Effects fatigue their Page by
  default (MZ22-GLOSS-12/15); ``turns`` is only for start/end-of-turn Effects (MZ22-TURN-20);
  an ``arena`` Effect has only ``static`` modifiers, every other Effect only ``do`` ops.
* ``to = "tN"`` must name one of the Effect's ``targets`` (checked through nested ops);
  ``n`` of a target spec is the most, ``up_to`` lets fewer be chosen.
* Status infliction: ``x`` only for Frozen (required, its Counters) and Burn (optional, fixed
  Counters instead of a D6); ``auto`` skips the coin (MZ22-STATUS-9/12).
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Sequence, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator

# ------------------------------------------------------------------ vocabularies
AURA_TYPES: tuple[str, ...] = ("water", "flame", "forest", "frost", "lightning", "earth",
                               "cosmic", "dark", "light", "spirit")          # MZ22-AURA-1
AuraType = Literal["water", "flame", "forest", "frost", "lightning", "earth",
                   "cosmic", "dark", "light", "spirit"]
CostType = Literal["water", "flame", "forest", "frost", "lightning", "earth",
                   "cosmic", "dark", "light", "spirit", "neutral"]          # MZ22-AURA-3
ProducedType = Literal["water", "flame", "forest", "frost", "lightning", "earth",
                       "cosmic", "dark", "light", "spirit", "any"]         # MZ22-AURA-9
# The 24 Terra Bonus keys (MZ22-TERRA-3), separate from the Aura Types (MZ22-AURA-10).
TERRA_KEYS: tuple[str, ...] = (
    "city", "daytime", "desert", "dawn", "dusk", "farm", "fog", "forest", "full_moon", "ground",
    "island", "lake", "lightning_storm", "meteor_shower", "mountain", "nighttime", "ocean",
    "raining", "river", "snowing", "stars", "suburban", "swamp", "winter")
TerraKey = Literal[
    "city", "daytime", "desert", "dawn", "dusk", "farm", "fog", "forest", "full_moon", "ground",
    "island", "lake", "lightning_storm", "meteor_shower", "mountain", "nighttime", "ocean",
    "raining", "river", "snowing", "stars", "suburban", "swamp", "winter"]
STATUSES: tuple[str, ...] = ("frozen", "burn", "poison", "paralyze", "sleep", "scared",
                             "confusion")                                   # MZ22-STATUS-2
Status = Literal["frozen", "burn", "poison", "paralyze", "sleep", "scared", "confusion"]
# Traits (part 2 handlers, MZ22-TRAIT-*); Trap and Equipment are Traits (MZ22-PAGE-14).
Trait = Literal["blood_sucker", "burrow", "convert", "defender", "destroyer", "equipment",
                "fear", "first_strike", "flash", "fleet", "flight", "immortal", "infectious",
                "invisible", "magiproof", "regen", "self_destruct", "spirit", "stone_skin",
                "trap", "unblockable", "venomous"]
When = Literal["contract", "flipped", "destroyed", "arena", "start_of_turn", "end_of_turn",
               "power", "any_time", "cast", "trigger"]
TRIGGERED: frozenset[str] = frozenset({"contract", "flipped", "destroyed", "start_of_turn",
                                       "end_of_turn", "trigger"})           # MZ22-KW-8
ACTIVATED: frozenset[str] = frozenset({"power", "any_time"})
Side = Literal["any", "own", "opposing"]
Count = Literal["opposing_beasties", "own_beasties", "beasties", "tribe", "chapter",
                "cemetery", "limbo", "afterlife", "terra", "aura_pages", "indicators"]
_TREF = re.compile(r"t(\d)")
_WALL = re.compile(r"(item|self):[a-z0-9][a-z0-9-]*|terra:[a-z_]+")


def _wall_pred(v: str) -> str:
    """A 4th Wall predicate (MZ22-WALL-7): ``item:<thing>``, ``self:<condition>`` or
    ``terra:<Terra Bonus key>``."""
    if not _WALL.fullmatch(v) or (v.startswith("terra:") and v[6:] not in TERRA_KEYS):
        raise ValueError(f"{v!r:.40} is not a 4th Wall predicate: item:<thing>, self:<condition> "
                         "or terra:<Terra Bonus key> (MZ22-WALL-7)")
    return v


WallPred = Annotated[str, AfterValidator(_wall_pred)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ------------------------------------------------------------------ amounts and refs
class Per(_Strict):
    """``each`` per counted thing, plus ``plus`` ("+10 per …", MZ22-EX-16)."""

    per: Count
    each: int = Field(ge=1, le=200)
    plus: int = Field(default=0, ge=0, le=500)


Amount = Union[Annotated[int, Field(ge=0, le=1000)], Per]


class Selector(_Strict):
    """A non-targeting group ("each …"): ignores target blockers (MZ22-TARGET-3/4)."""

    each: Literal["beastie", "artifact", "page", "caster", "aura", "terra"]
    side: Side = "any"
    aura: list[CostType] = []           # only Pages of one of these current types
    aura_not: list[CostType] = []       # not of any of these (MZ22-ATYPE-10)
    tribe: str | None = None
    other: bool = False                 # not this Page


Ref = Union[Literal["self", "controller", "opponents", "each_caster", "attacker", "defender",
                    "t0", "t1", "t2", "t3", "equipped"], Selector]     # equipped: MZ22-EQUIP-11


class TargetSpec(_Strict):
    """One ``target`` slot of an Effect (word "target" only, MZ22-TARGET-5)."""

    kind: Literal["beastie", "artifact", "page", "caster", "aura", "terra", "item", "spell"]
    side: Side = "any"
    n: int = Field(default=1, ge=1, le=4)
    up_to: bool = False
    aura: list[CostType] = []
    aura_not: list[CostType] = []


# ------------------------------------------------------------------ one-shot ops
class Damage(_Strict):
    """Effect Damage, with Type Advantage (MZ22-TYPEADV-4/9)."""

    op: Literal["damage"]
    amount: Amount
    to: Ref


class LoseLp(_Strict):
    """LP Loss: no Type Advantage, not Damage (MZ22-LP)."""

    op: Literal["lose_lp"]
    amount: Amount
    to: Ref


class GainLp(_Strict):
    """LP Gain (MZ22-LP-4), until turn end or permanent."""

    op: Literal["gain_lp"]
    amount: Amount
    to: Ref
    until: Literal["turn_end", "permanent"] = "permanent"


class Recover(_Strict):
    """Recover LP (MZ22-LP-12); ``all`` recovers every point."""

    op: Literal["recover"]
    amount: Amount | Literal["all"]
    to: Ref


class PayLp(_Strict):
    """LP paid as a cost by the controller."""

    op: Literal["pay_lp"]
    amount: int = Field(ge=5, le=1000)


class Inflict(_Strict):
    """Inflict a status (MZ22-STATUS-10); ``auto`` skips the coin (MZ22-STATUS-9/12)."""

    op: Literal["inflict"]
    status: Status
    to: Ref
    x: int | None = Field(default=None, ge=1, le=6)
    auto: bool = False

    @model_validator(mode="after")
    def _x(self) -> "Inflict":
        check_status_x(self.status, self.x)
        return self


class RemoveStatus(_Strict):
    op: Literal["remove_status"]
    status: Status | Literal["all"]
    to: Ref


class Destroy(_Strict):
    """Destroy; ``into`` sends the Pages elsewhere than their usual pile (MZ22-GLOSS-3/5)."""

    op: Literal["destroy"]
    to: Ref
    into: Literal["afterlife", "cemetery"] | None = None


class ReturnToChapter(_Strict):
    op: Literal["return_to_chapter"]
    to: Ref


class ReturnToSpellbook(_Strict):
    op: Literal["return_to_spellbook"]
    to: Ref
    where: Literal["top", "bottom", "shuffle"] = "shuffle"


class Fatigue(_Strict):
    op: Literal["fatigue"]
    to: Ref


class Awaken(_Strict):
    op: Literal["awaken"]
    to: Ref


class CreateToken(_Strict):
    """A Token from an inline Page table (MZ22-TOKEN-13), under the controller's control."""

    op: Literal["create_token"]
    page: Union[Beastie, Artifact] = Field(discriminator="type")
    n: int = Field(default=1, ge=1, le=4)
    nameless: bool = False          # the Effect gives it no name (MZ22-TOKEN-4): ``page.name`` is for files only


class CopyToken(_Strict):
    """A Token copy of a Page (MZ22-TOKEN-8/9)."""

    op: Literal["copy_token"]
    of: Ref


class CopySpell(_Strict):
    """A copy of a Spell on the chain (MZ22-TOKEN-10/17)."""

    op: Literal["copy_spell"]
    of: Literal["t0", "t1", "t2", "t3"]


class ChangeTypes(_Strict):
    """Set / add current Aura Types; the cost list stays (MZ22-ATYPE-8/12)."""

    op: Literal["change_types"]
    to: Ref
    types: list[CostType] = Field(min_length=1, max_length=3)
    mode: Literal["set", "add"] = "set"
    until: Literal["turn_end", "permanent"] = "permanent"


class Bookmark(_Strict):
    """Bookmark ``n`` (an empty Spellbook is skipped, MZ22-DECKOUT-2/5)."""

    op: Literal["bookmark"]
    n: int = Field(default=1, ge=1, le=7)
    who: Literal["controller", "opponents", "each_caster"] = "controller"


class Search(_Strict):
    """Search the Spellbook for a Page (filter) → Chapter, reveal, shuffle (MZ22-SHUF)."""

    op: Literal["search"]
    type: Literal["aura", "beastie", "spell", "potion", "artifact", "terra", "any"] = "any"
    aura: list[CostType] = []
    name: str | None = None
    n: int = Field(default=1, ge=1, le=3)


class Index(_Strict):
    """Index: turn over the top of the Spellbook until a Page like this appears; it goes to
    ``to``; an opponent puts the others back on top (MZ22-GLOSS-7/8/14)."""

    op: Literal["index"]
    type: Literal["aura", "beastie", "spell", "potion", "artifact", "terra", "any"] = "any"
    aura: list[CostType] = []
    name: str | None = None
    to: Literal["chapter", "limbo", "cemetery", "afterlife"] = "chapter"


class Look(_Strict):
    """Look at the top ``n`` Pages of a Spellbook, privately (MZ22-GLOSS-9)."""

    op: Literal["look"]
    n: int = Field(default=1, ge=1, le=7)
    who: Literal["controller", "opponents"] = "controller"


class Reveal(_Strict):
    op: Literal["reveal"]
    what: Literal["chapter", "top"] = "chapter"
    who: Literal["controller", "opponents"] = "opponents"


class DiscardFromChapter(_Strict):
    op: Literal["discard_from_chapter"]
    n: int = Field(default=1, ge=1, le=7)
    who: Literal["controller", "opponents", "each_caster"] = "controller"
    random: bool = False


class Generate(_Strict):
    """Aura into the pool; ``any`` → the Caster picks (MZ22-AURA-9)."""

    op: Literal["generate"]
    aura: ProducedType
    n: int = Field(default=1, ge=1, le=5)


class Nullify(_Strict):
    """Until the end of the turn the Pages' Effects and/or Traits do nothing (MZ22-GLOSS-11,
    MZ22-TRAIT-3, PR-MZ22-30)."""

    op: Literal["nullify"]
    to: Ref
    what: Literal["effects", "traits", "all"] = "all"


class Stop(_Strict):
    """A chain item does not resolve (MZ22-CHAIN-6)."""

    op: Literal["stop"]
    to: Literal["t0", "t1", "t2", "t3"]


class Retarget(_Strict):
    """Reserved (design §4.2)."""

    op: Literal["retarget"]
    to: Literal["t0", "t1", "t2", "t3"]


class May(_Strict):
    op: Literal["may"]
    do: list[Op] = Field(min_length=1, max_length=6)


class Flip(_Strict):
    """A coin (D6 parity, MZ22-DIE-2/4): heads / tails op lists."""

    op: Literal["flip"]
    heads: list[Op] = Field(default=[], max_length=6)
    tails: list[Op] = Field(default=[], max_length=6)

    @model_validator(mode="after")
    def _some(self) -> "Flip":
        if not self.heads and not self.tails:
            raise ValueError(_at("heads", "a flip needs heads or tails ops"))
        return self


class RollBranch(_Strict):
    faces: list[Annotated[int, Field(ge=1, le=6)]] = Field(min_length=1, max_length=6)
    do: list[Op] = Field(min_length=1, max_length=6)


class Roll(_Strict):
    """A D6 (MZ22-DIE); each face at most once among the branches."""

    op: Literal["roll"]
    branches: list[RollBranch] = Field(min_length=1, max_length=6)

    @model_validator(mode="after")
    def _faces(self) -> "Roll":
        faces = [f for b in self.branches for f in b.faces]
        if len(faces) != len(set(faces)):
            raise ValueError(_at("branches", "a die face is in two branches"))
        return self


class Choose(_Strict):
    op: Literal["choose"]
    options: list[list[Op]] = Field(min_length=2, max_length=4)


class Cond(_Strict):
    """A simple condition: ``count`` compared to ``n``, a target's current types, or
    (``count = "wall"``) a 4th Wall predicate ``pred`` for the controller (MZ22-WALL-7/10)."""

    count: Count | Literal["controller_lp", "types_of", "wall"] = "beasties"
    of: Ref | None = None
    cmp: Literal["ge", "le", "eq"] = "ge"
    n: int = Field(default=1, ge=0, le=1000)
    aura: list[CostType] = []
    pred: WallPred | None = None

    @model_validator(mode="after")
    def _pred(self) -> "Cond":
        if (self.pred is not None) != (self.count == "wall"):
            raise ValueError(_at("pred", "pred is given exactly when count is \"wall\""))
        return self


class If(_Strict):
    op: Literal["if"]
    cond: Cond
    then: list[Op] = Field(min_length=1, max_length=6)
    orelse: list[Op] = Field(default=[], max_length=6, alias="else")


class Win(_Strict):
    """MZ22-WIN-2."""

    op: Literal["win"]


class Lose(_Strict):
    op: Literal["lose"]
    who: Literal["controller", "opponents"] = "controller"


class PlaceUnder(_Strict):
    """Put ``what`` beneath the Page ``under`` names (MZ22-PLACE-4..6): "self" stays in the
    Arena, another Page leaves it (placement.py)."""

    op: Literal["place_under"]
    what: Ref
    under: Ref
    host_leaves: Literal["discard", "return"] = "discard"    # what happens then: MZ22-PLACE-8 or MZ22-PLACE-10


class Attach(_Strict):
    """The Effect's Equipment Page Equips the Page ``to`` names (MZ22-EQUIP-1/4)."""

    op: Literal["attach"]
    to: Ref


class Custom(_Strict):
    """The exception: a named Python function (design §4.1)."""

    op: Literal["custom"]
    fn: str = Field(pattern=r"^[a-z_][a-z0-9_]*$")


Op = Annotated[
    Union[Damage, LoseLp, GainLp, Recover, PayLp, Inflict, RemoveStatus, Destroy,
          ReturnToChapter, ReturnToSpellbook, Fatigue, Awaken, CreateToken, CopyToken, CopySpell,
          ChangeTypes, Bookmark, Search, Index, Look, Reveal, Nullify, DiscardFromChapter, Generate, Stop,
          Retarget, May, Flip, Roll, Choose, If, Win, Lose, Custom, PlaceUnder, Attach],
    Field(discriminator="op")]


# ------------------------------------------------------------------ static ops (ARENA)
class _Static(_Strict):
    """Every static may apply only while a 4th Wall predicate holds for its holder's
    controller (``wall``, MZ22-WALL-6/7/10), checked each time it is read (MZ22-WALL-11)."""

    wall: WallPred | None = None


class AttackBonus(_Static):
    op: Literal["attack_bonus"]
    amount: Amount
    who: Ref = "self"


class LpBonus(_Static):
    op: Literal["lp_bonus"]
    amount: Amount
    who: Ref = "self"


class DamageTaken(_Static):
    """Change Damage taken, e.g. none from Effects hitting several Beasties (MZ22-EX-18)."""

    op: Literal["damage_taken"]
    who: Ref = "self"
    source: Literal["any", "effect", "attack", "multi_effect"] = "any"
    amount: int = Field(default=0, ge=-100, le=100)   # added to each Damage
    none: bool = False                                 # no Damage at all


class CostChange(_Static):
    op: Literal["cost_change"]
    side: Side = "own"
    of: Literal["beastie", "spell", "potion", "artifact", "any"] = "any"
    aura: CostType = "neutral"
    amount: int = Field(ge=-5, le=5)


class CannotAttack(_Static):
    op: Literal["cannot_attack"]
    who: Ref = "self"


class GrantTrait(_Static):
    """Part 2."""

    op: Literal["grant_trait"]
    trait: Trait
    who: Ref = "self"


class TypeChange(_Static):
    op: Literal["type_change"]
    who: Ref = "self"
    types: list[CostType] = Field(min_length=1, max_length=3)
    mode: Literal["set", "add"] = "add"


class ReturnWhile(_Static):
    """The Page goes back to its owner's Chapter as soon as ``wall`` holds (MZ22-WALL-3/11)."""

    op: Literal["return_while"]
    wall: WallPred


Static = Annotated[
    Union[AttackBonus, LpBonus, DamageTaken, CostChange, CannotAttack, GrantTrait, TypeChange,
          ReturnWhile],
    Field(discriminator="op")]

OP_TAGS: tuple[str, ...] = (
    "damage", "lose_lp", "gain_lp", "recover", "pay_lp", "inflict", "remove_status", "destroy",
    "return_to_chapter", "return_to_spellbook", "fatigue", "awaken", "create_token", "copy_token",
    "copy_spell", "change_types", "bookmark", "search", "index", "look", "reveal", "discard_from_chapter",
    "generate", "nullify", "stop", "retarget", "may", "flip", "roll", "choose", "if", "win", "lose", "custom",
    "attack_bonus", "lp_bonus", "damage_taken", "cost_change", "cannot_attack", "grant_trait",
    "type_change", "return_while")


def _at(field: str, msg: str) -> str:
    """A message for a whole-model check, marked with the field at fault: ``parse_pages``
    moves the mark into the error's field path (pydantic puts such errors on the model)."""
    return f"@{field}@ {msg}"


def check_status_x(status: str, x: int | None) -> None:
    """Frozen (X) needs X; Burn may fix X; Poison (N) places N Indicators (MZ22-POISON-8); no
    other status has one (MZ22-STATUS-12)."""
    if status == "frozen" and x is None:
        raise ValueError(_at("x", "Frozen (X) needs x, its Counters"))
    if x is not None and status not in ("frozen", "burn", "poison"):
        raise ValueError(_at("x", f"only Frozen, Burn and Poison have x, not {status}"))


def _refs(ops: Sequence[Any], out: list[str]) -> list[str]:
    """Every ``tN`` named by these ops, nested ops included."""
    for o in ops:
        for f in ("to", "of", "who"):
            v = getattr(o, f, None)
            if isinstance(v, str) and _TREF.fullmatch(v):
                out.append(v)
        cond = getattr(o, "cond", None)
        if cond is not None and isinstance(cond.of, str) and _TREF.fullmatch(cond.of):
            out.append(cond.of)
        for f in ("do", "heads", "tails", "then", "orelse"):
            _refs(getattr(o, f, None) or [], out)
        for b in getattr(o, "branches", None) or []:
            _refs(b.do, out)
        for opt in getattr(o, "options", None) or []:
            _refs(opt, out)
    return out


# ------------------------------------------------------------------ Page parts
class CostPart(_Strict):
    """One Aura Cost entry; a 0 entry still gives its type (MZ22-ATYPE-11)."""

    aura: CostType
    n: int = Field(ge=0, le=10)


class StatusIcon(_Strict):
    """A status symbol beside an Attack's Damage (MZ22-STATUS-7)."""

    status: Status
    x: int | None = Field(default=None, ge=1, le=6)
    auto: bool = False

    @model_validator(mode="after")
    def _x(self) -> "StatusIcon":
        check_status_x(self.status, self.x)
        return self


class Attack(_Strict):
    """An Attack: name, Damage, status icons, AAA icon (MZ22-AAA-1), Effect text ops."""

    name: str = Field(min_length=1, max_length=40)
    damage: int = Field(ge=0, le=500, multiple_of=5)
    status: list[StatusIcon] = Field(default=[], max_length=2)
    aaa: AuraType | None = None
    bonus: Per | None = None
    do: list[Op] = Field(default=[], max_length=6)
    text: str = ""


class TerraBonus(_Strict):
    """A Terra Bonus: + Damage and/or + LP while its key is active (MZ22-TERRA-6)."""

    terra: TerraKey
    damage: int = Field(default=0, ge=0, le=200, multiple_of=5)
    lp: int = Field(default=0, ge=0, le=200, multiple_of=5)

    @model_validator(mode="after")
    def _some(self) -> "TerraBonus":
        if not self.damage and not self.lp:
            raise ValueError(_at("damage", "a Terra Bonus gives damage or lp"))
        return self


class EffectCost(_Strict):
    """What activating costs: Fatigue (Powers, MZ22-GLOSS-12/15), Aura, LP."""

    fatigue: bool = True
    aura: list[CostPart] = []
    lp: int = Field(default=0, ge=0, le=1000, multiple_of=5)


class Effect(_Strict):
    """One Effect of a Page (keywords MZ22-KW-1..4, Powers, "any time", a Spell's body)."""

    when: When
    turns: Literal["yours", "each"] | None = None    # MZ22-TURN-20
    cost: EffectCost | None = None
    targets: list[TargetSpec] = Field(default=[], max_length=4)
    do: list[Op] = Field(default=[], max_length=8)
    static: list[Static] = Field(default=[], max_length=4)
    text: str = ""

    @model_validator(mode="after")
    def _shape(self) -> "Effect":
        if self.when == "arena":
            if not self.static or self.do or self.targets:
                raise ValueError(_at("static", "an arena Effect has only static modifiers (MZ22-KW-3)"))
        else:
            if self.static:
                raise ValueError(_at("static", f"static modifiers belong to arena Effects, not {self.when}"))
            if not self.do:
                raise ValueError(_at("do", f"a {self.when} Effect needs do ops"))
        if (self.turns is not None) != (self.when in ("start_of_turn", "end_of_turn")):
            raise ValueError(_at("turns", "turns is set exactly for start_of_turn / end_of_turn Effects "
                                          "(MZ22-TURN-20)"))
        if self.cost is not None and self.when not in ACTIVATED:
            raise ValueError(_at("cost", f"a {self.when} Effect has no cost (only power / any_time)"))
        if self.when == "power" and self.cost is None:
            object.__setattr__(self, "cost", EffectCost())
        for r in _refs(self.do, []):
            if int(r[1:]) >= len(self.targets):
                raise ValueError(_at("do", f"{r} names no target of this Effect ({len(self.targets)} targets)"))
        return self


class _Page(_Strict):
    name: str = Field(min_length=1, max_length=48)
    identity: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9-]*$")  # MZ22-LAYOUT-2
    limit: int | None = Field(default=None, ge=1, le=40)        # MZ22-BOOK-6: absent = none
    cost: list[CostPart] = Field(default=[], max_length=4)
    strong_against: list[AuraType] = Field(default=[], max_length=3)   # MZ22-TYPEADV-5
    any_time: bool = False                                      # MZ22-CONTRACT-11
    traits: list[Trait] = Field(default=[], max_length=6)       # part 2, multiplicity kept
    wall: list[WallPred] = Field(default=[], max_length=4)      # 4th Wall predicates it mentions (MZ22-WALL-7)
    cannot_contract_while: list[WallPred] = Field(default=[], max_length=3)   # MZ22-WALL-4/10
    flip_at: Literal["start_of_turn"] | None = None            # a Trap's own flip moment (MZ22-TRAP-21)
    targetable: bool = False          # Equipment whose text lets it be targeted while attached (MZ22-EQUIP-9)
    effect: list[Effect] = Field(default=[], max_length=6)
    text: str = ""

    @model_validator(mode="after")
    def _common(self) -> "_Page":
        types = [c.aura for c in self.cost]
        if len(types) != len(set(types)):
            raise ValueError(_at("cost", "cost names an Aura Type twice"))
        if len(set(self.strong_against)) != len(self.strong_against):
            raise ValueError(_at("strong_against", "strong_against names a type twice"))
        casts = sum(e.when == "cast" for e in self.effect)
        kind: str = self.type  # type: ignore[attr-defined]  # each subclass has one
        if kind in ("spell", "potion") and casts != 1:
            raise ValueError(_at("effect", f"a {kind} has exactly one cast Effect (its body), not {casts}"))
        if kind not in ("spell", "potion") and casts:
            raise ValueError(_at("effect", "only Spells and Potions have a cast Effect"))
        if self.flip_at and "trap" not in self.traits:
            raise ValueError(_at("flip_at", "only a Page with the Trap Trait states a flip moment (MZ22-TRAP-21)"))
        if self.targetable and "equipment" not in self.traits:
            raise ValueError(_at("targetable", "only Equipment can be targeted while attached (MZ22-EQUIP-9)"))
        if kind not in ("beastie", "artifact") and any(e.when == "power" for e in self.effect):
            raise ValueError(_at("effect", "only Beasties and Artifacts have Powers (MZ22-GLOSS-12, MZ22-PAGE-10)"))
        return self


class AuraPage(_Page):
    """An Aura Page (MZ22-PAGE-1/2): Basic makes its own type; Special may differ (MZ22-AURA-5)."""

    type: Literal["aura"]
    special: bool = False
    aura: AuraType
    produces: list[ProducedType] = Field(default=[], max_length=4)

    @model_validator(mode="after")
    def _aura(self) -> "AuraPage":
        if self.cost:
            raise ValueError(_at("cost", "an Aura Page has no Aura Cost"))
        if self.any_time:
            raise ValueError(_at("any_time", "an Aura Page is Contracted only in your Take Actions step (MZ22-TURN-6)"))
        if not self.produces:
            object.__setattr__(self, "produces", [self.aura])
        if not self.special:
            if self.produces != [self.aura]:
                raise ValueError(_at("produces", "a Basic Aura Page produces only its own type (MZ22-PAGE-1)"))
            if self.limit is not None:
                raise ValueError(_at("limit", "a Basic Aura Page has no Spellbook Limit (MZ22-PAGE-2)"))
            if self.effect or self.traits:
                raise ValueError(_at("effect", "a Basic Aura Page has no Effects or Traits"))
        elif self.limit is None:
            raise ValueError(_at("limit", "a Special Aura Page needs its Spellbook Limit (MZ22-PAGE-2)"))
        return self


class Beastie(_Page):
    """A Beastie (MZ22-PAGE-4/5): LP, 0-3 Attacks, Tribes, Tribal Boost, Terra Bonuses."""

    type: Literal["beastie"]
    lp: int = Field(ge=5, le=1000, multiple_of=5)
    attack: list[Attack] = Field(default=[], max_length=3)     # none: it only defends (MZ22-COMBAT-16)
    tribes: list[str] = Field(default=[], max_length=3)
    tribal_boost: bool = False                                  # MZ22-TRIBAL-1
    terra_bonus: list[TerraBonus] = Field(default=[], max_length=4)

    @model_validator(mode="after")
    def _beastie(self) -> "Beastie":
        if self.tribal_boost and not self.tribes:
            raise ValueError(_at("tribes", "Tribal Boost needs a Tribe (MZ22-TRIBAL-2)"))
        keys = [b.terra for b in self.terra_bonus]
        if len(keys) != len(set(keys)):
            raise ValueError(_at("terra_bonus", "terra_bonus names a Terra twice"))
        for e in self.effect:                       # MZ22-EQUIP-6, PR-MZ22-56
            if any(o.op == "attach" for o in e.do):
                raise ValueError(_at("effect", "a Beastie's attach goes inside a may: its Caster may always "
                                     "leave it unequipped (MZ22-EQUIP-6)"))
        return self


class Artifact(_Page):
    """An Artifact (MZ22-PAGE-9..11): LP, attackable, Effects/Powers; may make Aura."""

    type: Literal["artifact"]
    lp: int = Field(ge=5, le=1000, multiple_of=5)
    produces: list[ProducedType] = Field(default=[], max_length=4)
    terra_bonus: list[TerraBonus] = Field(default=[], max_length=4)


class Spell(_Page):
    """A Spell (MZ22-PAGE-6): one ``cast`` Effect, targets chosen at Contract (MZ22-CONTRACT-2)."""

    type: Literal["spell"]


class Potion(_Page):
    """A Potion (MZ22-PAGE-7/8/15/16): like a Spell, cost always 0, not a Spell."""

    type: Literal["potion"]

    @model_validator(mode="after")
    def _free(self) -> "Potion":
        if any(c.n for c in self.cost):
            raise ValueError(_at("cost", "a Potion costs 0 Aura (MZ22-PAGE-7)"))
        return self


class Terra(_Page):
    """A Terra Page (MZ22-PAGE-12/13, MZ22-TSLOT): activates ``terra_name`` while in a slot;
    a Basic one does nothing else (MZ22-TSLOT-12), a Special one has Effects (MZ22-SPTERRA)."""

    type: Literal["terra"]
    special: bool = False
    terra_name: TerraKey

    @model_validator(mode="after")
    def _terra(self) -> "Terra":
        if self.any_time:
            raise ValueError(_at("any_time", "a Terra is Contracted only in your Take Actions step (MZ22-TSLOT-16)"))
        if not self.special and (self.effect or self.traits or any(c.n for c in self.cost)):
            raise ValueError(_at("effect", "a Basic Terra only provides its Terra Bonus (MZ22-TSLOT-12)"))
        return self


PAGE_TYPES: tuple[str, ...] = ("aura", "beastie", "spell", "potion", "artifact", "terra")


def _page_type(v: object) -> str | None:
    t = v.get("type") if isinstance(v, dict) else getattr(v, "type", None)
    return f"{t} page" if t in PAGE_TYPES else None


# Tags are "<type> page", not the bare type: the tag "aura" would read as the Aura Page's
# own ``aura`` field in error paths.
PageModel = Annotated[
    Union[Annotated[AuraPage, Tag("aura page")], Annotated[Beastie, Tag("beastie page")],
          Annotated[Spell, Tag("spell page")], Annotated[Potion, Tag("potion page")],
          Annotated[Artifact, Tag("artifact page")], Annotated[Terra, Tag("terra page")]],
    Discriminator(_page_type, custom_error_type="page_type",
                  custom_error_message="@type@ must be aura, beastie, spell, potion, artifact or terra "
                                       "(MZ22-PAGE-14)")]
PAGE_TAGS: tuple[str, ...] = tuple(f"{t} page" for t in PAGE_TYPES)


class PageFile(_Strict):
    """A Page file: ``[[page]]`` tables."""

    page: list[PageModel] = Field(min_length=1)


for _m in (May, Flip, RollBranch, Roll, Choose, If, Attack, Effect, CreateToken, Beastie,
           Artifact, AuraPage, Spell, Potion, Terra, PageFile):  # the op lists are recursive
    _m.model_rebuild()
