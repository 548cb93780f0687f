"""Activated abilities, Events and triggered abilities, and the ops they are made of
(MB-ABIL, MB-EVT, MB-SPEC-3/4).

An activation is offered only when it can be paid in full and every op could do something
now (MB-ABIL-1, MB-PAY-9, MB-SPEC-4); it resolves completely before anything else is
activated (MB-ABIL-4/9). An activated ability or Event that then cannot finish costs its
player 1 card from anywhere (MB-SPEC-3); a trigger that cannot do an op just skips it
(PR-MB-5).
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.cardfile import first_of_each_name
from . import grid, schema
from .data import MetabaloidsData
from .ops import OPS, op_ok, unfinished
from .pay import can_pay, from_hand, pl, refill, take_top, top_available
from .records import CardPick, Choose, ColPick, EventDone, LoopCheck, Ops, Pay, Place, SeatPick, Use
from .endings import required_draw
from .zones import col_name, lose_top
from .wording import ability_lines

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState

# ----------------------------------------------------------------- what a seat may use now
def timings(st: "GameState", seat: int, bonus: bool) -> frozenset[str]:
    """The timings usable now: any time; own turn in the seat's own turn (not in setup);
    attack abilities and Events in the bonus window of a battle the seat fights (MB-TOT-8)."""
    d: MetabaloidsData = st.data
    return _TIMINGS[d.active == seat and d.phase not in ("setup", "draw"), bonus]


#: (own turn?, bonus window?) -> the timings usable (built once: windows ask every seat)
_TIMINGS = {(own, bonus): frozenset({"any_time"} | ({"own_turn"} if own else set()) | ({"attack"} if bonus else set()))
            for own in (False, True) for bonus in (False, True)}


def uses(st: "GameState", seat: int, allowed: frozenset[str], quick: bool = False) -> list[Action]:
    """Every ability and Event ``seat`` could use now with these timings (``quick``: stop at the
    first one found, for ``can_respond``); none for a seat that went round in a loop this turn
    (PR-MB-13)."""
    d: MetabaloidsData = st.data
    if seat in d.looped:
        return []
    cards = d.cards
    log = st.logging          # labels: made now in normal mode, only when read in quiet mode
    acts: list[Action] = []
    b = d.battle
    battle_col = -1
    if b is not None and "attack" in allowed:
        battle_col = b.acol if seat == b.attacker else b.dcol if seat == b.defender else -1
    for ci, col in enumerate(d.columns[seat]):
        for c in col:
            cd = cards[c]
            if not cd.activated or c in d.safe or c in d.used:
                continue
            for idx in cd.activated:
                ab = cd.abilities[idx]
                if ab.timing not in allowed or (ab.timing == "attack" and ci != battle_col):
                    continue
                if not can_pay(d, seat, ab.cost, True) or not all(op_ok(d, seat, c, o) for o in ab.do):
                    continue
                aid = f"use:c{c}" if len(cd.activated) == 1 else f"use:c{c}#{idx}"
                acts.append(Action(aid, _use_label(cd.name, cd.text, ab.cost, "anywhere") if log
                                   else partial(_use_label, cd.name, cd.text, ab.cost, "anywhere"), Use(seat, c, idx)))
                if quick:
                    return acts
    # one Event per name (PR-K-4); a quick look only asks whether there is one
    for c in d.hand[seat] if quick else first_of_each_name(cards, d.hand[seat]):
        cd = cards[c]
        if not cd.is_event or cd.event_timing not in allowed:
            continue
        if cd.event_timing == "attack" and (b is None or seat not in (b.attacker, b.defender)):
            continue
        if not can_pay(d, seat, cd.cost, False, c) or not all(op_ok(d, seat, c, o) for o in cd.event_ops):
            continue
        acts.append(Action(f"event:c{c}", _event_label(cd.name, cd.text, cd.cost) if log
                           else partial(_event_label, cd.name, cd.text, cd.cost), Use(seat, c, -1)))
        if quick:
            return acts
    return acts


def _use_label(name: str, text: str, cost: int, where: str) -> str:
    price = f" (cost {cost} from {where})" if cost else " (no cost)"
    return f"Use {name}{price}" + (f": {text}" if text else "")


def _event_label(name: str, text: str, cost: int) -> str:
    return "Play Event " + _use_label(name, text, cost, "hand")[4:]


def burn_seats(d: MetabaloidsData, seat: int, who: str) -> list[int]:
    if who == "battle_foe":
        b = d.battle
        if b is None or seat not in (b.attacker, b.defender):
            return []
        foes = [b.defender if seat == b.attacker else b.attacker]
    else:
        foes = [(seat + i) % d.n for i in range(1, d.n)]
    return [o for o in foes if top_available(d, o)]


def shift_options(d: MetabaloidsData, seat: int) -> list[tuple[int, int]]:
    b = d.battle
    marked = (b.acard, b.tcard) if b is not None else ()
    return [(c, i) for c in d.in_play(seat) if c not in d.safe and c not in marked for i in grid.spots(d, seat, c)]


def shelter_cols(d: MetabaloidsData, seat: int) -> list[int]:
    return [i for i, col in enumerate(d.columns[seat]) if any(c not in d.safe for c in col)]


def rally_cols(d: MetabaloidsData, seat: int) -> list[int]:
    return [i for i, col in enumerate(d.columns[seat]) if any(c in d.safe for c in col)]


def refresh_cards(d: MetabaloidsData, seat: int, card: int) -> list[int]:
    """Other used cards with an ability to use again; never one that could refresh in turn,
    so two refreshers cannot loop (PR-MB-6)."""
    cards = d.cards
    return [c for c in d.in_play(seat) if c != card and c in d.used and cards[c].activated
            and not any(o.op == "refresh" for i in cards[c].activated for o in cards[c].abilities[i].do)]


def stash_cards(d: MetabaloidsData, seat: int, max_cost: int, card: int) -> list[int]:
    cards = d.cards
    return first_of_each_name(cards, [c for c in d.hand[seat]
                                      if c != card and cards[c].is_creature and cards[c].cost <= max_cost])


# ----------------------------------------------------------------- activation
def activate(st: "GameState", use: Use, then: Any = None) -> None:
    """Mark the card used (MB-ABIL-6) or put the Event in the event area (MB-EVT-4), pay,
    then carry out the ops and note the position (PR-MB-13); ``then`` runs afterwards (the
    phase's decision, a window)."""
    d: MetabaloidsData = st.data
    cd = d.cards[use.card]
    steps: list[Any] = []
    if use.ability < 0:
        from_hand(d, use.seat, use.card)
        d.events[use.seat].append(use.card)
        if st.logging:
            st.say(f"{pl(use.seat)} plays the Event {cd.name}" + (f": {cd.text}" if cd.text else ""))
        if cd.cost:
            steps.append(Pay(use.seat, cd.cost, False, f"the Event {cd.name}"))
        steps += [Ops(use, 0), EventDone(use.seat, use.card)]
    else:
        d.used.add(use.card)
        ab = cd.abilities[use.ability]
        if st.logging:
            st.say(f"{pl(use.seat)} uses the ability of {cd.name}" + (f": {cd.text}" if cd.text else ""))
        if ab.cost:
            steps.append(Pay(use.seat, ab.cost, True, f"the ability of {cd.name}"))
        steps.append(Ops(use, 0))
    steps.append(LoopCheck(use.seat))
    if then is not None:
        steps.append(then)
    st.push(*steps)


def event_done(st: "GameState", step: EventDone) -> None:
    """The Event goes to the discard pile, unless its bonus lasts for the battle (MB-EVT-4)."""
    d: MetabaloidsData = st.data
    if step.card not in d.events[step.seat]:
        return
    b = d.battle
    lasting = b is not None and any(o.op in ("bonus", "weaken") for o in d.cards[step.card].event_ops)
    if not lasting:
        d.events[step.seat].remove(step.card)
        d.discard[step.seat].append(step.card)


def _burn(st: "GameState", seat: int, o: int, count: int) -> None:
    """The top cards of an opponent's draw pile go to their lost pile; not a draw (MB-WIN-5)."""
    d: MetabaloidsData = st.data
    gone = lose_top(st, o, count)
    if st.logging:
        st.say(f"{pl(o)} loses {', '.join(d.name(c) for c in gone) or 'nothing'} from the top of their draw pile")


# ----------------------------------------------------------------- the ops (registered units)
# Each op: what it does (True: go on with the next op), whether it could do anything now
# (MB-SPEC-4), and for an op that asks its controller, the options and the pick.

def _could_draw(d: MetabaloidsData, at: tuple[int, int], op: Any) -> bool:
    return top_available(d, at[0])


@OPS.op(schema.Draw, ready=_could_draw)
def _draw(st: "GameState", step: Ops, op: schema.Draw) -> bool:
    return required_draw(st, step.use.seat, op.count)


def _could_reclaim(d: MetabaloidsData, at: tuple[int, int], op: Any) -> bool:
    return any(d.cards[c].is_creature for c in d.discard[at[0]])


@OPS.op(schema.Reclaim, ready=_could_reclaim)
def _reclaim(st: "GameState", step: Ops, op: schema.Reclaim) -> bool:
    """Creature cards only: Events stay where they lie (PR-MB-12)."""
    d: MetabaloidsData = st.data
    use = step.use
    seat = use.seat
    pile = d.discard[seat]
    got = [c for c in reversed(pile) if d.cards[c].is_creature][:op.count]
    for c in got:
        pile.remove(c)
        d.hand[seat].append(c)
        d.known.add(c)
    if not got and use.activated:
        unfinished(st, use, "no creature card in the discard pile")
        return False
    if got and st.logging:
        st.say(f"{pl(seat)} takes {', '.join(d.name(c) for c in got)} from the discard pile into hand")
    return True


@OPS.op(schema.Dig, ready=_could_draw)
def _dig(st: "GameState", step: Ops, op: schema.Dig) -> bool:
    d: MetabaloidsData = st.data
    use = step.use
    seat = use.seat
    if not d.draw[seat]:
        refill(st, seat)
    if not d.draw[seat]:
        if use.activated:
            unfinished(st, use, "the draw pile is empty")
            return False
        return True
    c = d.draw[seat][-1]
    if d.cards[c].is_creature:
        take_top(st, seat)
        d.reserve[seat].append(c)
        if st.logging:
            st.say(f"{pl(seat)} reveals {d.name(c)} from the top of their draw pile and puts it into "
                   "their reserve")
        return True
    d.top_known[seat] = c
    if st.logging:
        st.say(f"{pl(seat)} reveals {d.name(c)} from the top of their draw pile: not a creature, "
               "it stays there")
    if use.activated:
        unfinished(st, use, f"{d.name(c)} is not a creature")
        return False
    return True


def _constant(st: "GameState", step: Ops, op: Any) -> bool:
    """Column bonus and Tall apply by themselves while the card is in play (MB-ABIL-10)."""
    return True


OPS.op(schema.ColumnBonus, ready=lambda d, at, op: False)(_constant)   # never activated
OPS.op(schema.Tall, ready=lambda d, at, op: False)(_constant)


def _ask(st: "GameState", step: Ops, op: Any) -> bool:
    """An op that asks its controller a choice now."""
    st.decide(step.use.seat, "choose", Choose(step.use, step.op), _CHOICE_PROMPTS[op.op])
    return False


_CHOICE_PROMPTS = {"shift": "Move one of your cards to another column (free)",
                   "rally": "Choose a safe column to turn upright",
                   "shelter": "Choose a column to make safe",
                   "refresh": "Choose a card that may use its ability again",
                   "stash": "Choose a creature to put into your reserve for free",
                   "burn": "Choose the opponent whose top draw-pile cards are lost"}


def _shift_options(st: "GameState", ch: Choose, op: Any) -> list[Action]:
    d: MetabaloidsData = st.data
    return [Action(f"shift:c{c}@{i + 1}", f"Shift {d.name(c)} to the {col_name(i)} column", Place(c, i))
            for c, i in shift_options(d, ch.use.seat)]


def _shifted(st: "GameState", ch: Choose, op: Any, pick: Any) -> None:
    d: MetabaloidsData = st.data
    seat = ch.use.seat
    src = d.column_of(pick.card)
    d.columns[seat][src].remove(pick.card)
    d.columns[seat][pick.col].append(pick.card)
    if st.logging:
        st.say(f"{pl(seat)} shifts {d.name(pick.card)} to the {col_name(pick.col)} column")


OPS.op(schema.Shift, ready=lambda d, at, op: bool(shift_options(d, at[0])),
       options=_shift_options, chosen=_shifted)(_ask)


def _rally_options(st: "GameState", ch: Choose, op: Any) -> list[Action]:
    return [Action(f"rally:@{i + 1}", f"Turn your {col_name(i)} column upright (no longer safe)", ColPick(i))
            for i in rally_cols(st.data, ch.use.seat)]


def _rallied(st: "GameState", ch: Choose, op: Any, pick: Any) -> None:
    d: MetabaloidsData = st.data
    seat = ch.use.seat
    d.safe.difference_update(d.columns[seat][pick.col])
    if st.logging:
        st.say(f"{pl(seat)}'s {col_name(pick.col)} column turns upright: no longer safe")


OPS.op(schema.Rally, ready=lambda d, at, op: any(any(c in d.safe for c in col) for col in d.columns[at[0]]),
       options=_rally_options, chosen=_rallied)(_ask)


def _shelter_options(st: "GameState", ch: Choose, op: Any) -> list[Action]:
    return [Action(f"shelter:@{i + 1}", f"Make your {col_name(i)} column safe", ColPick(i))
            for i in shelter_cols(st.data, ch.use.seat)]


def _sheltered(st: "GameState", ch: Choose, op: Any, pick: Any) -> None:
    d: MetabaloidsData = st.data
    seat = ch.use.seat
    d.safe.update(d.columns[seat][pick.col])
    if st.logging:
        st.say(f"{pl(seat)}'s {col_name(pick.col)} column turns sideways: safe (MB-SAFE-5)")


OPS.op(schema.Shelter, ready=lambda d, at, op: bool(shelter_cols(d, at[0])),
       options=_shelter_options, chosen=_sheltered)(_ask)


def _refresh_options(st: "GameState", ch: Choose, op: Any) -> list[Action]:
    d: MetabaloidsData = st.data
    return [Action(f"refresh:c{c}", f"{d.name(c)} may use its ability again this round", CardPick(c))
            for c in refresh_cards(d, ch.use.seat, ch.use.card)]


def _refreshed(st: "GameState", ch: Choose, op: Any, pick: Any) -> None:
    d: MetabaloidsData = st.data
    d.used.discard(pick.card)
    if st.logging:
        st.say(f"{d.name(pick.card)} may use its ability again this round")


OPS.op(schema.Refresh, ready=lambda d, at, op: bool(refresh_cards(d, at[0], at[1])),
       options=_refresh_options, chosen=_refreshed)(_ask)


def _stash_options(st: "GameState", ch: Choose, op: Any) -> list[Action]:
    d: MetabaloidsData = st.data
    return [Action(f"stash:c{c}", f"Put {d.name(c)} into your reserve for free", CardPick(c))
            for c in stash_cards(d, ch.use.seat, op.max_cost, ch.use.card)]


def _stashed(st: "GameState", ch: Choose, op: Any, pick: Any) -> None:
    d: MetabaloidsData = st.data
    seat = ch.use.seat
    from_hand(d, seat, pick.card)
    d.reserve[seat].append(pick.card)
    if st.logging:
        st.say(f"{pl(seat)} puts {d.name(pick.card)} from hand into their reserve for free")


OPS.op(schema.Stash, ready=lambda d, at, op: bool(stash_cards(d, at[0], op.max_cost, at[1])),
       options=_stash_options, chosen=_stashed)(_ask)


def _burn_step(st: "GameState", step: Ops, op: schema.Burn) -> bool:
    """Each opponent at once, no choice; else the controller picks the opponent."""
    if op.who == "each_opponent":
        seat = step.use.seat
        for o in burn_seats(st.data, seat, "opponent"):
            _burn(st, seat, o, op.count)
        return True
    return _ask(st, step, op)


def _burn_options(st: "GameState", ch: Choose, op: Any) -> list[Action]:
    return [Action(f"burn:P{o + 1}", f"{pl(o)} loses the top {op.count} card{'s' if op.count > 1 else ''} "
                                     "of their draw pile", SeatPick(o))
            for o in burn_seats(st.data, ch.use.seat, op.who)]


def _burned(st: "GameState", ch: Choose, op: Any, pick: Any) -> None:
    _burn(st, ch.use.seat, pick.seat, op.count)


OPS.op(schema.Burn, ready=lambda d, at, op: bool(burn_seats(d, at[0], op.who)),
       options=_burn_options, chosen=_burned)(_burn_step)


# ----------------------------------------------------------------- triggers
def triggers_for(st: "GameState", event: Any) -> list[Use]:
    """on_deploy when a card is deployed from the reserve; when_lost when a card goes from the
    play area to the lost pile."""
    d: MetabaloidsData = st.data
    kind, card = event
    cd = d.cards[card]
    idxs = cd.on_deploy if kind == "deployed" else cd.when_lost if kind == "lost" else ()
    return [Use(d.owner[card], card, i, False) for i in idxs]


def describe(st: "GameState", use: Use) -> str:
    """The card and the one ability that triggered, worded from its ops (a card's whole text
    would read alike for its two triggers)."""
    d: MetabaloidsData = st.data
    cd = d.cards[use.card]
    lines = ability_lines(cd)
    what = lines[use.ability] if 0 <= use.ability < len(lines) and not cd.is_event else cd.text
    return f"{cd.name} ({pl(use.seat)})" + (f": {what}" if what else "")

