"""Shared pieces of the CLI: consoles, the error decorator, small loaders."""
from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any, Callable, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

import metatcg
from metatcg.engine.state import without_rule_ids
from metatcg.engine.decks import Deck
from metatcg.engine.errors import MetatcgError, StateDataError
from metatcg.engine.suggest import did_you_mean
from metatcg.engine.game import Game
from metatcg.ui.deck_games import other_game_hint
from metatcg.ui.layout import player_name as player_name  # used by the commands
from metatcg.ui.results import headline, standings

# Consoles resolve sys.stdout / sys.stderr when they write, so CliRunner captures them.
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

F = TypeVar("F", bound=Callable[..., Any])


class CliFailure(Exception):
    """A user-facing failure with an exit code (raised by helpers, shown by ``handle_errors``)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def print_error(message: str) -> None:
    """``error: first line`` in red; any further lines (e.g. deck violations) indented below."""
    first, *rest = str(message).strip().splitlines() or ["unknown error"]
    err_console.print(f"[bold red]error:[/] [red]{escape(first)}[/]", soft_wrap=True)
    for line in rest:
        err_console.print(f"  {escape(line.strip())}", soft_wrap=True)


def fail(message: str, code: int = 2) -> NoReturn:
    raise CliFailure(message, code)


def handle_errors(func: F) -> F:
    """Turn every user-input error into a red one-line message and an exit code, never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except CliFailure as e:
            print_error(str(e))
            raise typer.Exit(e.code) from None
        except MetatcgError as e:
            print_error(str(e))
            raise typer.Exit(2) from None
        except json.JSONDecodeError as e:
            print_error(f"malformed JSON: {e}")
            raise typer.Exit(2) from None
        except FileNotFoundError as e:
            print_error(f"no such file: {e.filename}")
            raise typer.Exit(2) from None
        except IsADirectoryError as e:
            print_error(f"is a directory, not a file: {e.filename}")
            raise typer.Exit(2) from None
        except OSError as e:
            where = f" {e.filename}" if e.filename else ""
            print_error(f"cannot access{where}: {e.strerror or e}")
            raise typer.Exit(2) from None
        except UnicodeDecodeError as e:
            print_error(f"file is not UTF-8 text: {e}")
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            err_console.print("[yellow]interrupted[/]")
            raise typer.Exit(130) from None
        except Exception as e:  # noqa: BLE001 - an engine bug: still no traceback for users
            if os.environ.get("METATCG_DEBUG"):
                raise
            print_error(f"internal error: {type(e).__name__}: {e} "
                        "(this is a bug; set METATCG_DEBUG=1 to see the traceback)")
            raise typer.Exit(3) from None

    return wrapper  # type: ignore[return-value]


def get_game(game_id: str) -> Game:
    return metatcg.load_game(game_id)


def load_deck(game: Game, spec: str) -> Deck:
    """A starter deck name or a deck file, checked against the game's deck rules. A deck of
    another game says which game it looks like rather than listing every card as unknown."""
    deck = game.resolve_deck(spec)
    problems = game.check_deck(deck)
    if problems:
        hint = other_game_hint(deck, game)
        if hint:
            fail(f"deck {spec!r} is not a {game.id} deck: {hint}")
    return game.validate_deck(deck)


def table_options(game: Game, pairs: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs as the game's table options, each VALUE read as the type
    of that option's default (``short_game=true``, ``action_limit=4000``)."""
    known = game.default_options()
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, eq, raw = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            fail(f"--option takes KEY=VALUE, not {pair!r}")
        if key not in known:
            fail(f"{game.id} has no option {key!r}; options: {', '.join(sorted(known))}{did_you_mean(key, known)}")
        want = type(known[key])
        value = raw.strip().lower()
        if want is bool:
            if value not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                fail(f"option {key} is true or false, not {raw!r}")
            out[key] = value in ("true", "yes", "1", "on")
        elif want is int:
            if not value.isascii() or not value.isdigit() or len(value) > 9:
                fail(f"option {key} is a whole number, not {raw!r}")
            out[key] = int(value)
        else:
            out[key] = raw
    return out


def read_json_file(path: Path) -> Any:
    """Parse a JSON file; a missing file or bad JSON becomes a clear error."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise StateDataError(f"{path}: malformed JSON: {e}") from None


def load_record(path: Path) -> tuple[Game, dict[str, Any]]:
    """A game record file and the game it belongs to."""
    record = read_json_file(path)
    if not isinstance(record, dict) or record.get("format") != "metatcg-record/1":
        raise StateDataError(f"{path}: not a metatcg game record (expected format 'metatcg-record/1')")
    game_id = record.get("game")
    if not isinstance(game_id, str):
        raise StateDataError(f"{path}: the record names no game")
    return get_game(game_id), record


def write_json_file(path: Path, obj: Any) -> Path:
    p = Path(path)
    p.write_text(json.dumps(obj, indent=2) + "\n", encoding="utf-8")
    return p


def result_text(returns: list[float] | tuple[float, ...] | None, reason: str, you: int | None = None) -> str:
    """'P1 wins', 'Draw', or from ``you``'s side 'You win!', 'You finished 2nd of 3: P1 wins'
    (ui.results); the reason without rule IDs (PR-K-8); with more than two seats, every place."""
    if returns is None:
        return "unfinished"
    reason = without_rule_ids(reason)
    head = headline(returns, you)
    said = head.rsplit(": ", 1)[-1] if you is not None else ""     # "P1 wins", said already
    if said.endswith((" wins", " win")) and reason.lower().startswith(said.lower()):
        reason = reason[len(said):].lstrip(":;, ").strip()
    table = standings(returns)
    if reason and not (you is None and reason.lower().startswith(head.lower())):
        head = f"{head} ({reason})"
    elif reason:
        head = reason[0].upper() + reason[1:]
    return f"{head}; places: {table}" if table else head
