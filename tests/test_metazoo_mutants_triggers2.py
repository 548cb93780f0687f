"""MetaZoo (four-lane) triggers where mutation testing showed nothing else pinned them down: a
creature's "when a rival creature in this lane is dealt damage" trigger fires on that damage
(MZL-CREATURE-5)."""
from __future__ import annotations

import pytest

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
