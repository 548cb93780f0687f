"""MetaZoo four-lane rules whose every case needs its own check.

These rules were cited by tests that showed only one of the cases the rule names (issue 28:
a citation counts only where the test asserts the rule's content).
"""
from __future__ import annotations

import pytest

from support import ids, zone_names as zone
from support.metazoo import ability_id, decider, kind, play, player, position, target, unit


def _dispel_position(*, wide: bool = False):
    """P1 has in lane 1 Grave Watcher (+1 MP when a friendly creature is Dispelled), Exit
    Watcher (draws when a friendly unit leaves play), Self Feeder (Sacrifice a unit: +2 MP) and
    Fire Pup, a main-deck creature of Influence 2; P2, to act, holds removal. With ``wide``,
    lane 1's Terra gives +1 lane size and P1's side is full at 6."""
    p1_units = ["Grave Watcher", "Exit Watcher", "Self Feeder", "Fire Pup"]
    if wide:
        p1_units += ["Fire Brute", "Earth Brute"]
    return position(player("Mourning Caster", deck_size=5),
                    player("Plain Fire Caster", aura=["Fire Aura"] * 2,
                           hand=["Smash Unit", "Zap Three", "Bounce Unit", "Fire Field"]),
                    [{"terra": "Wide Terra" if wide else "Fire Starter", "p1": p1_units}], active=1)


def _remove(st, how: str, victim: int) -> None:
    """Take ``victim`` out of play by ``how``, then let the active player order any triggers."""
    if how in ("shatter", "damage", "return"):
        play(st, {"shatter": "Smash Unit", "damage": "Zap Three", "return": "Bounce Unit"}[how])
        target(st, victim)
    elif how == "sacrifice":
        st.apply("declare:lane4")
        st.apply(ability_id(st, unit(st, "Self Feeder", 0, 1)))
        st.apply(f"sacrifice:c{victim}")
    elif how == "limit":
        play(st, "Fire Field", 1)                   # the +1 lane size goes: P1 removes one unit
        assert kind(st) == "overflow" and decider(st) == 0
        st.apply(f"remove:c{victim}")
    while kind(st) == "__order_triggers":
        st.apply(ids(st)[0])


@pytest.mark.rule("MZL-DAMAGE-3")
@pytest.mark.parametrize("how", ["damage", "shatter", "sacrifice", "limit"])
def test_a_main_deck_unit_sent_from_play_to_the_discard_pile_is_dispelled_whatever_the_cause(how):
    st = _dispel_position(wide=how == "limit")
    pup = unit(st, "Fire Pup", 0, 1)
    _remove(st, how, pup)
    assert pup not in st.data.lane_of
    assert "Fire Pup" in zone(st, 0, "discard")
    assert len(st.data.hand[0]) == 1                              # it left play (Exit Watcher)
    assert st.data.mp[0] == (2 if how == "sacrifice" else 0) + 1  # and was Dispelled (Grave Watcher)


@pytest.mark.rule("MZL-DAMAGE-3")
def test_a_unit_returned_to_hand_leaves_play_without_being_dispelled():
    st = _dispel_position()
    pup = unit(st, "Fire Pup", 0, 1)
    _remove(st, "return", pup)
    assert pup in st.data.hand[0] and "Fire Pup" not in zone(st, 0, "discard")
    assert st.data.mp[0] == 0                                     # not Dispelled: no Grave Watcher
