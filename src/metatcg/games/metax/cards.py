"""The MetaX card pool: TOML files validated by the schema, turned into fast read-only defs."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from ...engine.errors import CardDataError
from .schema import STATS, Battle, CardFile, Character, Effect, Event

CARD_DIR = Path(__file__).parent / "cards"
STAT_SHORT = {"strength": "STR", "intelligence": "INT", "special": "SPE"}
_STAT_MAPS: dict[tuple, dict[str, int]] = {}  # stats tuple -> dict, shared by equal cards


@dataclass(frozen=True, slots=True)
class CardDef:
    """Everything the rules read about a card, precomputed once."""

    name: str
    type: str                          # "character" | "event" | "battle"
    mp: int                            # +gain / -cost, signed
    number: str = ""
    text: str = ""
    stats: tuple[tuple[str, int], ...] = ()   # character: (stat, rank) pairs
    trait: str = ""
    battle_stats: tuple[str, ...] = ()        # battle card Stat types
    rank: int = 0                             # battle card Rank
    effects: tuple[Effect, ...] = ()
    keywords: frozenset = field(default_factory=frozenset)  # constant keywords on a character
    auras: tuple = ()                   # constant stat_aura ops
    has_constant: bool = False

    @property
    def is_character(self) -> bool:
        return self.type == "character"

    @property
    def is_battle(self) -> bool:
        return self.type == "battle"

    @property
    def multi(self) -> bool:
        return len(self.battle_stats) > 1

    def base_rank(self, stat: str) -> int:
        return self.stat_map.get(stat, 0)

    @property
    def stat_map(self) -> dict[str, int]:
        return _STAT_MAPS.get(self.stats) or _STAT_MAPS.setdefault(self.stats, dict(self.stats))

    def summary(self) -> str:
        """One line a player reads: type, numbers, text."""
        if self.type == "character":
            st = " ".join(f"{STAT_SHORT[s]} {r}" for s, r in self.stats)
            head = f"Character [{self.trait}] +{self.mp} MP | {st}"
        elif self.type == "event":
            head = f"Event {self.mp} MP"
        else:
            head = f"Battle {'/'.join(STAT_SHORT[s] for s in self.battle_stats)} {self.rank} | {self.mp:+d} MP"
        return f"{self.name} — {head}" + (f" — {self.text}" if self.text else "")


def _to_def(model: Character | Event | Battle) -> CardDef:
    if isinstance(model, Character):
        kws = frozenset(op.keyword for e in model.effect if e.kind == "constant" and not e.when
                        and not e.instead_of for op in e.do if op.op == "keyword")
        auras = tuple(op for e in model.effect if e.kind == "constant" and not e.when
                      and not e.instead_of for op in e.do if op.op == "stat_aura")
        stats = tuple((s, model.stats[s]) for s in STATS if s in model.stats)
        return CardDef(model.name, "character", model.mp, model.number or "", model.text, stats,
                       model.trait, effects=tuple(model.effect), keywords=kws, auras=auras,
                       has_constant=any(e.kind == "constant" for e in model.effect))
    if isinstance(model, Event):
        return CardDef(model.name, "event", model.mp, model.number or "", model.text,
                       effects=tuple(model.effect))
    return CardDef(model.name, "battle", model.mp, model.number or "", model.text,
                   battle_stats=tuple(s for s in STATS if s in model.stats), rank=model.rank,
                   effects=tuple(model.effect))


def _explain(err: ValidationError, data: dict, path: str) -> str:
    lines = []
    cards = data.get("card") if isinstance(data, dict) else None
    for e in err.errors()[:5]:
        loc = list(e["loc"])
        where = path
        if len(loc) >= 2 and loc[0] == "card" and isinstance(loc[1], int):
            idx = loc[1]
            name = None
            if isinstance(cards, list) and idx < len(cards) and isinstance(cards[idx], dict):
                name = cards[idx].get("name")
            where += f": card #{idx + 1}" + (f" {name!r}" if name else "")
            loc = loc[2:]
            if loc and isinstance(loc[0], str) and loc[0] in ("character", "event", "battle"):
                loc = loc[1:]  # the discriminator tag pydantic adds
        field_path = ".".join(str(x) for x in loc if not (isinstance(x, str) and x in _OP_TAGS))
        lines.append(f"{where}: field {field_path or '(card)'}: {e['msg']}")
    return "\n".join(lines)


_OP_TAGS = {"draw", "gain_mp", "drain_mp", "discard", "mill", "search", "recover", "put_into_play", "prep", "push",
            "attach_damage", "clear_damage", "discard_from_play", "bounce", "buff", "grant", "negate", "stat_aura",
            "keyword"}


def parse_cards(text: str, path: str = "<cards>") -> list[CardDef]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(f"{path}: not valid TOML: {e}") from None
    try:
        model = CardFile.model_validate(data)
    except ValidationError as e:
        raise CardDataError(_explain(e, data, path)) from None
    return [_to_def(c) for c in model.card]


class CardPool:
    """All cards of a game by name (names are unique: MX-DECK-7)."""

    def __init__(self, defs: list[CardDef]) -> None:
        self.by_name: dict[str, CardDef] = {}
        for d in defs:
            if d.name in self.by_name:
                raise CardDataError(f"card name {d.name!r} is defined twice")
            self.by_name[d.name] = d

    def __contains__(self, name: str) -> bool:
        return name in self.by_name

    def __getitem__(self, name: str) -> CardDef:
        return self.by_name[name]

    def __len__(self) -> int:
        return len(self.by_name)

    def names(self) -> list[str]:
        return list(self.by_name)

    def with_cards(self, extra: list[CardDef]) -> "CardPool":
        """A pool with extra cards (scenarios define stand-ins); extras win on name clash."""
        merged = dict(self.by_name)
        for d in extra:
            merged[d.name] = d
        pool = CardPool([])
        pool.by_name = merged
        return pool

    @classmethod
    def load_dir(cls, folder: Path = CARD_DIR) -> "CardPool":
        defs: list[CardDef] = []
        files = sorted(folder.glob("*.toml"))
        if not files:
            raise CardDataError(f"no card files in {folder}")
        for p in files:
            defs.extend(parse_cards(p.read_text(encoding="utf-8"), str(p.name)))
        return cls(defs)
