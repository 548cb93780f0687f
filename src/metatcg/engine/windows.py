"""Response windows: the chance to act offered to seats in turn, out of turn included.

A window asks the seats of ``order`` one by one. A seat that holds nothing it could use is
skipped without a decision and without a log line; a seat that passes lets the next one
be asked; once every seat of ``order`` has passed (or been skipped) in turn, the window
closes and the steps beneath it run. When a seat acts, the game's ``after_response`` hook
says what comes next; by default the window reopens for the *other* seats, beginning with
the one after the seat that acted (the usual priority rule: it closes when everyone else
has passed after the last action). Chains, resolution and "reopen with the active seat"
are the game's: it pushes its own steps beneath or instead of the reopened window.

Rules hooks (optional, needed only by games that open windows):
  ``responses(state, window, seat) -> list[Action]`` the seat's options (without "pass");
  ``can_respond(state, window, seat) -> bool``       cheap test; default: any responses;
  ``after_response(state, window, seat, action) -> Window | None``;
  ``window_prompt(state, window, seat) -> str``;
  ``after_pass(state, window, seat)`` called when an asked seat passes (to log the choice).

Who is asked is known only to the seat asked: the views of the other seats and of spectators
show an open window as :data:`WAITING`, naming no seat (PR-K-9). A table may also name seats
that are asked in *every* window, holding something or not (the kernel option ``ask_seats``,
PR-K-10): such a seat with nothing to use gets a decision with only ``pass``, which the kernel
never takes by itself, so not even the time a window stays open tells what that seat holds.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from .records import KERNEL
from .seats import after, clockwise

WINDOW_DECISION = "__respond"
PASS_ID = "pass"
WAITING = "Waiting for responses"     # the prompt others see while a window is open
ASK_SEATS = "ask_seats"               # kernel option: seats asked in every window (PR-K-10)


def parse_ask_seats(text: str, n: int) -> frozenset[int]:
    """The seats named by the ``ask_seats`` option: ``""`` (none, the default), ``"all"``, or
    seat names ``"P1,P3"``; a ValueError says what is wrong."""
    text = text.strip()
    if not text:
        return frozenset()
    if text.lower() == "all":
        return frozenset(range(n))
    seats = set()
    for part in text.split(","):
        name = part.strip().upper()
        if not (name.startswith("P") and name[1:].isascii() and name[1:].isdigit() and 1 <= int(name[1:]) <= n):
            raise ValueError(f"{ASK_SEATS} is 'all' or seat names P1 to P{n} separated by commas, not {text!r:.40}")
        seats.add(int(name[1:]) - 1)
    return frozenset(seats)


def ask_seats_text(seats: "set[int] | frozenset[int] | list[int] | tuple[int, ...]") -> str:
    """The ``ask_seats`` option naming ``seats`` (0-based): ``[0, 2]`` -> ``"P1,P3"``."""
    return ",".join(f"P{s + 1}" for s in sorted(set(seats)))


@KERNEL("__window")
class Window(NamedTuple):
    """A window in progress: ``order`` are the seats asked this time round, ``at`` the index
    of the next one; ``ring`` is every seat that may take part, in turn order."""

    name: str
    ring: tuple[int, ...]
    order: tuple[int, ...]
    at: int = 0
    info: Any = None

    def reopened_after(self, seat: int) -> "Window":
        """The same window asking every other seat of the ring, starting after ``seat``."""
        ring = self.ring
        i = ring.index(seat) if seat in ring else -1
        order = tuple(ring[(i + k) % len(ring)] for k in range(1, len(ring))) if i >= 0 else ring
        return self._replace(order=order, at=0)

    def restarted(self) -> "Window":
        """The same window asking every seat of the ring again from its first."""
        return self._replace(order=self.ring, at=0)


def window(name: str, n: int, first: int, info: Any = None, seats: tuple[int, ...] | None = None) -> Window:
    """A window over ``seats`` (default: all ``n`` seats) asking ``first`` first, then clockwise."""
    ring = clockwise(n, first) if seats is None else tuple(s for s in clockwise(n, first) if s in seats)
    return Window(name, ring, ring, 0, info)


def others_window(name: str, n: int, actor: int, info: Any = None) -> Window:
    """A window for everyone but ``actor``, clockwise from the seat after it."""
    ring = clockwise(n, actor)
    return Window(name, ring, after(n, actor), 0, info)
