"""Options that take one value per seat: ``--decks A B C`` means ``--decks A --decks B --decks C``.

Click options take a fixed number of values; a seat count is only known once the decks are
read, so a command built with :func:`spread_options` rewrites its arguments first. The values
of such an option run until the next argument that starts with ``-``.
"""
from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperCommand


def spread_values(args: list[str], names: tuple[str, ...]) -> list[str]:
    """``args`` with each value after an option of ``names`` given its own copy of the option."""
    out: list[str] = []
    current: str | None = None        # the spread option whose values we are reading
    bare = False                      # it has had no value yet
    for i, arg in enumerate(args):
        if arg.startswith("-"):
            if bare:
                raise typer.BadParameter("needs one value per seat", param_hint=current)
            current, bare = (arg, True) if arg in names else (None, False)
            if arg == "--":           # everything after it is positional
                return out + args[i:]
            if current is None:
                out.append(arg)
        elif current is not None:
            out += [current, arg]
            bare = False
        else:
            out.append(arg)
    if bare:
        raise typer.BadParameter("needs one value per seat", param_hint=current)
    return out


class SpreadCommand(TyperCommand):
    spread: tuple[str, ...] = ()

    def parse_args(self, ctx: Any, args: list[str]) -> Any:
        try:
            spread = spread_values(list(args), self.spread)
        except typer.BadParameter as e:
            e.ctx = ctx
            raise
        return super().parse_args(ctx, spread)


def spread_options(*names: str) -> type[TyperCommand]:
    """A command class whose options ``names`` each take one or more values."""
    return type("SpreadCommand", (SpreadCommand,), {"spread": names})
