"""MX-VP (Victory Points) and MX-WIN (winning the game)."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import IllegalActionError
from metatcg.games.metax import zones
from mxb_helpers import act, attack, defend, find, game, log_index, position, zone_names

P2_DECK = ["Spe7", "Spe6", "Spe5", "Spe4", "Spe3"]


def _three_attackers(p1_vp=0, p2_deck=None, p2_hand=("Int1",)):
    p2 = {"mp": 5, "hand": list(p2_hand), "character": ["Duo S4I6"], "deck": list(p2_deck or P2_DECK)}
    st = position({"mp": 5, "hand": ["Str1", "Spe1", "Str2"], "vp": p1_vp,
                   "character": ["Wall 777", "Duo I7P7", "Trio 7-3-5"]}, p2)
    attack(st, "Wall 777", "Str1")
    attack(st, "Duo I7P7", "Spe1")
    attack(st, "Trio 7-3-5", "Str2")
    act(st, "end_attacks")
    return st


@pytest.mark.rule("MX-VP-1", "MX-VP-4")
def test_each_undefended_attacker_gains_one_vp_after_damage_and_defended_ones_none():
    st = _three_attackers()
    defend(st, "Duo S4I6", "Wall 777", "Int1")
    start = len(st.log)
    act(st, "end_defense")
    assert len(st.data.vp[0]) == 2
    assert len(st.data.vp[1]) == 0
    i_dmg = log_index(st, "attached to", start)
    assert 0 <= i_dmg < log_index(st, "gains a Victory Point", start)
    assert sum("P1 gains a Victory Point" in line for line in st.log) == 2


@pytest.mark.rule("MX-VP-2", "MX-VP-5")
def test_a_vp_is_the_top_card_of_the_opponents_deck_moved_to_the_vp_pile():
    st = _three_attackers(p1_vp=2)
    top = st.data.deck[1][0]
    second = st.data.deck[1][1]
    p2_deck = len(st.data.deck[1])
    p1_deck = len(st.data.deck[0])
    act(st, "end_defense")
    d = st.data
    assert len(d.vp[0]) == 5                        # VP total = cards in the VP pile
    assert d.vp[0][2] == top and d.vp[0][3] == second
    assert d.owner[top] == 1                         # the opponent's own card
    assert len(d.deck[1]) == p2_deck - 3 - 1         # (and P2 then drew one in their Prep Step)
    assert len(d.deck[0]) == p1_deck                 # never from one's own deck
    assert [pl["vp"] for pl in game().snapshot(st)["players"]] == [5, 0]


@pytest.mark.rule("MX-VP-3", "MX-VP-7")
def test_undefended_battle_cards_are_discarded_and_vp_cards_are_not_discards():
    st = _three_attackers()
    defend(st, "Duo S4I6", "Wall 777", "Int1")
    act(st, "end_defense")
    d = st.data
    # the two undefended attacks' cards go to their owner's discard pile; the defended one is Damage
    assert zone_names(st, 0, "discard") == ["Spe1", "Str2"]
    assert zone_names(st, 1, "discard") == []
    # the VP cards are only in the VP pile, never in a discard pile
    for c in d.vp[0]:
        assert c not in d.discard[0] and c not in d.discard[1] and c not in d.deck[1]
    assert sorted(d.cards[c].name for c in d.vp[0]) == ["Spe6", "Spe7"]


@pytest.mark.rule("MX-VP-5", "MX-WIN-1", "MX-VP-6")
def test_the_seventh_vp_wins_at_once_and_the_rest_is_skipped():
    st = _three_attackers(p1_vp=5)
    act(st, "end_defense")
    assert st.is_terminal()
    assert st.returns() == [1.0, -1.0] and st.winner() == 0
    assert "P1 wins with 7 Victory Points" in st.reason
    assert len(st.data.vp[0]) == 7          # the third attack's VP was never taken
    assert len(st.data.deck[1]) == 3
    assert log_index(st, "(6 VP)") < log_index(st, "(7 VP)")
    assert log_index(st, "(8 VP)") == -1
    assert st.legal_actions() == []
    with pytest.raises(IllegalActionError):
        st.apply("end_attacks")


@pytest.mark.rule("MX-VP-6", "MX-KO-7")
@pytest.mark.parametrize("order", [("Duo I7P7", "Wall 777"), ("Wall 777", "Duo I7P7")])
def test_vps_are_taken_one_at_a_time_in_declaration_order(order):
    st = position({"mp": 5, "hand": ["Str1", "Spe1", "Str2"], "character": ["Wall 777", "Duo I7P7", "Trio 7-3-5"]},
                  {"mp": 5, "hand": ["Int1 Ambush"], "character": ["Duo S4I6"]})
    cards = {"Wall 777": "Str1", "Duo I7P7": "Spe1"}
    for lead in order:
        attack(st, lead, cards[lead])
    attack(st, "Trio 7-3-5", "Str2")
    act(st, "end_attacks")
    # Trio's attack is blocked; the blocker's card discards Duo I7P7 before VPs are taken
    defend(st, "Duo S4I6", "Trio 7-3-5", "Int1 Ambush")
    act(st, f"target:c{find(st, 'Duo I7P7', 0)}")
    start = len(st.log)
    act(st, "end_defense")
    i_none = log_index(st, "Duo I7P7 left play before Victory Points: no VP", start)
    i_vp = log_index(st, "P1 gains a Victory Point (1 VP)", start)
    assert i_none >= 0 and i_vp >= 0
    assert (i_none < i_vp) == (order[0] == "Duo I7P7")
    assert len(st.data.vp[0]) == 1


@pytest.mark.rule("MX-WIN-1")
def test_the_second_player_wins_with_seven_vps_too():
    st = position({"mp": 5, "hand": [], "character": ["Wall 777"]},
                  {"mp": 5, "hand": ["Str1"], "vp": 6, "character": ["Wall 777"]}, active=1, turn=4)
    attack(st, "Wall 777", "Str1")
    act(st, "end_attacks", "end_defense")
    assert st.returns() == [-1.0, 1.0]
    assert "P2 wins with 7 Victory Points" in st.reason


@pytest.mark.rule("MX-WIN-2", "MX-WIN-3", "MX-VP-6")
def test_taking_the_last_deck_card_as_a_vp_wins_by_deck_out():
    st = _three_attackers(p2_deck=["Spe7"])
    act(st, "end_defense")
    assert st.is_terminal() and st.returns() == [1.0, -1.0]
    assert "P2's deck ran out" in st.reason
    assert len(st.data.vp[0]) == 1 and st.data.deck[1] == []


@pytest.mark.rule("MX-WIN-3")
def test_drawing_the_last_card_in_the_prep_step_loses_at_once():
    st = position({"mp": 0, "hand": [], "character": ["Wall 777"]},
                  {"mp": 0, "hand": [], "deck": ["Spe7"], "character": ["Wall 777"]},
                  active=1, turn=4, step="prep")
    assert st.is_terminal()
    assert st.returns() == [1.0, -1.0]
    assert "P2's deck ran out" in st.reason
    assert zone_names(st, 1, "hand") == ["Spe7"]  # the card was drawn, then the game ended


@pytest.mark.rule("MX-WIN-3")
def test_an_effect_that_empties_a_deck_ends_the_game_at_once():
    # the opponent's deck: milled by an Event
    st = position({"mp": 0, "hand": ["Grind", "Hex Bolt"], "character": ["Wall 777"]},
                  {"mp": 0, "hand": [], "deck": ["Spe7", "Spe6"], "character": ["Wall 777"]},
                  step="planning")
    act(st, f"event:c{find(st, 'Grind', 0, 'hand')}")
    assert st.is_terminal() and st.returns() == [1.0, -1.0]
    assert "P2's deck ran out" in st.reason
    # one's own deck: an attack card's draw takes the last card, so its player loses mid-battle
    st = position({"mp": 0, "hand": ["Spe1 Scout"], "deck": ["Str7"], "character": ["Wall 777"]},
                  {"mp": 0, "hand": [], "character": ["Wall 777"]})
    act(st, f"attack:c{find(st, 'Wall 777', 0)}/c{find(st, 'Spe1 Scout', 0, 'hand')}")
    assert st.is_terminal() and st.returns() == [-1.0, 1.0]
    assert "P1's deck ran out" in st.reason
    assert st.data.vp == [[], []]


@pytest.mark.rule("MX-WIN-4")
def test_both_decks_running_out_at_the_same_moment_is_a_draw():
    # No card in the pool empties both decks in one go, so the moment is set up directly:
    # both decks reach 0 together and the deck check runs once.
    st = position({"mp": 0, "hand": [], "deck": ["Str1"], "character": ["Wall 777"]},
                  {"mp": 0, "hand": [], "deck": ["Str1"], "character": ["Wall 777"]},
                  step="planning")
    d = st.data
    d.discard[0].append(d.deck[0].pop())
    d.discard[1].append(d.deck[1].pop())
    assert zones.check_decks(st) is True
    assert st.is_terminal()
    assert st.returns() == [0.0, 0.0] and st.winner() is None
    assert "draw" in st.reason
