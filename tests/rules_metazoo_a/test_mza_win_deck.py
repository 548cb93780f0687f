"""MZL-WIN (winning the game) and MZL-DECK (deck building)."""
from __future__ import annotations

import pytest

from support import ids
from support.metazoo import (FIRE_MAIN, GAME, mza_deck as deck, finish_round, hands, new_game, pos, problems,
                             unit_in_lane as unit)


def lone(mp1=0, mp2=0, **kw):
    """P1 has an uncontested creature in lane 1; P2 has nothing."""
    return pos({"mp": mp1}, {"mp": mp2}, [{"terra": "MZA Fire Start", "p1": ["Fire Pup"]}], **kw)


# ----------------------------------------------------------------- MZL-WIN
@pytest.mark.rule("MZL-WIN-1")
def test_missions_award_mp_and_only_the_mp_total_decides_the_game():
    # P2 has far more on the board, but P1's MP total is what decides the game
    s = pos({"mp": 28}, {"mp": 0, "hand": ["Fire Brute"] * 5},
            [{"p1": ["Fire Pup"], "p2": []},
             {"p2": ["Fire Brute", "Fire Brute", "Fire Brute"]},
             {"p2": ["Fire Brute"]}, {"p2": ["Fire Brute"]}])
    s.apply("declare:lane1")
    assert s.data.mp == [30, 0]
    assert s.is_terminal() and s.winner() == 0
    # winning a mission is how MP are scored
    s = lone(mp1=3)
    s.apply("declare:lane1")
    assert s.data.mp == [5, 0] and s.data.last_mission[3] == 0


@pytest.mark.rule("MZL-WIN-2")
def test_first_to_reach_30_wins_and_29_does_not():
    s = lone(mp1=27)
    s.apply("declare:lane1")
    assert s.data.mp[0] == 29 and not s.is_terminal()
    assert s.decision.kind == "action" and s.decision.player == 1
    s = lone(mp1=28)
    s.apply("declare:lane1")
    assert s.is_terminal() and s.winner() == 0
    assert "P1 wins with 30 MP against 0" in s.reason
    s = lone(mp1=29)  # "30 or more"
    s.apply("declare:lane1")
    assert s.data.mp[0] == 31 and s.winner() == 0


@pytest.mark.rule("MZL-WIN-3")
def test_win_is_checked_after_the_whole_lane_resolution_and_after_other_mp_changes():
    # P1 reaches 30 at the MP award (step 3), but the lane's Destruction (step 6) still
    # happens before the win check at the end of the resolution.
    # (P2's equipment is no creature, so the win is uncontested: +2)
    s = pos({"mp": 28}, {}, [{"p1": ["Fire Brute"], "p1_aura": ["Fire Aura"], "p2": ["Plain Gear"]}])
    s.apply("declare:lane1")
    assert s.data.mp[0] == 30
    assert not s.is_terminal()
    assert s.decision.kind == "destroy" and s.decision.player == 1
    s.apply(ids(s)[0])
    assert s.data.discard[1] and s.is_terminal() and s.winner() == 0
    # an MP change outside a mission: checked once that action has finished resolving
    s = pos({"mp": 28, "aura": ["Fire Aura"]}, {}, [{"p1": ["MZA Totem"]}])
    s.apply(f"ability:c{unit(s, 'MZA Totem', 1)}:0")
    assert s.data.mp[0] == 30 and s.is_terminal() and s.winner() == 0


@pytest.mark.rule("MZL-WIN-4")
def test_empty_decks_never_end_the_game():
    s = pos({"deck": [], "aura_deck": 0, "aura": ["Fire Aura"]}, {"deck": [], "aura_deck": 0},
            phase="round_start", round=3)
    assert not s.is_terminal()
    assert s.decision.kind == "action" and s.data.round == 3
    assert "P1 has no card left to draw" in s.log
    assert "P1's Aura deck is empty: no Aura is added (Aura phase)" in s.log
    finish_round(s)
    assert not s.is_terminal() and s.data.round == 4 and hands(s) == [0, 0]


# ----------------------------------------------------------------- MZL-DECK
@pytest.mark.rule("MZL-DECK-1")
def test_deck_needs_1_caster_2_starters_10_aura_and_50_main():
    assert problems(deck()) == []
    bad = problems(deck(starters=("MZA Fire Start",)))
    assert any("exactly 2 Starter Terras" in p for p in bad)
    bad = problems(deck(starters=("MZA Fire Start", "MZA Earth Start", "MZA Fire Start B")))
    assert any("exactly 2 Starter Terras" in p for p in bad)
    assert any("exactly 10 Aura" in p for p in problems(deck(aura=["Fire Aura"] * 9)))
    assert any("exactly 10 Aura" in p for p in problems(deck(aura=["Fire Aura"] * 11)))
    assert any("at least 50" in p for p in problems(deck(main=FIRE_MAIN[:49])))
    assert problems(deck(main=FIRE_MAIN + ("MZA Piasa Bird",))) == []  # 51: no maximum
    two = deck()
    two = type(two)("x", ("[caster] MZA Solo",) + two.cards)
    assert any("exactly 1 Caster" in p for p in problems(two))
    none = type(two)("x", tuple(c for c in deck().cards if not c.startswith("[caster]")))
    assert any("exactly 1 Caster" in p for p in problems(none))


@pytest.mark.rule("MZL-DECK-2")
def test_caster_sets_the_primary_type():
    earth_main = tuple(["Earth Pup"] * 3 + ["Thornback Boar"] * 3) + FIRE_MAIN[6:]
    # with a Fire/Earth Caster, Fire is primary: the Aura deck is Fire
    assert problems(deck("MZA Pyra")) == []
    bad = problems(deck("MZA Pyra", aura=["Earth Aura"] * 10))
    assert any("only the primary type Fire" in p for p in bad)
    # an Earth/Fire Caster makes Earth primary: the Fire Aura deck is now wrong
    bad = problems(deck("MZA Terran", starters=("MZA Earth Start", "MZA Fire Start"), main=earth_main))
    assert any("only the primary type Earth" in p for p in bad)
    assert problems(deck("MZA Terran", starters=("MZA Earth Start", "MZA Fire Start"), main=earth_main,
                         aura=["Earth Aura"] * 10)) == []
    # in play, the primary type is the Caster's: the Aura phase adds a Fire Aura for P1
    s = pos({"aura_deck": 3}, {"aura_deck": 3}, phase="round_start", round=2)
    assert [s.data.cards[a].name for a in s.data.aura_zone[0]] == ["Fire Aura"]
    assert [s.data.cards[a].name for a in s.data.aura_zone[1]] == ["Earth Aura"]


@pytest.mark.rule("MZL-DECK-3")
def test_allied_box_with_own_type_means_no_allied_type():
    assert GAME.pool["MZA Solo"].allied is None
    assert GAME.pool["MZA Pyra"].allied == "earth"
    with_earth = ("Thornback Boar",) + FIRE_MAIN[1:]
    assert problems(deck("MZA Pyra", main=with_earth)) == []
    bad = problems(deck("MZA Solo", starters=("MZA Fire Start", "MZA Fire Start B"), main=with_earth))
    assert any("'Thornback Boar' is a Earth card; this Caster allows Fire" in p for p in bad)
    # no allied type: no allied supply and no Trade Aura
    s = pos({"caster": "MZA Solo", "aura": ["Fire Aura", "Fire Aura"]})
    assert s.data.supply[0] == [] and not any(a.startswith("trade:") for a in ids(s))


@pytest.mark.rule("MZL-DECK-4")
def test_main_deck_cards_must_be_primary_or_allied():
    bad = problems(deck("MZA Pyra", main=("MZA Volt",) + FIRE_MAIN[1:]))
    assert any("Lightning card; this Caster allows Fire or Earth (MZL-DECK-4)" in p for p in bad)
    assert problems(deck("MZA Pyra", main=("Earth Pup",) + FIRE_MAIN[1:])) == []


@pytest.mark.rule("MZL-DECK-5")
def test_no_casters_or_aura_in_the_main_deck():
    bad = problems(deck(main=("MZA Solo",) + FIRE_MAIN[1:]))
    assert any("'MZA Solo' is a Caster" in p and "MZL-DECK-5" in p for p in bad)
    bad = problems(deck(main=("Fire Aura",) + FIRE_MAIN[1:]))
    assert any("'Fire Aura' is an Aura" in p and "MZL-DECK-5" in p for p in bad)


@pytest.mark.rule("MZL-DECK-6")
def test_at_most_three_copies_in_the_main_deck():
    assert FIRE_MAIN.count("Cinder Fox") == 3 and problems(deck()) == []
    bad = problems(deck(main=("Cinder Fox",) + FIRE_MAIN[1:] + ("Cinder Fox",)))
    assert any("4 copies of 'Cinder Fox'" in p for p in bad)


@pytest.mark.rule("MZL-DECK-7")
def test_copies_counted_by_exact_name_and_starter_terras_in_main_count():
    # three of each of two names that only share words: fine
    main = ("MZA Piasa Bird",) * 3 + ("MZA Piasa Bird the Territorial",) * 3 + FIRE_MAIN[6:]
    assert problems(deck(main=main)) == []
    # a Starter Terra in the main deck (not used as a starter) is limited to 3 copies
    main = ("MZA Fire Start B",) * 3 + FIRE_MAIN[3:]
    assert problems(deck(main=main)) == []
    main = ("MZA Fire Start B",) * 4 + FIRE_MAIN[3:]
    assert any("4 copies of 'MZA Fire Start B'" in p for p in problems(deck(main=main)))


@pytest.mark.rule("MZL-DECK-8")
def test_unique_limits_copies_in_play_not_in_the_deck():
    assert GAME.pool["Unique Hound"].unique
    main = ("Unique Hound",) * 3 + FIRE_MAIN[3:]
    assert problems(deck(main=main)) == []
    assert any("4 copies of 'Unique Hound'" in p for p in problems(deck(main=("Unique Hound",) * 4 + FIRE_MAIN[3:])))


@pytest.mark.rule("MZL-DECK-9")
def test_starter_terra_in_main_only_if_not_used_as_own_starter():
    main = ("MZA Fire Start",) + FIRE_MAIN[1:]
    bad = problems(deck(starters=("MZA Fire Start", "MZA Earth Start"), main=main))
    assert any("'MZA Fire Start' is one of your Starter Terras" in p for p in bad)
    assert problems(deck(starters=("MZA Fire Start B", "MZA Earth Start"), main=main)) == []
    # the opponent's choice of Starter Terras does not matter: both decks are legal together
    d1 = deck(starters=("MZA Fire Start B", "MZA Earth Start"), main=main, name="d1")
    d2 = deck(starters=("MZA Fire Start", "MZA Earth Start"), name="d2")
    s = new_game(d1, d2)
    assert s.decision.kind == "priority"


@pytest.mark.rule("MZL-DECK-10")
def test_only_terra_starter_may_be_a_starter_terra():
    bad = problems(deck(starters=("Fire Field", "MZA Earth Start")))
    assert any("'Fire Field' is not a 'Terra (Starter)'" in p for p in bad)
    bad = problems(deck(starters=("Fire Pup", "MZA Earth Start")))
    assert any("'Fire Pup' is not a 'Terra (Starter)'" in p for p in bad)


@pytest.mark.rule("MZL-DECK-11")
def test_allied_cards_in_main_need_one_primary_and_one_allied_starter():
    main = ("Earth Pup",) + FIRE_MAIN[1:]
    assert problems(deck(starters=("MZA Fire Start", "MZA Earth Start"), main=main)) == []
    bad = problems(deck(starters=("MZA Fire Start", "MZA Fire Start B"), main=main))
    assert any("1 primary and 1 allied (MZL-DECK-11)" in p for p in bad)


@pytest.mark.rule("MZL-DECK-12")
def test_starter_types_primary_or_allied_never_two_allied_same_card_twice_ok():
    # no allied cards in main: 2 primary, or 1 primary + 1 allied
    assert problems(deck(starters=("MZA Fire Start", "MZA Fire Start B"))) == []
    assert problems(deck(starters=("MZA Fire Start", "MZA Earth Start"))) == []
    # two copies of the same Starter Terra
    assert problems(deck(starters=("MZA Fire Start", "MZA Fire Start"))) == []
    # never 2 allied
    bad = problems(deck(starters=("MZA Earth Start", "MZA Earth Start")))
    assert any("both Starter Terras are allied" in p for p in bad)
    # a Starter Terra of neither type
    bad = problems(deck(starters=("MZA Fire Start", "MZA Bolt Start")))
    assert any("'MZA Bolt Start' is Lightning" in p for p in bad)


@pytest.mark.rule("MZL-DECK-13")
def test_aura_deck_is_ten_primary_aura():
    assert problems(deck(aura=["Fire Aura"] * 5 + ["MZA Fire Aura B"] * 5)) == []
    bad = problems(deck(aura=["Fire Aura"] * 9 + ["Earth Aura"]))
    assert any("'Earth Aura' is Earth; the Aura deck holds only the primary type Fire" in p for p in bad)
    bad = problems(deck(aura=["Fire Aura"] * 9 + ["Fire Pup"]))
    assert any("'Fire Pup' is not an Aura card" in p for p in bad)


@pytest.mark.rule("MZL-DECK-14")
def test_allied_aura_set_aside_outside_the_game_reached_only_by_trading():
    s = new_game(seed=2)
    d = s.data
    for p in (0, 1):
        assert d.supply[p] and all(d.cards[a].name == "Earth Aura" for a in d.supply[p])
        in_aura_deck = d.aura_deck[p] + d.aura_zone[p]
        assert all(d.cards[a].aura == "fire" for a in in_aura_deck)
    # a Caster without an allied type sets nothing aside
    s = new_game(deck("MZA Solo", starters=("MZA Fire Start", "MZA Fire Start B"), name="a"), seed=2)
    assert s.data.supply[0] == [] and len(s.data.supply[1]) == 10


@pytest.mark.rule("MZL-DECK-15")
def test_allied_supply_of_ten_and_a_primary_pool_that_receives_traded_aura():
    s = new_game(seed=1)
    assert [len(x) for x in s.data.supply] == [10, 10]
    assert [len(x) for x in s.data.pool] == [0, 0]
    s = pos({"aura": ["Fire Aura", "Fire Aura"]})
    assert len(s.data.supply[0]) == 10 and s.data.pool[0] == []
    s.apply(ids(s)[[i.startswith("trade:") for i in ids(s)].index(True)])
    s.apply([a for a in ids(s) if a.startswith("swap:")][0])
    assert len(s.data.supply[0]) == 9
    assert [s.data.cards[a].name for a in s.data.pool[0]] == ["Fire Aura"]
