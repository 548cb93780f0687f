"""Why a MetaZoo 2022 Page or Action is not among a Caster's options (``MZ22Rules.why_not``),
from the rules that leave it out and what that Caster may know: their own Chapter, the face-up
Pages in the Arena. "not enough Aura: it costs 2 Flame, you have 1 Aura to spend"."""
from __future__ import annotations

from ...engine.state import GameState
from ...engine.whynot import explain
from . import combat, contract, hooks
from .data import MZ22Data
from .stats import cannot_attack, cost_of, has_text
from .surroundings import contract_barred
from .zones import nm


def why_not(st: GameState, p: int, typed: str) -> str:
    d: MZ22Data = st.data
    if d.out[p]:
        return "you are out of the game"
    chapter = {d.defs[c].name: c for c in d.chapter[p]}
    mine = {d.defs[c].name: c for c in d.arena if c >= 0 and d.in_play[c].controller == p}
    seen = {d.defs[c].name: c for c in d.arena if c >= 0 and not d.in_play[c].face_down}
    return explain(typed, [(chapter, lambda c: _contract(st, p, c)), (mine, lambda c: _in_arena(st, p, c)),
                           (seen, lambda c: f"{d.defs[c].name} is another Caster's Page: you may attack it or "
                                            "target it, not use it")],
                   f"you have no Page called {typed!r} in your Chapter or the Arena")


def _main(d: MZ22Data, p: int) -> bool:
    return d.active == p and d.step == "actions" and d.chain == [] and d.combat is None


def _cost_words(owed: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{n} {t.capitalize()}" for t, n in owed) or "nothing"


def _contract(st: GameState, p: int, c: int) -> str:
    d: MZ22Data = st.data
    df = d.defs[c]
    main = _main(d, p)
    if not main and not df.any_time:
        return ("it is not your turn: only \"any time\" Pages now" if d.active != p
                else "only \"any time\" Pages can be Contracted outside your Take Actions")
    if df.no_contract and contract_barred(d, p, c):
        return f"{df.name} cannot be Contracted while its 4th Wall condition holds"
    if df.type == "aura":
        return "you already Contracted an Aura Page this turn (one a turn)" if d.aura_done[p] else ""
    owed = cost_of(d, c, p)
    have = contract.sources(d, p)
    if not contract.Purse(have).covers(owed):
        return f"not enough Aura: it costs {_cost_words(owed)}, you have {len(have)} Aura to spend"
    if not contract.can_contract(d, p, c, main):
        return f"{df.name} needs a target and there is none it could take now"
    return ""


def _in_arena(st: GameState, p: int, c: int) -> str:
    d: MZ22Data = st.data
    df = d.defs[c]
    s = d.in_play[c]
    who = nm(d, c)
    if not _main(d, p):
        if df.any_time_fx and any(contract.can_use(d, p, c, i, False) for i in df.any_time_fx):
            return ""
        return ("it is not your turn: only \"any time\" Effects now" if d.active != p
                else "Attacks and Powers are used in your Take Actions, with nothing on the chain")
    if df.type == "beastie" and df.attacks and combat.can_attack(d, p, c):
        return ""
    if df.type != "beastie" and not df.powers:
        return f"{who} has no Attack or Power to use" + (": an Aura Page pays for others" if df.type == "aura" else "")
    if s.fatigued:
        return f"{who} is Fatigued: it must be Awakened to attack or use a Power"
    if not has_text(d, c):
        return f"{who} has lost its text"
    if df.type == "beastie":
        if not df.attacks:
            return f"{who} has no Attack"
        if any(i.status == "paralyze" for i in s.indicators):
            return f"{who} is Paralyzed: it cannot attack"
        if cannot_attack(d, c) or (s.marks and hooks.attack_barred(d, c)):
            return f"{who} cannot attack now (an Effect or its Trait bars it)"
        return f"{who} has nothing it could attack"
    if not any(contract.can_use(d, p, c, i, True) for i in df.powers):
        return f"{who}'s Power cannot be paid for or has no target now"
    return ""
