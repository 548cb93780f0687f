"""Reading a player's or designer's text file (a deck, a scenario) with an error a person can act
on: a missing file, a folder, text that is not UTF-8, an unreadable file — never a raw OS error."""
from __future__ import annotations

from pathlib import Path

from .errors import MetatcgError


def read_text_file(path: str | Path, what: str, error: type[MetatcgError], missing_hint: str = "") -> str:
    """The UTF-8 text of ``path``, a ``what`` ("deck file"); any failure is ``error`` naming it."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"no {what} {str(p)!r}{missing_hint}") from None
    except IsADirectoryError:
        raise error(f"{str(p)!r} is a folder, not a {what}") from None
    except UnicodeDecodeError:
        raise error(f"{what} {str(p)!r} is not UTF-8 text") from None
    except OSError as e:
        raise error(f"cannot read {what} {str(p)!r}: {e.strerror or e}") from None
