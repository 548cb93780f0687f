"""MetaX turn procedure: setup, mulligan, the Prep and Planning Steps, triggers, and the tables
that wire every step, decision and action kind (battle and effect ones included) to its handler."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ...engine.action import Action, Decision
from ...engine.state import ORDER_DECISION, GameState, ResolveTrigger
from . import battle, characters, ops, piles, stats
from .data import MetaXData
from .ops import distinct_by_name, event_has_effect, push_has_effect, start_effect
from .records import (END_PLANNING, PLANNING, ATTACKS, Bottom, EffectUse, EventDone, Mulligan,
                      MulliganAsk, PickCard, PlayCharacter, PlayEvent, PushForEffect, ToBottom)
from .zones import char_name, draw, entering_name, gain_mp, name, opponent, pl, say_choice, to_discard

MULLIGAN_ACTIONS = [Action("mulligan", "Mulligan: hand to the bottom of the deck, draw 5 new cards", Mulligan(True)),
                    Action("keep", "Keep this hand", Mulligan(False))]
END_PLANNING_ACTION = Action("end_planning", "Go to the Battle Step", END_PLANNING)



def _setup(st: GameState, step: Any) -> None:
    """MX-SETUP-1..3: shuffle, pick the first player at random, draw 5 each."""
    d: MetaXData = st.data
    for p in (0, 1):
        st.rng.shuffle(d.deck[p])
        d.bottom[p] = 0
        if st.logging:
            st.say(f"{pl(p)} shuffles their deck")
    d.first = st.rng.coin()
    d.active = d.first
    if st.logging:
        st.say(f"Coin flip: {pl(d.first)} takes the first turn")
    second = opponent(d.first)
    for p in (d.first, second):
        draw(st, p, 5)
    d.phase = "mulligan"
    st.push(MulliganAsk(d.first), MulliganAsk(second))


def _mulligan_ask(st: GameState, step: MulliganAsk) -> None:
    st.decide(step.seat, "mulligan", (), "Mulligan? (hand to the bottom of your deck, draw 5)")


def _bottom(st: GameState, step: Bottom) -> None:
    d: MetaXData = st.data
    p = step.seat
    if len(distinct_by_name(d, d.hand[p])) == 1:  # no "(only choice)" log naming them (MX-SETUP-7)
        for c in d.hand[p]:
            d.deck[p].append(c)
            d.bottom[p] += 1
            if st.logging:
                st.say(f"{pl(p)} puts {name(d, c)} on the bottom of their deck", p,
                       f"{pl(p)} puts a card on the bottom of their deck")
        d.hand[p].clear()
    if d.hand[p]:
        st.decide(p, "bottom", step, "Choose the next card to put on the bottom of your deck")
    else:
        draw(st, p, 5)


def _mulligan_options(st: GameState, dec: Decision) -> list[Action]:
    return list(MULLIGAN_ACTIONS)


def _bottom_options(st: GameState, dec: Decision) -> list[Action]:
    d: MetaXData = st.data
    p = dec.params.seat
    cards = d.cards
    return [Action(f"bottom:c{c}", f"Put {cards[c].name} next on the bottom", ToBottom(p, c))
            for c in distinct_by_name(d, d.hand[p])]


def _do_mulligan(st: GameState, a: Mulligan, dec: Decision) -> None:
    d: MetaXData = st.data
    q = dec.player
    d.mulligan[q] = a.take
    if st.logging:
        st.say(f"{pl(q)} {'mulligans' if a.take else 'keeps their hand'}")
    if a.take:
        st.stack.append(Bottom(q))


def _do_to_bottom(st: GameState, a: ToBottom, dec: Decision) -> None:
    d: MetaXData = st.data
    q, c = a.seat, a.card
    d.from_hand(q, c)
    d.deck[q].append(c)
    d.bottom[q] += 1
    if st.logging:
        st.say(f"{pl(q)} puts {name(d, c)} on the bottom of their deck", q,
               f"{pl(q)} puts a card on the bottom of their deck")
    st.stack.append(Bottom(q))


# ----------------------------------------------------------------- Prep and Planning
def _prep(st: GameState, step: Any) -> None:
    """MX-PREP-1..6."""
    d: MetaXData = st.data
    d.phase = "prep"
    p = d.active
    if d.turn == 1:
        if st.logging:
            st.say(f"{pl(p)} skips the Prep Step on the first turn")
        return
    mine = [c for c in d.inplay[p] if c in d.pushed]
    for c in mine:
        d.pushed.discard(c)
    if mine and st.logging:
        st.say(f"{pl(p)} Preps {', '.join(name(d, c) for c in mine)}")
    draw(st, p, 1)


def _planning(st: GameState, step: Any) -> None:
    d: MetaXData = st.data
    d.phase = "planning"
    st.decide(d.active, "planning", (), "Planning Step: play a Character or Events, use Push effects")


def _triggered(st: GameState, step: ResolveTrigger) -> None:
    """The kernel hands over one triggered ability (an EffectUse) in the order chosen."""
    start_effect(st, step.trigger)


def _event_done(st: GameState, step: EventDone) -> None:
    d: MetaXData = st.data
    iid = step.card
    if iid in d.resolving:
        d.resolving.remove(iid)
        to_discard(d, iid)


def play_label(name: str, mp: int) -> str:
    return f"Play {name} (+{mp} MP)"


def event_label(name: str, mp: int) -> str:
    return f"Play event {name} ({mp} MP)"


def push_label(name: str) -> str:
    return f"Push {name} to use its effect"


def _push_label_of(d: MetaXData, c: int) -> str:
    return push_label(char_name(d, c))


def _planning_options(st: GameState, dec: Decision) -> list[Action]:
    d: MetaXData = st.data
    p = d.active
    cards = d.cards
    acts = []
    hand = distinct_by_name(d, d.hand[p])
    log = st.logging  # labels: made now in normal mode, only when read in quiet mode
    if not d.played_char and len(d.inplay[p]) < 3:  # MX-PLAN-2/3
        for c in hand:
            cd = cards[c]
            if cd.type == "character":
                acts.append(Action(f"play:c{c}", play_label(cd.name, cd.mp) if log
                                   else partial(play_label, cd.name, cd.mp), PlayCharacter(c)))
    mp = d.mp[p]
    for c in hand:
        cd = cards[c]
        if cd.type == "event" and (cd.mp >= 0 or mp >= -cd.mp) and event_has_effect(st, p, c):  # MX-MP-11, PR-MX-9
            acts.append(Action(f"event:c{c}", event_label(cd.name, cd.mp) if log
                               else partial(event_label, cd.name, cd.mp), PlayEvent(c)))
    pushed = d.pushed
    for c in d.inplay[p]:
        pushes = cards[c].push_effects
        if not pushes or c in pushed or stats.new_this_turn(d, c):  # MX-PLAN-6/7
            continue
        several = len(pushes) > 1
        for ei in pushes:
            if not push_has_effect(st, c, ei):  # PR-MX-9: no Push for nothing
                continue
            acts.append(Action(f"push:c{c}:{ei}" if several else f"push:c{c}",
                               push_label(char_name(d, c)) if log else partial(_push_label_of, d, c),
                               PushForEffect(c, ei)))
    acts.append(END_PLANNING_ACTION)
    return acts


def _do_play_character(st: GameState, a: PlayCharacter, dec: Decision) -> None:
    d: MetaXData = st.data
    p = d.active
    c = a.card
    d.from_hand(p, c)
    d.played_char = True  # MX-PLAN-2: only Characters played from hand count
    if st.logging:
        st.say(f"{pl(p)} plays {entering_name(d, p, c)}")
    st.stack.append(PLANNING)
    ops.enter_play(st, c, p)


def _do_play_event(st: GameState, a: PlayEvent, dec: Decision) -> None:
    d: MetaXData = st.data
    p = d.active
    c = a.card
    d.from_hand(p, c)
    d.resolving.append(c)
    if st.logging:
        st.say(f"{pl(p)} plays event {name(d, c)}")
    gain_mp(st, p, d.cards[c].mp, c)  # MX-PLAN-8: pay, use, discard
    st.push(EventDone(c), PLANNING)  # discarded once used, before the next choice
    effs = d.cards[c].effects
    for ei in range(len(effs) - 1, -1, -1):
        if effs[ei].kind == "play":
            start_effect(st, EffectUse(c, p, ei))


def _do_push(st: GameState, a: PushForEffect, dec: Decision) -> None:
    d: MetaXData = st.data
    p = d.active
    c = a.card
    d.pushed.add(c)
    if st.logging:
        st.say(f"{pl(p)} Pushes {name(d, c)} to use its effect")
    st.stack.append(PLANNING)
    start_effect(st, EffectUse(c, p, a.effect))


def _do_end_planning(st: GameState, a: Any, dec: Decision) -> None:
    if st.logging:
        say_choice(st, dec.player, f"{pl(dec.player)} ends the Planning Step", len(_planning_options(st, dec)) == 1)
    st.stack.append(ATTACKS)


# ----------------------------------------------------------------- "surely several" tests
def _planning_several(st: GameState, dec: Decision) -> bool:
    """"Go to the Battle Step" is always offered; a Character that may be played is surely
    another. Events and Push effects would need a look at what they could do (PR-MX-9), which
    listing the options does anyway: "not sure" then, and the kernel lists them once."""
    d: MetaXData = st.data
    p = d.active
    if d.played_char or len(d.inplay[p]) >= 3:  # MX-PLAN-2/3
        return False
    cards = d.cards
    return any(cards[c].is_character for c in d.hand[p])


def _bottom_several(st: GameState, dec: Decision) -> bool:
    d: MetaXData = st.data
    hand = d.hand[dec.params.seat]
    if len(hand) < 2:
        return False
    cards = d.cards
    first = cards[hand[0]].name
    for c in hand:
        if cards[c].name != first:
            return True
    return False


def _always(st: GameState, dec: Decision) -> bool:
    return True


SEVERAL: dict[str, Callable[[GameState, Decision], bool]] = {
    "planning": _planning_several,
    "mulligan": _always,
    "bottom": _bottom_several,
    ORDER_DECISION: _always,  # the kernel asks only for groups of two or more
    **battle.SEVERAL,
    **ops.SEVERAL,
    **characters.SEVERAL,
    **piles.SEVERAL,
}

STEPS: dict[str, Callable[[GameState, Any], None]] = {
    "setup": _setup,
    "mulligan_ask": _mulligan_ask,
    "bottom": _bottom,
    "prep": _prep,
    "planning": _planning,
    "event_done": _event_done,
    "trigger": _triggered,
    **battle.STEPS,
    **ops.STEPS,
    **piles.STEPS,
}

OPTIONS: dict[str, Callable[[GameState, Decision], list[Action]]] = {
    "planning": _planning_options,
    "mulligan": _mulligan_options,
    "bottom": _bottom_options,
    **battle.OPTIONS,
    **ops.OPTIONS,
    **characters.OPTIONS,
    **piles.OPTIONS,
}

#: what a picked card does, by the decision's kind (target, Damage card, search, discard...)
PICKED: dict[str, Callable[[GameState, Any, int], None]] = {**ops.PICKED, **characters.PICKED, **piles.PICKED}


def _do_pick(st: GameState, a: PickCard, dec: Decision) -> None:
    PICKED[dec.kind](st, dec.params, a.card)


PERFORM: dict[str, Callable[[GameState, Any, Decision], None]] = {
    "play_character": _do_play_character,
    "play_event": _do_play_event,
    "push_for_effect": _do_push,
    "end_planning": _do_end_planning,
    "mulligan": _do_mulligan,
    "to_bottom": _do_to_bottom,
    "pick_card": _do_pick,
    **battle.PERFORM,
    **ops.PERFORM,
}
