"""What the CLI shows: a player's view (``state.view(p)``) as rich text, and card look-ups.

The CLI names no game. Each game's terminal renderer lives in its own package and is reached
through its presentation (the class its presentation's ``terminal_renderer`` names, see :mod:`metatcg.ui`);
a game without one gets the generic :class:`metatcg.ui.terminal.GameUI`, which still shows
its view and its cards. This module gives the commands one entry point per thing they show.
"""
from __future__ import annotations

from typing import Any, Iterable

from rich.console import RenderableType
from rich.table import Table

from metatcg.engine.game import Game
from metatcg.ui import cards as _cards
from metatcg.ui.layout import compact_log, log_line, log_section, render_actions, seat_label, seat_order
from metatcg.ui.presentation import presentation_of
from metatcg.ui.terminal import GameUI, terminal_ui

HELP_TEXT = ("Type a number to choose. Also: [bold]?N[/] cards in option N · [bold]card NAME[/] · "
             "[bold]hand[/] · [bold]board[/] full board · [bold]log[/] [N | /TEXT] · [bold]rules[/] [TOPIC] · "
             "[bold]undo[/] · [bold]more[/] options · [bold]why[/] NAME not offered · [bold]prefs[/] · "
             "[bold]help[/] · [bold]concede[/] · "
             "[bold]quit[/] · [bold]2 2 4[/] several picks of one payment")


def ui_for(game: Game) -> GameUI:
    """The terminal renderer of ``game``."""
    return terminal_ui(game)


# ------------------------------------------------------------------ cards
def pool_names(game: Game) -> list[str]:
    return presentation_of(game).card_names()


def card_summary(game: Game, name: str) -> str:
    return presentation_of(game).card_summary(name)


def find_cards(game: Game, query: str) -> tuple[list[str], list[str]]:
    """Cards matching ``query``: (matches, suggestions); see :func:`metatcg.ui.cards.find_cards`."""
    return _cards.find_cards(pool_names(game), query)


def names_in(game: Game, text: str) -> list[str]:
    """Card names mentioned in ``text``, in text order."""
    return _cards.names_in(pool_names(game), text)


# ------------------------------------------------------------------ screens
def render_view(game: Game, view: dict[str, Any], new_log: list[str] | None = None,
                roles: dict[int, str] | None = None) -> RenderableType:
    """Everything ``view['you']`` may see, top to bottom, in the game's own layout."""
    return ui_for(game).render_view(game, view, new_log, roles)


def card_details(game: Game, name: str) -> RenderableType:
    return ui_for(game).card_details(game, name)


def card_numbers(game: Game, name: str) -> str:
    return ui_for(game).card_numbers(game, name)


def cards_table(game: Game, names: Iterable[str], title: str | None = None) -> Table:
    return ui_for(game).cards_table(game, names, title)


__all__ = ["HELP_TEXT", "ui_for", "pool_names", "card_summary", "find_cards", "names_in", "render_view",
           "card_details", "card_numbers", "cards_table", "render_actions", "compact_log", "log_line",
           "log_section", "seat_label", "seat_order", "GameUI"]
