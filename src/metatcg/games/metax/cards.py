"""The MetaX card pool: TOML files validated by the schema, turned into fast read-only defs."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...engine.cardfile import CardPool as BasePool
from ...engine.cardfile import parse_card_text
from .schema import STATS, Battle, CardFile, Character, Effect, Event, StatAura

CARD_DIR = Path(__file__).parent / "cards"
STAT_SHORT = {"strength": "STR", "intelligence": "INT", "special": "SPE"}
_STAT_MAPS: dict[tuple[tuple[str, int], ...], dict[str, int]] = {}  # stats tuple -> dict, shared by equal cards


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
    keywords: frozenset[str] = field(default_factory=frozenset)  # constant keywords on a character
    auras: tuple[StatAura, ...] = ()    # constant stat_aura ops
    has_constant: bool = False
    # derived once from the fields above (the rules read them very often)
    is_character: bool = field(init=False, compare=False, repr=False)
    is_battle: bool = field(init=False, compare=False, repr=False)
    multi: bool = field(init=False, compare=False, repr=False)   # a Multi-Stat Battle Card
    stat_map: dict[str, int] = field(init=False, compare=False, hash=False, repr=False)  # stat -> base Rank
    push_effects: tuple[int, ...] = field(init=False, compare=False, repr=False)  # indexes of its Push effects

    def __post_init__(self) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "is_character", self.type == "character")
        setattr_(self, "is_battle", self.type == "battle")
        setattr_(self, "multi", len(self.battle_stats) > 1)
        setattr_(self, "stat_map", _STAT_MAPS.get(self.stats) or _STAT_MAPS.setdefault(self.stats, dict(self.stats)))
        setattr_(self, "push_effects", tuple(i for i, e in enumerate(self.effects) if e.kind == "push"))

    def base_rank(self, stat: str) -> int:
        return self.stat_map.get(stat, 0)

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


_TAGS = {"character", "event", "battle", "draw", "gain_mp", "drain_mp", "discard", "mill", "search",
         "recover", "put_into_play", "prep", "push", "attach_damage", "clear_damage", "discard_from_play",
         "bounce", "buff", "grant", "negate", "stat_aura", "keyword"}


def parse_cards(text: str, path: str = "<cards>") -> list[CardDef]:
    return parse_card_text(text, path, CardFile, _to_def, _TAGS)


class CardPool(BasePool[CardDef]):
    """All MetaX cards by name (names are unique: MX-DECK-7)."""

    @classmethod
    def load_dir(cls, folder: Path = CARD_DIR) -> "CardPool":
        return cls.load_files(folder, parse_cards)
