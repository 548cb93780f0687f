"""What the ``log`` command asks for: the latest lines, the last N, or the lines matching a
text. Plain strings, so the terminal and the browser read the log the same way."""
from __future__ import annotations

from dataclasses import dataclass

LOG_USAGE = "log (the latest lines) · log N (the last N lines) · log /TEXT (the lines that mention TEXT)"


@dataclass(frozen=True)
class LogQuery:
    """``lines`` to show (oldest first) under ``title``; ``latest``: show the end of them first
    (a plain ``log``); ``error``: the request was not understood (nothing to show)."""

    lines: list[str]
    title: str
    latest: bool = False
    error: str = ""


def query_log(log: list[str], arg: str, who: str = "your") -> LogQuery:
    """The part of ``log`` that ``log ARG`` shows (``who``: whose log, for the title)."""
    arg = arg.strip()
    total = len(log)
    if not arg:
        return LogQuery(log, f"{who} log ({total} lines; 'log N' the last N, 'log /TEXT' search)", latest=True)
    if arg.isdigit():
        n = int(arg)
        if n < 1:
            return LogQuery([], "", error=f"log N needs a number of lines from 1; {LOG_USAGE}")
        shown = log[-n:]
        return LogQuery(shown, f"{who} log: the last {len(shown)} of {total} lines")
    if arg.startswith("/"):
        text = arg[1:].strip()
        if not text:
            return LogQuery([], "", error=f"log /TEXT needs a text to look for; {LOG_USAGE}")
        found = [line for line in log if text.lower() in line.lower()]
        if not found:
            return LogQuery([], "", error=f"no line of {who} log mentions {text!r}")
        return LogQuery(found, f"{who} log: {len(found)} of {total} lines mention {text!r}")
    return LogQuery([], "", error=f"not understood: 'log {arg}'; {LOG_USAGE}")
