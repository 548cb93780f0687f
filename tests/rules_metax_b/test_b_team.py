"""MX-TEAM (Team Attacks and Links)."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import IllegalActionError
from mxb_helpers import (act, attack, attack_id, damage_names, defend, defend_id, find, ids, in_play,
                         link_id, log_index, position, resolve_id, zone_names)

TEAM = ["Solo S5", "Duo S3I4", "Duo S2P6"]   # A: Strength 5 only; B: Str 3 / Int 4; C: Str 2 / Spe 6


def _team_position(mp=10, p2_hand=("Int3",), p1_chars=None, p1_hand=("Str5",), p1_vp=0, **kw):
    return position({"mp": mp, "hand": list(p1_hand), "vp": p1_vp, "character": list(p1_chars or TEAM)},
                    {"mp": 5, "hand": list(p2_hand), "character": ["Duo S4I6"]}, **kw)


def _declare_team(st, links=("Duo S3I4", "Duo S2P6"), lead="Solo S5", card="Str5"):
    act(st, attack_id(st, lead, card))
    for c in links:
        act(st, link_id(st, c))
    if st.decision.kind == "link":
        act(st, "no_link")


@pytest.mark.rule("MX-TEAM-1", "MX-TEAM-6", "MX-TEAM-2")
def test_declaring_an_attack_offers_links_that_push_and_cost_five_mp():
    st = _team_position(mp=7)
    act(st, attack_id(st, "Solo S5", "Str5"))
    assert st.decision.kind == "link" and st.current_player() == 0
    assert set(ids(st)) == {link_id(st, "Duo S3I4"), link_id(st, "Duo S2P6"), "no_link"}
    b = find(st, "Duo S3I4", 0)
    act(st, link_id(st, "Duo S3I4"))
    d = st.data
    assert d.mp[0] == 2
    assert b in d.pushed
    assert d.attacks[0].lead == find(st, "Solo S5", 0) and d.attacks[0].links == (b,)
    # 2 MP left: a second Link cannot be paid, so the Link window closes
    assert st.decision.kind == "declare"
    assert not any(a.startswith("link:") for a in ids(st))


@pytest.mark.rule("MX-TEAM-3", "MX-TEAM-2")
def test_two_links_cost_ten_mp_and_no_more_can_be_made():
    st = _team_position(mp=10)
    _declare_team(st)
    d = st.data
    assert d.mp[0] == 0
    assert len(d.attacks[0].links) == 2
    assert st.decision.kind == "declare"
    # even with MP to spare, a lead never gets a third Link (the Link step offers nothing more)
    from metatcg.games.metax import battle
    d.mp[0] = 10
    assert battle.link_actions(st, 0) == []


@pytest.mark.rule("MX-TEAM-4", "MX-TEAM-16")
def test_a_linked_character_needs_the_matching_stat_type_but_not_the_rank():
    st = _team_position(p1_chars=["Solo S5", "Duo I7P7", "Duo S2P6"])
    act(st, attack_id(st, "Solo S5", "Str5"))
    # Duo I7P7 has no Strength; Duo S2P6 has Strength 2 (below the card's Rank 5) and may Link
    assert set(ids(st)) == {link_id(st, "Duo S2P6"), "no_link"}
    with pytest.raises(IllegalActionError):
        st.apply(link_id(st, "Duo I7P7"))


@pytest.mark.rule("MX-TEAM-5")
def test_a_character_cannot_link_on_the_turn_it_comes_into_play():
    st = _team_position(p1_chars=["Solo S5", {"name": "Duo S3I4", "entered_turn": 3}, "Duo S2P6"])
    act(st, attack_id(st, "Solo S5", "Str5"))
    assert set(ids(st)) == {link_id(st, "Duo S2P6"), "no_link"}


@pytest.mark.rule("MX-TEAM-16")
def test_a_link_must_be_prepped_and_not_the_lead_or_already_linked():
    st = _team_position(p1_chars=["Solo S5", {"name": "Duo S3I4", "pushed": True}, "Duo S2P6"],
                        p1_hand=("Str5", "Str1"))
    act(st, attack_id(st, "Solo S5", "Str5"))
    lead = find(st, "Solo S5", 0)
    assert set(ids(st)) == {link_id(st, "Duo S2P6"), "no_link"}  # not the Pushed one, not the lead
    assert f"link:c{lead}" not in ids(st)
    act(st, link_id(st, "Duo S2P6"))
    # Duo S2P6 is Linked now: it can neither attack nor Link to another attack
    assert not any(a.startswith("attack:") for a in ids(st))


@pytest.mark.rule("MX-TEAM-16", "MX-ATK-8")
def test_a_linked_character_prepped_again_cannot_link_twice_but_has_not_attacked():
    st = _team_position(mp=10, p1_hand=("Str5", "Str1 Regroup", "Str3"))
    b = find(st, "Duo S3I4", 0)
    _declare_team(st, links=("Duo S3I4",))
    assert st.data.mp[0] == 5 and b in st.data.pushed
    act(st, attack_id(st, "Duo S2P6", "Str1 Regroup"), f"target:c{b}")
    assert b not in st.data.pushed
    # 5 MP left and B is Prepped, but B is already Linked: no Link window opens
    assert st.decision.kind == "declare"
    assert st.data.attacks[1].links == ()
    # Linking was not an attack of its own, so B may still attack
    assert attack_id(st, "Duo S3I4", "Str3") in ids(st)


@pytest.mark.rule("MX-TEAM-7")
def test_a_team_attack_still_gets_only_one_defender():
    st = position({"mp": 10, "hand": ["Str5"], "character": TEAM},
                  {"mp": 5, "hand": ["Int3", "Str2"], "character": ["Duo S4I6", "Wall 777"]})
    _declare_team(st)
    act(st, "end_attacks")
    defend(st, "Duo S4I6", "Solo S5", "Int3")
    assert ids(st) == ["end_defense"]
    with pytest.raises(IllegalActionError):
        st.apply(defend_id(st, "Wall 777", "Solo S5"))


@pytest.mark.rule("MX-TEAM-8")
def test_an_undefended_team_attack_gains_exactly_one_vp():
    st = _team_position()
    _declare_team(st)
    act(st, "end_attacks", "end_defense")
    assert len(st.data.vp[0]) == 1
    assert sum("P1 gains a Victory Point" in line for line in st.log) == 1
    assert zone_names(st, 0, "discard") == ["Str5"]


@pytest.mark.rule("MX-TEAM-9", "MX-TEAM-10", "MX-TEAM-12", "MX-TEAM-14", "MX-TEAM-15")
@pytest.mark.parametrize("dcard,d_val,vp", [("Int3", 9, 1), ("Int4", 10, 1), ("Int5", 11, 0)])
def test_a_defended_team_attack_compares_card_plus_linked_ranks_with_card_plus_defender_rank(dcard, d_val, vp):
    st = _team_position(p2_hand=(dcard,))
    _declare_team(st)
    act(st, "end_attacks")
    defend(st, "Duo S4I6", "Solo S5", dcard)
    act(st, "end_defense")
    # attacking value: Str5 + B's Strength 3 + C's Strength 2 = 10 (the lead's own 5 is not added);
    # defending value: the card + D's Rank in the card's Stat (Intelligence 6, not Strength 4)
    assert f"Team Attack: attacking value 10 vs defending value {d_val}" in st.log
    assert len(st.data.vp[0]) == vp   # a tie goes to the attacker


@pytest.mark.rule("MX-TEAM-11", "MX-TEAM-17")
def test_team_attack_damage_is_attached_normally_and_links_take_none():
    st = _team_position()
    b, c = find(st, "Duo S3I4", 0), find(st, "Duo S2P6", 0)
    lead = find(st, "Solo S5", 0)
    _declare_team(st)
    d = st.data
    assert d.in_battle == {lead}          # the Linked Characters stay in their area
    act(st, "end_attacks")
    defend(st, "Duo S4I6", "Solo S5", "Int3")
    dfd = find(st, "Duo S4I6", 1)
    act(st, "end_defense")
    assert damage_names(st, dfd) == ["Str5"]                 # lead's card to the defender
    assert not in_play(st, lead)                             # Int3 on a one-Stat lead: TKO
    assert zone_names(st, 1, "discard") == ["Int3"] and zone_names(st, 0, "discard") == ["Solo S5"]
    assert not d.damage.get(b) and not d.damage.get(c)       # Linked Characters take no Damage
    assert b in d.pushed and c in d.pushed                   # and stay Pushed into P2's turn
    assert d.active == 1


@pytest.mark.rule("MX-TEAM-13")
def test_links_come_after_the_card_is_played_and_used_and_before_the_next_attack():
    st = position({"mp": 0, "hand": ["Str1 Windfall", "Spe1"], "character": ["Solo S5", "Duo S3I4", "Duo I7P7"]},
                  {"mp": 5, "hand": [], "character": ["Duo S4I6"]})
    act(st, attack_id(st, "Solo S5", "Str1 Windfall"))
    # the card's effect (+5 MP) was used first, so a Link can now be paid
    assert st.data.mp[0] == 5
    assert st.decision.kind == "link"
    assert not any(a.startswith("attack:") for a in ids(st))   # no next attack before the Links
    act(st, link_id(st, "Duo S3I4"))
    assert st.data.mp[0] == 0
    assert st.decision.kind == "declare"
    attack(st, "Duo I7P7", "Spe1")
    assert [len(a.links) for a in st.data.attacks] == [1, 0]


@pytest.mark.rule("MX-TEAM-18")
def test_a_losing_team_attack_gets_no_vp_but_damage_is_still_attached():
    st = _team_position(p2_hand=("Int5",))
    _declare_team(st)
    act(st, "end_attacks")
    defend(st, "Duo S4I6", "Solo S5", "Int5")
    act(st, "end_defense")
    assert st.data.vp == [[], []]
    assert damage_names(st, find(st, "Duo S4I6", 1)) == ["Str5"]
    assert "Solo S5" in zone_names(st, 0, "discard")


@pytest.mark.rule("MX-TEAM-18", "MX-DMG-3")
def test_a_team_attack_gains_its_vp_before_damage_in_the_chosen_order():
    st = position({"mp": 10, "hand": ["Str5", "Int1"], "vp": 6, "character": TEAM[:2] + ["Duo I7P7"]},
                  {"mp": 5, "hand": ["Int3", "Str1"], "character": ["Duo S4I6", "Wall 777"]})
    _declare_team(st, links=("Duo S3I4",))
    attack(st, "Duo I7P7", "Int1")
    act(st, "end_attacks")
    defend(st, "Duo S4I6", "Solo S5", "Int3")
    defend(st, "Wall 777", "Duo I7P7", "Str1")
    act(st, "end_defense")
    # the attacking player orders the two defended attacks, the Team Attack among them
    assert st.decision.kind == "resolve_order" and st.current_player() == 0
    assert set(ids(st)) == {resolve_id(st, "Solo S5"), resolve_id(st, "Duo I7P7")}
    lead = find(st, "Solo S5", 0)
    s = st.clone()
    act(s, resolve_id(s, "Solo S5"))
    # one Link only: 5 + 3 = 8 < 3 + 6 = 9, so no VP; the Damage is still attached (lead TKO'd)
    assert len(s.data.vp[0]) == 6 and not in_play(s, lead)
    # with a cheaper defence the VP (the 7th) comes first and ends the game before any Damage
    st = position({"mp": 10, "hand": ["Str5"], "vp": 6, "character": TEAM},
                  {"mp": 5, "hand": ["Int3"], "character": ["Duo S4I6"]})
    _declare_team(st)
    act(st, "end_attacks")
    defend(st, "Duo S4I6", "Solo S5", "Int3")
    act(st, "end_defense")
    assert st.returns() == [1.0, -1.0]
    lead = find(st, "Solo S5", 0)
    assert in_play(st, lead) and not st.data.damage      # the game ended before Damage
    assert log_index(st, "attached to") == -1


@pytest.mark.rule("MX-DEF-11", "MX-TEAM-10")
def test_a_team_attack_whose_defender_left_play_still_wins_its_comparison():
    st = _team_position(p2_hand=("Int1 Retreat",))
    _declare_team(st)
    act(st, "end_attacks")
    defend(st, "Duo S4I6", "Solo S5", "Int1 Retreat")
    dfd = find(st, "Duo S4I6", 1, "hand")
    assert dfd in st.data.hand[1]
    act(st, "end_defense")
    assert len(st.data.vp[0]) == 1
    # the lead still took the defender's card (one Stat: TKO); its own card had nowhere to go
    assert zone_names(st, 0, "discard") == ["Solo S5", "Str5"]
    assert zone_names(st, 1, "discard") == ["Int1 Retreat"]
