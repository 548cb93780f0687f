"""The Attack Phase: starting attacks (MB-ATK), totals (MB-TOT), results (MB-RES), the
losing card (MB-LOSS) and safety (MB-SAFE); card losses are paid in :mod:`.pay`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.events import emit
from ...engine.seats import clockwise
from ...engine.windows import Window
from .data import Battle, MetabaloidsData
from .pay import can_lose_any, can_pay, lose, pl, take_top
from .records import (DONE, Ops, AttackNext, BattleDraw, BattleEnd, BattleResult, CardPick, Declare, Lose, Pay, Phase,
                      Seat, Target)
from . import schema
from .endings import out_of_cards
from .ops import OPS, unfinished
from .zones import col_name

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState


# ----------------------------------------------------------------- who can attack whom
def fighters(d: MetabaloidsData, p: int) -> list[int]:
    """Cards of ``p`` that can attack or be attacked: in play and not safe (MB-SAFE-5/6)."""
    safe = d.safe
    return [c for col in d.columns[p] for c in col if c not in safe]


def targets_left(d: MetabaloidsData, p: int) -> list[int]:
    """Opponents ``p`` may still attack this turn that have a card to attack (MB-ATK-1/8)."""
    return [o for o in clockwise(d.n, p)[1:] if o not in d.attacked and fighters(d, o)]


def can_attack(d: MetabaloidsData, p: int) -> bool:
    """A legal attack exists: an attacking card, a target, and 1 point from anywhere (MB-ATK-8)."""
    return bool(fighters(d, p)) and bool(targets_left(d, p)) and can_pay(d, p, 1, True)


def attack_next(st: "GameState", step: AttackNext) -> None:
    """Start an attack (mandatory if any is possible, MB-ATK-2/9), another one against a new
    opponent (MB-ATK-3), or end attacks; no legal attack at all: the penalty (MB-ATK-8)."""
    d: MetabaloidsData = st.data
    p = step.seat
    d.phase = "attack"
    if can_attack(d, p):
        st.decide(p, "attack", Seat(p), "Choose your attacking card"
                  + (" or end attacks" if d.attacks else ""))
        return
    if d.attacks == 0 and not d.penalty:
        d.penalty = True
        if st.logging:
            st.say(f"{pl(p)} cannot attack anyone and must lose 1 card from anywhere (MB-ATK-5/8)")
        st.push(Lose(p, 1, True, "not attacking"), Phase(p, "restock"))
        return
    st.push(Phase(p, "restock"))


def column_total(d: MetabaloidsData, p: int, col: int, stat: str) -> int:
    """Attack (or Defense) of every card in the column that is not safe, with constant card
    bonuses (MB-TOT-3/4/7, MB-ABIL-10)."""
    cards = d.cards
    safe = d.safe
    t = 0
    for c in d.columns[p][col]:
        if c in safe:
            continue
        cd = cards[c]
        t += cd.attack + cd.attack_bonus if stat == "attack" else cd.defense + cd.defense_bonus
    return t


def attack_options(st: "GameState", p: int) -> list[Action]:
    d: MetabaloidsData = st.data
    acts = []
    for c in fighters(d, p):
        i = d.column_of(c)
        tot = column_total(d, p, i, "attack")
        acts.append(Action(f"attack:c{c}", f"Attack with {d.name(c)} from the {col_name(i)} column "
                                           f"(column Attack {tot})", CardPick(c)))
    if d.attacks:
        acts.append(Action("done", "End attacks", DONE))
    return acts


def choose_attacker(st: "GameState", p: int, c: int) -> None:
    d: MetabaloidsData = st.data
    if st.logging:
        st.say(f"{pl(p)} chooses {d.name(c)} in the {col_name(d.column_of(c))} column as the attacking card")
    st.decide(p, "target", Target(p, c), "Choose the card you attack")


def target_options(st: "GameState", step: Target) -> list[Action]:
    d: MetabaloidsData = st.data
    acts = []
    for o in targets_left(d, step.seat):
        for c in fighters(d, o):
            i = d.column_of(c)
            tot = column_total(d, o, i, "defense")
            acts.append(Action(f"target:c{c}", f"Attack {pl(o)}'s {d.name(c)} in the {col_name(i)} column "
                                               f"(column Defense {tot})", CardPick(c)))
    return acts


def choose_target(st: "GameState", step: Target, c: int) -> None:
    st.push(Pay(step.seat, 1, True, "starting a battle"), Declare(step.seat, step.card, c))


def declare(st: "GameState", step: Declare) -> None:
    """Both cards are marked; a window for everyone, the draws, the bonus window of the two
    sides, the result (MB-ATK-10, MB-TOT-8, PR-MB-1)."""
    d: MetabaloidsData = st.data
    a, t = step.card, step.target
    defender = d.owner[t]
    d.battle = Battle(step.seat, defender, a, t, d.column_of(a), d.column_of(t))
    d.attacked.append(defender)
    d.attacks += 1
    if st.logging:
        st.say(f"{pl(step.seat)} attacks: {d.name(a)} ({col_name(d.column_of(a))} column) against "
               f"{pl(defender)}'s {d.name(t)} ({col_name(d.column_of(t))} column); both turn sideways")
    ring = clockwise(d.n, d.active)
    st.push(Window("battle", ring, ring, 0, None), BattleDraw(),
            Window("bonus", (step.seat, defender), (step.seat, defender), 0, None), BattleResult(), BattleEnd())


def draw_value(d: MetabaloidsData, c: int) -> int:
    return d.cards[c].cost if c >= 0 else 0


def totals(d: MetabaloidsData, b: Battle) -> tuple[int, int]:
    """Drawn Rarity/Cost + the column + card bonuses, never below 0 (MB-TOT-2..4)."""
    at = draw_value(d, b.adraw) + column_total(d, b.attacker, b.acol, "attack") + b.abonus
    dt = draw_value(d, b.ddraw) + column_total(d, b.defender, b.dcol, "defense") + b.dbonus
    return max(0, at), max(0, dt)


def battle_draw(st: "GameState", step: BattleDraw) -> None:
    """Both sides draw one card for its Rarity/Cost; no card to draw ends the game (both at
    once: MB-WIN-6), in the short game it counts 0 (MB-TOT-9)."""
    d: MetabaloidsData = st.data
    b = d.battle
    assert b is not None
    a = take_top(st, b.attacker)
    t = take_top(st, b.defender)
    d.battle = b = b._replace(adraw=a, ddraw=t, drawn=True)
    failed = [p for p, c in ((b.attacker, a), (b.defender, t)) if c < 0 and not d.short_game]
    if failed:
        out_of_cards(st, failed)
        return
    if st.logging:
        for p, c in ((b.attacker, a), (b.defender, t)):
            st.say(f"{pl(p)} draws {d.name(c)} for the battle: +{d.cards[c].cost}" if c >= 0
                   else f"{pl(p)} has no card to draw for the battle: +0 (MB-WIN-9)")
        at, dt = totals(d, b)
        st.say(f"Totals so far: attack {at}, defense {dt}")


def battle_result(st: "GameState", step: BattleResult) -> None:
    d: MetabaloidsData = st.data
    b = d.battle
    assert b is not None
    at, dt = totals(d, b)
    d.battle = b = b._replace(atotal=at, dtotal=dt)
    if st.logging:
        st.say(f"Battle totals: {pl(b.attacker)} attack {at}, {pl(b.defender)} defense {dt}")
    _battle_events_to_discard(d, b)
    if at == dt:
        for p, c in ((b.attacker, b.adraw), (b.defender, b.ddraw)):
            if c >= 0:
                lose(st, p, c)
        d.battle = b._replace(adraw=-1, ddraw=-1)
        if st.logging:
            st.say("A tie: both drawn cards go to the lost piles; nothing else happens (MB-RES-2/6)")
        return
    for p, c in ((b.attacker, b.adraw), (b.defender, b.ddraw)):
        if c >= 0:
            d.discard[p].append(c)  # before losses are paid: the drawn card is the discard top (MB-TOT-6)
    d.battle = b = b._replace(adraw=-1, ddraw=-1)
    if at > dt:
        loser, card, col, damage = b.defender, b.tcard, b.dcol, at - dt
    else:
        loser, card, col, damage = b.attacker, b.acard, b.acol, dt - at
    winner = b.attacker if loser == b.defender else b.defender
    extra = damage
    if st.logging:
        st.say(f"{pl(winner)} wins the battle by {damage} (MB-RES-1/5)")
    if card in d.safe:   # made safe during the battle: out of it, so not lost (PR-MB-14)
        if st.logging:
            st.say(f"{pl(loser)}'s {d.name(card)} is safe and out of the battle: it is not lost, and all "
                   f"{damage} points are card losses (PR-MB-14)")
    elif card in d.columns[loser][col]:
        extra = damage - d.cards[card].defense
        lose_from_play(st, card)
        if st.logging:
            st.say(f"{pl(loser)}'s {d.name(card)} (Defense {d.cards[card].defense}) takes {damage} and goes to "
                   f"the lost pile (MB-LOSS-1..3)")
        rest = d.columns[loser][col]
        if rest:
            d.safe.update(rest)
            if st.logging:
                verb = "turns" if len(rest) == 1 else "turn"
                st.say(f"{', '.join(d.name(c) for c in rest)} {verb} sideways: safe until {pl(loser)} reinforces "
                       f"the {col_name(col)} column (MB-SAFE-1/2)")
    if extra > 0:
        if can_lose_any(d, loser, False):
            st.push(Lose(loser, extra, False, "card losses"))
        elif st.logging:
            st.say(f"{pl(loser)} has nothing left to pay {extra} points of card losses with (MB-CL-11)")


def lose_from_play(st: "GameState", card: int) -> None:
    """A card leaves the play area for the lost pile; its when-lost abilities trigger."""
    d: MetabaloidsData = st.data
    p = d.owner[card]
    d.columns[p][d.column_of(card)].remove(card)
    d.safe.discard(card)
    d.used.discard(card)
    lose(st, p, card)
    emit(st, ("lost", card))


def _battle_events_to_discard(d: MetabaloidsData, b: Battle) -> None:
    """Events whose bonus lasted for the battle go to the discard pile (MB-EVT-4)."""
    for p in (b.attacker, b.defender):
        if d.events[p]:
            d.discard[p].extend(d.events[p])
            d.events[p] = []


def battle_end(st: "GameState", step: BattleEnd) -> None:
    """Marked cards turn upright (MB-RES-6/7); the attacker may attack another opponent."""
    d: MetabaloidsData = st.data
    b = d.battle
    d.battle = None
    if b is not None:
        st.push(AttackNext(b.attacker))


# ----------------------------------------------------------------- battle ops (bonus, weaken)
def _in_a_battle(d: MetabaloidsData, at: tuple[int, int], op: Any) -> bool:
    b = d.battle
    return b is not None and at[0] in (b.attacker, b.defender)


def _battle_op(st: "GameState", step: Ops, op: Any) -> bool:
    """Bonus adds to your side of the battle, Weaken takes from the other (never below 0 when
    totalled, MB-TOT-3); outside a battle of yours an activation cannot finish."""
    d: MetabaloidsData = st.data
    use = step.use
    seat = use.seat
    b = d.battle
    if b is None or seat not in (b.attacker, b.defender):
        if use.activated:
            unfinished(st, use, "there is no battle of yours")
            return False
        return True
    mine = seat == b.attacker
    if op.op == "bonus":
        d.battle = b._replace(abonus=b.abonus + op.amount) if mine else b._replace(dbonus=b.dbonus + op.amount)
        what = f"+{op.amount} to {pl(seat)}'s side"
    else:
        d.battle = b._replace(dbonus=b.dbonus - op.amount) if mine else b._replace(abonus=b.abonus - op.amount)
        what = f"-{op.amount} to the other side"
    if st.logging:
        st.say(f"{d.name(use.card)}: {what} in this battle")
    return True


OPS.op(schema.Bonus, ready=_in_a_battle)(_battle_op)
OPS.op(schema.Weaken, ready=_in_a_battle)(_battle_op)
