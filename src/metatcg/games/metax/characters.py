"""MetaX ops aimed at a Character in play: Prep and Push it, attach or clear Damage, discard it
from play or return it to hand, change its Ranks, give it a keyword. Each registers its unit in
:data:`.ops.OPS`: what it does to the Character, and whether it would change anything there
(PR-MX-9: a target it would not change is not offered). A replacement effect's ops run on their
own Character through the same ``on_character`` (PR-MX-5)."""
from __future__ import annotations

from typing import Callable

from ...engine.action import Action, Decision
from ...engine.state import GameState
from . import schema, stats
from .data import MetaXData, Modifier
from .ops import (Ready, check_kos, constant, distinct_by_name, has_useful_target, register, several_options,
                  target_candidates, targeted)
from .records import DamageChoice, Op, PickCard
from .zones import leave_play, name, pl, to_discard


def _span(duration: str) -> str:
    return "this turn" if duration == "turn" else "for good"


# ----------------------------------------------------------------- Prep and Push (MX-PUSH)
def _prep(st: GameState, op: schema.Prep, src: int, target: int) -> None:
    st.data.pushed.discard(target)
    if st.logging:
        st.say(f"{name(st.data, src)}: {name(st.data, target)} is Prepped")


def _is_pushed(d: MetaXData, op: schema.Prep, iid: int) -> bool:
    return iid in d.pushed


def _push(st: GameState, op: schema.Push, src: int, target: int) -> None:
    st.data.pushed.add(target)
    if st.logging:
        st.say(f"{name(st.data, src)}: {name(st.data, target)} is Pushed")


def _is_prepped(d: MetaXData, op: schema.Push, iid: int) -> bool:
    return iid not in d.pushed


targeted(schema.Prep, _prep, affects=_is_pushed)
targeted(schema.Push, _push, affects=_is_prepped)


# ----------------------------------------------------------------- Damage (MX-KO-2)
def _clear_damage(st: GameState, op: schema.ClearDamage, src: int, target: int) -> None:
    d: MetaXData = st.data
    for b in d.damage.pop(target, ()):
        to_discard(d, b)
    if st.logging:
        st.say(f"{name(d, src)}: all Damage on {name(d, target)} is discarded")


def _has_damage(d: MetaXData, op: schema.ClearDamage, iid: int) -> bool:
    return bool(d.damage.get(iid))


def _damage_cards(d: MetaXData, ctrl: int, op: schema.AttachDamage) -> list[int]:
    """The Battle Cards of ``ctrl``'s discard pile ``op`` may attach (one per name, PR-K-4)."""
    return distinct_by_name(d, [c for c in d.discard[ctrl] if d.cards[c].is_battle and d.cards[c].rank <= op.max_rank])


def _attach_ready(st: GameState, ctx: Ready, op: schema.AttachDamage) -> bool:
    d: MetaXData = st.data
    use = ctx[0]
    return bool(target_candidates(st, op.target, use)) and any(
        d.cards[c].is_battle and d.cards[c].rank <= op.max_rank for c in d.discard[use.ctrl])


def _attach_picked(st: GameState, step: Op, op: schema.AttachDamage, target: int) -> None:
    """The Character is chosen: now which Battle Card of the discard pile becomes its Damage."""
    d: MetaXData = st.data
    src, ctrl = step.use.src, step.use.ctrl
    cands = _damage_cards(d, ctrl, op)
    if cands:
        st.decide(ctrl, "damage_card", DamageChoice(step, target, tuple(cands)),
                  f"{name(d, src)}: choose a Battle Card from your discard pile to attach to {name(d, target)}")
    elif st.logging:
        st.say(f"{name(d, src)}: no Battle Card in the discard pile to attach")


def attach_damage(st: GameState, target: int, card: int, src: int) -> None:
    d: MetaXData = st.data
    d.discard[d.owner[card]].remove(card)
    d.damage.setdefault(target, []).append(card)
    if st.logging:
        st.say(f"{name(d, src)}: {name(d, card)} is attached to {name(d, target)} as Damage")
    check_kos(st)  # MX-KO-2: KO'd at once, even outside the Battle Step


targeted(schema.ClearDamage, _clear_damage, affects=_has_damage)
targeted(schema.AttachDamage, None, ready=_attach_ready, picked=_attach_picked)  # a replacement attaches nothing


# ----------------------------------------------------------------- leaving play (PR-MX-8: not a KO)
def _discard_from_play(st: GameState, op: schema.DiscardFromPlay, src: int, target: int) -> None:
    if st.logging:
        st.say(f"{name(st.data, src)}: {name(st.data, target)} is discarded from play")
    leave_play(st, target)


def _bounce(st: GameState, op: schema.Bounce, src: int, target: int) -> None:
    d: MetaXData = st.data
    if st.logging:
        st.say(f"{name(d, src)}: {name(d, target)} returns to {pl(d.owner[target])}'s hand")
    leave_play(st, target, to_hand=True)


targeted(schema.DiscardFromPlay, _discard_from_play, rechecks_kos=True)
targeted(schema.Bounce, _bounce, rechecks_kos=True)


# ----------------------------------------------------------------- Ranks and keywords (MX-KO-6)
def _buff(st: GameState, op: schema.Buff, src: int, target: int) -> None:
    st.data.mods.append(Modifier(target, "buff", op.stat, op.amount, op.duration))
    if st.logging:
        st.say(f"{name(st.data, src)}: {name(st.data, target)} gets {op.amount:+d} {op.stat} {_span(op.duration)}")


def _buff_changes(d: MetaXData, op: schema.Buff, iid: int) -> bool:
    before = stats.ranks(d, iid)
    d.mods.append(Modifier(iid, "buff", op.stat, op.amount, op.duration))
    try:
        return stats.ranks(d, iid) != before
    finally:
        d.mods.pop()


def _grant(st: GameState, op: schema.Grant, src: int, target: int) -> None:
    st.data.mods.append(Modifier(target, "kw", op.keyword, 0, op.duration))
    if st.logging:
        st.say(f"{name(st.data, src)}: {name(st.data, target)} gains {op.keyword} {_span(op.duration)}")


def _grant_changes(d: MetaXData, op: schema.Grant, iid: int) -> bool:
    if op.keyword in d.cards[iid].keywords:
        return False
    if op.duration == "turn":
        return not stats.has_keyword(d, iid, op.keyword)
    return not any(m.card == iid and m.kind == "kw" and m.what == op.keyword and m.duration == op.duration
                   for m in d.mods)


targeted(schema.Buff, _buff, affects=_buff_changes, rechecks_kos=True)
targeted(schema.Grant, _grant, affects=_grant_changes)

# constant effects: read by stats.rank / stats.has_keyword while their card is in play
register(schema.StatAura, constant, ready=has_useful_target)
register(schema.HasKeyword, constant)


# ----------------------------------------------------------------- the Damage card decision
def _damage_card_options(st: GameState, dec: Decision) -> list[Action]:
    cards = st.data.cards
    return [Action(f"card:c{i}", f"Attach {cards[i].name}", PickCard(i)) for i in dec.params.options]


def _picked_damage_card(st: GameState, params: DamageChoice, card: int) -> None:
    attach_damage(st, params.target, card, params.op.use.src)


OPTIONS: dict[str, Callable[[GameState, Decision], list[Action]]] = {"damage_card": _damage_card_options}
SEVERAL: dict[str, Callable[[GameState, Decision], bool]] = {"damage_card": several_options}
PICKED: dict[str, Callable[[GameState, DamageChoice, int], None]] = {"damage_card": _picked_damage_card}
