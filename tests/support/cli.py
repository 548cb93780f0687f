"""Helpers shared by the command-line tests (test_cli*.py)."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from typer.testing import CliRunner

from metatcg.cli.common import console
from metatcg.cli.main import app

runner = CliRunner()
TALL = 200   # a screen tall enough that 'play' never pages (tests of paging give their own size)


@contextmanager
def screen(width: int | None = None, height: int | None = None) -> Iterator[None]:
    """The CLI console as a terminal of this size. (The console reads COLUMNS/LINES once, when
    it is made, and pytest-xdist workers run with COLUMNS=80 LINES=24, so env vars are no use.)"""
    saved = console._width, console._height
    try:
        if width is not None:
            console.width = width
        if height is not None:
            console.height = height
        yield
    finally:
        console._width, console._height = saved


def run(*args: str, input: str | None = None, width: int | None = None, height: int = TALL):
    """``metatcg ARGS...`` in-process, with ``input`` as its standard input, on a screen of
    ``width`` (default: as it is) × ``height`` lines."""
    with screen(width, height):
        return runner.invoke(app, list(args), input=input)


def assert_clean(result, code: int, *needles: str) -> None:
    """Exit code ``code``, the expected messages, and no traceback anywhere."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    flat = " ".join(result.output.split())  # rich wraps long lines (e.g. temporary paths)
    for n in needles:
        assert " ".join(n.split()) in flat, (n, result.output[-3000:])


def options_in_turn(n: int) -> str:
    """``n`` answers for a person who takes low options: 1, 2, … 9, 1, 2… Options keep
    their numbers through the picks of one choice (``ui.picks``), so once option 1 is paid,
    "1" is refused and the next line is taken instead; a stream of "1" alone would stall."""
    return "".join(f"{1 + i % 9}\n" for i in range(n))
