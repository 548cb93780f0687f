"""What long runs (simulate, tournament) share on the command line: checking the output files
before any game is played, the progress bar with time left, and writing ``--json``,
``--csv`` and ``--report`` at the end (also after Ctrl-C, with the games already finished)."""
from __future__ import annotations

import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from rich.markup import escape
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                           TimeRemainingColumn)

from metatcg.engine.game import Game
from metatcg.native import compile_hint

from .common import console, err_console, fail, write_json_file


def check_targets(**paths: Path | None) -> None:
    """A file that could not be written fails now, not after an hour of games."""
    for option, path in paths.items():
        if path is None:
            continue
        target = Path(path)
        if target.is_dir() or not target.parent.is_dir():
            fail(f"cannot write --{option} to {str(target)!r}: "
                 + ("it is a folder" if target.is_dir() else f"no folder {str(target.parent)!r}"))


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A bar with done/total, time spent and time left; yields the callback a run reports to."""
    with Progress(TextColumn(f"[bold]{escape(label)}[/]"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(), console=console) as bar:
        task = bar.add_task(label, total=total)

        def advance(done: int) -> None:
            bar.update(task, completed=done)

        yield advance


@contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """SIGTERM (``kill``, ``timeout``, a batch scheduler) stops a run as Ctrl-C does: the games
    finished are kept, printed and written. Without it the process would die at once and leave
    its pool workers behind."""
    def as_ctrl_c(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt
    try:
        old = signal.signal(signal.SIGTERM, as_ctrl_c)
    except ValueError:           # not the main thread: leave SIGTERM alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def stopped_notice(done: int, planned: int) -> None:
    """What a stopped run kept: the finished games' results, or, before the first game ended,
    that nothing was printed or written (so nobody looks for a summary file that is not there)."""
    if done:
        err_console.print(f"[yellow]stopped: {done} of {planned} games finished; the results below are "
                          f"theirs[/]")
    else:
        err_console.print(f"[yellow]stopped before any of the {planned} games finished: no results to "
                          f"show, and no summary, CSV or report written[/]")


def compile_tip(seconds: float, game: Game, address: str | None) -> None:
    """After a long plain-Python run on this machine, the pointer to ``metatcg compile`` (a
    cluster's machines have caches of their own, so runs sent to ``--address`` get none)."""
    hint = compile_hint(seconds, game.id, rules_module(game)) if address is None else ""
    if hint:
        console.print(hint, style="dim", markup=False, highlight=False)


def rules_module(game: Game) -> str:
    """The module holding ``game``'s rules, the one whose compiled form makes runs faster."""
    return type(game.rules).__module__


def write_outputs(data: dict[str, Any], json_path: Path | None, csv_path: Path | None,
                  report_path: Path | None) -> list[str]:
    """Write the run's JSON, CSV files and HTML report where asked, before anything else is
    printed (a closed pipe or a full disk on the terminal side must not cost the files); returns
    the lines that say where they went, for the caller to print last."""
    said = []
    if json_path is not None:
        write_json_file(json_path, data)
        said.append(f"Summary written to [bold]{escape(str(json_path))}[/]")
    if csv_path is not None:
        from metatcg.sim.export import write_csv

        written = write_csv(data, csv_path)
        said.append("CSV written to " + ", ".join(f"[bold]{escape(str(p))}[/]" for p in written))
    if report_path is not None:
        from metatcg.sim.report import write_report

        said.append(f"Report written to [bold]{escape(str(write_report(data, report_path)))}[/]")
    return said
