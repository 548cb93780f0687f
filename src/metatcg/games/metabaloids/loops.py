"""No position twice in one turn (PR-MB-13): the rule that ends loops the printed rules allow.

An Event such as "draw 2" paid from hand can, once the draw pile is nearly empty, reshuffle the
discard pile and draw back itself and its payment, and so on for ever; a move paid from the
draw pile can cycle the same way. After every activation and every move the public position
is noted; a seat whose activation or move brings back a position already noted this turn has
gone round in a circle, and may use no more abilities or Events and make no more moves until
the next turn. The position is public (hand and draw-pile sizes, not their cards), so the
ruling reveals nothing hidden; the positions of one turn are finitely many, so every turn ends.
"""
from __future__ import annotations

from hashlib import blake2b
from typing import TYPE_CHECKING

from .data import MetabaloidsData
from .pay import pl
from .records import LoopCheck

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState


def position_key(d: MetabaloidsData) -> int:
    """A number for the public position: the phase, the battle, and per seat the sizes of hand,
    draw and lost piles, the discard pile in order, the reserve, event area and columns by card
    name with their safe and used marks (copies of one card are alike, PR-K-4)."""
    cards, safe, used = d.cards, d.safe, d.used
    parts: list[object] = [d.phase, d.battle, d.attacks, d.penalty]
    for p in range(d.n):
        parts += [len(d.hand[p]), len(d.draw[p]), len(d.lost[p]),
                  [cards[c].name for c in d.discard[p]],
                  sorted(cards[c].name for c in d.reserve[p]),
                  sorted(cards[c].name for c in d.events[p]),
                  [sorted((cards[c].name, c in safe, c in used) for c in col) for col in d.columns[p]]]
    return int.from_bytes(blake2b(repr(parts).encode(), digest_size=8).digest(), "big") >> 1


def check(st: "GameState", step: LoopCheck) -> None:
    """After an activation or a move of ``step.seat``: note the position, or stop the seat's
    activations and moves for the turn if the position was already noted (PR-MB-13)."""
    d: MetabaloidsData = st.data
    if st.is_terminal() or step.seat in d.looped:
        return
    key = position_key(d)
    if key not in d.seen:
        d.seen.append(key)
        return
    d.looped.append(step.seat)
    if st.logging:
        st.say(f"{pl(step.seat)} is back in a position already reached this turn: no more abilities, "
               "Events or moves for them until the next turn (PR-MB-13)")
