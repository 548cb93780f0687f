""""Why not?": a player asks why a card or action is not among their options (``why NAME`` in
the terminal; a server may call :func:`why_not` the same way). The game answers from the rules
that leave it out (``Rules.why_not(state, player, name)``), using only what that player may know.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.state import GameState


def why_not(state: "GameState", player: int, name: str) -> str:
    """The answer for ``player`` about ``name`` (a card name, or part of one, or part of an
    option's label); ValueError for an empty name or a seat not at the table."""
    typed = " ".join(name.split())
    if not typed:
        raise ValueError("name a card or an option: why NAME")
    if not 0 <= player < state.num_players:
        raise ValueError(f"seat {player} is not at this {state.num_players}-seat table")
    if state.is_terminal():
        return "the game is over"
    deciding = state.current_player() == player
    reason = state.rules.why_not(state, player, typed)
    if reason:
        return reason
    if deciding:    # nothing in the rules keeps it out: it may well be offered
        hits = [a.label for a in state.legal_actions() if typed.casefold() in a.label.casefold()]
        if hits:
            return f"it is among your options: {hits[0]}" + (f" (and {len(hits) - 1} more)" if len(hits) > 1 else "")
        return f"the rules do not keep {typed} out in general, but this decision does not offer it"
    return "you are not the one deciding now: wait until you are asked"
