"""``--help`` of the commands that take decks ends with each game's default decks.

The names come from the registered games themselves, read only when help is shown (loading
every game's cards at each start would slow every command down).
"""
from __future__ import annotations

from typing import Any

from typer.core import TyperCommand

import metatcg

from .simulate import default_seats, starter_specs


def default_decks_lines() -> list[str]:
    """'metax: aggro vs control' for every registered game: the decks ``play`` and ``simulate``
    use when none are given (two seats where the game allows it)."""
    lines = []
    for gid in metatcg.game_ids():
        try:
            game = metatcg.load_game(gid)
            names = game.starter_deck_names()
        except Exception:              # a broken game must not break --help of every other one
            continue
        if names:
            lines.append(f"{gid}: " + " vs ".join(starter_specs(game, default_seats(game))))
    return lines


class DefaultDecksHelp(TyperCommand):
    """A command whose help ends with the default decks of every game."""

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        super().format_epilog(ctx, formatter)
        lines = default_decks_lines()
        if lines:
            with formatter.section("Default decks (seat 1 first; 'metatcg deck list GAME' shows all)"):
                for line in lines:
                    formatter.write_text(line)


def with_default_decks(base: type[TyperCommand] = TyperCommand) -> type[TyperCommand]:
    """``base`` (e.g. a spread-options command) with the default decks in its help."""
    return type(base.__name__, (DefaultDecksHelp, base), {})
