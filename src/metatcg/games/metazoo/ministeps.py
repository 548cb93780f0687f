"""Simultaneous mini-steps (MZL-ERRATA-SIMUL-1..6): tagged items resolve one at a time, the
active player choosing which goes next where the order can matter. Triggers a mini-step
causes resolve before the next one, because the kernel puts them on top of the stack.

A batch (records.Batch) is a unit op on each tagged unit, a player op for each player
("each player" effects with a choice), or the units the state check found.
"""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.state import GameState
from .zones import pl, unit_label
from .context import ability
from .data import MetaZooData
from .records import Batch, CheckedUnit, PickCard, PickPlayer, PlayerOp, UnitOp, waiting

# unit ops whose order can matter (a trigger or replacement could see it, PR-MZL-6)
ORDERED_UNIT_OPS = frozenset({"shatter", "deal_damage", "sacrifice", "return_to_hand", "move", "duel"})


def _live(d: MetaZooData, b: Batch) -> tuple[int, ...]:
    """The items still there: players always, units only while in play (MZL-ERRATA-SIMUL-9)."""
    if b.mode == "player":
        return b.items
    return tuple(u for u in b.items if u in d.lane_of)


def _ordered(d: MetaZooData, b: Batch) -> bool:
    if b.mode != "unit":
        return True
    return ability(d, b.ctx).do[b.op_no].op in ORDERED_UNIT_OPS


def item_step(b: Batch, item: int) -> UnitOp | PlayerOp | CheckedUnit:
    """The mini-step of one item of the batch."""
    if b.mode == "unit":
        assert b.ctx is not None            # a unit or player batch comes from an ability
        return UnitOp(item, b.op_no, b.ctx, b.fighter)
    if b.mode == "player":
        assert b.ctx is not None
        return PlayerOp(item, b.op_no, b.ctx)
    return CheckedUnit(item)


def step_batch(st: GameState, step: Batch) -> None:
    """MZL-ERRATA-SIMUL-1..3: tagged items resolve one at a time in the active player's order."""
    d: MetaZooData = st.data
    items = _live(d, step)
    if not items:
        return
    if len(items) == 1 or not _ordered(d, step):
        st.push(*[item_step(step, i) for i in items])
        return
    st.decide(d.active, "order", step._replace(items=items), "Simultaneous effects: choose which resolves next")


def order_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    b: Batch = waiting(st)
    if b.mode == "player":
        return [Action(f"order:p{q + 1}", f"{pl(q)} resolves their part next", PickPlayer(q)) for q in b.items]
    what = "is affected next" if b.mode == "unit" else "is removed next"
    return [Action(f"order:c{u}", f"{unit_label(d, u)} {what}", PickCard(u)) for u in b.items if u in d.lane_of]


def order_perform(st: GameState, act: Action, dec: Decision) -> None:
    b: Batch = dec.params
    choice = act.args
    x = choice.player if type(choice) is PickPlayer else choice.card
    if st.logging:
        st.say(f"{pl(dec.player)} chooses the order: {act.label}")
    rest = tuple(i for i in b.items if i != x)
    st.push(item_step(b, x), b._replace(items=rest))
