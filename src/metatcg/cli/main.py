"""The ``metatcg`` command (console script ``metatcg.cli.main:app``).

Every user-input error (``MetatcgError``, a missing file, bad JSON) prints one red
``error: ...`` line and exits with code 2 (``deck check`` exits 1 for an illegal deck);
no traceback reaches the user.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape
from rich.table import Table

import metatcg
from metatcg.bots import BOTS, EXAMPLES, SETTINGS
from metatcg.server.limits import HTTP_RATE, NEW_GAME_RATE, WS_PER_ADDRESS, WS_PER_GAME

from .common import console, fail, get_game, handle_errors
from .decks import deck_app
from .help_decks import StarterDecksHelp, with_default_decks
from .scenario import scenario_app
from .seat_args import spread_options

#: the bots a user may name, from the registry, with the settings of those that take any
BOTS_HELP = "Bots: " + ", ".join(
    name + (f" (settings after a colon: {', '.join(SETTINGS[name])}; e.g. {EXAMPLES[name]})"
            if name in SETTINGS else "") for name in BOTS) + "."

app = typer.Typer(
    name="metatcg",
    help="Play, simulate and test trading card games by their full rules ('metatcg games' lists them).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(deck_app, name="deck")
app.add_typer(scenario_app, name="scenario")


def _version(value: bool) -> None:
    if value:
        console.print(f"metatcg {metatcg.__version__}")
        raise typer.Exit()


@app.callback()
def main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Show the version and exit.")) -> None:
    """Play, simulate and test trading card games by their full rules."""


@app.command("games")
@handle_errors
def games() -> None:
    """List the games this engine plays."""
    table = Table(title="Games", title_justify="left")
    table.add_column("Id", style="bold")
    table.add_column("Title")
    for entry in metatcg.game_entries():
        table.add_row(escape(entry.id), escape(entry.title))
    console.print(table)


@app.command("cards")
@handle_errors
def cards(game_id: str = typer.Argument(..., metavar="GAME", help="Game id, see `metatcg games`."),
          search: Optional[str] = typer.Option(None, "--search", "-s",
                                               help="Only cards whose name, text or trait contains TEXT."),
          card_type: Optional[str] = typer.Option(None, "--type", "-t",
                                                  help="Only cards of this type (the first word of the Type "
                                                       "column; a game may accept more kinds).")) -> None:
    """Show a game's card pool as a table."""
    from .render import pool_names, ui_for

    game = get_game(game_id)
    ui = ui_for(game)
    names = pool_names(game)
    if not names:
        fail(f"{game_id} has no card pool to list")
    if search:
        q = search.lower()
        names = [n for n in names if any(q in (f or "").lower() for f in ui.search_fields(game, n))]
    if card_type:
        kind = card_type.lower()
        if not any(ui.type_matches(game, n, kind) for n in pool_names(game)):
            from metatcg.ui import presentation_of
            known = ", ".join(presentation_of(game).card_types) or "(this game names none)"
            from metatcg.engine.suggest import did_you_mean
            hint = did_you_mean(card_type, presentation_of(game).card_types)
            fail(f"{game_id} has no card type {card_type!r}; card types: {known}{hint}")
        names = [n for n in names if ui.type_matches(game, n, kind)]
    if not names:
        console.print(f"no {escape(game_id)} card matches"
                      + (f" {escape(search)!r}" if search else "")
                      + (f" of type {escape(card_type)}" if card_type else ""))
        return
    plural = "s" if len(names) != 1 else ""
    console.print(ui.cards_table(game, names, title=f"{game.title or game.id}: {len(names)} card{plural}"))


@app.command("rules")
@handle_errors
def rules(game_id: str = typer.Argument(..., metavar="GAME", help="Game id, see `metatcg games`."),
          topic: Optional[list[str]] = typer.Argument(None, metavar="TOPIC",
                                                      help="A keyword, phase, status... (a prefix is enough); "
                                                           "none: the list of topics.")) -> None:
    """Explain a game's rules: its keywords, statuses, phases and how to win."""
    from .rules_help import show_rules

    if not show_rules(get_game(game_id), " ".join(topic or ()) or None):
        raise typer.Exit(2)


@app.command("play", cls=with_default_decks())
@handle_errors
def play(game_id: Optional[str] = typer.Argument(None, metavar="GAME",
                                                 help="Game id, see `metatcg games` (not needed with --resume)."),
         deck: Optional[str] = typer.Option(None, "--deck", "-d", metavar="FILE|NAME",
                                            help="Your deck: a starter deck name or a deck file "
                                                 "(default: the game's first starter deck)."),
         opponent_deck: Optional[str] = typer.Option(None, "--opponent-deck", "-o", metavar="FILE|NAME",
                                                     help="The deck of every other seat "
                                                          "(default: the next starter decks)."),
         vs: str = typer.Option("greedy", "--vs", metavar="easy|normal|hard|human",
                                help="Who fills the other seats: a bot by level (easy: random moves; "
                                     "normal: the best-looking move now; hard: plays out possible futures, "
                                     "up to a second a move), a bot by name (random, greedy, "
                                     "ismcts:iters=400, rollout:ms=800), "
                                     "or 'human' for people sharing one screen."),
         seats: Optional[int] = typer.Option(None, "--seats", metavar="N",
                                             help="Number of players, where the game allows it (default 2)."),
         seed: Optional[int] = typer.Option(None, "--seed", help="Game seed (random if not given)."),
         seat: int = typer.Option(0, "--seat", help="Your seat: 0 (P1), 1 (P2), ..."),
         save: Optional[Path] = typer.Option(None, "--save", help="Where to save the game "
                                             "(default metatcg-GAME-SEED.record.json; an existing "
                                             "file is never overwritten: -2, -3... is added)."),
         resume: Optional[Path] = typer.Option(None, "--resume", metavar="FILE",
                                               help="Continue a saved game (it goes on in a new file)."),
         option: Optional[list[str]] = typer.Option(None, "--option", metavar="KEY=VALUE",
                                                    help="A table option of the game (listed below); "
                                                         "repeat for several."),
         fair_windows: Optional[bool] = typer.Option(None, "--fair-windows/--no-fair-windows",
                                                     help="Ask every human seat in every response window "
                                                          "(only 'pass' when it holds nothing), so a pause "
                                                          "tells nobody what a seat holds (default: on with "
                                                          "--vs human).")
         ) -> None:
    """Play a game in the terminal against bots or other people.

    Type a number to choose an action; ?N shows the cards in option N, 'card NAME' a card's
    text, 'board' the full board, 'log' the whole log, 'rules' the rules help, 'undo' your
    last decision (against a bot), 'quit' stops. The game is saved as you play.
    """
    from .play import run_play

    if game_id is None and resume is None:
        fail("name a game (see 'metatcg games') or give --resume FILE")
    from .common import table_options

    game = get_game(game_id) if game_id is not None and resume is None else None
    if (option or fair_windows is not None) and game is None:
        fail("--option and --fair-windows are for a new game: a resumed game keeps the options it was started with")
    run_play(game_id, game, deck, opponent_deck, vs, seed, seat, save, seats=seats, resume=resume,
             options=table_options(game, option) if game is not None else None, fair_windows=fair_windows)


@app.command("simulate", cls=with_default_decks(spread_options("--decks", "--bots")))
@handle_errors
def simulate(game_id: str = typer.Argument(..., metavar="GAME", help="Game id, see `metatcg games`."),
             decks: Optional[list[str]] = typer.Option(None, "--decks", metavar="DECK...",
                                                       help="One deck per seat (starter name or file); "
                                                            "their number is the number of seats."),
             bots: Optional[list[str]] = typer.Option(None, "--bots", metavar="BOT...",
                                                      help="One bot per seat, or one for every seat "
                                                           "(default greedy). " + BOTS_HELP),
             n_games: int = typer.Option(100, "--games", "-n", help="Number of games."),
             seed: int = typer.Option(0, "--seed", help="Seed of the first game (game i uses seed+i)."),
             json_path: Optional[Path] = typer.Option(None, "--json",
                                                      help="Write the summary (with every game) as JSON."),
             workers: int = typer.Option(0, "--workers", "-w",
                                         help="Worker processes (0: all cores once there are 25+ games "
                                              "per core, or 1+ with a searching bot such as ismcts)."),
             option: Optional[list[str]] = typer.Option(None, "--option", metavar="KEY=VALUE",
                                                        help="A table option of the game (listed below); "
                                                             "repeat for several."),
             cards: bool = typer.Option(False, "--cards", help="Card impact: each card's win rate when its "
                                        "owner drew / played it vs not; prints the top and bottom cards."),
             csv_path: Optional[Path] = typer.Option(None, "--csv", metavar="FILE",
                                                     help="Write one row per game (and FILE.cards.csv with --cards)."),
             report_path: Optional[Path] = typer.Option(None, "--report", metavar="FILE.html",
                                                        help="Write a self-contained HTML report with plots."),
             backend: str = typer.Option("local", "--backend", metavar="local|ray",
                                         help="Where games run: local processes, or Ray (pip install "
                                              "'metatcg[ray]')."),
             address: Optional[str] = typer.Option(None, "--address", metavar="HOST:PORT",
                                                   help="A running Ray cluster (with --backend ray); default: "
                                                        "a local Ray instance.")) -> None:
    """Play many seeded bot games and summarise each seat's results (Ctrl-C stops and keeps
    the finished games)."""
    from .common import table_options
    from .simulate import run_simulate

    game = get_game(game_id)
    run_simulate(game, list(decks) if decks else None, list(bots) if bots else ["greedy"],
                 n_games, seed, json_path, workers, table_options(game, option), csv_path=csv_path,
                 report_path=report_path, cards=cards, backend=backend, address=address)


@app.command("tournament", cls=with_default_decks(spread_options("--decks", "--bots"), StarterDecksHelp))
@handle_errors
def tournament(game_id: str = typer.Argument(..., metavar="GAME", help="Game id, see `metatcg games`."),
               decks: Optional[list[str]] = typer.Option(None, "--decks", metavar="DECK...",
                                                         help="The decks that take part (starter names or "
                                                              "files; default: every starter deck)."),
               bots: Optional[list[str]] = typer.Option(None, "--bots", metavar="BOT...",
                                                        help="One bot for every deck, or one per deck "
                                                             "(default greedy). " + BOTS_HELP),
               n_games: int = typer.Option(100, "--games", "-n", metavar="N",
                                           help="Games per pairing, half in each seat order (rounded up)."),
               seats: int = typer.Option(2, "--seats", metavar="K",
                                         help="Players per game, where the game allows more than 2."),
               seed: int = typer.Option(0, "--seed", help="First seed; every pairing plays the same seeds."),
               workers: int = typer.Option(0, "--workers", "-w",
                                           help="Worker processes or Ray CPUs (0: all usable ones)."),
               option: Optional[list[str]] = typer.Option(None, "--option", metavar="KEY=VALUE",
                                                          help="A table option of the game; repeat for several."),
               cards: bool = typer.Option(False, "--cards", help="Card impact per deck, top and bottom cards."),
               json_path: Optional[Path] = typer.Option(None, "--json", metavar="FILE",
                                                        help="Write the summary (with every game) as JSON."),
               csv_path: Optional[Path] = typer.Option(None, "--csv", metavar="FILE",
                                                       help="Write one row per game, plus FILE.matrix.csv, "
                                                            "FILE.ratings.csv (and FILE.cards.csv)."),
               report_path: Optional[Path] = typer.Option(None, "--report", metavar="FILE.html",
                                                          help="Write a self-contained HTML report with plots."),
               backend: str = typer.Option("local", "--backend", metavar="local|ray",
                                           help="Where games run: local processes, or Ray."),
               address: Optional[str] = typer.Option(None, "--address", metavar="HOST:PORT",
                                                     help="A running Ray cluster (with --backend ray).")) -> None:
    """Play every pairing of decks in both seat orders on shared seeds: matchup matrix, ratings
    with intervals, first-seat edge, how games ended and their lengths."""
    from .common import table_options
    from .tournament import run_tournament_cli

    game = get_game(game_id)
    run_tournament_cli(game, list(decks) if decks else None, list(bots) if bots else ["greedy"], n_games,
                       seats, seed, workers, table_options(game, option), cards, json_path, csv_path,
                       report_path, backend, address)


@app.command("replay")
@handle_errors
def replay(file: Path = typer.Argument(..., help="A game record (JSON) saved by 'metatcg play'."),
           step: bool = typer.Option(False, "--step", help="Step through the game, showing the board at each "
                                     "step: Enter next, b back, a number jumps, 'board' the full board, "
                                     "c to the end, q stop."),
           seat: Optional[int] = typer.Option(None, "--seat", metavar="N",
                                              help="See the game as seat N (0 = P1) saw it: its view and its "
                                                   "log only. Default: the judge's view (every hand, the whole "
                                                   "log with rule IDs)."),
           trust: bool = typer.Option(False, "--trust", help="Replay a record that has no fingerprint (made by "
                                      "hand or by an old version): nothing checks that its decks, options "
                                      "and seed are those the game was played with, and the replay says so.")
           ) -> None:
    """Replay a saved game record and print its log and result (or step through it)."""
    from .replay import run_replay

    run_replay(file, step, seat, trust)


@app.command("compile")
@handle_errors
def compile_rules(game_ids: list[str] = typer.Argument(None, metavar="[GAME]...",
                                                       help="Games whose rules to compile (default: all)."),
                  jobs: int = typer.Option(0, "--jobs", "-j",
                                           help="C compiler jobs (0: the CPUs this process may use)."),
                  force: bool = typer.Option(False, "--force", help="Rebuild modules that are up to date."),
                  show_status: bool = typer.Option(False, "--status", help="Show which modules run compiled."),
                  clean: bool = typer.Option(False, "--clean", help="Remove every compiled module.")) -> None:
    """Compile the rules with Cython for faster simulations (opt-in; needs metatcg[fast] and a C compiler).

    A compiled module is used only while its source is unchanged, so edits never run stale code."""
    from metatcg.sim.runner import usable_cpus

    from .compile import run_compile
    run_compile(game_ids or [], jobs or usable_cpus(), force, show_status, clean)


@app.command("serve")
@handle_errors
def serve(host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every network)."),
          port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
          db: Optional[str] = typer.Option(None, "--db", metavar="URL",
                                           help="Database: sqlite:///path/file.db or postgresql://user@host/db. "
                                                "Default: a SQLite file in your data folder."),
          bot_workers: int = typer.Option(1, "--bot-workers", min=1, max=64,
                                          help="Threads that make every table's bot moves, in turn."),
          games_per_address: int = typer.Option(32, "--games-per-address", min=0,
                                                help="Running games one client address may create (0: no limit)."),
          bot_games: int = typer.Option(4, "--bot-games", min=0,
                                        help="Running games with bots only, on the whole server (0: none)."),
          min_turn_seconds: float = typer.Option(5.0, "--min-turn-seconds", min=0,
                                                 help="The shortest turn timer a game may ask for."),
          allowed_host: Optional[list[str]] = typer.Option(
              None, "--allowed-host", metavar="NAME",
              help="A host name browsers may reach the server by (repeatable). Default: on a loopback --host "
                   "only localhost, 127.0.0.1 and [::1]; else any."),
          forwarded_allow_ips: Optional[str] = typer.Option(
              None, "--forwarded-allow-ips", metavar="IPS",
              help="Behind a reverse proxy: its addresses (comma-separated, or *). Only from these is "
                   "X-Forwarded-For trusted as the client's address. Default: none."),
          api_docs: bool = typer.Option(False, "--api-docs",
                                        help="Serve the API pages /docs and /redoc (they load scripts from a CDN). "
                                             "/openapi.json is always served."),
          http_rate: float = typer.Option(HTTP_RATE, "--http-rate", min=0.1, metavar="N",
                                          help="API requests a second per client address (bursts of twice as many)."),
          games_per_minute: float = typer.Option(NEW_GAME_RATE * 60, "--games-per-minute", min=0.1, metavar="N",
                                                 help="New games a minute per client address (bursts of 20)."),
          sockets_per_address: int = typer.Option(WS_PER_ADDRESS, "--sockets-per-address", min=1, metavar="N",
                                                  help="Open WebSockets per client address."),
          sockets_per_game: int = typer.Option(WS_PER_GAME, "--sockets-per-game", min=1, metavar="N",
                                               help="Open WebSockets per game (seats and spectators).")) -> None:
    """Serve the games in a browser: open the printed address, start a game, share the seat links."""
    from ..server.ownership import GameLimits
    from .serve import Limits, run_serve

    run_serve(host, port, db, allowed_host, forwarded_allow_ips, api_docs,
              Limits(http_rate, games_per_minute, sockets_per_address, sockets_per_game),
              GameLimits(bot_workers=bot_workers, games_per_address=games_per_address,
                         bot_only_games=bot_games, min_turn_seconds=min_turn_seconds))


if __name__ == "__main__":  # pragma: no cover
    app()
