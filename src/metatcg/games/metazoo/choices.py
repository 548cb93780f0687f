"""Player choices among cards: discards, Discover (X) with the bottom order, deck searches
(shuffled afterwards) and returns from the discard pile, with Fail to Find where the zone
is hidden (MZL-KW-DISCOVER, MZL-ERRATA-SEARCH, MZL-ERRATA-FAIL)."""
from __future__ import annotations

from ...engine.action import Action
from ...engine.state import GameState
from . import stats
from .board import distinct_by_name, nm, pl
from .data import MetaZooData
from .effects import ability
from .stats import C_SRC


def step_discard(st: GameState, step: tuple) -> None:
    d: MetaZooData = st.data
    _, q, n, src = step
    if n <= 0 or not d.hand[q]:
        return
    opts = distinct_by_name(d, d.hand[q])
    if len(opts) == 1:
        _discard_one(st, q, opts[0], src)
        st.push(("discard", q, n - 1, src))
        return
    st.decide(q, "discard", step, f"{nm(d, src)}: choose a card to discard ({n} to go)")


def _discard_one(st: GameState, q: int, c: int, src: int) -> None:
    d: MetaZooData = st.data
    d.hand[q].remove(c)
    d.known.discard(c)
    d.discard[q].append(c)
    st.say(f"{pl(q)} discards {nm(d, c)} ({nm(d, src)})")


def discard_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    _, q, n, src = st.decision.params
    return [Action(f"discard:c{c}", f"Discard {nm(d, c)}", ("discard", c)) for c in distinct_by_name(d, d.hand[q])]


def discard_perform(st: GameState, act: Action, dec) -> None:
    _, q, n, src = dec.params
    _discard_one(st, q, act.args[1], src)
    st.push(("discard", q, n - 1, src))


def step_discover(st: GameState, step: tuple) -> None:
    """MZL-KW-DISCOVER-2: take one matching card (or none, MZL-ERRATA-FAIL-1)."""
    d: MetaZooData = st.data
    _, q, oi, ctx = step
    if not d.looking[q]:
        return
    st.decide(q, "discover", (q, oi, ctx), f"{nm(d, ctx[C_SRC])}: Discover: choose a card to take, or none")


def discover_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    q, oi, ctx = st.decision.params
    f = ability(d, ctx).do[oi].filter
    acts = [Action(f"take:c{c}", f"Take {nm(d, c)}", ("discover", c))
            for c in distinct_by_name(d, d.looking[q]) if stats.card_matches(d.cards[c], f)]
    return acts + [Action("none", "Take nothing (Fail to Find)", ("discover", -1))]


def discover_perform(st: GameState, act: Action, dec) -> None:
    d: MetaZooData = st.data
    q, oi, ctx = dec.params
    c = act.args[1]
    if c >= 0:
        d.looking[q].remove(c)
        d.hand[q].append(c)
        d.known.add(c)  # shown to the opponent (MZL-KW-DISCOVER-2)
        st.say(f"{pl(q)} reveals {nm(d, c)} and puts it in their hand")
    else:
        st.say(f"{pl(q)} takes nothing")
    st.push(("bottom", q))


def step_bottom(st: GameState, step: tuple) -> None:
    """MZL-KW-DISCOVER-3: the rest go to the bottom in the order the player chooses."""
    d: MetaZooData = st.data
    q = step[1]
    look = d.looking[q]
    if not look:
        return
    if len(distinct_by_name(d, look)) == 1:  # no choice left (and no public log of names)
        for c in look:
            d.deck[q].append(c)
        st.say(f"{pl(q)} puts {', '.join(nm(d, c) for c in look)} on the bottom of their deck", q,
               f"{pl(q)} puts {len(look)} more card{'s' if len(look) > 1 else ''} on the bottom of their deck")
        look.clear()
        return
    st.decide(q, "bottom", (q,), "Choose the next card to put on the bottom of your deck")


def bottom_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    q = st.decision.params[0]
    return [Action(f"bottom:c{c}", f"Put {nm(d, c)} on the bottom next", ("bottom", c))
            for c in distinct_by_name(d, d.looking[q])]


def bottom_perform(st: GameState, act: Action, dec) -> None:
    d: MetaZooData = st.data
    q = dec.params[0]
    c = act.args[1]
    d.looking[q].remove(c)
    d.deck[q].append(c)
    st.say(f"{pl(q)} puts {nm(d, c)} on the bottom of their deck", q, f"{pl(q)} puts a card on the bottom of their deck")
    st.push(("bottom", q))


def search_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    q, oi, ctx = st.decision.params
    f = ability(d, ctx).do[oi].filter
    acts = [Action(f"take:c{c}", f"Take {nm(d, c)}", ("search", c))
            for c in distinct_by_name(d, d.deck[q]) if stats.card_matches(d.cards[c], f)]
    return acts + [Action("none", "Find nothing (Fail to Find; the deck is still shuffled)", ("search", -1))]


def search_perform(st: GameState, act: Action, dec) -> None:
    """MZL-ERRATA-SEARCH-1/2: revealed, then the deck is shuffled whatever was found."""
    d: MetaZooData = st.data
    q, oi, ctx = dec.params
    c = act.args[1]
    if c >= 0:
        d.deck[q].remove(c)
        d.hand[q].append(c)
        d.known.add(c)
        st.say(f"{pl(q)} searches their deck, reveals {nm(d, c)} and puts it in their hand")
    else:
        st.say(f"{pl(q)} searches their deck and finds nothing")
    st.rng.shuffle(d.deck[q])
    st.say(f"{pl(q)} shuffles their deck")


def recover_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    q, oi, ctx = st.decision.params
    f = ability(d, ctx).do[oi].filter
    return [Action(f"take:c{c}", f"Return {nm(d, c)} to your hand", ("recover", c))
            for c in distinct_by_name(d, d.discard[q]) if stats.card_matches(d.cards[c], f)]


def recover_perform(st: GameState, act: Action, dec) -> None:
    d: MetaZooData = st.data
    q = dec.params[0]
    c = act.args[1]
    d.discard[q].remove(c)
    d.hand[q].append(c)
    d.known.add(c)
    st.say(f"{pl(q)} returns {nm(d, c)} from the discard pile to their hand")
