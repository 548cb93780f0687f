"""MX-DEF (assigning defenders)."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import IllegalActionError
from mxb_helpers import (act, attack, damage_names, defend, defend_id, find, ids, in_play, position,
                         with_id, zone_names)


def _two_attacks(p2_hand, p2_chars, p2_mp=5):
    st = position({"mp": 5, "hand": ["Str1", "Spe1"], "character": ["Wall 777", "Duo I7P7"]},
                  {"mp": p2_mp, "hand": list(p2_hand), "character": list(p2_chars)})
    attack(st, "Wall 777", "Str1")
    attack(st, "Duo I7P7", "Spe1")
    act(st, "end_attacks")
    return st


@pytest.mark.rule("MX-DEF-1")
def test_the_opponent_assigns_defenders_once_attacks_are_finished():
    st = position({"mp": 5, "hand": ["Str1", "Spe1"], "character": ["Wall 777", "Duo I7P7"]},
                  {"mp": 5, "hand": ["Int1"], "character": ["Duo I7P7"]})
    attack(st, "Wall 777", "Str1")
    assert st.current_player() == 0 and st.decision.kind == "declare"
    assert not any(a.startswith("defend:") for a in ids(st))
    attack(st, "Duo I7P7", "Spe1")
    act(st, "end_attacks")
    assert st.current_player() == 1 and st.decision.kind == "defend"


@pytest.mark.rule("MX-DEF-2")
def test_a_pushed_character_cannot_defend():
    st = _two_attacks(["Int1", "Int2"], [{"name": "Duo I7P7", "pushed": True}, "Duo S4I6"])
    pushed = find(st, "Duo I7P7", 1)
    assert not any(f"defend:c{pushed}->" in a for a in ids(st))
    assert any(a.startswith(f"defend:c{find(st, 'Duo S4I6', 1)}->") for a in ids(st))


@pytest.mark.rule("MX-DEF-3")
def test_a_defender_must_play_one_battle_card_it_can_use():
    st = _two_attacks(["Int7", "Spe1", "Int5", "Str2 Cost2"], ["Duo S4I6", "Solo P3"], p2_mp=1)
    solo = find(st, "Solo P3", 1)
    # Solo P3 has Special 3: it can use Spe1 -> may defend; Duo S4I6 can use Int5 only
    assert any(a.startswith(f"defend:c{solo}->") for a in ids(st))
    act(st, defend_id(st, "Duo S4I6", "Wall 777"))
    assert st.decision.kind == "defend_card"
    # Int7 is too high, Spe1 is a Stat it lacks, Str2 Cost2 costs more MP than P2 has
    assert ids(st) == [with_id(st, "Int5")]
    with pytest.raises(IllegalActionError):
        st.apply(with_id(st, "Int7"))
    act(st, with_id(st, "Int5"))
    assert st.data.cards[st.data.attacks[0].dcard].name == "Int5"
    # a Character with no usable card in hand has no defend option at all
    st2 = _two_attacks(["Int7"], ["Duo S4I6"])
    assert ids(st2) == ["end_defense"]


@pytest.mark.rule("MX-DEF-4", "MX-DEF-8")
def test_assigning_a_defender_moves_it_in_lines_it_up_plays_the_card_and_uses_it():
    st = _two_attacks(["Int1 Ward"], ["Duo I7P7"], p2_mp=3)
    dfd = find(st, "Duo I7P7", 1)
    card = find(st, "Int1 Ward", 1, "hand")
    lead = find(st, "Duo I7P7", 0)
    defend(st, "Duo I7P7", "Duo I7P7", "Int1 Ward")
    d = st.data
    assert dfd in d.in_battle
    assert d.attacks[1].defender == dfd and d.attacks[1].dcard == card and d.attacks[1].lead == lead
    assert d.attacks[0].defender == -1
    assert card not in d.hand[1]
    assert d.mp[1] == 4  # its Defense effect was used
    assert dfd not in d.pushed  # MX-DEF-8: defending does not Push


@pytest.mark.rule("MX-DEF-5", "MX-DEF-6")
def test_defenders_are_assigned_one_at_a_time_and_one_per_attack():
    st = _two_attacks(["Int1", "Int2", "Int3"], ["Duo I7P7", "Duo S4I6", "Wall 777"])
    wall_atk = find(st, "Wall 777", 0)
    defend(st, "Duo I7P7", "Wall 777", "Int1")
    assert st.decision.kind == "defend" and st.current_player() == 1  # back for the next defender
    # the Wall's attack already has its defender: no one else may line up with it
    assert not any(a.endswith(f"->c{wall_atk}") for a in ids(st))
    with pytest.raises(IllegalActionError):
        st.apply(defend_id(st, "Duo S4I6", "Wall 777"))
    defend(st, "Duo S4I6", "Duo I7P7", "Int2")
    # both attacks defended: only finishing is left
    assert ids(st) == ["end_defense"]


@pytest.mark.rule("MX-DEF-7")
def test_no_defender_leaves_the_attack_undefended():
    st = _two_attacks(["Int1"], ["Duo I7P7"])
    act(st, "end_defense")
    assert len(st.data.vp[0]) == 2
    assert all(zone_names(st, 1, z) == [] for z in ("discard",))
    assert sorted(zone_names(st, 0, "discard")) == ["Spe1", "Str1"]


@pytest.mark.rule("MX-DEF-9")
def test_a_character_defends_against_only_one_attack():
    st = _two_attacks(["Int1", "Int2"], ["Duo I7P7"])
    defend(st, "Duo I7P7", "Wall 777", "Int1")
    assert ids(st) == ["end_defense"]  # still has Int2, but it already defended


@pytest.mark.rule("MX-DEF-10")
def test_a_character_may_defend_on_its_first_turn_and_its_player_pays_and_gains_mp():
    st = _two_attacks(["Str2 Cost2", "Int2 Gain2"],
                      [{"name": "Duo S4I6", "entered_turn": 3}, {"name": "Duo S5I4", "entered_turn": 3}],
                      p2_mp=3)
    assert st.data.mp == [5, 3]
    defend(st, "Duo S4I6", "Wall 777", "Str2 Cost2")
    assert st.data.mp == [5, 1]
    defend(st, "Duo S5I4", "Duo I7P7", "Int2 Gain2")
    assert st.data.mp == [5, 3]


@pytest.mark.rule("MX-DEF-11")
def test_defender_leaving_play_keeps_the_attack_defended():
    st = position({"mp": 5, "hand": ["Str3"], "character": ["Wall 777"]},
                  {"mp": 5, "hand": ["Int1 Retreat"], "character": ["Duo I7P7"]})
    wall = find(st, "Wall 777", 0)
    dfd = find(st, "Duo I7P7", 1)
    attack(st, "Wall 777", "Str3")
    act(st, "end_attacks")
    defend(st, "Duo I7P7", "Wall 777", "Int1 Retreat")
    assert not in_play(st, dfd) and dfd in st.data.hand[1]  # it left play before Damage
    act(st, "end_defense")
    d = st.data
    assert damage_names(st, wall) == ["Int1 Retreat"]  # the remaining Character still takes Damage
    assert zone_names(st, 0, "discard") == ["Str3"]     # nothing to attach to: discarded
    assert d.vp == [[], []]                             # defended: no VP


@pytest.mark.rule("MX-DEF-11")
def test_lead_attacker_leaving_play_keeps_the_attack_defended():
    st = position({"mp": 5, "hand": ["Str3"], "character": ["Wall 777"]},
                  {"mp": 5, "hand": ["Int1 Counter"], "character": ["Duo I7P7"]})
    wall = find(st, "Wall 777", 0)
    dfd = find(st, "Duo I7P7", 1)
    attack(st, "Wall 777", "Str3")
    act(st, "end_attacks")
    defend(st, "Duo I7P7", "Wall 777", "Int1 Counter")
    assert not in_play(st, wall) and zone_names(st, 0, "discard") == ["Wall 777"]
    act(st, "end_defense")
    assert damage_names(st, dfd) == ["Str3"]
    assert zone_names(st, 1, "discard") == ["Int1 Counter"]
    assert st.data.vp == [[], []]


@pytest.mark.rule("MX-DEF-4", "MX-KO-7")
def test_an_attack_whose_attacker_left_play_cannot_be_blocked():
    """Engine fix (battle.can_block): there is no attacking Character left to line up with, so
    no defender may be assigned (it would otherwise take the departed attacker's card as Damage)."""
    st = position({"mp": 5, "hand": ["Str1", "Spe1"], "character": ["Wall 777", "Duo I7P7"]},
                  {"mp": 5, "hand": ["Int1 Ambush", "Int2"], "character": ["Duo S4I6", "Trio 2-5-3"]})
    attack(st, "Wall 777", "Str1")
    attack(st, "Duo I7P7", "Spe1")
    act(st, "end_attacks")
    gone = find(st, "Duo I7P7", 0)
    trio = find(st, "Trio 2-5-3", 1)
    assert defend_id(st, "Trio 2-5-3", "Duo I7P7") in ids(st)
    defend(st, "Duo S4I6", "Wall 777", "Int1 Ambush")
    act(st, f"target:c{gone}")
    assert not in_play(st, gone)
    assert ids(st) == ["end_defense"]
    with pytest.raises(IllegalActionError):
        st.apply(f"defend:c{trio}->c{gone}")
    act(st, "end_defense")
    assert not st.data.damage.get(trio)
    assert st.data.vp == [[], []]
    assert "Spe1" in zone_names(st, 0, "discard")
