"""MX-ZONE: game zones and hidden information."""
from __future__ import annotations

import json

import pytest

from metatcg.games.metax import stats
from metax_a_support import char, find, ids, names, position

DISTINCT = ["Insight 7", "Surge 7", "Brawl 7", "Insight 6", "Surge 6", "Brawl 6", "Insight 5", "Surge 5",
            "Brawl 5", "Insight 4"]


def _attack_undefended(s, attacker: str, card: str):
    a = char(s, attacker, s.data.active)
    s.apply(f"attack:c{a}/c{find(s, card, 'hand', s.data.active)}")
    s.apply("end_attacks")
    s.apply("end_defense")
    return a


@pytest.mark.rule("MX-ZONE-1")
def test_each_player_has_five_zones_and_the_battle_zone_is_shared():
    s = position({"hand": ["Brawl 3", "Brawl 1"], "discard": ["Surge 2"], "vp": 1,
                  "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {"hand": ["Insight 2"], "vp": 2, "character": [{"name": "T Thinker", "entered_turn": 1}]},
                 step="battle")
    st = char(s, "T Striker", 0)
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 3', 'hand', 0)}")
    for p in (0, 1):
        v = s.view(p)
        for pl in v["players"]:
            assert {"deck_count", "hand_count", "characters", "discard", "vp"} <= set(pl)
        assert [pl["vp"] for pl in v["players"]] == [1, 2]
        assert [pl["discard"][0]["name"] for pl in v["players"][:1]] == ["Surge 2"]
        assert v["battle_zone"] == s.view(1 - p)["battle_zone"]  # one shared Battle Zone
        assert v["battle_zone"][0]["lead"] == f"c{st}"


@pytest.mark.rule("MX-ZONE-2")
def test_deck_is_face_down_and_its_top_card_is_drawn_each_turn():
    s = position({"deck": ["Surge 1", "Surge 2", "Surge 3"]}, {"deck": ["Insight 6", "Insight 1", "Insight 2"]},
                 step="prep")
    assert names(s, "hand", 0) == ["Surge 1"]
    s.apply("end_planning")
    s.apply("end_attacks")
    assert names(s, "hand", 1) == ["Insight 6"]
    for p in (0, 1):
        dumped = json.dumps(s.view(p))
        assert "Surge 2" not in dumped and "Insight 1" not in dumped  # face down for everyone


@pytest.mark.rule("MX-ZONE-3")
def test_searching_a_deck_shuffles_it():
    for choice in ("take", "none"):
        s = position({"mp": 1, "hand": ["Call to Arms"], "deck": ["T Striker"] + DISTINCT}, {}, seed=11)
        s.apply(f"event:c{find(s, 'Call to Arms', 'hand', 0)}")
        before = [c for c in s.data.deck[0]]
        if choice == "take":
            s.apply(f"take:c{find(s, 'T Striker', 'deck', 0)}")
            before.remove(find(s, "T Striker", "hand", 0))
            assert names(s, "hand", 0) == ["T Striker"]
        else:
            s.apply("none")
        assert sorted(s.data.deck[0]) == sorted(before)
        assert s.data.deck[0] != before
        assert "P1 shuffles their deck (MX-ZONE-3)" in s.log


@pytest.mark.rule("MX-ZONE-4")
def test_hand_keeps_cards_until_played_and_effects_add_or_discard():
    s = position({"mp": 5, "hand": ["Sudden Insight", "Insight 3"], "deck": ["Surge 1", "Surge 2", "Surge 3"]},
                 {"mp": 5, "hand": ["Mind Spike", "Brawl 2"], "deck_size": 5,
                  "character": [{"name": "Velvet Broker", "entered_turn": 1}]})
    s.apply(f"event:c{find(s, 'Sudden Insight', 'hand', 0)}")  # an effect adds 2 cards
    assert names(s, "hand", 0) == ["Insight 3", "Surge 1", "Surge 2"]
    s.apply("end_planning")
    s.apply("end_attacks")
    # P2's turn: P1's hand is unchanged; P2's Mind Spike makes P1 discard one
    assert names(s, "hand", 0) == ["Insight 3", "Surge 1", "Surge 2"]
    s.apply("end_planning")
    s.apply(f"attack:c{char(s, 'Velvet Broker', 1)}/c{find(s, 'Mind Spike', 'hand', 1)}")
    s.apply(f"discard:c{find(s, 'Surge 2', 'hand', 0)}")
    assert names(s, "hand", 0) == ["Insight 3", "Surge 1"]
    assert names(s, "discard", 0)[-1] == "Surge 2"


@pytest.mark.rule("MX-ZONE-5")
def test_a_played_character_is_in_play_face_up():
    s = position({"hand": ["T Striker"]}, {})
    st = find(s, "T Striker", "hand", 0)
    assert s.view(1)["players"][0]["characters"] == []
    s.apply(f"play:c{st}")
    assert st in s.data.inplay[0] and s.data.is_in_play(st)
    assert [c["name"] for c in s.view(1)["players"][0]["characters"]] == ["T Striker"]


@pytest.mark.rule("MX-ZONE-6", "MX-ZONE-7")
def test_cards_are_discarded_face_up_and_both_piles_are_open_to_both_players():
    s = position({"mp": 5, "hand": ["Leech the Well", "Brawl 3", "Brawl 1"],
                  "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {"mp": 2, "deck_size": 5, "discard": ["Insight 6"]})
    ev = find(s, "Leech the Well", "hand", 0)
    s.apply(f"event:c{ev}")
    assert s.data.discard[0] == [ev]  # Event after use
    s.apply("end_planning")
    b = find(s, "Brawl 3", "hand", 0)
    _attack_undefended(s, "T Striker", "Brawl 3")
    assert s.data.discard[0] == [ev, b]  # Battle Card of an undefended attack after its VP
    for p in (0, 1):
        v = s.view(p)
        assert [c["name"] for c in v["players"][0]["discard"]] == ["Leech the Well", "Brawl 3"]
        assert [c["name"] for c in v["players"][1]["discard"]] == ["Insight 6"]


@pytest.mark.rule("MX-ZONE-8", "MX-ZONE-14")
def test_discards_go_on_top_and_pile_order_does_not_restrict_access():
    s = position({"mp": 5, "hand": ["Sudden Insight", "Rally Horn", "Second Chance"],
                  "discard": ["T Striker", "Brawl 2", "T Thinker"], "deck": ["Surge 1"] * 4,
                  "character": [{"name": "T Pusher", "entered_turn": 1, "pushed": True}]}, {})
    s.apply(f"event:c{find(s, 'Sudden Insight', 'hand', 0)}")
    s.apply(f"event:c{find(s, 'Rally Horn', 'hand', 0)}")
    s.apply(f"target:c{char(s, 'T Pusher', 0)}")
    assert names(s, "discard", 0) == ["T Striker", "Brawl 2", "T Thinker", "Sudden Insight", "Rally Horn"]
    # Second Chance may return either Character, whatever its place in the pile
    s.apply(f"event:c{find(s, 'Second Chance', 'hand', 0)}")
    assert sorted(ids(s)) == sorted([f"take:c{find(s, 'T Striker', 'discard', 0)}",
                                     f"take:c{find(s, 'T Thinker', 'discard', 0)}"])
    s.apply(f"take:c{find(s, 'T Striker', 'discard', 0)}")  # the bottom-most card
    assert "T Striker" in names(s, "hand", 0)


@pytest.mark.rule("MX-ZONE-9")
def test_attacking_and_defending_characters_move_into_the_battle_zone():
    s = position({"hand": ["Brawl 3", "Brawl 1"], "character": [{"name": "T Striker", "entered_turn": 1},
                                                                 {"name": "T Pair", "entered_turn": 1}]},
                 {"hand": ["Insight 2"], "deck_size": 5,
                  "character": [{"name": "T Thinker", "entered_turn": 1}, {"name": "T Mystic", "entered_turn": 1}]},
                 step="battle")
    st, pair, th, my = (char(s, n, p) for n, p in (("T Striker", 0), ("T Pair", 0),
                                                    ("T Thinker", 1), ("T Mystic", 1)))
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 3', 'hand', 0)}")
    assert s.data.in_battle == {st}
    s.apply("end_attacks")
    s.apply(f"defend:c{th}->c{st}")
    s.apply(f"with:c{find(s, 'Insight 2', 'hand', 1)}")
    assert s.data.in_battle == {st, th}
    zone = {c["id"]: c["in_battle_zone"] for pl in s.view(1)["players"] for c in pl["characters"]}
    assert zone == {f"c{st}": True, f"c{pair}": False, f"c{th}": True, f"c{my}": False}
    s.apply("end_defense")
    assert s.data.in_battle == set()  # back in their areas once the Battle Step ends


@pytest.mark.rule("MX-ZONE-10")
def test_a_vp_takes_the_top_card_of_the_opponents_deck_face_down():
    s = position({"hand": ["Brawl 3", "Brawl 1"], "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {"deck": ["Insight 6", "Insight 1", "Insight 2"]}, step="battle")
    top = s.data.deck[1][0]
    _attack_undefended(s, "T Striker", "Brawl 3")
    assert s.data.vp[0] == [top]
    assert s.data.owner[top] == 1
    assert names(s, "deck", 1)[0] == "Insight 2"  # P2 already drew Insight 1 in their Prep Step
    for p in (0, 1):
        assert "Insight 6" not in json.dumps(s.view(p)) and s.view(p)["players"][0]["vp"] == 1


@pytest.mark.rule("MX-ZONE-11")
def test_in_play_includes_the_battle_zone_but_not_hand_or_discard():
    s = position({"hand": ["Brawl 4", "Banner Knight", "Brawl 1"], "discard": ["Banner Knight"],
                  "character": [{"name": "Banner Knight", "entered_turn": 1},
                                {"name": "Ember Warden", "entered_turn": 1}]},
                 {"hand": ["Insight 2"], "character": [{"name": "T Thinker", "entered_turn": 1}]}, step="battle")
    knight, warden = char(s, "Banner Knight", 0), char(s, "Ember Warden", 0)
    # only the Banner Knight on the table counts: +1, not +3
    assert stats.rank(s.data, warden, "strength") == 6
    s.apply(f"attack:c{knight}/c{find(s, 'Brawl 4', 'hand', 0)}")
    assert knight in s.data.in_battle and s.data.is_in_play(knight)
    assert stats.rank(s.data, warden, "strength") == 6  # its constant still applies from the Battle Zone
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Thinker', 1)}->c{knight}")
    s.apply(f"with:c{find(s, 'Insight 2', 'hand', 1)}")
    s.apply("end_defense")
    # the Battle Card attached as Damage is on the table with Banner Knight, in no other zone
    dmg = s.data.damage[knight]
    assert [s.data.cards[c].name for c in dmg] == ["Insight 2"]
    for z in ("hand", "deck", "discard", "vp"):
        for p in (0, 1):
            assert dmg[0] not in getattr(s.data, z)[p]
    for c in s.data.hand[0] + s.data.discard[0]:
        assert not s.data.is_in_play(c)


@pytest.mark.rule("MX-ZONE-12")
def test_hidden_and_public_information_in_views_and_logs():
    s = position({"mp": 3, "hand": ["Surge 7", "T Striker"], "deck": ["Brawl 7", "Brawl 6", "Brawl 5"],
                  "discard": ["Surge 2"], "vp": ["Brawl 4"]},
                 {"mp": 6, "hand": ["Insight 7"], "deck": ["Insight 6", "Insight 5", "Insight 4"],
                  "discard": ["Insight 1"], "vp": ["Surge 4"]}, step="prep")
    v0, v1 = s.view(0), s.view(1)
    # own hand visible, opponent's hand only as a count
    assert [c["name"] for c in v0["players"][0]["hand"]] == ["Surge 7", "T Striker", "Brawl 7"]
    assert v1["players"][0]["hand"] is None and v1["players"][0]["hand_count"] == 3
    assert v0["players"][1]["hand"] is None and v1["players"][1]["hand"][0]["name"] == "Insight 7"
    for v, p in ((v0, 0), (v1, 1)):
        dumped = json.dumps(v)
        opp_hand = "Insight 7" if p == 0 else "Surge 7"
        assert opp_hand not in dumped
        # decks (contents and order) and VP piles are hidden from both players
        for hidden in ("Brawl 6", "Brawl 5", "Insight 6", "Insight 5", "Insight 4", "Brawl 4", "Surge 4"):
            assert hidden not in dumped
        # public: both discard piles, every zone's count, both MP totals
        assert [pl["mp"] for pl in v["players"]] == [3, 6]
        assert [pl["discard"][0]["name"] for pl in v["players"]] == ["Surge 2", "Insight 1"]
        assert [(pl["deck_count"], pl["hand_count"], pl["vp"]) for pl in v["players"]] == [(2, 3, 1), (3, 1, 1)]
    # the draw is logged by name only for its owner
    assert "P1 draws Brawl 7" in s.log_for(0)
    assert "P1 draws Brawl 7" not in s.log_for(1) and "P1 draws a card" in s.log_for(1)


@pytest.mark.rule("MX-ZONE-13")
def test_no_maximum_hand_size():
    big = ["Surge 1", "Surge 2", "Surge 3", "Surge 4", "Surge 5", "Surge 6", "Surge 7",
           "Insight 1", "Insight 2", "Insight 3", "Insight 4", "Insight 5", "Insight 6", "Insight 7"]
    s = position({"hand": big, "deck_size": 5}, {"deck_size": 5})
    s.apply("end_planning")
    s.apply("end_attacks")
    assert s.data.turn == 4 and s.decision.kind == "planning" and len(s.data.hand[0]) == 14
    s.apply("end_planning")
    s.apply("end_attacks")
    assert s.data.turn == 5 and len(s.data.hand[0]) == 15  # drew to 15, nothing discarded
    assert s.data.discard[0] == []


@pytest.mark.rule("MX-ZONE-15")
def test_cards_return_to_their_owners_zones():
    # P1 attacks into T Mystic (Special 3 only): Brawl 3 KOs it; each card goes to its owner's pile
    s = position({"hand": ["Brawl 3", "Brawl 1"], "character": [{"name": "T Trio", "entered_turn": 1}]},
                 {"hand": ["Surge 2"], "deck_size": 5, "character": [{"name": "T Mystic", "entered_turn": 1}]},
                 step="battle")
    trio, mystic = char(s, "T Trio", 0), char(s, "T Mystic", 1)
    b3 = find(s, "Brawl 3", "hand", 0)
    s.apply(f"attack:c{trio}/c{b3}")
    s.apply("end_attacks")
    s.apply(f"defend:c{mystic}->c{trio}")
    s.apply(f"with:c{find(s, 'Surge 2', 'hand', 1)}")
    s.apply("end_defense")
    assert mystic in s.data.discard[1] and b3 in s.data.discard[0]
    # Riptide Recall returns an opposing Character to ITS OWNER's hand; its Damage goes to each
    # card's owner's discard pile
    s = position({"mp": 3, "hand": ["Riptide Recall"]},
                 {"character": [{"name": "T Pair", "entered_turn": 1, "damage": ["Surge 1"]}]})
    st = char(s, "T Pair", 1)
    dmg = s.data.damage[st][0]
    s.apply(f"event:c{find(s, 'Riptide Recall', 'hand', 0)}")
    s.apply(f"target:c{st}")
    assert st in s.data.hand[1] and st not in s.data.hand[0]
    assert dmg in s.data.discard[0]  # Surge 1 was P1's card
