"""Support for the MetaZoo (four-lane) rule tests of the Compendium rulings (MZL-ERRATA-*).

Every test builds a position with ``game().position`` and the stand-in cards defined here
plus the plain ones shared with the other MetaZoo folders (support.metazoo.SHARED_CARDS: Fire
Pup, Fire Brute, Earth Pup, Zero Fire, Fire Field, Play Drawer, Smash Unit, Total Ruin...), so
each one has exactly the numbers it needs (original cards, no published text). Positions
are built with ``auto_single = False`` unless a test asks otherwise, so every decision is
taken explicitly by the test.
"""
from __future__ import annotations

import functools

from metatcg.engine.decks import Deck
from support import act, card_in, ids, log_has, log_index, names  # noqa: F401 - re-exported for the tests
from support import zone_names as zone  # noqa: F401 - zone(st, p, z): sorted names
from support import metazoo as mz
from support.metazoo import ability_id, in_play, play, play_id, side, total, unit  # noqa: F401
from support.metazoo import influence as inf  # noqa: F401

CARDS = r'''
# ---------------------------------------------------------------- Casters without abilities
[[card]]
name = "Plain Fire Caster"
type = "caster"
aura = "fire"
allied = "earth"
cost = 4
influence = 4

[[card]]
name = "Plain Earth Caster"
type = "caster"
aura = "earth"
allied = "fire"
cost = 4
influence = 4

[[card]]
name = "Mono Fire Caster"
type = "caster"
aura = "fire"
allied = "fire"
cost = 4
influence = 4

[[card]]
name = "Mourning Caster"
type = "caster"
aura = "fire"
allied = "earth"
cost = 1
influence = 3
text = "When Dispelled: gain 5 MP (it never is: Casters are never Dispelled)."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "gain_mp", amount = 5 }]

[[card]]
name = "Icon Caster"
type = "caster"
aura = "fire"
allied = "earth"
cost = 4
influence = 4
text = "Action icon: draw a card."
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "draw" }]

# ---------------------------------------------------------------- plain units
[[card]]
name = "Fire Titan"
type = "creature"
aura = "fire"
cost = 5
influence = 9

[[card]]
name = "Earth Brute"
type = "creature"
aura = "earth"
cost = 3
influence = 4

[[card]]
name = "Fire Enhancer Two"
type = "creature"
aura = "fire"
cost = 1
influence = 2
enhance = true

[[card]]
name = "Unique Hound Pup"
type = "creature"
unique = true
aura = "fire"
cost = 1
influence = 2

[[card]]
name = "Steadfast Golem"
type = "creature"
aura = "earth"
cost = 2
influence = 3
cannot = ["be_shattered"]

[[card]]
name = "Unhurtable Golem"
type = "creature"
aura = "earth"
cost = 2
influence = 3
cannot = ["be_damaged"]

[[card]]
name = "Giant Two"
type = "creature"
aura = "fire"
cost = 2
influence = 5
gigantic = 2

[[card]]
name = "Giant One"
type = "creature"
aura = "fire"
cost = 2
influence = 4
gigantic = 1

[[card]]
name = "Destroyer"
type = "creature"
aura = "fire"
cost = 2
influence = 6
destruction = 1

# ---------------------------------------------------------------- 0-cost cards (MZL-ERRATA-ZERO)
[[card]]
name = "Zero Air"
type = "creature"
aura = "air"
cost = 0
influence = 1

[[card]]
name = "Air Pup"
type = "creature"
aura = "air"
cost = 1
influence = 2

# ---------------------------------------------------------------- Terras
[[card]]
name = "Fire Starter"
type = "terra"
starter = true
aura = "fire"
cost = 1

[[card]]
name = "Earth Starter"
type = "terra"
starter = true
aura = "earth"
cost = 1

[[card]]
name = "Air Starter"
type = "terra"
starter = true
aura = "air"
cost = 1

[[card]]
name = "Earth Field"
type = "terra"
aura = "earth"
cost = 1

[[card]]
name = "Mourning Starter"
type = "terra"
starter = true
aura = "fire"
cost = 1
text = "When Dispelled: each player draws a card."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "draw", player = "each" }]

[[card]]
name = "Icon Terra"
type = "terra"
aura = "fire"
cost = 1
text = "Action icon: draw a card."
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "draw" }]

[[card]]
name = "Unique Arena"
type = "terra"
unique = true
aura = "fire"
cost = 1

[[card]]
name = "Loser's Solace"
type = "terra"
aura = "fire"
cost = 1
text = "On Mission Resolution: the winner gains 3 MP (on top of the mission's)."
[[card.ability]]
kind = "on_mission_resolution"
do = [{ op = "gain_mp", amount = 3, player = "winner" }]

[[card]]
name = "Far Beacon"
type = "terra"
aura = "fire"
cost = 1
text = "On Mission Declaration in any lane: each player draws a card."
[[card.ability]]
kind = "on_mission_declaration"
scope = "any_lane"
do = [{ op = "draw", player = "each" }]

[[card]]
name = "Cost Tax Terra"
type = "terra"
aura = "fire"
cost = 1
text = "Creatures cost 2 more."
[[card.ability]]
kind = "continuous"
do = [{ op = "cost", amount = 2, card = { type = "creature" }, side = "any" }]

[[card]]
name = "Cost Cut Terra"
type = "terra"
aura = "fire"
cost = 1
text = "Creatures cost 1 less."
[[card.ability]]
kind = "continuous"
do = [{ op = "cost", amount = -1, card = { type = "creature" }, side = "any" }]

[[card]]
name = "Wide Terra"
type = "terra"
aura = "earth"
cost = 1
text = "Each player's lane size limit here is +1."
[[card.ability]]
kind = "continuous"
do = [{ op = "lane_size", amount = 1, side = "any", lane = "this" }]

[[card]]
name = "Lonely Terra"
type = "terra"
aura = "earth"
cost = 1
text = "Creatures here have +1 Influence."
[[card.ability]]
kind = "continuous"
do = [{ op = "has_influence", amount = 1, target = { side = "any", lane = "this", type = "creature", choose = "all" } }]

# ---------------------------------------------------------------- ability kinds (MZL-ERRATA-COLORS)
[[card]]
name = "Misnamed Drawer"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "On Play: draw a card (its ability name says otherwise)."
[[card.ability]]
kind = "on_play"
name = "On Mission (light blue)"
text = "Continuous (pink): When Dispelled, on each mission, draw a card."
do = [{ op = "draw" }]

[[card]]
name = "Aura Activator"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "Activated (Fire): gain 1 MP."
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 1 } }
do = [{ op = "gain_mp", amount = 1 }]

[[card]]
name = "Ally Mourner"
type = "creature"
aura = "fire"
cost = 1
influence = 3
text = "When a friendly creature is Dispelled, draw a card."
[[card.ability]]
kind = "trigger"
when = "dispelled"
watch = { side = "friendly", type = "creature" }
do = [{ op = "draw" }]

[[card]]
name = "Mission Reporter"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "On Mission Resolution: gain 1 MP."
[[card.ability]]
kind = "on_mission_resolution"
do = [{ op = "gain_mp", amount = 1 }]

[[card]]
name = "Beyond Reporter"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "On Mission Resolution of a mission in any lane: gain 1 MP."
[[card.ability]]
kind = "on_mission_resolution"
scope = "any_lane"
do = [{ op = "gain_mp", amount = 1 }]

[[card]]
name = "Terra Lover"
type = "creature"
aura = "earth"
cost = 1
influence = 2
text = "Has +2 Influence while this lane has a Terra."
[[card.ability]]
kind = "continuous"
condition = { terra = true }
do = [{ op = "has_influence", amount = 2, target = { choose = "self" } }]

# ---------------------------------------------------------------- Action icons (MZL-ERRATA-ICON)
[[card]]
name = "Icon Critter"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "Action icon: draw a card. Action icon: gain 1 MP."
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "draw" }]
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "gain_mp", amount = 1 }]

# ---------------------------------------------------------------- Dispel / leave triggers
[[card]]
name = "Grave Watcher"
type = "creature"
aura = "earth"
cost = 1
influence = 3
text = "When a friendly creature is Dispelled (any lane), gain 1 MP."
[[card.ability]]
kind = "trigger"
when = "dispelled"
watch = { side = "friendly", type = "creature" }
do = [{ op = "gain_mp", amount = 1 }]

[[card]]
name = "Exit Watcher"
type = "creature"
aura = "earth"
cost = 1
influence = 3
text = "When a friendly unit leaves play (any lane), draw a card."
[[card.ability]]
kind = "trigger"
when = "leaves_play"
watch = { side = "friendly" }
do = [{ op = "draw" }]

[[card]]
name = "Last Wish"
type = "creature"
aura = "earth"
cost = 1
influence = 2
text = "When Dispelled: gain 2 MP."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "gain_mp", amount = 2 }]

[[card]]
name = "Wisp Lord"
type = "creature"
aura = "earth"
cost = 1
influence = 2
traits = ["Lord"]
text = "When Dispelled: Shatter all friendly Wisps."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "shatter", target = { side = "friendly", trait = "Wisp", choose = "all" } }]

[[card]]
name = "Wisp A"
type = "creature"
aura = "earth"
cost = 1
influence = 1
traits = ["Wisp"]
text = "When Dispelled: draw a card."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "draw" }]

[[card]]
name = "Wisp B"
type = "creature"
aura = "earth"
cost = 1
influence = 1
traits = ["Wisp"]
text = "When Dispelled: draw a card."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "draw" }]

[[card]]
name = "Shield Bearer"
type = "creature"
aura = "earth"
cost = 1
influence = 2
text = "When Dispelled: give friendly units 'cannot be Shattered' until the end of the round."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "grant", keyword = "cannot_be_shattered", target = { side = "friendly", choose = "all" } }]

[[card]]
name = "Spark Mother"
type = "creature"
aura = "earth"
cost = 1
influence = 2
text = "When Dispelled: create a Spark token in the lane it was in."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "create_token", token = "Spark", lane = "subject" }]

# ---------------------------------------------------------------- Enter triggers (MZL-ERRATA-ENTERS)
[[card]]
name = "Gatekeeper"
type = "creature"
aura = "earth"
cost = 1
influence = 3
text = "When a unit enters this lane (either side), gain 1 MP. When an Aura enhances this lane, gain 1 MP."
[[card.ability]]
kind = "trigger"
when = "unit_enters"
watch = { side = "any", lane = "this" }
do = [{ op = "gain_mp", amount = 1 }]
[[card.ability]]
kind = "trigger"
when = "enhanced"
watch = { side = "any", lane = "this" }
do = [{ op = "gain_mp", amount = 1 }]

[[card]]
name = "Play Watcher"
type = "creature"
aura = "earth"
cost = 1
influence = 3
text = "When a unit is played to this lane, gain 1 MP."
[[card.ability]]
kind = "trigger"
when = "unit_played"
watch = { side = "any", lane = "this" }
do = [{ op = "gain_mp", amount = 1 }]

[[card]]
name = "Token Maker"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "Action icon: create a Spark token in a lane of your choice."
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "create_token", token = "Spark", lane = "chosen" }]

[[card]]
name = "Runner"
type = "creature"
aura = "fire"
cost = 1
influence = 3
text = "Action icon: Move this creature to a lane of your choice."
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "move", to = "chosen", target = { choose = "self" } }]

# ---------------------------------------------------------------- replacement effects
[[card]]
name = "Guard Plate"
type = "equipment"
aura = "earth"
cost = 1
influence = 1
text = "When another friendly unit here would be Shattered, you may Shatter this instead."
[[card.ability]]
kind = "replacement"
instead_of = "shatter"
watch = { side = "friendly", lane = "this", other = true }
may = true
do = [{ op = "shatter", target = { choose = "self" } }]

[[card]]
name = "Guard Cloak"
type = "equipment"
aura = "earth"
cost = 1
influence = 1
text = "When another friendly unit here would be Shattered, you may Shatter this instead."
[[card.ability]]
kind = "replacement"
instead_of = "shatter"
watch = { side = "friendly", lane = "this", other = true }
may = true
do = [{ op = "shatter", target = { choose = "self" } }]

[[card]]
name = "Ward Charm"
type = "equipment"
aura = "earth"
cost = 1
influence = 1
text = "Once per round, when a friendly creature here would be dealt damage, prevent 2 of it."
[[card.ability]]
kind = "replacement"
instead_of = "damage"
once_per_round = true
watch = { side = "friendly", lane = "this", type = "creature" }
do = [{ op = "prevent", amount = 2 }]

# ---------------------------------------------------------------- Strategies
[[card]]
name = "Zap Three"
type = "strategy"
aura = "fire"
cost = 1
text = "Deal 3 damage to a rival creature."
[[card.ability]]
kind = "on_play"
do = [{ op = "deal_damage", amount = 3, target = { side = "rival", type = "creature" } }]

[[card]]
name = "Zap Twice"
type = "strategy"
aura = "fire"
cost = 1
text = "Deal 3 damage to a rival creature, then deal 3 damage to a rival creature."
[[card.ability]]
kind = "on_play"
do = [{ op = "deal_damage", amount = 3, target = { side = "rival", type = "creature" } },
      { op = "deal_damage", amount = 3, target = { side = "rival", type = "creature" } }]

[[card]]
name = "Shove All"
type = "strategy"
aura = "fire"
cost = 1
text = "Move all rival creatures in a lane of your choice, each to a lane of your choice."
[[card.ability]]
kind = "on_play"
do = [{ op = "move", to = "any", target = { side = "rival", lane = "chosen", type = "creature", choose = "all" } }]

[[card]]
name = "Cheap Search"
type = "strategy"
aura = "fire"
cost = 1
text = "Search your deck for a creature, reveal it and put it in your hand."
[[card.ability]]
kind = "on_play"
do = [{ op = "search", filter = { type = "creature" } }]

[[card]]
name = "Odd Luck"
type = "strategy"
aura = "fire"
cost = 1
text = "Put the top Aura of your Aura deck into your Aura zone. At the end of the round, return an Aura to the top of your Aura deck."
[[card.ability]]
kind = "on_play"
do = [{ op = "temp_aura" }]

[[card]]
name = "Cheap Cut"
type = "strategy"
aura = "fire"
cost = 1
text = "Shatter a creature whose base cost is 2 or less."
[[card.ability]]
kind = "on_play"
do = [{ op = "shatter", target = { side = "any", type = "creature", max_cost = 2 } }]

[[card]]
name = "Cheap Finder"
type = "strategy"
aura = "fire"
cost = 1
text = "Search your deck for a creature whose base cost is 2 or less."
[[card.ability]]
kind = "on_play"
do = [{ op = "search", filter = { type = "creature", max_cost = 2 } }]

[[card]]
name = "Pump Two"
type = "strategy"
aura = "fire"
cost = 2
text = "Give up to two friendly creatures +2 Influence until the end of the round."
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = 2, target = { side = "friendly", type = "creature", choose = "up_to", count = 2 } }]

[[card]]
name = "Pump And Draw"
type = "strategy"
aura = "fire"
cost = 2
text = "Give a friendly creature +2 Influence until the end of the round, then draw a card."
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = 2, target = { side = "friendly", type = "creature" } },
      { op = "draw" }]

[[card]]
name = "Pump All"
type = "strategy"
aura = "fire"
cost = 2
text = "Give all friendly creatures +1 Influence until the end of the round."
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = 1, target = { side = "friendly", type = "creature", choose = "all" } }]

[[card]]
name = "Discount Ridge"
type = "terra"
aura = "fire"
cost = 1
text = "Strategies whose effect affects only creatures in this lane cost 1 less."
[[card.ability]]
kind = "continuous"
do = [{ op = "cost", amount = -1, card = { type = "strategy" }, side = "any", lane_only = true }]

[[card]]
name = "Smash And Draw"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "On Play: Shatter a rival creature in this lane, then draw a card."
[[card.ability]]
kind = "on_play"
do = [{ op = "shatter", target = { side = "rival", lane = "this", type = "creature" } }, { op = "draw" }]

[[card]]
name = "Mind Rot"
type = "strategy"
aura = "fire"
cost = 1
text = "Your opponent discards a card."
[[card.ability]]
kind = "on_play"
do = [{ op = "discard", player = "opponent" }]

[[card]]
name = "Mourning Field"
type = "terra"
aura = "fire"
cost = 1
text = "When Dispelled: each player draws a card."
[[card.ability]]
kind = "when_dispelled"
do = [{ op = "draw", player = "each" }]

[[card]]
name = "Blast All"
type = "strategy"
aura = "fire"
cost = 1
text = "Deal 3 damage to each rival creature."
[[card.ability]]
kind = "on_play"
do = [{ op = "deal_damage", amount = 3, target = { side = "rival", type = "creature", choose = "all" } }]

[[card]]
name = "Shover"
type = "creature"
aura = "earth"
cost = 1
influence = 2
text = "When a unit is played to this lane, Move each rival creature here to a lane of your choice."
[[card.ability]]
kind = "trigger"
when = "unit_played"
watch = { side = "any", lane = "this" }
do = [{ op = "move", to = "any", target = { side = "rival", lane = "this", type = "creature", choose = "all" } }]

[[card]]
name = "Toll Gate"
type = "terra"
aura = "fire"
cost = 1
text = "On Mission Declaration: each player discards a card."
[[card.ability]]
kind = "on_mission_declaration"
do = [{ op = "discard", player = "each" }]

[[card]]
name = "Herald"
type = "creature"
aura = "fire"
cost = 1
influence = 2
text = "On Mission Declaration: gain 1 MP."
[[card.ability]]
kind = "on_mission_declaration"
do = [{ op = "gain_mp", amount = 1 }]

[[card]]
name = "Sap Two"
type = "strategy"
aura = "fire"
cost = 1
text = "Give a rival creature -2 Influence until the end of the round."
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = -2, target = { side = "rival", type = "creature" } }]

# ---------------------------------------------------------------- ties (MZL-ERRATA-TIE)
[[card]]
name = "Crowning Terra"
type = "terra"
aura = "fire"
cost = 1
text = "On Mission Declaration: the creature here with the most Influence gets +5 Influence until the end of the round."
[[card.ability]]
kind = "on_mission_declaration"
do = [{ op = "give_influence", amount = 5, target = { side = "any", lane = "this", type = "creature", choose = "highest" } }]

[[card]]
name = "Humble Patron"
type = "creature"
aura = "earth"
cost = 1
influence = 4
text = "When a unit is played to this lane, the creature here with the least Influence gets +3 Influence until the end of the round."
[[card.ability]]
kind = "trigger"
when = "unit_played"
watch = { side = "any", lane = "this" }
do = [{ op = "give_influence", amount = 3, target = { side = "any", lane = "this", type = "creature", choose = "lowest" } }]

# ---------------------------------------------------------------- Sacrifice (MZL-ERRATA-SELFSAC)
[[card]]
name = "Self Feeder"
type = "creature"
aura = "earth"
cost = 1
influence = 2
text = "Activated: Sacrifice a unit: gain 2 MP."
[[card.ability]]
kind = "activated"
cost = { sacrifice = { units = { side = "friendly" } } }
do = [{ op = "gain_mp", amount = 2 }]

[[card]]
name = "Other Feeder"
type = "creature"
aura = "earth"
cost = 1
influence = 2
text = "Activated: Sacrifice another unit: gain 2 MP."
[[card.ability]]
kind = "activated"
cost = { sacrifice = { units = { side = "friendly", other = true } } }
do = [{ op = "gain_mp", amount = 2 }]

# ---------------------------------------------------------------- contribution (MZL-ERRATA-INFL)
[[card]]
name = "Weakener"
type = "creature"
aura = "earth"
cost = 1
influence = 1
text = "During Mission: rival creatures here contribute 2 less Influence."
[[card.ability]]
kind = "during_mission"
do = [{ op = "contribution", amount = -2, target = { side = "rival", lane = "this", type = "creature", choose = "all" } }]

[[card]]
name = "Duelist"
type = "creature"
aura = "fire"
cost = 1
influence = 9
text = "Action icon: this creature Duels a rival creature in this lane."
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "duel", target = { side = "rival", lane = "this", type = "creature" } }]

# ---------------------------------------------------------------- FIZZLE (token + equipment On Play)
[[card]]
name = "Medicine Pouch"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
text = "On Play: draw a card (only with a friendly creature here)."
[[card.ability]]
kind = "on_play"
do = [{ op = "draw" }]
'''


@functools.lru_cache(maxsize=1)
def game():
    return mz.stand_in_game(CARDS, "<rules_metazoo_c>")


def player(caster: str = "Plain Fire Caster", **kw) -> dict:
    """A [[player]] table; decks default to 10 filler cards (position.py)."""
    out = {"caster": caster, "deck_size": 10}
    out.update(kw)
    return out


def position(p1: dict | None = None, p2: dict | None = None, lanes: list | None = None, *,
             auto: bool = False, seed: int = 1, **spec):
    """A position; lanes is a list of up to four [[lane]] tables (missing ones: razed, empty)."""
    p1 = player() if p1 is None else p1
    p2 = player("Plain Earth Caster") if p2 is None else p2
    return mz.position(game(), p1, p2, lanes, auto=auto, seed=seed, **spec)


def deck(caster: str, starters: list[str], main: dict[str, int], aura: str = "Fire Aura") -> Deck:
    return mz.listed_deck(caster, starters, [aura] * 10, [nm for nm, n in main.items() for _ in range(n)], "test")


def check(d: Deck) -> list[str]:
    return game().check_deck(d)


# ------------------------------------------------------------------ finding things
def labels(st) -> dict[str, str]:
    return {a.id: a.label for a in st.legal_actions()}


def terra(st, lane: int) -> int:
    return st.data.terra[lane - 1]


def snap(st) -> dict:
    return game().snapshot(st)


# ------------------------------------------------------------------ taking actions
def target(st, iid: int) -> None:
    st.apply(f"target:c{iid}")


def order(st, iid: int) -> None:
    st.apply(f"order:c{iid}")


def trigger_ids(st) -> dict[str, str]:
    """Trigger-ordering options: label -> action id."""
    return {a.label: a.id for a in st.legal_actions() if a.id.startswith("trigger:")}


def pick_trigger(st, fragment: str) -> None:
    """Resolve first the simultaneous trigger whose source is ``fragment`` (its label starts so)."""
    hits = [a.id for a in st.legal_actions()
            if a.id.startswith("trigger:") and a.label.startswith("Resolve first: " + fragment)]
    assert len(hits) == 1, f"{fragment!r} matches {hits} among {labels(st)}"
    st.apply(hits[0])


def kind(st) -> str | None:
    return None if st.decision is None else st.decision.kind


def decider(st) -> int | None:
    return None if st.decision is None else st.decision.player


def is_action_turn(st, p: int) -> bool:
    return st.decision is not None and st.decision.kind == "action" and st.decision.player == p
