"""MX-BTL (Battle Step) and MX-ATK (declaring attacks)."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import IllegalActionError
from mxb_helpers import (act, attack, attack_id, defend, defend_id, find, ids, log_index, position,
                         zone_names)


def _duel(p1_hand=("Str5",), p2_hand=("Int3",), p1_chars=("Duo S5I4",), p2_chars=("Wall 777",), **kw):
    return position({"mp": 5, "hand": list(p1_hand), "character": list(p1_chars)},
                    {"mp": 5, "hand": list(p2_hand), "character": list(p2_chars)}, **kw)


# ----------------------------------------------------------------- MX-BTL
@pytest.mark.rule("MX-BTL-1", "MX-ATK-1")
def test_only_the_active_player_declares_attacks_with_their_own_characters():
    st = _duel(p1_hand=("Str5",), p2_hand=("Str5",), p2_chars=("Duo S5I4",))
    assert st.current_player() == 0
    assert st.decision.kind == "declare"
    mine = find(st, "Duo S5I4", 0)
    theirs = find(st, "Duo S5I4", 1)
    attack_ids = [a for a in ids(st) if a.startswith("attack:")]
    assert attack_ids == [attack_id(st, "Duo S5I4", "Str5")]
    assert all(f"c{mine}/" in a for a in attack_ids)
    assert not any(f"c{theirs}/" in a for a in attack_ids)
    # P2 gets no declare decision in P1's Battle Step: with no attacks the turn simply ends
    act(st, "end_attacks")
    assert st.data.active == 1 and st.decision.kind == "planning"


@pytest.mark.rule("MX-BTL-2", "MX-DMG-1")
def test_battle_step_runs_attacks_then_defenders_then_damage_then_vps():
    st = position({"mp": 5, "hand": ["Str5", "Str4"], "character": ["Duo S5I4", "Trio 7-3-5"]},
                  {"mp": 5, "hand": ["Int3"], "character": ["Wall 777"]})
    start = len(st.log)
    attack(st, "Duo S5I4", "Str5")
    attack(st, "Trio 7-3-5", "Str4")
    # (A) still the attacker's decision: nothing defended or damaged yet
    assert st.decision.kind == "declare" and st.current_player() == 0
    act(st, "end_attacks")
    # (B) the opponent assigns defenders
    assert st.decision.kind == "defend" and st.current_player() == 1
    defend(st, "Wall 777", "Duo S5I4", "Int3")
    wall = find(st, "Wall 777", 1)
    assert st.data.damage.get(wall) is None  # MX-DMG-1: no Damage before defenders are finished
    act(st, "end_defense")
    i_atk = log_index(st, "attacks with Trio 7-3-5", start)
    i_def = log_index(st, "defends", start)
    i_dmg = log_index(st, "attached to", start)
    i_vp = log_index(st, "gains a Victory Point", start)
    assert 0 <= i_atk < i_def < i_dmg < i_vp
    assert len(st.data.vp[0]) == 1
    # (D) the undefended attack's Battle Card is discarded after its VP
    assert zone_names(st, 0, "discard") == ["Str4"]


@pytest.mark.rule("MX-BTL-3")
def test_attacking_is_optional_and_the_turn_then_ends():
    st = _duel()
    hand_before = list(st.data.hand[0])
    act(st, "end_attacks")
    d = st.data
    assert d.turn == 4 and d.active == 1
    assert d.vp == [[], []]
    assert d.hand[0] == hand_before
    assert not d.pushed


@pytest.mark.rule("MX-BTL-4", "MX-DEF-7")
def test_an_attack_nobody_blocks_gains_a_vp():
    st = _duel()
    attack(st, "Duo S5I4", "Str5")
    act(st, "end_attacks")
    assert "end_defense" in ids(st)  # P2 could defend, but need not
    act(st, "end_defense")
    assert len(st.data.vp[0]) == 1


@pytest.mark.rule("MX-BTL-4")
def test_an_unblocked_attack_gains_a_vp_with_automatic_single_choices_too():
    st = _duel(auto=True)
    st.apply(attack_id(st, "Duo S5I4", "Str5"))
    # the only remaining attacker option (finish) was taken automatically
    assert any(line.startswith("(only choice)") for line in st.log)
    assert st.current_player() == 1 and st.decision.kind == "defend"
    act(st, "end_defense")
    assert len(st.data.vp[0]) == 1


@pytest.mark.rule("MX-BTL-5")
def test_after_the_battle_characters_leave_the_battle_zone_keeping_state_and_damage():
    st = position({"mp": 5, "hand": ["Str1", "Spe1"], "character": ["Wall 777", "Duo I7P7"]},
                  {"mp": 5, "hand": ["Int1"], "character": ["Duo I7P7"]})
    attack(st, "Wall 777", "Str1")
    attack(st, "Duo I7P7", "Spe1")
    act(st, "end_attacks")
    defend(st, "Duo I7P7", "Wall 777", "Int1")
    wall, atk2, dfd = find(st, "Wall 777", 0), find(st, "Duo I7P7", 0), find(st, "Duo I7P7", 1)
    assert st.data.in_battle == {wall, atk2, dfd}
    act(st, "end_defense")
    d = st.data
    assert not d.in_battle and not d.attacks
    assert wall in d.pushed and atk2 in d.pushed  # attackers stay Pushed
    assert dfd not in d.pushed                    # the defender stays Prepped
    assert [d.cards[c].name for c in d.damage[wall]] == ["Int1"]
    assert [d.cards[c].name for c in d.damage[dfd]] == ["Str1"]
    # then the turn ends: P2's turn begins (their Prep Step does not Prep P1's attackers)
    assert d.turn == 4 and d.active == 1 and st.current_player() == 1
    assert wall in d.pushed and atk2 in d.pushed
    assert log_index(st, "— Turn 4") > log_index(st, "attached to")


# ----------------------------------------------------------------- MX-ATK
@pytest.mark.rule("MX-ATK-2", "MX-ATK-6")
def test_attack_options_need_a_usable_battle_card():
    st = _duel(p1_hand=("Str5", "Str6", "Int4", "Int5", "Spe1"))
    atk = {a for a in ids(st) if a.startswith("attack:")}
    assert atk == {attack_id(st, "Duo S5I4", "Str5"), attack_id(st, "Duo S5I4", "Int4")}
    # a card above the Character's Rank, or of a Stat it lacks, cannot be played
    for bad in ("Str6", "Int5", "Spe1"):
        with pytest.raises(IllegalActionError):
            st.apply(attack_id(st, "Duo S5I4", bad))
    assert not st.data.pushed and not st.data.in_battle


@pytest.mark.rule("MX-ATK-6")
def test_a_character_that_cannot_pay_for_its_card_does_not_attack_and_is_not_pushed():
    st = position({"mp": 1, "hand": ["Str2 Cost2"], "character": ["Duo S5I4"]},
                  {"mp": 5, "hand": [], "character": ["Wall 777"]})
    assert ids(st) == ["end_attacks"]
    with pytest.raises(IllegalActionError):
        st.apply(attack_id(st, "Duo S5I4", "Str2 Cost2"))
    assert not st.data.pushed and st.data.mp[0] == 1
    # with exactly the cost it is playable and paid in full
    st2 = position({"mp": 2, "hand": ["Str2 Cost2"], "character": ["Duo S5I4"]},
                   {"mp": 5, "hand": [], "character": ["Wall 777"]})
    attack(st2, "Duo S5I4", "Str2 Cost2")
    assert st2.data.mp[0] == 0


@pytest.mark.rule("MX-ATK-6")
def test_a_pushed_character_cannot_attack():
    st = position({"mp": 5, "hand": ["Str5"], "character": [{"name": "Duo S5I4", "pushed": True}]},
                  {"mp": 5, "hand": [], "character": ["Wall 777"]})
    assert ids(st) == ["end_attacks"]


@pytest.mark.rule("MX-ATK-3")
def test_declaring_pushes_moves_plays_the_card_and_uses_its_effects():
    st = position({"mp": 5, "hand": ["Spe1 Scout"], "deck": ["Str7", "Str6", "Str5"],
                   "character": ["Trio 7-3-5"]},
                  {"mp": 5, "hand": [], "character": ["Wall 777"]})
    lead = find(st, "Trio 7-3-5", 0)
    card = find(st, "Spe1 Scout", 0, "hand")
    attack(st, "Trio 7-3-5", "Spe1 Scout")
    d = st.data
    assert lead in d.pushed and lead in d.in_battle
    assert card not in d.hand[0] and d.attacks[0].lead == lead and d.attacks[0].card == card
    assert zone_names(st, 0, "hand") == ["Str7"]  # the attack effect drew the top card
    assert len(d.deck[0]) == 2


@pytest.mark.rule("MX-ATK-4")
def test_attacks_are_declared_one_at_a_time_each_completed_first():
    st = position({"mp": 0, "hand": ["Str1 Pick", "Str1"], "character": ["Wall 777", "Duo S5I4"]},
                  {"mp": 5, "hand": [], "character": ["Duo I7P7"]})
    st.apply(attack_id(st, "Wall 777", "Str1 Pick"))
    # the first attack's card effect must be finished (choose its target) before anything else
    assert st.decision.kind == "target" and st.current_player() == 0
    assert not any(a.startswith("attack:") for a in ids(st))
    duo = find(st, "Duo S5I4", 0)
    act(st, f"target:c{duo}")
    assert st.decision.kind == "declare"
    assert len(st.data.attacks) == 1
    attack(st, "Duo S5I4", "Str1")
    assert len(st.data.attacks) == 2
    assert [st.data.attacks[i].lead for i in (0, 1)] == [find(st, "Wall 777", 0), duo]


@pytest.mark.rule("MX-ATK-5")
def test_a_character_cannot_attack_on_the_turn_it_comes_into_play():
    st = position({"mp": 0, "hand": ["Duo S5I4", "Str1"], "character": []},
                  {"mp": 5, "hand": [], "character": ["Wall 777"]}, step="planning")
    act(st, f"play:c{find(st, 'Duo S5I4', 0, 'hand')}", "end_planning")
    assert st.decision.kind == "declare"
    assert ids(st) == ["end_attacks"]
    # same for a Character set up as having entered this turn
    st2 = position({"mp": 0, "hand": ["Str1"], "character": [{"name": "Duo S5I4", "entered_turn": 3}]},
                   {"mp": 5, "hand": [], "character": ["Wall 777"]})
    assert ids(st2) == ["end_attacks"]


@pytest.mark.rule("MX-ATK-7")
def test_an_attack_targets_the_player_and_the_defender_chooses_the_blocker():
    st = position({"mp": 5, "hand": ["Str1"], "character": ["Wall 777"]},
                  {"mp": 5, "hand": ["Int1", "Spe1"], "character": ["Duo I7P7", "Wall 777", "Solo S5"]})
    aid = attack_id(st, "Wall 777", "Str1")
    assert "->" not in aid  # no target Character is named when attacking
    attack(st, "Wall 777", "Str1")
    act(st, "end_attacks")
    assert st.current_player() == 1
    # every Prepped opposing Character with a usable card may block it (Solo S5 has none)
    assert set(ids(st)) == {defend_id(st, "Duo I7P7", "Wall 777"), defend_id(st, "Wall 777", "Wall 777"),
                            "end_defense"}


@pytest.mark.rule("MX-ATK-8")
def test_a_character_attacks_at_most_once_per_turn_even_if_prepped_again():
    st = position({"mp": 5, "hand": ["Str1 Rally", "Str1"], "character": ["Wall 777"]},
                  {"mp": 5, "hand": [], "character": ["Duo I7P7"]})
    wall = find(st, "Wall 777", 0)
    attack(st, "Wall 777", "Str1 Rally")
    assert wall not in st.data.pushed  # its own card Prepped it again
    assert ids(st) == ["end_attacks"]  # but it has attacked already this turn
    with pytest.raises(IllegalActionError):
        st.apply(attack_id(st, "Wall 777", "Str1"))
