"""Contracting and using Effects (MZ22-CONTRACT, MZ22-ACTION): whether a Page or Effect can
be taken now, choosing targets, paying, and putting the Action on the chain with priority
passing to the others (docs/metazoo-2022.md §3)."""
from __future__ import annotations

from functools import partial
from typing import Any

from ...engine.action import Action
from ...engine.state import GameState
from ...engine.windows import others_window, window as mk
from . import aura as A, hooks
from .data import MZ22Data
from .equipment import contract_targets, lacks_target, may_skip
from .lp import lose_lp
from .records import (CASTER, ITEM, Act, Announce, ChainItem, Ctx, Main, Pay, PickTarget, Ref, ResolveChain, Run,
                      caster_ref)
from .stats import cost_of, has_text, statics, types_of
from .surroundings import contract_barred
from .targets import any_targets, candidates
from .worth import could_act
from .zones import fatigue, nm, pl

NO_AURA: tuple[tuple[str, int], ...] = ()


# ------------------------------------------------------------------ Aura sources
def sources(d: MZ22Data, p: int) -> list[A.Unit]:
    """What ``p`` can pay with now, one entry per unit: (pick id, producible types). Awakened
    Aura Pages and Aura-making Artifacts they control (MZ22-GEN-1/3/7), then the pool."""
    out: list[A.Unit] = []
    ps = d.in_play
    for c, key, made, artifact, any_time in producers(d, p):
        if ps[c].fatigued:
            continue
        if artifact and (not has_text(d, c) or (d.active != p and not any_time)):
            continue              # other Pages that make Aura follow their own timing (MZ22-GEN-10)
        out.append((key, made))
    if d.active == p:             # Convert: own turn only (MZ22-GEN-8)
        out += hooks.extra_sources(d, p)
    for t, k in d.pool[p].items():
        out += [(A.from_pool(t), frozenset((t,)))] * k
    return out


def producers(d: MZ22Data, p: int) -> list[tuple[int, A.AuraSource, frozenset[str], bool, bool]]:
    """The Aura-making Pages ``p`` controls in the Arena (cached per set of Pages there): (Page,
    pick id, producible types, is an Artifact, any time). One pick id per Aura type for plain
    Aura Pages, so identical units collapse into one option."""
    return d.by_seat("producers", _producer)[p]


def _producer(df: Any, c: int) -> tuple[int, A.AuraSource, frozenset[str], bool, bool] | None:
    if not df.produces:
        return None
    made = df.made
    return (c, A.aura_page(df.aura) if df.type == "aura" and len(made) == 1 else A.paying_page(c), made,
            df.type == "artifact",
            bool(df.any_time))


class Purse:
    """What one Caster can pay with now, listed once and asked about every Page and Effect
    offered (many share a cost, so each cost is worked out once)."""

    __slots__ = ("units", "sets", "known")

    def __init__(self, units: list[A.Unit]) -> None:
        self.units = units
        self.sets = [u for _, u in units]
        self.known: dict[tuple[tuple[str, int], ...], bool] = {}

    def covers(self, owed: tuple[tuple[str, int], ...], skip: int = -1) -> bool:
        """Can it pay ``owed``, without the Page ``skip`` (Fatigued by the cost itself)?"""
        if not owed:
            return True
        if skip >= 0:
            key = A.paying_page(skip)
            if any(k == key for k, _ in self.units):
                return A.payable(owed, [u for k, u in self.units if k != key])
        got = self.known.get(owed)
        if got is None:
            got = self.known[owed] = A.payable(owed, self.sets)
        return got


# ------------------------------------------------------------------ what can be taken
def effect_cost(df: Any, i: int) -> tuple[tuple[tuple[str, int], ...], int, bool]:
    """(Aura owed, LP, Fatigue) of an activated Effect (MZ22-GLOSS-12/15)."""
    c = df.effects[i].cost
    if c is None:
        return NO_AURA, 0, False
    return tuple((x.aura, x.n) for x in c.aura if x.n), c.lp, c.fatigue


def can_contract(d: MZ22Data, p: int, page: int, main: bool, purse: Purse | None = None,
                 changes: list[tuple[int, Any]] | None = None) -> bool:
    """Whether ``p`` may Contract ``page`` from their Chapter now: in Take Actions anything (one
    Aura Page a turn, MZ22-TURN-6), when holding priority otherwise only "any time" Pages
    (MZ22-CONTRACT-11); the cost must be payable (MZ22-CONTRACT-4/5) and a targeting Spell or
    Potion needs a target (MZ22-CONTRACT-3), and so does an Equipment's CONTRACT Effect
    (MZ22-EQUIP-5)."""
    df = d.defs[page]
    if not main and not df.any_time:
        return False
    if df.no_contract and contract_barred(d, p, page):     # MZ22-WALL-4/10, MZ22-EX-14
        return False
    if df.type == "aura":
        return not d.aura_done[p]
    purse = purse or Purse(sources(d, p))
    if not purse.covers(cost_of(d, page, p, changes)):
        return False
    if df.targets and df.cast is not None and \
            not any_targets(d, p, df.effects[df.cast].targets, Act("contract", page, p, df.cast)):
        return False
    if df.traits and lacks_target(d, p, page):      # MZ22-EQUIP-5, PR-MZ22-57
        return False
    if df.cast is not None and not could_act(d, p, page, df.effects[df.cast].do):   # PR-MZ22-71
        return False
    return True


def can_use(d: MZ22Data, p: int, page: int, i: int, main: bool, purse: Purse | None = None) -> bool:
    """A Power (Take Actions only, MZ22-TURN-11/12) or an "any time" Effect (whenever ``p``
    holds priority, MZ22-PRIO-2) of a Page ``p`` controls, payable, with targets."""
    df = d.defs[page]
    e = df.effects[i]
    s = d.in_play[page]
    if s.controller != p or not has_text(d, page):
        return False
    if e.when == "power":
        if not main or s.fatigued:          # Powers need an Awakened Page (MZ22-TURN-12)
            return False
        if s.marks and not hooks.may_use_power(d, page):     # MZ22-TRAIT-BURROW-4
            return False
    elif e.when != "any_time":
        return False
    owed, lp, tire = effect_cost(df, i)
    if tire and s.fatigued:
        return False
    if lp and d.lp_of_caster(p) <= lp:
        return False
    if owed and not (purse or Purse(sources(d, p))).covers(owed, page if tire else -1):
        return False
    if e.targets and not any_targets(d, p, e.targets, Act("effect", page, p, i)):
        return False
    return could_act(d, p, page, e.do)           # PR-MZ22-71


def actions_for(d: MZ22Data, p: int, main: bool) -> list[Action]:
    """``contract:`` and ``use:`` options of ``p`` (identical Pages collapse to one, PR-K-4)."""
    out = []
    seen: set[Any] = set()
    defs = d.defs
    purse = Purse(sources(d, p))           # listed once for every Page and Effect below
    changes = list(statics(d, "cost_change"))
    for c in d.chapter[p]:
        df = defs[c]
        if id(df) in seen or (not main and not df.any_time):
            continue
        seen.add(id(df))
        if can_contract(d, p, c, main, purse, changes):
            out.append(Action(f"contract:c{c}", partial(_contract_label, df), Act("contract", c, p)))
    for c, powers, any_time in users(d, p):
        df = defs[c]
        for i in (powers + any_time if main else any_time):
            if can_use(d, p, c, i, main, purse):
                out.append(Action(f"use:c{c}.{i}", partial(_use_label, df, i), Act("effect", c, p, i)))
    return out


def users(d: MZ22Data, p: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """The Arena Pages ``p`` controls that print Powers or "any time" Effects: (Page, Powers,
    any-time Effects), cached per set of Pages there."""
    return d.by_seat("users", _user)[p]


def _user(df: Any, c: int) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
    return (c, df.powers, df.any_time_fx) if df.powers or df.any_time_fx else None


def any_response(d: MZ22Data, p: int) -> bool:
    """Cheap test: could ``p`` take any Action in a window (for skipping seats, PR-K-5)?"""
    if not d.any_time_pages.isdisjoint(d.chapter[p]):
        return bool(actions_for(d, p, False))
    for _, _, any_time in users(d, p):
        if any_time:
            return bool(actions_for(d, p, False))
    return False


def _use_label(df: Any, i: int) -> str:
    return f"Use {df.name}: {df.effects[i].text or df.effects[i].when}"


def _contract_label(df: Any) -> str:
    cost = "".join(f" {k} {t.title()}" for t, k in df.cost if k)
    return f"Contract {df.name} ({df.type}{',' + cost if cost else ''})"


# ------------------------------------------------------------------ taking an Action
def begin(st: GameState, act: Act, beneath: tuple[Any, ...]) -> None:
    """Start an Action: targets, then payment, then onto the chain (MZ22-CONTRACT-1..4);
    ``beneath`` is what follows once the chain it starts has resolved."""
    d: MZ22Data = st.data
    df = d.defs[act.source]
    if act.what == "contract":
        i = contract_targets(d, act.source)       # a Spell's, or an Equipment's (PR-MZ22-68)
        specs = df.effects[i].targets if i >= 0 else []
        act = act._replace(owed=cost_of(d, act.source, act.seat))
        d.revealed.add(act.source)              # shown to everyone as it is chosen (MZ22-CONTRACT-1)
        if st.logging:
            st.say(f"{pl(act.seat)} Contracts {df.name}, revealing it (MZ22-CONTRACT-1)")
    else:
        specs = df.effects[act.effect].targets
        owed, lp, _ = effect_cost(df, act.effect)
        act = act._replace(owed=owed, lp=lp)
        if st.logging:
            st.say(f"{pl(act.seat)} uses {df.name}: {df.effects[act.effect].text or df.effects[act.effect].when}")
    steps: list[Any] = [PickTarget(act, 0)] if specs else [Pay(act)]
    st.push(*steps, *beneath)


def target_options(st: GameState, step: PickTarget) -> list[Action]:
    d: MZ22Data = st.data
    act = step.act
    spec = specs_of(d, act)[step.slot]
    chosen = act.targets[step.slot] if step.slot < len(act.targets) else ()
    out = [Action(f"target:{r}", f"Target {describe(d, r)}", r)
           for r in candidates(d, act.seat, spec, -1, act) if r not in chosen]
    if chosen and spec.up_to:
        out.append(Action("done", "No more targets", None))
    elif not chosen and act.what == "contract" and may_skip(d, act.source):
        out.append(Action("done", "Equip it to no Page: it enters as a Beastie", None))     # MZ22-EQUIP-6
    return out


def specs_of(d: MZ22Data, act: Act) -> Any:
    df = d.defs[act.source]
    i = contract_targets(d, act.source) if act.what == "contract" else act.effect
    return df.effects[i].targets


def pick_target_step(st: GameState, step: PickTarget) -> None:
    d: MZ22Data = st.data
    spec = specs_of(d, step.act)[step.slot]
    if not candidates(d, step.act.seat, spec, -1, step.act):
        _after_targets(st, step.act, step.slot)     # nothing to choose (a Token or CONTRACT Effect)
        return
    k = len(step.act.targets[step.slot]) if step.slot < len(step.act.targets) else 0
    st.decide(step.act.seat, "target", step, f"Choose a target for {nm(d, step.act.source)}"
              + (f" ({k + 1} of {spec.n})" if spec.n > 1 else ""))


def choose_target(st: GameState, step: PickTarget, ref: Ref | None) -> None:
    d: MZ22Data = st.data
    act = step.act
    spec = specs_of(d, act)[step.slot]
    ts = list(act.targets) + [()] * (step.slot + 1 - len(act.targets))
    if ref is not None:
        ts[step.slot] = ts[step.slot] + (ref,)
        if st.logging:
            st.say(f"{pl(act.seat)} targets {describe(d, ref)}")
    act = act._replace(targets=tuple(ts))
    left = [r for r in candidates(d, act.seat, spec, -1, act) if r not in ts[step.slot]]
    if ref is not None and len(ts[step.slot]) < spec.n and left:
        st.push(PickTarget(act, step.slot))
        return
    _after_targets(st, act, step.slot)


def _after_targets(st: GameState, act: Act, slot: int) -> None:
    d: MZ22Data = st.data
    if len(act.targets) <= slot:
        act = act._replace(targets=act.targets + ((),) * (slot + 1 - len(act.targets)))
    if slot + 1 < len(specs_of(d, act)):
        st.push(PickTarget(act, slot + 1))
    elif act.what in ("trigger", "copy"):
        st.push(Announce(act))
    else:
        st.push(Pay(act))


# ------------------------------------------------------------------ paying
def pay_step(st: GameState, step: Pay) -> None:
    """Pay the cost: a Power Fatigues its Page first (a Scared Page may run away, MZ22-SCARED-6),
    then LP, then one Aura unit per pick (MZ22-CONTRACT-4/5)."""
    d: MZ22Data = st.data
    act = step.act
    if act.what == "effect":
        df = d.defs[act.source]
        _, _, tire = effect_cost(df, act.effect)
        if tire and act.source in d.in_play and not d.in_play[act.source].fatigued:
            if not fatigue(st, act.source):
                if st.logging:
                    st.say(f"{df.name}'s Effect does not happen")
                return
        if act.lp:
            lose_lp(st, [caster_ref(act.seat)], act.lp, " (paid)")
            act = act._replace(lp=0)
    if not act.owed:
        st.push(Announce(act))
        return
    opts = pay_options(st, Pay(act))
    if st.options.get("auto_single", True):
        # picks with a single way to go are made here, as the kernel would make them, without
        # a round trip through a decision each (payment is the commonest forced choice)
        while len(opts) == 1:
            if st.logging:
                st.say(f"(only choice) {opts[0].label}: the only way to pay", act.seat)
            act = spend(d, act, opts[0].args)
            if not act.owed:
                st.push(Announce(act))
                return
            opts = pay_options(st, Pay(act))
    if not opts:
        # only in a lookahead copy whose hidden cards were resampled: a checked cost is payable
        if st.logging:
            st.say(f"{pl(act.seat)} cannot pay for {nm(d, act.source)}: it does not happen")
        return
    st.decide(act.seat, "pay", Pay(act), f"Pay for {nm(d, act.source)}: " +
              ", ".join(f"{k} {t.title()}" for t, k in act.owed))


def pay_options(st: GameState, step: Pay) -> list[Action]:
    """One option per distinct source that can pay a part of the cost and leave the rest
    payable; none when the cost cannot be paid."""
    d: MZ22Data = st.data
    out = []
    for key, left in A.picks(step.act.owed, sources(d, step.act.seat)):
        name = nm(d, key.page) if key.page >= 0 else ""
        out.append(Action(f"pay:{key}", partial(_pay_label, key, name), (key, left)))
    return out


def _pay_label(key: A.AuraSource, name: str) -> str:
    if key.pool:
        return f"Spend 1 {key.aura.title()} Aura from your pool"
    if key.page >= 0:
        return f"Fatigue {name} for Aura"
    kind = key.aura.title()
    return f"Fatigue {'an' if kind[0] in 'AEIOU' else 'a'} {kind} Aura Page"


def pay_with(st: GameState, step: Pay, choice: tuple[A.AuraSource, Any]) -> None:
    """Fatigue the source for one Aura, which pays at once (not an Action, MZ22-GEN-4/6)."""
    st.push(Pay(spend(st.data, step.act, choice)))


def spend(d: MZ22Data, act: Act, choice: tuple[A.AuraSource, Any]) -> Act:
    """One unit of Aura from the chosen source; ``act`` with what it still owes."""
    key, owed = choice
    p = act.seat
    if key.pool:
        t = key.aura
        d.pool[p][t] -= 1
        if not d.pool[p][t]:
            del d.pool[p][t]
    else:
        if key.page >= 0:
            c = key.page
        else:
            c = next(c for c in d.arena if d.defs[c].type == "aura" and d.defs[c].aura == key.aura
                     and d.in_play[c].controller == p and not d.in_play[c].fatigued and len(d.defs[c].produces) == 1)
        d.in_play[c] = d.in_play[c]._replace(fatigued=True)
    return act._replace(owed=tuple(x for x in owed if x[1]))


# ------------------------------------------------------------------ onto the chain
def announce(st: GameState, step: Announce) -> None:
    """The Action goes on the chain, its targets fixed (MZ22-CHAIN-3), and priority passes to
    every other Caster clockwise (MZ22-ACTION-2/7, MZ22-PRIO-5). A triggered Effect whose
    targets were just chosen resolves at once instead (MZ22-KW-8)."""
    d: MZ22Data = st.data
    act = step.act
    if act.what == "trap":                         # paid on a flip: no chain, no window (MZ22-TRAP-27)
        hooks.trap_paid(st, act)
        return
    if act.what == "trigger":
        st.push(Run(Ctx(act.seat, act.source, "fx", act.effect, act.targets, _types(d, act.source))))
        return
    if act.what == "contract":
        d.chapter[act.seat].remove(act.source)
        d.revealed.discard(act.source)
        df = d.defs[act.source]
        if df.type == "aura":
            d.aura_done[act.seat] = True
        i = df.cast if df.cast is not None else contract_targets(d, act.source)
        item = ChainItem(d.next_uid, "contract", act.source, act.seat, i, act.targets)
    else:
        item = ChainItem(d.next_uid, act.what, act.source, act.seat, act.effect, act.targets,
                         _types(d, act.source))         # remembered in case the source leaves (PR-MZ22-24)
    d.next_uid += 1
    d.chain.append(item)
    if st.logging:
        what = nm(d, act.source) + (" (copy)" if act.what == "copy" else "") + \
            ("'s Effect" if act.what == "effect" else "")
        ts = ", ".join(describe(d, r) for slot in act.targets for r in slot)
        st.say(f"{what} goes on the chain{' targeting ' + ts if ts else ''}")
    st.open_window(others_window("chain", d.n, act.seat))


def _types(d: MZ22Data, page: int) -> tuple[str, ...]:
    return tuple(sorted(types_of(d, page)))


def describe(d: MZ22Data, ref: Ref) -> str:
    if ref.entity == CASTER:
        return str(ref)
    if ref.entity == ITEM:
        it = d.item(ref.n)
        return "a chain item" if it is None else f"{nm(d, it.source)} on the chain"
    return f"{nm(d, ref.n)} ({pl(d.controller(ref.n))})"


def start(st: GameState, act: Act, window: str) -> None:
    """Take an Action chosen in Take Actions or a window: what follows its chain depends on
    where it was taken (docs/metazoo-2022.md §3)."""
    d: MZ22Data = st.data
    if window == "main":
        beneath: tuple[Any, ...] = (ResolveChain(), Main(act.seat))
    elif window in ("start", "end"):
        beneath = (ResolveChain(), mk(window, d.n, d.active))      # reopens with the active Caster (MZ22-PRIO-8)
    elif window in ("combat1", "combat2"):
        beneath = (ResolveChain(),)
    else:                                                          # a response on the chain
        beneath = ()
    begin(st, act, beneath)
