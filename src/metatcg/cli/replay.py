"""``metatcg replay``: rebuild a game from its record and print what happened."""
from __future__ import annotations

from pathlib import Path

from rich.rule import Rule
from rich.text import Text

from metatcg.engine.errors import StateDataError

from .common import console, load_record, result_text
from .play import EndOfInput, read_line
from .render import log_line


def run_replay(path: Path, step: bool) -> None:
    game, record = load_record(path)
    final = game.replay(record)          # validates the whole record first
    console.print(Rule(f"{game.title or game.id} · seed {record.get('seed')} · "
                       f"{len(final.history)} actions", style="bold cyan"))
    if not step:
        for line in final.log:
            console.print(log_line(line))
    elif not _step_through(game, record):
        return
    console.print(Rule("Result", style="bold cyan"))
    res = final.returns() if final.is_terminal() else None
    console.print(Text(result_text(res, final.reason) if res is not None
                       else "unfinished: the record stops before the end of the game", style="bold"))


def _step_through(game, record: dict) -> bool:
    """Action by action, waiting for Enter; EOF (or 'c') runs to the end, 'q' stops."""
    state = game.replay(record, upto=0)
    shown = 0
    waiting = True
    actions = list(record["actions"])

    def flush() -> None:
        nonlocal shown
        log = state.log
        for line in log[shown:]:
            console.print(log_line(line))
        shown = len(log)

    flush()
    for i, aid in enumerate(actions, 1):
        if waiting:
            try:
                answer = read_line(f"[dim]{i}/{len(actions)} Enter: next · c: continue · q: stop[/] ")
            except EndOfInput:
                answer, waiting = "", False
            answer = answer.strip().lower()
            if answer == "q":
                console.print(f"[dim]stopped after {i - 1} of {len(actions)} actions[/]")
                return False
            if answer == "c":
                waiting = False
        try:
            state.apply(aid)
        except Exception as e:  # already validated by game.replay; defensive
            raise StateDataError(f"record action #{i} does not replay: {e}") from None
        flush()
    return True
