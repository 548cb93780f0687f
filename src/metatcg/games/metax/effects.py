"""MetaX effect primitives: each op of a card's ``do`` list runs as one step.

An op step is ``("op", src, ctrl, ei, oi, user, foe, aidx)``: the card and effect
index, the op index, and the battle context (the Character using a Battle Card,
the Character on the other side, the attack index), -1 where there is none.
Ops that need a choice (targets, cards to discard, what to search) set a decision
whose params carry the op step, so resolution resumes after ``apply``.
"""
from __future__ import annotations

from ...engine.action import Action
from ...engine.events import emit, replacements
from ...engine.cardfile import first_of_each_name
from ...engine.state import GameState
from . import stats
from .data import MetaXData
from .schema import CardFilter, Target

VP_TO_WIN = 7  # MX-WIN-1


def name(d: MetaXData, iid: int) -> str:
    return d.cards[iid].name


def char_name(d: MetaXData, iid: int) -> str:
    """A Character's name for labels, with its id when its owner has two of that name in play
    (MX-PLAN-10 allows duplicates), so every option reads differently."""
    nm = d.cards[iid].name
    side = d.inplay[d.owner[iid]]
    if iid in d.entered and sum(1 for c in side if d.cards[c].name == nm) > 1:
        return f"{nm} (c{iid})"
    return nm


def pl(p: int) -> str:
    return f"P{p + 1}"


# ----------------------------------------------------------------- zone primitives
def draw(st: GameState, p: int, count: int = 1) -> None:
    d: MetaXData = st.data
    for _ in range(count):
        if not d.deck[p]:
            return
        c = d.deck[p].pop(0)
        d.hand[p].append(c)
        st.say(f"{pl(p)} draws {name(d, c)}", p, f"{pl(p)} draws a card")
        if check_decks(st):
            return


def gain_mp(st: GameState, p: int, amount: int, why: str) -> None:
    """MX-MP-5 / MX-MP-10: gains stop at 10, costs are checked before play (MX-MP-11)."""
    d: MetaXData = st.data
    old = d.mp[p]
    d.mp[p] = max(0, min(10, old + amount))
    if d.mp[p] != old:
        st.say(f"{pl(p)} MP {old} → {d.mp[p]} ({why})")


def to_discard(d: MetaXData, iid: int) -> None:
    """MX-ZONE-15: every card goes to its owner's pile, on top (MX-ZONE-14)."""
    d.discard[d.owner[iid]].append(iid)


def leave_play(st: GameState, iid: int, to_hand: bool = False) -> None:
    """A Character leaves play; its Damage goes to each card's owner's pile (MX-KO-4)."""
    d: MetaXData = st.data
    p = d.owner[iid]
    d.inplay[p].remove(iid)
    d.pushed.discard(iid)
    d.in_battle.discard(iid)
    del d.entered[iid]
    for b in d.damage.pop(iid, ()):
        to_discard(d, b)
    if d.mods:
        d.mods = [m for m in d.mods if m[0] != iid]
    if to_hand:
        d.hand[p].append(iid)
        d.revealed.add(iid)  # everyone saw it return
    else:
        to_discard(d, iid)


def enter_play(st: GameState, c: int, p: int) -> None:
    """A Character comes into play Prepped (MX-PUSH-4), gains its +MP, then uses its ON_PLAY
    effects (MX-PLAN-4, MX-CARD-6). From hand or by an effect alike (MX-PLAN-12)."""
    d: MetaXData = st.data
    d.inplay[p].append(c)
    d.entered[c] = d.turn
    gain_mp(st, p, d.cards[c].mp, name(d, c))
    effs = d.cards[c].effects
    for ei in range(len(effs) - 1, -1, -1):
        if effs[ei].kind == "on_play":
            start_effect(st, c, p, ei)
    if d.cards[c].auras:
        check_kos(st)  # MX-KO-6: its constant effect may lower Ranks


def check_decks(st: GameState) -> bool:
    """MX-WIN-2/3/4: a deck at 0 cards ends the game at once; both at once is a draw."""
    d: MetaXData = st.data
    empty = [p for p in (0, 1) if not d.deck[p]]
    if not empty or st.result is not None:
        return st.result is not None
    if len(empty) == 2:
        st.end((0.0, 0.0), "draw: both decks ran out at the same moment")
    else:
        loser = empty[0]
        win = [1.0, 1.0]
        win[loser] = -1.0
        st.end(tuple(win), f"{pl(1 - loser)} wins: {pl(loser)}'s deck ran out")
    return True


def gain_vp(st: GameState, p: int) -> None:
    """MX-VP-2: the top card of the opponent's deck goes face down to the VP pile."""
    d: MetaXData = st.data
    o = 1 - p
    if not d.deck[o]:
        return
    d.vp[p].append(d.deck[o].pop(0))
    st.say(f"{pl(p)} gains a Victory Point ({len(d.vp[p])} VP)")
    emit(st, ("vp", p))
    if len(d.vp[p]) >= VP_TO_WIN:
        st.end((1.0, -1.0) if p == 0 else (-1.0, 1.0), f"{pl(p)} wins with {len(d.vp[p])} Victory Points")
        return
    check_decks(st)


def check_kos(st: GameState) -> None:
    """MX-KO-1/6: KO conditions are checked continuously; simultaneous KOs happen together.

    Called wherever a condition can change: Damage attached, Ranks modified, a Character
    with a constant Stat effect entering or leaving play, "this turn" effects ending."""
    d: MetaXData = st.data
    while d.damage and st.result is None and _ko_pass(st):
        pass


def _ko_pass(st: GameState) -> bool:
    """One pass of KOs; True if a KO'd Character had a constant Stat effect (check again)."""
    d: MetaXData = st.data
    again = False
    doomed = []
    for iid in list(d.damage):
        if iid in d.entered:
            why = stats.ko_reason(d, iid)
            if why:
                doomed.append((iid, why))
    for iid, why in doomed:
        if iid not in d.entered:  # already gone (a nested check during a replacement)
            continue
        if _replace_ko(st, iid):
            why = stats.ko_reason(d, iid)
            if not why:
                continue
        st.say(f"{name(d, iid)} ({pl(d.owner[iid])}) is KO'd: {why}")
        owner = d.owner[iid]
        again = again or bool(d.cards[iid].auras)
        leave_play(st, iid)
        emit(st, ("ko", iid, owner))
    return again


def _replace_ko(st: GameState, iid: int) -> bool:
    """A constant 'instead_of = ko' effect on the Character replaces its KO (once per check,
    PR-MX-5). Only the Character's own effects can, so its controller has no order to choose."""
    d: MetaXData = st.data
    reps = replacements(st, ("ko", iid))
    if not reps:
        return False
    ei = reps[0]
    eff = d.cards[iid].effects[ei]
    if eff.once_per_turn:
        d.used.add(f"{iid}:{ei}")
    st.say(f"{name(d, iid)} is not KO'd: its replacement effect applies instead")
    for op in eff.do:
        apply_to_target(st, op, iid, iid)
    return True


# ----------------------------------------------------------------- targets
def target_candidates(st: GameState, tgt: Target, src: int, ctrl: int, user: int, foe: int) -> list[int]:
    d: MetaXData = st.data
    me = user if user >= 0 else src
    if tgt.who == "self":
        pool = [me] if me in d.entered else []
    elif tgt.who == "battle_foe":
        pool = [foe] if foe >= 0 and foe in d.entered else []
    elif tgt.who == "you":
        pool = d.inplay[ctrl]
    elif tgt.who == "opponent":
        pool = d.inplay[1 - ctrl]
    else:
        pool = d.inplay[ctrl] + d.inplay[1 - ctrl]
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


# ----------------------------------------------------------------- resolving
def start_effect(st: GameState, src: int, ctrl: int, ei: int, user: int = -1, foe: int = -1,
                 aidx: int = -1) -> None:
    eff = st.data.cards[src].effects[ei]
    if eff.may:
        st.push(("may", src, ctrl, ei, user, foe, aidx))
    else:
        st.push(("op", src, ctrl, ei, 0, user, foe, aidx))


def run_op(st: GameState, step: tuple) -> None:
    _, src, ctrl, ei, oi, user, foe, aidx = step
    d: MetaXData = st.data
    ops = d.cards[src].effects[ei].do
    if oi + 1 < len(ops):
        st.push(("op", src, ctrl, ei, oi + 1, user, foe, aidx))
    op = ops[oi]
    k = op.op
    if k == "draw":
        draw(st, ctrl if op.who == "you" else 1 - ctrl, op.count)
    elif k == "gain_mp":
        gain_mp(st, ctrl, op.count, f"{name(d, src)}")
    elif k == "drain_mp":
        gain_mp(st, 1 - ctrl, -op.count, f"{name(d, src)}")
    elif k == "mill":
        p = ctrl if op.who == "you" else 1 - ctrl
        for _ in range(op.count):
            if not d.deck[p]:
                break
            c = d.deck[p].pop(0)
            to_discard(d, c)
            st.say(f"{pl(p)} puts {name(d, c)} from the top of their deck into the discard pile")
            if check_decks(st):
                return
    elif k == "discard":
        p = ctrl if op.who == "you" else 1 - ctrl
        n = min(op.count, len(d.hand[p]))
        if n:
            st.push(("discard", p, n, src))
    elif k == "search":
        cands = distinct_by_name(d, [c for c in d.deck[ctrl] if card_matches(d, c, op.filter)])
        st.decide(ctrl, "search", (step, tuple(cands)), f"{name(d, src)}: search your deck")
    elif k == "recover":
        cands = distinct_by_name(d, [c for c in d.discard[ctrl] if card_matches(d, c, op.filter)])
        if cands:
            st.decide(ctrl, "recover", (step, tuple(cands)), f"{name(d, src)}: return a card from your discard pile")
        else:
            st.say(f"{name(d, src)}: no matching card in the discard pile")
    elif k == "put_into_play":
        zone = d.hand[ctrl] if op.zone == "hand" else d.discard[ctrl]
        cands = distinct_by_name(d, [c for c in zone if d.cards[c].is_character and card_matches(d, c, op.filter)])
        if len(d.inplay[ctrl]) >= 3:  # MX-PLAN-12: the 3-in-play cap still holds, so it fails
            st.say(f"{name(d, src)}: {pl(ctrl)} already has 3 Characters in play; nothing happens")
        elif cands:
            st.decide(ctrl, "put_into_play", (step, tuple(cands)),
                      f"{name(d, src)}: choose a Character to put into play")
        else:
            st.say(f"{name(d, src)}: no matching Character in the {op.zone}")
    elif k == "negate":
        if 0 <= aidx < len(d.attacks) and d.attacks[aidx].lead == user:
            d.attacks[aidx] = d.attacks[aidx]._replace(negate_def=True)
            st.say(f"{name(d, src)}: the defending Battle Card's effects in this attack are negated")
    else:  # targeted ops
        cands = target_candidates(st, op.target, src, ctrl, user, foe)
        if not cands:
            st.say(f"{name(d, src)}: no legal target")
        elif op.target.who in ("self", "battle_foe"):
            apply_targeted(st, step, cands[0])
        else:
            st.decide(ctrl, "target", (step, tuple(cands)), f"{name(d, src)}: choose a target")


def apply_targeted(st: GameState, step: tuple, target: int) -> None:
    _, src, ctrl, ei, oi, user, foe, aidx = step
    d: MetaXData = st.data
    op = d.cards[src].effects[ei].do[oi]
    if op.op == "attach_damage":
        cands = distinct_by_name(d, [c for c in d.discard[ctrl]
                                     if d.cards[c].is_battle and d.cards[c].rank <= op.max_rank])
        if cands:
            st.decide(ctrl, "damage_card", (step, target, tuple(cands)),
                      f"{name(d, src)}: choose a Battle Card from your discard pile to attach to {name(d, target)}")
        else:
            st.say(f"{name(d, src)}: no Battle Card in the discard pile to attach")
        return
    apply_to_target(st, op, src, target)


def apply_to_target(st: GameState, op, src: int, target: int) -> None:
    d: MetaXData = st.data
    k = op.op
    tn = name(d, target)
    if target not in d.entered:
        return
    if k == "prep":
        d.pushed.discard(target)
        st.say(f"{name(d, src)}: {tn} is Prepped")
    elif k == "push":
        d.pushed.add(target)
        st.say(f"{name(d, src)}: {tn} is Pushed")
    elif k == "clear_damage":
        for b in d.damage.pop(target, ()):
            to_discard(d, b)
        st.say(f"{name(d, src)}: all Damage on {tn} is discarded")
    elif k == "discard_from_play":  # not a KO: no KO triggers or replacements (PR-MX-8)
        st.say(f"{name(d, src)}: {tn} is discarded from play")
        leave_play(st, target)
    elif k == "bounce":
        st.say(f"{name(d, src)}: {tn} returns to {pl(d.owner[target])}'s hand")
        leave_play(st, target, to_hand=True)
    elif k == "buff":
        d.mods.append((target, "buff", op.stat, op.amount, op.duration))
        span = "this turn" if op.duration == "turn" else "for good"
        st.say(f"{name(d, src)}: {tn} gets {op.amount:+d} {op.stat} {span}")
    elif k == "grant":
        d.mods.append((target, "kw", op.keyword, 0, op.duration))
        span = "this turn" if op.duration == "turn" else "for good"
        st.say(f"{name(d, src)}: {tn} gains {op.keyword} {span}")
    elif k == "gain_mp":  # self-contained ops used by replacement effects
        gain_mp(st, d.owner[src], op.count, name(d, src))
    elif k == "draw":
        draw(st, d.owner[src] if op.who == "you" else 1 - d.owner[src], op.count)
    if k in ("buff", "discard_from_play", "bounce"):
        check_kos(st)  # MX-KO-6: Ranks (or auras) changed


def attach_damage(st: GameState, target: int, card: int, src: int) -> None:
    d: MetaXData = st.data
    d.discard[d.owner[card]].remove(card)
    d.damage.setdefault(target, []).append(card)
    st.say(f"{name(d, src)}: {name(d, card)} is attached to {name(d, target)} as Damage")
    check_kos(st)  # MX-KO-2: KO'd at once, even outside the Battle Step


# ----------------------------------------------------------------- decisions
def actions_for(st: GameState) -> list[Action]:
    d: MetaXData = st.data
    dec = st.decision
    k = dec.kind
    if k == "target":
        _, cands = dec.params
        return [Action(f"target:c{i}", f"Target {char_name(d, i)} ({pl(d.owner[i])})", ("target", i)) for i in cands]
    if k == "damage_card":
        _, _, cands = dec.params
        return [Action(f"card:c{i}", f"Attach {name(d, i)}", ("damage_card", i)) for i in cands]
    if k == "search":
        _, cands = dec.params
        acts = [Action(f"take:c{i}", f"Take {name(d, i)}", ("search", i)) for i in cands]
        return acts + [Action("none", "Find nothing (the deck is shuffled)", ("search", -1))]
    if k == "recover":
        _, cands = dec.params
        return [Action(f"take:c{i}", f"Return {name(d, i)} to your hand", ("recover", i)) for i in cands]
    if k == "put_into_play":
        _, cands = dec.params
        return [Action(f"put:c{i}", f"Put {name(d, i)} into play", ("put_into_play", i)) for i in cands]
    if k == "discard":
        p, n, src = dec.params
        return [Action(f"discard:c{i}", f"Discard {name(d, i)}", ("discard", i))
                for i in distinct_by_name(d, d.hand[p])]
    if k == "may":
        return [Action("yes", "Use the effect", ("may", True)), Action("no", "Don't use it", ("may", False))]
    raise KeyError(k)


def perform(st: GameState, act: Action, dec) -> None:
    d: MetaXData = st.data
    kind, val = act.args
    params = dec.params
    if kind == "target":
        apply_targeted(st, params[0], val)
    elif kind == "damage_card":
        step, target = params[0], params[1]
        attach_damage(st, target, val, step[1])
    elif kind == "search":
        step = params[0]
        ctrl = step[2]
        if val >= 0:
            d.deck[ctrl].remove(val)
            d.hand[ctrl].append(val)
            st.say(f"{pl(ctrl)} searches their deck and takes {name(d, val)}", ctrl,
                   f"{pl(ctrl)} searches their deck and takes a card")
        else:
            st.say(f"{pl(ctrl)} searches their deck and finds nothing")
        st.rng.shuffle(d.deck[ctrl])
        st.say(f"{pl(ctrl)} shuffles their deck (MX-ZONE-3)")
        check_decks(st)  # MX-WIN-3: taking the last card empties the deck
    elif kind == "put_into_play":
        step = params[0]
        ctrl = step[2]
        op = d.cards[step[1]].effects[step[3]].do[step[4]]
        if op.zone == "hand":
            d.from_hand(ctrl, val)
        else:
            d.discard[ctrl].remove(val)
        st.say(f"{pl(ctrl)} puts {name(d, val)} into play from their {op.zone} ({name(d, step[1])})")
        enter_play(st, val, ctrl)
    elif kind == "recover":
        ctrl = params[0][2]
        d.discard[ctrl].remove(val)
        d.hand[ctrl].append(val)
        d.revealed.add(val)  # the discard pile is public, so is this card's trip to the hand
        st.say(f"{pl(ctrl)} returns {name(d, val)} from the discard pile to their hand")
    elif kind == "discard":
        p, n, src = params
        d.from_hand(p, val)
        to_discard(d, val)
        st.say(f"{pl(p)} discards {name(d, val)} ({name(d, src)})")
        if n > 1 and d.hand[p]:
            st.push(("discard", p, n - 1, src))
    elif kind == "may":
        _, src, ctrl, ei, user, foe, aidx = params[0]
        if val:
            st.push(("op", src, ctrl, ei, 0, user, foe, aidx))
        else:
            st.say(f"{pl(ctrl)} chooses not to use {name(d, src)}'s effect")
