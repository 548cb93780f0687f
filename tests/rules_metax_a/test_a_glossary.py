"""MX-GLOS: glossary rules."""
from __future__ import annotations

import pytest

from metatcg.games.metax import stats
from metax_a_support import char, find, ids, names, position


def _defended(att_card, dfd_card, *, p1_mp=5, p2_mp=0):
    s = position({"mp": p1_mp, "hand": [att_card, "Brawl 1"], "character": [{"name": "T Hybrid", "entered_turn": 1}]},
                 {"mp": p2_mp, "hand": [dfd_card, "Brawl 2"], "deck_size": 5,
                  "character": [{"name": "T Trio", "entered_turn": 1}]}, step="battle")
    a = char(s, "T Hybrid", 0)
    s.apply(f"attack:c{a}/c{find(s, att_card, 'hand', 0)}")
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Trio', 1)}->c{a}")
    s.apply(f"with:c{find(s, dfd_card, 'hand', 1)}")
    return s


@pytest.mark.rule("MX-GLOS-1")
def test_a_negated_effect_is_cancelled():
    # without Counterspell Ward, Slipstream Dash's Defense effect makes the defender discard
    s = _defended("Insight 4", "Slipstream Dash")
    assert s.decision.kind == "discard" and s.current_player() == 1
    # Counterspell Ward negates it: no discard, the hand keeps its card
    s = _defended("Counterspell Ward", "Slipstream Dash")
    assert s.decision.kind == "defend" and names(s, "hand", 1) == ["Brawl 2"]
    assert "Slipstream Dash's effects are negated" in s.log
    # an effect used on both sides (Draining Touch) is cancelled too
    s = _defended("Counterspell Ward", "Draining Touch")
    assert s.data.mp[0] == 4  # 5 - 1 for Counterspell Ward; nothing drained


@pytest.mark.rule("MX-GLOS-2")
def test_traits_matter_only_when_card_text_refers_to_them():
    s = position({"mp": 0, "hand": ["Hollow Oak Elder"], "discard": ["Ember Warden", "Marsh Wisp", "T Striker"],
                  "character": [{"name": "Banner Knight", "entered_turn": 1},
                                {"name": "Ember Warden", "entered_turn": 1},
                                {"name": "Cragback Ogre", "entered_turn": 1}]}, {})
    d = s.data
    # Banner Knight: "other Vanguard Characters" -> Ember Warden (Vanguard) yes, Cragback Ogre (Wildborn) no
    assert stats.rank(d, char(s, "Ember Warden", 0), "strength") == 6
    assert stats.rank(d, char(s, "Cragback Ogre", 0), "strength") == 6  # its printed 6
    assert d.cards[char(s, "Cragback Ogre", 0)].trait == "Wildborn"
    # Hollow Oak Elder returns only a Wildborn Character (Marsh Wisp), not the Vanguard or the Tester
    s = position({"mp": 0, "hand": ["Hollow Oak Elder"], "discard": ["Ember Warden", "Marsh Wisp", "T Striker"]}, {})
    s.apply(f"play:c{find(s, 'Hollow Oak Elder', 'hand', 0)}")
    s.apply("yes")
    assert ids(s) == [f"take:c{find(s, 'Marsh Wisp', 'discard', 0)}"]


@pytest.mark.rule("MX-GLOS-3")
def test_lead_attacker_plays_the_battle_card_and_links_others():
    s = position({"mp": 10, "hand": ["Brawl 4", "Brawl 1"],
                  "character": [{"name": "T Striker", "entered_turn": 1}, {"name": "T Pair", "entered_turn": 1},
                                {"name": "T Trio", "entered_turn": 1}]}, {}, step="battle")
    st, pair, trio = (char(s, n, 0) for n in ("T Striker", "T Pair", "T Trio"))
    b = find(s, "Brawl 4", "hand", 0)
    s.apply(f"attack:c{st}/c{b}")
    s.apply(f"link:c{pair}")
    s.apply(f"link:c{trio}")
    bz = s.view(1)["battle_zone"]
    assert len(bz) == 1  # one attack, led by T Striker
    assert bz[0]["lead"] == f"c{st}" and bz[0]["battle_card"]["id"] == f"c{b}"
    assert bz[0]["links"] == [f"c{pair}", f"c{trio}"]
    assert s.data.hand[0] == [find(s, "Brawl 1", "hand", 0)]  # only the lead played a Battle Card


@pytest.mark.rule("MX-GLOS-5")
def test_their_hand_means_the_opponents_own_hand():
    s = position({"mp": 5, "hand": ["Mind Spike", "Surge 6", "Surge 7"],
                  "character": [{"name": "Velvet Broker", "entered_turn": 1}]},
                 {"hand": ["Insight 1", "Insight 2"]}, step="battle")
    s.apply(f"attack:c{char(s, 'Velvet Broker', 0)}/c{find(s, 'Mind Spike', 'hand', 0)}")
    # the opponent chooses, from the opponent's own hand
    assert s.decision.kind == "discard" and s.current_player() == 1
    assert sorted(ids(s)) == sorted(f"discard:c{c}" for c in s.data.hand[1])
    s.apply(f"discard:c{find(s, 'Insight 2', 'hand', 1)}")
    assert names(s, "hand", 1) == ["Insight 1"] and names(s, "hand", 0) == ["Surge 6", "Surge 7"]
    assert names(s, "discard", 1) == ["Insight 2"]


@pytest.mark.rule("MX-GLOS-6")
def test_glossary_summaries_hold():
    """The glossary's restatements (Character, Event, Link, Meta Points, Prep/Push) in one turn."""
    s = position({"mp": 8, "hand": ["Leech the Well", "T Striker", "Sudden Insight", "T Mystic", "Brawl 4", "Brawl 1"],
                  "deck": ["Surge 1"] * 5,
                  "character": [{"name": "T Striker", "entered_turn": 1}, {"name": "T Pair", "entered_turn": 1}]},
                 {"mp": 3})
    s.apply(f"event:c{find(s, 'Leech the Well', 'hand', 0)}")  # Event before the Character
    assert s.data.mp == [7, 1]
    s.apply(f"play:c{find(s, 'T Striker', 'hand', 0)}")  # a duplicate; generates MP
    assert s.data.mp[0] == 9 and names(s, "inplay", 0).count("T Striker") == 2
    assert not any(a.startswith("play:") for a in ids(s))  # one per turn, three in play
    s.apply(f"event:c{find(s, 'Sudden Insight', 'hand', 0)}")  # Event after the Character
    assert s.data.mp[0] == 7
    s.apply("end_planning")
    lead, pair = char(s, "T Striker", 0), char(s, "T Pair", 0)
    s.apply(f"attack:c{lead}/c{find(s, 'Brawl 4', 'hand', 0)}")
    # Link: 5 MP, a Stat matching the lead's Battle Card (T Pair has Strength)
    s.apply(f"link:c{pair}")
    assert s.data.mp[0] == 2 and {lead, pair} <= s.data.pushed  # Push: "used"
    assert 0 <= min(s.data.mp) and max(s.data.mp) <= 10
