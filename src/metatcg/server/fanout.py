"""One frame per view per change, shared by every socket that should get it.

After a change every socket of a table is woken and asks for its next frame: the view of its
seat (or the public view) with the log lines after the ones it has. Sockets of one seat that are
up to date ask for the same frame, and so do all the spectators: ``Frames`` builds and encodes
it once and hands every one of them the same text, so 300 spectators cost one ``public_view``
and 300 sends, not 300 views and 300 encodings. Each table holds one (``Table.frames``), emptied
on every change by the table's first listener, before any socket is woken, so a frame is never
older than the state it was asked after.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from . import redact

if TYPE_CHECKING:  # pragma: no cover
    from .tables import Table

_encode = msgspec.json.Encoder().encode
MAX_ENTRIES = 256     # distinct (seat, lines held) asked between two changes: far more than sockets do

Key = tuple["int | None", int, int]
Built = tuple[str, int, int]          # the frame's text, lines held after it, the log mark after it


class Frames:
    """The frames of one table since its last change."""

    def __init__(self) -> None:
        self.built: dict[Key, Built] = {}

    def changed(self) -> None:
        self.built.clear()

    def changed_seat(self, seat: int) -> None:
        """Only ``seat``'s frames changed (its preferences): the others' stay built."""
        for key in [k for k in self.built if k[0] == seat]:
            del self.built[key]

    def next(self, table: "Table", seat: int | None, have: int, mark: int) -> Built:
        """The text of the next state frame for a socket of ``seat`` (None: a spectator) that
        holds ``have`` log lines (read up to raw entry ``mark``), and its new ``have`` and mark."""
        key = (seat, have, mark)
        got = self.built.get(key)
        if got is None:
            frame, new_mark = redact.frame(table, seat, have, mark)
            frame["type"] = "state"
            got = (_encode(frame).decode(), have + len(frame["log"]), new_mark)
            if len(self.built) >= MAX_ENTRIES:
                self.built.clear()
            self.built[key] = got
        return got

