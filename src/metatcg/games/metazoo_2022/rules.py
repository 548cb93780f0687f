"""MZ22Rules: the kernel hooks, dispatching steps, decisions and responses to the modules that
hold the rules (turn, contract, chain, combat, ops, statuses, endings)."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ...engine.rules import PooledRules
from ...engine.action import Action, Decision
from ...engine.errors import StateDataError
from ...engine.seats import clockwise
from ...engine.records import records_in
from ...engine.state import GameState, ResolveTrigger
from ...engine.windows import WINDOW_DECISION, Window
from . import (chain, combat, contract, endings, equipment, hooks, index, ops, placement, statuses, surroundings,
               traits, traps, turn)
from .data import MZ22Data
from .records import (Act, Alloc, Announce, Ask, Asking, ChainItem, CombatStep, Ctx, Deal, Enter, Finish, Main,
                      Mull, Pay, PickTarget, ResolveChain, ResolveItem, Restack, Run, Seat, Setup, TraitStep,
                      TrapPlace, TrapStep, Trigger, TurnStep, page_of, records)
from .records import CASTER, ITEM, PAGE, Ref
from .zones import nm, pl

# the features the rules below call through hooks.py, plugged in once (docs/metazoo-2022.md §4.3)
hooks.provide(traits, traps, placement, surroundings)

ASK_KINDS = ("may", "choose", "search", "discard", "aura", "order")
WINDOW_TEXT = {"start": "The turn begins", "end": "The turn ends", "chain": "An Action was taken",
               "combat1": "You are attacked", "combat2": "Defenders are declared"}


class MZ22Rules(PooledRules):
    action_limit = 6000        # PR-MZ22-14: a game this long is a runaway; it ends as a draw
    records = records
    data_class = MZ22Data

    # ------------------------------------------------------------- kernel hooks
    def describe_trigger(self, st: GameState, t: Trigger) -> str:
        d: MZ22Data = st.data
        if t.rule == "poison":
            return f"Poison LP Loss ({pl(t.seat)}'s side)"
        if t.rule in traits.RULES:
            return traits.describe(d, t)
        if t.rule == traps.FLIP:
            return traps.describe_flip(d, t)
        e = d.defs[t.source].effects[t.effect]
        return f"{nm(d, t.source)}: {e.text or e.when}"

    def triggers_for(self, st: GameState, event: Any) -> list[Any]:
        return []

    def replacements_for(self, st: GameState, event: Any, applied: tuple[Any, ...]) -> list[Any]:
        return []

    def trigger_groups(self, st: GameState, batch: tuple[Trigger, ...]) -> list[tuple[int, tuple[Trigger, ...]]]:
        """Simultaneous Effects by controller, the active Caster first, then clockwise (MZ22-SIMUL-1/2/6).
        The CONTRACT Effects of a resolving Page are ordered by the active Caster, whoever
        Contracted it (MZ22-CONTRACT-7)."""
        d: MZ22Data = st.data

        def orderer(t: Trigger) -> int:
            return d.active if t.rule in ("contract", traps.FLIP) else t.seat     # Traps: MZ22-TRAP-12
        return [(p, tuple(t for t in batch if orderer(t) == p)) for p in clockwise(d.n, d.active)]

    def state_check(self, st: GameState) -> None:     # runs before every step
        endings.state_check(st)

    def can_concede(self, st: GameState, seat: int) -> bool:
        return endings.can_concede(st, seat)

    def concede(self, st: GameState, seat: int) -> None:   # MZ22-WIN-6
        endings.concede(st, seat)

    def check_loaded(self, st: GameState) -> None:
        check_loaded(st)

    def forced_reason(self, st: GameState, dec: Decision, action: Action) -> str:
        if dec.kind == "main":
            return "nothing else you could do" if action.id == "end" else ""
        return _ONLY.get(dec.kind, "")

    def surely_several(self, st: GameState) -> bool:
        dec = st.decision
        return dec is not None and dec.kind in SEVERAL       # trap lists: a Page and "back" (traps.py)

    # ------------------------------------------------------------- response windows
    def can_respond(self, st: GameState, w: Window, seat: int) -> bool:
        d: MZ22Data = st.data
        return not d.out[seat] and contract.any_response(d, seat)

    def responses(self, st: GameState, w: Window, seat: int) -> list[Action]:
        d: MZ22Data = st.data
        return [] if d.out[seat] else contract.actions_for(d, seat, False)

    def after_response(self, st: GameState, w: Window, seat: int, action: Action) -> None:
        return None      # perform pushed the Action; its Announce opens the next window

    def after_pass(self, st: GameState, w: Window, seat: int) -> None:
        if st.logging:
            st.say(f"{pl(seat)} passes", seat)   # only the seat asked: others learn no one was (PR-K-9)

    def window_prompt(self, st: GameState, w: Window, seat: int) -> str:
        return f"{WINDOW_TEXT.get(w.name, w.name)}: you hold priority. Take an \"any time\" Action, or pass"

    # ------------------------------------------------------------- the loop
    def on_idle(self, st: GameState) -> None:
        turn.next_turn(st)

    def run_step(self, st: GameState, step: Any) -> None:
        STEPS[type(step)](st, step)

    def perform(self, st: GameState, act: Action, dec: Decision) -> None:
        if dec.kind == WINDOW_DECISION:
            contract.start(st, act.args, dec.params.name)
            return
        PERFORM[dec.kind](st, dec, act)


# ----------------------------------------------------------------- steps
def _trigger(st: GameState, step: ResolveTrigger) -> None:
    """A triggered Effect resolves at once, off the chain (MZ22-KW-8); its targets are chosen
    now (MZ22-CONTRACT-12); with none legal it does nothing (PR-MZ22-10)."""
    d: MZ22Data = st.data
    t: Trigger = step.trigger
    if t.rule == "poison":
        statuses.poison_loss(st, t.seat)
        return
    if t.rule in traits.RULES:          # Regen (MZ22-TRAIT-REGEN-1/2)
        traits.resolve(st, t)
        return
    if t.rule == traps.FLIP:            # a Trap's own flip moment (MZ22-TRAP-12/21)
        st.push(TrapStep(t.source, "flip", False))
        return
    if d.out[t.seat]:
        return
    df = d.defs[t.source]
    e = df.effects[t.effect]
    if st.logging:
        st.say(f"{nm(d, t.source)}'s {e.when.replace('_', '-').upper()} Effect resolves: {e.text or ''}".rstrip(": "))
    if e.targets:
        if t.rule == "contract" and equipment.carried(st, t):     # chosen at Contract (PR-MZ22-68)
            return
        st.push(PickTarget(Act("trigger", t.source, t.seat, t.effect, window="trigger"), 0))
    else:
        st.push(Run(Ctx(t.seat, t.source, "fx", t.effect, (), t.types, t.source)))


def _asking(st: GameState, step: Asking) -> None:
    if step.ask.what == "discard" and not st.data.chapter[step.ask.seat]:
        return
    ops.ask(st, step.ask)


STEPS: dict[type, Callable[[GameState, Any], None]] = {
    Setup: lambda st, s: turn.setup(st),
    Deal: turn.deal,
    Mull: turn.mull_step,
    TurnStep: turn.run,
    Main: turn.main_step,
    PickTarget: contract.pick_target_step,
    Pay: contract.pay_step,
    Announce: contract.announce,
    ResolveChain: chain.resolve_chain,
    ResolveItem: chain.resolve_item,
    Enter: chain.enter,
    Finish: chain.finish,
    Run: ops.run_ops,
    CombatStep: combat.step,
    Asking: _asking,
    ResolveTrigger: _trigger,
    TraitStep: traits.step,
    TrapStep: traps.step,
}


# ----------------------------------------------------------------- options
SEVERAL = frozenset((WINDOW_DECISION, "trap_place"))
def _main_options(st: GameState, dec: Decision) -> list[Action]:
    d: MZ22Data = st.data
    p = dec.player
    acts = contract.actions_for(d, p, True)
    ps = d.in_play
    for c in combat.fighters(d, p):
        if not ps[c].fatigued and combat.can_attack(d, p, c):
            acts.append(Action(f"attack:c{c}", partial(_attack_label, nm(d, c)), c))
    acts += hooks.extra_actions(d, p)             # Self-Destruct, Traps (MZ22-ACTION-6, MZ22-TURN-9/10)
    acts.append(Action("end", "End your turn"))
    return acts


def _attack_label(name: str) -> str:
    return f"Attack with {name}"


OPTIONS: dict[str, Callable[[GameState, Decision], list[Action]]] = {
    "call": lambda st, dec: [Action("call:heads", "Call heads", True), Action("call:tails", "Call tails", False)],
    "go_first": lambda st, dec: [Action("first", "Go first", True),
                                 Action("second", "Let the next Caster start", False)],
    "mulligan": lambda st, dec: turn.mull_options(st, dec.player),
    "main": _main_options,
    "target": lambda st, dec: contract.target_options(st, dec.params),
    "pay": lambda st, dec: contract.pay_options(st, dec.params),
    "attack_target": lambda st, dec: combat.target_options(st),
    "attack_choice": lambda st, dec: combat.attack_options(st, st.data.combat.attacker, dec.player),
    "defenders": lambda st, dec: combat.defender_options(st) + [Action("done", "No more Defenders")],
    "primary": lambda st, dec: combat.primary_options(st),
    "counter": lambda st, dec: combat.attack_options(st, page_of(st.data.combat.primary), dec.player),
    "allocate": lambda st, dec: combat.alloc_options(st, dec.params),
    "index_foe": lambda st, dec: index.foe_options(st, dec.params),
    "restack": lambda st, dec: index.restack_options(st, dec.params),
    "burrow": lambda st, dec: traits.options(st, dec.params),
    "trait_target": lambda st, dec: traits.options(st, dec.params),
    "trap_pay": lambda st, dec: traps.pay_options(st, dec.params),
    "trap_place": lambda st, dec: traps.place_options(st.data, dec.player),
    **{k: (lambda st, dec: ops.ask_options(st, dec.params)) for k in ASK_KINDS},
}
MZ22Rules.decision_options = OPTIONS   # what PooledRules.legal_actions reads


def _perform_main(st: GameState, dec: Decision, act: Action) -> None:
    if act.id == "end":
        if st.logging:
            st.say(f"{pl(dec.player)} ends Take Actions")
        return
    if act.id.startswith("attack:"):
        st.push(Main(dec.player))
        combat.declare(st, dec.player, act.args)
        return
    if act.id.startswith("destruct:"):
        traits.self_destruct(st, dec.player, act.args)
        return
    if act.id.startswith(("trap", "slide:")):     # Actions without the chain (MZ22-ACTION-6)
        st.push(Main(dec.player))
        if act.id.startswith("trap"):           # where first, then which Page (PR-MZ22-54)
            host = act.args if type(act.args) is int else -1
            where = f" under {nm(st.data, host)}" if host >= 0 else ""
            st.decide(dec.player, "trap_place", TrapPlace(dec.player, host),
                      f"Choose the Page to place face-down{where}")
        else:
            traps.slide(st, dec.player, *act.args)
            traps.pass_priority(st, dec.player)        # moving a Trap is an Action (MZ22-ACTION-1)
        return
    contract.start(st, act.args, "main")


def _perform_mulligan(st: GameState, dec: Decision, act: Action) -> None:
    if act.id == "mulligan":
        turn.mulligan(st, dec.player)
    elif st.logging:
        st.say(f"{pl(dec.player)} keeps {len(st.data.chapter[dec.player])} Pages")


PERFORM: dict[str, Callable[[GameState, Decision, Action], None]] = {
    "call": lambda st, dec, a: turn.call(st, dec.player, a.args),
    "go_first": lambda st, dec, a: turn.go_first(st, dec.player, a.args),
    "mulligan": _perform_mulligan,
    "main": _perform_main,
    "target": lambda st, dec, a: contract.choose_target(st, dec.params, a.args),
    "pay": lambda st, dec, a: contract.pay_with(st, dec.params, a.args),
    "attack_target": lambda st, dec, a: combat.choose_target(st, a.args),
    "attack_choice": lambda st, dec, a: combat.choose_attack(st, a.args),
    "defenders": lambda st, dec, a: combat.declare_defender(st, a.args if a.id != "done" else None),
    "primary": lambda st, dec, a: combat.choose_primary(st, a.args),
    "counter": lambda st, dec, a: combat.choose_counter(st, a.args),
    "allocate": lambda st, dec, a: combat.alloc_pick(st, dec.params, *a.args),
    "index_foe": lambda st, dec, a: index.choose_foe(st, dec.params, a.args),
    "restack": lambda st, dec, a: index.place(st, dec.params, a.args),
    "burrow": lambda st, dec, a: traits.perform(st, dec.params, a.args),
    "trait_target": lambda st, dec, a: traits.perform(st, dec.params, a.args),
    "trap_pay": lambda st, dec, a: traps.pay_choice(st, dec.params, a.args),
    "trap_place": lambda st, dec, a: traps.choose_place(st, dec.params, a),
    **{k: (lambda st, dec, a: ops.ask_perform(st, dec.params, a.args, a.id))
       for k in ASK_KINDS},
}


#: why the one option of a decision of this kind was its only one (``forced_reason``)
_ONLY = {"mulligan": "no Pages left to Mulligan with", "pay": "the only way to pay",
         "attack_target": "the only thing it can attack", "target": "the only legal target"}


# ----------------------------------------------------------------- loaded states
_PARAMS: dict[str, type] = {"call": Seat, "go_first": Seat, "mulligan": Seat, "main": Seat, "target": PickTarget,
                            "pay": Pay, "attack_target": Seat, "attack_choice": Seat, "defenders": Seat,
                            "primary": Seat, "counter": Seat, "allocate": Alloc,
                            "index_foe": Restack, "restack": Restack, "burrow": TraitStep,
                            "trait_target": TraitStep, "trap_pay": TrapStep, "trap_place": TrapPlace,
                            **{k: Ask for k in ASK_KINDS}}


def check_loaded(st: GameState) -> None:
    """A state read from JSON: its records name Pages and seats that exist, a Combat decision
    has a Combat, and the decision has the parameters of its kind."""
    d: MZ22Data = st.data
    k = len(d.defs)
    dec = st.decision
    held = [*st.stack, *st.pending, *([dec.params] if dec is not None else []), *d.chain]
    for r in records_in(held, leave=(Window,)):
        _check_record(d, r, k)
    if d.combat is not None:
        cb = d.combat
        if not 0 <= cb.attacker < k or not 0 <= cb.seat < d.n:
            raise StateDataError("the Combat names a Page or seat that does not exist")
        for r in (cb.target, cb.primary):
            if r is not None:
                _check_record(d, r, k)
    if dec is None or dec.kind.startswith("__"):
        return
    want = _PARAMS.get(dec.kind)
    if want is None:
        raise StateDataError(f"unknown decision kind {dec.kind!r}")
    if type(dec.params) is not want:
        raise StateDataError(f"a {dec.kind!r} decision needs {want.__name__} parameters")
    if dec.kind in ("attack_target", "attack_choice", "defenders", "primary", "counter", "allocate") \
            and d.combat is None:
        raise StateDataError(f"a {dec.kind!r} decision needs a Combat in progress")
    params: Any = dec.params
    if want in (Seat, TrapPlace) and params.seat != dec.player:
        raise StateDataError(f"a {dec.kind!r} decision is for P{params.seat + 1}, not P{dec.player + 1}")
    if want is TrapPlace and params.host >= 0 and \
            f"trap:under:c{params.host}" not in {a.id for a in traps.main_actions(d, dec.player)}:
        raise StateDataError(f"P{dec.player + 1} cannot place a Page face-down under c{params.host}")


_PAGE_FIELDS = frozenset({"source", "attacker", "page", "host"})


def _check_record(d: MZ22Data, r: Any, k: int) -> None:
    """One record's Page and seat numbers and what its kind needs (``records_in`` walks them
    all)."""
    for f, v in zip(r._fields, r):
        if type(v) is int:
            if f == "seat" and not -1 <= v < d.n:
                raise StateDataError(f"{r.kind}.seat names seat {v}, which does not exist")
            if f in _PAGE_FIELDS and not -1 <= v < k:
                raise StateDataError(f"{r.kind}.{f} names Page c{v}, which does not exist")
    if isinstance(r, Ref) and not (r.entity == CASTER and 0 <= r.n < d.n or r.entity == PAGE and 0 <= r.n < k
                                   or r.entity == ITEM and r.n >= 0):
        raise StateDataError(f"a reference names no Caster, Page or chain item ({r.entity!r:.20} {r.n})")
    if isinstance(r, CombatStep) and r.name not in combat.STAGES:
        raise StateDataError(f"a Combat step names an unknown part {r.name!r:.20}")
    if isinstance(r, TurnStep) and r.name not in turn.TURN_STEPS:
        raise StateDataError(f"a turn step names an unknown step {r.name!r:.20}")
    if isinstance(r, (Ctx,)) and r.loc not in ("fx", "atk"):
        raise StateDataError("an Effect context names an unknown place")
    if isinstance(r, Ctx):
        src = r.defs if r.defs >= 0 else r.source
        if not 0 <= src < k:
            raise StateDataError("an Effect context names no Page")
        df = d.defs[src]
        n = len(df.attacks) if r.loc == "atk" else len(df.effects)
        if not 0 <= r.fx < n:
            raise StateDataError(f"{df.name} has no {'Attack' if r.loc == 'atk' else 'Effect'} {r.fx}")
    if isinstance(r, Run):
        try:
            ops.ops_at(d, r.ctx, r.path)
        except (IndexError, AttributeError, ValueError, TypeError):
            raise StateDataError("a running Effect names ops that do not exist") from None
    if isinstance(r, Restack):
        both = r.left + r.placed
        book = d.spellbook[r.owner] if 0 <= r.owner < d.n else []
        if not all(type(c) is int for c in both) or sorted(book[len(book) - len(both):]) != sorted(both):
            raise StateDataError("an Index's turned Pages must be the top of that Spellbook")
    if isinstance(r, (Act, ChainItem)) and not 0 <= r.source < k:
        raise StateDataError("an Action names a Page that does not exist")
    if isinstance(r, TraitStep) and (r.name not in ("burrow", "fear", "flash") or not 0 <= r.page < k):
        raise StateDataError("a Trait step names an unknown Trait or Page")
    if isinstance(r, ChainItem) and r.what not in ("contract", "effect", "copy", "destruct"):
        raise StateDataError(f"a chain item of unknown kind {r.what!r:.20}")
    if isinstance(r, Trigger) and r.rule == "regen" and not 0 <= r.source < k:
        raise StateDataError("a Regen trigger names a Page that does not exist")
    if isinstance(r, Trigger) and r.rule == traps.FLIP and not 0 <= r.source < k:
        raise StateDataError("a Trap flip names a Page that does not exist")
    if isinstance(r, Trigger) and r.rule not in ("poison", traps.FLIP, *traits.RULES):
        if not 0 <= r.source < k or not 0 <= r.effect < len(d.defs[r.source].effects):
            raise StateDataError("a trigger names an Effect that does not exist")
