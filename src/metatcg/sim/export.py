"""Files from a simulation's or a tournament's JSON summary (what ``to_json()`` returns).

:func:`write_csv` writes one row per game (its seed, who sat in each seat, the winner, each
seat's return and, at three or four seats, its place, who acted first), enough to recount a
run's games, wins and scores by hand, plus ``<stem>.cards.csv`` when the run carries card
rows and, for a tournament, ``<stem>.matrix.csv`` (entrant against entrant score) and
``<stem>.ratings.csv``. Every file is written to a temporary file in its folder and renamed
into place, so a failure leaves no half-written file; it raises :class:`MetatcgError`.
"""
from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterable

from ..engine.errors import MetatcgError
from .cards import FIELDS


def is_tournament(data: dict[str, Any]) -> bool:
    return data.get("kind_of_run") == "tournament"


def seat_label(seat: int | None) -> str:
    """``P1`` for seat 0; empty for None."""
    return "" if seat is None else f"P{seat + 1}"


def entrant_names(data: dict[str, Any]) -> list[str]:
    return [str(e.get("name", f"entrant {i + 1}")) for i, e in enumerate(data.get("entrants") or [])]


def card_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The run's card-impact rows (the top-level ``cards`` list), or none."""
    rows = data.get("cards")
    if not isinstance(rows, list):
        return []
    return [r for r in rows if isinstance(r, dict) and "card" in r]


# --------------------------------------------------------------------------- writing files
def check_target(path: str | os.PathLike[str], what: str = "the file") -> Path:
    """``path`` as a Path whose folder exists and that is not itself a folder."""
    p = Path(path)
    if p.is_dir():
        raise MetatcgError(f"cannot write {what} to {str(p)!r}: it is a folder")
    if not p.parent.is_dir():
        raise MetatcgError(f"cannot write {what} to {str(p)!r}: no folder {str(p.parent)!r}")
    return p


def write_files(files: list[tuple[Path, str]], what: str = "the file") -> list[Path]:
    """Write every (path, text) pair atomically: each goes to a temporary file in its folder
    first, and only when all are written are they renamed into place."""
    temps: list[tuple[str, Path]] = []
    current: Path | None = None
    try:
        for path, text in files:
            current = check_target(path, what)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            temps.append((tmp, path))
            os.chmod(tmp, 0o644)           # mkstemp makes it private; a report is an ordinary file
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
                fh.write(text)
        for tmp, path in temps:
            current = path
            os.replace(tmp, path)
    except OSError as e:
        for tmp, _ in temps:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        raise MetatcgError(f"cannot write {what} to {str(current)!r}: {e.strerror or e}") from None
    return [path for _, path in temps]


def write_text(path: str | os.PathLike[str], text: str, what: str = "the file") -> Path:
    return write_files([(check_target(path, what), text)], what)[0]


def write_json(data: dict[str, Any], path: str | os.PathLike[str]) -> Path:
    """The summary as indented JSON, written atomically."""
    return write_text(path, json.dumps(data, indent=2) + "\n", "the summary")


# --------------------------------------------------------------------------- CSV
def _csv_text(header: list[str], rows: Iterable[list[Any]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for row in rows:
        w.writerow(["" if v is None else _cell(v) for v in row])
    return buf.getvalue()


def _cell(v: Any) -> Any:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:.6g}"
    return v


def _number_of_seats(data: dict[str, Any]) -> int:
    seats = data.get("seats")
    if isinstance(seats, int) and seats > 0:
        return seats
    results = data.get("results") or []
    return max((len(r.get("returns") or []) for r in results), default=0)


def game_rows(data: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """The header and one row per game of a simulation or a tournament."""
    seats = _number_of_seats(data)
    unit = str(data.get("turns_unit") or "turns")
    placed = seats > 2                 # at two seats the winner says it all
    returns = [f"p{p + 1}_return" for p in range(seats)] + ([f"p{p + 1}_place" for p in range(seats)]
                                                            if placed else [])
    tail = ["first_player", unit, "actions", "ending", "reason", "action_limit"]
    rows: list[list[Any]] = []
    if is_tournament(data):
        names = entrant_names(data)

        def name(i: int | None) -> str:
            return names[i] if i is not None and 0 <= i < len(names) else ""

        header = ["game", "seed"] + [f"p{p + 1}_entrant" for p in range(seats)] + ["winner"] + returns \
            + ["first_entrant"] + tail
        for k, r in enumerate(data.get("results") or []):
            ents = list(r.get("entrants") or [])
            winner, first = r.get("winner"), r.get("first_player")
            rows.append([k + 1, r.get("seed")] + [name(ents[p]) if p < len(ents) else "" for p in range(seats)]
                        + [name(ents[winner]) if winner is not None and winner < len(ents) else ""]
                        + _pad(r.get("returns"), seats) + (places(r.get("returns"), seats) if placed else [])
                        + [name(ents[first]) if first is not None and first < len(ents) else ""]
                        + [seat_label(first), r.get("turns"), r.get("actions"), r.get("ending", ""),
                           r.get("reason", ""), bool(r.get("action_limit"))])
    else:
        decks = list(data.get("decks") or [])
        header = ["game", "seed", "winner", "winner_deck"] + returns + tail
        for k, r in enumerate(data.get("results") or []):
            winner, first = r.get("winner"), r.get("first_player")
            rows.append([k + 1, r.get("seed"), seat_label(winner),
                         decks[winner] if winner is not None and winner < len(decks) else ""]
                        + _pad(r.get("returns"), seats) + (places(r.get("returns"), seats) if placed else [])
                        + [seat_label(first), r.get("turns"), r.get("actions"), r.get("ending", ""),
                           r.get("reason", ""), bool(r.get("action_limit"))])
    return header, rows


def places(returns: list[Any] | None, n: int) -> list[Any]:
    """Each seat's finishing place from the returns: 1 + the seats with a higher return (seats
    that tie share the better place); blank where the returns are missing."""
    values = _pad(returns, n)
    if any(not isinstance(v, (int, float)) for v in values):
        return [None] * n
    return [1 + sum(1 for w in values if w > v) for v in values]


def _pad(values: list[Any] | None, n: int) -> list[Any]:
    values = list(values or [])
    return values[:n] + [None] * (n - len(values))


CARD_COLUMNS = list(FIELDS)      # the card-impact row fields, in their order


def card_table(rows: list[dict[str, Any]]) -> tuple[list[str], list[list[Any]]]:
    """Card rows with each interval split into ``_lo`` and ``_hi`` columns (and any column a
    row has beyond the known ones at the end)."""
    extra = [k for r in rows for k in r if k not in CARD_COLUMNS]
    columns = CARD_COLUMNS + list(dict.fromkeys(extra))
    header: list[str] = []
    for c in columns:
        header += [f"{c}_lo", f"{c}_hi"] if c.endswith("ci95") else [c]
    out = []
    for r in rows:
        line: list[Any] = []
        for c in columns:
            v = r.get(c)
            if c.endswith("ci95"):
                line += _pad(list(v) if isinstance(v, (list, tuple)) else None, 2)
            else:
                line.append(v)
        out.append(line)
    return header, out


def matrix_table(data: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """Entrant (row) against entrant (column): the row's score, blank where they did not meet."""
    names = entrant_names(data)
    matrix = data.get("matrix") or []
    rows = []
    for i, name in enumerate(names):
        line: list[Any] = [name]
        for j in range(len(names)):
            cell = matrix[i][j] if i < len(matrix) and j < len(matrix[i]) else None
            line.append(cell.get("score") if isinstance(cell, dict) else None)
        rows.append(line)
    return ["entrant"] + names, rows


def ratings_table(data: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    entrants = data.get("entrants") or []
    header = ["rank", "entrant", "deck", "bot", "rating", "ci95_lo", "ci95_hi", "score", "games", "wins"]
    rows = []
    for k, r in enumerate(data.get("ratings") or []):
        i = r.get("entrant")
        e = entrants[i] if isinstance(i, int) and 0 <= i < len(entrants) else {}
        rows.append([k + 1, r.get("name", e.get("name", "")), e.get("deck", ""), e.get("bot", ""), r.get("rating")]
                    + _pad(r.get("ci95"), 2) + [r.get("score"), r.get("games"), r.get("wins")])
    return header, rows


def write_csv(data: dict[str, Any], path: str | os.PathLike[str]) -> list[Path]:
    """One row per game at ``path``; next to it ``<stem>.cards.csv`` when there are card rows
    and, for a tournament, ``<stem>.matrix.csv`` and ``<stem>.ratings.csv``. Returns the paths
    written (the games file first)."""
    target = check_target(path, "the CSV")
    stem = target.with_suffix("") if target.suffix.lower() == ".csv" else target

    def beside(kind: str) -> Path:
        return stem.with_name(f"{stem.name}.{kind}.csv")

    files = [(target, _csv_text(*game_rows(data)))]
    cards = card_rows(data)
    if cards:
        files.append((beside("cards"), _csv_text(*card_table(cards))))
    if is_tournament(data):
        files.append((beside("matrix"), _csv_text(*matrix_table(data))))
        files.append((beside("ratings"), _csv_text(*ratings_table(data))))
    return write_files(files, "the CSV")
