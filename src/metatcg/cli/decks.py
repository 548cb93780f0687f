"""``metatcg deck check|list|show``."""
from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape
from rich.table import Table

from metatcg.engine.decks import Deck, parse_deck_text
from metatcg.engine.errors import DeckError

from .common import console, err_console, get_game, handle_errors
from .render import card_def, card_numbers

deck_app = typer.Typer(help="Check deck files and browse starter decks.", no_args_is_help=True)


@deck_app.command("check")
@handle_errors
def check(file: Path = typer.Argument(..., help="Deck file: '3 Card Name' lines, '#' comments."),
          game_id: str = typer.Option("metax", "--game", "-g", help="Game whose deck rules apply.")) -> None:
    """Check a deck file against the game's deck rules; exit 0 if legal, 1 if not."""
    game = get_game(game_id)
    text = Path(file).read_text(encoding="utf-8")      # unreadable file: exit 2
    try:
        deck = parse_deck_text(text, Path(file).stem)
    except DeckError as e:                            # malformed list: the deck is not legal
        err_console.print(f"[bold red]illegal:[/] {escape(str(e))}", soft_wrap=True)
        raise typer.Exit(1) from None
    problems = game.check_deck(deck)
    if problems:
        err_console.print(f"[bold red]illegal:[/] {escape(str(file))} breaks {len(problems)} "
                          f"rule{'s' if len(problems) != 1 else ''} of {escape(game.id)}:")
        for p in problems:
            err_console.print(f"  - {escape(p)}", soft_wrap=True)
        raise typer.Exit(1)
    console.print(f"[bold green]legal:[/] {len(deck.cards)} cards ({escape(str(file))}, {escape(game.id)})")


@deck_app.command("list")
@handle_errors
def list_decks(game_id: str = typer.Argument(..., metavar="GAME", help="Game id, e.g. metax.")) -> None:
    """List a game's starter decks with their descriptions."""
    game = get_game(game_id)
    table = Table(title=f"{game.title or game.id}: starter decks", title_justify="left")
    table.add_column("Name", style="bold", no_wrap=True)
    table.add_column("Cards", justify="right")
    table.add_column("Description")
    for name in game.starter_deck_names():
        d = game.starter_deck(name)
        table.add_row(escape(name), str(len(d.cards)), escape(d.description))
    console.print(table)


@deck_app.command("show")
@handle_errors
def show(game_id: str = typer.Argument(..., metavar="GAME", help="Game id, e.g. metax."),
         name: str = typer.Argument(..., help="Starter deck name or deck file."),
         text: bool = typer.Option(False, "--text", help="Print the plain deck list (to save and edit).")) -> None:
    """Print a starter deck (or a deck file), grouped by card type."""
    game = get_game(game_id)
    deck = game.resolve_deck(name)
    if text:
        typer.echo(deck.to_text(), nl=False)       # raw: never wrapped, ready to save
        return
    console.print(deck_table(game, deck))


def deck_table(game, deck: Deck) -> Table:
    title = f"{deck.name} ({len(deck.cards)} cards)"
    table = Table(title=title, caption=escape(deck.description) or None, title_justify="left",
                  caption_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Card", style="bold", no_wrap=True)
    table.add_column("Type", no_wrap=True)
    table.add_column("Numbers", no_wrap=True)
    order = {"character": 0, "event": 1, "battle": 2}
    rows = []
    for nm, n in deck.counts().items():
        c = card_def(game, nm)
        kind = c.type if c is not None else "unknown"
        rows.append((order.get(kind, 3), kind, nm, n))
    for _, kind, nm, n in sorted(rows, key=lambda r: r[0]):  # stable: keeps the list's order
        table.add_row(str(n), escape(nm), kind, escape(card_numbers(game, nm)))
    return table
