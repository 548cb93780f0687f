"""Why not? (issue 29): a player asks why a card or action is not among their options; the game
answers from the rules that leave it out (``Rules.why_not`` through ``metatcg.ui.why``), using
only what that player may know. Mid-game positions of each game."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.ui.why import why_not


def game(gid):
    return metatcg.load_game(gid)


# --------------------------------------------------------------------------- MetaX
def metax(step="battle", **p1):
    return game("metax").position({"turn": 3, "active": 0, "first": 0, "step": step,
                                   "options": {"auto_single": False},
                                   "player": [{"mp": 1, "deck_size": 10, **p1}, {"deck_size": 10}]})


def test_metax_a_character_without_a_battle_card_it_can_use():
    st = metax(hand=["Brawl 4"], character=[{"name": "Galeborn Courier", "entered_turn": 1}])
    assert "Galeborn Courier" not in " ".join(a.label for a in st.legal_actions())
    answer = why_not(st, 0, "Galeborn Courier")
    assert answer == "Galeborn Courier needs a Battle Card in your hand it can use (Special of Rank 6 or lower)"


def test_metax_costs_turns_and_options():
    st = metax(step="planning", hand=["Banish"], mp=1)
    assert why_not(st, 0, "banish") == "not enough MP: it costs 4, you have 1"      # any case, what the player typed
    assert why_not(st, 1, "Banish").startswith("you have no card called")       # P2 does not hold it: nothing leaks
    st = metax(step="planning", hand=["Crownless Duelist"], played_character=True)
    assert why_not(st, 0, "Crownless") == "you already played a Character this turn (one per turn)"
    st = metax(step="planning", hand=["Crownless Duelist"])
    assert why_not(st, 0, "Crownless Duelist").startswith("it is among your options: Play Crownless Duelist")


def test_bad_questions_get_clear_errors():
    st = metax(hand=["Brawl 4"])
    with pytest.raises(ValueError, match="name a card"):
        why_not(st, 0, "  ")
    with pytest.raises(ValueError, match="seat 4"):
        why_not(st, 4, "Brawl 4")


# --------------------------------------------------------------------------- Metabaloids
def mb(phase, **p1):
    return game("metabaloids").position({"turn": 3, "active": 0, "first": 0, "phase": phase,
                                         "options": {"auto_single": False},
                                         "player": [{"deck_size": 10, **p1},
                                                    {"deck_size": 10, "columns": [["Sugar Mite"], [], []]}]})


def test_metabaloids_timing_phase_and_safe_cards():
    st = mb("move", hand=["Champion's Roar", "Elder Jotun"],
            columns=[["Starch Beetle"], [{"name": "Sugar Mite", "safe": True}], []])
    assert why_not(st, 0, "Champion's Roar") == \
        "Champion's Roar is played in a battle you fight, for your battling column, not now"
    assert why_not(st, 0, "Elder Jotun") == ("creatures from your hand go to your reserve in your "
                                            "Restock Reserve / End Turn phase, and this is Move Cards")
    assert why_not(st, 0, "Sugar Mite").startswith("Sugar Mite is sideways in the middle column (safe)")
    assert why_not(st, 1, "Elder Jotun").startswith("you have no card called")   # P1's hand stays hidden


def test_metabaloids_not_your_turn():
    st = mb("restock", hand=["Elder Jotun"])
    assert why_not(st, 1, "Sugar Mite") == \
        "it is not your turn: cards attack in your own turn (any-time cards only now)"


# --------------------------------------------------------------------------- MetaZoo 2022
def mz22(casters):
    return game("metazoo-2022").position({"turn": 3, "active": 0, "first": 0, "caster": casters,
                                          "options": {"auto_single": False}})


def test_metazoo_2022_cost_fatigue_and_turn():
    st = mz22([{"chapter": ["Stormhorn Ram", "Thunderclap"], "arena": [{"name": "Ember Hare", "fatigued": True}]},
               {"chapter": ["Mole Goblin"]}])
    assert why_not(st, 0, "Stormhorn Ram") == \
        "not enough Aura: it costs 2 Lightning, 1 Neutral, you have 0 Aura to spend"
    assert why_not(st, 0, "Ember Hare") == "Ember Hare is Fatigued: it must be Awakened to attack or use a Power"
    assert why_not(st, 1, "Mole Goblin") == "it is not your turn: only \"any time\" Pages now"
    assert why_not(st, 1, "Stormhorn Ram").startswith("you have no Page called")   # P1's Chapter stays hidden


# --------------------------------------------------------------------------- MetaZoo (four lanes)
def test_metazoo_cost_and_whose_action():
    st = game("metazoo").position({"phase": "action", "priority": 0, "active": 0, "options": {"auto_single": False},
                                   "player": [{"caster": "Ilsa, Ember Warden", "hand": ["Pyre Colossus"],
                                               "aura": ["Fire Aura"], "deck_size": 10},
                                              {"caster": "Brother Hollis, Hermit of the Hollow",
                                               "hand": ["Pyre Colossus"], "deck_size": 10}]})
    assert why_not(st, 0, "Pyre Colossus") == "not enough Aura: it costs 6, you have 1 untapped"
    assert why_not(st, 1, "Pyre Colossus") == "it is not your action: players take actions in turn"


def test_the_terminal_why_command_prints_the_answer(capsys):
    from metatcg.cli.why import show_why
    st = metax(hand=["Brawl 4"], character=[{"name": "Galeborn Courier", "entered_turn": 1}])
    show_why(st, 0, "Galeborn Courier")
    out = capsys.readouterr().out
    assert "Why not Galeborn Courier?" in out and "Special of Rank 6" in out
