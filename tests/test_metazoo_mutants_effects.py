"""MetaZoo (four-lane) effects that mutation testing showed nothing else pinned down: a lane
treated as resolved (MZL-ERRATA-LANERES-4) changes what "while this lane is resolved" units
are; an effect naming no lane of its own resolves the lane its ability chose; any unit (card
0 too) can fight a Duel; a Strategy's Move to "this lane" asks for the lane; and continuous
abilities switched on by a creature or a Terra arriving work at once."""
from __future__ import annotations

import pytest

from metatcg.games.metazoo import stats
from support import ids
from support.metazoo import GAME, play, player

EXTRA = '''
[[card]]
name = "MZE Ebb Pup"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "continuous"
condition = { lane_resolved = true }
do = [{ op = "has_influence", amount = -1, target = { choose = "self" } }]

[[card]]
name = "MZE Pat And Close"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
[[card.ability.do]]
op = "give_influence"
amount = 1
target = { side = "friendly", lane = "chosen", type = "creature", choose = "one" }
[[card.ability.do]]
op = "treat_resolved"
lane = "any"

[[card]]
name = "MZE Challenge"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
[[card.ability.do]]
op = "duel"
fighter = { side = "friendly", type = "creature", choose = "one" }
target = { side = "rival", type = "creature", choose = "one" }

[[card]]
name = "MZE Gather"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "move", to = "this", target = { side = "friendly", type = "creature", choose = "one" } }]

[[card]]
name = "MZE Banner"
type = "equipment"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "continuous"
[[card.ability.do]]
op = "has_influence"
amount = 2
target = { side = "friendly", lane = "this", type = "creature", choose = "all" }

[[card]]
name = "MZE Chill Terra"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "continuous"
[[card.ability.do]]
op = "has_influence"
amount = -1
target = { side = "any", lane = "this", type = "creature", choose = "all" }
'''

G = GAME.with_cards(GAME.parse_cards(EXTRA, "mutants_effects.toml"))


def _position(hand: str, lanes: list):
    return G.position({"seed": 1, "player": [player(aura=["Fire Aura"] * 3, hand=[hand]),
                                             player("Plain Earth Caster")],
                       "lane": lanes, "options": {"auto_single": False}})


def _names_in_lanes(st) -> list[str]:
    return sorted(st.data.cards[u].name for u in st.data.lane_of)


@pytest.mark.rule("MZL-ERRATA-LANERES-4")
def test_treating_a_lane_as_resolved_is_checked_at_once_against_units_it_weakens():
    """MZE Ebb Pup has -1 Influence while its lane is resolved: resolving it by MZA Resolve
    leaves the Pup at 0 Influence, and the state check Shatters it before P2 acts."""
    st = _position("MZA Resolve", [{"terra": "Fire Starter", "p1": ["MZE Ebb Pup", "Fire Brute"]}])
    play(st, "MZA Resolve")
    st.apply("lane:1")
    assert st.data.resolved == [True, False, False, False]
    assert st.decision.kind == "action"
    assert _names_in_lanes(st) == ["Fire Brute"]
    assert [st.data.cards[c].name for c in st.data.discard[0]] == ["MZE Ebb Pup", "MZA Resolve"]


@pytest.mark.rule("MZL-ERRATA-LANERES-4")
def test_an_ability_resolving_no_lane_of_its_own_resolves_the_lane_it_chose():
    """"Treat a lane as resolved" with no lane of its own after a target in a chosen lane
    takes that chosen lane."""
    st = _position("MZE Pat And Close", [{"terra": "Fire Starter", "p1": ["Fire Pup"]},
                                         {"terra": "Fire Starter", "p1": ["Fire Brute"]}])
    brute = next(u for u in st.data.lane_of if st.data.cards[u].name == "Fire Brute")
    play(st, "MZE Pat And Close")
    assert ids(st) == ["lane:1", "lane:2"]
    st.apply("lane:2")
    assert ids(st) == [f"target:c{brute}"]
    st.apply(f"target:c{brute}")
    assert st.data.resolved == [False, True, False, False]
    assert stats.influence(st.data, brute) == st.data.cards[brute].influence + 1
    assert st.decision.kind == "action"


@pytest.mark.rule("MZL-KW-DUEL-4")
def test_a_caster_that_is_card_zero_fights_a_duel():
    """P1's Caster (card 0, Influence 4) in lane 1 Duels Earth Pup (2): each deals its
    Influence to the other; the Pup is defeated, the Caster keeps 2 damage."""
    st = _position("MZE Challenge", [{"terra": "Fire Starter", "p1": ["Plain Fire Caster", "Fire Pup"],
                                      "p2": ["Earth Pup"]}])
    d = st.data
    caster = d.caster[0]
    pup = next(u for u in d.lane_of if d.cards[u].name == "Earth Pup")
    assert caster == 0 and d.lane_of[caster] == 0
    assert (stats.influence(d, caster), stats.influence(d, pup)) == (4, 2)
    play(st, "MZE Challenge")
    st.apply(f"target:c{caster}")  # the fighter
    st.apply(f"target:c{pup}")
    assert st.decision.kind == "action"
    assert d.damage == {caster: 2}
    assert _names_in_lanes(st) == ["Fire Pup", "Plain Fire Caster"]


@pytest.mark.rule("MZL-KW-MOVE-1")
def test_a_strategys_move_to_this_lane_asks_for_the_lane_first():
    """PR-MZL-17: a Strategy has no lane, so "Move a friendly creature to this lane" asks for
    one (only lanes the creature could go to, PR-MZL-25), then the creature, and Moves it."""
    st = _position("MZE Gather", [{"terra": "Fire Starter", "p1": ["Fire Pup"]}, {"terra": "Fire Starter"}])
    d = st.data
    pup = next(iter(d.lane_of))
    play(st, "MZE Gather")
    assert ids(st) == ["lane:2", "lane:3", "lane:4"]
    st.apply("lane:3")
    assert ids(st) == [f"target:c{pup}"]
    st.apply(f"target:c{pup}")
    assert st.decision.kind == "action" and d.lane_of == {pup: 2}


# ============================================================================ continuous abilities
@pytest.mark.rule("MZL-EQUIP-2")
@pytest.mark.parametrize("lane", [1, 2, 3, 4])
def test_an_equipments_continuous_ability_works_once_a_creature_joins_it(lane):
    """MZE Banner (+2 to friendly creatures here) works only with a friendly creature in its
    lane: Fire Pup played there gets the +2 at once, in whichever lane."""
    lanes = [{"terra": "Fire Starter"} for _ in range(4)]
    lanes[lane - 1]["p1"] = ["MZE Banner"]
    st = _position("Fire Pup", lanes)
    d = st.data
    pup = d.hand[0][0]
    stats.static_sources(d)  # the abilities at work are known (and kept) before the play
    st.apply(f"play:c{pup}@lane{lane}")
    assert st.decision.kind == "action" and d.lane_of[pup] == lane - 1
    assert stats.influence(d, pup) == d.cards[pup].influence + 2


@pytest.mark.rule("MZL-TERRA-5", "MZL-CREATURE-3")
@pytest.mark.parametrize("old_terra", [None, "Fire Starter"])
def test_a_terra_whose_ability_lowers_influence_shatters_a_creature_at_zero_at_once(old_terra):
    """MZE Chill Terra gives -1 to every creature in its lane: played into lane 1 (empty, or
    replacing Fire Starter), it leaves P2's Zero Earth (1) at 0, and the state check Shatters
    it before anyone acts again."""
    lane = {"p2": ["Earth Pup", "Zero Earth"]} | ({"terra": old_terra} if old_terra else {})
    st = _position("MZE Chill Terra", [lane])
    d = st.data
    assert [stats.influence(d, u) for u in d.units[1]] == [2, 1]
    st.apply(f"play:c{d.hand[0][0]}@lane1")
    assert st.decision.kind == "action" and d.cards[d.terra[0]].name == "MZE Chill Terra"
    assert _names_in_lanes(st) == ["Earth Pup"]
    assert [d.cards[c].name for c in d.discard[1]] == ["Zero Earth"]
