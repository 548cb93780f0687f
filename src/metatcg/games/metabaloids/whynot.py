"""Why a Metabaloids card or action is not among a player's options (``MetabaloidsRules.why_not``),
from the rules that leave it out and what that player may know: their hand, their reserve, the
cards in play. "it is not your turn: any-time cards only"."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.whynot import explain
from . import battle, grid
from .abilities import timings
from .ops import op_ok
from .data import MetabaloidsData
from .pay import capacity
from .turn import PHASE_NAMES, col_name

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState

TIMING_WORDS = {"any_time": "at any time", "own_turn": "in your own turn",
                "attack": "in a battle you fight, for your battling column"}


def why_not(st: "GameState", p: int, typed: str) -> str:
    d: MetabaloidsData = st.data
    hand = {d.name(c): c for c in d.hand[p]}
    reserve = {d.name(c): c for c in d.reserve[p]}
    mine = {d.name(c): c for c in d.in_play(p)}
    theirs = {d.name(c): c for q in range(d.n) if q != p for c in d.in_play(q)}
    return explain(typed, [(hand, lambda c: _from_hand(st, p, c)), (reserve, lambda c: _from_reserve(st, p, c)),
                           (mine, lambda c: _in_play(st, p, c)),
                           (theirs, lambda c: f"{d.name(c)} is another player's card: you may attack it, not use it")],
                   f"you have no card called {typed!r} in your hand, reserve or play area")


def _phase(d: MetabaloidsData, p: int, phase: str, what: str) -> str:
    if d.phase == "setup":
        return "the initial deployment comes first"
    if d.active != p:
        return f"it is not your turn: {what} in your own turn (any-time cards only now)"
    if d.phase != phase:
        return f"{what} in your {PHASE_NAMES[phase]} phase, and this is {PHASE_NAMES.get(d.phase, d.phase)}"
    return ""


def _points(d: MetabaloidsData, p: int, cost: int, anywhere: bool, exclude: int = -1) -> str:
    have = capacity(d, p, anywhere, exclude)
    if have >= cost:
        return ""
    where = "from anywhere" if anywhere else "in Metabaloids from your hand"
    return f"not enough points: it costs {cost}, you have {have} {where}"


def _from_hand(st: "GameState", p: int, c: int) -> str:
    d: MetabaloidsData = st.data
    cd = d.cards[c]
    if d.phase == "setup":
        return "the initial deployment comes first: only placing creatures now"
    if cd.is_event:
        allowed = timings(st, p, d.battle is not None and p in (d.battle.attacker, d.battle.defender))
        if cd.event_timing not in allowed:
            return f"{cd.name} is played {TIMING_WORDS.get(cd.event_timing, cd.event_timing)}, not now"
        if p in d.looped:
            return "you went round in a loop this turn: no more abilities or Events"
        return (_points(d, p, cd.cost, False, c)
                or ("" if all(op_ok(d, p, c, o) for o in cd.event_ops) else f"{cd.name} would do nothing now"))
    late = _phase(d, p, "restock", "creatures from your hand go to your reserve")
    return late or _points(d, p, cd.cost, False, c)


def _from_reserve(st: "GameState", p: int, c: int) -> str:
    d: MetabaloidsData = st.data
    late = _phase(d, p, "deploy", "reserve cards are deployed")
    if late:
        return late
    return "" if grid.spots(d, p, c) else "no column has room for it"


def _in_play(st: "GameState", p: int, c: int) -> str:
    d: MetabaloidsData = st.data
    cd = d.cards[c]
    where = col_name(d.column_of(c))
    if c in d.safe:
        return f"{cd.name} is sideways in the {where} column (safe): it cannot attack, move or use abilities"
    if d.phase == "attack" and d.active == p:
        if not battle.targets_left(d, p):
            return "no opponent you may still attack this turn has a card to attack"
        return _points(d, p, 1, True)
    if d.phase == "move" and d.active == p:
        return "" if grid.spots(d, p, c) else f"{cd.name} has no other column it may move to"
    if cd.activated:
        if c in d.used:
            return f"{cd.name}'s ability was already used this turn"
        allowed = timings(st, p, False)
        ab = cd.abilities[cd.activated[0]]
        if ab.timing not in allowed:
            return f"{cd.name}'s ability is used {TIMING_WORDS.get(ab.timing, ab.timing)}, not now"
        return _points(d, p, ab.cost, True) or (
            "" if all(op_ok(d, p, c, o) for o in ab.do) else f"{cd.name}'s ability would do nothing now")
    return _phase(d, p, "attack", "cards attack") or f"{cd.name} has no ability to use"
