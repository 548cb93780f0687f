"""``metatcg deck check|list|show``."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape
from rich.table import Table

import metatcg
from metatcg.engine.decks import Deck, parse_deck_text
from metatcg.engine.errors import DeckError
from metatcg.engine.game import Game
from metatcg.engine.suggest import did_you_mean
from metatcg.ui.deck_games import best_game, other_game_hint

from .common import console, err_console, fail, get_game, handle_errors
from .render import ui_for

deck_app = typer.Typer(help="Check deck files and browse starter decks.", no_args_is_help=True)


@deck_app.command("check")
@handle_errors
def check(file: Path = typer.Argument(..., help="Deck file ('3 Card Name' lines, '#' comments, "
                                      "[section] headers where the game's decks have sections) or the "
                                      "name of a starter deck of --game."),
          game_id: Optional[str] = typer.Option(None, "--game", "-g",
                                                help="Game whose deck rules apply (default: the game whose "
                                                     "cards the deck names).")) -> None:
    """Check a deck file against the game's deck rules; exit 0 if legal, 1 if not."""
    game = get_game(game_id) if game_id is not None else None
    starters = [g for g in ([game] if game else map(metatcg.load_game, metatcg.game_ids()))
                if str(file) in g.starter_deck_names()]
    if not Path(file).exists() and starters:
        game = game or starters[0]
        text = game.starter_deck(str(file)).to_text()
    elif not Path(file).exists():
        names = [n for g in ([game] if game else map(metatcg.load_game, metatcg.game_ids()))
                 for n in g.starter_deck_names()]
        fail(f"no deck file {str(file)!r}, nor a starter deck of {game.id if game else 'any game'} by that name"
             f"{did_you_mean(str(file), names)}")
    else:
        text = Path(file).read_text(encoding="utf-8")  # unreadable file: exit 2
    try:
        deck = parse_deck_text(text, Path(file).stem)
    except DeckError as e:                            # malformed list: the deck is not legal
        err_console.print(f"[bold red]illegal:[/] {escape(str(e))}", soft_wrap=True)
        raise typer.Exit(1) from None
    if game is None:
        game = guess_game(deck)
    problems = game.check_deck(deck)
    hint = other_game_hint(deck, game) if problems else ""
    if hint:
        err_console.print(f"[bold red]illegal:[/] {escape(str(file))} is not a {escape(game.id)} deck: "
                          f"{escape(hint)} (check it with --game {escape(best_game(deck) or '')})", soft_wrap=True)
        raise typer.Exit(1)
    if problems:
        err_console.print(f"[bold red]illegal:[/] {escape(str(file))} breaks {len(problems)} "
                          f"rule{'s' if len(problems) != 1 else ''} of {escape(game.id)}:")
        for p in problems:
            err_console.print(f"  - {escape(p)}", soft_wrap=True)
        raise typer.Exit(1)
    console.print(f"[bold green]legal:[/] {escape(ui_for(game).deck_size(game, deck))} "
                  f"({escape(str(file))}, {escape(game.id)})")


def guess_game(deck: Deck) -> Game:
    """The game most of the deck's card names belong to (the first game on a tie)."""
    return get_game(best_game(deck) or metatcg.game_ids()[0])


@deck_app.command("list")
@handle_errors
def list_decks(game_id: str = typer.Argument(..., metavar="GAME", help="Game id, see `metatcg games`.")) -> None:
    """List a game's starter decks with their descriptions."""
    game = get_game(game_id)
    console.print(ui_for(game).deck_list_table(game))


@deck_app.command("show")
@handle_errors
def show(game_id: str = typer.Argument(..., metavar="GAME", help="Game id, see `metatcg games`."),
         name: str = typer.Argument(..., help="Starter deck name or deck file."),
         text: bool = typer.Option(False, "--text", help="Print the plain deck list (to save and edit).")) -> None:
    """Print a starter deck (or a deck file), grouped by card type (and by section, if it has them)."""
    game = get_game(game_id)
    deck = game.resolve_deck(name)
    if text:
        typer.echo(deck.to_text(), nl=False)       # raw: never wrapped, ready to save
        return
    console.print(deck_table(game, deck))


def deck_table(game: Game, deck: Deck) -> Table:
    return ui_for(game).deck_table(game, deck)
