"""MX-DECK: deck construction."""
from __future__ import annotations

import pytest

from metatcg.engine.decks import Deck
from metatcg.engine.errors import DeckError
from metax_a_support import BASE, GAME


def deck(extra=(), words=("Insight", "Surge"), size=40, name="t"):
    """``extra`` plus basic filler (3 per Stat/Rank of the ``words`` Stats) up to ``size`` cards."""
    fill = [f"{w} {r}" for w in words for r in range(1, 8) for _ in range(3)]
    cards = list(extra) + fill[: size - len(extra)]
    assert len(cards) == size
    return Deck(name, tuple(cards))


def problems(d, game=GAME):
    return game.check_deck(d)


@pytest.mark.rule("MX-DECK-1")
def test_exactly_40_cards():
    assert problems(deck()) == []
    for d in (deck(size=39), Deck("t", deck().cards + ("Brawl 1",))):
        pr = problems(d)
        assert len(pr) == 1 and "MX-DECK-1" in pr[0]
    with pytest.raises(DeckError, match="MX-DECK-1"):
        GAME.new_state([deck(size=39), deck()], seed=1)


@pytest.mark.rule("MX-DECK-2")
def test_at_most_three_copies_of_a_character():
    assert problems(deck(["T Striker"] * 3)) == []
    pr = problems(deck(["T Striker"] * 4))
    assert len(pr) == 1 and "MX-DECK-2" in pr[0]


@pytest.mark.rule("MX-DECK-3")
def test_at_most_three_copies_of_an_event():
    assert problems(deck(["Sudden Insight"] * 3)) == []
    pr = problems(deck(["Sudden Insight"] * 4))
    assert len(pr) == 1 and "MX-DECK-3" in pr[0]


@pytest.mark.rule("MX-DECK-4")
def test_at_most_three_single_stat_cards_per_stat_and_rank_whatever_their_effects():
    # Brawl 5 and Sundering Parry are both Strength Rank 5
    assert problems(deck(["Brawl 5"] * 2 + ["Sundering Parry"])) == []
    pr = problems(deck(["Brawl 5"] * 2 + ["Sundering Parry"] * 2))
    assert len(pr) == 1 and "MX-DECK-4" in pr[0] and "Rank 5 Strength" in pr[0]
    # "no more than three Rank 7 Intelligence": the filler already holds 3 Insight 7
    pr = problems(deck(["Insight 7"], words=("Insight", "Surge", "Brawl")))
    assert len(pr) == 1 and "Rank 7 Intelligence" in pr[0]
    # a different Stat or a different Rank has its own limit
    assert problems(deck(["Brawl 5"] * 3 + ["Brawl 4"] * 3, words=("Surge", "Insight"))) == []
    assert problems(deck(["Brawl 5"] * 3, words=("Insight", "Surge"))) == []  # holds 3 Insight 5 too


@pytest.mark.rule("MX-DECK-5", "MX-MULTI-4")
def test_at_most_three_multi_stat_cards_per_rank_whatever_their_stats():
    assert problems(deck(["T Multi SI 5", "T Multi IS 5", "Prism Burst"])) == []
    pr = problems(deck(["T Multi SI 5", "T Multi IS 5", "Prism Burst", "T Multi SS 5"]))
    assert len(pr) == 1 and "MX-DECK-5" in pr[0] and "Rank 5 Multi-Stat" in pr[0]
    # a different Rank has its own limit
    assert problems(deck(["T Multi SI 5"] * 3 + ["T Multi SI 3"] * 3)) == []


@pytest.mark.rule("MX-DECK-6")
def test_starter_decks_hold_effectless_basic_battle_cards_and_mix_is_not_required():
    for nm in BASE.starter_deck_names():
        d = BASE.starter_deck(nm)
        assert BASE.check_deck(d) == []
        assert any(BASE.pool[c].is_battle and not BASE.pool[c].effects for c in d.cards)
    # a deck of nothing but basic Battle Cards is legal (the mix is advice)
    only_battle = deck(words=("Brawl", "Insight"))
    assert all(GAME.pool[c].is_battle and not GAME.pool[c].effects for c in only_battle.cards)
    assert problems(only_battle) == []


@pytest.mark.rule("MX-DECK-7")
def test_any_given_card_means_the_same_full_title():
    alt = GAME.with_cards(GAME.parse_cards(
        '[[card]]\nname = "Ironclad Paragon – Second Dawn"\ntype = "character"\ntrait = "Vanguard"\n'
        'mp = 2\nstats = { strength = 7, intelligence = 3, special = 5 }\n'))
    d = deck(["Ironclad Paragon"] * 3 + ["Ironclad Paragon – Second Dawn"] * 3)
    assert alt.check_deck(d) == []
    pr = alt.check_deck(deck(["Ironclad Paragon"] * 4 + ["Ironclad Paragon – Second Dawn"] * 2))
    assert len(pr) == 1 and "'Ironclad Paragon'" in pr[0]


@pytest.mark.rule("MX-DECK-8")
def test_multi_stat_cards_count_only_toward_the_multi_limit():
    d = deck(["Insight 5"] * 3 + ["T Multi SI 5", "T Multi IS 5", "Prism Burst"],
             words=("Brawl", "Surge"))
    assert problems(d) == []


@pytest.mark.rule("MX-DECK-9")
def test_no_other_limits_and_illegal_decks_are_refused_before_the_game():
    no_characters = deck()
    assert not any(GAME.pool[c].is_character for c in no_characters.cards)
    s = GAME.new_state([no_characters, no_characters], seed=2)
    assert s.decision.kind == "mulligan"
    bad = deck(["Sudden Insight"] * 4)
    for decks in ([bad, no_characters], [no_characters, bad]):  # both decks are checked
        with pytest.raises(DeckError, match="MX-DECK-3"):
            GAME.new_state(decks, seed=2)
    with pytest.raises(DeckError, match="unknown card"):
        GAME.new_state([deck(["No Such Card"]), no_characters], seed=2)
