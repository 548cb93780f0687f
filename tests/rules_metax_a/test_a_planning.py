"""MX-PLAN: the Planning Step."""
from __future__ import annotations

import pytest

from metax_a_support import char, find, ids, names, position


@pytest.mark.rule("MX-PLAN-1")
def test_planning_actions_in_any_order():
    s = position({"mp": 4, "hand": ["Sudden Insight", "T Striker", "Leech the Well"],
                  "deck": ["Surge 1", "Surge 2", "Surge 3"],
                  "character": [{"name": "T Pusher", "entered_turn": 1}]}, {"mp": 5})
    pusher = char(s, "T Pusher", 0)
    # a Push effect, then an Event, then the Character, then another Event
    s.apply(f"push:c{pusher}")
    assert s.decision.kind == "planning" and s.data.mp[0] == 5
    s.apply(f"event:c{find(s, 'Sudden Insight', 'hand', 0)}")
    assert s.decision.kind == "planning" and s.data.mp[0] == 3
    s.apply(f"play:c{find(s, 'T Striker', 'hand', 0)}")
    assert s.decision.kind == "planning" and s.data.mp[0] == 5
    s.apply(f"event:c{find(s, 'Leech the Well', 'hand', 0)}")
    assert s.decision.kind == "planning" and s.data.mp == [4, 3]
    assert ids(s) == ["end_planning"]


@pytest.mark.rule("MX-PLAN-2")
def test_one_character_per_turn():
    s = position({"hand": ["T Striker", "T Thinker"], "deck_size": 5}, {"deck_size": 5})
    s.apply(f"play:c{find(s, 'T Striker', 'hand', 0)}")
    assert not any(a.startswith("play:") for a in ids(s))
    s.apply("end_planning")
    s.apply("end_attacks")
    s.apply("end_planning")
    s.apply("end_attacks")
    assert s.data.turn == 5 and f"play:c{find(s, 'T Thinker', 'hand', 0)}" in ids(s)  # next own turn


@pytest.mark.rule("MX-PLAN-3", "MX-PLAN-13")
def test_no_fourth_character_and_no_discarding_own_characters_to_make_room():
    three = [{"name": n, "entered_turn": 1} for n in ("T Striker", "T Thinker", "T Pusher")]
    s = position({"mp": 0, "hand": ["T Mystic"], "character": three}, {})
    acts = ids(s)
    assert not any(a.startswith("play:") for a in acts)
    # the only options: the Push effect and finishing -- nothing removes an own Character
    assert acts == [f"push:c{char(s, 'T Pusher', 0)}", "end_planning"]
    assert len(s.data.inplay[0]) == 3


@pytest.mark.rule("MX-PLAN-4")
def test_playing_a_character():
    s = position({"mp": 9, "hand": ["T Greeter"], "deck": ["Surge 1", "Surge 2"]}, {})
    g = find(s, "T Greeter", "hand", 0)
    s.apply(f"play:c{g}")
    assert g in s.data.inplay[0] and g not in s.data.hand[0]
    assert g not in s.data.pushed  # Prepped
    assert s.data.mp[0] == 10  # +2, capped at 10
    assert s.decision.kind == "may"  # its ON_PLAY effect is then used
    s.apply("yes")
    assert names(s, "hand", 0) == ["Surge 1"]


@pytest.mark.rule("MX-PLAN-5")
def test_no_attack_on_the_turn_a_character_comes_into_play():
    s = position({"hand": ["T Striker", "Brawl 3", "Brawl 2"], "deck_size": 5,
                  "character": [{"name": "T Pair", "entered_turn": 1}]}, {"deck_size": 5})
    s.apply(f"play:c{find(s, 'T Striker', 'hand', 0)}")
    st = char(s, "T Striker", 0)
    s.apply("end_planning")
    acts = ids(s)
    assert not any(a.startswith(f"attack:c{st}/") for a in acts)
    assert any(a.startswith(f"attack:c{char(s, 'T Pair', 0)}/") for a in acts)
    s.apply("end_attacks")
    s.apply("end_planning")
    s.apply("end_attacks")
    s.apply("end_planning")
    assert any(a.startswith(f"attack:c{st}/") for a in ids(s))  # on a later turn it can


@pytest.mark.rule("MX-PLAN-6")
def test_push_effect_pushes_and_uses_the_ability():
    s = position({"character": [{"name": "Tidecaller Sage", "entered_turn": 1}], "deck": ["Surge 3", "Surge 4"]},
                 {})
    sage = char(s, "Tidecaller Sage", 0)
    s.apply(f"push:c{sage}")
    assert sage in s.data.pushed
    assert names(s, "hand", 0) == ["Surge 3"]
    assert s.decision.kind == "planning"


@pytest.mark.rule("MX-PLAN-7")
def test_no_push_effect_on_the_turn_a_character_comes_into_play():
    s = position({"hand": ["T Pusher"], "deck_size": 5}, {"deck_size": 5})
    s.apply(f"play:c{find(s, 'T Pusher', 'hand', 0)}")
    pusher = char(s, "T Pusher", 0)
    assert ids(s) == ["end_planning"]
    s.apply("end_planning")
    s.apply("end_attacks")
    s.apply("end_planning")
    s.apply("end_attacks")
    assert f"push:c{pusher}" in ids(s)


@pytest.mark.rule("MX-PLAN-8")
def test_event_pay_use_then_discard():
    s = position({"mp": 3, "hand": ["Unsettling Whisper"]}, {"hand": ["Insight 1", "Insight 2", "Insight 3"]})
    ev = find(s, "Unsettling Whisper", "hand", 0)
    s.apply(f"event:c{ev}")
    # paid, now being used: not in hand, not yet in the discard pile
    assert s.data.mp[0] == 0 and s.decision.kind == "discard" and s.current_player() == 1
    assert ev not in s.data.hand[0] and ev not in s.data.discard[0] and s.data.resolving == [ev]
    s.apply(f"discard:c{find(s, 'Insight 1', 'hand', 1)}")
    s.apply(f"discard:c{find(s, 'Insight 2', 'hand', 1)}")
    # used up: discarded before the player's next choice
    assert s.decision.kind == "planning"
    assert s.data.discard[0] == [ev] and s.data.resolving == []
    assert [c["name"] for c in s.view(1)["players"][0]["discard"]] == ["Unsettling Whisper"]


@pytest.mark.rule("MX-PLAN-8")
def test_used_event_is_in_the_discard_pile_for_the_rest_of_the_planning_step():
    # Play an Event, then Nightwatch Strategist returns an Event from the discard pile.
    s = position({"mp": 3, "hand": ["Sudden Insight", "Nightwatch Strategist"], "deck": ["Surge 1"] * 4}, {})
    ev = find(s, "Sudden Insight", "hand", 0)
    s.apply(f"event:c{ev}")
    s.apply(f"play:c{find(s, 'Nightwatch Strategist', 'hand', 0)}")
    s.apply("yes")
    assert ids(s) == [f"take:c{ev}"]
    s.apply(f"take:c{ev}")
    assert ev in s.data.hand[0]


@pytest.mark.rule("MX-PLAN-9")
def test_events_before_or_after_the_character():
    for before in (True, False):
        s = position({"mp": 4, "hand": ["Leech the Well", "T Striker"]}, {"mp": 5})
        ev = f"event:c{find(s, 'Leech the Well', 'hand', 0)}"
        ch = f"play:c{find(s, 'T Striker', 'hand', 0)}"
        for a in ((ev, ch) if before else (ch, ev)):
            assert a in ids(s)
            s.apply(a)
        assert s.data.mp == [5, 3] and len(s.data.inplay[0]) == 1


@pytest.mark.rule("MX-PLAN-10")
def test_duplicate_characters_in_play():
    s = position({"hand": ["T Striker"], "character": [{"name": "T Striker", "entered_turn": 1}]}, {})
    s.apply(f"play:c{find(s, 'T Striker', 'hand', 0)}")
    assert names(s, "inplay", 0) == ["T Striker", "T Striker"]


@pytest.mark.rule("MX-PLAN-11")
def test_push_effects_and_events_only_in_own_planning_step():
    s = position({"mp": 5, "hand": ["Brawl 3", "Sudden Insight", "Leech the Well"],
                  "character": [{"name": "T Striker", "entered_turn": 1},
                                {"name": "T Pusher", "entered_turn": 1}]},
                 {"mp": 5, "hand": ["Insight 2", "Rally Horn", "Leech the Well"],
                  "character": [{"name": "T Thinker", "entered_turn": 1},
                                {"name": "Tidecaller Sage", "entered_turn": 1}]}, step="battle")
    assert not any(a.startswith(("push:", "event:")) for a in ids(s))  # own Battle Step
    st = char(s, "T Striker", 0)
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 3', 'hand', 0)}")
    assert not any(a.startswith(("push:", "event:")) for a in ids(s))  # while Linking
    s.apply("no_link")
    s.apply("end_attacks")
    assert s.current_player() == 1  # the opponent, during my turn
    assert not any(a.startswith(("push:", "event:")) for a in ids(s))
    s.apply(f"defend:c{char(s, 'T Thinker', 1)}->c{st}")
    assert not any(a.startswith(("push:", "event:")) for a in ids(s))


@pytest.mark.rule("MX-PLAN-12")
def test_character_put_into_play_by_an_effect():
    # T Greeter (+2 MP, on play: may draw) waits in the discard pile; the Event returns it to play
    s = position({"mp": 5, "hand": ["Second Wind Muster", "T Striker"], "discard": ["T Greeter"],
                  "deck": ["Surge 1", "Surge 2", "Surge 3"]}, {"mp": 5})
    s.apply(f"play:c{find(s, 'T Striker', 'hand', 0)}")           # the turn's Character from hand
    s.apply(f"event:c{find(s, 'Second Wind Muster', 'hand', 0)}")  # pays 3 MP: 7 -> 4
    greeter = find(s, "T Greeter", "discard", 0)
    s.apply(f"put:c{greeter}")
    assert s.data.mp[0] == 6                         # still gains its +MP (4 + 2)
    assert s.decision.kind == "may"                  # and uses its ON_PLAY effect
    s.apply("yes")
    assert greeter in s.data.inplay[0] and greeter not in s.data.pushed
    assert len(s.data.hand[0]) == 1                  # drew Surge 1
    # bound by the same-turn limits: it cannot attack this turn
    s.apply("end_planning")
    assert not any(a.startswith(f"attack:c{greeter}/") for a in ids(s))


@pytest.mark.rule("MX-PLAN-12")
def test_put_into_play_does_not_use_the_turns_character_but_respects_the_cap():
    s = position({"mp": 6, "hand": ["Second Wind Muster", "Second Wind Muster", "T Thinker"],
                  "discard": ["T Greeter"], "deck": ["Surge 1", "Surge 2"],
                  "character": ["T Striker", "T Pair"]}, {"mp": 5})
    s.apply(f"event:c{find(s, 'Second Wind Muster', 'hand', 0)}")
    s.apply(f"put:c{find(s, 'T Greeter', 'discard', 0)}")
    s.apply("no")
    assert len(s.data.inplay[0]) == 3
    assert not s.data.played_char                    # the effect did not use the one per turn
    # with 3 in play the next one could only fail, so it is not offered (PR-MX-9), and no 4th
    # Character may be played from hand either
    assert not any(a.startswith("play:") for a in ids(s))
    assert f"event:c{find(s, 'Second Wind Muster', 'hand', 0)}" not in ids(s)
