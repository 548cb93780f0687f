"""Helpers for the MetaZoo four-lane rule tests in this folder (engineer A).

Stand-in cards ("MZA ...") are original test cards with exactly the numbers a test needs; the
plain ones this folder shares with the other MetaZoo folders (Fire Pup, Fire Brute, Earth Pup,
Unique Hound, Zero Earth, Plain Gear, Enhancer Gear, Fire Field...) come from
support.metazoo.SHARED_CARDS. Positions are built with ``game.position`` (see
games/metazoo/position.py); by default every decision waits for the test
(``auto_single = false``) so a test controls each step.
"""
from __future__ import annotations

from metatcg.engine.decks import Deck
from support import card_in, ids, nm  # noqa: F401 - re-exported for the tests
from support import metazoo as mz
from support.metazoo import ability_id, side  # noqa: F401 - re-exported for the tests

STAND_INS = r'''
# ------------------------------------------------------------------ Casters
[[card]]
name = "MZA Pyra"
type = "caster"
aura = "fire"
allied = "earth"
cost = 3
influence = 3

[[card]]
# MZL-DECK-3: the allied box shows its own type: no allied type.
name = "MZA Solo"
type = "caster"
aura = "fire"
allied = "fire"
cost = 3
influence = 3

[[card]]
name = "MZA Terran"
type = "caster"
aura = "earth"
allied = "fire"
cost = 3
influence = 3

[[card]]
# A Caster with a costed Caster Power and an Action-icon ability.
name = "MZA Warden"
type = "caster"
aura = "fire"
allied = "earth"
cost = 3
influence = 3
[[card.ability]]
kind = "activated"
power = true
cost = { aura = { fire = 1 } }
do = [{ op = "draw" }]
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "draw" }]

[[card]]
# Draws whenever any player plays a Terra (works from the Caster zone).
name = "MZA Herald"
type = "caster"
aura = "fire"
allied = "earth"
cost = 3
influence = 3
[[card.ability]]
kind = "trigger"
when = "card_played"
card = { type = "terra" }
where = "anywhere"
do = [{ op = "draw" }]

# ------------------------------------------------------------------ plain creatures
[[card]]
name = "MZA Glow"
type = "creature"
aura = "fire"
cost = 1
influence = 1
enhance = true

[[card]]
name = "MZA Piasa Bird"
type = "creature"
aura = "fire"
cost = 1
influence = 1

[[card]]
name = "MZA Piasa Bird the Territorial"
type = "creature"
aura = "fire"
cost = 1
influence = 1

[[card]]
name = "MZA Volt"
type = "creature"
aura = "lightning"
cost = 1
influence = 2

[[card]]
name = "MZA Colossus"
type = "creature"
aura = "fire"
cost = 1
influence = 5
gigantic = 2

# ------------------------------------------------------------------ creatures with abilities
[[card]]
name = "MZA Tapper"
type = "creature"
aura = "fire"
cost = 1
influence = 3
[[card.ability]]
kind = "activated"
cost = { tap = true }
do = [{ op = "draw" }]

[[card]]
name = "MZA Channeler"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 1 } }
do = [{ op = "draw" }]

[[card]]
name = "MZA Dual Channeler"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 1, earth = 1 } }
do = [{ op = "draw" }]

[[card]]
name = "MZA Twin Flame"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 2 } }
do = [{ op = "draw" }]

[[card]]
name = "MZA Loose Flame"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 1, any = 1 } }
do = [{ op = "draw" }]

[[card]]
name = "MZA Icon Beast"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "draw" }]

[[card]]
name = "MZA Sac Beast"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "activated"
cost = { sacrifice = { units = { side = "friendly" } } }
do = [{ op = "draw" }]

[[card]]
name = "MZA Totem"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "gain_mp", amount = 2 }]

[[card]]
name = "MZA Herald Beast"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = 1, target = { side = "friendly", lane = "this", type = "creature", choose = "all" } }]

[[card]]
name = "MZA Echo Beast"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "on_play"
do = [{ op = "draw" }]

[[card]]
name = "MZA Watcher"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "trigger"
when = "unit_played"
watch = { side = "any" }
do = [{ op = "draw" }]

[[card]]
name = "MZA Spawner"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "create_token", token = "Spark", lane = "this" }]

[[card]]
name = "MZA Mover"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "move", to = "this", target = { side = "friendly", lane = "other", type = "creature" } }]

[[card]]
name = "MZA Discount Idol"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "continuous"
do = [{ op = "cost", amount = -5, card = { type = "creature" }, side = "friendly" }]

# ------------------------------------------------------------------ equipment
[[card]]
name = "MZA Tool"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
cost = { aura = { any = 1 } }
do = [{ op = "draw" }]

# ------------------------------------------------------------------ Strategies
[[card]]
name = "MZA Tap Strike"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "tap", target = { side = "rival", type = "creature" } }]

[[card]]
name = "MZA Refresh"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "untap", target = { side = "friendly", type = "creature" } }]

[[card]]
name = "MZA Recall"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "return_to_hand", target = { side = "friendly" } }]

[[card]]
name = "MZA Ramp"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "ramp_aura" }]

[[card]]
name = "MZA Resolve"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "treat_resolved", lane = "chosen" }]

[[card]]
name = "MZA Smite"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "deal_damage", amount = 5, target = { side = "rival", type = "creature" } }]

[[card]]
name = "MZA Wipe"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "shatter", target = { side = "any", choose = "all" } }]

[[card]]
name = "MZA Drain"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "tap_aura", player = "opponent", count = 2 }]

[[card]]
name = "MZA Windfall"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "gain_mp", amount = 3 }]

# ------------------------------------------------------------------ Terras
[[card]]
name = "MZA Fire Start"
type = "terra"
starter = true
aura = "fire"
cost = 2

[[card]]
name = "MZA Fire Start B"
type = "terra"
starter = true
aura = "fire"
cost = 2

[[card]]
name = "MZA Earth Start"
type = "terra"
starter = true
aura = "earth"
cost = 2

[[card]]
name = "MZA Bolt Start"
type = "terra"
starter = true
aura = "lightning"
cost = 2

[[card]]
name = "MZA Zero Terra"
type = "terra"
aura = "fire"
cost = 0

[[card]]
name = "MZA Unique Start"
type = "terra"
starter = true
unique = true
aura = "fire"
cost = 2

[[card]]
# On Play (when played from hand): each player draws a card.
name = "MZA Herald Flats"
type = "terra"
starter = true
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "draw", player = "each" }]

[[card]]
name = "MZA Wide Terra"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "continuous"
do = [{ op = "lane_size", amount = 1, side = "any", lane = "this" }]

[[card]]
name = "MZA Narrow Terra"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "continuous"
do = [{ op = "lane_size", amount = -3, side = "any", lane = "this" }]

[[card]]
name = "MZA Void Terra"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "continuous"
do = [{ op = "lane_size", amount = -5, side = "any", lane = "this" }]

[[card]]
name = "MZA Blight Moor"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "during_mission"
do = [{ op = "contribution", amount = -3, target = { side = "any", lane = "this", type = "creature", choose = "all" } }]

[[card]]
# A costed (non-icon) activated Terra ability: only its controller may use it (MZL-ABILITY-12).
name = "MZA Costed Terra"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "activated"
cost = { aura = { any = 1 } }
do = [{ op = "draw" }]

[[card]]
name = "MZA Lane Shrine"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "continuous"
do = [{ op = "cost", amount = -1, card = { type = "creature" }, side = "any", lane_only = true }]

# ------------------------------------------------------------------ Aura
[[card]]
name = "MZA Fire Aura B"
type = "aura"
aura = "fire"
'''

GAME = mz.stand_in_game(STAND_INS, "mza_stand_ins")

# 50 Fire main-deck cards (no allied cards), at most 3 of a name.
FIRE_MAIN = tuple(
    ["Cinder Fox"] * 3 + ["Ash Wyvern"] * 3 + ["Flame Kirin"] * 3 + ["Salamander Duelist"] * 3
    + ["Pyre Colossus"] * 2 + ["Ember Imp"] * 3 + ["Blazing Roc"] * 2 + ["Lantern Moth"] * 3
    + ["Kindle Hound"] * 2 + ["Sparkwright"] * 3 + ["Lava Plate"] * 2 + ["Signal Brazier"] * 2
    + ["Blighted Cinders"] * 1 + ["Fire Lash"] * 3 + ["Ember Tithe"] * 2 + ["Updraft"] * 2
    + ["Thermal Vent Ridge"] * 2 + ["Fire Pup"] * 3 + ["Fire Brute"] * 3 + ["MZA Glow"] * 3
)
assert len(FIRE_MAIN) == 50


def deck(caster: str = "MZA Pyra", starters=("MZA Fire Start", "MZA Earth Start"), aura=None,
         main=FIRE_MAIN, name: str = "mza") -> Deck:
    """A deck list (legal by default): Caster, 2 Starter Terras, 10 Aura, 50 main cards."""
    return mz.listed_deck(caster, starters, ["Fire Aura"] * 10 if aura is None else aura, main, name)


def problems(d: Deck) -> list[str]:
    return GAME.check_deck(d)


def new_game(d1: Deck | None = None, d2: Deck | None = None, seed: int = 0, auto: bool = False):
    return GAME.new_state([d1 or deck(name="d1"), d2 or deck(name="d2")], seed=seed,
                          options={"auto_single": auto})


def pos(p1: dict | None = None, p2: dict | None = None, lanes=(), *, round: int = 1, priority: int = 0,
        active: int | None = None, phase: str = "action", seed: int = 0, auto: bool = False, game=GAME):
    """A mid-game position; P1's Caster defaults to MZA Pyra (Fire/Earth), P2's to MZA Terran
    (Earth/Fire). ``lanes``: up to four lane tables (lane 1 first)."""
    a = {"caster": "MZA Pyra", "deck_size": 10}
    a.update(p1 or {})
    b = {"caster": "MZA Terran", "deck_size": 10}
    b.update(p2 or {})
    return mz.position(game, a, b, lanes, round=round, priority=priority, phase=phase, seed=seed, auto=auto,
                       active=active)


def find(st, name: str, zone: str = "hand", p: int = 0) -> int:
    """The first card named ``name`` in a player's zone (hand, deck, discard, aura_zone...)."""
    return card_in(st, name, p, zone)


def unit(st, name: str, lane: int, p: int = 0) -> int:
    """A unit named ``name`` on player ``p``'s side of ``lane`` (1-based)."""
    return mz.unit(st, name, p, lane)


def enh(st, lane: int, p: int = 0) -> list[int]:
    return list(st.data.enh[(lane - 1) * 2 + p])


def zone(st, p: int = 0) -> list[str]:
    """Aura zone as sorted names, tapped ones marked."""
    d = st.data
    return sorted(d.cards[a].name + (" (tapped)" if a in d.tapped else "") for a in d.aura_zone[p])


def untapped(st, p: int = 0) -> int:
    d = st.data
    return sum(1 for a in d.aura_zone[p] if a not in d.tapped)


def play_id(st, name: str, lane: int | None = None, p: int = 0) -> str:
    """Player ``p`` (default P1) plays ``name`` (to ``lane`` if given)."""
    return mz.play_id(st, name, lane, p)


def play(st, name: str, lane: int | None = None, p: int = 0) -> None:
    st.apply(play_id(st, name, lane, p))


def hands(st) -> list[int]:
    return [len(h) for h in st.data.hand]


def finish_round(st, limit: int = 60) -> None:
    """Declare missions in the first unresolved lane (answering any other decision with its
    first option) until a new round's first action decision is reached."""
    r = st.data.round
    for _ in range(limit):
        if st.is_terminal():
            return
        if st.data.round != r and st.decision.kind == "action":
            return
        opts = ids(st)
        if st.decision.kind == "action":
            dec = [a for a in opts if a.startswith("declare:")]
            st.apply(dec[0])
        else:
            st.apply(opts[0])
    raise AssertionError("the round did not end")


def started(seed: int = 0, choice: str = "priority:first", auto: bool = False, d1=None, d2=None):
    """A new game taken through setup (``choice`` for the Priority pick, first option for
    each Starter Terra) up to round 1's first action decision."""
    s = new_game(d1, d2, seed=seed, auto=auto)
    s.apply(choice)
    while s.decision.kind == "starter":
        s.apply(ids(s)[0])
    assert s.decision.kind == "action" and s.data.round == 1
    return s
