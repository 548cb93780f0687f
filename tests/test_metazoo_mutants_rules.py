"""MetaZoo (four-lane) rule checks that mutation testing showed nothing else pinned down:
lasting Influence losses, lane-restricted Strategy discounts, deck checks and the card
pool's own checks."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import CardDataError
from support import ids
from support.metazoo import FIRE_MAIN, GAME, mza_deck, play, play_id, player, problems

EXTRA = '''
[[card]]
name = "MZK Wither Pup"
type = "creature"
aura = "fire"
cost = 1
influence = 2
[[card.ability]]
kind = "continuous"
do = [{ op = "has_influence", amount = -1, target = { side = "rival", type = "creature", choose = "all" } }]

[[card]]
name = "MZK Pump Here"
type = "strategy"
aura = "fire"
cost = 2
[[card.ability]]
kind = "on_play"
do = [{ op = "give_influence", amount = 1, target = { side = "friendly", lane = "this", choose = "all" } }]

[[card]]
name = "MZK Duel Plan"
type = "strategy"
aura = "fire"
cost = 2
[[card.ability]]
kind = "on_play"
do = [{ op = "duel", fighter = { side = "friendly", choose = "one" }, target = { side = "rival", choose = "one" } }]
'''

G = GAME.with_cards(GAME.parse_cards(EXTRA, "mutants.toml"))


def _position(p1: dict, lanes: list, p2: dict | None = None):
    return G.position({"seed": 1, "player": [p1, p2 or player("Plain Earth Caster")], "lane": lanes,
                       "options": {"auto_single": False}})


# ============================================================================ lasting Influence loss
@pytest.mark.rule("MZL-CREATURE-3")
def test_a_lasting_minus_one_shatters_an_undamaged_one_influence_rival_creature():
    """Only a "has -X Influence" effect can bring an undamaged creature with Influence of its
    own to 0: the board check must look at every unit once such an effect is in play."""
    st = _position(player(aura=["Fire Aura"] * 2, hand=["MZK Wither Pup"]),
                   [{"terra": "Fire Starter", "p2": ["Zero Earth", "Earth Pup"]}])
    play(st, "MZK Wither Pup", 1)
    d = st.data
    assert [d.cards[c].name for c in d.discard[1]] == ["Zero Earth"]
    assert [d.cards[u].name for u in d.units[1]] == ["Earth Pup"]


# ============================================================================ lane-restricted discounts
def _cost(st, action_id: str) -> int:
    return next(a for a in st.legal_actions() if a.id == action_id).args.cost


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-3")
def test_an_all_effect_whose_creatures_are_all_in_a_later_lane_is_discounted_there():
    st = _position(player(aura=["Fire Aura"] * 3, hand=["Pump All"]),
                   [{"terra": "Fire Starter"}, {"terra": "Discount Ridge", "p1": ["Fire Pup", "Fire Brute"]}])
    assert _cost(st, play_id(st, "Pump All", 2)) == 1
    assert _cost(st, play_id(st, "Pump All")) == 2


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-3")
def test_an_all_effect_on_this_lane_reaching_an_equipment_gets_no_discount():
    """"All friendly units here" on a Strategy means the lane it is confined to: with only
    creatures there it qualifies; an Equipment there is affected too, so it does not."""
    st = _position(player(aura=["Fire Aura"] * 3, hand=["MZK Pump Here"]),
                   [{"terra": "Discount Ridge", "p1": ["Fire Pup"]}])
    assert _cost(st, play_id(st, "MZK Pump Here", 1)) == 1
    st = _position(player(aura=["Fire Aura"] * 3, hand=["MZK Pump Here"]),
                   [{"terra": "Discount Ridge", "p1": ["Fire Pup", "Plain Gear"]}])
    assert play_id(st, "MZK Pump Here", 1) not in ids(st)
    assert play_id(st, "MZK Pump Here") in ids(st)


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-4")
def test_a_duel_strategy_never_qualifies_for_a_lane_discount():
    st = _position(player(aura=["Fire Aura"] * 3, hand=["MZK Duel Plan"]),
                   [{"terra": "Discount Ridge", "p1": ["Fire Brute"], "p2": ["Earth Pup"]}])
    legal = ids(st)
    assert play_id(st, "MZK Duel Plan") in legal
    assert [a for a in legal if a.startswith(play_id(st, "MZK Duel Plan") + "@")] == []


# ============================================================================ deck checks
@pytest.mark.rule("MZL-DECK-4")
def test_a_token_in_the_main_deck_does_not_stop_the_check_of_the_cards_after_it():
    found = problems(mza_deck(main=("Z Drone", "Air Pup") + FIRE_MAIN[2:]))
    assert any("'Z Drone' is a token" in p for p in found)
    assert any("'Air Pup' is a Air card" in p for p in found)


# ============================================================================ the pool's own checks
def test_a_create_token_op_naming_a_card_that_is_no_token_is_refused():
    bad = GAME.parse_cards('''
[[card]]
name = "MZK Bad Maker"
type = "strategy"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_play"
do = [{ op = "create_token", token = "Fire Pup" }]
''', "bad.toml")
    with pytest.raises(CardDataError, match="create_token names 'Fire Pup', which is not a token card"):
        GAME.with_cards(bad)


def test_a_card_file_error_names_the_file():
    with pytest.raises(CardDataError, match="broken.toml"):
        GAME.parse_cards('[[card]]\nname = "MZK Broken"\ntype = "creature"\ncost = "x"\n', "broken.toml")


def test_equal_abilities_compare_equal_and_differ_from_other_records():
    a = GAME.parse_cards(EXTRA, "a.toml")
    b = GAME.parse_cards(EXTRA, "b.toml")
    assert a[0].abilities == b[0].abilities
    assert a[0].abilities[0] != a[1].abilities[0]
    assert a[0].abilities[0] != a[0].abilities[0].do[0]


# ============================================================================ card summaries
@pytest.mark.parametrize("name, line", [
    ("MZA Pyra", "MZA Pyra — Caster | Fire/Earth allied | cost 3 | Influence 3"),
    ("Discount Ridge", "Discount Ridge — Terra | Fire | cost 1 — Strategies whose effect affects only creatures "
                       "in this lane cost 1 less."),
    ("Fire Pup", "Fire Pup — Creature | Fire | cost 1 | Influence 2"),
    ("Fire Aura", "Fire Aura — Aura | Fire"),
])
def test_a_card_summary_reads_type_aura_cost_and_influence(name, line):
    assert GAME.pool[name].summary() == line
