"""MetaX effect interpreter: each op of a card's ``do`` list runs as one step, through its
registered unit in :data:`OPS` (engine/ops.py).

An effect being used is an :class:`~.records.EffectUse` (the card, its controller, which
effect, and the battle around it); its ops run one by one as :class:`~.records.Op` steps.
Ops that need a choice (targets, cards to discard, what to search) set a decision whose
params carry the op step, so resolution resumes after ``apply``. The units are registered by
the modules that own them: the ops on a Character in play by :mod:`.characters`, the ops on
decks, hands, discard piles and MP by :mod:`.piles`, ``negate`` by :mod:`.battle`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ...engine.action import Action, Decision
from ...engine.cardfile import first_of_each_name
from ...engine.events import emit, replacements
from ...engine.ops import OpRegistry, OpUnit, op_name
from ...engine.state import GameState
from . import stats
from .data import MetaXData
from .records import KO, Answer, Choosing, EffectUse, May, Op, PickCard
from .schema import CardFilter, Target
from .zones import char_name, gain_mp, leave_play, name, opponent, pl

#: what ``ready`` gets besides the state and the op: the effect's use and the card being played
#: (still in hand while its options are listed; -1 when none)
Ready = tuple[EffectUse, int]


@dataclass(frozen=True, slots=True)
class MetaXOp(OpUnit[Op, None]):
    """A MetaX op: the kernel's unit plus what the op does to one Character when it is aimed at
    it (a targeted op, or a replacement effect's op on its own Character), whether it would
    change anything there (PR-MX-9: no dead targets; None: always), what happens once its
    target is picked (default: ``on_character``), and whether a KO check follows (MX-KO-6)."""

    on_character: Callable[[GameState, Any, int, int], None] | None = None   # (st, op, src, target)
    affects: Callable[[MetaXData, Any, int], bool] | None = None
    picked: Callable[[GameState, Op, Any, int], None] | None = None           # (st, step, op, target)
    rechecks_kos: bool = False


#: every op a card file may name -> its unit
OPS: OpRegistry[Op, None] = OpRegistry("metax")
_UNITS: dict[str, MetaXOp] = {}    # the same units with their MetaX type, for the hot lookups


def register(model: type, run: Callable[[GameState, Op, Any], None], *,
             ready: Callable[[GameState, Ready, Any], bool] | None = None,
             on_character: Callable[[GameState, Any, int, int], None] | None = None,
             affects: Callable[[MetaXData, Any, int], bool] | None = None,
             picked: Callable[[GameState, Op, Any, int], None] | None = None,
             rechecks_kos: bool = False) -> None:
    """Register the unit of card-file op ``model`` (called by the module owning the mechanic)."""
    u = MetaXOp(op_name(model), model, run, None, None, run.__module__, ready, None, None,
                on_character, affects, picked, rechecks_kos)
    OPS.register(u)
    _UNITS[u.name] = u


def targeted(model: type, on_character: Callable[[GameState, Any, int, int], None] | None, *,
             affects: Callable[[MetaXData, Any, int], bool] | None = None,
             ready: Callable[[GameState, Ready, Any], bool] | None = None,
             picked: Callable[[GameState, Op, Any, int], None] | None = None,
             rechecks_kos: bool = False) -> None:
    """Register an op aimed at a Character chosen by its ``target`` (PR-MX-9: only targets it
    would change are offered)."""
    register(model, run_targeted, ready=ready or has_useful_target, on_character=on_character,
             affects=affects, picked=picked, rechecks_kos=rechecks_kos)


def unit(op: Any) -> MetaXOp:
    return _UNITS[op.op]


def op_of(d: MetaXData, step: Op) -> Any:
    """The card-file op that ``step`` runs."""
    use = step.use
    return d.cards[use.src].effects[use.effect].do[step.index]


def enter_play(st: GameState, c: int, p: int) -> None:
    """A Character comes into play Prepped (MX-PUSH-4), gains its +MP, then uses its ON_PLAY
    effects (MX-PLAN-4, MX-CARD-6). From hand or by an effect alike (MX-PLAN-12)."""
    d: MetaXData = st.data
    d.inplay[p].append(c)
    d.entered[c] = d.turn
    card = d.cards[c]
    gain_mp(st, p, card.mp, c)
    effs = card.effects
    for ei in range(len(effs) - 1, -1, -1):
        if effs[ei].kind == "on_play":
            start_effect(st, EffectUse(c, p, ei))
    if card.auras:
        check_kos(st)  # MX-KO-6: its constant effect may lower Ranks


def check_kos(st: GameState) -> None:
    """MX-KO-1/6: KO conditions are checked continuously; simultaneous KOs happen together.

    Called wherever a condition can change: Damage attached, Ranks modified, a Character
    with a constant Stat effect entering or leaving play, "this turn" effects ending."""
    d: MetaXData = st.data
    while d.damage and st.result is None and _ko_pass(st):
        pass


def _ko_pass(st: GameState) -> bool:
    """One pass of KOs; True if a KO'd Character had a constant Stat effect (check again).

    Every Character that meets a KO condition now is KO'd at the same moment (MX-DMG-6,
    MX-KO-1): replacements first (each Character's own, PR-MX-5), then every KO is announced
    while all of them are still in play, so each "whenever ... is KO'd" ability sees all of
    them whatever the order the Damage was attached in; only then do they leave together."""
    d: MetaXData = st.data
    doomed = [iid for iid in d.damage if iid in d.entered and stats.ko_reason(d, iid)]
    not_replaced = []
    for iid in doomed:
        if iid not in d.entered:  # already gone (a nested check during a replacement)
            continue
        if _replace_ko(st, iid) and (iid not in d.entered or not stats.ko_reason(d, iid)):
            continue
        not_replaced.append(iid)
    # a replacement may have changed the others (or KO'd them in a nested check): look again
    kos = [(iid, why) for iid in not_replaced if iid in d.entered for why in (stats.ko_reason(d, iid),) if why]
    if not kos:
        return False
    again = False
    for iid, why in kos:
        owner = d.owner[iid]
        if st.logging:
            st.say(f"{name(d, iid)} ({pl(owner)}) is KO'd: {why}")
        again = again or bool(d.cards[iid].auras)
        emit(st, KO(iid, owner))  # all KO'd Characters are still in play: they look back together
    for iid, _ in kos:
        leave_play(st, iid)
    return again


def _replace_ko(st: GameState, iid: int) -> bool:
    """A constant 'instead_of = ko' effect on the Character replaces its KO (once per check,
    PR-MX-5). Only the Character's own effects can, so its controller has no order to choose."""
    d: MetaXData = st.data
    reps = replacements(st, KO(iid, d.owner[iid]))
    if not reps:
        return False
    ei = reps[0]
    eff = d.cards[iid].effects[ei]
    if eff.once_per_turn:
        d.used.add(f"{iid}:{ei}")
    if st.logging:
        st.say(f"{name(d, iid)} is not KO'd: its replacement effect applies instead")
    for op in eff.do:
        apply_to_target(st, op, iid, iid)
    return True


# ----------------------------------------------------------------- targets
def target_candidates(st: GameState, tgt: Target, use: EffectUse) -> list[int]:
    d: MetaXData = st.data
    me = use.user if use.user >= 0 else use.src
    ctrl = use.ctrl
    who = tgt.who
    if who == "self":
        pool = [me] if me in d.entered else []
    elif who == "battle_foe":
        foe = use.foe
        pool = [foe] if foe >= 0 and foe in d.entered else []
    elif who == "you":
        pool = d.inplay[ctrl]
    elif who == "opponent":
        pool = d.inplay[opponent(ctrl)]
    else:
        pool = d.inplay[ctrl] + d.inplay[opponent(ctrl)]
    out = []
    for iid in pool:
        if tgt.other and iid == me:
            continue
        if tgt.trait and d.cards[iid].trait != tgt.trait:
            continue
        if tgt.max_rank is not None and stats.highest_rank(d, iid) > tgt.max_rank:
            continue
        if tgt.state == "pushed" and iid not in d.pushed:
            continue
        if tgt.state == "prepped" and iid in d.pushed:
            continue
        out.append(iid)
    return out


def card_matches(d: MetaXData, iid: int, f: CardFilter) -> bool:
    c = d.cards[iid]
    if f.type and c.type != f.type:
        return False
    if f.trait and c.trait != f.trait:
        return False
    if f.stat and f.stat not in (c.battle_stats if c.is_battle else tuple(s for s, _ in c.stats)):
        return False
    if f.max_rank is not None:
        r = c.rank if c.is_battle else (max(r for _, r in c.stats) if c.stats else 0)
        if r > f.max_rank:
            return False
    return True


def distinct_by_name(d: MetaXData, iids: Iterable[int]) -> list[int]:
    """One option per card name (PR-K-4)."""
    return first_of_each_name(d.cards, iids)


# ----------------------------------------------------------------- could it do anything? (PR-MX-9)
def target_has_effect(st: GameState, op: Any, iid: int) -> bool:
    """Would ``op`` change anything on Character ``iid`` now? (No dead targets, PR-MX-9.)"""
    affects = _UNITS[op.op].affects
    return True if affects is None else affects(st.data, op, iid)


def useful_targets(st: GameState, op: Any, use: EffectUse) -> list[int]:
    """The legal targets of a targeted ``op`` on which it would do something."""
    return [c for c in target_candidates(st, op.target, use) if target_has_effect(st, op, c)]


def has_useful_target(st: GameState, ctx: Ready, op: Any) -> bool:
    return bool(useful_targets(st, op, ctx[0]))


def op_can_act(st: GameState, use: EffectUse, op: Any, leaving: int = -1) -> bool:
    """Could ``op`` do anything now? ``leaving`` is the card being played (still in hand while
    its options are listed). Each unit says (its ``ready``); an op without one always can."""
    ready = _UNITS[op.op].ready
    return True if ready is None else ready(st, (use, leaving), op)


def effect_can_act(st: GameState, use: EffectUse, leaving: int = -1) -> bool:
    """Could any op of the effect ``use`` do anything now?"""
    eff = st.data.cards[use.src].effects[use.effect]
    return any(op_can_act(st, use, op, leaving) for op in eff.do)


def event_has_effect(st: GameState, p: int, card: int) -> bool:
    """Would playing the Event ``card`` from ``p``'s hand do anything now? If not, it is not
    offered (PR-MX-9: no dead options)."""
    effs = st.data.cards[card].effects
    return any(e.kind == "play" and effect_can_act(st, EffectUse(card, p, ei), card) for ei, e in enumerate(effs))


def push_has_effect(st: GameState, c: int, ei: int) -> bool:
    """Would Pushing Character ``c`` for its effect ``ei`` do anything now? (PR-MX-9)."""
    return effect_can_act(st, EffectUse(c, st.data.owner[c], ei))


# ----------------------------------------------------------------- resolving
def start_effect(st: GameState, use: EffectUse) -> None:
    """Use an effect: ask first if it is optional (MX-CARD-17), else run its first op."""
    eff = st.data.cards[use.src].effects[use.effect]
    st.stack.append(May(use) if eff.may else Op(use, 0))


def run_op(st: GameState, step: Op) -> None:
    """Run op ``step.index`` of the effect through its unit, after queuing the next one."""
    use = step.use
    ops = st.data.cards[use.src].effects[use.effect].do
    nxt = step.index + 1
    if nxt < len(ops):
        st.stack.append(Op(use, nxt))
    OPS.run(st, step, ops[step.index])


def run_targeted(st: GameState, step: Op, op: Any) -> None:
    """A targeted op: the targets it would change; "self" and "battle_foe" need no choice."""
    use = step.use
    cands = useful_targets(st, op, use)
    if not cands:
        if st.logging:
            st.say(f"{name(st.data, use.src)}: no legal target it would affect")
    elif op.target.who in ("self", "battle_foe"):
        apply_targeted(st, step, cands[0])
    else:
        st.decide(use.ctrl, "target", Choosing(step, tuple(cands)), f"{name(st.data, use.src)}: choose a target")


def apply_targeted(st: GameState, step: Op, target: int) -> None:
    """The target of op ``step`` is chosen: its unit's ``picked`` (a further choice), or the op
    carried out on it."""
    op = op_of(st.data, step)
    picked = unit(op).picked
    if picked is not None:
        picked(st, step, op, target)
    else:
        apply_to_target(st, op, step.use.src, target)


def apply_to_target(st: GameState, op: Any, src: int, target: int) -> None:
    """Carry out ``op`` of card ``src`` on Character ``target`` (gone from play: nothing)."""
    if target not in st.data.entered:
        return
    u = unit(op)
    if u.on_character is not None:
        u.on_character(st, op, src, target)
    if u.rechecks_kos:
        check_kos(st)  # MX-KO-6: Ranks (or auras) changed


def constant(st: GameState, step: Op, op: Any) -> None:
    """Constant ops (a Stat aura, a keyword) are read by :mod:`.stats` while their card is in
    play; no effect ever runs them (the card-file check keeps them in constant effects)."""
    raise RuntimeError(f"the constant op {op.op!r} is read by stats, never run")


# ----------------------------------------------------------------- steps
def _may(st: GameState, step: May) -> None:
    use = step.use
    if not effect_can_act(st, use):  # no "use this effect?" for nothing (PR-MX-9)
        if st.logging:
            st.say(f"{name(st.data, use.src)}: its optional effect could do nothing now")
        return
    st.decide(use.ctrl, "may", step, f"{name(st.data, use.src)}: use this effect?")


STEPS: dict[str, Callable[[GameState, Any], None]] = {
    "op": run_op,
    "may": _may,
}


# ----------------------------------------------------------------- decisions
MAY_ACTIONS = (Action("yes", "Use the effect", Answer(True)), Action("no", "Don't use it", Answer(False)))
FIND_NOTHING = Action("none", "Find nothing (the deck is shuffled)", PickCard(-1))


def _target_options(st: GameState, dec: Decision) -> list[Action]:
    d: MetaXData = st.data
    return [Action(f"target:c{i}", f"Target {char_name(d, i)} ({pl(d.owner[i])})", PickCard(i))
            for i in dec.params.options]


def _may_options(st: GameState, dec: Decision) -> list[Action]:
    return list(MAY_ACTIONS)


OPTIONS: dict[str, Callable[[GameState, Decision], list[Action]]] = {
    "target": _target_options,
    "may": _may_options,
}


def several_options(st: GameState, dec: Decision) -> bool:
    return len(dec.params.options) >= 2


SEVERAL: dict[str, Callable[[GameState, Decision], bool]] = {
    "target": several_options,
    "may": lambda st, dec: True,
}


# ----------------------------------------------------------------- carrying choices out
def _picked_target(st: GameState, params: Choosing, card: int) -> None:
    apply_targeted(st, params.op, card)


PICKED: dict[str, Callable[[GameState, Any, int], None]] = {
    "target": _picked_target,
}


def _do_answer(st: GameState, a: Answer, dec: Decision) -> None:
    use: EffectUse = dec.params.use
    if a.yes:
        if st.logging:
            st.say(f"{pl(use.ctrl)} uses {name(st.data, use.src)}'s effect")
        st.stack.append(Op(use, 0))
    elif st.logging:
        st.say(f"{pl(use.ctrl)} chooses not to use {name(st.data, use.src)}'s effect")


PERFORM: dict[str, Callable[[GameState, Any, Decision], None]] = {
    "answer": _do_answer,
}
