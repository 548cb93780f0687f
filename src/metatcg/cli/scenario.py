"""``metatcg scenario run``: run scenario files (``metatcg.scenario.run_file``)."""
from __future__ import annotations

import importlib
from types import ModuleType
from pathlib import Path

import typer
from rich.markup import escape

from metatcg.engine.errors import MetatcgError

from .common import console, fail, handle_errors

scenario_app = typer.Typer(help="Run scenario test files.", no_args_is_help=True)


def _load_runner() -> ModuleType:
    try:
        return importlib.import_module("metatcg.scenario")
    except ModuleNotFoundError as e:
        if e.name in ("metatcg.scenario",):
            fail("scenario support is not available yet (the module metatcg.scenario does not exist)", 2)
        fail(f"cannot load metatcg.scenario: {e}", 2)
    except Exception as e:  # noqa: BLE001 - a broken module must not print a traceback
        fail(f"cannot load metatcg.scenario: {type(e).__name__}: {e}", 2)


@scenario_app.command("run")
@handle_errors
def run(files: list[Path] = typer.Argument(..., help="Scenario files to run.")) -> None:
    """Run each scenario: PASS or FAIL per file (with the report of each failure).

    Exit 0 if all pass, 1 if any fails, 2 if any file cannot be read or loaded.
    """
    mod = _load_runner()
    run_file = getattr(mod, "run_file", None)
    if run_file is None:
        fail("metatcg.scenario has no run_file(path)", 2)
    passed = failed = broken = 0
    for f in files:
        try:
            result = run_file(f)
        except (MetatcgError, OSError, ValueError) as e:
            broken += 1
            msg = f"no such file: {e.filename}" if isinstance(e, FileNotFoundError) else str(e)
            console.print(f"[bold red]ERROR[/] {escape(str(f))}: {escape(msg)}", soft_wrap=True)
            continue
        name = getattr(result, "name", "") or str(f)
        if getattr(result, "ok", False):
            passed += 1
            console.print(f"[bold green]PASS[/] {escape(str(f))}" + (f" — {escape(name)}" if name != str(f) else ""),
                          soft_wrap=True)
        else:
            failed += 1
            console.print(f"[bold red]FAIL[/] {escape(str(f))}" + (f" — {escape(name)}" if name != str(f) else ""),
                          soft_wrap=True)
            report = str(result.report() if hasattr(result, "report") else "").splitlines()
            if report and report[0].lstrip().upper().startswith("FAIL"):
                report = report[1:]   # the report's own headline repeats ours
            for line in report:
                console.print(f"    {escape(line)}", soft_wrap=True)
    total = len(files)
    style = "green" if passed == total else "red"
    console.print(f"[{style}]{passed}/{total} passed[/]" + (f", {failed} failed" if failed else "")
                  + (f", {broken} could not run" if broken else ""))
    if broken:
        raise typer.Exit(2)
    if failed:
        raise typer.Exit(1)
