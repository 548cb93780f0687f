"""MetaZoo (four-lane) triggers where mutation testing showed nothing else pinned them down: a
creature's "when a rival creature in this lane is dealt damage" trigger fires on that damage
(MZL-CREATURE-5); a Caster in its Caster zone stands in no lane, so its "in this lane" trigger
treats every lane alike; a "When Dispelled" ability of a unit Shattered by a mission's
Destruction knows which lane that mission is in."""
from __future__ import annotations

import pytest

from metatcg.games.metazoo import stats
from support.metazoo import GAME, player

EXTRA = '''
[[card]]
name = "MZD Spark Pup"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "deal_damage", amount = 1, target = { side = "rival", lane = "this", type = "creature" } }]

[[card]]
name = "MZV Crusher"
type = "creature"
aura = "fire"
cost = 1
influence = 6
destruction = 1

[[card]]
name = "MZV Last Word"
type = "creature"
aura = "earth"
cost = 1
influence = 1
[[card.ability]]
kind = "when_dispelled"
[[card.ability.do]]
op = "deal_damage"
amount = 1
target = { side = "rival", lane = "mission", type = "creature", choose = "all" }

[[card]]
name = "MZD Lane Caster"
type = "caster"
aura = "fire"
allied = "earth"
cost = 4
influence = 4
[[card.ability]]
kind = "trigger"
where = "caster_zone"
when = "unit_played"
watch = { side = "friendly", lane = "this", type = "creature" }
do = [{ op = "give_influence", amount = 1, target = { choose = "subject" } }]

[[card]]
name = "MZD Any Lane Caster"
type = "caster"
aura = "fire"
allied = "earth"
cost = 4
influence = 4
[[card.ability]]
kind = "trigger"
where = "caster_zone"
when = "unit_played"
watch = { side = "friendly", type = "creature" }
do = [{ op = "give_influence", amount = 1, target = { choose = "subject" } }]
'''
G = GAME.with_cards(GAME.parse_cards(EXTRA, "mutants_triggers2.toml"))


@pytest.mark.rule("MZL-CREATURE-5")
def test_a_damaged_trigger_fires_when_its_creature_is_dealt_damage():
    """Vodyanoy taps a rival creature of its lane that is dealt damage: the Spark Pup's 1 damage
    to Fire Brute (which survives it) leaves the Brute tapped."""
    st = G.position({"seed": 1, "player": [player(aura=["Fire Aura"] * 2, hand=["MZD Spark Pup"]),
                                           player("Plain Earth Caster")],
                     "lane": [{"terra": "Fire Starter", "p1": ["Vodyanoy"], "p2": ["Fire Brute"]}],
                     "options": {"auto_single": False}})
    d = st.data
    brute = next(u for u in d.lane_of if d.cards[u].name == "Fire Brute")
    assert brute not in d.tapped
    st.apply("play:c1@lane1")
    st.apply(f"target:c{brute}")
    assert d.damage.get(brute) == 1 and brute in d.lane_of
    assert brute in d.tapped
    assert any(line.startswith("Vodyanoy (P1): Fire Brute") for line in st.log_for(0))


def _pup_played_by(caster: str, lane: int) -> int:
    """Fire Pup's Influence after ``caster`` (in its Caster zone) sees it played to ``lane``."""
    st = G.position({"seed": 1, "player": [player(caster, aura=["Fire Aura"] * 2, hand=["Fire Pup"]),
                                           player("Plain Earth Caster")],
                     "lane": [{"terra": "Fire Starter"}] * 3, "options": {"auto_single": False}})
    st.apply(f"play:c1@lane{lane}")
    while st.decision.kind != "action":
        st.apply(st.legal_actions()[0].id)
    d = st.data
    pup = next(u for u in d.lane_of if d.cards[u].name == "Fire Pup")
    return stats.influence(d, pup)


@pytest.mark.rule("MZL-CREATURE-5")
def test_a_caster_in_its_zone_is_in_no_lane():
    """The Caster zone is no lane: a Caster's trigger that works from there (MZL-CASTER-7/8) and
    is limited to "this lane" treats lanes 1, 2 and 3 alike, and one without a lane fires for a
    play to any of them."""
    base = G.pool["Fire Pup"].influence
    assert [_pup_played_by("MZD Lane Caster", ln) for ln in (1, 2, 3)] == [base] * 3
    assert [_pup_played_by("MZD Any Lane Caster", ln) for ln in (1, 2, 3)] == [base + 1] * 3


def test_start_of_action_phase_triggers_waiting_to_be_ordered_survive_save_and_load():
    """Two Crackling Salt Pans trigger together when the action phase starts; while P1 orders
    them the game is saved and loaded (the contract: any point), and both copies go on alike."""
    st = GAME.position({"seed": 1, "phase": "round_start",
                        "player": [player(aura=["Fire Aura"] * 2), player("Plain Earth Caster")],
                        "lane": [{"terra": "Crackling Salt Pan", "p1": ["Fire Brute"]},
                                 {"terra": "Crackling Salt Pan", "p2": ["Fire Brute"]}],
                        "options": {"auto_single": False}})
    while st.decision.kind != "__order_triggers":
        st.apply(st.legal_actions()[0].id)
    loaded = GAME.state_from_json(st.to_json_text())
    assert loaded.decision.kind == "__order_triggers"
    assert [a.id for a in loaded.legal_actions()] == ["trigger:0", "trigger:1"]
    for s in (st, loaded):
        s.apply("trigger:1")
    assert loaded.to_json_text() == st.to_json_text()


@pytest.mark.rule("MZL-KW-DISPEL-1")
def test_a_when_dispelled_ability_during_a_mission_knows_the_mission_lane():
    """P1 wins the mission in lane 1 with a Destruction creature; P2's Last Word is Shattered,
    and its "deal 1 damage to each rival creature in the mission lane" hits the Crusher."""
    st = G.position({"seed": 1, "player": [player(aura=["Fire Aura"] * 2), player("Plain Earth Caster")],
                     "lane": [{"terra": "Fire Starter", "p1": ["MZV Crusher"], "p2": ["MZV Last Word"]}],
                     "options": {"auto_single": False}})
    d = st.data
    crusher = next(u for u in d.lane_of if d.cards[u].name == "MZV Crusher")
    st.apply("declare:lane1")
    while st.decision.kind != "action":
        st.apply(st.legal_actions()[0].id)         # P2 picks what its Destruction Shatters
    assert all(d.cards[u].name != "MZV Last Word" for u in d.lane_of)
    assert d.damage.get(crusher) == 1
