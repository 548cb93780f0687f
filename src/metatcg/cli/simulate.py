"""``metatcg simulate``: many seeded bot-vs-bot games, a progress bar and a summary table."""
from __future__ import annotations

from pathlib import Path

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
                 json_path: Path | None, workers: int) -> MatchSummary:
    if games < 1:
        fail("--games must be at least 1")
    if workers < 0:
        fail("--workers must be 0 (automatic) or more")
    if workers == 0:
        workers = auto_workers(games)
    if deck_specs is None:
        starters = game.starter_deck_names()
        if len(starters) < 2:
            fail(f"{game.id} has fewer than two starter decks; give --decks A B")
        deck_specs = starters[:2]
    for b in bots:
        make_bot(b)  # an unknown bot is a clear error before any game starts
    decks = [load_deck(game, spec) for spec in deck_specs]

    with Progress(TextColumn("[bold]simulating[/]"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=console) as progress:
        task = progress.add_task("games", total=games)

        def advance(done: int) -> None:
            progress.update(task, completed=done)

        summary = simulate(game, decks, bots, games, seed=seed, progress=advance, workers=workers)

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


def summary_table(s: MatchSummary) -> Table:
    t = Table(title=f"{s.game}: {s.games} games", title_justify="left")
    t.add_column("Side")
    t.add_column("Deck", style="bold")
    t.add_column("Bot")
    t.add_column("Wins", justify="right")
    t.add_column("Win rate", justify="right")
    t.add_column("95% CI", justify="right")
    for i, (deck, bot) in enumerate(zip(s.decks, s.bots)):
        t.add_row(player_name(i), escape(deck), escape(bot), str(s.wins[i]), _pct(s.win_rate[i]),
                  _ci(s.win_ci95[i]))
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
    t.add_row("First player wins", f"{_pct(s.first_player_win_rate)} (95% CI {_ci(s.first_player_ci95)})")
    t.add_row(unit.capitalize(), f"mean {s.turns_mean:.1f}, median {s.turns_median:g}")
    t.add_row("Actions", f"mean {s.actions_mean:.1f}, median {s.actions_median:g}")
    t.add_row("Speed", f"{s.games_per_second:.1f} games/s ({s.seconds:.2f} s)")
    return t
