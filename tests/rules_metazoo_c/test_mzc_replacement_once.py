"""MZL-ERRATA-REPLEFF-3 with MZL-CASTER-9: a replacement applies at most once to one event,
even when what it does instead leads back to the same event (issue 7, defect 2: Coral Aegis
returning a Caster to hand, which Shatters it instead, looped until the action limit).

Coral Aegis itself is no longer offered for a Caster (it could change nothing, PR-MZL-25), so
the stand-in Salvage Aegis, which also draws a card, keeps the loop reachable."""
from __future__ import annotations

import pytest

from support import ids, log_has
from support.metazoo import decider, kind, play, player, position, target, unit


def _caster_with_aegis():
    """P1's Caster (in lane 1) stands beside Salvage Aegis ("when another friendly creature in
    this lane would be Shattered, you may return it to its owner's hand and draw a card
    instead"); P2 holds Smash Unit (Shatter a unit)."""
    st = position(player("Mourning Caster", deck_size=5),
                  player("Plain Fire Caster", aura=["Fire Aura"] * 2, hand=["Smash Unit"]),
                  [{"terra": "Fire Starter", "p1": ["Mourning Caster", "Salvage Aegis"]}], active=1)
    caster = st.data.caster[0]
    play(st, "Smash Unit")
    target(st, caster)
    return st, caster


@pytest.mark.rule("MZL-ERRATA-REPLEFF-3")
@pytest.mark.rule("MZL-CASTER-9")
def test_a_caster_returned_to_hand_instead_of_a_shatter_is_shattered_once():
    st, caster = _caster_with_aegis()
    assert kind(st) == "instead" and decider(st) == 0     # the "may" replacement is offered once
    st.apply("yes")
    # returning a Caster to hand Shatters it instead (MZL-CASTER-9): the same Shatter, on
    # which Coral Aegis has been used, so it is not offered again (MZL-ERRATA-REPLEFF-3)
    assert kind(st) != "instead"
    assert caster not in st.data.lane_of and st.data.caster_down[0]
    assert caster not in st.data.hand[0]
    assert sum("replaces the Shatter" in str(line) for line in st.log) == 1
    assert unit(st, "Salvage Aegis", 0, 1) in st.data.lane_of
    assert len(st.data.hand[0]) == 1                       # the rest of what it does happens


@pytest.mark.rule("MZL-ERRATA-REPLEFF-3")
def test_declining_the_replacement_shatters_the_caster():
    st, caster = _caster_with_aegis()
    assert "no" in ids(st)
    st.apply("no")
    assert kind(st) != "instead"
    assert caster not in st.data.lane_of and st.data.caster_down[0]
    assert not log_has(st, "replaces the Shatter")
