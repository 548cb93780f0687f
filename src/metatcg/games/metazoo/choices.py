"""Player choices among cards: discards, Discover (X) with the bottom order, deck searches
(shuffled afterwards) and returns from the discard pile, with Fail to Find where the zone
is hidden (MZL-KW-DISCOVER, MZL-ERRATA-SEARCH, MZL-ERRATA-FAIL)."""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.state import GameState
from . import stats
from .zones import distinct_by_name, nm, pl
from .context import ability
from .data import MetaZooData
from .records import Bottom, Discard, Discover, PickCard, PlayerOp, waiting


def step_discard(st: GameState, step: Discard) -> None:
    d: MetaZooData = st.data
    q, n, src = step.player, step.left, step.src
    if n <= 0 or not d.hand[q]:
        return
    opts = distinct_by_name(d, d.hand[q])
    if len(opts) == 1:
        _discard_one(st, q, opts[0], src)
        st.push(Discard(q, n - 1, src))
        return
    st.decide(q, "discard", step, f"{nm(d, src)}: choose a card to discard ({n} to go)")


def _discard_one(st: GameState, q: int, c: int, src: int) -> None:
    d: MetaZooData = st.data
    d.hand[q].remove(c)
    d.known.discard(c)
    d.discard[q].append(c)
    if st.logging:
        st.say(f"{pl(q)} discards {nm(d, c)} ({nm(d, src)})")


def discard_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    q = waiting(st).player
    return [Action(f"discard:c{c}", f"Discard {nm(d, c)}", PickCard(c)) for c in distinct_by_name(d, d.hand[q])]


def discard_perform(st: GameState, act: Action, dec: Decision) -> None:
    step: Discard = dec.params
    _discard_one(st, step.player, act.args.card, step.src)
    st.push(Discard(step.player, step.left - 1, step.src))


def step_discover(st: GameState, step: Discover) -> None:
    """MZL-KW-DISCOVER-2: take one matching card (or none, MZL-ERRATA-FAIL-1)."""
    d: MetaZooData = st.data
    if not d.looking[step.player]:
        return
    st.decide(step.player, "discover", step, f"{nm(d, step.ctx.src)}: Discover: choose a card to take, or none")


def discover_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    dv: Discover = waiting(st)
    f = ability(d, dv.ctx).do[dv.op_no].filter
    acts = [Action(f"take:c{c}", f"Take {nm(d, c)}", PickCard(c))
            for c in distinct_by_name(d, d.looking[dv.player]) if stats.card_matches(d.cards[c], f)]
    return acts + [Action("none", "Take nothing (Fail to Find)", PickCard(-1))]


def discover_perform(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    q = dec.params.player
    c = act.args.card
    if c >= 0:
        d.looking[q].remove(c)
        d.hand[q].append(c)
        d.known.add(c)  # shown to the opponent (MZL-KW-DISCOVER-2)
        if st.logging:
            st.say(f"{pl(q)} reveals {nm(d, c)} and puts it in their hand")
    elif st.logging:
        st.say(f"{pl(q)} takes nothing")
    st.push(Bottom(q))


def step_bottom(st: GameState, step: Bottom) -> None:
    """MZL-KW-DISCOVER-3: the rest go to the bottom in the order the player chooses."""
    d: MetaZooData = st.data
    q = step.player
    look = d.looking[q]
    if not look:
        return
    if len(distinct_by_name(d, look)) == 1:  # no choice left (and no public log of names)
        for c in look:
            d.deck[q].append(c)
        if st.logging:
            st.say(f"{pl(q)} puts {', '.join(nm(d, c) for c in look)} on the bottom of their deck", q,
                   f"{pl(q)} puts {len(look)} more card{'s' if len(look) > 1 else ''} on the bottom of their deck")
        look.clear()
        return
    st.decide(q, "bottom", step, "Choose the next card to put on the bottom of your deck")


def bottom_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    q = waiting(st).player
    return [Action(f"bottom:c{c}", f"Put {nm(d, c)} on the bottom next", PickCard(c))
            for c in distinct_by_name(d, d.looking[q])]


def bottom_perform(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    q = dec.params.player
    c = act.args.card
    d.looking[q].remove(c)
    d.deck[q].append(c)
    if st.logging:
        st.say(f"{pl(q)} puts {nm(d, c)} on the bottom of their deck", q,
               f"{pl(q)} puts a card on the bottom of their deck")
    st.push(Bottom(q))


def search_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    po: PlayerOp = waiting(st)
    f = ability(d, po.ctx).do[po.op_no].filter
    acts = [Action(f"take:c{c}", f"Take {nm(d, c)}", PickCard(c))
            for c in distinct_by_name(d, d.deck[po.player]) if stats.card_matches(d.cards[c], f)]
    return acts + [Action("none", "Find nothing (Fail to Find; the deck is still shuffled)", PickCard(-1))]


def search_perform(st: GameState, act: Action, dec: Decision) -> None:
    """MZL-ERRATA-SEARCH-1/2: revealed, then the deck is shuffled whatever was found."""
    d: MetaZooData = st.data
    q = dec.params.player
    c = act.args.card
    if c >= 0:
        d.deck[q].remove(c)
        d.hand[q].append(c)
        d.known.add(c)
        if st.logging:
            st.say(f"{pl(q)} searches their deck, reveals {nm(d, c)} and puts it in their hand")
    elif st.logging:
        st.say(f"{pl(q)} searches their deck and finds nothing")
    st.rng.shuffle(d.deck[q])
    if st.logging:
        st.say(f"{pl(q)} shuffles their deck")


def recover_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    po: PlayerOp = waiting(st)
    f = ability(d, po.ctx).do[po.op_no].filter
    return [Action(f"take:c{c}", f"Return {nm(d, c)} to your hand", PickCard(c))
            for c in distinct_by_name(d, d.discard[po.player]) if stats.card_matches(d.cards[c], f)]


def recover_perform(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    q = dec.params.player
    c = act.args.card
    d.discard[q].remove(c)
    d.hand[q].append(c)
    d.known.add(c)
    if st.logging:
        st.say(f"{pl(q)} returns {nm(d, c)} from the discard pile to their hand")
