"""Seat preferences: answers a player lets the table give on their behalf.

Like the stops and auto-pay of the digital card games people know, a seat may let its
"any time" windows pass by themselves except at moments it names (its *stops*), and let a
choice be taken when every option has the same effect (two untouched copies of one card
paying a cost). Each answer is an ordinary action: the record holds it like any other, and
the log reads the same. Preferences live beside the game (in the saved game, in the server's
seat), never in the rules: a bot or a replay never sees them.

Fairness (docs/rulings.md, "Seat preferences"): an auto-pass depends only on the public
moment a window opens at, never on what the seat holds, so whether a seat was asked (or how
fast it answered) tells no one what it holds. An answer taken because the options are
equivalent depends on the seat's own cards; at a table with people at other seats (where
every window asks every person, PR-K-10) it is taken only when the other seats could not see
the difference in timing anyway: never, so it is off there.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterable

from ..engine.action import Action
from ..engine.errors import MetatcgError
from ..engine.state import ORDER_DECISION
from ..engine.windows import PASS_ID, WINDOW_DECISION

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.state import GameState
    from .presentation import Presentation

#: the moments a window can open at, as every game names them (a game says which apply)
MOMENTS: dict[str, str] = {
    "attacked": "one of your cards (or you) is attacked",
    "attacking": "your own attack is being answered",
    "battle": "a battle between other players",
    "their_card": "another player played a card or used an ability you could answer",
    "my_start": "the start of your turn",
    "my_step": "the start of one of your own phases or steps",
    "my_end": "the end of your turn",
    "their_start": "the start of another player's turn",
    "their_step": "the start of another player's phase or step",
    "their_end": "the end of another player's turn",
}
#: what a newcomer wants: asked when it matters to them, not at every phase
DEFAULT_STOPS: frozenset[str] = frozenset({"attacked", "attacking", "their_card", "their_end"})


class PrefsError(MetatcgError, ValueError):
    """A preference that does not exist, or a value it cannot take."""


@dataclass(frozen=True)
class SeatPrefs:
    """One seat's preferences. ``auto_pass``: let windows pass except at ``stops``;
    ``auto_same``: take a choice whose options all have the same effect; ``auto_pay``: let the
    game pick how to pay a cost where its payments are like tapping lands (the game's
    ``Presentation.auto_pay`` says how, or that it has none); ``auto_order``: when the seat's
    triggered abilities and another player's happen together and the seat orders them, the
    other player's resolve first (the seat then decides knowing what they did)."""

    auto_pass: bool = True
    stops: frozenset[str] = field(default_factory=lambda: DEFAULT_STOPS)
    auto_same: bool = True
    auto_pay: bool = True
    auto_order: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"auto_pass": self.auto_pass, "stops": sorted(self.stops), "auto_same": self.auto_same,
                "auto_pay": self.auto_pay, "auto_order": self.auto_order}

    @classmethod
    def from_json(cls, data: Any) -> "SeatPrefs":
        """Checked: a saved game or a browser message may hold anything."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise PrefsError("seat preferences must be an object")
        unknown = set(data) - {"auto_pass", "stops", "auto_same", "auto_pay", "auto_order"}
        if unknown:
            raise PrefsError(f"no such preference: {', '.join(sorted(unknown))}")
        out = cls()
        for key in ("auto_pass", "auto_same", "auto_pay", "auto_order"):
            if key in data:
                if not isinstance(data[key], bool):
                    raise PrefsError(f"{key} is true or false, not {data[key]!r:.30}")
                out = replace(out, **{key: data[key]})
        if "stops" in data:
            stops = data["stops"]
            if not isinstance(stops, list) or not all(isinstance(s, str) for s in stops):
                raise PrefsError("stops is a list of moment names")
            out = replace(out, stops=check_moments(stops))
        return out

    def describe(self) -> list[str]:
        """The preferences as a player reads them (the terminal's ``prefs``, the settings panel)."""
        lines = [f"auto-pass: {'on' if self.auto_pass else 'off'} — "
                 + ("windows pass by themselves except at your stops" if self.auto_pass
                    else "you are asked in every window where you could act")]
        if self.auto_pass:
            lines.append("stops: " + (", ".join(f"{s} ({MOMENTS[s]})" for s in sorted(self.stops)) or "none"))
        lines.append(f"auto-same: {'on' if self.auto_same else 'off'} — "
                     + ("a choice whose options all do the same is taken for you" if self.auto_same
                        else "you are asked even when every option does the same"))
        lines.append(f"auto-pay: {'on' if self.auto_pay else 'off'} — "
                     + ("costs are paid for you where the game can (keeping what your hand needs)"
                        if self.auto_pay else "you pick how every cost is paid"))
        lines.append(f"auto-order: {'on' if self.auto_order else 'off'} — "
                     + ("when your triggered abilities and another player's happen together, theirs go first"
                        if self.auto_order else "you order every set of simultaneous triggered abilities"))
        return lines


def check_moments(names: Iterable[str]) -> frozenset[str]:
    out = []
    for raw in names:
        name = raw.strip().lower().replace("-", "_").replace(" ", "_")
        if name not in MOMENTS:
            from difflib import get_close_matches
            close = get_close_matches(name, MOMENTS, n=2)
            hint = f"; did you mean {' or '.join(close)}?" if close else f"; the moments are {', '.join(MOMENTS)}"
            raise PrefsError(f"no moment called {raw!r:.30}{hint}")
        out.append(name)
    return frozenset(out)


def edit(prefs: SeatPrefs, words: str) -> SeatPrefs:
    """Change ``prefs`` from a typed command: ``auto-pass on|off``, ``auto-same on|off``,
    ``auto-pay on|off``, ``auto-order on|off``,
    ``stop MOMENT…`` (add), ``go MOMENT…`` (remove a stop), ``stops MOMENT…`` (set),
    ``defaults``."""
    parts = words.split()
    if not parts:
        return prefs
    what, rest = parts[0].lower().replace("_", "-"), parts[1:]
    if what == "defaults":
        return SeatPrefs()
    if what in ("auto-pass", "auto-same", "auto-pay", "auto-order"):
        if len(rest) != 1 or rest[0].lower() not in ("on", "off"):
            raise PrefsError(f"{what} on, or {what} off")
        on: dict[str, Any] = {what.replace("-", "_"): rest[0].lower() == "on"}
        return replace(prefs, **on)
    if what in ("stop", "go", "stops"):
        if not rest and what != "stops":
            raise PrefsError(f"{what} needs one or more moments: {', '.join(MOMENTS)}")
        named = check_moments(rest)
        stops = named if what == "stops" else (prefs.stops | named if what == "stop" else prefs.stops - named)
        return replace(prefs, stops=stops)
    raise PrefsError(f"not a preference command: {what!r:.30} (auto-pass on|off, auto-same on|off, "
                     "auto-pay on|off, auto-order on|off, stop MOMENT, go MOMENT, stops MOMENT…, defaults)")


# ---------------------------------------------------------------------------- answers
def auto_answer(state: "GameState", seat: int, prefs: SeatPrefs, pres: "Presentation",
                fair: bool = False) -> Action | None:
    """The action ``prefs`` take for ``seat`` at the pending decision, or None (ask the person).
    ``fair``: people sit at other seats (every window asks every person)."""
    dec = state.decision
    if dec is None or dec.player != seat or state.is_terminal():
        return None
    legal = state.legal_actions()
    if prefs.auto_pass and dec.kind == WINDOW_DECISION:
        moments = pres.window_moments(state, dec.params, seat)
        if moments and not (moments & prefs.stops):
            return next((a for a in legal if a.id == PASS_ID), None)
    if prefs.auto_order and dec.kind == ORDER_DECISION:
        first = others_first(state, seat, pres)
        if first is not None:
            return first
    if prefs.auto_pay and len(legal) > 1:
        paid: Action | None = pres.auto_pay(state, seat)
        if paid is not None:
            return paid
    if prefs.auto_same and not fair and len(legal) > 1 and dec.kind != WINDOW_DECISION and all_same(state, legal):
        return legal[0]
    return None


def others_first(state: "GameState", seat: int, pres: "Presentation") -> Action | None:
    """At ``seat``'s order of simultaneous triggers that mixes its own with another player's
    (MetaZoo's active player orders both, MZL-ERRATA-SIMUL-7): another player's goes first.
    Who controls a trigger is public (the game's ``Presentation.trigger_controller``)."""
    triggers = getattr(state.decision.params, "triggers", ()) if state.decision is not None else ()
    owners = [pres.trigger_controller(state, t) for t in triggers]
    if None in owners or seat not in owners or all(o == seat for o in owners):
        return None
    i = next(i for i, o in enumerate(owners) if o != seat)
    return next((a for a in state.legal_actions() if a.id == f"trigger:{i}"), None)


def answer_note(state: "GameState", action: Action) -> str:
    """The line that tells a seat what its preferences answered (before ``action`` is applied):
    its own screen only, since the label may name its hidden cards."""
    dec = state.decision
    passed = dec is not None and dec.kind == WINDOW_DECISION
    prompt = dec.prompt if dec is not None else ""
    return (f"auto: {'passed' if passed else 'took'} — {action.label}"
            + (f" ({prompt})" if passed and prompt else ""))


_ID = re.compile(r"^[a-z]\d+$")


def _no_ids(x: Any) -> Any:
    """A view with card instance ids taken out: two copies of one card read the same."""
    if isinstance(x, dict):
        return {k: _no_ids(v) for k, v in x.items() if k not in ("legal_actions", "log", "decision_id")}
    if isinstance(x, list):
        return [_no_ids(v) for v in x]
    if isinstance(x, str) and _ID.match(x):
        return ""
    return x


def seen(state: "GameState", marks: list[int]) -> list[Any]:
    """What every seat can see now: its view with ids taken out, its log lines since ``marks``,
    and the pending question (its kind, prompt and option labels)."""
    out: list[Any] = []
    for p in range(state.num_players):
        out.append(_no_ids(state.view(p, log_from=None)))
        out.append(state.log_for(p, marks[p]))
    dec = state.decision
    if dec is not None and not state.is_terminal():
        out.append((dec.player, dec.kind, dec.prompt, sorted(a.label for a in state.legal_actions())))
    return out


def outcomes(state: "GameState", action: Action, steps: int) -> list[Any]:
    """What every seat sees after ``action`` and after each of the next ``steps`` actions, taking
    at each decision the option whose label sorts first: a choice kept out of sight for a while
    (a target chosen before its cost is paid) shows once the game goes on."""
    after = state.clone()
    marks = [len(after.log_for(p)) for p in range(after.num_players)]
    after.apply(action)
    out = [seen(after, marks)]
    for _ in range(steps):
        if after.is_terminal():
            break
        after.apply(min(after.legal_actions(), key=lambda a: (a.label, a.id)))
        out.append(seen(after, marks))
    return out


LOOK_AHEAD = 12                 # actions played on after each option before calling them the same
_ORDINAL = re.compile(r" \((?:\d+(?:st|nd|rd|th))\)")


def all_same(state: "GameState", legal: list[Action]) -> bool:
    """Do all of ``legal`` leave the game the same for everyone (up to which copy of a card)?

    The options must read the same to a player (labels name what a player can tell apart:
    place, attachments, damage; an ordinal such as "(2nd)" only counts copies), and playing each
    out on a copy (and the game on a little) must leave every seat's view, log and next
    question alike.
    Only for a person's decisions: it plays each option out on a copy."""
    if len(legal) > 8 or len({_ORDINAL.sub("", a.label) for a in legal}) > 1:
        return False
    first = outcomes(state, legal[0], LOOK_AHEAD)
    return all(outcomes(state, a, LOOK_AHEAD) == first for a in legal[1:])
