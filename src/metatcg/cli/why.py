"""The terminal's ``why NAME`` command: why a card or action is not among your options, answered
by the game (``metatcg.ui.why``) from what you may know."""
from __future__ import annotations

from typing import Any

from rich.markup import escape

from ..ui.why import why_not
from .common import console


def show_why(state: Any, seat: int, arg: str) -> None:
    """Print the game's answer, or how to ask."""
    name = arg.strip()
    if not name:
        console.print("[red]why what?[/] — e.g. [bold]why Galeborn Courier[/]: why a card or action is not offered")
        return
    console.print(f"[bold]Why not {escape(name)}?[/] {escape(why_not(state, seat, name))}")
