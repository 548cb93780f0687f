"""MetaZoo (four-lane edition) as front ends show it: card facts worded for players, the
keyword glossary, the rules constants a screen needs (MP to win, the Aura cap, lanes and
their slots), the typed view and the terminal renderer.

Constants come from the game's own modules (``data.MP_TO_WIN``, ``data.AURA_CAP``, ``data.LANES``,
``data.BASE_LANE_LIMIT``, ``deckcheck``); nothing about the rules is re-declared.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, get_args

from ...engine.decks import Deck
from ...engine.game import Game
from ...ui.presentation import CardInfo, Presentation
from .cards import CardDef
from .data import ALLIED_SUPPLY, AURA_CAP, BASE_LANE_LIMIT, LANES, MP_TO_WIN
from .deckcheck import AURA_DECK, MAIN_MIN, MAX_COPIES, SECTIONS
from .schema import Keyword

if TYPE_CHECKING:  # pragma: no cover
    pass

# The phases as the view names them (``view["phase"]``), as a player reads them.
PHASES = {"setup": "Setup", "ready": "Setup", "draw": "Draw phase", "aura": "Aura phase",
          "action": "Action phase", "end": "End of round", "over": "Game over"}
TYPE_NAMES = {"creature": "Creature", "equipment": "Equipment", "terra": "Terra", "strategy": "Strategy",
              "caster": "Caster", "aura": "Aura", "token": "Token"}
# The sections of a deck file (``deckcheck.SECTIONS``) as a player names them.
SECTION_TITLES = {"caster": "Caster", "starter": "Starter Terras", "aura": "Aura deck", "main": "Main deck"}

# keyword id (``schema.Keyword``, the view's unit keywords) -> (label on the board, in card text)
KEYWORD_LABELS = {
    "soar": ("Soar", "Soar"),
    "destruction": ("Destruction", "Destruction"),
    "enhance": ("Aura enh.", "Aura enhancement"),
    "cannot_be_shattered": ("can't be Shattered", "cannot be Shattered"),
    "cannot_be_damaged": ("can't be damaged", "cannot be dealt damage"),
    "cannot_be_tapped": ("can't be tapped", "cannot be tapped"),
    "cannot_be_moved": ("can't be Moved", "cannot be Moved"),
    "cannot_be_returned": ("can't be returned", "cannot be returned to hand"),
    "cannot_be_dueled": ("can't be Dueled", "cannot be Dueled"),
    "cannot_be_targeted": ("can't be targeted", "cannot be targeted"),
}

# Our own short explanations (rule IDs, not rulebook sentences).
GLOSSARY = {
    "soar": "Wins a contested mission as if it were uncontested (2 MP), unless the other side has Soar "
            "too (MZL-KW-SOAR). Several Soar on a side count once.",
    "destruction": "For each instance on the side that wins a lane, the loser Shatters one of their own "
                   "units there (MZL-KW-DESTRUCTION).",
    "enhance": "Aura enhancement symbol: its controller may enhance this lane with Aura (MZL-ENHANCE-1).",
    "gigantic": "Gigantic (X): its controller's side of the lane has X fewer slots (MZL-ERRATA-GIGANTIC).",
    "cannot_be_shattered": "No effect may Shatter it, and it cannot satisfy Destruction (MZL-ERRATA-CANNOT).",
    "cannot_be_damaged": "No effect may deal damage to it (MZL-ERRATA-CANNOT).",
    "cannot_be_tapped": "No effect may tap it (MZL-ERRATA-CANNOT).",
    "cannot_be_moved": "No effect may Move it to another lane (MZL-ERRATA-CANNOT).",
    "cannot_be_returned": "No effect may return it to its owner's hand (MZL-ERRATA-CANNOT).",
    "cannot_be_dueled": "It cannot be chosen for a Duel (MZL-ERRATA-CANNOT).",
    "cannot_be_targeted": "No effect may choose it (MZL-ERRATA-CANNOT).",
}


def cap(s: str | None) -> str:
    return (s or "").capitalize()


def keyword_label(k: str) -> str:
    """How the board names keyword ``k`` (a view's unit keyword)."""
    return KEYWORD_LABELS.get(k, (k.replace("_", " "), ""))[0]


class MetaZooPresentation(Presentation):
    length_word = "rounds"
    about = (f"Two Casters send creatures into {LANES} lanes and spend Aura to play them. Each round every lane "
             f"holds a mission: the side with more Influence there scores Mission Points. First to {MP_TO_WIN} "
             "MP wins.")
    card_types = ("caster", "terra", "creature", "equipment", "strategy", "aura", "token")
    phases: Mapping[str, str] = PHASES
    pick_kinds = Presentation.pick_kinds | {"bottom", "resolve_order", "replace_order", "discard", "sacrifice"}

    @property
    def rules(self) -> Mapping[str, int]:
        return {"mp_to_win": MP_TO_WIN, "aura_cap": AURA_CAP, "lanes": LANES, "lane_slots": BASE_LANE_LIMIT,
                "allied_supply": ALLIED_SUPPLY, "main_deck_min": MAIN_MIN, "aura_deck": AURA_DECK,
                "max_copies": MAX_COPIES}

    @property
    def keywords(self) -> Mapping[str, str]:
        ids = [*get_args(Keyword), "gigantic"]
        return {k: GLOSSARY.get(k, "") for k in ids}

    @property
    def view_model(self) -> type | None:
        from .view_schema import MetaZooView
        return MetaZooView

    terminal_renderer = "metatcg.games.metazoo.terminal:MetaZooUI"

    def trigger_controller(self, state: Any, trigger: Any) -> int | None:
        """An ability's controller ("you" of its context), or the player owing a temporary Aura."""
        ctx = getattr(trigger, "ctx", None)
        return int(ctx.controller) if ctx is not None else getattr(trigger, "player", None)

    # ---- cards
    def describe(self, name: str, c: Any) -> CardInfo:
        c_: CardDef = c
        numbers = self._numbers(c_)
        stats = {}
        if c_.type not in ("aura", "token"):
            stats["cost"] = c_.cost
        if c_.is_unit:
            stats["influence"] = c_.influence
        kind = self._kind(c_)
        return CardInfo(name=name, type=c_.type, kind=kind, numbers=numbers,
                        text=c_.text or " ".join(t if t.endswith(".") else t + "." for t in c_.texts if t)
                        or self._plain_text(c_),
                        number=c_.number, traits=tuple(sorted(c_.traits)), keywords=self._keywords(c_),
                        stats=stats, summary=c_.summary(), heading=kind,
                        details=(numbers[0].upper() + numbers[1:],) if numbers else ())

    def _plain_text(self, c: CardDef) -> str:
        """A card without printed text still says, in our words, what it is for."""
        if c.type == "aura":
            return (f"Basic {cap(c.aura)} Aura: it stays in your Aura zone, and tapping it pays one "
                    f"{cap(c.aura)} Aura of a cost.")
        keywords = self._keywords(c)
        if keywords:
            return ". ".join(keywords) + "."
        if c.is_unit:
            return (f"No ability: its Influence {c.influence} helps its side win the mission in its "
                    f"lane.")
        return ""

    @staticmethod
    def _kind(c: CardDef) -> str:
        """'Creature · Fire [Fox]', 'Terra (Starter) · Earth', 'Caster · Fire, allied Earth'."""
        kind = TYPE_NAMES.get(c.type, cap(c.type))
        if c.type == "token":
            kind += " equipment" if c.equipment else " creature"
        if c.starter:
            kind += " (Starter)"
        if c.unique:
            kind += " (Unique)"
        if c.aura:
            kind += f" · {cap(c.aura)}"
        if c.type == "caster":
            kind += f", allied {cap(c.allied)}" if c.allied else ", no allied type"
        if c.traits:
            kind += " [" + ", ".join(sorted(c.traits)) + "]"
        return kind

    @staticmethod
    def _numbers(c: CardDef) -> str:
        bits = []
        if c.type not in ("aura", "token"):
            bits.append(f"cost {c.cost}")
        if c.is_unit:
            bits.append(f"Influence {c.influence}")
        return " · ".join(bits)

    @staticmethod
    def _keywords(c: CardDef) -> tuple[str, ...]:
        kws = []
        if c.enhance:
            kws.append(KEYWORD_LABELS["enhance"][1])
        if c.soar:
            kws.append(KEYWORD_LABELS["soar"][1])
        if c.gigantic:
            kws.append(f"Gigantic ({c.gigantic})")
        if c.destruction:
            kws.append(KEYWORD_LABELS["destruction"][1] + (f" ×{c.destruction}" if c.destruction > 1 else ""))
        kws += [KEYWORD_LABELS.get(f"cannot_{k}", ("", f"cannot {k.replace('_', ' ')}"))[1] for k in sorted(c.cannot)]
        return tuple(kws)

    def short_kind(self, name: str) -> str:
        """The type and Aura type only, for a hand: 'Creature · Fire'."""
        c = self.card_def(name)
        if c is None:
            return ""
        return TYPE_NAMES.get(c.type, cap(c.type)) + (f" · {cap(c.aura)}" if c.aura else "")

    def search_fields(self, name: str) -> list[str]:
        c = self.card_def(name)
        if c is None:
            return [name]
        return [name, c.text, c.number, *c.traits, *c.texts]

    def type_matches(self, name: str, kind: str) -> bool:
        """A card type (creature, terra, ...) or an Aura type (fire, ...)."""
        c = self.card_def(name)
        return c is not None and kind in (c.type, c.aura)

    # ---- decks
    def deck_size(self, deck: Deck) -> str:
        n = {sec: len(deck.section(sec)) for sec in SECTIONS}
        return (f"{n['caster']} Caster, {n['starter']} Starter Terras, {n['aura']} Aura, "
                f"{n['main']} main-deck cards")

    def caster_line(self, deck: Deck) -> str:
        """'Ilsa, Ember Warden (Fire, allied Earth)'."""
        casters = deck.section("caster")
        if not casters:
            return ""
        c = self.card_def(casters[0])
        if c is None or c.type != "caster":
            return casters[0]
        return f"{c.name} ({cap(c.aura)}" + (f", allied {cap(c.allied)})" if c.allied else ")")

    def deck_blurb(self, deck: Deck) -> str:
        caster = self.caster_line(deck)
        return f"Caster {caster}" if caster else ""


def presentation(game: Game) -> MetaZooPresentation:
    return MetaZooPresentation(game)
