"""MetaZoo 2022 paying with sources that can each make one of several Aura Types (dual Pages,
Convert): each unit pays one part, so counting the types units could make is not enough."""
from __future__ import annotations

from metatcg.games.metazoo_2022 import aura

F = frozenset


def test_two_types_that_only_one_source_can_make_are_not_payable():
    units = [F({"flame", "water"}), F({"frost", "dark"})]
    assert not aura.payable([("flame", 1), ("water", 1)], units)
    assert aura.payable([("flame", 1), ("dark", 1)], units)
    assert aura.payable([("water", 1), ("neutral", 1)], units)


def test_the_pay_picks_of_several_type_sources_leave_the_rest_payable():
    units = [("c5", F({"flame", "water"})), ("c6", F({"frost", "dark"}))]
    # c5 pays the Flame (the Neutral is left for c6); c6 cannot make Flame, so it pays the Neutral
    assert aura.picks((("flame", 1), ("neutral", 1)), units) == [
        ("c5", (("neutral", 1),)), ("c6", (("flame", 1),))]
    assert aura.picks((("flame", 1), ("water", 1)), units) == []
