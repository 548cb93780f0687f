"""Metabaloids: every number of the catalog checked at its edge, so a rule that is off by one
fails a test (the starting hand, the deployment budget, the Draw Phase, the deck limits, the
rarity costs)."""
from __future__ import annotations

import pytest
from test_metabaloids_cards import CARDS, POOL, cheap, deck
from test_metabaloids_rules import GAME, cid, ids, pos

from metatcg.engine.decks import Deck
from metatcg.games.metabaloids.cards import parse_cards
from metatcg.games.metabaloids.deckcheck import check_deck, deck_points


@pytest.mark.rule("MB-SETUP-1")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_starting_hand_is_seven_cards_before_anyone_places(seats: int):
    decks = ["starter", "swarm", "titans", "wall"][:seats]
    for seed in range(3):
        st = GAME.new_state(decks, seed=seed)
        d = st.data
        assert st.decision.kind == "place" and d.phase == "setup" and not any(d.in_play(p) for p in range(seats))
        assert [len(h) for h in d.hand] == [7] * seats
        assert [len(p) for p in d.draw] == [45 - 7] * seats      # the cut took nothing


@pytest.mark.rule("MB-SETUP-3", "MB-SETUP-4")
def test_initial_deployment_stops_at_exactly_seven_points():
    st = pos({"hand": ["Draw Two", "Draw Three", "Sprig"], "points": 5, "columns": [["Spiker"], ["Glimmer"], []]},
             {"hand": ["Sprig"], "points": 7, "done": True, "columns": [["Dozer"], [], []]}, phase="setup")
    two, three, sprig = cid(st, "Draw Two"), cid(st, "Draw Three"), cid(st, "Sprig", 0)
    assert f"place:c{three}@3" not in ids(st)
    offered = {a.split("@")[0] for a in ids(st) if a.startswith("place:")}
    assert offered == {f"place:c{two}", f"place:c{sprig}"}      # 5 + 2 = 7 fits, 5 + 3 = 8 does not
    st.apply(f"place:c{two}@3")
    assert st.data.deploy_points[0] == 7 and st.data.deploy_done[0]   # reaching 7 ends placing
    assert st.data.phase != "setup" and st.data.turn == 1


@pytest.mark.rule("MB-DRAW-1", "MB-DRAW-2")
@pytest.mark.parametrize("held, after", [(6, 7), (7, 7), (8, 8)])
def test_the_draw_phase_tops_up_to_exactly_seven(held: int, after: int):
    st = pos({"hand": ["Pebble"] * held, "deck": ["Coin"] * 10, "columns": [["Spiker"], ["Sprig"], []]},
             {"columns": [["Dozer"], [], []]}, phase="draw")
    assert len(st.data.hand[0]) == after and len(st.data.draw[0]) == 10 - (after - held)


@pytest.mark.rule("MB-DECK-1", "MB-DECK-2", "MB-DECK-3", "MB-DECK-4", "MB-DECK-6", "MB-DECK-8", "MB-CARD-6")
def test_deck_limits_hold_at_the_edge_and_fail_one_past_it():
    assert check_deck(POOL, deck(cheap(45))) == [] and check_deck(POOL, deck(cheap(8))) == []
    assert [p[-11:] for p in check_deck(POOL, deck(cheap(46)))] == ["(MB-DECK-3)"]
    assert [p[-11:] for p in check_deck(POOL, deck(cheap(7)))] == ["(MB-DECK-8)"]
    four = cheap(8)
    assert four.count(four[0]) == 4 and check_deck(POOL, deck(four)) == []
    assert [p[-11:] for p in check_deck(POOL, deck(four + [four[0]]))] == ["(MB-DECK-4)"]
    # exactly 125 Rarity/Cost points in at most 45 cards, at most 4 of a name
    heavy = sorted((c for c in CARDS if c.cost >= 3 and not c.promo), key=lambda c: (-c.cost, c.name))
    big: list[str] = []
    for c in (c for c in heavy for _ in range(4)):
        if deck_points(POOL, Deck("t", tuple(big))) + c.cost <= 120:
            big.append(c.name)
    fill = [n for n in cheap(40) if n not in big]
    while deck_points(POOL, Deck("t", tuple(big))) < 124:
        big.append(fill.pop())
    assert deck_points(POOL, Deck("t", tuple(big))) == 124 and len(big) <= 43 and check_deck(POOL, deck(big)) == []
    ones = [n for n in fill if n not in big][-2:]
    ones = cheap(2)
    assert check_deck(POOL, deck(big + ones[:1])) == []                  # 125
    problems = check_deck(POOL, deck(big + ones))                       # 126
    assert problems == ["the deck's Rarity/Cost adds up to 126 points; at most 125 (MB-DECK-2)"]
    promo = next(c.name for c in CARDS if c.promo and c.cost == 1)
    assert [p[-11:] for p in check_deck(POOL, deck(big + [promo, ones[0]]))] == ["(MB-DECK-2)"]   # promos count


@pytest.mark.rule("MB-CARD-3", "MB-CARD-4", "MB-CARD-5")
def test_an_unprinted_cost_falls_back_to_one_to_four_by_rarity():
    for rarity, cost in (("common", 1), ("uncommon", 2), ("rare", 3), ("super_rare", 4)):
        (c,) = parse_cards(f'[[card]]\nname = "Bare"\ntype = "creature"\nrarity = "{rarity}"\n')
        assert c.cost == cost, rarity
    (c,) = parse_cards('[[card]]\nname = "Printed"\ntype = "creature"\nrarity = "common"\ncost = 2\n')
    assert c.cost == 2                                  # a printed number wins over the colour
