"""MetaX's Rules class, the hooks the kernel calls. Steps, decisions and actions dispatch on
``kind`` through the tables in ``turn.py`` (setup and the Planning Step there, the Battle Step in
``battle.py``, effect resolution in ``ops.py``)."""
from __future__ import annotations

from typing import Any

from ...engine.rules import PooledRules
from ...engine.action import Action, Decision
from ...engine.state import GameState
from .data import MetaXData
from .zones import char_name, opponent, pl
from .forced import forced_reason
from .turn import OPTIONS, PERFORM, SEVERAL, STEPS
from .records import (PLANNING, PREP, EffectUse, records)

#: what starts a constant "whenever" ability (``schema.TriggerEvent``), as a player says it
WHEN_WORDS = {"ko_opponent": "when an opposing Character is KO'd", "ko_own": "when another Character of yours is KO'd",
              "vp_gained": "when you gain a Victory Point", "defended": "when it defends",
              "attacked": "when it attacks"}


class MetaXRules(PooledRules):
    action_limit = 4000
    records = records
    data_class = MetaXData
    decision_options = OPTIONS

    # ------------------------------------------------------------- kernel hooks
    def describe_trigger(self, st: GameState, trig: EffectUse) -> str:
        """The card and, when it has several triggered abilities, which one (by what starts it),
        so two triggers of one card never read alike."""
        d: MetaXData = st.data
        card = d.cards[trig.src]
        head = f"{char_name(d, trig.src)} ({pl(trig.ctrl)})"
        when = card.effects[trig.effect].when if 0 <= trig.effect < len(card.effects) else None
        if when is not None and sum(1 for e in card.effects if e.when is not None) > 1:
            return f"{head}: its ability {WHEN_WORDS.get(when, when)}"
        return f"{head}: {card.text or 'triggered ability'}"

    def triggers_for(self, st: GameState, event: Any) -> list[EffectUse]:
        """Constant 'whenever' abilities that ``event`` starts (each waits as an EffectUse)."""
        d: MetaXData = st.data
        kind = event.kind
        out = []
        for p in (d.active, opponent(d.active)):
            for c in d.inplay[p]:
                card = d.cards[c]
                if not card.has_constant:
                    continue
                for ei, eff in enumerate(card.effects):
                    w = eff.when
                    if w is None:
                        continue
                    hit = ((kind == "ko" and ((w == "ko_opponent" and event.owner != p) or
                                              (w == "ko_own" and event.owner == p and event.card != c)))
                           or (kind == "vp_gained" and w == "vp_gained" and event.seat == p)
                           or (kind == "defended" and w == "defended" and event.card == c)
                           or (kind == "attacked" and w == "attacked" and event.card == c))
                    if not hit:
                        continue
                    if eff.once_per_turn:
                        key = f"{c}:{ei}"
                        if key in d.used:
                            continue
                        d.used.add(key)
                    out.append(EffectUse(c, p, ei))
        return out

    def replacements_for(self, st: GameState, event: Any, applied: tuple[Any, ...]) -> list[Any]:
        """A KO: the Character's own constant "instead of being KO'd" effects (effect
        indexes), once-per-turn ones only if unused this turn."""
        d: MetaXData = st.data
        if event.kind != "ko":
            return []
        iid = event.card
        return [ei for ei, eff in enumerate(d.cards[iid].effects)
                if eff.instead_of == "ko" and ei not in applied
                and not (eff.once_per_turn and f"{iid}:{ei}" in d.used)]

    def forced_reason(self, st: GameState, decision: Decision, action: Action) -> str:
        """Why ``action`` was the only option (the decider reads "(only choice) …: <reason>")."""
        return forced_reason(st, decision, action)

    def surely_several(self, st: GameState) -> bool:
        """Kernel hint: True only when the pending decision certainly has 2+ options (so the
        kernel need not list them to look for a single one). False means "not sure"."""
        dec = st.decision
        if dec is None:
            return False
        test = SEVERAL.get(dec.kind)
        return test is not None and test(st, dec)

    # ------------------------------------------------------------- the loop
    def on_idle(self, st: GameState) -> None:
        """Nothing left to do this turn: the next turn begins (MX-TURN-2/3)."""
        d: MetaXData = st.data
        d.turn += 1
        d.active = d.first if d.turn == 1 else opponent(d.active)
        d.played_char = False
        d.used.clear()
        if st.logging:
            st.say(f"— Turn {d.turn}: {pl(d.active)} —")
        st.push(PREP, PLANNING)

    def run_step(self, st: GameState, step: Any) -> None:
        STEPS[step.kind](st, step)

    def perform(self, st: GameState, act: Action, dec: Decision) -> None:
        args = act.args
        PERFORM[args.kind](st, args, dec)


# ----------------------------------------------------------------- setup (MX-SETUP)
