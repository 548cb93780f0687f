"""The options a MetaZoo (four-lane) player is offered, where mutation testing showed nothing
else pinned them down: a Unique card already in play does not hide the rest of the hand; an
ability whose first target is missing, or that discards from an empty hand, is not offered; a
token's room in any lane makes an ability usable; a token made in "another lane" asks for it;
a Strategy's "no effect" mark reads "this lane" as any lane; a full side is not enhanced."""
from __future__ import annotations

import pytest

from metatcg.games.metazoo import stats
from support import ids
from support.metazoo import GAME, player

EXTRA = '''
[[card]]
name = "MZO Lifter"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
icon = true
[[card.ability.do]]
op = "give_influence"
amount = 1
target = { side = "rival", type = "creature", choose = "highest" }
[[card.ability.do]]
op = "draw"

[[card]]
name = "MZO Spawner"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "create_token", token = "Spark", lane = "any" }]

[[card]]
name = "MZO Sender"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "create_token", token = "Spark", lane = "other" }]

[[card]]
name = "MZO Purger"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "activated"
icon = true
do = [{ op = "discard" }]

[[card]]
name = "MZO Lift Here"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
[[card.ability.do]]
op = "give_influence"
amount = 1
target = { side = "friendly", lane = "this", type = "creature", choose = "all" }
'''

G = GAME.with_cards(GAME.parse_cards(EXTRA, "mutants_options.toml"))


def _position(p1: dict, lanes: list):
    return G.position({"seed": 1, "player": [p1, player("Plain Earth Caster")], "lane": lanes,
                       "options": {"auto_single": False}})


def _unit(st, name: str) -> int:
    d = st.data
    return next(u for u in d.lane_of if d.cards[u].name == name)


def _labels(st, prefix: str) -> list[str]:
    return [a.label for a in st.legal_actions() if a.id.startswith(prefix)]


@pytest.mark.rule("MZL-PLAY-7")
def test_a_unique_card_already_in_play_does_not_hide_the_rest_of_the_hand():
    st = _position(player(aura=["Fire Aura"] * 2, hand=["Unique Hound", "Fire Pup"]),
                   [{"terra": "Fire Starter", "p1": ["Unique Hound"]}])
    d = st.data
    hound, pup = d.hand[0]
    assert d.cards[hound].name == "Unique Hound"
    plays = [a for a in ids(st) if a.startswith("play:")]
    assert plays == [f"play:c{pup}@lane{ln}" for ln in (1, 2, 3, 4)]


def test_an_ability_whose_highest_target_is_missing_is_not_offered():
    """MZO Lifter's ability starts with "+1 to the highest rival creature", then draws: with
    no rival creature its first target is missing, so it is not offered; with one, it is."""
    empty = _position(player(), [{"terra": "Fire Starter", "p1": ["MZO Lifter"]}])
    assert not any(a.startswith("ability:") for a in ids(empty))
    rival = _position(player(), [{"terra": "Fire Starter", "p1": ["MZO Lifter"], "p2": ["Earth Pup"]}])
    assert f"ability:c{_unit(rival, 'MZO Lifter')}:0" in ids(rival)


@pytest.mark.parametrize("hand", [[], ["Fire Pup"]])
def test_an_ability_that_only_discards_is_offered_only_with_a_card_in_hand(hand):
    st = _position(player(hand=hand), [{"terra": "Fire Starter", "p1": ["MZO Purger"]}])
    assert (f"ability:c{_unit(st, 'MZO Purger')}:0" in ids(st)) == bool(hand)


def test_a_token_ability_is_offered_while_any_lane_has_room():
    """MZO Spawner makes a token in a lane of its controller's choice: its own lane being full
    leaves the other lanes."""
    full = ["MZO Spawner", "Fire Pup", "Fire Brute", "Cinder Fox", "MZA Glow"]
    st = _position(player(), [{"terra": "Fire Starter", "p1": full}])
    d = st.data
    assert len(d.units[0]) == stats.lane_limit(d, 0, 0) == 5
    spawner = _unit(st, "MZO Spawner")
    st.apply(f"ability:c{spawner}:0")
    assert st.decision.kind == "lane" and ids(st) == ["lane:2", "lane:3", "lane:4"]


@pytest.mark.rule("MZL-KW-CREATE-3")
def test_a_token_made_in_another_lane_goes_to_the_one_chosen():
    """PR-MZL-17: MZO Sender (lane 1) makes a Spark in another lane: P1 chooses among the
    other lanes and the token is there."""
    st = _position(player(), [{"terra": "Fire Starter", "p1": ["MZO Sender"]}])
    d = st.data
    st.apply(f"ability:c{_unit(st, 'MZO Sender')}:0")
    assert st.decision.kind == "lane" and ids(st) == ["lane:2", "lane:3", "lane:4"]
    st.apply("lane:3")
    assert [(d.cards[u].name, d.lane_of[u]) for u in d.units[4]] == [("Spark", 2)]


def test_a_strategy_acting_on_this_lane_has_an_effect_with_a_creature_in_any_lane():
    """MZO Lift Here (+1 to friendly creatures in this lane, a lane P1 will choose) has an
    effect with P1's only creature in lane 1: no "no effect" mark; with none, the mark."""
    st = _position(player(aura=["Fire Aura"], hand=["MZO Lift Here"]), [{"terra": "Fire Starter", "p1": ["Fire Pup"]}])
    assert _labels(st, "play:") == ["Play Strategy MZO Lift Here (cost 1)"]
    st = _position(player(aura=["Fire Aura"], hand=["MZO Lift Here"]), [{"terra": "Fire Starter"}])
    assert _labels(st, "play:") == ["Play Strategy MZO Lift Here (cost 1, no effect)"]


@pytest.mark.parametrize("strategy, side", [("MZA Tap Strike", "p2"), ("MZA Refresh", "p1")])
def test_tapping_offers_only_untapped_creatures_and_untapping_only_tapped_ones(strategy, side):
    """PR-MZL-25: a creature the op would not change is no option."""
    st = _position(player(aura=["Fire Aura"], hand=[strategy]),
                   [{"terra": "Fire Starter", side: ["Fire Pup", {"name": "Fire Brute", "tapped": True}]}])
    d = st.data
    pup, brute = _unit(st, "Fire Pup"), _unit(st, "Fire Brute")
    st.apply(next(a for a in ids(st) if a.startswith("play:")))
    want = pup if strategy == "MZA Tap Strike" else brute
    assert st.decision.kind == "target" and ids(st) == [f"target:c{want}"]
    st.apply(f"target:c{want}")
    assert d.tapped & {pup, brute} == ({pup, brute} if want == pup else set())


@pytest.mark.rule("MZL-LANE-8")
def test_a_full_side_cannot_be_enhanced():
    """An enhancing Aura takes a slot: a side of five units offers no enhancing, one of four does."""
    four = ["MZA Glow", "Fire Pup", "Fire Brute", "Cinder Fox"]
    st = _position(player(aura=["Fire Aura"]), [{"terra": "Fire Starter", "p1": four + ["Ember Imp"]},
                                                {"terra": "Fire Starter", "p1": four}])
    assert [a for a in ids(st) if a.startswith("enhance:")] == ["enhance:lane2"]
