"""MetaZoo (four-lane edition) test support shared by the rule-test folders
(rules_metazoo_a, rules_metazoo_b, rules_metazoo_c).

``SHARED_CARDS`` holds the stand-in cards that more than one folder needs with exactly these
numbers (original test cards, no published text); each folder builds its game with
:func:`stand_in_game` from them plus its own stand-ins, which must not reuse these names.
The helpers below take ``lane`` 1-based and ``p`` 0-based, like the folders' own.
"""
from __future__ import annotations

import metatcg
from metatcg.engine.decks import Deck
from metatcg.games.metazoo import stats

from support import card_in

SHARED_CARDS = r'''
# ---------------------------------------------------------------- plain units
[[card]]
name = "Fire Pup"
type = "creature"
aura = "fire"
cost = 1
influence = 2

[[card]]
name = "Fire Brute"
type = "creature"
aura = "fire"
cost = 3
influence = 4

[[card]]
name = "Earth Pup"
type = "creature"
aura = "earth"
cost = 1
influence = 2

[[card]]
name = "Unique Hound"
type = "creature"
unique = true
aura = "fire"
cost = 1
influence = 2

[[card]]
name = "Fire Enhancer"
type = "creature"
aura = "fire"
cost = 1
influence = 2
enhance = true

[[card]]
name = "Zero Fire"
type = "creature"
aura = "fire"
cost = 0
influence = 1

[[card]]
name = "Zero Earth"
type = "creature"
aura = "earth"
cost = 0
influence = 1

[[card]]
name = "Plain Gear"
type = "equipment"
aura = "fire"
cost = 1
influence = 1

[[card]]
name = "Enhancer Gear"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
enhance = true

# ---------------------------------------------------------------- Terras
[[card]]
name = "Fire Field"
type = "terra"
aura = "fire"
cost = 1

# ---------------------------------------------------------------- units with abilities
[[card]]
name = "Play Drawer"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "On Play: draw a card."
[[card.ability]]
kind = "on_play"
do = [{ op = "draw" }]

[[card]]
name = "Friend Lover"
type = "creature"
aura = "fire"
cost = 1
influence = 1
text = "Has +2 Influence while another friendly creature is in this lane."
[[card.ability]]
kind = "continuous"
condition = { count = [{ units = { side = "friendly", lane = "this", type = "creature", other = true } }] }
do = [{ op = "has_influence", amount = 2, target = { choose = "self" } }]

[[card]]
name = "Spark Smith"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "When you play an equipment, create a Spark token in its lane."
[[card.ability]]
kind = "trigger"
when = "card_played"
card = { type = "equipment" }
watch = { side = "friendly" }
do = [{ op = "create_token", token = "Spark", lane = "subject" }]

# ---------------------------------------------------------------- Strategies
[[card]]
name = "Smash Unit"
type = "strategy"
aura = "fire"
cost = 1
text = "Shatter a unit."
[[card.ability]]
kind = "on_play"
do = [{ op = "shatter", target = { side = "any" } }]

[[card]]
name = "Total Ruin"
type = "strategy"
aura = "fire"
cost = 1
text = "Shatter all units."
[[card.ability]]
kind = "on_play"
do = [{ op = "shatter", target = { side = "any", choose = "all" } }]

[[card]]
name = "Bounce Unit"
type = "strategy"
aura = "fire"
cost = 1
text = "Return a unit to its owner's hand."
[[card.ability]]
kind = "on_play"
do = [{ op = "return_to_hand", target = { side = "any" } }]

[[card]]
name = "Cheap Discover"
type = "strategy"
aura = "fire"
cost = 1
text = "Discover 3."
[[card.ability]]
kind = "on_play"
do = [{ op = "discover", x = 3 }]
'''


def stand_in_game(cards: str, path: str):
    """The MetaZoo game with SHARED_CARDS and a folder's own stand-ins (TOML ``cards``) in its pool."""
    base = metatcg.load_game("metazoo")
    shared, own = base.parse_cards(SHARED_CARDS, "<support.metazoo>"), base.parse_cards(cards, path)
    clash = {c.name for c in shared} & {c.name for c in own}
    assert not clash, f"{path} redefines shared stand-ins {sorted(clash)}: give its own cards other names"
    return base.with_cards(shared + own)


# ------------------------------------------------------------------ building positions and decks
def position(game, p1: dict, p2: dict, lanes=(), *, auto: bool, seed: int, active: int | None = None, **spec):
    """``game.position`` of two [[player]] tables and up to four [[lane]] tables (missing ones
    are razed and empty); other top-level fields (round, priority, phase...) come in ``spec``."""
    full = {"seed": seed, "player": [p1, p2], "lane": [dict(x) for x in lanes or ()],
            "options": {"auto_single": auto}, **spec}
    if active is not None:
        full["active"] = active
    return game.position(full)


def listed_deck(caster: str, starters, aura, main, name: str) -> Deck:
    """A deck list: the Caster, the Starter Terras, the Aura cards (one entry each), then ``main``."""
    entries = [f"[caster] {caster}"] + [f"[starter] {s}" for s in starters] + [f"[aura] {a}" for a in aura]
    return Deck(name, tuple(entries) + tuple(main))


# ------------------------------------------------------------------ finding things
def unit(st, name: str, p: int | None = None, lane: int | None = None, nth: int = 0) -> int:
    """The instance id of the ``nth`` unit called ``name`` in play (of player ``p``, in
    ``lane``, when given), lanes in order."""
    d = st.data
    hits = []
    for s in range(8):
        if p is not None and s & 1 != p:
            continue
        if lane is not None and s >> 1 != lane - 1:
            continue
        hits += [u for u in d.units[s] if d.cards[u].name == name]
    assert len(hits) > nth, f"no unit {name!r} #{nth} (P{'?' if p is None else p + 1}, lane {lane}) in play"
    return hits[nth]


def side(st, lane: int, p: int = 0) -> list[str]:
    """Names of the units on player ``p``'s side of ``lane``, in the order they entered."""
    d = st.data
    return [d.cards[u].name for u in d.units[(lane - 1) * 2 + p]]


def in_play(st, iid: int) -> bool:
    return iid in st.data.lane_of


def influence(st, iid: int) -> int:
    return stats.influence(st.data, iid)


def total(st, lane: int, p: int) -> int:
    return stats.side_total(st.data, lane - 1, p)


# ------------------------------------------------------------------ actions
def play_id(st, name: str, lane: int | None = None, p: int | None = None) -> str:
    """The id that plays ``name`` (player ``p``'s Caster of that name, else a copy in their
    hand; ``p`` defaults to the active player), to ``lane`` if given."""
    p = st.data.active if p is None else p
    d = st.data
    if d.cards[d.caster[p]].name == name:
        c = d.caster[p]
    else:
        c = card_in(st, name, p, "hand")
    return f"play:c{c}" + (f"@lane{lane}" if lane is not None else "")


def play(st, name: str, lane: int | None = None) -> None:
    st.apply(play_id(st, name, lane))


def ability_id(st, iid: int, ai: int = 0) -> str:
    return f"ability:c{iid}:{ai}"
