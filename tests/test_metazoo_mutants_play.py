"""MetaZoo (four-lane) checks that mutation testing showed nothing else pinned down: who a
"cannot be targeted" unit is shielded from (PR-MZL-11), Sacrifice picking only the
controller's units, Moves to "another lane", lanes chosen for a target, and tap costs."""
from __future__ import annotations

import pytest

from metatcg.games.metazoo import stats
from support import ids
from support.metazoo import GAME, mza_deck, play, player

EXTRA = '''
[[card]]
name = "MZP Shy Pup"
type = "creature"
aura = "fire"
cost = 1
influence = 1
cannot = ["be_targeted"]

[[card]]
name = "MZP Shy Earth"
type = "creature"
aura = "earth"
cost = 1
influence = 1
cannot = ["be_targeted"]

[[card]]
name = "MZP Pat"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = 1, target = { side = "friendly", type = "creature", choose = "one" } }]

[[card]]
name = "MZP Pat There"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
[[card.ability.do]]
op = "give_influence"
amount = 1
target = { side = "friendly", lane = "chosen", type = "creature", choose = "one" }

[[card]]
name = "MZP Lift Lowest"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = 5, target = { side = "rival", type = "creature", choose = "lowest" } }]

[[card]]
name = "MZP Offering"
type = "strategy"
aura = "earth"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "sacrifice", target = { side = "any", type = "creature", choose = "all" } }]

[[card]]
name = "MZP Shift"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "move", to = "other", target = { side = "friendly", type = "creature", choose = "one" } }]

[[card]]
name = "MZP Tap Terra"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "activated"
cost = { tap = true }
do = [{ op = "draw" }]
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 1 } }
do = [{ op = "draw" }]

[[card]]
name = "MZP Duel Rig"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 1 } }
do = [{ op = "duel", target = { side = "rival", type = "creature", choose = "one" } }]
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 1 } }
[[card.ability.do]]
op = "duel"
fighter = { side = "friendly", type = "creature", choose = "one" }
target = { side = "rival", type = "creature", choose = "one" }

[[card]]
name = "MZP Seeker"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
cost = { aura = { fire = 1 } }
do = [{ op = "search" }]

[[card]]
name = "MZP Dawn Start"
type = "terra"
starter = true
aura = "fire"
cost = 2
[[card.ability]]
kind = "trigger"
when = "action_phase_start"
do = [{ op = "draw", player = "each" }]

[[card]]
name = "MZP Rally Ward"
type = "equipment"
aura = "earth"
cost = 1
influence = 1
[[card.ability]]
kind = "replacement"
instead_of = "shatter"
watch = { side = "friendly", lane = "this", type = "creature", other = true }
[[card.ability.do]]
op = "give_influence"
amount = 2
target = { side = "friendly", lane = "this", type = "creature", choose = "all" }

[[card]]
name = "MZP Smash"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "shatter", target = { side = "rival", type = "creature", choose = "one" } }]
'''

G = GAME.with_cards(GAME.parse_cards(EXTRA, "mutants_play.toml"))


def _position(p1: dict, lanes: list, p2: dict | None = None, **spec):
    return G.position({"seed": 1, "player": [p1, p2 or player("Plain Earth Caster")], "lane": lanes,
                       "options": {"auto_single": False}, **spec})


def _names(st, cards) -> list[str]:
    return sorted(st.data.cards[c].name for c in cards)


def _unit(st, name: str) -> int:
    d = st.data
    return next(u for u in d.lane_of if d.cards[u].name == name)


def _plays(st, name: str) -> list[str]:
    d = st.data
    return [a for a in ids(st) if a.startswith("play:") and d.cards[int(a[6:].split("@")[0])].name == name]


# ============================================================================ PR-MZL-11
@pytest.mark.rule("MZL-STRATEGY-5")
def test_a_unit_that_cannot_be_targeted_is_still_a_target_for_its_own_controller():
    """"Cannot be targeted" shields a unit from its opponent's choices only (PR-MZL-11): a
    Strategy whose only friendly target is such a unit can be played, to a chosen lane too."""
    st = _position(player(aura=["Fire Aura"] * 2, hand=["MZP Pat", "MZP Pat There"]),
                   [{"terra": "Fire Starter", "p1": ["MZP Shy Pup"]}, {"terra": "Fire Starter"}])
    assert _plays(st, "MZP Pat") and _plays(st, "MZP Pat There")
    pup = _unit(st, "MZP Shy Pup")
    play(st, "MZP Pat")
    assert ids(st) == [f"target:c{pup}"]
    st.apply(f"target:c{pup}")
    assert stats.influence(st.data, pup) == 2


@pytest.mark.rule("MZL-ERRATA-TIE-3")
def test_the_lowest_rival_creature_skips_one_that_cannot_be_targeted():
    """"The lowest" is a choice the effect makes (PR-MZL-11): a rival creature that cannot be
    targeted is passed over for the next lowest."""
    st = _position(player(aura=["Fire Aura"] * 2, hand=["MZP Lift Lowest"]),
                   [{"terra": "Fire Starter", "p2": ["MZP Shy Earth", "Earth Pup"]}])
    shy, pup = _unit(st, "MZP Shy Earth"), _unit(st, "Earth Pup")
    play(st, "MZP Lift Lowest")
    assert (stats.influence(st.data, shy), stats.influence(st.data, pup)) == (1, 7)


# ============================================================================ Sacrifice
@pytest.mark.rule("MZL-KW-SACRIFICE-5")
def test_sacrificing_all_creatures_takes_only_the_controllers_own_whatever_the_lane_order():
    """The rival's creature in an earlier lane is skipped, not the end of the search."""
    st = _position(player(), [{"terra": "Fire Starter", "p1": ["Fire Pup"]},
                              {"terra": "Fire Starter", "p2": ["Earth Pup"]}],
                   player("Plain Earth Caster", aura=["Earth Aura"] * 2, hand=["MZP Offering"]),
                   active=1, priority=1)
    play(st, "MZP Offering")
    d = st.data
    assert _names(st, d.discard[1]) == ["Earth Pup", "MZP Offering"]
    assert _names(st, d.lane_of) == ["Fire Pup"]


# ============================================================================ Move
@pytest.mark.rule("MZL-KW-MOVE-1")
def test_a_move_to_another_lane_lets_the_unit_leave_even_from_a_strategy():
    """"To another lane" is chosen per unit, never the (missing) lane of a Strategy: the
    creature may go to any lane but its own."""
    st = _position(player(aura=["Fire Aura"] * 2, hand=["MZP Shift"]),
                   [{"terra": "Fire Starter", "p1": ["Fire Pup"]}, {"terra": "Fire Starter"}])
    pup = _unit(st, "Fire Pup")
    play(st, "MZP Shift")
    st.apply(f"target:c{pup}")
    assert st.decision.kind == "move_to" and ids(st) == ["lane:2", "lane:3", "lane:4"]
    st.apply("lane:3")
    assert st.data.lane_of[pup] == 2


# ============================================================================ tap costs
def test_a_terra_cannot_pay_a_tap_cost():
    """Only units tap: a Terra's ability whose cost taps the card is never offered, while
    its Aura-cost ability is."""
    st = _position(player(aura=["Fire Aura"] * 2), [{"terra": "MZP Tap Terra"}])
    terra = st.data.terra[0]
    mine = [a for a in ids(st) if a.startswith(f"ability:c{terra}:")]
    assert mine == [f"ability:c{terra}:1"]


# ============================================================================ PR-MZL-25
@pytest.mark.rule("MZL-KW-DUEL-1")
def test_an_equipment_offers_a_duel_only_with_a_creature_to_fight_it():
    """A Duel needs a creature on each side: the Equipment's own Duel (it would fight
    itself) is never offered, the one naming a friendly creature as fighter is."""
    st = _position(player(aura=["Fire Aura"] * 2),
                   [{"terra": "Fire Starter", "p1": ["MZP Duel Rig", "Fire Pup"], "p2": ["Earth Pup"]}])
    rig = _unit(st, "MZP Duel Rig")
    assert [a for a in ids(st) if a.startswith(f"ability:c{rig}:")] == [f"ability:c{rig}:1"]


def test_a_search_of_an_empty_deck_is_not_offered():
    """Searching an empty deck could find nothing: the ability is not an option until the
    deck has a card."""
    lanes = [{"terra": "Fire Starter", "p1": ["MZP Seeker"]}]
    empty = _position(player(aura=["Fire Aura"] * 2, deck_size=0), lanes)
    full = _position(player(aura=["Fire Aura"] * 2, deck_size=3), lanes)
    seeker = _unit(empty, "MZP Seeker")
    assert f"ability:c{seeker}:0" not in ids(empty)
    assert f"ability:c{_unit(full, 'MZP Seeker')}:0" in ids(full)


# ============================================================================ lane choice
@pytest.mark.rule("MZL-STRATEGY-5")
def test_a_target_in_a_chosen_lane_asks_for_the_lane_first():
    """"A creature in a chosen lane": the lane is picked, then a creature there."""
    st = _position(player(aura=["Fire Aura"] * 2, hand=["MZP Pat There"]),
                   [{"terra": "Fire Starter", "p1": ["Fire Pup"]}, {"terra": "Fire Starter", "p1": ["Fire Brute"]}])
    brute = _unit(st, "Fire Brute")
    before = stats.influence(st.data, brute)
    play(st, "MZP Pat There")
    assert ids(st) == ["lane:1", "lane:2"]
    st.apply("lane:2")
    assert ids(st) == [f"target:c{brute}"]
    st.apply(f"target:c{brute}")
    assert stats.influence(st.data, brute) == before + 1


# ============================================================================ triggers and replacements
def _round_one(starter: str) -> list[int]:
    """Hand sizes once round 1's first action is due, P1's Starter Terras ``starter`` and MZA
    Earth Start (each placed where first offered)."""
    d1 = mza_deck(starters=(starter, "MZA Earth Start"), name="d1")
    st = G.new_state([d1, mza_deck(name="d2")], seed=0, options={"auto_single": False})
    st.apply("priority:first")
    while st.decision.kind == "starter":
        st.apply(ids(st)[0])
    while st.decision.kind != "action":
        st.apply(ids(st)[0])
    assert st.data.round == 1
    return [len(h) for h in st.data.hand]


@pytest.mark.rule("MZL-TERRA-8")
def test_a_starter_terra_triggers_when_the_first_action_phase_begins():
    """"At the start of the action phase" fires in round 1 too; a Terra's draw is for both."""
    assert _round_one("MZP Dawn Start") == [n + 1 for n in _round_one("MZA Fire Start")]


@pytest.mark.rule("MZL-ERRATA-REPLEFF-1")
def test_a_replacement_acts_on_its_own_lane():
    """What a replacement does instead reads "this lane" as its source's lane."""
    st = _position(player(aura=["Fire Aura"] * 2, hand=["MZP Smash"]),
                   [{"terra": "Fire Starter"}, {"terra": "Fire Starter", "p2": ["MZP Rally Ward", "Earth Pup"]}])
    pup = _unit(st, "Earth Pup")
    play(st, "MZP Smash")
    st.apply(f"target:c{pup}")
    assert st.data.lane_of[pup] == 1 and stats.influence(st.data, pup) == 4
