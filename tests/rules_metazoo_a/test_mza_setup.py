"""MZL-SETUP (pre-game setup)."""
from __future__ import annotations

import pytest

from metatcg.engine.rng import Rng

from support import ids
from support.metazoo import FIRE_MAIN, mza_deck as deck, new_game, play, pos


def chooser_seed(p: int) -> int:
    for seed in range(40):
        if new_game(seed=seed).decision.player == p:
            return seed
    raise AssertionError("no seed")


def placements(s) -> list[tuple[int, int, str]]:
    """Answer every starter decision with its LAST option; return (lane, owner, name) of the
    four Terras once placed."""
    while s.decision.kind == "starter":
        s.apply(ids(s)[-1])
    d = s.data
    return [(ln + 1, d.owner[t], d.cards[t].name) for ln, t in enumerate(d.terra)]


# ----------------------------------------------------------------- setup steps
@pytest.mark.rule("MZL-SETUP-1")
def test_each_caster_starts_face_up_in_its_caster_zone():
    s = new_game(seed=3)
    d = s.data
    for p in (0, 1):
        c = d.caster[p]
        assert d.cards[c].name == "MZA Pyra" and d.owner[c] == p
        assert not d.caster_down[p] and c not in d.lane_of and d.caster_in_zone(p)
        assert f"P{p + 1} puts MZA Pyra face up in their Caster zone" in s.log


@pytest.mark.rule("MZL-SETUP-2")
def test_each_aura_deck_is_shuffled():
    mixed = ["Fire Aura"] * 5 + ["MZA Fire Aura B"] * 5
    orders = set()
    for seed in range(6):
        s = new_game(deck(aura=mixed, name="a"), deck(aura=mixed, name="b"), seed=seed)
        d = s.data
        assert "P1 shuffles their Aura deck" in s.log and "P2 shuffles their Aura deck" in s.log
        orders.add(tuple(d.cards[a].name for a in d.aura_zone[0] + d.aura_deck[0]))
    # the Aura deck does not stay in deck-list order
    assert len(orders) > 1 and tuple(mixed) not in orders


@pytest.mark.rule("MZL-SETUP-3")
def test_one_primary_aura_moves_from_the_aura_deck_to_the_aura_zone():
    s = new_game(seed=4)
    d = s.data
    assert s.decision.kind == "priority"  # setup itself, before any round
    for p in (0, 1):
        assert len(d.aura_zone[p]) == 1 and len(d.aura_deck[p]) == 9
        assert d.cards[d.aura_zone[p][0]].aura == "fire"  # the Caster's primary type
        assert d.aura_zone[p][0] not in d.aura_deck[p]


@pytest.mark.rule("MZL-SETUP-4")
def test_the_setup_aura_is_the_top_of_the_shuffled_aura_deck_and_untapped():
    mixed = ["Fire Aura"] * 5 + ["MZA Fire Aura B"] * 5
    for seed in (0, 7, 11):
        s = new_game(deck(aura=mixed, name="a"), seed=seed)
        d = s.data
        # P1's Aura deck instances are created right after the Caster and the 2 Starters
        aura_ids = list(range(3, 13))
        assert all(d.cards[i].type == "aura" for i in aura_ids)
        Rng(seed).shuffle(aura_ids)  # the first random event of the game
        assert d.aura_zone[0] == [aura_ids[0]]
        assert d.aura_deck[0] == aura_ids[1:]
        assert not set(d.aura_zone[0]) & d.tapped and len(d.aura_deck[0]) == 9


@pytest.mark.rule("MZL-SETUP-5")
def test_each_main_deck_is_shuffled():
    s = new_game(seed=5)
    d = s.data
    for p in (0, 1):
        assert f"P{p + 1} shuffles their deck" in s.log
        order = [d.cards[c].name for c in d.hand[p] + d.deck[p]]
        assert sorted(order) == sorted(FIRE_MAIN) and order != list(FIRE_MAIN)


@pytest.mark.rule("MZL-SETUP-6")
def test_opening_hand_of_five():
    s = new_game(seed=6)
    assert [len(h) for h in s.data.hand] == [5, 5]
    assert [len(x) for x in s.data.deck] == [45, 45]


@pytest.mark.rule("MZL-SETUP-7")
def test_no_mulligan_and_starter_terras_kept_aside():
    s = new_game(seed=7)
    hand0 = list(s.data.hand[0])
    assert ids(s) == ["priority:first", "priority:second"]  # no mulligan / redraw choice
    d = s.data
    for p in (0, 1):
        names = sorted(d.cards[t].name for t in d.starters[p])
        assert names == ["MZA Earth Start", "MZA Fire Start"]
        assert not set(d.starters[p]) & set(d.hand[p] + d.deck[p])
    s.apply("priority:first")
    placements(s)
    assert s.decision.kind == "action"
    assert s.data.hand[0][:5] == hand0  # the opening hand was kept as drawn
    assert not any("mulligan" in line.lower() for line in s.log)


@pytest.mark.rule("MZL-SETUP-8")
def test_a_random_player_chooses_priority_or_non_priority():
    choosers = {new_game(seed=seed).decision.player for seed in range(12)}
    assert choosers == {0, 1}
    for seed in (chooser_seed(0), chooser_seed(1)):
        s = new_game(seed=seed)
        r = s.decision.player
        assert s.decision.kind == "priority"
        assert f"P{r + 1} is picked at random to choose Priority or Non-Priority" in s.log
        a = s.clone()
        a.apply("priority:first")
        assert a.data.priority == r
        b = s.clone()
        b.apply("priority:second")
        assert b.data.priority == 1 - r


@pytest.mark.rule("MZL-SETUP-9")
def test_priority_player_acts_first_and_opponent_is_non_priority():
    for choice, expect in (("priority:first", 1), ("priority:second", 0)):
        s = new_game(seed=chooser_seed(1))
        s.apply(choice)
        assert s.data.priority == expect
        assert f"P{expect + 1} is the Priority player; P{2 - expect} is the Non-Priority player" in s.log
        placements(s)
        assert s.decision.kind == "action" and s.decision.player == expect
        assert s.data.active == expect


@pytest.mark.rule("MZL-SETUP-10")
def test_starter_terras_placed_one_at_a_time_alternating_priority_first():
    s = new_game(seed=chooser_seed(0))
    s.apply("priority:second")  # P2 has Priority
    order = []
    while s.decision.kind == "starter":
        order.append(s.decision.player)
        before = sum(1 for t in s.data.terra if t >= 0)
        s.apply(ids(s)[0])
        assert sum(1 for t in s.data.terra if t >= 0) >= before + 1  # one placement per choice
    # each player's first placement is a choice (two different Starters); their second is forced
    assert order == [1, 0]
    placed = [line for line in s.log if "places Starter Terra" in line]
    assert [line[:2] for line in placed] == ["P2", "P1", "P2", "P1"]
    assert all(t >= 0 for t in s.data.terra) and s.data.starters == [[], []]


@pytest.mark.rule("MZL-SETUP-11")
def test_priority_first_terra_goes_leftmost_non_priority_beside_it_and_so_on():
    s = new_game(seed=chooser_seed(1))
    s.apply("priority:first")  # P2 chose Priority
    lanes = placements(s)
    assert [owner for _, owner, _ in lanes] == [1, 0, 1, 0]
    placed = [line for line in s.log if "places Starter Terra" in line]
    assert placed[0].startswith("P2") and placed[0].endswith("in lane 1")
    assert placed[1].startswith("P1") and placed[1].endswith("in lane 2")
    assert placed[2].endswith("in lane 3") and placed[3].endswith("in lane 4")


@pytest.mark.rule("MZL-SETUP-12")
def test_lanes_1_to_4_are_p_n_p_n_and_each_player_picks_which_starter():
    s = new_game(seed=chooser_seed(0))
    s.apply("priority:first")  # P1 Priority
    assert s.decision.kind == "starter" and s.decision.player == 0
    opts = {s.data.cards[int(a.split(":c")[1])].name for a in ids(s)}
    assert opts == {"MZA Fire Start", "MZA Earth Start"}
    pick = [a for a in ids(s) if s.data.cards[int(a.split(":c")[1])].name == "MZA Earth Start"][0]
    s.apply(pick)  # P1 chooses its Earth Starter for lane 1
    assert s.decision.kind == "starter" and s.decision.player == 1
    pick = [a for a in ids(s) if s.data.cards[int(a.split(":c")[1])].name == "MZA Fire Start"][0]
    s.apply(pick)
    d = s.data
    got = [(d.owner[t], d.cards[t].name) for t in d.terra]
    assert got == [(0, "MZA Earth Start"), (1, "MZA Fire Start"), (0, "MZA Fire Start"), (1, "MZA Earth Start")]


@pytest.mark.rule("MZL-SETUP-13")
def test_setup_placement_costs_nothing():
    s = new_game(seed=chooser_seed(0))
    s.apply("priority:first")
    while s.decision.kind == "starter":
        assert not s.data.tapped  # no Aura was tapped for an earlier placement
        assert [len(z) for z in s.data.aura_zone] == [1, 1]
        s.apply(ids(s)[0])
    assert not any("taps" in line for line in s.log)
    # round 1 begins with both Aura untapped: nothing was paid
    assert s.decision.kind == "action"
    assert [len(z) for z in s.data.aura_zone] == [2, 2] and not s.data.tapped


@pytest.mark.rule("MZL-SETUP-14")
def test_setup_placement_is_not_playing_no_triggers_no_unique_check_placer_owns():
    # P1's Caster draws whenever a Terra is played; both Starters have an On Play draw
    # for each player; both players use the same Unique Starter Terra.
    d1 = deck("MZA Herald", starters=("MZA Herald Flats", "MZA Unique Start"), name="a")
    d2 = deck("MZA Herald", starters=("MZA Unique Start", "MZA Herald Flats"), name="b")
    s = new_game(d1, d2, seed=chooser_seed(0))
    s.apply("priority:first")
    lanes = placements(s)
    assert sorted(n for _, _, n in lanes) == ["MZA Herald Flats", "MZA Herald Flats",
                                              "MZA Unique Start", "MZA Unique Start"]
    # each Terra belongs to the player who placed it: P1 in lanes 1/3, P2 in lanes 2/4
    assert [o for _, o, _ in lanes] == [0, 1, 0, 1]
    # no On Play and no "when played" trigger: only the round-1 draw on top of 5 cards
    assert s.decision.kind == "action"
    assert [len(h) for h in s.data.hand] == [6, 6]
    # control: playing the same Terra from hand does set both off
    p = pos({"caster": "MZA Herald", "hand": ["MZA Herald Flats"], "aura": ["Fire Aura"]})
    play(p, "MZA Herald Flats", 1)
    while p.decision.kind != "action":
        p.apply(ids(p)[0])
    assert [len(h) for h in p.data.hand] == [2, 1]  # P1: Caster trigger + On Play; P2: On Play
