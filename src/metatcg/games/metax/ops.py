"""MetaX effect primitives: each op of a card's ``do`` list runs as one step.

An effect being used is an :class:`~.records.EffectUse` (the card, its controller, which
effect, and the battle around it); its ops run one by one as :class:`~.records.Op` steps.
Ops that need a choice (targets, cards to discard, what to search) set a decision whose
params carry the op step, so resolution resumes after ``apply``.
"""
from __future__ import annotations

from typing import Any, Callable

from ...engine.action import Action, Decision
from ...engine.cardfile import first_of_each_name
from ...engine.events import emit, replacements
from ...engine.state import GameState
from . import stats
from .data import MetaXData, Modifier
from .records import (KO, Answer, Choosing, DamageChoice, Discarding, EffectUse, May, Op, PickCard)
from .schema import CardFilter, Target
from .zones import (char_name, check_decks, draw, entering_name, gain_mp, leave_play, name, opponent, pl, to_discard)

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
    kos = []
    for iid in doomed:
        if iid not in d.entered:  # already gone (a nested check during a replacement)
            continue
        if _replace_ko(st, iid) and (iid not in d.entered or not stats.ko_reason(d, iid)):
            continue
        kos.append(iid)
    # a replacement may have changed the others (or KO'd them in a nested check): look again
    kos = [(iid, why) for iid in kos if iid in d.entered for why in (stats.ko_reason(d, iid),) if why]
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


def distinct_by_name(d: MetaXData, iids) -> list[int]:
    """One option per card name (PR-K-4)."""
    return first_of_each_name(d.cards, iids)


# ----------------------------------------------------------------- could it do anything? (PR-MX-9)
def target_has_effect(st: GameState, op: Any, iid: int) -> bool:
    """Would ``op`` change anything on Character ``iid`` now? (No dead targets, PR-MX-9.)"""
    d: MetaXData = st.data
    k = op.op
    if k == "prep":
        return iid in d.pushed
    if k == "push":
        return iid not in d.pushed
    if k == "clear_damage":
        return bool(d.damage.get(iid))
    if k == "grant":
        if op.keyword in d.cards[iid].keywords:
            return False
        if op.duration == "turn":
            return not stats.has_keyword(d, iid, op.keyword)
        return not any(m.card == iid and m.kind == "kw" and m.what == op.keyword and m.duration == op.duration
                       for m in d.mods)
    if k == "buff":
        before = stats.ranks(d, iid)
        d.mods.append(Modifier(iid, "buff", op.stat, op.amount, op.duration))
        try:
            return stats.ranks(d, iid) != before
        finally:
            d.mods.pop()
    return True  # discard_from_play, bounce, attach_damage: always a change


def useful_targets(st: GameState, op: Any, use: EffectUse) -> list[int]:
    """The legal targets of a targeted ``op`` on which it would do something."""
    return [c for c in target_candidates(st, op.target, use) if target_has_effect(st, op, c)]


def op_can_act(st: GameState, use: EffectUse, op: Any, leaving: int = -1) -> bool:
    """Could ``op`` do anything now? ``leaving`` is the card being played (still in hand while
    its options are listed). A search may always be made: the deck is hidden, so finding
    nothing is allowed (PR-MX-2) and says nothing about the deck."""
    d: MetaXData = st.data
    ctrl = use.ctrl
    k = op.op
    fields = op.__dict__          # a missing field through getattr costs pydantic an exception
    side = ctrl if fields.get("who", "you") == "you" else opponent(ctrl)
    if k in ("draw", "mill"):
        return bool(d.deck[side])
    if k == "gain_mp":
        return d.mp[ctrl] < 10
    if k == "drain_mp":
        return d.mp[opponent(ctrl)] > 0
    if k == "discard":
        return any(c != leaving for c in d.hand[side])
    if k == "search":
        return True
    if k == "recover":
        return any(card_matches(d, c, op.filter) for c in d.discard[ctrl])
    if k == "put_into_play":
        zone = d.hand[ctrl] if op.zone == "hand" else d.discard[ctrl]
        return len(d.inplay[ctrl]) < 3 and any(
            c != leaving and d.cards[c].is_character and card_matches(d, c, op.filter) for c in zone)
    if k == "negate":
        return use.attack >= 0
    if k == "attach_damage":
        return bool(target_candidates(st, op.target, use)) and any(
            d.cards[c].is_battle and d.cards[c].rank <= op.max_rank for c in d.discard[ctrl])
    if fields.get("target") is not None:
        return bool(useful_targets(st, op, use))
    return True


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
    use = step.use
    src, ctrl = use.src, use.ctrl
    d: MetaXData = st.data
    ops = d.cards[src].effects[use.effect].do
    nxt = step.index + 1
    if nxt < len(ops):
        st.stack.append(Op(use, nxt))
    op = ops[step.index]
    k = op.op
    if k == "draw":
        draw(st, ctrl if op.who == "you" else opponent(ctrl), op.count)
    elif k == "gain_mp":
        gain_mp(st, ctrl, op.count, src)
    elif k == "drain_mp":
        gain_mp(st, opponent(ctrl), -op.count, src)
    elif k == "mill":
        p = ctrl if op.who == "you" else opponent(ctrl)
        for _ in range(op.count):
            if not d.deck[p]:
                break
            c = d.deck[p].pop(0)
            to_discard(d, c)
            if st.logging:
                st.say(f"{pl(p)} puts {name(d, c)} from the top of their deck into the discard pile")
            if check_decks(st):
                return
    elif k == "discard":
        p = ctrl if op.who == "you" else opponent(ctrl)
        n = min(op.count, len(d.hand[p]))
        if n:
            st.stack.append(Discarding(p, n, src))
    elif k == "search":
        cands = distinct_by_name(d, [c for c in d.deck[ctrl] if card_matches(d, c, op.filter)])
        st.decide(ctrl, "search", Choosing(step, tuple(cands)), f"{name(d, src)}: search your deck")
    elif k == "recover":
        cands = distinct_by_name(d, [c for c in d.discard[ctrl] if card_matches(d, c, op.filter)])
        if cands:
            st.decide(ctrl, "recover", Choosing(step, tuple(cands)),
                      f"{name(d, src)}: return a card from your discard pile")
        elif st.logging:
            st.say(f"{name(d, src)}: no matching card in the discard pile")
    elif k == "put_into_play":
        zone = d.hand[ctrl] if op.zone == "hand" else d.discard[ctrl]
        cands = distinct_by_name(d, [c for c in zone if d.cards[c].is_character and card_matches(d, c, op.filter)])
        if len(d.inplay[ctrl]) >= 3:  # MX-PLAN-12: the 3-in-play cap still holds, so it fails
            if st.logging:
                st.say(f"{name(d, src)}: {pl(ctrl)} already has 3 Characters in play; nothing happens")
        elif cands:
            st.decide(ctrl, "put_into_play", Choosing(step, tuple(cands)),
                      f"{name(d, src)}: choose a Character to put into play")
        elif st.logging:
            st.say(f"{name(d, src)}: no matching Character in the {op.zone}")
    elif k == "negate":
        aidx = use.attack
        if 0 <= aidx < len(d.attacks) and d.attacks[aidx].lead == use.user:
            d.attacks[aidx] = d.attacks[aidx]._replace(negate_def=True)
            if st.logging:
                st.say(f"{name(d, src)}: the defending Battle Card's effects in this attack are negated")
    else:  # targeted ops
        cands = useful_targets(st, op, use)
        if not cands:
            if st.logging:
                st.say(f"{name(d, src)}: no legal target it would affect")
        elif op.target.who in ("self", "battle_foe"):
            apply_targeted(st, step, cands[0])
        else:
            st.decide(ctrl, "target", Choosing(step, tuple(cands)), f"{name(d, src)}: choose a target")


def apply_targeted(st: GameState, step: Op, target: int) -> None:
    d: MetaXData = st.data
    op = op_of(d, step)
    src, ctrl = step.use.src, step.use.ctrl
    if op.op == "attach_damage":
        cands = distinct_by_name(d, [c for c in d.discard[ctrl]
                                     if d.cards[c].is_battle and d.cards[c].rank <= op.max_rank])
        if cands:
            st.decide(ctrl, "damage_card", DamageChoice(step, target, tuple(cands)),
                      f"{name(d, src)}: choose a Battle Card from your discard pile to attach to {name(d, target)}")
        elif st.logging:
            st.say(f"{name(d, src)}: no Battle Card in the discard pile to attach")
        return
    apply_to_target(st, op, src, target)


def apply_to_target(st: GameState, op, src: int, target: int) -> None:
    d: MetaXData = st.data
    k = op.op
    if target not in d.entered:
        return
    log = st.logging
    if k == "prep":
        d.pushed.discard(target)
        if log:
            st.say(f"{name(d, src)}: {name(d, target)} is Prepped")
    elif k == "push":
        d.pushed.add(target)
        if log:
            st.say(f"{name(d, src)}: {name(d, target)} is Pushed")
    elif k == "clear_damage":
        for b in d.damage.pop(target, ()):
            to_discard(d, b)
        if log:
            st.say(f"{name(d, src)}: all Damage on {name(d, target)} is discarded")
    elif k == "discard_from_play":  # not a KO: no KO triggers or replacements (PR-MX-8)
        if log:
            st.say(f"{name(d, src)}: {name(d, target)} is discarded from play")
        leave_play(st, target)
    elif k == "bounce":
        if log:
            st.say(f"{name(d, src)}: {name(d, target)} returns to {pl(d.owner[target])}'s hand")
        leave_play(st, target, to_hand=True)
    elif k == "buff":
        d.mods.append(Modifier(target, "buff", op.stat, op.amount, op.duration))
        if log:
            span = "this turn" if op.duration == "turn" else "for good"
            st.say(f"{name(d, src)}: {name(d, target)} gets {op.amount:+d} {op.stat} {span}")
    elif k == "grant":
        d.mods.append(Modifier(target, "kw", op.keyword, 0, op.duration))
        if log:
            span = "this turn" if op.duration == "turn" else "for good"
            st.say(f"{name(d, src)}: {name(d, target)} gains {op.keyword} {span}")
    elif k == "gain_mp":  # self-contained ops used by replacement effects
        gain_mp(st, d.owner[src], op.count, src)
    elif k == "draw":
        draw(st, d.owner[src] if op.who == "you" else opponent(d.owner[src]), op.count)
    if k in ("buff", "discard_from_play", "bounce"):
        check_kos(st)  # MX-KO-6: Ranks (or auras) changed


def attach_damage(st: GameState, target: int, card: int, src: int) -> None:
    d: MetaXData = st.data
    d.discard[d.owner[card]].remove(card)
    d.damage.setdefault(target, []).append(card)
    if st.logging:
        st.say(f"{name(d, src)}: {name(d, card)} is attached to {name(d, target)} as Damage")
    check_kos(st)  # MX-KO-2: KO'd at once, even outside the Battle Step


# ----------------------------------------------------------------- steps
def _may(st: GameState, step: May) -> None:
    use = step.use
    if not effect_can_act(st, use):  # no "use this effect?" for nothing (PR-MX-9)
        if st.logging:
            st.say(f"{name(st.data, use.src)}: its optional effect could do nothing now")
        return
    st.decide(use.ctrl, "may", step, f"{name(st.data, use.src)}: use this effect?")


def _discarding(st: GameState, step: Discarding) -> None:
    st.decide(step.seat, "discard", step, f"{name(st.data, step.src)}: choose a card to discard")


STEPS: dict[str, Callable[[GameState, Any], None]] = {
    "op": run_op,
    "may": _may,
    "discarding": _discarding,
}


# ----------------------------------------------------------------- decisions
MAY_ACTIONS = (Action("yes", "Use the effect", Answer(True)), Action("no", "Don't use it", Answer(False)))
FIND_NOTHING = Action("none", "Find nothing (the deck is shuffled)", PickCard(-1))


def _target_options(st: GameState, dec: Decision) -> list[Action]:
    d: MetaXData = st.data
    return [Action(f"target:c{i}", f"Target {char_name(d, i)} ({pl(d.owner[i])})", PickCard(i))
            for i in dec.params.options]


def _damage_card_options(st: GameState, dec: Decision) -> list[Action]:
    cards = st.data.cards
    return [Action(f"card:c{i}", f"Attach {cards[i].name}", PickCard(i)) for i in dec.params.options]


def _search_options(st: GameState, dec: Decision) -> list[Action]:
    cards = st.data.cards
    acts = [Action(f"take:c{i}", f"Take {cards[i].name}", PickCard(i)) for i in dec.params.options]
    acts.append(FIND_NOTHING)
    return acts


def _recover_options(st: GameState, dec: Decision) -> list[Action]:
    cards = st.data.cards
    return [Action(f"take:c{i}", f"Return {cards[i].name} to your hand", PickCard(i))
            for i in dec.params.options]


def _put_options(st: GameState, dec: Decision) -> list[Action]:
    cards = st.data.cards
    return [Action(f"put:c{i}", f"Put {cards[i].name} into play", PickCard(i)) for i in dec.params.options]


def _discard_options(st: GameState, dec: Decision) -> list[Action]:
    d: MetaXData = st.data
    cards = d.cards
    return [Action(f"discard:c{i}", f"Discard {cards[i].name}", PickCard(i))
            for i in distinct_by_name(d, d.hand[dec.params.seat])]


def _may_options(st: GameState, dec: Decision) -> list[Action]:
    return list(MAY_ACTIONS)


OPTIONS: dict[str, Callable[[GameState, Decision], list[Action]]] = {
    "target": _target_options,
    "damage_card": _damage_card_options,
    "search": _search_options,
    "recover": _recover_options,
    "put_into_play": _put_options,
    "discard": _discard_options,
    "may": _may_options,
}


def _several_options(st: GameState, dec: Decision) -> bool:
    return len(dec.params.options) >= 2


def _several_found(st: GameState, dec: Decision) -> bool:
    return len(dec.params.options) >= 1  # and "find nothing"


def _several_discards(st: GameState, dec: Decision) -> bool:
    d: MetaXData = st.data
    hand = d.hand[dec.params.seat]
    cards = d.cards
    return any(cards[c].name != cards[hand[0]].name for c in hand)


SEVERAL: dict[str, Callable[[GameState, Decision], bool]] = {
    "target": _several_options,
    "damage_card": _several_options,
    "search": _several_found,
    "recover": _several_options,
    "put_into_play": _several_options,
    "discard": _several_discards,
    "may": lambda st, dec: True,
}


# ----------------------------------------------------------------- carrying choices out
def _picked_target(st: GameState, params: Choosing, card: int) -> None:
    apply_targeted(st, params.op, card)


def _picked_damage_card(st: GameState, params: DamageChoice, card: int) -> None:
    attach_damage(st, params.target, card, params.op.use.src)


def _picked_search(st: GameState, params: Choosing, card: int) -> None:
    d: MetaXData = st.data
    ctrl = params.op.use.ctrl
    if card >= 0:
        d.deck[ctrl].remove(card)
        d.hand[ctrl].append(card)
        if st.logging:
            st.say(f"{pl(ctrl)} searches their deck and takes {name(d, card)}", ctrl,
                   f"{pl(ctrl)} searches their deck and takes a card")
    elif st.logging:
        st.say(f"{pl(ctrl)} searches their deck and finds nothing")
    st.rng.shuffle(d.deck[ctrl])
    d.bottom[ctrl] = 0  # nothing about the order is known any more
    if st.logging:
        st.say(f"{pl(ctrl)} shuffles their deck (MX-ZONE-3)")
    check_decks(st)  # MX-WIN-3: taking the last card empties the deck


def _picked_put_into_play(st: GameState, params: Choosing, card: int) -> None:
    d: MetaXData = st.data
    step = params.op
    ctrl = step.use.ctrl
    op = op_of(d, step)
    if op.zone == "hand":
        d.from_hand(ctrl, card)
    else:
        d.discard[ctrl].remove(card)
    if st.logging:
        st.say(f"{pl(ctrl)} puts {entering_name(d, ctrl, card)} into play from their {op.zone} "
               f"({name(d, step.use.src)})")
    enter_play(st, card, ctrl)


def _picked_recover(st: GameState, params: Choosing, card: int) -> None:
    d: MetaXData = st.data
    ctrl = params.op.use.ctrl
    d.discard[ctrl].remove(card)
    d.hand[ctrl].append(card)
    d.revealed.add(card)  # the discard pile is public, so is this card's trip to the hand
    if st.logging:
        st.say(f"{pl(ctrl)} returns {name(d, card)} from the discard pile to their hand")


def _picked_discard(st: GameState, params: Discarding, card: int) -> None:
    d: MetaXData = st.data
    p = params.seat
    d.from_hand(p, card)
    to_discard(d, card)
    if st.logging:
        st.say(f"{pl(p)} discards {name(d, card)} ({name(d, params.src)})")
    if params.count > 1 and d.hand[p]:
        st.stack.append(params._replace(count=params.count - 1))


PICKED: dict[str, Callable[[GameState, Any, int], None]] = {
    "target": _picked_target,
    "damage_card": _picked_damage_card,
    "search": _picked_search,
    "put_into_play": _picked_put_into_play,
    "recover": _picked_recover,
    "discard": _picked_discard,
}


def _do_pick(st: GameState, a: PickCard, dec: Decision) -> None:
    PICKED[dec.kind](st, dec.params, a.card)


def _do_answer(st: GameState, a: Answer, dec: Decision) -> None:
    use: EffectUse = dec.params.use
    if a.yes:
        if st.logging:
            st.say(f"{pl(use.ctrl)} uses {name(st.data, use.src)}'s effect")
        st.stack.append(Op(use, 0))
    elif st.logging:
        st.say(f"{pl(use.ctrl)} chooses not to use {name(st.data, use.src)}'s effect")


PERFORM: dict[str, Callable[[GameState, Any, Decision], None]] = {
    "pick_card": _do_pick,
    "answer": _do_answer,
}
