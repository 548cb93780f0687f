"""Export every registered game's view schema to ``docs/schema/<id>-view.schema.json``.

A browser client relies on these files, so they are generated from the games' own typed view
models (``Presentation.view_model``), never written by hand::

    python -m metatcg.ui.schema            # (re)write the files
    python -m metatcg.ui.schema --check    # exit 1 if a file is missing or out of date (CI)
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..registry import game_ids, load_game
from .presentation import presentation_of

DEFAULT_DIR = Path("docs") / "schema"


def schema_path(out_dir: Path, game_id: str) -> Path:
    return out_dir / f"{game_id}-view.schema.json"


def schema_text(game_id: str) -> str | None:
    """The JSON Schema of ``game_id``'s view as the file holds it, or None without a view model."""
    schema = presentation_of(load_game(game_id)).view_schema()
    if schema is None:
        return None
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def export(out_dir: Path = DEFAULT_DIR, check: bool = False) -> list[str]:
    """Write (or with ``check`` compare) each game's schema file; returns the problems found."""
    problems: list[str] = []
    for gid in game_ids():
        text = schema_text(gid)
        if text is None:
            continue
        path = schema_path(out_dir, gid)
        if check:
            if not path.exists():
                problems.append(f"{path} is missing")
            elif path.read_text(encoding="utf-8") != text:
                problems.append(f"{path} is out of date")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Export the games' view schemas (JSON Schema).")
    parser.add_argument("--out", type=Path, default=DEFAULT_DIR, help="folder of the schema files")
    parser.add_argument("--check", action="store_true", help="only check that the files are up to date")
    args = parser.parse_args(argv)
    problems = export(args.out, args.check)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
