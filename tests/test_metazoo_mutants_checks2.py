"""MetaZoo (four-lane) state checks where mutation testing showed nothing else pinned them down:
a side holding exactly its limit is not over it and does not keep the check from a side that
is (MZL-LANE-6, MZL-LANE-15, MZL-TERRA-5)."""
from __future__ import annotations

import pytest

from support.metazoo import GAME, player

EXTRA = '''
[[card]]
name = "MZC Low Ridge"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "continuous"
do = [{ op = "lane_size", amount = -1, side = "any", lane = "this" }]
'''
G = GAME.with_cards(GAME.parse_cards(EXTRA, "mutants_checks2.toml"))
FIVE = ["Fire Pup", "Fire Brute", "Cinder Fox", "Ember Imp", "Fire Pup"]


@pytest.mark.rule("MZL-LANE-6", "MZL-LANE-15", "MZL-TERRA-5")
def test_a_side_at_its_limit_does_not_hide_a_side_over_it():
    """Five units in lane 1 and five in lane 2; a Terra that lowers its own lane's limit to 4
    replaces lane 2's. Lane 1 still holds exactly its limit of 5 and stays whole; lane 2 is over
    its new 4, and its owner is asked at once what to remove."""
    st = G.position({"seed": 1, "player": [player(aura=["Fire Aura"] * 2, hand=["MZC Low Ridge"]),
                                           player("Plain Earth Caster")],
                     "lane": [{"terra": "Fire Starter", "p1": FIVE}, {"terra": "Fire Starter", "p1": FIVE}],
                     "options": {"auto_single": False}})
    st.apply("play:c1@lane2")
    while st.decision.kind == "pay":
        st.apply(st.legal_actions()[0].id)
    d = st.data
    assert st.decision.kind == "overflow" and st.decision.player == 0
    assert st.decision.prompt.lower().startswith("lane 2 is over")
    assert len(d.units[0]) == 5 and len(d.units[2]) == 5
