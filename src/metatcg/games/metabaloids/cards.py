"""The Metabaloids card pool: TOML files validated by the schema, turned into read-only defs
the rules read quickly (the numbers of every card, its abilities sorted by timing)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from zlib import crc32

from ...engine.cardfile import CardPool as BasePool
from ...engine.cardfile import parse_card_text
from .schema import ACTIVATED, RARITY_COST, RARITY_LETTER, Ability, CardFile, Creature, Event, Op

CARD_DIR = Path(__file__).parent / "cards"


@dataclass(frozen=True, slots=True)
class CardDef:
    """Everything the rules read about a card, precomputed once."""

    name: str
    type: str                          # "creature" | "event"
    rarity: str
    cost: int                          # Rarity/Cost (MB-CARD-5)
    attack: int = 0
    defense: int = 0
    meta: int = 0                      # Metabaloids (MB-CARD-9)
    promo: bool = False
    number: str = ""
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    event_timing: str = ""             # an Event's timing ("" for a creature)
    event_ops: tuple[Op, ...] = ()
    # derived once from the abilities
    activated: tuple[int, ...] = field(init=False, compare=False, repr=False)   # indexes
    on_deploy: tuple[int, ...] = field(init=False, compare=False, repr=False)
    when_lost: tuple[int, ...] = field(init=False, compare=False, repr=False)
    attack_bonus: int = field(init=False, compare=False, repr=False)   # constant column bonuses
    defense_bonus: int = field(init=False, compare=False, repr=False)
    tall: bool = field(init=False, compare=False, repr=False)            # grid exception
    key: int = field(init=False, compare=False, repr=False)   # the name as a number, alike in every process

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        abil = self.abilities
        set_(self, "activated", tuple(i for i, a in enumerate(abil) if a.timing in ACTIVATED))
        set_(self, "on_deploy", tuple(i for i, a in enumerate(abil) if a.timing == "on_deploy"))
        set_(self, "when_lost", tuple(i for i, a in enumerate(abil) if a.timing == "when_lost"))
        constants = [o for a in abil if a.timing == "constant" for o in a.do]
        set_(self, "attack_bonus", sum(o.amount for o in constants
                                       if o.op == "column_bonus" and o.stat == "attack"))
        set_(self, "defense_bonus", sum(o.amount for o in constants
                                        if o.op == "column_bonus" and o.stat == "defense"))
        set_(self, "tall", any(o.op == "tall" for o in constants))
        set_(self, "key", crc32(self.name.encode()))

    @property
    def is_creature(self) -> bool:
        return self.type == "creature"

    @property
    def is_event(self) -> bool:
        return self.type == "event"

    def numbers(self) -> str:
        """'C1 · ATK 3 DEF 2 · META 1': the numbers a player reads on a card."""
        head = f"{RARITY_LETTER[self.rarity]}{self.cost}"
        body = f"ATK {self.attack} DEF {self.defense}" if self.is_creature else f"Event DEF {self.defense}"
        return f"{head} · {body} · META {self.meta}" + (" · promo" if self.promo else "")

    def summary(self) -> str:
        """One line a player reads: name, numbers, text."""
        return f"{self.name} — {self.numbers()}" + (f" — {self.text}" if self.text else "")


def to_def(c: Any) -> CardDef:
    """A validated card model as the rules' read-only def."""
    cost = c.cost if c.cost is not None else RARITY_COST[c.rarity]
    common: dict[str, Any] = dict(name=c.name, type=c.type, rarity=c.rarity, cost=cost, defense=c.defense,
                                  meta=c.meta, promo=c.promo, number=c.number or "", text=c.text)
    if isinstance(c, Creature):
        return CardDef(**common, attack=c.attack, abilities=tuple(c.ability))
    assert isinstance(c, Event)
    return CardDef(**common, event_timing=c.timing, event_ops=tuple(c.do))


def parse_cards(text: str, path: str = "<cards>") -> list[CardDef]:
    return parse_card_text(text, path, CardFile, to_def,
                           tags=("creature", "event", *(f"{k}" for k in ("draw", "reclaim", "burn", "dig",
                                                                          "shift", "rally", "shelter", "refresh",
                                                                          "stash", "bonus", "weaken",
                                                                          "column_bonus", "tall"))))


class CardPool(BasePool[CardDef]):
    """Every Metabaloids card by name."""


def load_pool(folder: Path = CARD_DIR) -> CardPool:
    pool = CardPool.load_files(folder, parse_cards)
    return pool
