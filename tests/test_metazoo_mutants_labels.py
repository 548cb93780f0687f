"""What a MetaZoo (four-lane) player reads must say what it does: the options of an Aura tap,
untap or return choice, a replacement's "instead" question and a card's one-line summary."""
from __future__ import annotations

import pytest

from support import ids
from support.metazoo import GAME, play, player, position

EXTRA = '''
[[card]]
name = "MZL Sap Two"
type = "strategy"
aura = "fire"
cost = 0
[[card.ability]]
kind = "on_play"
do = [{ op = "tap_aura", player = "opponent" }]

[[card]]
name = "MZL Wake One"
type = "strategy"
aura = "fire"
cost = 0
[[card.ability]]
kind = "on_play"
do = [{ op = "untap_aura" }]

[[card]]
name = "MZL Send Back"
type = "strategy"
aura = "fire"
cost = 0
[[card.ability]]
kind = "on_play"
do = [{ op = "return_aura" }]

[[card]]
name = "MZL Spiked Plate"
type = "equipment"
aura = "fire"
cost = 2
influence = 1
destruction = 2
'''

G = GAME.with_cards(GAME.parse_cards(EXTRA, "mutants_labels.toml"))


def _labels(st) -> list[str]:
    return sorted(a.label for a in st.legal_actions())


def _aura_choice(strategy: str, p1_aura: list, p2_aura: list) -> list[str]:
    """The option labels after P1 plays ``strategy`` with those Aura zones (each a Fire and an
    Earth Aura, so there is a choice)."""
    st = G.position({"seed": 1, "player": [player(aura=p1_aura, hand=[strategy]),
                                           player("Plain Earth Caster", aura=p2_aura)],
                     "lane": [{"terra": "Fire Starter"}], "options": {"auto_single": False}})
    play(st, strategy)
    assert st.decision.kind == "aura_op" and st.decision.player == 0
    return _labels(st)


def test_tapping_an_opponents_aura_offers_each_untapped_kind_by_name():
    """An Aura already tapped is no option: only an untapped one can be tapped."""
    p2 = ["Fire Aura", "Earth Aura", {"name": "Earth Aura", "tapped": True}]
    assert _aura_choice("MZL Sap Two", ["Fire Aura"], p2) == ["Tap Earth Aura", "Tap Fire Aura"]


def test_untapping_an_aura_offers_each_tapped_kind_by_name():
    tapped = [{"name": "Fire Aura", "tapped": True}, {"name": "Earth Aura", "tapped": True}]
    assert _aura_choice("MZL Wake One", tapped, []) == ["Untap Earth Aura (tapped)", "Untap Fire Aura (tapped)"]


def test_returning_an_aura_offers_each_kind_by_name():
    assert _aura_choice("MZL Send Back", ["Fire Aura", "Earth Aura"], []) == \
        ["Return Earth Aura", "Return Fire Aura"]


def test_an_aura_returned_without_a_choice_is_logged_with_its_cause():
    st = G.position({"seed": 1, "player": [player(aura=["Fire Aura", "Fire Aura"], hand=["MZL Send Back"]),
                                           player("Plain Earth Caster")],
                     "lane": [{"terra": "Fire Starter"}], "options": {"auto_single": False}})
    play(st, "MZL Send Back")
    assert st.decision.kind == "action" and len(st.data.aura_zone[0]) == 1
    assert "P1 puts Fire Aura on top of their Aura deck (MZL Send Back)" in st.log


@pytest.mark.parametrize("logging", [True, False])
def test_only_a_resolved_lanes_enhance_option_says_it_helps_no_mission(logging):
    """PR-MZL-20: a resolved lane may still be enhanced; its option (and only its) says its
    mission is over, whether labels are made at once or only when read."""
    st = G.position({"seed": 1, "player": [player(aura=["Fire Aura"]), player("Plain Earth Caster")],
                     "lane": [{"terra": "Fire Starter", "p1": ["MZA Glow"]},
                              {"terra": "Fire Starter", "resolved": True, "p1": ["MZA Glow"]}],
                     "options": {"auto_single": False}})
    st.logging = logging
    assert [(a.id, a.label) for a in st.legal_actions() if a.id.startswith("enhance:")] == [
        ("enhance:lane1", "Enhance lane 1 with an Aura"),
        ("enhance:lane2", "Enhance lane 2 with an Aura (resolved: no mission to help)")]


def test_a_replacement_question_quotes_what_the_replacement_does():
    """P2 Smashes P1's Fire Pup; P1's Guard Plate may be Shattered instead: the "yes" option
    says so in the ability's words."""
    st = G.position({"seed": 1, "player": [player(), player(aura=["Fire Aura"] * 2, hand=["Smash Unit"])],
                     "lane": [{"terra": "Fire Starter", "p1": ["Fire Pup", "Guard Plate"]}],
                     "options": {"auto_single": False}, "active": 1})
    pup = next(u for u in st.data.lane_of if st.data.cards[u].name == "Fire Pup")
    play(st, "Smash Unit", p=1)
    st.apply(f"target:c{pup}")
    assert st.decision.kind == "instead" and ids(st) == ["yes", "no"]
    assert _labels(st) == ["No: let Fire Pup be affected", "Yes: Guard Plate: Instead: you may shatter this"]


def test_an_equipment_summary_names_its_type_and_each_destruction():
    assert G.pool["MZL Spiked Plate"].summary() == \
        "MZL Spiked Plate — Equipment | Fire | cost 2 | Influence 1 | Destruction, Destruction"


def test_two_triggers_of_same_named_cards_are_told_apart_by_where_they_are():
    """One of P2's two Vodyanoys is defeated in the Duel that triggers both: the options to order
    them say which is the one still in lane 1 (not "(P2)" twice, which both are)."""
    st = position(player(aura=["Fire Aura"] * 3, hand=["Z Duel"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Plain Fire Caster"], "p2": ["Vodyanoy", "Vodyanoy"]}])
    play(st, "Z Duel")
    st.apply(st.legal_actions()[0].id)
    assert sorted(a.label.split(": When")[0] for a in st.legal_actions()) == [
        "Resolve first: Vodyanoy (P2)", "Resolve first: Vodyanoy (lane 1) (P2)"]
