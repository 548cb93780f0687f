"""``metatcg compile``: build the opt-in compiled rules (docs/designers.md, "Faster runs")."""
from __future__ import annotations

from collections import Counter

from rich.markup import escape

import metatcg

from .common import console, fail

#: always compiled: the kernel and the bots, which every game's lookahead runs through
CORE = ("metatcg.engine", "metatcg.bots")


def packages_for(game_ids: list[str]) -> list[str]:
    """The core packages plus each named game's package (every registered one if none named)."""
    entries = {e.id: e for e in metatcg.game_entries()}
    unknown = [g for g in game_ids if g not in entries]
    if unknown:
        metatcg.load_game(unknown[0])          # the registry's message, with its suggestion
    chosen = [entries[g] for g in (game_ids or list(entries))]
    # a game registered as a function, not a package, has nothing to compile
    return [*CORE, *(e.module for e in chosen if isinstance(e.module, str))]


def run_compile(game_ids: list[str], jobs: int, force: bool, show_status: bool, clean: bool) -> None:
    from ..native.build import NativeBuildError, build, status
    from ..native.build import clean as clean_cache
    from ..native.cache import cache_dir

    if clean:
        console.print(f"removed {clean_cache()} compiled modules from {cache_dir()}", markup=False)
        return
    packages = packages_for(game_ids)
    if show_status:
        states = status(packages)
        for module, state in states.items():
            console.print(f"{state:>9}  {escape(module)}", highlight=False)
        counts = Counter(states.values())
        console.print(", ".join(f"{n} {s}" for s, n in counts.items()) + f"  (cache: {cache_dir()})",
                      markup=False)
        return
    try:
        with console.status("compiling…") as spinner:
            report = build(packages, jobs=jobs, force=force, progress=lambda m: spinner.update(escape(m)))
    except NativeBuildError as e:
        fail(str(e))
    console.print(f"compiled {len(report.compiled)} modules, {len(report.up_to_date)} already up to date",
                  markup=False, soft_wrap=True)
    for module, why in report.failed.items():
        console.print(f"[yellow]left as Python[/] (Cython cannot compile it): {escape(module)}: {escape(why)}",
                      soft_wrap=True)
    console.print(f"cache: {report.folder}", markup=False, soft_wrap=True)
    console.print("New processes run the compiled modules while their source is unchanged; "
                  "METATCG_PURE=1 turns them off.", markup=False, soft_wrap=True)
