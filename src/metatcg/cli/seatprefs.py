"""Seat preferences and multi-picks at the terminal table (``ui.prefs``, ``ui.picks``).

``prefs`` shows a seat's preferences and changes them (``prefs stop their_step``,
``prefs auto-pass off``…); they are saved with the game. Before a person is asked, their
preferences may answer for them: the action is applied like any other (the record holds it)
and the next screen says what was answered ("auto: passed at the start of P2's Attack Phase").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from metatcg.engine.windows import ASK_SEATS
from metatcg.ui.picks import PickNumbers
from metatcg.ui.prefs import MOMENTS, PrefsError, SeatPrefs, answer_note, auto_answer, edit
from metatcg.ui.presentation import presentation_of

from .common import console

if TYPE_CHECKING:  # pragma: no cover
    from .play import Session

PREFS_HELP = ("prefs: show your preferences · prefs auto-pass on|off · prefs auto-same on|off · "
              "prefs auto-pay on|off · prefs auto-order on|off · prefs stop MOMENT · prefs go MOMENT · prefs defaults")


def fair_table(session: "Session") -> bool:
    """People sit at other seats and every window asks them (PR-K-10)."""
    return bool(session.state.options.get(ASK_SEATS))


def answer_by_prefs(session: "Session", p: int) -> bool:
    """Let ``p``'s preferences answer the pending decision; True if they did."""
    state = session.state
    prefs = session.prefs.get(p) or SeatPrefs()
    action = auto_answer(state, p, prefs, presentation_of(session.game), fair=fair_table(session))
    if action is None:
        return False
    note = answer_note(state, action)
    session.auto_notes.setdefault(p, []).append(note)
    state.apply(action.id)
    session.save()
    return True


def numbered(session: "Session", p: int, view: dict[str, Any]) -> list[dict[str, Any]]:
    """The view's options with numbers that stay put through one choice's picks."""
    numbers = session.numbers.setdefault(p, PickNumbers())
    dec = session.state.decision
    kind = dec.kind if dec is not None else ""
    actions = view.get("legal_actions") or []
    if kind not in presentation_of(session.game).pick_kinds:
        numbers.reset()
        return [{**a, "n": i} for i, a in enumerate(actions, 1)]
    return numbers.number(p, kind, len(session.state.history), actions)


def prefs_command(session: "Session", p: int, arg: str) -> None:
    prefs = session.prefs.get(p) or SeatPrefs()
    if arg.strip():
        try:
            prefs = edit(prefs, arg)
        except PrefsError as e:
            console.print(f"[red]{escape(str(e))}[/]")
            console.print(f"[dim]{escape(PREFS_HELP)}[/]")
            return
        session.prefs[p] = prefs
        session.save()
    for line in prefs.describe():
        console.print(escape(line))
    if not arg.strip():
        console.print("[dim]moments: " + escape(", ".join(MOMENTS)) + "[/]")
        console.print(f"[dim]{escape(PREFS_HELP)}[/]")


def prefs_to_json(session: "Session") -> dict[str, Any]:
    return {str(p): prefs.to_json() for p, prefs in sorted(session.prefs.items())}


def prefs_from_json(data: Any) -> dict[int, SeatPrefs]:
    """Checked: a saved game may hold anything (``PrefsError`` names what is wrong)."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise PrefsError("prefs must be an object of seat numbers")
    out = {}
    for k, v in data.items():
        if not (isinstance(k, str) and k.isdigit()):
            raise PrefsError(f"prefs: {k!r:.20} is not a seat number")
        out[int(k)] = SeatPrefs.from_json(v)
    return out
