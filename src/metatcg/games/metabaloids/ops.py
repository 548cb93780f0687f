"""The op interpreter of abilities and Events (MB-ABIL, MB-SPEC-3/4): ops run one at a time as
steps, each through its registered unit (:data:`OPS`, engine/ops.py). The units are registered
by the modules that own them: the pile and column ops by :mod:`.abilities`, the battle ops by
:mod:`.battle`.

An op that cannot do anything stops an activated ability or Event, which costs its player 1
card from anywhere (MB-SPEC-3); a trigger just skips it (PR-MB-5).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.ops import OpRegistry
from .data import MetabaloidsData
from .records import Choose, Lose, Ops, Use

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState

#: every op a card file may name -> its unit; a handler gets the Ops step and says whether the
#: ability goes on to its next op
OPS: OpRegistry[Any, bool] = OpRegistry("metabaloids")


def ops_of(d: MetabaloidsData, use: Use) -> tuple[Any, ...]:
    cd = d.cards[use.card]
    return cd.event_ops if use.ability < 0 else tuple(cd.abilities[use.ability].do)


def op_ok(d: MetabaloidsData, seat: int, card: int, op: Any) -> bool:
    """Whether ``op`` could do something now (what an activation needs, MB-SPEC-4)."""
    return OPS.ready(d, (seat, card), op)


def asks(op: Any) -> bool:
    """Whether the op asks its controller a choice (the only ops a ``choose`` decision names)."""
    return OPS.asks(op.op)


def unfinished(st: "GameState", use: Use, why: str) -> None:
    """MB-SPEC-3/4: an activated ability or Event that cannot resolve costs 1 card from
    anywhere; a trigger just does nothing more (PR-MB-5)."""
    d: MetabaloidsData = st.data
    if st.logging:
        st.say(f"{d.name(use.card)} cannot finish: {why}" + (" (MB-SPEC-3)" if use.activated else ""))
    if use.activated:
        st.push(Lose(use.seat, 1, True, "an unfinished action"))


def run_ops(st: "GameState", step: Ops) -> None:
    """Carry out op ``step.op`` of the use, then go on to the next (or ask a choice first)."""
    d: MetabaloidsData = st.data
    use = step.use
    ops = ops_of(d, use)
    if step.op >= len(ops):
        return
    op = ops[step.op]
    nxt = Ops(use, step.op + 1)
    if OPS.asks(op.op) and not op_ok(d, use.seat, use.card, op):
        if use.activated:
            unfinished(st, use, f"nothing to {op.op}")
            return
        st.push(nxt)
        return
    if OPS.run(st, step, op):
        st.push(nxt)


def choice_options(st: "GameState", ch: Choose) -> list[Action]:
    return OPS.options(st, ch, ops_of(st.data, ch.use)[ch.op])


def do_choice(st: "GameState", ch: Choose, pick: Any) -> None:
    OPS.chosen(st, ch, ops_of(st.data, ch.use)[ch.op], pick)
    st.push(Ops(ch.use, ch.op + 1))
