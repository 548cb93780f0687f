"""Metabaloids card schema: what a card file may say, validated once at load.

Cards are data: a creature's abilities and an Event's effect are lists of the primitives
below, discriminated by ``op``; ``text`` is only what a person reads. Numbers follow the
card anatomy (MB-CARD-3..10): rarity and its Rarity/Cost, Attack, Defense/Health and
Metabaloids; a number a card does not print counts as 0 (MB-CARD-12).
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

Rarity = Literal["common", "uncommon", "rare", "super_rare"]
RARITIES: tuple[str, ...] = ("common", "uncommon", "rare", "super_rare")
# The fallback Rarity/Cost when a card prints none (MB-CARD-5).
RARITY_COST = {"common": 1, "uncommon": 2, "rare": 3, "super_rare": 4}
RARITY_LETTER = {"common": "C", "uncommon": "U", "rare": "R", "super_rare": "S"}

# When an ability works (MB-ABIL-1..3, MB-ABIL-10):
Timing = Literal[
    "own_turn",   # activated, only in its controller's own turn
    "any_time",   # activated, at any time, also in opponents' turns (MB-ABIL-1)
    "attack",     # activated, only in a battle its card's column fights (MB-ABIL-3, MB-TOT-8)
    "on_deploy",  # triggered: when the card is deployed from the reserve
    "when_lost",  # triggered: when the card goes from the play area to the lost pile
    "constant",   # applies by itself, not an activation (MB-ABIL-10)
]
ACTIVATED: frozenset[str] = frozenset({"own_turn", "any_time", "attack"})


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ----------------------------------------------------------------- one-shot ops
class Draw(_Strict):
    """Draw cards (a required draw: an empty draw and discard pile ends the game, MB-WIN-5)."""

    op: Literal["draw"]
    count: int = Field(default=1, ge=1, le=3)


class Reclaim(_Strict):
    """The topmost ``count`` creature cards of your discard pile go to your hand; Events stay
    in the pile, so no pair of Events can fetch each other back forever (PR-MB-12)."""

    op: Literal["reclaim"]
    count: int = Field(default=1, ge=1, le=2)


class Burn(_Strict):
    """The top ``count`` cards of an opponent's draw pile go to their lost pile (not a draw)."""

    op: Literal["burn"]
    count: int = Field(default=1, ge=1, le=2)
    who: Literal["opponent", "each_opponent", "battle_foe"] = "opponent"


class Dig(_Strict):
    """Reveal the top card of your draw pile: a creature goes to your reserve; anything else
    stays on top and the ability is unfinished (MB-SPEC-3/4)."""

    op: Literal["dig"]


class Shift(_Strict):
    """Move one of your cards in play (not safe) to another column, free (MB-MOVE-3)."""

    op: Literal["shift"]


class Rally(_Strict):
    """Turn one of your safe columns upright: its safety ends (MB-SAFE-4 by an effect)."""

    op: Literal["rally"]


class Shelter(_Strict):
    """One of your columns becomes safe (as after a lost battle, MB-SAFE-1..5)."""

    op: Literal["shelter"]


class Refresh(_Strict):
    """Another card of yours that has used its ability this round may use it again."""

    op: Literal["refresh"]


class Stash(_Strict):
    """Put a creature card from your hand into your reserve without paying its cost."""

    op: Literal["stash"]
    max_cost: int = Field(default=4, ge=1, le=9)


class Bonus(_Strict):
    """Your side of this battle gets +amount to its total (a card bonus, MB-TOT-3/4)."""

    op: Literal["bonus"]
    amount: int = Field(ge=1, le=5)


class Weaken(_Strict):
    """The other side of this battle gets -amount to its total (never below 0)."""

    op: Literal["weaken"]
    amount: int = Field(ge=1, le=5)


# ----------------------------------------------------------------- constant ops
class ColumnBonus(_Strict):
    """Constant card bonus: this card's column adds +amount when it attacks (``stat`` attack)
    or defends (``stat`` defense) while this card is in it and not safe (MB-ABIL-10)."""

    op: Literal["column_bonus"]
    stat: Literal["attack", "defense"]
    amount: int = Field(ge=1, le=3)


class Tall(_Strict):
    """Constant grid exception (MB-GRID-5): while this card is in a column, that column may
    be one card deeper than the width allows (never more than 4)."""

    op: Literal["tall"]


Op = Annotated[
    Union[Draw, Reclaim, Burn, Dig, Shift, Rally, Shelter, Refresh, Stash, Bonus, Weaken, ColumnBonus, Tall],
    Field(discriminator="op"),
]
CONSTANT_OPS = frozenset({"column_bonus", "tall"})
BATTLE_OPS = frozenset({"bonus", "weaken"})        # only inside a battle
TRIGGER_OPS = frozenset({"draw", "reclaim", "burn", "dig", "stash"})   # on_deploy / when_lost


def check_ops(timing: str, ops: list[Op]) -> None:
    """Which ops a timing allows: constants are only constant, battle ops need a battle,
    triggers use the few ops that need no choice of column."""
    kinds = [o.op for o in ops]
    if timing == "constant":
        bad = [k for k in kinds if k not in CONSTANT_OPS]
        if bad:
            raise ValueError(f"a constant ability uses only column_bonus/tall, not {bad[0]}")
        return
    if any(k in CONSTANT_OPS for k in kinds):
        raise ValueError("column_bonus/tall are constant abilities")
    if timing != "attack" and any(k in BATTLE_OPS for k in kinds):
        raise ValueError("bonus/weaken work only during attacks: use timing 'attack'")
    if timing in ("on_deploy", "when_lost") and any(k not in TRIGGER_OPS for k in kinds):
        raise ValueError(f"an {timing} ability uses only {', '.join(sorted(TRIGGER_OPS))}")


class Ability(_Strict):
    """One ability of a creature. An activated one costs Metabaloid points, paid from
    anywhere (MB-PAY-10); its card may be activated once per round (MB-ABIL-6/7)."""

    timing: Timing
    cost: int = Field(default=0, ge=0, le=4)
    do: list[Op] = Field(min_length=1, max_length=3)

    @model_validator(mode="after")
    def _shape(self) -> "Ability":
        check_ops(self.timing, self.do)
        if self.timing not in ACTIVATED and self.cost:
            raise ValueError(f"a {self.timing} ability is not activated: it has no cost")
        return self


class _Card(_Strict):
    name: str = Field(min_length=1, max_length=40)
    number: str | None = None
    rarity: Rarity
    cost: int | None = Field(default=None, ge=0, le=9)     # the Rarity/Cost number (MB-CARD-5)
    defense: int = Field(default=0, ge=0, le=9)
    meta: int = Field(default=0, ge=0, le=5)                # Metabaloids (MB-CARD-9)
    promo: bool = False                                     # Promo Identifier (MB-CARD-1/2)
    text: str = ""


class Creature(_Card):
    type: Literal["creature"]
    attack: int = Field(default=0, ge=0, le=9)
    ability: list[Ability] = Field(default=[], max_length=3)


class Event(_Card):
    """An Event: paid from hand, used at any time unless its timing says otherwise (MB-EVT)."""

    type: Literal["event"]
    timing: Literal["any_time", "own_turn", "attack"] = "any_time"
    do: list[Op] = Field(min_length=1, max_length=3)

    @model_validator(mode="after")
    def _shape(self) -> "Event":
        check_ops(self.timing, self.do)
        return self


CardModel = Annotated[Union[Creature, Event], Field(discriminator="type")]


class CardFile(_Strict):
    card: list[CardModel] = Field(min_length=1)
