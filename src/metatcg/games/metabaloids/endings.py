"""How a game of Metabaloids ends (MB-WIN): the fewest lost cards, and a draw the rules
require that finds no card."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import MetabaloidsData
from .zones import pl, take_top

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState


def fewest_lost(d: MetabaloidsData) -> tuple[float, ...]:
    """Fewest lost cards wins; several tied for fewest share a draw (0) and the rest lose
    (MB-WIN-2/4/10)."""
    counts = [len(x) for x in d.lost]
    low = min(counts)
    best = [p for p, c in enumerate(counts) if c == low]
    if len(best) == 1:
        return tuple(1.0 if p == best[0] else -1.0 for p in range(d.n))
    return tuple(0.0 if p in best else -1.0 for p in range(d.n))


def lost_counts(d: MetabaloidsData) -> str:
    return ", ".join(f"{pl(p)} {len(x)}" for p, x in enumerate(d.lost))


def out_of_cards(st: "GameState", seats: list[int]) -> None:
    """A required draw found no card in the draw and discard piles (MB-WIN-5..7)."""
    d: MetabaloidsData = st.data
    d.phase = "over"
    who = " and ".join(pl(p) for p in seats)
    if d.n == 2:
        if len(seats) == 2:
            st.end((0.0, 0.0), "both players have no cards left to draw: a draw (MB-WIN-6)")
        else:
            winner = 1 - seats[0]
            st.end(tuple(1.0 if p == winner else -1.0 for p in range(2)),
                   f"{who} has no cards left to draw: {pl(winner)} wins (MB-WIN-1)")
        return
    res = fewest_lost(d)
    st.end(res, f"{who} has no cards left to draw; lost cards: {lost_counts(d)}; {places(res)} (MB-WIN-7)")


def places(res: tuple[float, ...]) -> str:
    win = [pl(p) for p, r in enumerate(res) if r > 0]
    if win:
        return f"{win[0]} wins with the fewest lost cards"
    tied = [pl(p) for p, r in enumerate(res) if r == 0]
    return f"{' and '.join(tied)} tie for the fewest lost cards: a draw among them (MB-WIN-10)"


def required_draw(st: "GameState", p: int, n: int) -> bool:
    """``p`` draws ``n`` cards to hand; False once the game ended because ``p`` had none."""
    d: MetabaloidsData = st.data
    got: list[int] = []
    for _ in range(n):
        c = take_top(st, p)
        if c < 0:
            if d.short_game:
                break  # the short game: an empty pile yields nothing (MB-WIN-9)
            _say_drawn(st, p, got)
            out_of_cards(st, [p])
            return False
        d.hand[p].append(c)
        got.append(c)
    _say_drawn(st, p, got)
    return True


def _say_drawn(st: "GameState", p: int, got: list[int]) -> None:
    if got and st.logging:
        d: MetabaloidsData = st.data
        st.say(f"{pl(p)} draws {', '.join(d.name(c) for c in got)}", p,
               f"{pl(p)} draws {len(got)} card{'s' if len(got) != 1 else ''}")
