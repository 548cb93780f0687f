"""MZL-ERRATA-LEAVES (leaving play vs being Dispelled), MZL-ERRATA-DISPTRIG (Dispel triggers
across lanes), MZL-ERRATA-SELFSAC (a unit may Sacrifice itself)."""
from __future__ import annotations

import pytest

from support import ids, log_has, zone_names as zone
from support.metazoo import ability_id, decider, kind, play, player, position, side, snap, target, terra, unit


def _removal_position(victim: str, *, wide: bool = False):
    """P1 (Mourning Caster) has in lane 1: Grave Watcher (+1 MP when a friendly creature is
    Dispelled), Exit Watcher (draws when a friendly unit leaves play), Self Feeder and
    ``victim`` (a Spark token, or the Caster); P2 holds removal. With ``wide``, lane 1's Terra
    gives +1 lane size and P1's side is full at 6."""
    p1_units = ["Grave Watcher", "Exit Watcher", "Self Feeder", victim]
    if wide:
        p1_units += ["Fire Pup", "Fire Brute"]
    return position(player("Mourning Caster", deck_size=5),
                    player("Plain Fire Caster", aura=["Fire Aura"] * 2,
                           hand=["Smash Unit", "Zap Three", "Bounce Unit", "Fire Field"]),
                    [{"terra": "Wide Terra" if wide else "Fire Starter", "p1": p1_units}], active=1)


def _remove(st, how: str, victim: int) -> None:
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


HOWS = ["shatter", "damage", "return", "sacrifice", "limit"]


@pytest.mark.rule("MZL-ERRATA-LEAVES-2")
@pytest.mark.parametrize("how", HOWS)
def test_token_leaves_play_but_is_never_dispelled(how):
    st = _removal_position("Spark", wide=how == "limit")
    spark = unit(st, "Spark", 0, 1)
    _remove(st, how, spark)
    assert spark not in st.data.lane_of
    assert len(st.data.hand[0]) == 1                  # it left play (Exit Watcher)
    assert st.data.mp[0] == (2 if how == "sacrifice" else 0)   # but was not Dispelled (Grave Watcher)
    assert "Spark" not in zone(st, 0, "discard") + zone(st, 0, "hand")


@pytest.mark.rule("MZL-ERRATA-LEAVES-2")
@pytest.mark.parametrize("how", HOWS)
def test_caster_leaves_play_but_is_never_dispelled(how):
    st = _removal_position("Mourning Caster", wide=how == "limit")
    caster = st.data.caster[0]
    _remove(st, how, caster)
    assert caster not in st.data.lane_of and st.data.caster_down[0]
    assert len(st.data.hand[0]) == 1                   # it left play
    # neither Grave Watcher nor the Caster's own When Dispelled (+5 MP)
    assert st.data.mp[0] == (2 if how == "sacrifice" else 0)


@pytest.mark.rule("MZL-ERRATA-LEAVES-1")
def test_leaving_play_without_being_dispelled_triggers_no_when_dispelled():
    st = position(player(deck_size=5), player("Plain Fire Caster", aura=["Fire Aura"], hand=["Bounce Unit"]),
                  [{"terra": "Fire Starter", "p1": ["Last Wish", "Grave Watcher", "Exit Watcher"]}], active=1)
    play(st, "Bounce Unit")
    target(st, unit(st, "Last Wish", 0, 1))
    assert st.data.mp[0] == 0                          # no When Dispelled, no Dispel trigger
    assert len(st.data.hand[0]) == 1 + 1               # Last Wish back in hand, and Exit Watcher drew
    assert not log_has(st, "Dispelled")


@pytest.mark.rule("MZL-ERRATA-LEAVES-3")
def test_only_a_main_deck_card_going_from_play_to_the_discard_is_dispelled():
    st = position(player(hand=["Last Wish"]),
                  player("Plain Fire Caster", aura=["Fire Aura"] * 2, hand=["Mind Rot", "Smash Unit"]),
                  [{"terra": "Fire Starter", "p1": ["Last Wish", "Grave Watcher"]}], active=1)
    play(st, "Mind Rot")                               # from hand to the discard pile: not Dispelled
    assert zone(st, 0, "discard") == ["Last Wish"] and st.data.mp[0] == 0
    st.apply("declare:lane4")
    play(st, "Smash Unit")                             # from play to the discard pile: Dispelled
    target(st, unit(st, "Last Wish", 0, 1))
    assert kind(st) == "__order_triggers"              # its When Dispelled and Grave Watcher's trigger
    st.apply("trigger:0")
    assert zone(st, 0, "discard") == ["Last Wish", "Last Wish"]
    assert st.data.mp[0] == 2 + 1                      # its When Dispelled and Grave Watcher
    assert "Mind Rot" in zone(st, 1, "discard")        # a Strategy is discarded, never Dispelled


@pytest.mark.rule("MZL-ERRATA-LEAVES-4")
def test_caster_goes_face_down_to_its_zone_and_a_token_vanishes():
    st = position(player("Mourning Caster"), player("Plain Fire Caster", aura=["Fire Aura"], hand=["Total Ruin"]),
                  [{"terra": "Fire Starter", "p1": ["Mourning Caster", "Spark"]}], active=1)
    caster, spark = st.data.caster[0], unit(st, "Spark", 0, 1)
    play(st, "Total Ruin")
    while kind(st) == "order":
        st.apply(ids(st)[0])
    s = snap(st)
    assert s["players"][0]["caster"]["state"] == "face_down"
    assert st.data.caster[0] == caster and caster not in st.data.discard[0]
    assert spark not in st.data.lane_of
    places = [i for p in (0, 1) for z in ("deck", "hand", "discard") for i in getattr(st.data, z)[p]]
    assert spark not in places
    assert s["players"][0]["discard"] == []


@pytest.mark.rule("MZL-ERRATA-LEAVES-5")
@pytest.mark.parametrize("old", ["Mourning Starter", "Mourning Field"])
def test_terras_starter_terras_included_can_be_dispelled(old):
    st = position(player(aura=["Fire Aura"], hand=["Fire Field"], deck_size=3), player(deck_size=3),
                  [{"terra": old, "terra_owner": 0}])
    assert st.data.cards[terra(st, 1)].starter == (old == "Mourning Starter")
    play(st, "Fire Field", 1)
    assert old in zone(st, 0, "discard")
    assert len(st.data.hand[0]) == 1 and len(st.data.hand[1]) == 1    # its When Dispelled
    assert log_has(st, f"{old} (P1) leaves lane 1 for the discard pile and is Dispelled")


@pytest.mark.rule("MZL-ERRATA-LEAVES-6")
def test_main_deck_unit_returned_to_hand_is_not_dispelled():
    st = position(player(), player("Plain Fire Caster", aura=["Fire Aura"], hand=["Bounce Unit"]),
                  [{"terra": "Fire Starter", "p1": ["Last Wish", "Grave Watcher"]}], active=1)
    wish = unit(st, "Last Wish", 0, 1)
    play(st, "Bounce Unit")
    target(st, wish)
    assert wish in st.data.hand[0] and wish not in st.data.discard[0]
    assert st.data.mp[0] == 0


# ============================================================================ Dispel triggers
@pytest.mark.rule("MZL-ERRATA-DISPTRIG-1")
def test_dispel_trigger_naming_no_lane_fires_for_any_lane():
    st = position(player(), player("Plain Fire Caster", aura=["Fire Aura"] * 2, hand=["Smash Unit"] * 2),
                  [{"terra": "Fire Starter", "p1": ["Grave Watcher"]}, {},
                   {"terra": "Fire Starter", "p1": ["Fire Pup"], "p2": ["Earth Pup"]}], active=1)
    play(st, "Smash Unit")
    target(st, unit(st, "Fire Pup", 0, 3))
    assert st.data.mp[0] == 1                          # from lane 3, seen in lane 1
    st.apply("declare:lane2")
    play(st, "Smash Unit")
    target(st, unit(st, "Earth Pup", 1, 3))            # a rival creature: not friendly
    assert st.data.mp[0] == 1


@pytest.mark.rule("MZL-ERRATA-DISPTRIG-2")
def test_dispel_trigger_never_fires_for_tokens_or_casters():
    st = position(player("Mourning Caster"),
                  player("Plain Fire Caster", aura=["Fire Aura"] * 2, hand=["Smash Unit"] * 2),
                  [{"terra": "Fire Starter", "p1": ["Grave Watcher"]}, {},
                   {"terra": "Fire Starter", "p1": ["Spark", "Mourning Caster"]}], active=1)
    play(st, "Smash Unit")
    target(st, unit(st, "Spark", 0, 3))
    st.apply("declare:lane2")
    play(st, "Smash Unit")
    target(st, st.data.caster[0])
    assert side(st, 3, 0) == []
    assert st.data.mp[0] == 0


# ============================================================================ self-Sacrifice
@pytest.mark.rule("MZL-ERRATA-SELFSAC-1")
def test_unit_may_sacrifice_itself_unless_another_is_asked_for():
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Self Feeder", "Grave Watcher"]}])
    feeder = unit(st, "Self Feeder", 0, 1)
    st.apply(ability_id(st, feeder))
    assert f"sacrifice:c{feeder}" in ids(st)
    st.apply(f"sacrifice:c{feeder}")
    assert st.data.mp[0] == 2 + 1                       # the effect, and it was Dispelled (Grave Watcher)
    assert "Self Feeder" in zone(st, 0, "discard")
    # "another unit": alone it can't be used; with company it can't pick itself
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Other Feeder"]}])
    other = unit(st, "Other Feeder", 0, 1)
    assert ability_id(st, other) not in ids(st)
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Other Feeder", "Fire Pup"]}])
    other = unit(st, "Other Feeder", 0, 1)
    st.apply(ability_id(st, other))
    assert ids(st) == [f"sacrifice:c{unit(st, 'Fire Pup', 0, 1)}"]
