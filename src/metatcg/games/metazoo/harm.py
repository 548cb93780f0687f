"""Shatter and damage as steps, and the replacement effects ("instead") that hook them at the
moment they happen (MZL-KW-SHATTER, MZL-DAMAGE, MZL-ERRATA-REPLEFF).

A replacement is offered when its event comes; several are ordered by the active player
(MZL-ERRATA-REPLEFF-3), a "may" one asks its controller, and each applies at most once to
one event (the keys in the step's ``applied``).
"""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.events import emit, replacements
from ...engine.state import GameState
from . import stats
from .cards import Plain
from .ops import start_ops
from .zones import leave_play, nm, pl, unit_ref
from .data import LANES, MetaZooData, use_key
from .records import (Answer, Ctx, Damage, Event, Harm, Instead, PickReplacement, Replacement, ReplaceOrder, waiting,
                      Shatter)
from .text import ability_text


def replacement_key(rep: Replacement) -> int:
    return rep.src << 8 | rep.ability


# ----------------------------------------------------------------------------- which apply
def replacements_for(d: MetaZooData, what: str, iid: int, applied: tuple[int, ...]) -> list[Replacement]:
    """Replacement abilities that would apply to ``what`` (shatter/damage) of unit ``iid`` now.
    Each applies at most once per event."""
    out = []
    cards = d.cards
    cands = []
    for side in range(LANES * 2):
        for u in d.units[side]:
            if cards[u].replacements:
                cands.append(u)
    for t in d.terra:
        if t >= 0 and cards[t].replacements:
            cands.append(t)
    for p in (0, 1):
        c0 = d.caster[p]
        if c0 >= 0 and c0 not in d.lane_of and cards[c0].replacements:
            cands.append(c0)
    for src in cands:
        c = cards[src]
        for ai in c.replacements:
            a = c.abilities[ai]
            if a.instead_of != what or (src << 8 | ai) in applied:
                continue
            if not stats.ability_works(d, src, ai):
                continue
            ctrl = d.owner[src]
            if a.once_per_round and use_key(src, ai, ctrl) in d.used:
                continue
            ctx = Ctx(src, ctrl, ai, stats.card_lane(d, src), subject=iid, mission_lane=d.mission)
            if a.watch is not None and not stats.unit_matches(d, a.watch, iid, ctx):
                continue
            if not stats.condition_ok(d, a.condition, ctx):
                continue
            if not _changes_something(d, a, iid):
                continue
            out.append(Replacement(src, ai, ctrl))
    return out


def _changes_something(d: MetaZooData, a: Plain, iid: int) -> bool:
    """PR-MZL-25: a replacement is offered only if what it does instead could differ from the
    event: returning a Caster to hand Shatters it instead (MZL-CASTER-9), so a replacement that
    would only return the Shattered Caster does nothing."""
    caster = d.cards[iid].type == "caster"
    for o in a.do:
        tg = getattr(o, "target", None)
        if caster and o.op == "return_to_hand" and tg is not None and tg.choose == "subject":
            continue
        return True
    return False


def _offer(st: GameState, step: Shatter | Damage, what: str) -> bool:
    """If a replacement could apply, set the decision (or apply it) and return True."""
    d: MetaZooData = st.data
    reps = replacements(st, Harm(what, step.unit), step.applied)  # the kernel hook: rules.replacements_for
    if not reps:
        return False
    if len(reps) > 1:  # MZL-ERRATA-REPLEFF-3: the active player orders them
        st.decide(d.active, "replace_order", ReplaceOrder(step, tuple(reps)),
                  f"Several effects could replace this event on {nm(d, step.unit)}: choose which applies first")
    else:
        _consider(st, step, reps[0])
    return True


def _consider(st: GameState, step: Shatter | Damage, rep: Replacement) -> None:
    d: MetaZooData = st.data
    if d.cards[rep.src].abilities[rep.ability].may:
        st.decide(rep.controller, "instead", Instead(step, rep),
                  f"{nm(d, rep.src)}: use its replacement effect on {nm(d, step.unit)}?")
    else:
        _apply(st, step, rep)


def _apply(st: GameState, step: Shatter | Damage, rep: Replacement) -> None:
    d: MetaZooData = st.data
    src, ai, ctrl = rep.src, rep.ability, rep.controller
    a = d.cards[src].abilities[ai]
    if a.once_per_round is not False:
        d.used.add(use_key(src, ai, ctrl))
    iid = step.unit
    ctx = Ctx(src, ctrl, ai, stats.card_lane(d, src), subject=iid, subject_lane=d.lane_of.get(iid, -1),
              mission_lane=d.mission)
    if type(step) is Damage:
        amount = step.amount
        prevent = 0
        for o in a.do:
            if o.op == "prevent":
                prevent = amount if o.amount is None else prevent + o.amount
        left = max(0, amount - prevent)
        if st.logging:
            st.say(f"{nm(d, src)} ({pl(ctrl)}): {min(prevent, amount)} damage to {unit_ref(d, iid)} is prevented")
        if left:
            st.push(Damage(iid, left, step.applied + (replacement_key(rep),), step.src, step.duel_second))
        if any(o.op != "prevent" for o in a.do):
            start_ops(st, ctx)
    else:
        if st.logging:
            st.say(f"{nm(d, src)} ({pl(ctrl)}) replaces the Shatter of {unit_ref(d, iid)}")
        # If what it does instead turns back into a Shatter of the same unit (a Caster returned
        # to hand is Shattered instead, MZL-CASTER-9), that is still this event: the
        # replacements already used on it stay used (MZL-ERRATA-REPLEFF-3).
        start_ops(st, ctx._replace(applied=step.applied + (replacement_key(rep),)))


def _declined(step: Shatter | Damage, rep: Replacement) -> Shatter | Damage:
    """The event again, with this replacement marked as considered."""
    return step._replace(applied=step.applied + (replacement_key(rep),))


def replacement_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    params = waiting(st)
    if type(params) is ReplaceOrder:
        return [Action(f"replace:c{r.src}:{r.ability}", f"Consider first: {nm(d, r.src)} ({pl(r.controller)})",
                       PickReplacement(r)) for r in params.options]
    rep = params.replacement
    text = ability_text(d.cards[rep.src].abilities[rep.ability])
    return [Action("yes", f"Yes: {nm(d, rep.src)}: {text}", Answer(True)),
            Action("no", f"No: let {nm(d, params.event.unit)} be affected", Answer(False))]


def replacement_perform(st: GameState, act: Action, dec: Decision) -> None:
    choice = act.args
    params = dec.params
    d: MetaZooData = st.data
    if type(choice) is PickReplacement:
        if st.logging:
            st.say(f"{pl(dec.player)} has {nm(d, choice.replacement.src)} considered first")
        _consider(st, params.event, choice.replacement)
    elif choice.yes:
        _apply(st, params.event, params.replacement)
    else:
        if st.logging:
            st.say(f"{pl(dec.player)} does not use {nm(d, params.replacement.src)}'s replacement effect")
        st.push(_declined(params.event, params.replacement))


# ----------------------------------------------------------------------------- Shatter / damage steps
def step_shatter(st: GameState, step: Shatter) -> None:
    """MZL-KW-SHATTER with replacements at that moment."""
    d: MetaZooData = st.data
    iid = step.unit
    if iid not in d.lane_of:
        return  # a tagged unit no longer in play is skipped (MZL-ERRATA-SIMUL-9)
    if stats.cannot(d, iid, "be_shattered"):
        if st.logging:
            st.say(f"{unit_ref(d, iid)} cannot be Shattered")
        return
    if _offer(st, step, "shatter"):
        return
    leave_play(st, iid, "shatter")


def step_damage(st: GameState, step: Damage) -> None:
    """MZL-DAMAGE, replacements first."""
    d: MetaZooData = st.data
    iid, amount = step.unit, step.amount
    if iid not in d.lane_of or amount <= 0:
        return
    if stats.cannot(d, iid, "be_damaged"):
        if st.logging:
            st.say(f"{unit_ref(d, iid)} cannot be damaged")
        return
    if _offer(st, step, "damage"):
        return
    d.damage[iid] = d.damage.get(iid, 0) + amount
    d.touch()
    if st.logging:
        src = step.src
        by = f" by {nm(d, src)}" if src >= 0 else ""
        st.say(f"{unit_ref(d, iid, owner=True)} is dealt {amount} damage{by} ({d.damage[iid]} in total)")
    emit(st, Event("damaged", iid, d.owner[iid], d.lane_of[iid]))
