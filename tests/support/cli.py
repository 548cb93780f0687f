"""Helpers shared by the command-line tests (test_cli*.py)."""
from __future__ import annotations

from typer.testing import CliRunner

from metatcg.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    """``metatcg ARGS...`` in-process, with ``input`` as its standard input."""
    return runner.invoke(app, list(args), input=input)


def assert_clean(result, code: int, *needles: str) -> None:
    """Exit code ``code``, the expected messages, and no traceback anywhere."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    flat = " ".join(result.output.split())  # rich wraps long lines (e.g. temporary paths)
    for n in needles:
        assert " ".join(n.split()) in flat, (n, result.output[-3000:])
