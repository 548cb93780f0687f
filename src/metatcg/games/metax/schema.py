"""MetaX card schema: what a card file may say, validated once at load.

Cards are data (ARCHITECTURE "Cards are data"): every effect is a list of the
primitives below, discriminated by ``op``. Nothing is hidden in free text; the
``text`` field is only what a person reads.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

Stat = Literal["strength", "intelligence", "special"]
STATS: tuple[str, ...] = ("strength", "intelligence", "special")
Duration = Literal["turn", "permanent"]
# Keywords a Character can have or be given; card text beats a general rule (MX-OVR-3).
Keyword = Literal[
    "quick",      # may attack, Push and Link on the turn it enters play (MX-ATK-5 exception)
    "elusive",    # only a defender with at least as many Stat types may block its attacks
    "sentinel",   # may defend even while Pushed (MX-DEF-2 exception)
]
# Events that "constant ... whenever" abilities listen to.
TriggerEvent = Literal[
    "ko_opponent",   # an opposing Character is KO'd
    "ko_own",        # another Character you control is KO'd
    "vp_gained",     # you gain a VP
    "defended",      # this Character defends
    "attacked",      # this Character attacks (declared as lead)
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Target(_Strict):
    """Which Character an op affects; the controller picks among legal ones."""

    who: Literal["self", "you", "opponent", "any", "battle_foe"] = "opponent"
    max_rank: int | None = Field(default=None, ge=1, le=7)
    trait: str | None = None
    state: Literal["pushed", "prepped"] | None = None
    other: bool = False  # "another": excludes the source Character itself


class CardFilter(_Strict):
    type: Literal["character", "event", "battle"] | None = None
    trait: str | None = None
    stat: Stat | None = None
    max_rank: int | None = Field(default=None, ge=1, le=7)


class Draw(_Strict):
    op: Literal["draw"]
    who: Literal["you", "opponent"] = "you"
    count: int = Field(default=1, ge=1, le=5)


class GainMp(_Strict):
    op: Literal["gain_mp"]
    count: int = Field(ge=1, le=10)


class DrainMp(_Strict):
    """The opponent loses MP (not a cost: never below 0, MX-MP-12)."""

    op: Literal["drain_mp"]
    count: int = Field(ge=1, le=10)


class Discard(_Strict):
    """``who`` discards ``count`` cards from hand, choosing which."""

    op: Literal["discard"]
    who: Literal["you", "opponent"] = "opponent"
    count: int = Field(default=1, ge=1, le=5)


class Mill(_Strict):
    """Top ``count`` cards of ``who``'s deck go to its discard pile."""

    op: Literal["mill"]
    who: Literal["you", "opponent"] = "opponent"
    count: int = Field(default=1, ge=1, le=5)


class Search(_Strict):
    """Search your deck for a matching card, put it in hand, shuffle (MX-ZONE-3)."""

    op: Literal["search"]
    filter: CardFilter = CardFilter()


class Recover(_Strict):
    """Return a matching card from your discard pile to your hand."""

    op: Literal["recover"]
    filter: CardFilter = CardFilter()


class PutIntoPlay(_Strict):
    """Put a Character from your hand or discard pile into play (MX-PLAN-12: it does not
    count toward the one-per-turn limit but respects the 3-in-play cap, gains its +MP,
    uses its ON_PLAY effects and is bound by the same-turn limits)."""

    op: Literal["put_into_play"]
    zone: Literal["hand", "discard"] = "discard"
    filter: CardFilter = CardFilter(type="character")


class Prep(_Strict):
    op: Literal["prep"]
    target: Target


class Push(_Strict):
    op: Literal["push"]
    target: Target


class AttachDamage(_Strict):
    """Attach a Battle Card from your discard pile to a Character as Damage (MX-KO-2)."""

    op: Literal["attach_damage"]
    target: Target
    max_rank: int = Field(default=7, ge=1, le=7)


class ClearDamage(_Strict):
    """Discard all Damage attached to a Character."""

    op: Literal["clear_damage"]
    target: Target


class DiscardFromPlay(_Strict):
    """Discard a Character (and its Damage) from play. Not a KO (MX-CARD-4 tells the two
    apart), so "when KO'd" abilities and KO replacements do not apply (PR-MX-8)."""

    op: Literal["discard_from_play"]
    target: Target


class Bounce(_Strict):
    """Return a Character to its owner's hand; its Damage is discarded."""

    op: Literal["bounce"]
    target: Target


class Buff(_Strict):
    """Change a Character's Rank in a Stat it has ("give" for a turn or "gain" for good)."""

    op: Literal["buff"]
    target: Target
    stat: Stat | Literal["all"]
    amount: int = Field(ge=-6, le=6)
    duration: Duration = "turn"


class Grant(_Strict):
    op: Literal["grant"]
    target: Target
    keyword: Keyword
    duration: Duration = "turn"


class Negate(_Strict):
    """Negate the effects of the opposing Battle Card in this battle (MX-GLOS-1)."""

    op: Literal["negate"]


class StatAura(_Strict):
    """Constant: Characters matching ``target`` have +amount in ``stat`` (computed on read)."""

    op: Literal["stat_aura"]
    target: Target
    stat: Stat | Literal["all"]
    amount: int = Field(ge=-6, le=6)


class HasKeyword(_Strict):
    """Constant: this Character has ``keyword``."""

    op: Literal["keyword"]
    keyword: Keyword


Op = Annotated[
    Union[Draw, GainMp, DrainMp, Discard, Mill, Search, Recover, PutIntoPlay, Prep, Push, AttachDamage,
          ClearDamage, DiscardFromPlay, Bounce, Buff, Grant, Negate, StatAura, HasKeyword],
    Field(discriminator="op"),
]
STATIC_OPS = {"stat_aura", "keyword"}


class Effect(_Strict):
    """One effect of a card, tagged by when it is used (MX-CARD-9, MX-CARD-15)."""

    kind: Literal["on_play", "constant", "push", "play", "attack", "defense", "battle"]
    do: list[Op] = Field(min_length=1)
    may: bool = False                       # "may": the controller chooses (MX-CARD-17)
    when: TriggerEvent | None = None        # constant trigger: "whenever ..."
    instead_of: Literal["ko"] | None = None  # constant replacement: "if this would be KO'd, instead ..."
    once_per_turn: bool = False

    @model_validator(mode="after")
    def _shape(self) -> "Effect":
        statics = [o.op for o in self.do if o.op in STATIC_OPS]
        if any(o.op == "negate" for o in self.do) and self.kind != "attack":
            raise ValueError("negate is an attack rider: it cancels the defending Battle Card's effects "
                             "before they are used (a defense card comes too late to negate anything)")
        if self.kind == "constant":
            if self.when and self.instead_of:
                raise ValueError("a constant effect is a trigger (when) or a replacement (instead_of), not both")
            if not self.when and not self.instead_of and len(statics) != len(self.do):
                raise ValueError("a constant effect without 'when'/'instead_of' may only use stat_aura/keyword ops")
            if (self.when or self.instead_of) and statics:
                raise ValueError("stat_aura/keyword ops belong in a plain constant effect")
        else:
            if self.when or self.instead_of:
                raise ValueError("'when'/'instead_of' are only for constant effects")
            if statics:
                raise ValueError(f"{statics[0]} is only allowed in a constant effect")
        return self


class _Card(_Strict):
    name: str = Field(min_length=1)
    number: str | None = None
    text: str = ""
    effect: list[Effect] = []


class Character(_Card):
    type: Literal["character"]
    mp: int = Field(ge=0, le=5)   # +MP gained when played (MX-CARD-5)
    stats: dict[Stat, Annotated[int, Field(ge=1, le=7)]] = Field(min_length=1, max_length=3)
    trait: str = Field(min_length=1)

    @model_validator(mode="after")
    def _kinds(self) -> "Character":
        for e in self.effect:
            if e.kind not in ("on_play", "constant", "push"):
                raise ValueError(f"a Character effect is on_play, constant or push, not {e.kind}")
        return self


class Event(_Card):
    type: Literal["event"]
    mp: int = Field(le=0, ge=-10)  # -MP cost (MX-CARD-10)

    @model_validator(mode="after")
    def _kinds(self) -> "Event":
        if not self.effect:
            raise ValueError("an Event needs an effect")
        for e in self.effect:
            if e.kind != "play":
                raise ValueError(f"an Event effect is 'play', not {e.kind}")
        return self


class Battle(_Card):
    type: Literal["battle"]
    mp: int = Field(ge=-10, le=10)   # + gains, - costs (MX-CARD-12)
    stats: list[Stat] = Field(min_length=1, max_length=3)
    rank: int = Field(ge=1, le=7)

    @model_validator(mode="after")
    def _kinds(self) -> "Battle":
        if len(set(self.stats)) != len(self.stats):
            raise ValueError("a Battle Card lists each Stat once")
        for e in self.effect:
            if e.kind not in ("attack", "defense", "battle"):
                raise ValueError(f"a Battle Card effect is attack, defense or battle, not {e.kind}")
        return self


CardModel = Annotated[Union[Character, Event, Battle], Field(discriminator="type")]


class CardFile(_Strict):
    card: list[CardModel] = Field(min_length=1)
