"""Export every registered game's view schema to ``docs/schema/<id>-view.schema.json`` and its
rules help (``Presentation.glossary()``) to ``docs/schema/<id>-glossary.json``.

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


def glossary_text(game_id: str) -> str | None:
    """``game_id``'s glossary as its JSON file holds it, or None for a game without its own."""
    glossary = presentation_of(load_game(game_id)).glossary()
    if not glossary.own:
        return None
    return json.dumps(glossary.to_json(), indent=2, ensure_ascii=False) + "\n"


def export(out_dir: Path = DEFAULT_DIR, check: bool = False) -> list[str]:
    """Write (or with ``check`` compare) each game's schema and glossary files; returns the
    problems found."""
    problems: list[str] = []
    for gid in game_ids():
        for path, text in ((schema_path(out_dir, gid), schema_text(gid)),
                           (out_dir / f"{gid}-glossary.json", glossary_text(gid))):
            if text is not None:
                _write_or_check(path, text, check, problems)
    return problems


def _write_or_check(path: Path, text: str, check: bool, problems: list[str]) -> None:
    """Write ``text`` to ``path``, or with ``check`` note when the file is missing or differs."""
    if not check:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    elif not path.exists():
        problems.append(f"{path} is missing")
    elif path.read_text(encoding="utf-8") != text:
        problems.append(f"{path} is out of date")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Export the games' view schemas (JSON Schema) and glossaries.")
    parser.add_argument("--out", type=Path, default=DEFAULT_DIR, help="folder of the schema files")
    parser.add_argument("--check", action="store_true", help="only check that the files are up to date")
    args = parser.parse_args(argv)
    problems = export(args.out, args.check)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
