"""MetaX ops on decks, hands, discard piles and MP: draw, mill, discard, search, recover, put a
Character into play, gain and drain MP. Each registers its unit in :data:`.ops.OPS` with what it
does, whether it could do anything now (PR-MX-9) and, for the ops that ask, the decision's options
and what the pick does. A search may always be made: the deck is hidden, so finding nothing is
allowed (PR-MX-2) and says nothing about the deck."""
from __future__ import annotations

from typing import Any, Callable

from ...engine.action import Action, Decision
from ...engine.state import GameState
from . import schema
from .data import MetaXData
from .ops import FIND_NOTHING, Ready, card_matches, distinct_by_name, enter_play, op_of, register, several_options
from .records import Choosing, Discarding, Op, PickCard
from .zones import check_decks, draw, entering_name, gain_mp, name, opponent, pl, to_discard


def _side(ctrl: int, who: str) -> int:
    return ctrl if who == "you" else opponent(ctrl)


# ----------------------------------------------------------------- draw and mill
def _draw(st: GameState, step: Op, op: schema.Draw) -> None:
    draw(st, _side(step.use.ctrl, op.who), op.count)


def _draw_on(st: GameState, op: schema.Draw, src: int, target: int) -> None:
    """A replacement effect's draw: its Character's owner (or their opponent) draws."""
    draw(st, _side(st.data.owner[src], op.who), op.count)


def _deck_left(st: GameState, ctx: Ready, op: schema.Draw | schema.Mill) -> bool:
    return bool(st.data.deck[_side(ctx[0].ctrl, op.who)])


def _mill(st: GameState, step: Op, op: schema.Mill) -> None:
    d: MetaXData = st.data
    p = _side(step.use.ctrl, op.who)
    for _ in range(op.count):
        if not d.deck[p]:
            break
        c = d.deck[p].pop(0)
        to_discard(d, c)
        if st.logging:
            st.say(f"{pl(p)} puts {name(d, c)} from the top of their deck into the discard pile")
        if check_decks(st):
            return


register(schema.Draw, _draw, ready=_deck_left, on_character=_draw_on)
register(schema.Mill, _mill, ready=_deck_left)


# ----------------------------------------------------------------- MP (MX-MP)
def _gain_mp(st: GameState, step: Op, op: schema.GainMp) -> None:
    gain_mp(st, step.use.ctrl, op.count, step.use.src)


def _gain_mp_on(st: GameState, op: schema.GainMp, src: int, target: int) -> None:
    """A replacement effect's MP goes to its Character's owner."""
    gain_mp(st, st.data.owner[src], op.count, src)


def _below_max(st: GameState, ctx: Ready, op: schema.GainMp) -> bool:
    d: MetaXData = st.data
    return d.mp[ctx[0].ctrl] < 10


def _drain_mp(st: GameState, step: Op, op: schema.DrainMp) -> None:
    gain_mp(st, opponent(step.use.ctrl), -op.count, step.use.src)


def _foe_has_mp(st: GameState, ctx: Ready, op: schema.DrainMp) -> bool:
    d: MetaXData = st.data
    return d.mp[opponent(ctx[0].ctrl)] > 0


register(schema.GainMp, _gain_mp, ready=_below_max, on_character=_gain_mp_on)
register(schema.DrainMp, _drain_mp, ready=_foe_has_mp)


# ----------------------------------------------------------------- discard from hand
def _discard(st: GameState, step: Op, op: schema.Discard) -> None:
    d: MetaXData = st.data
    p = _side(step.use.ctrl, op.who)
    n = min(op.count, len(d.hand[p]))
    if n:
        st.stack.append(Discarding(p, n, step.use.src))


def _has_other_card(st: GameState, ctx: Ready, op: schema.Discard) -> bool:
    use, leaving = ctx
    return any(c != leaving for c in st.data.hand[_side(use.ctrl, op.who)])


def _discarding(st: GameState, step: Discarding) -> None:
    st.decide(step.seat, "discard", step, f"{name(st.data, step.src)}: choose a card to discard")


def _discard_options(st: GameState, dec: Decision) -> list[Action]:
    d: MetaXData = st.data
    cards = d.cards
    return [Action(f"discard:c{i}", f"Discard {cards[i].name}", PickCard(i))
            for i in distinct_by_name(d, d.hand[dec.params.seat])]


def _several_discards(st: GameState, dec: Decision) -> bool:
    d: MetaXData = st.data
    hand = d.hand[dec.params.seat]
    cards = d.cards
    return any(cards[c].name != cards[hand[0]].name for c in hand)


def _picked_discard(st: GameState, params: Discarding, card: int) -> None:
    d: MetaXData = st.data
    p = params.seat
    d.from_hand(p, card)
    to_discard(d, card)
    if st.logging:
        st.say(f"{pl(p)} discards {name(d, card)} ({name(d, params.src)})")
    if params.count > 1 and d.hand[p]:
        st.stack.append(params._replace(count=params.count - 1))


register(schema.Discard, _discard, ready=_has_other_card)


# ----------------------------------------------------------------- search (MX-ZONE-3, PR-MX-2)
def _search(st: GameState, step: Op, op: schema.Search) -> None:
    d: MetaXData = st.data
    ctrl = step.use.ctrl
    cands = distinct_by_name(d, [c for c in d.deck[ctrl] if card_matches(d, c, op.filter)])
    st.decide(ctrl, "search", Choosing(step, tuple(cands)), f"{name(d, step.use.src)}: search your deck")


def _search_options(st: GameState, dec: Decision) -> list[Action]:
    cards = st.data.cards
    acts = [Action(f"take:c{i}", f"Take {cards[i].name}", PickCard(i)) for i in dec.params.options]
    acts.append(FIND_NOTHING)
    return acts


def _several_found(st: GameState, dec: Decision) -> bool:
    return len(dec.params.options) >= 1  # and "find nothing"


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


register(schema.Search, _search)   # always: finding nothing is allowed (PR-MX-2)


# ----------------------------------------------------------------- recover from the discard pile
def _offer(st: GameState, step: Op, kind: str, cands: list[int], prompt: str, nothing: str) -> None:
    """Ask the effect's controller to pick one of ``cands``, or log that there is ``nothing``."""
    src = name(st.data, step.use.src)
    if cands:
        st.decide(step.use.ctrl, kind, Choosing(step, tuple(cands)), f"{src}: {prompt}")
    elif st.logging:
        st.say(f"{src}: {nothing}")


def _recover(st: GameState, step: Op, op: schema.Recover) -> None:
    d: MetaXData = st.data
    ctrl = step.use.ctrl
    cands = distinct_by_name(d, [c for c in d.discard[ctrl] if card_matches(d, c, op.filter)])
    _offer(st, step, "recover", cands, "return a card from your discard pile", "no matching card in the discard pile")


def _something_to_recover(st: GameState, ctx: Ready, op: schema.Recover) -> bool:
    d: MetaXData = st.data
    return any(card_matches(d, c, op.filter) for c in d.discard[ctx[0].ctrl])


def _recover_options(st: GameState, dec: Decision) -> list[Action]:
    cards = st.data.cards
    return [Action(f"take:c{i}", f"Return {cards[i].name} to your hand", PickCard(i))
            for i in dec.params.options]


def _picked_recover(st: GameState, params: Choosing, card: int) -> None:
    d: MetaXData = st.data
    ctrl = params.op.use.ctrl
    d.discard[ctrl].remove(card)
    d.hand[ctrl].append(card)
    d.revealed.add(card)  # the discard pile is public, so is this card's trip to the hand
    if st.logging:
        st.say(f"{pl(ctrl)} returns {name(d, card)} from the discard pile to their hand")


register(schema.Recover, _recover, ready=_something_to_recover)


# ----------------------------------------------------------------- put a Character into play (MX-PLAN-12)
def _zone(d: MetaXData, ctrl: int, op: schema.PutIntoPlay) -> list[int]:
    return d.hand[ctrl] if op.zone == "hand" else d.discard[ctrl]


def _put_into_play(st: GameState, step: Op, op: schema.PutIntoPlay) -> None:
    d: MetaXData = st.data
    ctrl, src = step.use.ctrl, step.use.src
    cands = distinct_by_name(d, [c for c in _zone(d, ctrl, op)
                                 if d.cards[c].is_character and card_matches(d, c, op.filter)])
    if len(d.inplay[ctrl]) >= 3:  # MX-PLAN-12: the 3-in-play cap still holds, so it fails
        if st.logging:
            st.say(f"{name(d, src)}: {pl(ctrl)} already has 3 Characters in play; nothing happens")
    else:
        _offer(st, step, "put_into_play", cands, "choose a Character to put into play",
               f"no matching Character in the {op.zone}")


def _room_and_character(st: GameState, ctx: Ready, op: schema.PutIntoPlay) -> bool:
    d: MetaXData = st.data
    use, leaving = ctx
    return len(d.inplay[use.ctrl]) < 3 and any(
        c != leaving and d.cards[c].is_character and card_matches(d, c, op.filter) for c in _zone(d, use.ctrl, op))


def _put_options(st: GameState, dec: Decision) -> list[Action]:
    cards = st.data.cards
    return [Action(f"put:c{i}", f"Put {cards[i].name} into play", PickCard(i)) for i in dec.params.options]


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


register(schema.PutIntoPlay, _put_into_play, ready=_room_and_character)


# ----------------------------------------------------------------- the decisions these ops ask
STEPS: dict[str, Callable[[GameState, Any], None]] = {"discarding": _discarding}
OPTIONS: dict[str, Callable[[GameState, Decision], list[Action]]] = {
    "search": _search_options,
    "recover": _recover_options,
    "put_into_play": _put_options,
    "discard": _discard_options,
}
SEVERAL: dict[str, Callable[[GameState, Decision], bool]] = {
    "search": _several_found,
    "recover": several_options,
    "put_into_play": several_options,
    "discard": _several_discards,
}
PICKED: dict[str, Callable[[GameState, Any, int], None]] = {
    "search": _picked_search,
    "put_into_play": _picked_put_into_play,
    "recover": _picked_recover,
    "discard": _picked_discard,
}
