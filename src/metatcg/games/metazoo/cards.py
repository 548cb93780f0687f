"""The MetaZoo (four-lane) card pool: TOML files validated by the schema, turned into fast,
read-only card definitions with everything the rules look up precomputed."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import BaseModel

from ...engine.cardfile import CardPool as BasePool
from ...engine.cardfile import parse_card_text
from ...engine.errors import CardDataError
from .schema import OP_NAMES, UNIT_OPS, CardFile, CardModel
from .text import ability_text, cost_text

CARD_DIR = Path(__file__).parent / "cards"
UNIT_TYPES = frozenset({"caster", "creature", "equipment", "token"})


@dataclass(frozen=True, slots=True)
class CardDef:
    """Everything the rules read about a card, precomputed once."""

    name: str
    type: str                      # caster | creature | equipment | terra | strategy | aura | token
    aura: str | None = None        # the card's Aura type (a Caster's primary type)
    allied: str | None = None      # a Caster's allied type (None: no allied type)
    cost: int = 0                  # base cost (MZL-ERRATA-BASECOST)
    influence: int = 0             # base Influence (MZL-ERRATA-INFL-1)
    unique: bool = False
    starter: bool = False
    number: str = ""
    text: str = ""
    traits: frozenset[str] = frozenset()
    enhance: bool = False
    soar: bool = False
    gigantic: int = 0
    destruction: int = 0
    cannot: frozenset[str] = frozenset()
    abilities: tuple[Plain, ...] = ()     # schema.Ability fields, as plain slots (see Plain)
    # ---- precomputed
    is_unit: bool = False          # can be in a lane as a unit
    creature: bool = False         # a creature when in a lane (creatures, Casters, creature tokens)
    equipment: bool = False
    token: bool = False
    on_play: tuple[int, ...] = ()
    statics: tuple[int, ...] = ()          # continuous abilities
    during: tuple[int, ...] = ()           # during_mission abilities
    mission: tuple[int, ...] = ()          # on_mission_declaration/resolution/successful/overwhelm
    dispelled: tuple[int, ...] = ()        # when_dispelled
    triggers: tuple[int, ...] = ()         # conditional triggers
    replacements: tuple[int, ...] = ()
    activated: tuple[int, ...] = ()
    listens: frozenset[str] = field(default_factory=frozenset)  # trigger 'when' values it listens to
    texts: tuple[str, ...] = ()    # a readable text per ability (its own, or made from its data)
    ops: tuple[frozenset[str], ...] = ()        # per ability: its op names (+ "neg_influence" if it lowers one)
    cost_texts: tuple[str, ...] = ()       # per ability: its cost as a label reads it ("" without one)
    # printed keyword -> instances ("cannot_be_..." for restrictions)
    keywords: dict[str, int] = field(default_factory=dict, hash=False)
    once: tuple[bool, ...] = ()            # per ability: used at most once per round (play.once_per_round)
    aura_costs: tuple[AuraCost | None, ...] = ()                 # per ability: its AuraCost, or None
    confinable: bool = False               # a Strategy that can be confined to one lane (MZL-ERRATA-DISCOUNT-4)
    first_targets: tuple[tuple[int, int], ...] = ()  # (ability, op) picking the first target of each
                                                     # ability that is not a "may" (MZL-STRATEGY-5)

    def summary(self) -> str:
        """One line a player reads: type, numbers, text."""
        t = self.type
        kind = {"creature": "Creature", "equipment": "Equipment", "terra": "Terra", "strategy": "Strategy",
                "caster": "Caster", "aura": "Aura", "token": "Token"}[t]
        if self.unique:
            kind += " (Unique)"
        if self.starter:
            kind += " (Starter)"
        bits = [kind]
        if self.aura:
            bits.append(self.aura.capitalize() + (f"/{self.allied.capitalize()} allied" if self.allied else ""))
        if t not in ("aura", "token"):
            bits.append(f"cost {self.cost}")
        if self.is_unit:
            bits.append(f"Influence {self.influence}")
        kw = []
        if self.enhance:
            kw.append("Aura enhancement")
        if self.soar:
            kw.append("Soar")
        if self.gigantic:
            kw.append(f"Gigantic ({self.gigantic})")
        kw += ["Destruction"] * self.destruction
        kw += [f"cannot {c.replace('_', ' ')}" for c in sorted(self.cannot)]
        if self.traits:
            bits.append("[" + ", ".join(sorted(self.traits)) + "]")
        head = " | ".join(bits + ([", ".join(kw)] if kw else []))
        return f"{self.name} — {head}" + (f" — {self.text}" if self.text else "")


def _op_names(a: "Plain") -> frozenset[str]:
    names = {o.op for o in a.do}
    if any(o.op == "has_influence" and o.amount < 0 for o in a.do):
        names.add("neg_influence")
    return frozenset(names)


def _printed_keywords(m: CardModel) -> dict[str, int]:
    kws = {"soar": 1 if m.soar else 0, "destruction": m.destruction, "enhance": 1 if m.enhance else 0}
    kws.update({"cannot_" + c: 1 for c in m.cannot})
    return {k: n for k, n in kws.items() if n}


def _once_per_round(a: Plain) -> bool:
    """MZL-ABILITY-8/10: activated abilities once per round, except those whose cost taps
    their own card (usable again once it is untapped); Action icons always once."""
    if a.once_per_round is not None:
        return bool(a.once_per_round)
    if a.icon:
        return True
    return not (a.cost is not None and a.cost.tap)


class AuraCost(NamedTuple):
    """What an ability's cost taps: one Aura of each type in ``needs`` (a symbol needs that
    exact type) and ``generic`` more of any type (MZL-ABILITY-6/11)."""

    needs: tuple[str, ...]
    generic: int


def _aura_cost(a: Plain) -> AuraCost | None:
    if a.cost is None or not a.cost.aura:
        return None
    needs: list[str] = []
    generic = 0
    for k, n in a.cost.aura.items():
        if k == "any":
            generic += n
        else:
            needs += [k] * n
    return AuraCost(tuple(needs), generic)


def _confinable(abil: "tuple[Plain, ...]") -> bool:
    """MZL-ERRATA-DISCOUNT-4: a Strategy can keep its result inside one lane's creatures
    only if all it does is act on chosen units (no player effects, no Move or Duel, nothing
    about equipment, itself or "that unit", nothing in another lane)."""
    for a in abil:
        for o in a.do:
            if o.op not in UNIT_OPS or o.op in ("move", "duel"):
                return False
            if o.target.type == "equipment" or o.target.choose in ("self", "subject") or o.target.lane == "other":
                return False
    return bool(abil)


def _first_targets(abil: "tuple[Plain, ...]") -> tuple[tuple[int, int], ...]:
    """For each ability that is not a "may": its first op that targets one unit, or the
    highest/lowest (a Duel excepted), if any (PR-MZL-10)."""
    out = []
    for ai, a in enumerate(abil):
        if a.may:
            continue
        for oi, o in enumerate(a.do):
            tg = getattr(o, "target", None)
            if tg is not None and tg.choose in ("one", "highest", "lowest") and o.op != "duel":
                out.append((ai, oi))
                break
    return tuple(out)


def _to_def(m: CardModel) -> CardDef:
    abil = plain(tuple(m.ability))

    def idx(*kinds: str) -> tuple[int, ...]:
        return tuple(i for i, a in enumerate(abil) if a.kind in kinds)

    is_unit = m.type in UNIT_TYPES
    creature = m.type in ("creature", "caster") or (m.type == "token" and (m.token_type or "creature") == "creature")
    equipment = m.type == "equipment" or (m.type == "token" and m.token_type == "equipment")
    return CardDef(
        name=m.name, type=m.type, aura=m.aura, allied=m.allied if m.type == "caster" else None,
        cost=m.cost or 0, influence=m.influence or 0, unique=m.unique, starter=m.starter,
        number=m.number or "", text=m.text, traits=frozenset(m.traits), enhance=m.enhance, soar=m.soar,
        gigantic=m.gigantic, destruction=m.destruction, cannot=frozenset(m.cannot), abilities=abil,
        is_unit=is_unit, creature=creature, equipment=equipment, token=m.type == "token",
        on_play=idx("on_play"), statics=idx("continuous"), during=idx("during_mission"),
        mission=idx("on_mission_declaration", "on_mission_resolution", "on_successful_mission", "overwhelm"),
        dispelled=idx("when_dispelled"), triggers=idx("trigger"), replacements=idx("replacement"),
        activated=idx("activated"),
        listens=frozenset(a.when for a in abil if a.kind == "trigger"),
        texts=tuple(ability_text(a) for a in abil),
        ops=tuple(_op_names(a) for a in abil),
        cost_texts=tuple(cost_text(a) for a in abil),
        first_targets=_first_targets(abil),
        confinable=m.type == "strategy" and _confinable(abil),
        once=tuple(_once_per_round(a) for a in abil),
        aura_costs=tuple(_aura_cost(a) for a in abil),
        keywords=_printed_keywords(m),
    )


class Plain:
    """A validated part of a card file (an ability, an op, a filter...) as the rules read it:
    the same fields as its pydantic model, in plain slots, because rules read them in their
    hottest loops and a pydantic model is slower to read. Immutable by convention; equal when
    of the same kind with equal fields."""

    __slots__: tuple[str, ...] = ()

    if TYPE_CHECKING:  # its fields are its model's, made at run time: each reads as Any
        def __getattr__(self, name: str) -> Any: ...

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in type(self).__slots__)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and isinstance(other, Plain) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, repr(self._values())))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={getattr(self, f)!r}' for f in type(self).__slots__)})"


_PLAIN: dict[type, type[Plain]] = {}


def plain(obj: Any) -> Any:
    """``obj`` with every pydantic model in it turned into a :class:`Plain` copy (lists to tuples)."""
    if isinstance(obj, BaseModel):
        model = type(obj)
        cls = _PLAIN.get(model)
        if cls is None:
            cls = _PLAIN[model] = type(model.__name__, (Plain,), {"__slots__": tuple(model.model_fields),
                                                                  "__module__": __name__})
        out: Plain = object.__new__(cls)
        for f in cls.__slots__:
            object.__setattr__(out, f, plain(getattr(obj, f)))
        return out
    if isinstance(obj, (list, tuple)):
        return tuple(plain(x) for x in obj)
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    return obj


_TYPE_TAGS = set(OP_NAMES)


def parse_cards(text: str, path: str = "<cards>") -> list[CardDef]:
    return parse_card_text(text, path, CardFile, _to_def, _TYPE_TAGS)


class CardPool(BasePool[CardDef]):
    """All MetaZoo cards by exact name (names are unique)."""

    _aura_cards: dict[str | None, str] | None = None

    @property
    def checked_decks(self) -> dict[Any, Any]:
        """Deck -> the rules it breaks, for decks this pool checked (deckcheck.check_deck)."""
        known = self.__dict__.get("_checked_decks")
        if known is None:
            known = self.__dict__["_checked_decks"] = {}
        return known

    def aura_card(self, aura_type: str) -> str | None:
        """The name of the Aura card of ``aura_type`` (for allied supplies and pools)."""
        if self._aura_cards is None:
            self._aura_cards = {}
            for nm, c in self.by_name.items():
                if c.type == "aura" and c.aura not in self._aura_cards:
                    self._aura_cards[c.aura] = nm
        return self._aura_cards.get(aura_type)

    def check(self) -> None:
        """Token names in create_token ops must be token cards of the pool."""
        self._aura_cards = None
        for c in self.by_name.values():
            for i, a in enumerate(c.abilities):
                for o in a.do:
                    if o.op == "create_token":
                        t = self.by_name.get(o.token)
                        if t is None or t.type != "token":
                            raise CardDataError(f"card {c.name!r}: ability #{i + 1}: create_token names "
                                                f"{o.token!r}, which is not a token card of the pool")

    @classmethod
    def load_dir(cls, folder: Path = CARD_DIR) -> "CardPool":
        return cls.load_files(folder, parse_cards)
