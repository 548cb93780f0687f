"""Metabaloids rules, scenario style: mid-game positions built with ``game.position(spec)``
(stand-in cards in tests/support/metabaloids_cards), the worked examples MB-EX-1..4 exactly,
and one test or more per area of the catalog (MB-…)."""
from __future__ import annotations

from pathlib import Path

import pytest

import metatcg
from metatcg.engine.decks import Deck
from metatcg.games.metabaloids import grid
from metatcg.games.metabaloids.cards import parse_cards

CARDS = Path(__file__).parent / "support" / "metabaloids_cards" / "examples.toml"
GAME = metatcg.load_game("metabaloids").with_cards(parse_cards(CARDS.read_text(), str(CARDS)))


def pos(*players, **top):
    """A position: ``players`` are the [[player]] tables, P1 first; P1 is active by default.
    Forced decisions wait for their one option, so a test sees every step."""
    spec = {"turn": 3, "active": 0, "first": 0, "phase": "attack", "player": list(players),
            "options": {"auto_single": False}}
    spec.update(top)
    return GAME.position(spec)


def cid(st, name, seat=None, zone=None):
    """The id of the first card called ``name`` (of ``seat``, in ``zone`` if given)."""
    d = st.data
    for c, cd in enumerate(d.cards):
        if cd.name != name or (seat is not None and d.owner[c] != seat):
            continue
        if zone is None:
            return c
        p = d.owner[c]
        z = d.in_play(p) if zone == "play" else getattr(d, zone)[p]
        if c in z:
            return c
    raise AssertionError(f"no {name} (seat {seat}, {zone})")


def ids(st):
    return [a.id for a in st.legal_actions()]


def names(st, zone, seat):
    return [st.data.cards[c].name for c in getattr(st.data, zone)[seat]]


def cols(st, seat):
    d = st.data
    return [[d.cards[c].name for c in col] for col in d.columns[seat]]


def play(st, *aids):
    for a in aids:
        assert a in ids(st), f"{a} not in {ids(st)}"
        st.apply(a)


def safe_names(st, seat):
    d = st.data
    return sorted(d.cards[c].name for c in d.in_play(seat) if c in d.safe)


HAND = ["Pebble", "Coin"]   # keeps the restock decision open after a battle (Coin pays for Pebble)


# --------------------------------------------------------------------------- worked examples
def _ex1():
    """MB-EX-1 up to the attack: Ann has chosen Spiker and Thornhog and owes the 1 point."""
    st = pos({"hand": ["Fernlet", *HAND], "deck": ["Draw Three"] + ["Pebble"] * 9,
              "columns": [["Spiker", "Mossback"], ["Glimmer"], []]},
             {"deck": ["Draw One"] + ["Pebble"] * 9, "columns": [["Thornhog", "Puffling"], ["Dozer"], []]})
    assert "done" not in ids(st)                      # the attack is mandatory
    play(st, f"attack:c{cid(st, 'Spiker')}")
    assert st.decision.kind == "target"               # the attacking card first, then the target
    play(st, f"target:c{cid(st, 'Thornhog')}")
    return st


@pytest.mark.rule("MB-EX-1", "MB-ATK-4", "MB-ATK-6", "MB-ATK-7", "MB-ATK-10", "MB-PAY-4", "MB-PAY-8", "MB-RES-3")
def test_ex1_the_attack_is_chosen_paid_then_marked():
    st = _ex1()
    fernlet = cid(st, "Fernlet")
    assert st.decision.kind == "pay" and st.decision.params.left == 1 and st.data.battle is None
    assert {"pay:top", f"pay:c{fernlet}"} <= set(ids(st))
    assert any("1 wasted" in a.label for a in st.legal_actions() if a.id == f"pay:c{fernlet}")
    play(st, f"pay:c{fernlet}")
    paid = st.log.index("P1 discards Fernlet (Metabaloids 2) to pay for starting a battle (MB-PAY-8)")
    marked = st.log.index("P1 attacks: Spiker (left column) against P2's Thornhog (left column); both turn sideways")
    drawn = st.log.index("P1 draws Draw Three for the battle: +3")
    assert paid < marked < drawn                      # choose, pay, mark, draw
    assert names(st, "discard", 0)[0] == "Fernlet"      # the payment goes onto the discard pile
    assert st.data.lost[0] == [] and names(st, "lost", 1) == ["Thornhog"]   # only the losing side loses


@pytest.mark.rule("MB-TOT-1", "MB-TOT-2", "MB-TOT-3", "MB-TOT-4", "MB-TOT-7", "MB-RES-1", "MB-RES-5", "MB-CARD-8")
def test_ex1_totals_add_the_drawn_cost_to_every_card_of_the_column():
    st = _ex1()
    play(st, f"pay:c{cid(st, 'Fernlet')}")
    assert len(st.data.draw[0]) == 9 and len(st.data.draw[1]) == 9        # one card each
    assert "P1 draws Draw Three for the battle: +3" in st.log and "P2 draws Draw One for the battle: +1" in st.log
    # 3 + Spiker 4 (the marked card counts) + Mossback 1; 1 + Thornhog 4 + Puffling 2
    assert "Battle totals: P1 attack 8, P2 defense 7" in st.log
    assert "P1 wins the battle by 1 (MB-RES-1/5)" in st.log


@pytest.mark.rule("MB-LOSS-1", "MB-LOSS-3", "MB-LOSS-5", "MB-ZONE-7", "MB-ZONE-8", "MB-TOT-6", "MB-RES-7", "MB-CARD-10")
def test_ex1_the_target_is_lost_even_below_its_defense_and_nothing_more():
    st = _ex1()
    play(st, f"pay:c{cid(st, 'Fernlet')}")
    assert names(st, "lost", 1) == ["Thornhog"]        # 1 damage < Defense 4: lost all the same
    assert st.decision.kind == "restock"               # no card losses: nothing left over
    assert names(st, "discard", 1) == ["Draw One"] and names(st, "discard", 0) == ["Fernlet", "Draw Three"]
    assert st.data.battle is None and st.view(0)["battle"] is None     # Spiker is upright again
    puffling = next(c for col in st.view(0)["players"][1]["columns"] for c in col if c["name"] == "Puffling")
    assert puffling["defense"] == 2                    # no damage is kept on a card
    # damage equal to the Defense: lost with nothing over (MB-LOSS-3); one more leaves 1 to pay
    for column, left in ((["Ripjaw"], 0), (["Ripjaw", "Sprig"], 1)):
        st = pos({"hand": ["Fernlet", *HAND], "deck": ["Draw Four", "Pebble"], "columns": [column, ["Glimmer"], []]},
                 {"deck": ["Pebble", "Pebble"], "columns": [["Thornhog"], [], []]})
        play(st, f"attack:c{cid(st, 'Ripjaw')}", f"target:c{cid(st, 'Thornhog')}", f"pay:c{cid(st, 'Fernlet')}")
        assert f"P1 wins the battle by {4 + left}" in " ".join(st.log) and names(st, "lost", 1) == ["Thornhog"]
        assert (st.decision.kind, getattr(st.decision.params, "left", 0)) == (("lose", 1) if left else ("restock", 0))


@pytest.mark.rule("MB-SAFE-1", "MB-SAFE-2", "MB-SAFE-4", "MB-SAFE-5")
def test_ex1_the_rest_of_the_column_stays_safe_across_turns():
    st = _ex1()
    play(st, f"pay:c{cid(st, 'Fernlet')}")
    assert safe_names(st, 1) == ["Puffling"] and safe_names(st, 0) == []
    from metatcg.games.metabaloids.battle import fighters
    assert [st.data.cards[c].name for c in fighters(st.data, 1)] == ["Dozer"]   # B1 cannot be attacked
    play(st, "done")                                   # Ann ends her turn; Bo's turn begins
    assert st.data.active == 1 and safe_names(st, 1) == ["Puffling"]    # safety did not wear off
    while st.decision.kind != "attack":
        st.apply(st.legal_actions()[-1].id if st.decision.kind != "abilities" else "done")
    assert [a.id for a in st.legal_actions()] == [f"attack:c{cid(st, 'Dozer')}"]   # Puffling cannot attack


@pytest.mark.rule("MB-EX-2", "MB-RES-2", "MB-RES-6", "MB-TOT-5", "MB-PAY-7", "MB-PAY-10")
def test_ex2_a_tie_loses_both_drawn_cards():
    st = pos({"hand": ["Fernlet", *HAND], "deck": ["Coin", "Draw Four", "Pebble"], "columns": [[], ["Glimmer"], []]},
             {"deck": ["Draw Three", "Pebble"], "columns": [[], ["Dozer"], []]})
    play(st, f"attack:c{cid(st, 'Glimmer')}", f"target:c{cid(st, 'Dozer')}", "pay:top")
    assert "Battle totals: P1 attack 6, P2 defense 6" in st.log
    assert names(st, "lost", 0) == ["Draw Four"] and names(st, "lost", 1) == ["Draw Three"]
    assert names(st, "discard", 0) == ["Coin"]          # the paid card stays spent
    assert cols(st, 0) == [[], ["Glimmer"], []] and cols(st, 1) == [[], ["Dozer"], []]
    assert not st.data.safe and st.data.battle is None
    assert st.data.attacked == [1] and st.data.attacks == 1 and not st.data.penalty


def _ex3():
    """MB-EX-3 up to Bo's card losses: 9 damage, Sprig (Def 1) lost, 8 points left."""
    st = pos({"hand": ["Fernlet", *HAND], "deck": ["Draw Two", "Pebble"],
              "columns": [["Spiker", "Mossback", "Ripjaw"], ["Glimmer"], ["Sprout"]]},
             {"hand": ["Shellback", "Twig"], "discard": ["Pebble", "Bramble", "Twig"],
              "deck": ["Nib"] + ["Pebble"] * 19,
              "columns": [["Thornhog", "Puffling"], ["Dozer"], ["Sprig"]]})
    play(st, f"attack:c{cid(st, 'Ripjaw')}", f"target:c{cid(st, 'Sprig')}", f"pay:c{cid(st, 'Fernlet')}")
    return st


@pytest.mark.rule("MB-EX-3", "MB-LOSS-2", "MB-LOSS-4", "MB-CL-1", "MB-CL-2", "MB-CL-4", "MB-TOT-6", "MB-CL-9")
def test_ex3_damage_past_the_defense_is_paid_by_cards_from_anywhere():
    st = _ex3()
    assert "Battle totals: P1 attack 12, P2 defense 3" in st.log
    assert len(st.data.draw[1]) == 19 and names(st, "discard", 1)[-1] == "Nib"   # drawn card on top first
    assert names(st, "lost", 1) == ["Sprig"]
    # 9 damage, Sprig's own Defense 1 (not the column's 3) absorbs 1: 8 left, Bo pays
    assert st.current_player() == 1 and st.decision.kind == "lose" and st.decision.params.left == 8
    assert f"lose:c{cid(st, 'Twig', 1, 'hand')}" not in ids(st)   # Defense 0 only from the discard pile
    play(st, f"lose:c{cid(st, 'Shellback')}")
    assert st.decision.params.left == 5 and names(st, "lost", 1) == ["Sprig", "Shellback"]   # its Defense 3


@pytest.mark.rule("MB-CL-3", "MB-CL-5", "MB-CL-6", "MB-CL-7", "MB-CL-8", "MB-CL-12", "MB-SAFE-7", "MB-GRID-8")
def test_ex3_the_discard_top_is_forced_and_draw_pile_cards_pay_one_point_each():
    st = _ex3()
    play(st, f"lose:c{cid(st, 'Shellback')}")
    sources = {a.split(":")[1] if not a.startswith("lose:c") else "hand" for a in ids(st)}
    assert sources == {"discard", "top"}                # Twig in hand has Defense 0; never the play area
    assert "Nib" in st.legal_actions()[0].label        # the discard pile's top card, nothing else
    play(st, "lose:discard")                            # Nib, 1
    play(st, "lose:discard")                            # Twig, 0: lost all the same
    assert st.decision.params.left == 4
    play(st, "lose:discard")                            # Bramble, 2
    play(st, "lose:top")
    assert st.decision.params.left == 1 and len(st.data.draw[1]) == 18   # an unseen card: 1 point
    play(st, "lose:top")
    assert st.decision.kind != "lose"                   # covered: no further card
    assert names(st, "lost", 1) == ["Sprig", "Shellback", "Nib", "Twig", "Bramble", "Pebble", "Pebble"]
    assert len(st.data.draw[1]) == 17
    assert cols(st, 1) == [["Thornhog", "Puffling"], ["Dozer"], []] and not st.data.safe   # B3 is gone
    assert all(grid.legal_shape(st.data, p) for p in (0, 1))
    assert st.data.battle is None and st.current_player() == 0


@pytest.mark.rule("MB-EX-4", "MB-RES-4", "MB-SAFE-8", "MB-SAFE-6", "MB-CL-5", "MB-CL-8")
def test_ex4_the_attacker_loses_and_pays_from_draw_pile_and_hand():
    st = pos({"hand": ["Seedling", "Shellback", *HAND], "deck": ["Dewdrop"] + ["Pebble"] * 14,
              "columns": [["Spiker"], ["Glimmer", "Sprout"], []]},
             {"deck": ["Draw Three", "Pebble"], "columns": [["Thornhog", "Puffling"], [], []]})
    play(st, f"attack:c{cid(st, 'Glimmer')}", f"target:c{cid(st, 'Puffling')}", f"pay:c{cid(st, 'Seedling')}")
    assert "Battle totals: P1 attack 4, P2 defense 9" in st.log
    assert len(st.data.draw[0]) == 14 and names(st, "discard", 0) == ["Seedling", "Dewdrop"]
    assert names(st, "lost", 0) == ["Glimmer"] and st.decision.params.left == 3
    play(st, "lose:top", "lose:top")
    assert len(st.data.draw[0]) == 12 and st.decision.params.left == 1
    play(st, f"lose:c{cid(st, 'Shellback')}")
    assert len(st.data.lost[0]) == 4 and names(st, "lost", 0)[-1] == "Shellback"
    assert safe_names(st, 0) == ["Sprout"] and safe_names(st, 1) == []
    from metatcg.games.metabaloids.battle import fighters
    assert [st.data.cards[c].name for c in fighters(st.data, 0)] == ["Spiker"]   # Bo can only attack A1


# --------------------------------------------------------------------------- setup
def _deck(cards):
    return Deck("t", tuple(cards))


@pytest.mark.rule("MB-SETUP-5", "MB-SETUP-6", "MB-SETUP-8", "MB-SETUP-9", "MB-SETUP-10", "MB-GRID-7", "MB-EVT-5")
def test_setup_deals_seven_and_players_place_up_to_seven_points_in_turn_order():
    st = GAME.new_state(["starter", "swarm", "titans"], seed=11)
    d = st.data
    assert st.decision.kind == "place" and st.current_player() == d.first     # no mulligan first
    seen = []
    while d.phase == "setup":
        seen.append(st.current_player())
        for a in st.legal_actions():
            if a.id != "done":
                c = a.args.card
                assert d.cards[c].is_creature and d.deploy_points[st.current_player()] + d.cards[c].cost <= 7
        acts = [a for a in st.legal_actions() if a.id != "done"]
        st.apply((acts[0] if acts else st.legal_actions()[0]).id)
        assert all(grid.legal_shape(d, p) for p in range(3))
    assert seen[:3] == [d.first, (d.first + 1) % 3, (d.first + 2) % 3][:len(seen[:3])]
    assert all(pts <= 7 for pts in d.deploy_points) and all(d.deploy_done)
    # turn 1's Draw Phase is over (Use Abilities passes by itself when no card can use one)
    assert d.turn == 1 and d.active == d.first and d.phase in ("abilities", "move")
    assert len(d.hand[d.first]) == 7          # drew up to 7 in turn 1's Draw Phase


@pytest.mark.rule("MB-SETUP-2", "MB-SETUP-7", "MB-CARD-5")
def test_the_cut_picks_the_highest_rarity_cost():
    low = _deck(["Pebble"] * 4 + ["Dewdrop"] * 4)
    high = _deck(["Draw Four"] * 4 + ["Boulder"] * 4)
    for seed in range(4):
        st = GAME.new_state([low, high], seed=seed)
        assert st.data.first == 1
        assert any("reveals a Rarity/Cost 4 card" in line for line in st.log)


@pytest.mark.rule("MB-SETUP-2")
def test_tied_cuts_cut_again_and_a_long_tie_is_broken_at_random():
    same = _deck(["Pebble"] * 4 + ["Dewdrop"] * 4)
    firsts = set()
    for seed in range(8):
        st = GAME.new_state([same, same], seed=seed)
        assert any("cut again" in line for line in st.log)
        assert any("picked at random (PR-MB-2)" in line for line in st.log)
        firsts.add(st.data.first)
    assert firsts == {0, 1}


@pytest.mark.rule("MB-TURN-1", "MB-TURN-2")
def test_a_turn_runs_all_six_phases_in_order_even_with_nothing_to_do():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Pebble"] * 9, "columns": [["Spiker"], [], []]},
             {"deck": ["Draw One"] * 9, "columns": [["Dozer"], [], []]}, phase="draw", turn=1)
    while st.data.active == 0:
        st.apply("done" if "done" in ids(st) else st.legal_actions()[0].id)
    draw = next(i for i, line in enumerate(st.log) if line.startswith("P1 draws Pebble, Pebble"))
    phases = [line[4:] for line in st.log[draw:] if line.startswith("P1: ")]
    assert phases == ["Use Abilities", "Move Cards", "Deploy From Reserve", "Attack Phase",
                      "Restock Reserve / End Turn"]       # Deploy too, with an empty reserve; no menu clicks
    assert names(st, "lost", 1) == ["Dozer"]           # the attack was made, even in turn 1


# --------------------------------------------------------------------------- draw, pay, restock
@pytest.mark.rule("MB-DRAW-1", "MB-DRAW-2", "MB-ZONE-6", "MB-ZONE-12")
def test_draw_phase_draws_up_to_seven_only():
    two = [["Spiker"], ["Sprig"], []]
    st = pos({"hand": ["Pebble"] * 3, "deck": ["Coin"] * 10, "columns": two},
             {"columns": [["Dozer"], [], []]}, phase="draw")
    assert len(st.data.hand[0]) == 7 and len(st.data.draw[0]) == 6
    st = pos({"hand": ["Pebble"] * 9, "deck": ["Coin"] * 10, "columns": two},
             {"columns": [["Dozer"], [], []]}, phase="draw")
    assert len(st.data.hand[0]) == 9 and len(st.data.draw[0]) == 10


@pytest.mark.rule("MB-RESTOCK-1", "MB-RESTOCK-2", "MB-PAY-1", "MB-PAY-2", "MB-PAY-6", "MB-PAY-9", "MB-PAY-11",
                  "MB-ZONE-3")
def test_restock_pays_from_hand_one_card_at_a_time_and_excess_is_lost():
    st = pos({"hand": ["Boulder", "Big Coin", "Coin", "Sprig"], "columns": [["Spiker"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="restock")
    boulder, big, coin, sprig = (cid(st, n) for n in ("Boulder", "Big Coin", "Coin", "Sprig"))
    assert {f"restock:c{boulder}", f"restock:c{sprig}", "done"} <= set(ids(st))
    play(st, f"restock:c{boulder}")
    assert "pay:top" not in ids(st)                       # restocking is paid from hand only
    assert f"pay:c{boulder}" not in ids(st)               # a card never pays for itself
    play(st, f"pay:c{big}")
    assert st.decision.kind == "pay" and st.decision.params.left == 1
    play(st, f"pay:c{coin}")
    assert names(st, "reserve", 0) == ["Boulder"] and names(st, "discard", 0) == ["Big Coin", "Coin"]
    assert st.decision.kind == "restock" and f"restock:c{sprig}" not in ids(st)   # nothing left to pay with


@pytest.mark.rule("MB-PAY-5", "MB-PAY-8", "MB-RESTOCK-3", "MB-CARD-9")
def test_excess_points_are_wasted_not_saved():
    st = pos({"hand": ["Sprig", "Pebble", "Big Coin"], "columns": [["Spiker"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="restock")
    play(st, f"restock:c{cid(st, 'Sprig')}")
    assert any("2 wasted" in a.label for a in st.legal_actions())
    play(st, f"pay:c{cid(st, 'Big Coin')}")      # Metabaloids 3 pays all of the 1 at once
    assert st.decision.kind == "restock" and f"restock:c{cid(st, 'Pebble')}" not in ids(st)


@pytest.mark.rule("MB-RESTOCK-4", "MB-RESTOCK-5")
def test_several_creatures_are_restocked_each_paid_on_its_own():
    st = pos({"hand": ["Sprig", "Pebble", "Coin", "Coin"], "columns": [["Spiker"], [], []]},
             {"hand": ["Pebble"] * 7, "deck": ["Pebble"] * 3, "columns": [["Dozer"], [], []]}, phase="restock")
    play(st, f"restock:c{cid(st, 'Sprig')}")
    assert st.decision.params.left == 1
    play(st, ids(st)[0])                               # one Coin pays Sprig's 1 point
    assert st.decision.kind == "restock" and f"restock:c{cid(st, 'Pebble')}" in ids(st)
    play(st, f"restock:c{cid(st, 'Pebble')}")
    assert st.decision.params.left == 1                # nothing carried over: the other Coin pays
    play(st, ids(st)[0])
    assert names(st, "reserve", 0) == ["Sprig", "Pebble"] and names(st, "hand", 0) == []
    assert [c["name"] for c in st.view(1)["players"][0]["reserve"]] == ["Sprig", "Pebble"]   # face up
    play(st, "done")
    assert st.data.active == 1 and names(st, "reserve", 0) == ["Sprig", "Pebble"]


# --------------------------------------------------------------------------- moving and the grid
@pytest.mark.rule("MB-MOVE-1", "MB-MOVE-2", "MB-MOVE-4", "MB-MOVE-5", "MB-PAY-3", "MB-PAY-7", "MB-GRID-9",
                  "MB-DEPLOY-7")
def test_moves_cost_one_point_from_anywhere_and_keep_the_grid_legal():
    st = pos({"hand": ["Big Coin"], "deck": ["Pebble"] * 5,
              "columns": [["Spiker", "Mossback"], [{"name": "Glimmer", "safe": True}], []]},
             {"columns": [["Dozer"], [], []]}, phase="move")
    spiker, glimmer = cid(st, "Spiker"), cid(st, "Glimmer")
    assert not any(a.startswith(f"move:c{glimmer}") for a in ids(st))        # safe cards stay
    # Spiker may join Glimmer (width 2, depth 2) or start the right column (width 3)
    assert {f"move:c{spiker}@2", f"move:c{spiker}@3"} <= set(ids(st))
    play(st, f"move:c{spiker}@3")
    assert {"pay:top", f"pay:c{cid(st, 'Big Coin')}"} == set(ids(st)) and st.decision.params.left == 1
    assert any("2 wasted" in a.label for a in st.legal_actions())          # a move is paid on its own
    play(st, "pay:top")
    assert cols(st, 0) == [["Mossback"], ["Glimmer"], ["Spiker"]] and len(st.data.draw[0]) == 4
    assert st.decision.kind == "move"


@pytest.mark.rule("MB-GRID-1", "MB-GRID-2", "MB-GRID-3", "MB-GRID-4", "MB-GRID-5", "MB-GRID-6", "MB-ZONE-2")
def test_no_column_deeper_than_the_width_except_with_a_tall_card():
    st = pos({"reserve": ["Sprig", "Sprout"], "columns": [["Spiker"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="deploy")
    sprig = cid(st, "Sprig")
    assert f"deploy:c{sprig}@1" not in ids(st)            # 1 column: depth 1 only
    assert {f"deploy:c{sprig}@2", f"deploy:c{sprig}@3"} <= set(ids(st))
    st = pos({"reserve": ["Sprig"], "columns": [["Test Tower"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="deploy")
    assert f"deploy:c{cid(st, 'Sprig')}@1" in ids(st)     # tall: one deeper than the width


@pytest.mark.rule("MB-DEPLOY-1", "MB-DEPLOY-3", "MB-DEPLOY-4", "MB-DEPLOY-6", "MB-DEPLOY-8", "MB-ZONE-5")
def test_reserve_cards_all_deploy_and_what_cannot_fit_is_lost():
    full = [["Pebble"] * 3, ["Pebble"] * 3, ["Pebble"] * 2]
    st = pos({"reserve": ["Sprig", "Sprout"], "columns": full, "hand": HAND},
             {"columns": [["Dozer"], [], []]}, phase="deploy")
    sprig, sprout = cid(st, "Sprig"), cid(st, "Sprout")
    assert set(ids(st)) == {f"deploy:c{sprig}@3", f"deploy:c{sprout}@3"}   # the owner chooses which fits
    play(st, f"deploy:c{sprout}@3")
    assert names(st, "lost", 0) == ["Sprig"] and names(st, "reserve", 0) == []
    assert cols(st, 0)[2] == ["Pebble", "Pebble", "Sprout"]
    assert st.data.phase == "attack"                   # the last card out of the reserve ends deploying


@pytest.mark.rule("MB-ZONE-4", "MB-DEPLOY-2")
def test_reserve_cards_wait_for_deploy_and_deployed_cards_stay_in_their_column():
    st = pos({"reserve": ["Sprig"], "hand": ["Coin", *HAND], "deck": ["Pebble"] * 9,
              "columns": [["Spiker", "Mossback"], ["Glimmer"], []]},
             {"hand": ["Pebble"] * 7, "deck": ["Draw One"] * 9, "columns": [["Dozer"], [], []]}, phase="move")
    assert cols(st, 0)[0] == ["Spiker", "Mossback"]
    sprig = cid(st, "Sprig")
    assert any(a.startswith("move:") for a in ids(st))
    assert not any(a.startswith(f"move:c{sprig}") for a in ids(st))     # not movable from the reserve
    play(st, "done", f"deploy:c{sprig}@2")
    assert cols(st, 0) == [["Spiker", "Mossback"], ["Glimmer", "Sprig"], []]
    while not (st.data.active == 0 and st.data.phase == "move"):     # round to Ann's next Move Cards
        st.apply(st.legal_actions()[0].id if st.decision.kind != "restock" else "done")
    assert "Sprig" in cols(st, 0)[1] and names(st, "reserve", 0) == []


@pytest.mark.rule("MB-DEPLOY-9", "MB-SAFE-4", "MB-SAFE-6", "MB-ATK-5", "MB-ATK-8")
def test_reinforcement_ends_safety_only_in_that_column():
    st = pos({"reserve": ["Sprig"], "hand": ["Coin", *HAND],
              "columns": [[{"name": "Spiker", "safe": True}], [{"name": "Glimmer", "safe": True}], []]},
             {"columns": [["Dozer"], [], []]}, phase="deploy")
    play(st, f"deploy:c{cid(st, 'Sprig')}@1")
    assert safe_names(st, 0) == ["Glimmer"]
    # the opponent can still attack: Spiker and Sprig are upright again
    assert st.decision.kind == "attack"


@pytest.mark.rule("MB-ATK-5", "MB-ATK-8", "MB-CL-10", "MB-SAFE-6")
def test_no_legal_attack_costs_one_card_from_anywhere_once():
    st = pos({"hand": ["Twig", "Coin"], "deck": ["Pebble"] * 3, "columns": [["Spiker"], [], []]},
             {"columns": [[{"name": "Dozer", "safe": True}], [], []]})
    assert st.decision.kind == "lose" and st.decision.params.cards
    assert f"lose:c{cid(st, 'Twig')}" in ids(st) and "lose:top" in ids(st)   # any card: Defense 0 too
    play(st, f"lose:c{cid(st, 'Twig')}")
    assert names(st, "lost", 0) == ["Twig"] and st.data.penalty and st.data.attacks == 0


@pytest.mark.rule("MB-ATK-1", "MB-ATK-3", "MB-ATK-11", "MB-ATK-2", "MB-ATK-9")
def test_several_opponents_may_each_be_attacked_once():
    st = pos({"hand": ["Big Coin", "Big Coin", *HAND], "deck": ["Draw One"] * 4, "columns": [["Spiker"], [], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Thornhog"], [], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Twig", "Pebble"], ["Dozer"], []]})
    assert "done" not in ids(st)
    spiker = cid(st, "Spiker")
    play(st, f"attack:c{spiker}", f"target:c{cid(st, 'Thornhog')}", f"pay:c{cid(st, 'Big Coin')}")
    assert "Battle totals: P1 attack 5, P2 defense 5" in st.log          # a tie
    assert st.data.attacked == [1] and st.decision.kind == "attack" and "done" in ids(st)
    play(st, f"attack:c{spiker}")
    assert all(st.data.owner[a.args.card] == 2 for a in st.legal_actions())   # P2 was attacked already
    play(st, f"target:c{cid(st, 'Dozer')}", f"pay:c{cid(st, 'Big Coin', 0, 'hand')}")
    assert names(st, "lost", 2) == ["Dozer"]                # 1 + 4 = 5 against 1 + 3 = 4
    assert st.data.attacked == [1, 2] and st.data.attacks == 2
    assert st.decision.kind == "restock"                   # nobody left to attack


# --------------------------------------------------------------------------- special rules
@pytest.mark.rule("MB-SPEC-1", "MB-SPEC-2", "MB-RESTOCK-5", "MB-DEPLOY-5")
def test_an_empty_play_area_at_the_end_of_the_turn_loses_two_from_the_draw_pile():
    st = pos({"hand": ["Pebble"] * 7, "deck": ["Coin", "Twig", "Sprig", "Pebble"], "reserve": ["Spiker"]},
             {"hand": ["Pebble"] * 7, "columns": [["Dozer"], [], []], "deck": ["Pebble"] * 5}, phase="restock")
    play(st, "done")
    assert names(st, "lost", 0) == ["Coin", "Twig"] and st.data.active == 1


@pytest.mark.rule("MB-SPEC-3", "MB-SPEC-4", "MB-ABIL-1", "MB-ABIL-2")
def test_a_dig_that_finds_no_creature_is_unfinished_and_costs_a_card():
    st = pos({"hand": ["Coin", "Pebble"], "deck": ["Test Insight", "Pebble"], "columns": [["Test Digger"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="abilities")
    digger = cid(st, "Test Digger")
    play(st, f"use:c{digger}")
    assert st.decision.kind == "lose" and st.decision.params.cards
    assert st.data.top_known[0] == cid(st, "Test Insight")
    play(st, f"lose:c{cid(st, 'Pebble')}")
    assert names(st, "lost", 0) == ["Pebble"] and digger in st.data.used
    assert f"use:c{digger}" not in ids(st)                 # used for the round all the same
    st = pos({"hand": ["Coin"], "deck": ["Sprig", "Pebble"], "columns": [["Test Digger"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="abilities")
    play(st, f"use:c{cid(st, 'Test Digger')}")
    assert names(st, "reserve", 0) == ["Sprig"] and not st.data.lost[0]


# --------------------------------------------------------------------------- abilities and Events
@pytest.mark.rule("MB-ABIL-1", "MB-ABIL-6", "MB-ABIL-7", "MB-ABIL-9", "MB-PAY-10")
def test_any_time_abilities_work_in_other_turns_once_per_round():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
             {"hand": ["Big Coin", "Pebble"], "deck": ["Pebble"] * 5, "columns": [["Test Drawer"], [], []]},
             phase="move")
    drawer = cid(st, "Test Drawer")
    # the window at the start of Move Cards asks P2 (the active P1 just left Use Abilities)
    assert st.current_player() == 1 and set(ids(st)) == {f"use:c{drawer}", "pass"}
    play(st, f"use:c{drawer}", "pay:top")
    assert len(st.data.hand[1]) == 3 and drawer in st.data.used
    # after it resolves the window starts again from the active player: P1 has nothing, P2 nothing left
    assert st.current_player() == 0 and st.decision.kind == "move"


@pytest.mark.rule("MB-ABIL-5", "MB-SAFE-3", "MB-ABIL-8")
def test_safe_cards_and_reserve_cards_use_no_abilities():
    st = pos({"hand": ["Coin"], "deck": ["Pebble"] * 5, "reserve": ["Test Drawer"],
              "columns": [[{"name": "Test Drawer", "safe": True}], ["Spiker"], []]},
             {"columns": [["Dozer"], [], []]}, phase="abilities")
    assert st.decision.kind == "abilities" and ids(st) == ["done"]


@pytest.mark.rule("MB-TOT-8", "MB-ABIL-3", "MB-EVT-3", "MB-EVT-4", "MB-EVT-6", "MB-ABIL-10")
def test_bonus_window_attack_abilities_and_events_swing_the_battle():
    st = pos({"hand": ["Big Coin", "Coin", *HAND], "deck": ["Draw One"] * 3,
              "columns": [["Test Booster", "Test Banner"], [], []]},
             {"hand": ["Test Surge", "Coin"], "deck": ["Draw One"] * 3, "columns": [["Dozer", "Mossback"], [], []]})
    booster, surge = cid(st, "Test Booster"), cid(st, "Test Surge")
    play(st, f"attack:c{booster}", f"target:c{cid(st, 'Dozer')}", f"pay:c{cid(st, 'Coin')}")
    # draws: 1 + (1+1) + 2 (banner) = 5 against 1 + 3 + 3 = 7; the attacker may boost first
    assert st.current_player() == 0 and f"use:c{booster}" in ids(st)
    play(st, f"use:c{booster}", f"pay:c{cid(st, 'Big Coin')}")
    assert st.data.battle.abonus == 3
    # the window starts again from the attacker, who has nothing left: the defender is asked
    assert st.current_player() == 1 and set(ids(st)) == {f"event:c{surge}", "pass"}
    play(st, f"event:c{surge}", f"pay:c{cid(st, 'Coin', 1)}")
    assert "Battle totals: P1 attack 8, P2 defense 9" in st.log
    # the Event waited in the event area for the battle, then went to the discard pile before the drawn card
    assert names(st, "events", 1) == [] and names(st, "discard", 1)[-2:] == ["Test Surge", "Draw One"]
    assert names(st, "lost", 0)[0] == "Test Booster"


@pytest.mark.rule("MB-EVT-1", "MB-EVT-2", "MB-EVT-4", "MB-PAY-10", "MB-PAY-11")
def test_an_event_is_paid_from_hand_does_its_text_and_is_discarded():
    st = pos({"hand": ["Test Insight", "Coin"], "deck": ["Sprig", "Pebble", "Pebble"],
              "columns": [["Spiker"], [], []]}, {"columns": [["Dozer"], [], []]}, phase="abilities")
    ev = cid(st, "Test Insight")
    play(st, f"event:c{ev}")
    assert ids(st) == [f"pay:c{cid(st, 'Coin')}"]          # from hand only, never the Event itself
    play(st, f"pay:c{cid(st, 'Coin')}")
    assert "Test Insight" in names(st, "discard", 0) and "Sprig" in names(st, "hand", 0)


@pytest.mark.rule("MB-ABIL-1", "MB-DEPLOY-6")
def test_on_deploy_and_when_lost_abilities_trigger():
    st = pos({"reserve": ["Test Herald"], "hand": ["Coin", *HAND], "deck": ["Sprig"] * 4,
              "columns": [["Spiker"], [], []]},
             {"deck": ["Draw One"] * 4, "hand": ["Pebble"], "columns": [["Test Martyr"], [], []]}, phase="deploy")
    hand0 = len(st.data.hand[0])
    play(st, f"deploy:c{cid(st, 'Test Herald')}@2")
    assert len(st.data.hand[0]) == hand0 + 1
    play(st, f"attack:c{cid(st, 'Spiker')}", f"target:c{cid(st, 'Test Martyr')}", f"pay:c{cid(st, 'Coin')}")
    assert "Test Martyr" in names(st, "lost", 1) and len(st.data.hand[1]) == 2


# --------------------------------------------------------------------------- endings and reshuffles
@pytest.mark.rule("MB-WIN-1", "MB-WIN-5", "MB-DRAW-3", "MB-SHUF-3")
def test_two_players_a_required_draw_from_nothing_loses():
    st = pos({"hand": ["Pebble"] * 7, "columns": [["Spiker"], [], []], "deck": ["Pebble"] * 3},
             {"hand": ["Pebble"], "deck": ["Coin"], "columns": [["Dozer"], [], []]}, phase="draw", active=1)
    assert st.is_terminal() and st.returns() == [1.0, -1.0] and "MB-WIN-1" in st.reason


@pytest.mark.rule("MB-WIN-6", "MB-TOT-9")
def test_both_players_out_of_cards_at_once_is_a_draw():
    from metatcg.games.metabaloids.turn import out_of_cards
    st = pos({"hand": ["Coin"], "deck": [], "columns": [["Spiker"], [], []]},
             {"deck": [], "columns": [["Dozer"], [], []]})
    out_of_cards(st, [0, 1])
    assert st.is_terminal() and st.returns() == [0.0, 0.0] and "MB-WIN-6" in st.reason
    # the defender alone has nothing to draw for the battle: the attacker wins at once
    st = pos({"hand": ["Coin"], "deck": [], "columns": [["Spiker"], [], []]},
             {"deck": [], "columns": [["Dozer"], [], []]})
    play(st, f"attack:c{cid(st, 'Spiker')}", f"target:c{cid(st, 'Dozer')}", f"pay:c{cid(st, 'Coin')}")
    assert st.is_terminal() and st.returns() == [1.0, -1.0] and st.data.battle is not None


@pytest.mark.rule("MB-WIN-2", "MB-WIN-7", "MB-WIN-8", "MB-WIN-4", "MB-WIN-10")
def test_three_players_fewest_lost_cards_and_ties_are_a_wash():
    def ending(lost):
        st = pos({"hand": ["Pebble"], "deck": [], "lost": lost[0], "columns": [["Spiker"], [], []]},
                 {"lost": lost[1], "columns": [["Dozer"], [], []]},
                 {"lost": lost[2], "columns": [["Dozer"], [], []]}, phase="draw")
        assert st.is_terminal()
        return st.returns()
    assert ending([5, 2, 3]) == [-1.0, 1.0, -1.0]
    assert ending([5, 2, 2]) == [-1.0, 0.0, 0.0]


@pytest.mark.rule("MB-WIN-3", "MB-WIN-9", "MB-SHUF-4", "MB-TOT-9")
def test_short_game_ends_after_the_turn_a_draw_pile_empties():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw Two"], "discard": ["Pebble"], "columns": [["Ripjaw"], [], []],
              "lost": 1},
             {"deck": [], "discard": ["Pebble"], "columns": [["Sprig"], [], []], "lost": 3}, short_game=True)
    play(st, f"attack:c{cid(st, 'Ripjaw')}", f"target:c{cid(st, 'Sprig')}", f"pay:c{cid(st, 'Coin')}")
    assert any("+0" in line for line in st.log)           # P2 draws nothing: adds 0
    assert st.data.emptied and not st.is_terminal()
    while st.decision.kind == "lose":
        st.apply(st.legal_actions()[0])
    assert len(st.data.draw[1]) == 0 and st.data.discard[1] == []   # never reshuffled in the short game
    assert st.decision.kind == "restock"
    play(st, "done")
    assert st.is_terminal() and st.returns() == [1.0, -1.0] and "MB-WIN-3" in st.reason


@pytest.mark.rule("MB-SHUF-1", "MB-SHUF-2", "MB-SHUF-3", "MB-ZONE-9")
def test_the_discard_pile_is_reshuffled_as_soon_as_the_draw_pile_is_empty():
    st = pos({"hand": ["Pebble"] * 5, "deck": ["Coin"], "discard": ["Sprig", "Twig"], "lost": ["Dozer"],
              "columns": [["Spiker"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="draw")
    d = st.data
    assert len(d.hand[0]) == 7 and names(st, "lost", 0) == ["Dozer"]
    assert len(d.draw[0]) + len(d.discard[0]) == 1 and not d.discard[0]


@pytest.mark.rule("MB-ZONE-1", "MB-ZONE-10", "MB-ZONE-11")
def test_views_hide_hands_and_draw_piles():
    st = pos({"hand": ["Fernlet"], "deck": ["Draw Three"], "reserve": ["Sprig"], "columns": [["Spiker"], [], []]},
             {"hand": ["Shellback"], "deck": ["Draw One"], "columns": [["Dozer"], [], []]})
    v = st.view(1)
    me, other = v["players"][1], v["players"][0]
    assert other["hand"] is None and other["hand_count"] == 1 and other["draw_count"] == 1
    assert [c["name"] for c in other["reserve"]] == ["Sprig"] and me["hand"][0]["name"] == "Shellback"
    text = str(v)
    assert "Fernlet" not in text and "Draw Three" not in text and "Draw One" not in text


@pytest.mark.rule("MB-CL-9", "MB-CL-11")
def test_losses_with_nothing_left_are_ignored():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw Four"] * 2, "columns": [["Ripjaw"], [], []]},
             {"hand": ["Twig"], "deck": ["Draw One"], "columns": [["Sprig"], [], []]})
    play(st, f"attack:c{cid(st, 'Ripjaw')}", f"target:c{cid(st, 'Sprig')}", f"pay:c{cid(st, 'Coin')}")
    # 4+5 = 9 against 1+1 = 2: 7 damage, Sprig absorbs 1; Twig (Def 0) never pays from hand
    while st.decision.kind == "lose":
        assert f"lose:c{cid(st, 'Twig')}" not in ids(st)
        st.apply(st.legal_actions()[0])
    assert "Twig" in names(st, "hand", 1)
    assert any("the rest is ignored" in line for line in st.log)


# --------------------------------------------------------------------------- the greedy bot's evaluation
def test_greedy_attacks_a_column_it_can_beat_and_boosts_a_battle_it_would_lose():
    from metatcg.bots import GreedyBot
    st = pos({"hand": ["Big Coin", *HAND], "deck": ["Draw One"] * 4, "columns": [["Spiker"], ["Sprout"], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Thornhog", "Mossback"], ["Sprig"], []]})
    for seed in range(3):
        bot = GreedyBot(seed)
        s = st.clone()
        assert bot.choose(s.handle(0)).id == f"attack:c{cid(s, 'Spiker')}"
        s.apply(f"attack:c{cid(s, 'Spiker')}")
        assert bot.choose(s.handle(0)).id == f"target:c{cid(s, 'Sprig')}"
    # 1 + 1 + 1 = 3 against 1 + 3 = 4: the +3 of the Booster turns the battle
    st = pos({"hand": ["Big Coin", "Coin", *HAND], "deck": ["Draw One"] * 4,
              "columns": [["Test Booster"], [], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Dozer"], [], []]})
    play(st, f"attack:c{cid(st, 'Test Booster')}", f"target:c{cid(st, 'Dozer')}", f"pay:c{cid(st, 'Coin')}")
    assert set(ids(st)) == {f"use:c{cid(st, 'Test Booster')}", "pass"}
    assert GreedyBot(1).choose(st.handle(0)).id.startswith("use:")


# --------------------------------------------------------------------------- more of the catalog
@pytest.mark.rule("MB-TURN-3", "MB-SETUP-9")
def test_the_next_seat_in_turn_order_plays_next():
    st = pos({"hand": HAND, "columns": [["Spiker"], [], []]}, {"columns": [["Dozer"], [], []]},
             {"hand": ["Pebble"] * 7, "columns": [["Dozer"], ["Sprig"], []]}, phase="restock", active=1)
    play(st, "done")
    assert st.data.active == 2 and st.data.turn == 4 and st.decision.kind == "abilities"


@pytest.mark.rule("MB-ABIL-4", "MB-ABIL-9")
def test_an_ability_resolves_completely_before_anything_else_is_used():
    st = pos({"hand": ["Coin", "Test Insight", "Coin"], "deck": ["Sprig"] * 4,
              "columns": [["Test Drawer"], [], []]}, {"columns": [["Dozer"], [], []]}, phase="abilities")
    play(st, f"use:c{cid(st, 'Test Drawer')}")
    assert st.decision.kind == "pay" and not any(a.startswith(("use:", "event:")) for a in ids(st))
    play(st, f"pay:c{cid(st, 'Coin')}")
    assert st.decision.kind == "abilities" and "Sprig" in names(st, "hand", 0)
    assert f"event:c{cid(st, 'Test Insight')}" in ids(st)


@pytest.mark.rule("MB-MOVE-3")
def test_a_card_effect_moves_a_card_for_free():
    st = pos({"hand": ["Coin"], "columns": [["Test Shifter", "Spiker"], ["Glimmer"], []]},
             {"columns": [["Dozer"], [], []]}, phase="abilities")
    play(st, f"use:c{cid(st, 'Test Shifter')}")
    assert st.decision.kind == "choose"
    play(st, f"shift:c{cid(st, 'Spiker')}@3")
    assert cols(st, 0) == [["Test Shifter"], ["Glimmer"], ["Spiker"]]
    assert names(st, "hand", 0) == ["Coin"] and st.decision.kind == "abilities"     # nothing paid


@pytest.mark.rule("MB-CARD-13", "MB-EVT-5", "MB-ZONE-11")
def test_only_creatures_go_into_the_reserve_and_the_play_area():
    st = pos({"hand": ["Test Surge", "Pebble", "Big Coin"], "columns": [["Spiker"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="restock")
    assert not any(a == f"restock:c{cid(st, 'Test Surge')}" for a in ids(st))
    with pytest.raises(metatcg.engine.errors.StateDataError, match="Event"):
        pos({"columns": [["Test Surge"], [], []]}, {"columns": [["Dozer"], [], []]})


def test_forced_choices_say_why_in_the_deciders_log_only():
    st = GAME.position({"turn": 3, "active": 0, "first": 0, "phase": "attack",
                        "player": [{"hand": ["Pebble"], "deck": ["Draw One"] * 3, "columns": [["Spiker"], [], []]},
                                   {"deck": ["Draw One"] * 3, "columns": [["Dozer"], [], []]}]})
    line = ("(only choice) Pay 1 point with the top card of your draw pile (unseen): "
            "no card in your hand has Metabaloids")
    assert line in st.log_for(0) and line not in st.log_for(1)


def test_determinize_keeps_what_everyone_saw():
    from metatcg.engine.rng import Rng
    st = pos({"hand": ["Coin", "Pebble"], "deck": ["Test Insight"] + ["Pebble", "Sprig", "Twig"] * 3,
              "columns": [["Test Digger"], [], []]}, {"hand": ["Shellback", "Twig"], "columns": [["Dozer"], [], []]},
             phase="abilities")
    play(st, f"use:c{cid(st, 'Test Digger')}")
    top = st.data.top_known[0]
    assert top >= 0
    for seed in range(5):
        for p in (0, 1):
            s = GAME.determinize(st, p, Rng(seed))
            assert s.data.draw[0][-1] == top
            assert sorted(s.data.hand[p]) == sorted(st.data.hand[p])
            s.data.check()


@pytest.mark.rule("MB-GRID-8", "MB-GRID-7")
def test_a_column_left_too_deep_by_losses_is_tolerated_but_gains_nothing():
    st = pos({"reserve": ["Sprig"], "hand": HAND, "columns": [["Spiker", "Mossback", "Ripjaw"], ["Glimmer"], []]},
             {"columns": [["Dozer"], [], []]}, phase="deploy")
    sprig = cid(st, "Sprig")
    assert not grid.legal_shape(st.data, 0)              # 3 deep with 2 columns, after a loss
    assert f"deploy:c{sprig}@1" not in ids(st)            # it may not gain a card
    assert {f"deploy:c{sprig}@2", f"deploy:c{sprig}@3"} <= set(ids(st))
    play(st, f"deploy:c{sprig}@3")
    assert grid.legal_shape(st.data, 0)                  # a third column makes it legal again


@pytest.mark.rule("MB-WIN-9", "MB-CL-7")
def test_short_game_losses_cannot_come_from_an_empty_draw_pile():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw Four", "Pebble"], "columns": [["Ripjaw"], [], []]},
             {"hand": ["Shellback"], "deck": ["Draw One"], "discard": ["Bramble"], "columns": [["Sprig"], [], []]},
             short_game=True)
    play(st, f"attack:c{cid(st, 'Ripjaw')}", f"target:c{cid(st, 'Sprig')}", f"pay:c{cid(st, 'Coin')}")
    assert st.decision.kind == "lose" and "lose:top" not in ids(st)
    assert st.data.draw[1] == [] and st.data.emptied


@pytest.mark.rule("MB-ABIL-1")
def test_a_pass_in_a_window_is_logged():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
             {"hand": ["Big Coin", "Pebble"], "deck": ["Pebble"] * 5, "columns": [["Test Drawer"], [], []]},
             phase="move")
    assert st.current_player() == 1
    play(st, "pass")
    assert st.log[-1] == "P2 passes" and st.current_player() == 0 and st.decision.kind == "move"
