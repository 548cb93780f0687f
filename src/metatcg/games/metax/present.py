"""MetaX as front ends show it: card facts worded for players, the keyword glossary, the
rules constants a screen needs, the typed view and the terminal renderer.

Everything here is read from the game's own modules (card defs, ``schema.Keyword``,
``zones.VP_TO_WIN``); nothing about the rules is re-declared.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, get_args

from ...engine.game import Game
from ...ui.presentation import CardInfo, Presentation
from .cards import STAT_SHORT, CardDef
from .zones import VP_TO_WIN
from .schema import Keyword

if TYPE_CHECKING:  # pragma: no cover
    pass

# The Steps of a turn as the view names them (``view["step"]``), as a player reads them.
STEP_NAMES = {
    "setup": "Setup", "mulligan": "Mulligans", "prep": "Prep Step", "planning": "Planning Step",
    "battle": "Battle Step: attacks", "defense": "Battle Step: defenders",
    "damage": "Battle Step: damage", "end": "End of turn",
}

# Our own short explanations (rule IDs, not rulebook sentences).
GLOSSARY = {
    "quick": "May attack, Push and Link on the turn it comes into play (lifts MX-ATK-5, MX-OVR-3).",
    "elusive": "Only a defender with at least as many Stat types may block its attacks.",
    "sentinel": "May defend even while Pushed (lifts MX-DEF-2).",
}


def stat_list(stats: tuple[str, ...] | list[str]) -> str:
    """'STR/INT' for a Battle Card's Stat types."""
    return "/".join(STAT_SHORT.get(s, s) for s in stats)


class MetaXPresentation(Presentation):
    length_word = "turns"
    about = (f"Two players each build a team of Characters and send them to attack. The other player may block "
             f"with one of theirs and both sides play a Battle Card; an attack nobody blocks scores a Victory "
             f"Point. First to {VP_TO_WIN} VP wins.")
    card_types = ("character", "event", "battle")
    no_text = "(no effect)"
    phases: Mapping[str, str] = STEP_NAMES
    pick_kinds = Presentation.pick_kinds | {"bottom", "defend", "link", "discard"}

    @property
    def rules(self) -> Mapping[str, int]:
        return {"vp_to_win": VP_TO_WIN}

    @property
    def keywords(self) -> Mapping[str, str]:
        return {k: GLOSSARY.get(k, "") for k in get_args(Keyword)}

    @property
    def view_model(self) -> type | None:
        from .view_schema import MetaXView
        return MetaXView

    terminal_renderer = "metatcg.games.metax.terminal:MetaXUI"

    # ---- cards
    def describe(self, name: str, c: Any) -> CardInfo:
        c_: CardDef = c
        return CardInfo(name=name, type=c_.type, kind=self._kind(c_), numbers=self._numbers(c_),
                        text=c_.text or self._plain_text(c_),
                        number=c_.number, traits=(c_.trait,) if c_.trait else (),
                        keywords=tuple(k.capitalize() for k in sorted(c_.keywords)), stats=self._stats(c_),
                        summary=c_.summary(), heading=self._heading(c_), details=self._details(c_))

    @staticmethod
    def _kind(c: CardDef) -> str:
        """'Character (Vanguard)', 'Event', 'Battle Card · Strength', 'Battle Card (Multi-Stat) · Strength/Special'."""
        if c.type == "battle":
            return ("Battle Card (Multi-Stat)" if c.multi else "Battle Card") + " · " + \
                "/".join(s.capitalize() for s in c.battle_stats)
        return c.type.capitalize() + (f" ({c.trait})" if c.trait else "")

    @staticmethod
    def _plain_text(c: CardDef) -> str:
        """What a card without printed text does, in our words: a basic Battle Card is only its
        Stat and Rank, so a player still learns from its panel how it is used."""
        if c.type == "character":
            stats = ", ".join(f"{s.capitalize()} {r}" for s, r in c.stats)
            kws = "".join(f" {k.capitalize()}." for k in sorted(c.keywords))
            return (f"No effect of its own.{kws} It gives you {c.mp} MP when played and fights with its "
                    f"Ranks ({stats}); it needs Damage in {len(c.stats)} Stat colour"
                    f"{'s' if len(c.stats) != 1 else ''} for a TKO.")
        if c.type != "battle":
            return ""
        stats = " or ".join(s.capitalize() for s in c.battle_stats)
        mp = f" It gains {c.mp} MP as it is played." if c.mp > 0 else \
            f" It costs {-c.mp} MP to play." if c.mp < 0 else ""
        many = " in any one of them" if c.multi else ""
        return (f"Basic Battle Card, no effect of its own. A Character with Rank {c.rank} or more in "
                f"{stats}{many} may play it to attack or block.{mp} In a blocked fight it ends up as "
                f"Damage of Rank {c.rank} on the opposing Character; otherwise it is discarded.")

    @staticmethod
    def _numbers(c: CardDef) -> str:
        """Short: '+2 MP · STR 7 INT 3', '-1 MP', 'STR 4 · +2 MP'."""
        if c.type == "character":
            return f"+{c.mp} MP · " + " ".join(f"{STAT_SHORT.get(s, s)} {r}" for s, r in c.stats)
        if c.type == "event":
            return f"{c.mp:+d} MP"
        if c.type == "battle":
            return f"{stat_list(c.battle_stats)} {c.rank} · {c.mp:+d} MP"
        return ""

    @staticmethod
    def _stats(c: CardDef) -> dict[str, int]:
        if c.type == "character":
            return {"mp": c.mp, **c.stat_map}
        if c.type == "battle":
            return {"mp": c.mp, "rank": c.rank}
        return {"mp": c.mp}

    @staticmethod
    def _heading(c: CardDef) -> str:
        if c.type == "character":
            return f"Character · {c.trait}"
        if c.type == "battle":
            return "Battle Card" + (" (Multi-Stat)" if c.multi else "")
        return c.type.capitalize()

    @staticmethod
    def _details(c: CardDef) -> tuple[str, ...]:
        if c.type == "character":
            return ("Stats: " + "  ".join(f"{STAT_SHORT.get(s, s)} {r}" for s, r in c.stats),
                    f"MP when played: +{c.mp}")
        if c.type == "event":
            return (f"Cost: {-c.mp} MP" if c.mp < 0 else f"MP: {c.mp:+d}",)
        if c.type == "battle":
            return (f"Stat: {stat_list(c.battle_stats)}  Rank: {c.rank}", f"MP: {c.mp:+d}")
        return ()

    def base_rank(self, name: str, stat: str) -> int | None:
        """A Character's printed Rank in ``stat`` (None for an unknown card)."""
        c = self.card_def(name)
        return c.base_rank(stat) if c is not None and c.type == "character" else None

    def damage_label(self, name: str) -> str:
        """A card attached as Damage: a Battle Card shows its Stat types and Rank."""
        c = self.card_def(name)
        if c is None or c.type != "battle":
            return name
        return f"{name} ({stat_list(c.battle_stats)} {c.rank})"


def presentation(game: Game) -> MetaXPresentation:
    return MetaXPresentation(game)
