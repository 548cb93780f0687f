"""Metabaloids rules no other test pinned down (issue 28, mutation survivors): whose draw pile a
burn may hit, Events paid from hand, an action left unfinished by its own payment, what a
window offers and in which order, the grid's tall-card depth, the end of initial deployment,
the battle's totals kept while losses are paid, and the short-game table option."""
from __future__ import annotations

import pytest
from test_metabaloids_battle_changes import attack
from test_metabaloids_cards import all_op_names
from test_metabaloids_rules import GAME, HAND, cid, ids, names, play, pos

import metatcg
from metatcg.games.metabaloids import grid

REAL = metatcg.load_game("metabaloids")


def loads_back(st) -> None:
    assert GAME.state_from_json(st.to_json_text()).to_json() == st.to_json()


# ----------------------------------------------------------------- burn
@pytest.mark.rule("MB-SPEC-4")
def test_a_burn_offers_each_opponent_with_cards_to_lose_and_never_its_own_player():
    three = pos({"hand": ["Coin", "Coin"], "columns": [["Lamplight Banshee"], [], []]},
                {"deck": ["Pebble"] * 3}, {"deck": ["Pebble"] * 3}, phase="abilities")
    play(three, f"use:c{cid(three, 'Lamplight Banshee')}", "pay:top", "pay:top")
    assert ids(three) == ["burn:P2", "burn:P3"]
    play(three, "burn:P3")
    assert names(three, "lost", 2) == ["Pebble"] and len(three.data.draw[2]) == 2 and three.data.lost[1] == []
    # an opponent with neither draw nor discard pile cannot be hit: with none, no activation at all
    empty = pos({"hand": ["Coin", "Coin"], "columns": [["Lamplight Banshee"], [], []]},
                {"deck": []}, phase="abilities")
    assert f"use:c{cid(empty, 'Lamplight Banshee')}" not in ids(empty)


@pytest.mark.rule("MB-TOT-8")
def test_a_battle_foe_burn_hits_only_the_other_side_of_the_battle():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw One"] * 4, "columns": [["Ravenous Ghoul"], [], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Dozer"], [], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Thornhog"], [], []]})
    play(st, f"attack:c{cid(st, 'Ravenous Ghoul')}", f"target:c{cid(st, 'Dozer')}",
         f"pay:c{cid(st, 'Coin', 0, 'hand')}")
    play(st, f"use:c{cid(st, 'Ravenous Ghoul')}", "pay:top", "pay:top")
    assert ids(st) == ["burn:P2"]


def test_an_event_burning_each_opponent_takes_the_top_cards_of_every_opponent():
    st = pos({"hand": ["Metabolic Meltdown", *["Coin"] * 4], "deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
             {"deck": ["Draw One", "Draw Two", "Pebble"]}, {"deck": ["Draw Three", "Draw Four", "Pebble"]},
             phase="abilities")
    play(st, f"event:c{cid(st, 'Metabolic Meltdown')}")
    for _ in range(4):
        play(st, f"pay:c{cid(st, 'Coin', 0, 'hand')}")
    assert names(st, "lost", 1) == ["Draw One", "Draw Two"] and names(st, "lost", 2) == ["Draw Three", "Draw Four"]
    assert st.data.lost[0] == [] and len(st.data.draw[1]) == len(st.data.draw[2]) == 1


# ----------------------------------------------------------------- Events
@pytest.mark.rule("MB-PAY-9", "MB-EVT-4")
def test_an_event_is_paid_from_hand_and_never_by_itself():
    # Test Insight costs 1; the hand has nothing else with Metabaloids, the draw pile does not count
    st = pos({"deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
             {"hand": ["Test Insight"], "deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
             active=1, phase="abilities")
    assert st.current_player() == 1 and f"event:c{cid(st, 'Test Insight')}" not in ids(st)
    st = pos({"deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
             {"hand": ["Test Insight", "Coin"], "deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
             active=1, phase="abilities")
    play(st, f"event:c{cid(st, 'Test Insight')}")
    assert st.decision.kind == "pay" and ids(st) == [f"pay:c{cid(st, 'Coin')}"]
    loads_back(st)                                      # an Event's use is saved as an Event's


@pytest.mark.rule("MB-EVT-4", "MB-TOT-8")
def test_a_battle_event_stays_in_the_event_area_until_the_battle_ends():
    st = pos({"deck": ["Draw One"] * 3, "columns": [["Thornhog"], [], []]},
             {"hand": ["Coin", "Test Surge", *HAND], "deck": ["Draw Two"] * 4,
              "columns": [["Spiker", "Test Booster"], [], []]}, active=1)
    play(st, f"attack:c{cid(st, 'Spiker')}", f"target:c{cid(st, 'Thornhog')}", f"pay:c{cid(st, 'Coin', 1, 'hand')}")
    play(st, f"event:c{cid(st, 'Test Surge')}")
    play(st, f"pay:c{cid(st, 'Coin', 1, 'hand')}")
    assert st.decision.kind == "__respond" and names(st, "events", 1) == ["Test Surge"]
    assert "Test Surge" not in names(st, "discard", 1)
    play(st, "pass")
    assert st.data.battle is None and names(st, "events", 1) == [] and "Test Surge" in names(st, "discard", 1)


@pytest.mark.rule("MB-SPEC-3")
def test_an_event_whose_payment_takes_what_it_needed_is_unfinished_and_costs_a_card():
    # Convention Crowd puts a creature from hand into the reserve; the only payer is that creature
    st = pos({"hand": ["Convention Crowd", "Coin"], "deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="abilities")
    play(st, f"event:c{cid(st, 'Convention Crowd')}", f"pay:c{cid(st, 'Coin')}")
    assert "Convention Crowd cannot finish: nothing to stash (MB-SPEC-3)" in st.log
    assert st.decision.kind == "lose" and st.decision.params.left == 1
    loads_back(st)


# ----------------------------------------------------------------- what a seat may use
@pytest.mark.rule("MB-ABIL-1")
def test_a_window_offers_every_usable_ability_even_behind_a_card_without_one():
    st = pos({"hand": ["Coin", "Coin"], "deck": ["Pebble"] * 5,
              "columns": [["Spiker", "Test Drawer"], ["Test Sentry"], []]},
             {"deck": ["Pebble"] * 5, "columns": [["Dozer"], [], []]}, phase="deploy")
    assert st.decision.kind == "__respond" and st.current_player() == 0
    assert {f"use:c{cid(st, 'Test Drawer')}", f"use:c{cid(st, 'Test Sentry')}", "pass"} == set(ids(st))


@pytest.mark.rule("MB-MOVE-5")
def test_a_shift_never_moves_a_safe_card():
    st = pos({"hand": ["Coin"], "deck": ["Pebble"] * 5,
              "columns": [["Test Shifter"], [{"name": "Glimmer", "safe": True}, "Spiker"], []]},
             {"columns": [["Dozer"], [], []]}, phase="abilities")
    play(st, f"use:c{cid(st, 'Test Shifter')}")
    moved = {a.split("@")[0] for a in ids(st)}
    assert f"shift:c{cid(st, 'Spiker')}" in moved and f"shift:c{cid(st, 'Glimmer')}" not in moved


def test_the_window_at_a_phase_start_asks_the_active_seat_first_except_at_move_cards():
    """PR-MB-1: at the start of Move Cards the active seat has just left Use Abilities."""
    both = [{"hand": ["Coin"], "deck": ["Pebble"] * 5, "columns": [["Test Drawer"], [], []]},
            {"hand": ["Coin"], "deck": ["Pebble"] * 5, "columns": [["Test Drawer"], [], []]}]
    for name in ("deploy", "attack"):
        st = pos(*both, phase=name)
        assert st.decision.kind == "__respond" and st.current_player() == 0
    st = pos(*both, phase="move")
    assert st.decision.kind == "__respond" and st.current_player() == 1
    play(st, "pass")
    assert st.decision.kind == "move" and st.current_player() == 0


# ----------------------------------------------------------------- the grid
@pytest.mark.rule("MB-GRID-5")
def test_a_tall_card_lets_its_column_go_one_deeper_than_the_width_and_no_more():
    st = pos({"hand": ["Glimmer"], "columns": [["Test Tower", "Spiker"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="abilities")
    assert grid.spots(st.data, 0, cid(st, "Glimmer")) == [1, 2]       # width 1: 2 deep, not 3
    st = pos({"hand": ["Glimmer"], "columns": [["Test Tower", "Spiker"], ["Sprig"], []]},
             {"columns": [["Dozer"], [], []]}, phase="abilities")
    assert grid.spots(st.data, 0, cid(st, "Glimmer")) == [0, 1, 2]    # width 2: 3 deep


# ----------------------------------------------------------------- setup
@pytest.mark.rule("MB-SETUP-3")
def test_initial_deployment_ends_at_once_when_the_seven_points_are_spent():
    st = pos({"hand": ["Glimmer", "Sprig"], "points": 6}, {"hand": ["Pebble", "Coin"]}, phase="setup")
    assert st.decision.kind == "place" and st.current_player() == 0
    glimmer = cid(st, "Glimmer")
    assert {f"place:c{glimmer}@1", f"place:c{glimmer}@2", f"place:c{glimmer}@3"} <= set(ids(st))
    play(st, f"place:c{glimmer}@2")
    assert st.data.deploy_points[0] == 7 and st.data.deploy_done[0] and st.current_player() == 1
    assert not any("is done placing" in line for line in st.log)


# ----------------------------------------------------------------- the turn
def test_no_position_is_noted_in_a_turn_without_a_reshuffle():
    """PR-MB-13 notes positions only from the turn's first reshuffle (see loops.py)."""
    st = pos({"hand": ["Coin"], "deck": ["Pebble"] * 9, "columns": [["Test Drawer"], [], []]},
             {"columns": [["Dozer"], [], []]}, phase="draw")
    play(st, f"use:c{cid(st, 'Test Drawer')}", f"pay:c{cid(st, 'Coin')}")
    assert "P1 draws Pebble" in " ".join(st.log) and not st.data.turn_shuffled and st.data.seen == []


# ----------------------------------------------------------------- battle totals
@pytest.mark.rule("MB-TOT-8")
def test_the_battle_totals_stay_fixed_while_losses_are_paid():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw One"] * 4, "columns": [["Spiker"], [], []]},
             {"deck": ["Draw Four"] * 4, "columns": [["Dozer", "Thornhog"], [], []]})
    play(st, f"attack:c{cid(st, 'Spiker')}", f"target:c{cid(st, 'Dozer')}", f"pay:c{cid(st, 'Coin', 0, 'hand')}")
    assert "Battle totals: P1 attack 5, P2 defense 11" in st.log and st.decision.kind == "lose"
    b = st.data.battle
    assert (b.atotal, b.dtotal) == (5, 11)
    assert (st.view(0)["battle"]["attack_total"], st.view(0)["battle"]["defense_total"]) == (5, 11)


# ----------------------------------------------------------------- table options
@pytest.mark.rule("MB-WIN-9")
def test_the_short_game_is_a_table_option_of_a_new_game():
    assert REAL.new_state(["starter", "swarm"], seed=1, options={"short_game": True}).data.short_game
    assert not REAL.new_state(["starter", "swarm"], seed=1).data.short_game


@pytest.mark.rule("PR-MB-5")
def test_one_seat_orders_its_own_simultaneous_triggers_and_the_order_counts():
    """Two on-deploy abilities of one card trigger together: their controller is asked which
    resolves first, each option names the card, and the two orders end differently."""
    def deployed():
        st = pos({"reserve": ["Test Twin Herald"], "hand": ["Coin", "Pebble", "Coin"],
                  "deck": ["Sprig", "Pebble", "Draw One"], "columns": [["Spiker"], [], []]},
                 {"deck": ["Draw One"] * 4, "hand": ["Pebble"], "columns": [["Dozer"], [], []]}, phase="deploy")
        play(st, f"deploy:c{cid(st, 'Test Twin Herald')}@2")
        return st
    st = deployed()
    assert st.decision.kind == "__order_triggers" and st.current_player() == 0
    labels = [a.label for a in st.legal_actions()]
    assert ids(st) == ["trigger:0", "trigger:1"]
    assert all(lb.startswith("Resolve first: Test Twin Herald (P1)") for lb in labels)
    assert labels[0] != labels[1] and not any("[" in lb for lb in labels)   # each names its own ability
    play(st, "trigger:1")                               # dig first: Sprig is turned up into the reserve
    assert names(st, "reserve", 0) == ["Sprig"] and names(st, "hand", 0)[-1] == "Pebble"
    st = deployed()
    play(st, "trigger:0")                               # draw first: Sprig is drawn, the dig turns up Pebble
    assert names(st, "reserve", 0) == ["Pebble"] and names(st, "hand", 0)[-1] == "Sprig"


@pytest.mark.rule("MB-ABIL-6", "MB-ABIL-3")
def test_a_refresh_lets_a_used_card_use_its_ability_again_this_round():
    """Once used, Test Drawer is not offered again this round (MB-ABIL-6) until Second
    Helping's text gives it back its use (MB-ABIL-3: the card's text governs)."""
    st = pos({"hand": ["Second Helping", "Coin", "Coin", "Coin", "Coin", "Pebble"], "deck": ["Sprig"] * 6,
              "columns": [["Test Drawer"], ["Spiker"], []]},
             {"deck": ["Draw One"] * 4, "hand": ["Pebble"], "columns": [["Dozer"], [], []]}, phase="abilities")
    drawer, helping = cid(st, "Test Drawer"), cid(st, "Second Helping")
    assert ids(st) == [f"use:c{drawer}", "done"]        # nothing used yet: nothing to refresh
    assert st.legal_actions()[0].label == "Use Test Drawer (cost 1 from anywhere): Any time, pay 1: draw a card."
    play(st, f"use:c{drawer}", f"pay:c{cid(st, 'Coin')}")
    assert ids(st) == [f"event:c{helping}", "done"]     # used this round: not offered again
    play(st, f"event:c{helping}")
    while st.decision.kind == "pay":
        play(st, ids(st)[0])
    assert [(a.id, a.label) for a in st.legal_actions()] == [
        (f"refresh:c{drawer}", "Test Drawer may use its ability again this round")]
    play(st, f"refresh:c{drawer}")
    assert ids(st) == [f"use:c{drawer}", "done"]


def test_a_burn_takes_every_card_it_names_whatever_their_instance():
    """Metabolic Meltdown sends the top 2 cards of P1's draw pile to the lost pile, even when
    the top one is the game's first instance (c0)."""
    st = pos({"deck": ["Sprig", "Pebble", "Dozer"], "columns": [["Spiker"], [], []]},
             {"hand": ["Metabolic Meltdown", "Coin", "Coin", "Coin", "Coin"], "deck": ["Draw One"] * 4,
              "columns": [["Dozer"], [], []]}, phase="abilities", active=1)
    assert st.data.draw[0][-1] == 0                     # Sprig, on top, is instance 0
    play(st, f"event:c{cid(st, 'Metabolic Meltdown')}")
    while st.decision.kind == "pay":
        play(st, ids(st)[0])
    assert names(st, "lost", 0) == ["Sprig", "Pebble"] and names(st, "draw", 0) == ["Dozer"]
    assert "P1 loses Sprig, Pebble from the top of their draw pile" in st.log


@pytest.mark.rule("MB-EVT-4")
def test_an_event_with_a_battle_long_effect_stays_in_the_event_area_until_the_battle_ends():
    st = pos({"hand": ["Coin", *HAND, "Test Sapper", "Coin"], "deck": ["Draw One"] * 4,
              "columns": [["Ripjaw"], [], []]},
             {"hand": ["Coin"], "deck": ["Draw One"] * 4, "columns": [["Dozer"], ["Test Drawer"], []]})
    play(st, "pass")
    attack(st, "Ripjaw", "Dozer")
    play(st, "pass", f"event:c{cid(st, 'Test Sapper')}")
    while st.decision.kind == "pay":
        play(st, ids(st)[0])
    # P2 is asked again with the battle still on: the -3 lasts, so the Event is still out
    assert st.data.battle is not None and st.current_player() == 1
    assert names(st, "events", 0) == ["Test Sapper"] and "Test Sapper" not in names(st, "discard", 0)
    play(st, "pass")
    assert names(st, "events", 0) == [] and "Test Sapper" in names(st, "discard", 0)


@pytest.mark.rule("MB-CL-9", "MB-CL-11")
def test_a_loser_with_only_defense_0_cards_left_pays_no_more_losses():
    """Short game, P2's draw and discard piles empty: the Event in hand (Defense 0) cannot pay,
    so the 3 points beyond Dozer's Defense are ignored and nobody is asked."""
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw Four"] * 4, "columns": [["Ripjaw"], [], []]},
             {"hand": ["Test Sapper"], "deck": [], "columns": [["Dozer"], [], []]}, short_game=True)
    attack(st, "Ripjaw", "Dozer")
    assert "P2 has nothing left to pay 3 points of card losses with (MB-CL-11)" in st.log
    assert st.decision.kind == "restock" and names(st, "hand", 1) == ["Test Sapper"]


@pytest.mark.rule("MB-CL-8")
def test_the_loss_prompt_counts_points_for_damage_and_cards_for_a_penalty():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw Four"] * 4, "columns": [["Ripjaw"], [], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Dozer"], [], []]})
    attack(st, "Ripjaw", "Dozer")        # 9 against 1 + 3: Dozer (Defense 3) absorbs 3 of the 5
    assert st.decision.kind == "lose" and st.decision.params.left == 2
    assert st.decision.prompt == "Lose 2 points of card losses from anywhere (card losses)"


@pytest.mark.rule("MB-SETUP-8")
def test_initial_deployment_options_read_as_placements():
    st = pos({"hand": ["Sprig", "Coin"], "deck": ["Pebble"] * 5}, {"hand": ["Sprig"], "deck": ["Pebble"] * 5},
             phase="setup")
    acts = {a.id: a.label for a in st.legal_actions()}
    assert acts["place:c0@1"] == "Place Sprig (cost 1, ATK 1 DEF 1) into a new left column"
    assert acts["done"] == "Stop placing cards (initial deployment done)"
    play(st, "place:c0@1")
    play(st, ids(st)[0])                # P2 places too; P1's next card cannot go under Sprig
    assert {a.id: a.label for a in st.legal_actions()} == {
        "place:c1@2": "Place Coin (cost 1, ATK 0 DEF 1) into a new middle column",
        "place:c1@3": "Place Coin (cost 1, ATK 0 DEF 1) into a new right column",
        "done": "Stop placing cards (initial deployment done)"}


@pytest.mark.rule("MB-TOT-8")
def test_the_bonus_window_says_the_totals_are_not_fixed_yet():
    st = pos({"hand": ["Coin", *HAND, "Coin"], "deck": ["Draw One"] * 4, "columns": [["Test Booster"], [], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Dozer"], [], []]})
    attack(st, "Test Booster", "Dozer")
    assert st.decision.kind == "__respond" and st.data.battle is not None
    assert ids(st) == [f"use:c{cid(st, 'Test Booster')}", "pass"]
    assert st.decision.prompt == "The battle's totals are not fixed yet: use an ability or Event, or pass"


@pytest.mark.rule("PR-MB-13")
def test_a_battle_in_progress_is_part_of_the_noted_position():
    """The same cards with and without a battle on, or with another bonus in it, are different
    positions: a seat that changes only the battle has not gone round in a circle."""
    from metatcg.games.metabaloids.loops import position_key
    st = pos({"hand": ["Coin", *HAND, "Coin"], "deck": ["Draw One"] * 4, "columns": [["Test Booster"], [], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Dozer"], [], []]})
    attack(st, "Test Booster", "Dozer")
    d = st.data
    keys = {position_key(d)}
    b = d.battle
    d.battle = b._replace(abonus=b.abonus + 3)
    keys.add(position_key(d))
    d.battle = None
    keys.add(position_key(d))
    assert len(keys) == 3


def test_a_card_read_from_its_file_knows_its_column_bonuses():
    """Built here, not at import, so that mutation testing sees the test reach the card reader:
    Pith Urchin's "adds +1 when it defends" is a Defense bonus and no Attack bonus."""
    from metatcg.games.metabaloids.cards import CARD_DIR, parse_cards
    text = (CARD_DIR / "commons.toml").read_text(encoding="utf-8")
    urchin = next(c for c in parse_cards(text) if c.name == "Pith Urchin")
    assert (urchin.defense_bonus, urchin.attack_bonus) == (1, 0)


@pytest.mark.parametrize("op", sorted(all_op_names()))
def test_a_broken_op_in_a_card_file_is_named_by_its_place_in_the_file(op):
    """A designer's error points at the field as the file spells it: the op's name, which the
    reader uses to tell ops apart, never shows up in the path."""
    from metatcg.engine.errors import CardDataError
    from metatcg.games.metabaloids.cards import parse_cards
    text = ('[[card]]\nname = "Bad"\ntype = "creature"\nrarity = "common"\ncost = 1\nattack = 1\n'
            f'defense = 1\ntext = "x"\n[[card.ability]]\ntiming = "own_turn"\ndo = [{{ op = "{op}", surprise = 2 }}]\n')
    with pytest.raises(CardDataError) as err:
        parse_cards(text, "bad.toml")
    lines = str(err.value).splitlines()
    assert "bad.toml: card #1 'Bad': field ability.#1.do.#1.surprise: Extra inputs are not permitted" in lines
    assert not [ln for ln in lines if f".{op}." in ln]
