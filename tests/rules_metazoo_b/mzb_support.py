"""Support for the MetaZoo (four-lane) rule tests of areas MISSION, DAMAGE, CREATURE, TOKEN,
EQUIP, TERRA, STRATEGY, CASTER, AURA and the keywords (MZL-KW-*).

Every test builds a position (position.py format) with the stand-in cards defined here and
the plain ones shared with the other MetaZoo folders (support.metazoo.SHARED_CARDS: Fire
Enhancer, Play Drawer, Friend Lover, Spark Smith, Enhancer Gear, Smash Unit, Total Ruin, Bounce
Unit, Cheap Discover...), so each one has exactly the numbers it needs. This folder's own
stand-in names start with "Z " and have no published text. Unless a test says otherwise,
lanes are razed (no Terra), so no Terra effect interferes, and the kernel auto-takes
single-option decisions (``auto=False`` turns that off).
"""
from __future__ import annotations

import functools

from support import act, ids, log_index, names  # noqa: F401 - re-exported for the tests
from support import card_in as find  # noqa: F401 - find(st, name, p, zone="hand", nth=0)
from support import zone_names as zone  # noqa: F401 - zone(st, p, z): sorted names
from support import metazoo as mz
from support.metazoo import in_play, influence, play, play_id, side, total, unit  # noqa: F401


def _plain(prefix: str, aura: str, values, extra: str = "") -> str:
    out = []
    for n in values:
        out.append(f'[[card]]\nname = "{prefix} {n}"\ntype = "creature"\naura = "{aura}"\ncost = 1\n'
                   f'influence = {n}\ntraits = ["Beast"]\n{extra}\n')
    return "\n".join(out)


CARDS = _plain("Z Fire", "fire", range(1, 10)) + _plain("Z Earth", "earth", range(1, 7)) + '''
# ------------------------------------------------------------------ Casters
[[card]]
name = "Z Pyra"
type = "caster"
aura = "fire"
allied = "earth"
cost = 2
influence = 3

[[card]]
name = "Z Terran"
type = "caster"
aura = "earth"
allied = "fire"
cost = 2
influence = 3

[[card]]
name = "Z Tide"
type = "caster"
aura = "water"
cost = 1
influence = 2

[[card]]
name = "Z Warden"
type = "caster"
aura = "fire"
allied = "earth"
cost = 3
influence = 4
text = "Caster Power: friendly Beasts have +1 Influence. Caster Power (Fire): give a friendly creature +2 Influence. Action icon: draw a card."
[[card.ability]]
kind = "continuous"
power = true
do = [{ op = "has_influence", amount = 1, target = { side = "friendly", type = "creature", trait = "Beast", choose = "all" } }]
[[card.ability]]
kind = "activated"
power = true
cost = { aura = { fire = 1 } }
do = [{ op = "give_influence", amount = 2, target = { side = "friendly", type = "creature" } }]
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "draw" }]

# ------------------------------------------------------------------ creatures with keywords / abilities
[[card]]
name = "Z Sky 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
soar = true

[[card]]
name = "Z Sky 3"
type = "creature"
aura = "fire"
cost = 1
influence = 3
soar = true

[[card]]
name = "Z Razer 4"
type = "creature"
aura = "fire"
cost = 1
influence = 4
destruction = 1

[[card]]
name = "Z Giant 6"
type = "creature"
aura = "fire"
cost = 1
influence = 6
destruction = 1
traits = ["Giant"]

[[card]]
name = "Z Martyr 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "When Dispelled: draw a card."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "draw" }]

[[card]]
name = "Z Unique 3"
type = "creature"
aura = "fire"
cost = 1
influence = 3
unique = true

[[card]]
name = "Z Rock 5"
type = "creature"
aura = "fire"
cost = 1
influence = 5
cannot = ["be_shattered"]

[[card]]
name = "Z Winner 3"
type = "creature"
aura = "fire"
cost = 1
influence = 3
text = "On Successful Mission: draw a card."
[[card.ability]]
kind = "on_successful_mission"
do = [{ op = "draw" }]

[[card]]
name = "Z Crusher 5"
type = "creature"
aura = "fire"
cost = 1
influence = 5
text = "Overwhelm (3): gain 1 MP."
[[card.ability]]
kind = "overwhelm"
x = 3
do = [{ op = "gain_mp", amount = 1 }]

[[card]]
name = "Z Caller 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "On Mission Declaration: this gets +3 Influence until the end of the round."
[[card.ability]]
kind = "on_mission_declaration"
do = [{ op = "give_influence", amount = 3, target = { choose = "self" } }]

[[card]]
name = "Z Scribe 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "On Mission Resolution: draw a card."
[[card.ability]]
kind = "on_mission_resolution"
do = [{ op = "draw" }]

[[card]]
name = "Z Damper 4"
type = "creature"
aura = "fire"
cost = 1
influence = 4
text = "During Mission: rival creatures here contribute 2 less Influence."
[[card.ability]]
kind = "during_mission"
do = [{ op = "contribution", amount = -2, target = { side = "rival", lane = "this", type = "creature", choose = "all" } }]

[[card]]
name = "Z Patron 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "During Mission: if you win this mission, you get 1 more MP."
[[card.ability]]
kind = "during_mission"
do = [{ op = "mp_award", amount = 1 }]

[[card]]
name = "Z Hunter 3"
type = "creature"
aura = "fire"
cost = 1
influence = 3
text = "Activated (Fire): Duel a rival creature in this lane."
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 1 } }
do = [{ op = "duel", target = { side = "rival", lane = "this", type = "creature" } }]

[[card]]
name = "Z Tapper 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "Tap: tap a creature."
[[card.ability]]
kind = "activated"
cost = { tap = true }
do = [{ op = "tap", target = { side = "any", type = "creature" } }]

[[card]]
name = "Z Devourer 3"
type = "creature"
aura = "fire"
cost = 1
influence = 3
text = "Activated: Sacrifice a unit: draw a card."
[[card.ability]]
kind = "activated"
cost = { sacrifice = { units = { side = "any" } } }
do = [{ op = "draw" }]

[[card]]
name = "Z Mourner 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "When a friendly unit is Dispelled, draw a card."
[[card.ability]]
kind = "trigger"
when = "dispelled"
watch = { side = "friendly" }
do = [{ op = "draw" }]

[[card]]
name = "Z Greeter 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "When a unit enters this lane, draw a card."
[[card.ability]]
kind = "trigger"
when = "unit_enters"
watch = { side = "any", lane = "this" }
do = [{ op = "draw" }]

[[card]]
name = "Z Usher 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "When a unit is played to this lane, draw a card."
[[card.ability]]
kind = "trigger"
when = "unit_played"
watch = { side = "any", lane = "this" }
do = [{ op = "draw" }]

# ------------------------------------------------------------------ equipment
[[card]]
name = "Z Gear 2"
type = "equipment"
aura = "fire"
cost = 1
influence = 2

[[card]]
name = "Z Unique Gear"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
unique = true

[[card]]
name = "Z Satchel"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
text = "On Play: draw a card."
[[card.ability]]
kind = "on_play"
do = [{ op = "draw" }]

[[card]]
name = "Z Banner"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
text = "Friendly creatures here have +1 Influence."
[[card.ability]]
kind = "continuous"
do = [{ op = "has_influence", amount = 1, target = { side = "friendly", lane = "this", type = "creature", choose = "all" } }]

[[card]]
name = "Z Crank"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
text = "Action icon: draw a card."
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "draw" }]

[[card]]
name = "Z Relic"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
text = "When Dispelled: draw a card."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "draw" }]

# ------------------------------------------------------------------ tokens
[[card]]
name = "Z Drone"
type = "token"
token_type = "equipment"
influence = 1

[[card]]
name = "Z Wisp"
type = "token"
influence = 1
text = "On Play: draw a card."
[[card.ability]]
kind = "on_play"
do = [{ op = "draw" }]

# ------------------------------------------------------------------ Strategies
[[card]]
name = "Z Blast 2"
type = "strategy"
aura = "fire"
cost = 1
text = "Deal 2 damage to a unit."
[[card.ability]]
kind = "on_play"
do = [{ op = "deal_damage", amount = 2, target = { side = "any" } }]

[[card]]
name = "Z Blast 3"
type = "strategy"
aura = "fire"
cost = 1
text = "Deal 3 damage to a unit."
[[card.ability]]
kind = "on_play"
do = [{ op = "deal_damage", amount = 3, target = { side = "any" } }]

[[card]]
name = "Z Rival Blast"
type = "strategy"
aura = "fire"
cost = 1
text = "Deal 2 damage to a rival creature."
[[card.ability]]
kind = "on_play"
do = [{ op = "deal_damage", amount = 2, target = { side = "rival", type = "creature" } }]

[[card]]
name = "Z Weaken"
type = "strategy"
aura = "fire"
cost = 1
text = "Give a unit -1 Influence."
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = -1, target = { side = "any" } }]

[[card]]
name = "Z Weaken 3"
type = "strategy"
aura = "fire"
cost = 1
text = "Give a unit -3 Influence."
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = -3, target = { side = "any" } }]

[[card]]
name = "Z Boost"
type = "strategy"
aura = "fire"
cost = 1
text = "Give a creature +2 Influence."
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = 2, target = { side = "any", type = "creature" } }]

[[card]]
name = "Z Bless"
type = "strategy"
aura = "fire"
cost = 1
text = "A creature gains +2 Influence."
[[card.ability]]
kind = "on_play"
do = [{ op = "gain_influence", amount = 2, target = { side = "any", type = "creature" } }]

[[card]]
name = "Z Beast Call"
type = "strategy"
aura = "fire"
cost = 1
text = "Give all Beasts +1 Influence."
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = 1, target = { side = "any", type = "creature", trait = "Beast", choose = "all" } }]

[[card]]
name = "Z Relocate"
type = "strategy"
aura = "fire"
cost = 1
text = "Move a friendly unit to another lane of your choice."
[[card.ability]]
kind = "on_play"
do = [{ op = "move", to = "any", target = { side = "friendly" } }]

[[card]]
name = "Z Offering"
type = "strategy"
aura = "fire"
cost = 1
text = "Sacrifice a unit."
[[card.ability]]
kind = "on_play"
do = [{ op = "sacrifice", target = { side = "any" } }]

[[card]]
name = "Z Freeze"
type = "strategy"
aura = "fire"
cost = 1
text = "Tap a unit."
[[card.ability]]
kind = "on_play"
do = [{ op = "tap", target = { side = "any" } }]

[[card]]
name = "Z Thaw"
type = "strategy"
aura = "fire"
cost = 1
text = "Untap a unit."
[[card.ability]]
kind = "on_play"
do = [{ op = "untap", target = { side = "any" } }]

[[card]]
name = "Z Duel"
type = "strategy"
aura = "fire"
cost = 1
text = "A friendly creature Duels a rival creature."
[[card.ability]]
kind = "on_play"
do = [{ op = "duel", fighter = { side = "friendly", type = "creature" }, target = { side = "rival", type = "creature" } }]

[[card]]
name = "Z Spawn"
type = "strategy"
aura = "fire"
cost = 1
text = "Create a Spark token in a lane of your choice."
[[card.ability]]
kind = "on_play"
do = [{ op = "create_token", token = "Spark", lane = "chosen" }]

[[card]]
name = "Z Swarm"
type = "strategy"
aura = "fire"
cost = 1
text = "Create 5 Spark tokens in a lane of your choice."
[[card.ability]]
kind = "on_play"
do = [{ op = "create_token", token = "Spark", count = 5, lane = "chosen" }]

[[card]]
name = "Z Drone Call"
type = "strategy"
aura = "fire"
cost = 1
text = "Create a Drone (equipment token) in a lane of your choice."
[[card.ability]]
kind = "on_play"
do = [{ op = "create_token", token = "Z Drone", lane = "chosen" }]

[[card]]
name = "Z Wisp Call"
type = "strategy"
aura = "fire"
cost = 1
text = "Create a Wisp token in a lane of your choice."
[[card.ability]]
kind = "on_play"
do = [{ op = "create_token", token = "Z Wisp", lane = "chosen" }]

[[card]]
name = "Z Aura Home"
type = "strategy"
aura = "fire"
cost = 1
text = "Put an Aura from your Aura zone on top of your Aura deck."
[[card.ability]]
kind = "on_play"
do = [{ op = "return_aura" }]

[[card]]
name = "Z Windfall"
type = "strategy"
aura = "fire"
cost = 1
text = "Gain 1 MP."
[[card.ability]]
kind = "on_play"
do = [{ op = "gain_mp", amount = 1 }]

[[card]]
name = "Z Look Terra"
type = "strategy"
aura = "fire"
cost = 1
text = "Discover 3 (a Terra)."
[[card.ability]]
kind = "on_play"
do = [{ op = "discover", x = 3, filter = { type = "terra" } }]

[[card]]
name = "Z Draw Strike"
type = "strategy"
aura = "fire"
cost = 1
text = "Draw a card. Tap 2 of your opponent's untapped Aura."
[[card.ability]]
kind = "on_play"
do = [{ op = "draw" }, { op = "tap_aura", player = "opponent", count = 2 }]

# ------------------------------------------------------------------ Terras
[[card]]
name = "Z Plain"
type = "terra"
starter = true
aura = "fire"
cost = 2
traits = ["Plains"]

[[card]]
name = "Z Field"
type = "terra"
aura = "fire"
cost = 1
traits = ["Swamp"]

[[card]]
name = "Z Bog Dweller 2"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "Has +2 Influence while this lane's Terra is a Swamp."
[[card.ability]]
kind = "continuous"
condition = { terra_trait = "Swamp" }
do = [{ op = "has_influence", amount = 2, target = { choose = "self" } }]

[[card]]
name = "Z Loser Gift 1"
type = "terra"
aura = "fire"
cost = 1
text = "On Mission Resolution: the loser gains 1 MP."
[[card.ability]]
kind = "on_mission_resolution"
do = [{ op = "gain_mp", amount = 1, player = "loser" }]

[[card]]
name = "Z Loser Gift 2"
type = "terra"
aura = "fire"
cost = 1
text = "On Mission Resolution: the loser gains 2 MP."
[[card.ability]]
kind = "on_mission_resolution"
do = [{ op = "gain_mp", amount = 2, player = "loser" }]

[[card]]
name = "Z Mire"
type = "terra"
aura = "fire"
cost = 1
text = "During Mission: creatures here contribute 3 less Influence."
[[card.ability]]
kind = "during_mission"
do = [{ op = "contribution", amount = -3, target = { side = "any", lane = "this", type = "creature", choose = "all" } }]

[[card]]
name = "Z Giant Bane"
type = "terra"
aura = "fire"
cost = 1
text = "On Mission Resolution: Shatter all Giants here."
[[card.ability]]
kind = "on_mission_resolution"
do = [{ op = "shatter", target = { side = "any", lane = "this", trait = "Giant", choose = "all" } }]

[[card]]
name = "Z Pump Terra"
type = "terra"
aura = "fire"
cost = 1
text = "On Mission Resolution: Beasts here get +5 Influence until the end of the round."
[[card.ability]]
kind = "on_mission_resolution"
do = [{ op = "give_influence", amount = 5, target = { side = "any", lane = "this", type = "creature", trait = "Beast", choose = "all" } }]

[[card]]
name = "Z Cave"
type = "terra"
aura = "fire"
cost = 1
text = "On Mission Declaration: each player may Move one of their creatures from another lane here."
[[card.ability]]
kind = "on_mission_declaration"
each_player = true
may = true
do = [{ op = "move", to = "this", target = { side = "friendly", lane = "other", type = "creature" } }]

[[card]]
name = "Z Opener"
type = "terra"
starter = true
aura = "fire"
cost = 1
text = "On Play: each player draws a card."
[[card.ability]]
kind = "on_play"
do = [{ op = "draw", player = "each" }]
'''


@functools.lru_cache(maxsize=1)
def game():
    return mz.stand_in_game(CARDS, "<rules_metazoo_b>")


FIRE5 = ["Fire Aura"] * 5


def player(**kw) -> dict:
    """A [[player]] table: caster "Z Pyra", 5 untapped Fire Aura, 20 filler cards unless given."""
    out = {"caster": "Z Pyra", "aura": list(FIRE5), "deck_size": 20}
    out.update(kw)
    if "deck" in out:
        out.pop("deck_size")
    return out


def position(p1: dict | None = None, p2: dict | None = None, lanes=(), *, priority: int = 0,
             active: int | None = None, round: int = 1, auto: bool = True, seed: int = 1,
             phase: str = "action"):
    """A position. ``lanes`` lists up to four [[lane]] tables (missing ones are razed and
    empty); p1/p2 go through :func:`player`."""
    return mz.position(game(), player(**(p1 or {})), player(**(p2 or {})), lanes, round=round,
                       priority=priority, phase=phase, seed=seed, auto=auto, active=active)


# ------------------------------------------------------------------ finding cards
def lane_of(st, iid: int) -> int:
    """1-based lane of a unit in play (0: not in play)."""
    return st.data.lane_of.get(iid, -1) + 1


def tokens_in_play(st) -> list[int]:
    d = st.data
    return [u for s in range(8) for u in d.units[s] if d.cards[u].token]


# ------------------------------------------------------------------ actions
def can_play(st, name: str, lane: int | None = None) -> bool:
    """Is some copy of ``name`` (in hand, or the Caster) playable now (to ``lane`` if given)?"""
    d = st.data
    p = st.decision.params[0]
    cs = [c for c in d.hand[p] if d.cards[c].name == name]
    if d.cards[d.caster[p]].name == name:
        cs.append(d.caster[p])
    legal = ids(st)
    if lane is not None:
        return any(f"play:c{c}@lane{lane}" in legal for c in cs)
    return any(a == f"play:c{c}" or a.startswith(f"play:c{c}@") for c in cs for a in legal)


def declare(st, lane: int) -> None:
    st.apply(f"declare:lane{lane}")


def target(st, iid: int) -> None:
    """Pick ``iid`` as the target; when it was the only legal target the kernel already took it."""
    if st.decision is not None and st.decision.kind == "target":
        st.apply(f"target:c{iid}")
    else:
        assert any(line.startswith("(only choice) Choose " + st.data.cards[iid].name) for line in st.log[-8:]), \
            "the target was neither offered nor auto-chosen"


def ability_id(src: int, ai: int) -> str:
    return f"ability:c{src}:{ai}"


def finish_round(st) -> int:
    """Declare missions in the unresolved lanes until a new round starts; returns the new round.
    Any other decision met on the way takes its first option."""
    start = st.data.round
    guard = 0
    while st.data.round == start and st.result is None:
        guard += 1
        assert guard < 50, "round did not end"
        legal = ids(st)
        dec = [a for a in legal if a.startswith("declare:")]
        st.apply(dec[0] if dec and st.decision.kind == "action" else legal[0])
    return st.data.round


def log_since(st, start: int) -> list[str]:
    return st.log[start:]


def idle(st) -> None:
    """The player to act spends their turn declaring the highest unresolved lane (keep it empty)."""
    assert st.decision.kind == "action", st.decision
    ln = max(i for i in range(4) if not st.data.resolved[i]) + 1
    declare(st, ln)


def deck(caster: str = "Z Pyra", starters=("Z Plain", "Z Plain"), aura: str = "Fire Aura"):
    """A legal 51-card Fire deck list of stand-ins (for games started from setup)."""
    main = [f"Z Fire {n}" for n in range(1, 10)] + ["Z Sky 2", "Z Sky 3", "Fire Enhancer", "Z Razer 4", "Z Giant 6",
                                                   "Z Martyr 2", "Play Drawer", "Z Winner 3"]
    text = f"[caster]\n1 {caster}\n[starter]\n" + "".join(f"1 {s}\n" for s in starters) + f"[aura]\n10 {aura}\n[main]\n"
    text += "".join(f"3 {n}\n" for n in main)
    return game().parse_deck(text, "mzb")


def new_game(d1=None, d2=None, seed: int = 3):
    return game().new_state([d1 or deck(), d2 or deck()], seed=seed)


def settle(st, kind: str = "order") -> None:
    """Take the first option of every pending decision of ``kind`` (e.g. ordering mini-steps)."""
    while st.decision is not None and st.decision.kind == kind:
        st.apply(ids(st)[0])
