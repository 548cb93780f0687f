"""The MetaZoo 2022 Page pool: ``[[page]]`` TOML files validated by the schema, turned into
read-only ``PageDef``s with the fields the rules read often precomputed (Base Aura Types,
Effect indexes by keyword, flags such as ``any_time`` and ``targets``)."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


from ...engine.cardfile import CardPool, parse_card_text
from ...engine.errors import CardDataError
from .aura import produces
from .schema import OP_TAGS, PAGE_TAGS, Attack, Effect, PageFile, Static, TerraBonus

PAGE_DIR = Path(__file__).parent / "cards"


@dataclass(frozen=True, slots=True)
class PageDef:
    """Everything the rules read about a Page, precomputed once (MZ22-LAYOUT-4)."""

    name: str
    type: str                                   # aura | beastie | spell | potion | artifact | terra
    identity: str                               # mechanical identity (MZ22-LAYOUT-2, BOOK-7)
    special: bool = False                       # Special Aura / Special Terra
    limit: int | None = None                    # Spellbook Limit; None = none (MZ22-BOOK-6)
    cost: tuple[tuple[str, int], ...] = ()      # (type, n), 0 entries kept (MZ22-ATYPE-11)
    aura: str = ""                              # an Aura Page's own type
    produces: tuple[str, ...] = ()              # Aura it makes when Fatigued (PAGE-1, AURA-9)
    lp: int = 0                                 # printed LP (Beastie, Artifact)
    attacks: tuple[Attack, ...] = ()
    tribes: tuple[str, ...] = ()
    tribal_boost: bool = False
    strong_against: tuple[str, ...] = ()
    terra_bonus: tuple[TerraBonus, ...] = ()
    terra_name: str = ""                        # a Terra's key (MZ22-TERRA-4)
    any_time: bool = False                      # MZ22-CONTRACT-11
    traits: tuple[str, ...] = ()                # multiset, part 2
    wall: tuple[str, ...] = ()                  # 4th Wall predicates it mentions (MZ22-WALL-7)
    no_contract: tuple[str, ...] = ()           # cannot be Contracted while one holds (MZ22-WALL-4)
    flip_at: str = ""                           # a Trap's own flip moment (MZ22-TRAP-21, traps.py)
    targetable: bool = False                    # attached Equipment its text lets be targeted (EQUIP-9)
    effects: tuple[Effect, ...] = ()
    text: str = ""
    # derived once
    base_types: frozenset[str] = field(init=False, compare=False, repr=False)   # ATYPE-12
    dual: bool = field(init=False, compare=False, repr=False)                   # ATYPE-5
    cost_total: int = field(init=False, compare=False, repr=False)
    cost_due: tuple[tuple[str, int], ...] = field(init=False, compare=False, repr=False)  # non-0 parts
    made: frozenset[str] = field(init=False, compare=False, repr=False)   # types it can make ("any": all)
    contract_fx: tuple[int, ...] = field(init=False, compare=False, repr=False)
    flipped_fx: tuple[int, ...] = field(init=False, compare=False, repr=False)
    destroyed_fx: tuple[int, ...] = field(init=False, compare=False, repr=False)
    start_fx: tuple[int, ...] = field(init=False, compare=False, repr=False)
    end_fx: tuple[int, ...] = field(init=False, compare=False, repr=False)
    powers: tuple[int, ...] = field(init=False, compare=False, repr=False)
    any_time_fx: tuple[int, ...] = field(init=False, compare=False, repr=False)
    cast: int | None = field(init=False, compare=False, repr=False)
    statics: tuple[Static, ...] = field(init=False, compare=False, repr=False)
    targets: bool = field(init=False, compare=False, repr=False)   # targets at Contract (CONTRACT-2)
    listed_in: tuple[str, ...] = field(init=False, compare=False, repr=False)  # Arena lists (MZ22Data.memo)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if self.type == "aura":   # Special Aura belongs to no other Aura Type (MZ22-AURA-5/6)
            base = frozenset({"special"}) if self.special else frozenset({self.aura})
        else:   # MZ22-ATYPE-12: non-Neutral types in the cost list, 0s included, else Neutral
            base = frozenset({t for t, _ in self.cost if t != "neutral"} or {"neutral"})
        set_(self, "base_types", base)
        set_(self, "dual", len(base - {"neutral"}) >= 2)
        set_(self, "cost_total", sum(n for _, n in self.cost))
        set_(self, "cost_due", tuple((t, n) for t, n in self.cost if n))
        set_(self, "made", produces(self.produces))
        fx = self.effects

        def idx(when: str) -> tuple[int, ...]:
            return tuple(i for i, e in enumerate(fx) if e.when == when)

        set_(self, "contract_fx", idx("contract"))
        set_(self, "flipped_fx", idx("flipped"))
        set_(self, "destroyed_fx", idx("destroyed"))
        set_(self, "start_fx", idx("start_of_turn"))
        set_(self, "end_fx", idx("end_of_turn"))
        set_(self, "powers", idx("power"))
        set_(self, "any_time_fx", idx("any_time"))
        casts = idx("cast")
        set_(self, "cast", casts[0] if casts else None)
        set_(self, "statics", tuple(s for e in fx if e.when == "arena" for s in e.static))
        set_(self, "targets", bool(casts) and bool(fx[casts[0]].targets))
        # the lists of Arena Pages (MZ22Data.memo) a Page like this is in: only those go stale
        # when it arrives or leaves
        beastie = self.type == "beastie"
        set_(self, "listed_in", tuple(key for key, yes in (
            ("producers", bool(self.produces)), ("users", bool(self.powers or self.any_time_fx)),
            ("fighters", beastie and bool(self.attacks)), ("statics", bool(self.statics)),
            ("tribes", beastie and bool(self.tribes)), ("turn_fx", bool(self.start_fx or self.end_fx)),
            ("traited", bool(self.traits) or any(s.op == "grant_trait" for s in self.statics))) if yes))

    @property
    def is_beastie(self) -> bool:
        return self.type == "beastie"

    @property
    def cast_effect(self) -> Effect | None:
        return None if self.cast is None else self.effects[self.cast]


def to_def(p: Any) -> PageDef:
    """A validated Page model as the rules' read-only def."""
    common: dict[str, Any] = dict(
        name=p.name, type=p.type, identity=p.identity or p.name, limit=p.limit,
        cost=tuple((c.aura, c.n) for c in p.cost), strong_against=tuple(p.strong_against),
        any_time=p.any_time, traits=tuple(p.traits), wall=tuple(p.wall), effects=tuple(p.effect),
        no_contract=tuple(p.cannot_contract_while), flip_at=p.flip_at or "", targetable=p.targetable,
        text=p.text)
    if p.type == "aura":
        return PageDef(**common, special=p.special, aura=p.aura, produces=tuple(p.produces))
    if p.type == "beastie":
        return PageDef(**common, lp=p.lp, attacks=tuple(p.attack), tribes=tuple(p.tribes),
                       tribal_boost=p.tribal_boost, terra_bonus=tuple(p.terra_bonus))
    if p.type == "artifact":
        return PageDef(**common, lp=p.lp, produces=tuple(p.produces),
                       terra_bonus=tuple(p.terra_bonus))
    if p.type == "terra":
        return PageDef(**common, special=p.special, terra_name=p.terra_name)
    return PageDef(**common)


def parse_pages(text: str, path: str = "<pages>") -> list[PageDef]:
    """Validate one Page file (``[[page]]`` tables); errors read ``file: Page #n 'Name': field …``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(f"{path}: not valid TOML: {e}") from None
    if "card" in data:
        raise CardDataError(f"{path}: Pages are [[page]] tables, not [[card]]")
    try:
        return parse_card_text(text, path, PageFile, to_def, (*PAGE_TAGS, *OP_TAGS), table="page", noun="Page")
    except CardDataError as e:
        raise CardDataError(_MARK.sub(_place, str(e))) from None


parse_cards = parse_pages   # the name PooledGame.parse_cards looks for


_MARK = re.compile(r"field ([^:\n]*): @(\w+)@ ")


def _place(m: re.Match[str]) -> str:
    """``field effect.#1: @do@ msg`` → ``field effect.#1.do: msg`` (see ``schema._at``)."""
    where = m.group(1)
    return f"field {m.group(2) if where == '(Page)' else where + '.' + m.group(2)}: "


class PagePool(CardPool[PageDef]):
    """Every MetaZoo 2022 Page by unique name; ``check`` grows cross-Page rules later."""


def load_pool(folder: Path = PAGE_DIR) -> PagePool:
    pool = PagePool.load_files(folder, parse_pages)
    return pool
