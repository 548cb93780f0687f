"""MX-MP: Meta Points."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import StateDataError

from metax_a_support import GAME, basic_deck, char, find, ids, position


@pytest.mark.rule("MX-MP-1", "MX-MP-6")
def test_mp_pays_for_events_battle_cards_and_links():
    s = position({"mp": 10, "hand": ["Sudden Insight", "Brawl 6", "Surge 3"], "deck": ["Surge 1"] * 4,
                  "character": [{"name": "Ironclad Paragon", "entered_turn": 1},
                                {"name": "T Striker", "entered_turn": 1}]}, {})
    s.apply(f"event:c{find(s, 'Sudden Insight', 'hand', 0)}")
    assert s.data.mp[0] == 8  # Event: -2
    s.apply("end_planning")
    para = char(s, "Ironclad Paragon", 0)
    s.apply(f"attack:c{para}/c{find(s, 'Brawl 6', 'hand', 0)}")
    assert s.data.mp[0] == 6  # Battle Card: -2
    s.apply(f"link:c{char(s, 'T Striker', 0)}")
    assert s.data.mp[0] == 1  # Link: -5


@pytest.mark.rule("MX-MP-2")
def test_each_player_starts_with_zero_mp():
    s = GAME.new_state([basic_deck(), basic_deck()], seed=5)
    assert s.data.mp == [0, 0]
    assert [pl["mp"] for pl in s.view(0)["players"]] == [0, 0]


@pytest.mark.rule("MX-MP-3", "MX-MP-10")
def test_gains_stop_at_ten_and_excess_is_lost():
    # a player at 9 MP who plays a +3 Battle Card ends at 10
    s = position({"mp": 9, "hand": ["T Big Surge", "Surge 1"],
                  "character": [{"name": "T Striker", "entered_turn": 1}]}, {}, step="battle")
    s.apply(f"attack:c{char(s, 'T Striker', 0)}/c{find(s, 'T Big Surge', 'hand', 0)}")
    assert s.data.mp[0] == 10
    # a Character's +MP is capped the same way (MX-PLAN-4)
    s = position({"mp": 8, "hand": ["T Big Gainer"]}, {})
    s.apply(f"play:c{find(s, 'T Big Gainer', 'hand', 0)}")
    assert s.data.mp[0] == 10
    # and an effect's gain (T Pusher: gain 1) stops at 10; at 10 it could do nothing, so the
    # Push is not even offered (PR-MX-9)
    s = position({"mp": 9, "character": [{"name": "T Pusher", "entered_turn": 1}]}, {})
    s.apply(f"push:c{char(s, 'T Pusher', 0)}")
    assert s.data.mp[0] == 10
    s = position({"mp": 10, "character": [{"name": "T Pusher", "entered_turn": 1}]}, {})
    assert f"push:c{char(s, 'T Pusher', 0)}" not in [a.id for a in s.legal_actions()]
    # a position can never hold more than 10 MP either
    with pytest.raises(StateDataError, match="MX-MP-3"):
        position({"mp": 11}, {})
    with pytest.raises(StateDataError, match="MX-MP-3/4"):
        position({"mp": -1}, {})


@pytest.mark.rule("MX-MP-4", "MX-MP-12")
def test_mp_removal_that_is_not_a_cost_stops_at_zero():
    s = position({"mp": 1, "hand": ["Leech the Well"]}, {"mp": 1})
    s.apply(f"event:c{find(s, 'Leech the Well', 'hand', 0)}")  # opponent loses 2
    assert s.data.mp == [0, 0]
    s = position({"mp": 3, "hand": ["Leech the Well"]}, {"mp": 5})
    s.apply(f"event:c{find(s, 'Leech the Well', 'hand', 0)}")
    assert s.data.mp == [2, 3]


@pytest.mark.rule("MX-MP-5")
def test_mp_gained_from_characters_and_plus_mp_battle_cards():
    s = position({"mp": 0, "hand": ["T Striker", "Brawl 2", "Surge 1"],
                  "character": [{"name": "T Pair", "entered_turn": 1}]},
                 {"mp": 0, "hand": ["Insight 1", "Surge 1"],
                  "character": [{"name": "T Thinker", "entered_turn": 2}]})
    s.apply(f"play:c{find(s, 'T Striker', 'hand', 0)}")
    assert s.data.mp[0] == 2  # Character +2
    s.apply("end_planning")
    pair = char(s, "T Pair", 0)
    s.apply(f"attack:c{pair}/c{find(s, 'Brawl 2', 'hand', 0)}")
    assert s.data.mp[0] == 4  # attacking Battle Card +2
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Thinker', 1)}->c{pair}")
    s.apply(f"with:c{find(s, 'Insight 1', 'hand', 1)}")
    assert s.data.mp[1] == 3  # defending Battle Card +3


@pytest.mark.rule("MX-MP-7")
def test_playing_a_character_costs_nothing():
    s = position({"mp": 0, "hand": ["Dread Veil Matriarch", "Sudden Insight"]}, {})
    acts = ids(s)
    assert f"play:c{find(s, 'Dread Veil Matriarch', 'hand', 0)}" in acts  # playable at 0 MP
    assert f"event:c{find(s, 'Sudden Insight', 'hand', 0)}" not in acts  # an Event is not
    s.apply(f"play:c{find(s, 'Dread Veil Matriarch', 'hand', 0)}")  # +0 MP Character
    assert s.data.mp[0] == 0


@pytest.mark.rule("MX-MP-8")
def test_mp_carries_over_between_turns():
    # Sample Turns: 2 MP after turn 1 become 5 when 3 are gained on turn 3.
    s = position({"mp": 0, "hand": ["T Striker", "Galeborn Courier"], "deck_size": 5}, {"deck_size": 5},
                 turn=1, first=0)
    s.apply(f"play:c{find(s, 'T Striker', 'hand', 0)}")
    s.apply("end_planning")
    s.apply("end_attacks")
    assert s.data.turn == 2 and s.data.mp == [2, 0]
    s.apply("end_planning")
    s.apply("end_attacks")
    assert s.data.turn == 3 and s.data.mp == [2, 0]
    s.apply(f"play:c{find(s, 'Galeborn Courier', 'hand', 0)}")
    assert s.data.mp[0] == 5


@pytest.mark.rule("MX-MP-9")
def test_both_mp_totals_are_public():
    s = position({"mp": 4}, {"mp": 7})
    for p in (0, 1):
        assert [pl["mp"] for pl in s.view(p)["players"]] == [4, 7]


@pytest.mark.rule("MX-MP-11")
def test_a_cost_is_payable_only_in_full():
    s = position({"mp": 2, "hand": ["Unsettling Whisper", "Sudden Insight"]}, {})
    acts = ids(s)
    assert f"event:c{find(s, 'Unsettling Whisper', 'hand', 0)}" not in acts  # costs 3
    assert f"event:c{find(s, 'Sudden Insight', 'hand', 0)}" in acts  # costs exactly 2
    s = position({"mp": 1, "hand": ["Brawl 6", "Brawl 5"],
                  "character": [{"name": "Ironclad Paragon", "entered_turn": 1}]}, {}, step="battle")
    para = char(s, "Ironclad Paragon", 0)
    assert f"attack:c{para}/c{find(s, 'Brawl 6', 'hand', 0)}" not in ids(s)  # costs 2
    assert f"attack:c{para}/c{find(s, 'Brawl 5', 'hand', 0)}" in ids(s)  # costs 1
    # a defender cannot pay for a card it cannot afford either
    s = position({"mp": 0, "hand": ["Brawl 3", "Brawl 1"],
                  "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {"mp": 0, "hand": ["Insight 5", "Insight 4"],
                  "character": [{"name": "T Hybrid", "entered_turn": 2}]}, step="battle")
    st = char(s, "T Striker", 0)
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 3', 'hand', 0)}")
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Hybrid', 1)}->c{st}")
    assert ids(s) == [f"with:c{find(s, 'Insight 4', 'hand', 1)}"]
    # Links: 5 MP each, never in part
    for mp, offered in ((4, False), (5, True)):
        s = position({"mp": mp, "hand": ["Brawl 4", "Brawl 1"],
                      "character": [{"name": "T Striker", "entered_turn": 1},
                                    {"name": "T Pair", "entered_turn": 1}]}, {}, step="battle")
        s.apply(f"attack:c{char(s, 'T Striker', 0)}/c{find(s, 'Brawl 4', 'hand', 0)}")
        assert (f"link:c{char(s, 'T Pair', 0)}" in ids(s)) is offered
        assert s.decision.kind == ("link" if offered else "declare")


@pytest.mark.rule("MX-MP-13")
def test_mp_change_applies_before_the_cards_effects():
    # Battle Card costing 3 with a "may" effect: when the effect is offered, the cost is paid.
    s = position({"mp": 3, "hand": ["T Costly Jab", "Surge 1"], "deck": ["Brawl 1"] * 3,
                  "character": [{"name": "T Striker", "entered_turn": 1}]}, {}, step="battle")
    s.apply(f"attack:c{char(s, 'T Striker', 0)}/c{find(s, 'T Costly Jab', 'hand', 0)}")
    assert s.decision.kind == "may" and s.data.mp[0] == 0
    # Battle Card gaining 2: already gained when its effect is used
    s = position({"mp": 3, "hand": ["T Gainful Jab", "Surge 1"], "deck": ["Brawl 1"] * 3,
                  "character": [{"name": "T Striker", "entered_turn": 1}]}, {}, step="battle")
    s.apply(f"attack:c{char(s, 'T Striker', 0)}/c{find(s, 'T Gainful Jab', 'hand', 0)}")
    assert s.decision.kind == "may" and s.data.mp[0] == 5
    # Event costing 2: paid before its effect
    s = position({"mp": 2, "hand": ["T Ponder"], "deck": ["Brawl 1"] * 3}, {})
    s.apply(f"event:c{find(s, 'T Ponder', 'hand', 0)}")
    assert s.decision.kind == "may" and s.data.mp[0] == 0
