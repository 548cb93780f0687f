"""The piles and places of cards (MB-ZONE): the only code that takes cards off a draw pile, so
the reshuffle (MB-SHUF), the short game's empty pile (MB-WIN-9) and the public top card a dig
revealed stay right everywhere."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import MetabaloidsData

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState


def pl(p: int) -> str:
    return f"P{p + 1}"


# ----------------------------------------------------------------- piles
def refill(st: "GameState", p: int) -> None:
    """An empty draw pile is made again from the shuffled discard pile (MB-SHUF-1/3); never
    in the short game (MB-SHUF-4)."""
    d: MetabaloidsData = st.data
    if d.draw[p] or not d.discard[p] or d.short_game:
        return
    pile = d.discard[p]
    d.discard[p] = []
    d.shuffled[p] = sorted(pile)   # public: the discard pile was face up (MB-ZONE-10)
    d.turn_shuffled = True         # from now on this turn, positions are noted (PR-MB-13)
    st.rng.shuffle(pile)
    d.draw[p] = pile
    d.top_known[p] = -1
    if st.logging:
        st.say(f"{pl(p)} shuffles their discard pile ({len(pile)} cards) into a new draw pile (MB-SHUF-1)")


def take_top(st: "GameState", p: int) -> int:
    """The top card of ``p``'s draw pile, taken off (reshuffling first if needed); -1 when
    there is none. In the short game the pile emptying ends the game this turn (MB-WIN-9)."""
    d: MetabaloidsData = st.data
    if not d.draw[p]:
        refill(st, p)
        if not d.draw[p]:
            return -1
    c = d.draw[p].pop()
    d.top_known[p] = -1
    if not d.draw[p] and d.short_game and not d.emptied:
        d.emptied = True
        if st.logging:
            st.say(f"{pl(p)}'s draw pile is empty: the short game ends with this turn (MB-WIN-9)")
    return c


def top_available(d: MetabaloidsData, p: int) -> bool:
    return bool(d.draw[p]) or (bool(d.discard[p]) and not d.short_game)


def lose(st: "GameState", p: int, card: int) -> None:
    """``card`` (already taken from its zone) goes to its owner's lost pile (MB-ZONE-8)."""
    st.data.lost[p].append(card)


def lose_top(st: "GameState", p: int, count: int) -> list[int]:
    """Up to ``count`` cards off the top of ``p``'s draw pile straight to the lost pile (not a
    draw: an empty pile just stops it, MB-WIN-5); the cards lost."""
    gone = []
    for _ in range(count):
        c = take_top(st, p)
        if c < 0:
            break
        lose(st, p, c)
        gone.append(c)
    return gone


def from_hand(d: MetabaloidsData, p: int, card: int) -> None:
    d.hand[p].remove(card)
    d.known.discard(card)


def col_name(i: int) -> str:
    return ("left", "middle", "right")[i]
