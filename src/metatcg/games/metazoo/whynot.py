"""Why a MetaZoo card or action is not among a player's options (``MetaZooRules.why_not``), from
the rules that leave it out and what that player may know: their hand, their Caster, the
cards in the lanes. "not enough Aura: it costs 3, you have 1 untapped"."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.whynot import explain
from . import stats
from .zones import nm
from .data import LANES, MetaZooData
from .play import play_actions, strategy_has_targets, usable

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState


def why_not(st: "GameState", p: int, typed: str) -> str:
    d: MetaZooData = st.data
    cards = d.cards
    hand = {cards[c].name: c for c in d.hand[p]}
    if d.caster_in_zone(p):
        hand[cards[d.caster[p]].name] = d.caster[p]
    board = [u for side in d.units for u in side] + [t for t in d.terra if t >= 0]
    mine = {cards[u].name: u for u in board if d.owner[u] == p}
    seen = {cards[u].name: u for u in board}
    return explain(typed, [(hand, lambda c: _from_hand(st, p, c)), (mine, lambda c: _ability(st, p, c)),
                           (seen, lambda c: f"{cards[c].name} is your opponent's card: you may target it, not use it")],
                   f"you have no card called {typed!r} in your hand, your Caster zone or the lanes",
                   first=lambda: _your_action(st, p))


def _your_action(st: "GameState", p: int) -> str:
    d: MetaZooData = st.data
    if d.phase != "action":
        return "cards are played and abilities used in the Action phase, and this is not it"
    dec = st.decision
    if dec is not None and dec.kind != "action" and dec.player == p:
        return "you are in the middle of another choice: finish it first"
    if dec is None or dec.kind != "action" or getattr(dec.params, "player", -1) != p:
        return "it is not your action: players take actions in turn"
    return ""


def _untapped(d: MetaZooData, p: int, aura: str | None) -> tuple[int, bool]:
    """(untapped Aura in ``p``'s Aura zone, whether one of type ``aura`` is among them)."""
    free = [a for a in d.aura_zone[p] if a not in d.tapped]
    return len(free), aura is None or any(d.cards[a].aura == aura for a in free)


def _from_hand(st: "GameState", p: int, c: int) -> str:
    d: MetaZooData = st.data
    cd = d.cards[c]
    srcs = stats.static_sources(d)
    if any(a.args.card == c for a in play_actions(st, p, srcs, stats.side_facts(d, p, srcs))
           if hasattr(a.args, "card")):
        return ""
    if stats.unique_in_play(d, p, c):
        return f"{cd.name} is Unique and a copy is already in play"
    changes = stats.cost_changes(d, p, srcs)
    cost = min(stats.cost_with(cd, ln, -1, changes) for ln in range(LANES)) if changes else cd.cost
    have, typed = _untapped(d, p, cd.aura)
    if cost > have:
        return f"not enough Aura: it costs {cost}, you have {have} untapped"
    if not typed:
        return f"{cd.name} needs an untapped {cd.aura.capitalize() if cd.aura else ''} Aura to pay"
    if cd.type == "strategy":
        return f"{cd.name} has nothing it could affect now" if not strategy_has_targets(d, c, p, -1) else ""
    return f"no lane has room on your side for {cd.name} (or a card of that name is already there)"


def _ability(st: "GameState", p: int, c: int) -> str:
    d: MetaZooData = st.data
    cd = d.cards[c]
    if not cd.activated:
        return f"{nm(d, c)} has no ability to use"
    if any(usable(d, p, c, ai) for ai in cd.activated):
        return ""
    if c in d.tapped:
        return f"{nm(d, c)} is tapped"
    return f"{nm(d, c)}'s ability cannot be paid for or would do nothing now"
