"""No position twice in one turn (PR-MB-13): the rule that ends loops the printed rules allow.

An Event such as "draw 2" paid from hand can, once the draw pile is nearly empty, reshuffle the
discard pile and draw back itself and its payment, and so on for ever; a move paid from the
draw pile can cycle the same way. After every activation and every move the public position
is noted; a seat whose activation or move brings back a position already noted this turn has
gone round in a circle, and may use no more abilities or Events and make no more moves until
the next turn. The position is public (hand and draw-pile sizes, not their cards), so the
ruling reveals nothing hidden; the positions of one turn are finitely many, so every turn ends.

Positions are noted only from the turn's first reshuffle on, which keeps the check off most
turns. Without a reshuffle no position can come back after an activation or a move: draw piles
only shrink and lost piles only grow, so in a circle no card leaves a draw pile and none is
lost; an Event played goes to the discard pile, which only a reshuffle empties (reclaim takes
creatures); a used mark stays unless a refresher clears it, and a refresher's own mark stays
(PR-MB-6); and a move's payment from hand stays in the discard pile.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import PHASES, MetabaloidsData
from .pay import pl
from .records import LoopCheck

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState

_MASK = (1 << 63) - 1


def position_key(d: MetabaloidsData) -> int:
    """A number for the public position: the phase, the battle, and per seat the sizes of hand,
    draw and lost piles, the discard pile in order, the reserve, event area and columns by card
    name with their safe and used marks (copies of one card are alike, PR-K-4). Only ints are
    hashed, so the number is the same in every process (a saved game keeps its positions)."""
    cards, safe, used = d.cards, d.safe, d.used
    b = d.battle
    parts: list[object] = [PHASES.index(d.phase), () if b is None else b, d.attacks, d.penalty]
    for p in range(d.n):
        parts += [len(d.hand[p]), len(d.draw[p]), len(d.lost[p]),
                  tuple([cards[c].key for c in d.discard[p]]),
                  tuple(sorted([cards[c].key for c in d.reserve[p]])),
                  tuple(sorted([cards[c].key for c in d.events[p]]))]
        for col in d.columns[p]:
            parts.append(tuple(sorted([cards[c].key * 4 + (c in safe) * 2 + (c in used) for c in col])))
    return hash(tuple(parts)) & _MASK


def check(st: "GameState", step: LoopCheck) -> None:
    """After an activation or a move of ``step.seat``: note the position, or stop the seat's
    activations and moves for the turn if the position was already noted (PR-MB-13)."""
    d: MetabaloidsData = st.data
    if not d.turn_shuffled or st.is_terminal() or step.seat in d.looped:
        return      # before the turn's first reshuffle no position can come back: nothing to note
    key = position_key(d)
    if key not in d.seen:
        d.seen.append(key)
        return
    d.looped.append(step.seat)
    if st.logging:
        st.say(f"{pl(step.seat)} is back in a position already reached this turn: no more abilities, "
               "Events or moves for them until the next turn (PR-MB-13)")
