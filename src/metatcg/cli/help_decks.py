"""``--help`` of the commands that start games ends with each game's default decks and
table options.

Both come from the registered games themselves, read only when help is shown (loading every
game's cards at each start would slow every command down).
"""
from __future__ import annotations

from typing import Any

from typer.core import TyperCommand

import metatcg

from .simulate import default_seats, starter_specs


def _games() -> list[Any]:
    """Every registered game that loads (a broken game must not break --help of the others)."""
    out = []
    for gid in metatcg.game_ids():
        try:
            out.append(metatcg.load_game(gid))
        except Exception:
            continue
    return out


def default_decks_lines(games: list[Any]) -> list[str]:
    """'GAME: deck vs deck' for every game with starter decks: the decks ``play`` and
    ``simulate`` use when none are given (two seats where the game allows it)."""
    return [f"{g.id}: " + " vs ".join(starter_specs(g, default_seats(g))) for g in games if g.starter_deck_names()]


def option_lines(games: list[Any]) -> list[str]:
    """'GAME: key=default, ...' for every game: what ``--option KEY=VALUE`` may set."""
    def shown(v: Any) -> str:
        return str(v).lower() if isinstance(v, bool) else str(v)
    return [f"{g.id}: " + ", ".join(f"{k}={shown(v)}" for k, v in sorted(g.default_options().items()))
            for g in games]


def starter_decks_lines(games: list[Any]) -> list[str]:
    """'GAME: deck, deck, ...' for every game with starter decks: the entrants of a
    ``tournament`` given no ``--decks``."""
    return [f"{g.id}: " + ", ".join(g.starter_deck_names()) for g in games if g.starter_deck_names()]


class DefaultDecksHelp(TyperCommand):
    """A command whose help ends with every game's default decks and table options."""

    decks_title = "Default decks (seat 1 first; 'metatcg deck list GAME' shows all)"
    decks_lines = staticmethod(default_decks_lines)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        super().format_epilog(ctx, formatter)
        games = _games()
        for title, lines in ((self.decks_title, self.decks_lines(games)),
                             ("Table options (--option KEY=VALUE; the defaults)", option_lines(games))):
            if lines:
                with formatter.section(title):
                    for line in lines:
                        formatter.write_text(line)


class StarterDecksHelp(DefaultDecksHelp):
    """A tournament's help: its default entrants are every starter deck of the game."""

    decks_title = "Default entrants (every starter deck; 'metatcg deck list GAME' shows them)"
    decks_lines = staticmethod(starter_decks_lines)


def with_default_decks(base: type[TyperCommand] = TyperCommand,
                       helper: type[DefaultDecksHelp] = DefaultDecksHelp) -> type[TyperCommand]:
    """``base`` (e.g. a spread-options command) with the default decks in its help."""
    return type(base.__name__, (helper, base), {})
