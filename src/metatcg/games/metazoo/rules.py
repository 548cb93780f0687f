"""MetaZoo (four-lane) rules: the Rules class the kernel calls. The turn procedure is in
:mod:`.turn`; a step goes to the function its type names there, a decision's options and outcome
to the functions its kind names.

Round (MZL-ROUND): draw phase (Priority trade from round 2, draw 1), Aura phase (1 Aura up
to 10, untap everything, ready the lanes), action phase (one action per turn, alternating,
no passing; ends once all 4 lanes are resolved), end-of-round cleanup in MZL-ROUND-6 order.
"""
from __future__ import annotations

from typing import Any

from ...engine.rules import PooledRules
from ...engine.action import Action, Decision
from ...engine.state import GameState
from . import aura, checks, forced, harm, triggers, turn
from .cards import CardPool
from .data import MetaZooData
from .records import Event, RoundBegin, records


# decisions that always have 2+ options: yes/no questions, and choices their steps only ask
# when several options differ (otherwise they take the only one themselves)
SEVERAL_KINDS = frozenset({"priority", "may", "instead", "replace_order", "order", "starter", "swap", "enhance_with",
                           "temp_return", "aura_op", "discard", "bottom", "pay", "move_to"})


class MetaZooRules(PooledRules):
    action_limit = 6000
    records = records
    data_class = MetaZooData

    def __init__(self, pool: CardPool) -> None:
        super().__init__(pool)
        self._steps = turn.STEPS
        self._decisions = turn.DECISIONS
        self._actions = {k: v[0] for k, v in self._decisions.items()}
        self._performs = {k: v[1] for k, v in self._decisions.items()}

    # ------------------------------------------------------------- kernel hooks
    def forced_reason(self, st: GameState, decision: Decision, action: Action) -> str:
        """Why a decision had one option, for the decider's "(only choice)" line (forced.py)."""
        return forced.reason(st, decision, action)

    def describe_trigger(self, st: GameState, trig: Any) -> str:
        return triggers.describe_trigger(st, trig)

    def triggers_for(self, st: GameState, event: Event) -> list[Any]:
        return triggers.triggers_for(st, event)

    def replacements_for(self, st: GameState, event: Any, applied: tuple[Any, ...]) -> list[Any]:
        """Replacement effects are offered by the Shatter and damage steps themselves, at the
        moment the event happens (MZL-ERRATA-REPLEFF-2): ``event`` is a records.Harm."""
        return harm.replacements_for(st.data, event.what, event.unit, applied)

    def replacement_key(self, rep: Any) -> int:
        """What ``applied`` holds for a replacement (events.replacements filters on it)."""
        return harm.replacement_key(rep)

    # PR-MZL-8: removals by Influence 0 or damage, and lane size limits; the kernel calls it
    # whenever no decision is pending, so it is checks.state_check itself (no extra call)
    state_check = staticmethod(checks.state_check)  # type: ignore[assignment]  # the hook is the function itself

    # ------------------------------------------------------------- the loop
    def on_idle(self, st: GameState) -> None:
        """Nothing left to do: a new round begins (MZL-ROUND-1)."""
        d: MetaZooData = st.data
        d.round += 1
        st.push(RoundBegin())

    def run_step(self, st: GameState, step: Any) -> None:
        self._steps[type(step)](st, step)

    # ------------------------------------------------------------- the action decision
    def surely_several(self, st: GameState) -> bool:
        """Kernel hint (the kernel need not list the options to see whether one could be taken
        by itself): an action decision with 2+ unresolved lanes has 2+ declarations, and the
        decisions of SEVERAL_KINDS are only set up when there are 2+ options."""
        dec = st.decision
        if dec is None:
            return False
        kind = dec.kind
        if kind == "action":
            left = st.data.resolved.count(False)
            # one lane left: its declaration, and a trade if one is offered
            return left >= 2 or left == 1 and aura.can_trade(st.data, dec.params.player)
        return kind in SEVERAL_KINDS

    # ------------------------------------------------------------- decisions
    def legal_actions(self, st: GameState) -> list[Action]:
        """The options of the pending decision. They are kept with the data for that decision
        (the same Decision object): copies made for lookahead share them instead of listing
        them again. Only a new decision changes them (game.determinize forgets them)."""
        dec = st.decision
        assert dec is not None
        d: MetaZooData = st.data
        known = d.offered
        if known is not None and known[0] is dec:
            return list(known[1])
        acts = self._actions[dec.kind](st)
        d.offered = (dec, tuple(acts))
        return acts

    def perform(self, st: GameState, act: Action, dec: Decision) -> None:
        self._performs[dec.kind](st, act, dec)
