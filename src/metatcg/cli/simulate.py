"""``metatcg simulate``: many seeded bot games (one deck and one bot per seat), a progress bar,
the per-seat results and the first player's edge."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                           TimeRemainingColumn)
from rich.table import Table

from metatcg.bots import make_bot
from metatcg.engine.game import Game
from metatcg.sim.runner import MatchSummary, auto_workers, simulate

from .common import console, fail, load_deck, player_name, write_json_file
from .render import ui_for


def run_simulate(game: Game, deck_specs: list[str] | None, bots: list[str], games: int, seed: int,
                 json_path: Path | None, workers: int, options: dict[str, Any] | None = None) -> MatchSummary:
    """``deck_specs`` gives one deck per seat (None: starter decks for the smallest table,
    or one per bot when several bots are named); ``bots`` one bot per seat or one for all."""
    if games < 1:
        fail("--games must be at least 1")
    if workers < 0:
        fail("--workers must be 0 (automatic) or more")
    if workers == 0:
        workers = auto_workers(games)
    for b in bots:
        make_bot(b)  # an unknown bot is a clear error before any game starts
    if json_path is not None:  # a summary that cannot be written fails now, not after the run
        target = Path(json_path)
        if target.is_dir() or not target.parent.is_dir():
            fail(f"cannot write the summary to {str(target)!r}: "
                 + ("it is a folder" if target.is_dir() else f"no folder {str(target.parent)!r}"))
    if deck_specs is None:
        deck_specs = starter_specs(game, len(bots) if len(bots) > 1 else default_seats(game))
    seats = len(deck_specs)
    if seats not in game.seat_counts:
        fail(f"{game.id} is played by {game.seats_text()} players: give one deck per seat "
             f"with --decks, not {seats}")
    if len(bots) == 1:
        bots = bots * seats
    elif len(bots) != seats:
        fail(f"give one bot per seat ({seats}) or one bot for all seats, not {len(bots)}")
    decks = [load_deck(game, spec) for spec in deck_specs]

    with Progress(TextColumn("[bold]simulating[/]"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=console) as progress:
        task = progress.add_task("games", total=games)

        def advance(done: int) -> None:
            progress.update(task, completed=done)

        summary = simulate(game, decks, bots, games, seed=seed, progress=advance, workers=workers,
                           options=options)

    unit = length_word(game)
    console.print(summary_table(summary))
    console.print(summary_details(summary, unit))
    if json_path is not None:
        data = summary.to_json()
        data["turns_unit"] = unit      # what "turns_mean"/"turns_median" and each game's "turns" count
        write_json_file(json_path, data)
        console.print(f"Summary written to [bold]{escape(str(json_path))}[/]")
    return summary


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(ci) -> str:
    lo, hi = ci
    return f"{_pct(lo)}–{_pct(hi)}"


def default_seats(game: Game) -> int:
    """Two seats where the game allows it, else its smallest table."""
    return 2 if 2 in game.seat_counts else min(game.seat_counts)


def starter_specs(game: Game, seats: int) -> list[str]:
    """Distinct starter decks for ``seats`` seats (repeated when there are fewer decks)."""
    starters = game.starter_deck_names()
    if not starters:
        fail(f"{game.id} has no starter decks; give --decks with one deck per seat")
    return [starters[i % len(starters)] for i in range(seats)]


def summary_table(s: MatchSummary) -> Table:
    t = Table(title=f"{s.game}: {s.games} games, {s.seats} seats", title_justify="left")
    t.add_column("Seat")
    t.add_column("Deck", style="bold")
    t.add_column("Bot")
    t.add_column("Wins", justify="right")
    t.add_column("Win rate", justify="right")
    t.add_column("95% CI", justify="right")
    t.add_column("Mean return", justify="right")
    for row in s.seat_rows():
        t.add_row(player_name(row["seat"]), escape(row["deck"]), escape(row["bot"]), str(row["wins"]),
                  _pct(row["win_rate"]), _ci(row["win_ci95"]), f"{row['mean_return']:+.2f}")
    return t


def length_word(game: Game) -> str:
    """The unit the game's length is counted in ("turns", "rounds"): the game's own word if it
    has one, else its renderer's."""
    word = getattr(game, "length_unit", None)
    return word if isinstance(word, str) and word else ui_for(game).length_word


def summary_details(s: MatchSummary, unit: str = "turns") -> Table:
    t = Table(box=None, show_header=False, pad_edge=False)
    t.add_column(style="bold")
    t.add_column()
    draws = s.draws / s.games if s.games else 0.0
    t.add_row("Draws", f"{s.draws} ({_pct(draws)})")
    t.add_row("Action limit", action_limit_text(s))
    for label, text in first_player_rows(s):
        t.add_row(label, text)
    t.add_row(unit.capitalize(), f"mean {s.turns_mean:.1f}, median {s.turns_median:g}")
    t.add_row("Actions", f"mean {s.actions_mean:.1f}, median {s.actions_median:g}")
    t.add_row("Speed", f"{s.games_per_second:.1f} games/s ({s.seconds:.2f} s)")
    return t


def action_limit_text(s: MatchSummary, shown: int = 20) -> str:
    """Games the kernel ended at its action limit (draws nobody played to), with their seeds."""
    n = s.action_limit_games
    if not n:
        return "0 games ended at the action limit"
    seeds = ", ".join(str(x) for x in s.action_limit_seeds[:shown])
    more = f" and {n - shown} more" if n > shown else ""
    return f"{n} game{'s' if n != 1 else ''} ended at the action limit (seeds {seeds}{more})"


def first_player_rows(s: MatchSummary) -> list[tuple[str, str]]:
    """How often the seat that acted first won its decided games, and how far that is from
    the even share of ``1 / seats``."""
    if not s.first_player_games:
        return [("First player wins", "no decided game names its first player")]
    return [("First player wins", f"{_pct(s.first_player_win_rate)} of {s.first_player_games} decided games "
                                  f"(95% CI {_ci(s.first_player_ci95)})"),
            ("First player edge", f"{100 * s.first_player_edge:+.1f} points vs {_pct(s.first_player_expected)} "
                                  f"(an even share of {s.seats} seats)")]
