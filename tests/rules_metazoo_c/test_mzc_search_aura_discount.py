"""MZL-ERRATA-FAIL (Fail to Find), MZL-ERRATA-SEARCH (searching forces a shuffle),
MZL-ERRATA-TEMPAURA (temporary Aura must be returned), MZL-ERRATA-DISCOUNT (lane-restricted
discounts and "may" effects)."""
from __future__ import annotations

import pytest

from support import card_in, ids, log_index, zone_names as zone
from support.metazoo import (decider, influence as inf, is_action_turn, kind, labels, play, play_id, player, position,
                             snap, target, unit)

DECK = ["Fire Pup", "Fire Brute", "Fire Titan", "Earth Pup", "Earth Brute", "Fire Enhancer", "Zero Fire",
        "Zero Earth", "Air Pup", "Plain Gear"]


def _deck_names(st, p=0):
    return [st.data.cards[c].name for c in st.data.deck[p]]


# ============================================================================ Fail to Find
@pytest.mark.rule("MZL-ERRATA-FAIL-1")
def test_a_search_may_find_nothing_even_with_a_match_in_the_deck():
    st = position(player(aura=["Fire Aura"], hand=["Cheap Search"], deck=DECK), player())
    play(st, "Cheap Search")
    assert kind(st) == "search" and decider(st) == 0
    offered = labels(st)
    assert "Take Fire Pup" in offered.values()              # a qualifying card is there
    assert "none" in offered
    st.apply("none")
    assert st.data.hand[0] == [] and len(st.data.deck[0]) == len(DECK)
    assert is_action_turn(st, 1)


@pytest.mark.rule("MZL-ERRATA-FAIL-1")
def test_discover_may_take_nothing_even_with_a_match_among_the_cards():
    st = position(player(aura=["Fire Aura"], hand=["Cheap Discover"], deck=DECK), player())
    play(st, "Cheap Discover")
    assert kind(st) == "discover"
    assert "Take Fire Pup" in labels(st).values() and "none" in ids(st)
    st.apply("none")
    while kind(st) == "bottom":
        st.apply(ids(st)[0])
    assert st.data.hand[0] == [] and len(st.data.deck[0]) == len(DECK)


# ============================================================================ search and shuffle
@pytest.mark.rule("MZL-ERRATA-SEARCH-1")
def test_deck_is_shuffled_after_a_search():
    st = position(player(aura=["Fire Aura"], hand=["Cheap Search"], deck=DECK), player(), seed=3)
    play(st, "Cheap Search")
    start = len(st.log)
    st.apply(f"take:c{card_in(st, 'Fire Titan', 0, 'deck')}")
    assert zone(st, 0, "hand") == ["Fire Titan"]
    i_take = log_index(st, "reveals Fire Titan", start)
    i_shuf = log_index(st, "P1 shuffles their deck", start)
    assert 0 <= i_take < i_shuf
    rest = [n for n in DECK if n != "Fire Titan"]
    assert sorted(_deck_names(st)) == sorted(rest)
    assert _deck_names(st) != rest                           # the order changed


@pytest.mark.rule("MZL-ERRATA-SEARCH-2")
def test_deck_is_shuffled_even_after_failing_to_find():
    st = position(player(aura=["Fire Aura"], hand=["Cheap Search"], deck=DECK), player(), seed=3)
    play(st, "Cheap Search")
    start = len(st.log)
    st.apply("none")
    assert log_index(st, "P1 shuffles their deck", start) >= 0
    assert sorted(_deck_names(st)) == sorted(DECK) and _deck_names(st) != DECK


@pytest.mark.rule("MZL-ERRATA-SEARCH-2")
def test_a_found_card_is_revealed_to_the_opponent():
    st = position(player(aura=["Fire Aura"], hand=["Cheap Search"], deck=DECK), player(), seed=3)
    play(st, "Cheap Search")
    titan = card_in(st, "Fire Titan", 0, "deck")
    st.apply(f"take:c{titan}")
    assert titan in st.data.known
    assert any("reveals Fire Titan" in ln for ln in st.log_for(1))


@pytest.mark.rule("MZL-ERRATA-SEARCH-2")
def test_discover_is_not_a_search_and_does_not_shuffle():
    st = position(player(aura=["Fire Aura"], hand=["Cheap Discover"], deck=DECK), player(), seed=3)
    play(st, "Cheap Discover")
    start = len(st.log)
    st.apply(f"take:c{card_in(st, 'Fire Brute', 0, 'looking')}")
    st.apply(f"bottom:c{card_in(st, 'Fire Titan', 0, 'looking')}")   # then Fire Pup goes last
    assert log_index(st, "shuffles", start) < 0
    assert _deck_names(st) == DECK[3:] + ["Fire Titan", "Fire Pup"]


# ============================================================================ temporary Aura
R = {"resolved": True}


def _end_round(st, lanes_left: list[int]):
    for ln in lanes_left:
        st.apply(f"declare:lane{ln}")


@pytest.mark.rule("MZL-ERRATA-TEMPAURA-1")
def test_temporary_aura_goes_back_on_top_of_the_aura_deck_at_the_end_of_the_round():
    st = position(player(aura=["Fire Aura"], hand=["Odd Luck"], aura_deck=3), player(), [R, R, {}, {}])
    play(st, "Odd Luck")
    s = snap(st)["players"][0]
    assert (s["aura_total"], s["aura_deck_count"], s["owed"]) == (2, 2, 1)
    _end_round(st, [3, 4])
    assert kind(st) == "temp_return" and decider(st) == 0 and st.data.phase == "end"
    st.apply(ids(st)[0])
    assert log_index(st, "P1 puts Fire Aura on top of their Aura deck (temporary Aura returned)") >= 0
    # next round's Aura phase has already added 1 again: 3 - 1 back to the deck and 1 more
    s = snap(st)["players"][0]
    assert st.data.round == 2 and (s["aura_total"], s["aura_deck_count"], s["owed"]) == (2, 2, 0)


@pytest.mark.rule("MZL-ERRATA-TEMPAURA-2")
def test_the_aura_put_back_must_be_primary():
    st = position(player(aura=["Fire Aura", "Earth Aura", "Earth Aura"], hand=["Odd Luck"], aura_deck=3),
                  player(), [R, R, {}, {}])
    play(st, "Odd Luck")
    _end_round(st, [3, 4])
    assert kind(st) == "temp_return"
    assert all(a.startswith("return:") and "Fire Aura" in lab for a, lab in labels(st).items())
    st.apply(ids(st)[0])
    z = snap(st)["players"][0]["aura_zone"]
    assert sum("Earth Aura" in a for a in z) == 2             # the allied Aura stay


def _luck_then_trade_all():
    """P1 plays Odd Luck (paid with its only Fire Aura), then trades both Fire Aura away."""
    st = position(player(aura=["Fire Aura", "Earth Aura", "Earth Aura"], hand=["Odd Luck"], aura_deck=3),
                  player(), [{}, {}, {}, {}])
    play(st, "Odd Luck")
    st.apply("declare:lane4")
    for lane in (3, 2):
        st.apply(next(a for a in ids(st) if a.startswith("trade:")))
        if kind(st) == "swap":
            st.apply(ids(st)[0])
        st.apply(f"declare:lane{lane}")
    assert all("Earth" in a for a in snap(st)["players"][0]["aura_zone"])
    return st


@pytest.mark.rule("MZL-ERRATA-TEMPAURA-3")
def test_no_primary_left_forces_a_reverse_trade():
    st = _luck_then_trade_all()
    s = snap(st)["players"][0]
    assert (s["owed"], s["pool_count"], s["supply_count"], s["aura_deck_count"]) == (1, 4, 6, 2)
    st.apply("declare:lane1")                                  # the round ends
    if kind(st) == "temp_return":
        assert all(a.startswith("reverse:") for a in ids(st))
        st.apply(ids(st)[0])
    assert log_index(st, "reverse-trades Earth Aura for Fire Aura and puts it on top of their Aura deck") >= 0
    s = snap(st)["players"][0]
    # an allied Aura back to the supply, a primary from outside onto the Aura deck (then the
    # next round's Aura phase draws it again)
    assert (s["pool_count"], s["supply_count"]) == (3, 7)
    assert s["aura_deck_count"] == 2 and s["aura_total"] == 3 + 1 - 1 + 1


@pytest.mark.rule("MZL-ERRATA-TEMPAURA-3")
def test_no_reverse_trade_when_a_primary_aura_is_back_from_a_lane_at_that_time():
    # P1's only primary Aura is enhancing a lane: it returns to the Aura zone first (MZL-ROUND-6),
    # so at the time of the return P1 has a primary Aura and no reverse trade happens.
    st = position(player(aura=["Earth Aura", "Earth Aura"], owed=1), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Enhancer"], "p1_aura": ["Fire Aura"]}, R, R, R])
    pool = len(st.data.pool[0])
    st.apply("declare:lane1")
    assert log_index(st, "P1 puts Fire Aura on top of their Aura deck (temporary Aura returned)") >= 0
    assert log_index(st, "reverse-trades") < 0 and len(st.data.pool[0]) == pool


@pytest.mark.rule("MZL-ERRATA-TEMPAURA-4")
def test_trading_away_the_temporary_aura_does_not_cancel_the_obligation():
    st = position(player(aura=["Fire Aura", "Fire Aura"], hand=["Odd Luck"], aura_deck=3), player(),
                  [R, {}, {}, {}])
    play(st, "Odd Luck")
    new = st.data.aura_zone[0][-1]                             # the Aura Odd Luck brought in
    st.apply("declare:lane4")
    st.apply(next(a for a in ids(st) if a.startswith("trade:")))   # tap another Fire Aura as the cost
    assert kind(st) == "swap"
    st.apply(f"swap:c{new}")                                   # and give up the one Odd Luck brought
    assert new in st.data.pool[0]                              # traded away
    assert st.data.owed[0] == 1
    st.apply("declare:lane3")
    deck_before = len(st.data.aura_deck[0])
    st.apply("declare:lane2")                                  # the round ends
    if kind(st) == "temp_return":
        st.apply(ids(st)[0])
    assert log_index(st, "temporary Aura returned") >= 0
    assert st.data.owed == [0, 0]
    assert len(st.data.aura_deck[0]) == deck_before + 1 - 1    # one back, then the Aura phase's draw


@pytest.mark.rule("MZL-ERRATA-TEMPAURA-5")
def test_no_obligation_if_no_aura_was_added():
    # empty Aura deck
    st = position(player(aura=["Fire Aura"], hand=["Odd Luck"], aura_deck=0), player(), [R, R, R, {}])
    play(st, "Odd Luck")
    assert st.data.owed[0] == 0 and len(st.data.aura_zone[0]) == 1
    # the 10-Aura cap
    st = position(player(aura=["Fire Aura"] * 10, hand=["Odd Luck"], aura_deck=3), player(), [R, R, R, {}])
    play(st, "Odd Luck")
    assert st.data.owed[0] == 0 and len(st.data.aura_zone[0]) == 10
    st.apply("declare:lane4")
    assert log_index(st, "temporary Aura") < 0


@pytest.mark.rule("MZL-ERRATA-TEMPAURA-5")
def test_player_chooses_the_primary_aura_to_put_back_tapped_or_untapped():
    st = position(player(aura=["Fire Aura", "Fire Aura"], hand=["Odd Luck"], aura_deck=3), player(), [R, R, {}, {}])
    play(st, "Odd Luck")                                       # one tapped (paid), two untapped
    _end_round(st, [3, 4])
    assert kind(st) == "temp_return" and decider(st) == 0
    offered = sorted(labels(st).values())
    assert any("(tapped)" in t for t in offered) and any("(tapped)" not in t for t in offered)
    tapped = next(a for a, t in labels(st).items() if "(tapped)" in t)
    st.apply(tapped)
    assert log_index(st, "P1 puts Fire Aura on top of their Aura deck") >= 0


@pytest.mark.rule("MZL-ERRATA-TEMPAURA-5")
def test_each_effect_creates_its_own_obligation():
    st = position(player(aura=["Fire Aura"] * 3, hand=["Odd Luck", "Odd Luck"], aura_deck=4), player(),
                  [R, {}, {}, {}])
    play(st, "Odd Luck")
    st.apply("declare:lane4")
    play(st, "Odd Luck")
    assert st.data.owed[0] == 2 and len(st.data.aura_deck[0]) == 2
    st.apply("declare:lane3")
    st.apply("declare:lane2")                                   # the round ends
    while kind(st) in ("temp_return", "__order_triggers"):
        st.apply(ids(st)[0])
    assert sum(1 for ln in st.log if "temporary Aura returned" in ln) == 2
    assert len(st.data.aura_deck[0]) == 2 + 2 - 1               # both back, then the Aura phase draws one


@pytest.mark.rule("MZL-ERRATA-TEMPAURA-5")
def test_allied_aura_given_up_in_a_reverse_trade_returns_to_the_supply():
    st = _luck_then_trade_all()
    supply = list(st.data.supply[0])
    zone_before = list(st.data.aura_zone[0])
    st.apply("declare:lane1")
    if kind(st) == "temp_return":
        st.apply(ids(st)[0])
    back = [a for a in st.data.supply[0] if a not in supply]
    assert len(back) == 1 and back[0] in zone_before and st.data.cards[back[0]].aura == "earth"


# ============================================================================ lane-restricted discounts
def _ridge(hand, aura=3, **p1):
    """Lane 1: Discount Ridge (Strategies affecting only creatures here cost 1 less)."""
    return position(player(aura=["Fire Aura"] * aura, hand=hand, deck_size=5, **p1), player(),
                    [{"terra": "Discount Ridge", "p1": ["Fire Pup", "Fire Brute"], "p2": ["Earth Pup"]},
                     {"terra": "Fire Starter", "p1": ["Fire Titan"]}])


def _cost(st, action_id):
    return next(a for a in st.legal_actions() if a.id == action_id).args.cost


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-1")
def test_discount_only_when_the_result_stays_inside_the_lane():
    st = _ridge(["Pump Two"])
    confined, full = play_id(st, "Pump Two", 1), play_id(st, "Pump Two")
    assert _cost(st, confined) == 1 and _cost(st, full) == 2
    assert play_id(st, "Pump Two", 2) not in ids(st)       # no discount in the other lanes
    play(st, "Pump Two", 1)
    # every choice is then a creature in lane 1 only
    assert sorted(a for a in ids(st) if a.startswith("target:")) == sorted(
        f"target:c{unit(st, n, 0, 1)}" for n in ("Fire Pup", "Fire Brute"))


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-2")
def test_may_card_qualifies_when_only_lane_creatures_are_chosen():
    st = _ridge(["Pump Two"])
    play(st, "Pump Two", 1)
    assert snap(st)["players"][0]["aura_untapped"] == 2     # paid 1
    pup = unit(st, "Fire Pup", 0, 1)
    target(st, pup)
    st.apply("done")                                        # "up to two": one is enough
    assert inf(st, pup) == 4 and inf(st, unit(st, "Fire Titan", 0, 2)) == 9
    assert is_action_turn(st, 1)


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-3")
def test_reaching_beyond_the_lane_means_full_cost():
    st = _ridge(["Pump Two"])
    play(st, "Pump Two")                                    # not confined: full cost
    assert snap(st)["players"][0]["aura_untapped"] == 1
    titan, pup = unit(st, "Fire Titan", 0, 2), unit(st, "Fire Pup", 0, 1)
    assert f"target:c{titan}" in ids(st)
    target(st, pup)
    target(st, titan)
    assert inf(st, titan) == 11 and inf(st, pup) == 4
    # the confined play can never reach lane 2
    st = _ridge(["Pump Two"])
    play(st, "Pump Two", 1)
    assert f"target:c{unit(st, 'Fire Titan', 0, 2)}" not in ids(st)


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-3")
def test_an_all_effect_reaching_other_lanes_gets_no_discount():
    # "all friendly creatures": with a friendly creature in lane 2 the result is not confined
    st = _ridge(["Pump All"])
    assert play_id(st, "Pump All", 1) not in ids(st)
    assert _cost(st, play_id(st, "Pump All")) == 2
    # with every friendly creature in lane 1 it does stay inside the lane
    st = position(player(aura=["Fire Aura"] * 3, hand=["Pump All"]), player(),
                  [{"terra": "Discount Ridge", "p1": ["Fire Pup", "Fire Brute"]}])
    assert _cost(st, play_id(st, "Pump All", 1)) == 1


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-4")
def test_choice_committed_before_paying_and_text_reaching_out_never_qualifies():
    # one untapped Aura: only the committed, confined play is affordable
    st = _ridge(["Pump Two", "Pump And Draw"], aura=1)
    legal = ids(st)
    assert play_id(st, "Pump Two", 1) in legal and play_id(st, "Pump Two") not in legal
    # "then draw a card" must reach outside the lane's creatures: never discounted
    assert not any(a.startswith(play_id(st, "Pump And Draw") + "@") for a in legal)
    st = _ridge(["Pump And Draw"])
    assert [a for a in ids(st) if a.startswith(play_id(st, "Pump And Draw"))] == [play_id(st, "Pump And Draw")]
    # the commitment comes first: once made, the cost is paid and the choices are confined
    st = _ridge(["Pump Two"], aura=1)
    start = len(st.log)
    play(st, "Pump Two", 1)
    i_play = log_index(st, "plays Pump Two (only creatures in lane 1) (cost 1)", start)
    i_pay = log_index(st, "taps Fire Aura to pay for Pump Two", start)
    assert 0 <= i_play < i_pay
    assert kind(st) == "target"
