"""MetaX zone primitives: moving cards between deck, hand, play, discard and VP pile, and the
names the log uses for them. Everything above (effects, battle, the turn) moves cards through here."""
from __future__ import annotations

from ...engine.events import emit
from ...engine.seats import one_loser, one_winner
from ...engine.state import GameState
from .data import MetaXData
from .records import VPGained

VP_TO_WIN = 7  # MX-WIN-1


def opponent(p: int) -> int:
    """The other player: MetaX is played by two (MX-OVR-1)."""
    return 1 - p


def name(d: MetaXData, iid: int) -> str:
    """A card's name as the log and prompts give it: a Character in play with a twin on its
    side is told apart (:func:`char_name`)."""
    return char_name(d, iid)


ORDINALS = ("1st", "2nd", "3rd")


def copy_name(nm: str, index: int, copies: int) -> str:
    """How logs, option labels and the board tell copies apart: with two or more Characters of
    one name on one side (MX-PLAN-10), each is "Name (1st)", "(2nd)", ... in the order they
    sit in play (the board's order); a lone copy is just its name."""
    return f"{nm} ({ORDINALS[index] if index < len(ORDINALS) else f'{index + 1}th'})" if copies > 1 else nm


def char_name(d: MetaXData, iid: int) -> str:
    """A card's name for labels and the log; a Character in play with a twin on its side
    gets its place among them (:func:`copy_name`), so every option and log line reads apart."""
    cards = d.cards
    nm = cards[iid].name
    if iid in d.entered:
        index = copies = 0
        for c in d.inplay[d.owner[iid]]:
            if cards[c].name == nm:
                if c == iid:
                    index = copies
                copies += 1
        return copy_name(nm, index, copies)
    return nm


def entering_name(d: MetaXData, p: int, iid: int) -> str:
    """The name a Character about to come into play on ``p``'s side will have there (it goes
    last: "Ember Warden (2nd)" if one is in play already)."""
    nm = d.cards[iid].name
    copies = sum(1 for c in d.inplay[p] if d.cards[c].name == nm) + 1
    return copy_name(nm, copies - 1, copies)


def pl(p: int) -> str:
    return f"P{p + 1}"


def say_choice(st: GameState, player: int, text: str, forced: bool) -> None:
    """Log a choice ``player`` made. A forced one (the only option, taken by the kernel) is
    already in the decider's log as "(only choice) …", so only the opponent reads ``text``."""
    if forced and st.options.get("auto_single", True):
        st.say(text, opponent(player))
    else:
        st.say(text)


# ----------------------------------------------------------------- zone primitives
def draw(st: GameState, p: int, count: int = 1) -> None:
    d: MetaXData = st.data
    deck, hand = d.deck[p], d.hand[p]
    for _ in range(count):
        if not deck:
            return
        c = deck.pop(0)
        hand.append(c)
        if st.logging:
            st.say(f"{pl(p)} draws {name(d, c)}", p, f"{pl(p)} draws a card")
        if check_decks(st):
            return


def gain_mp(st: GameState, p: int, amount: int, src: int) -> None:
    """MX-MP-5 / MX-MP-10: gains stop at 10, costs are checked before play (MX-MP-11).
    ``src`` is the card whose play or effect changes the MP (named in the log)."""
    d: MetaXData = st.data
    old = d.mp[p]
    new = old + amount
    new = 0 if new < 0 else (10 if new > 10 else new)
    if new != old:
        d.mp[p] = new
        if st.logging:
            st.say(f"{pl(p)} MP {old} → {new} ({name(d, src)})")


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
        d.mods = [m for m in d.mods if m.card != iid]
    if to_hand:
        d.hand[p].append(iid)
        d.revealed.add(iid)  # everyone saw it return
    else:
        to_discard(d, iid)


def check_decks(st: GameState) -> bool:
    """MX-WIN-2/3/4: a deck at 0 cards ends the game at once; both at once is a draw."""
    if st.result is not None:
        return True
    decks = st.data.deck
    if decks[0] and decks[1]:
        return False
    empty = [p for p in (0, 1) if not decks[p]]
    if len(empty) == 2:
        st.end((0.0, 0.0), "draw: both decks ran out at the same moment")
    else:
        loser = empty[0]
        st.end(one_loser(2, loser), f"{pl(opponent(loser))} wins: {pl(loser)}'s deck ran out")
    return True


def gain_vp(st: GameState, p: int) -> None:
    """MX-VP-2: the top card of the opponent's deck goes face down to the VP pile."""
    d: MetaXData = st.data
    o = opponent(p)
    if not d.deck[o]:
        return
    d.vp[p].append(d.deck[o].pop(0))
    if st.logging:
        st.say(f"{pl(p)} gains a Victory Point ({len(d.vp[p])} VP)")
    emit(st, VPGained(p))
    if len(d.vp[p]) >= VP_TO_WIN:
        st.end(one_winner(2, p), f"{pl(p)} wins with {len(d.vp[p])} Victory Points")
        return
    check_decks(st)
