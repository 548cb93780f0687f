"""PR-MB-13: no position twice in one turn. A seat whose activation or move brings back a public
position already reached this turn uses no more abilities, Events or moves until the next turn,
so loops the printed rules allow (Festival Feast drawing itself back through the reshuffle, found
by fuzzing: greedy titans vs wall, seed 325; moves paid from a one-card draw pile) end by the
rules instead of at the action limit."""
from __future__ import annotations

import os
import subprocess
import sys

import metatcg
from metatcg.bots import GreedyBot, make_bot
from metatcg.games.metabaloids.loops import position_key
from metatcg.sim import play_game

GAME = metatcg.load_game("metabaloids")
RULING = "(PR-MB-13)"


def feast_position():
    """P1's Use Abilities: a Festival Feast in hand, the other one the only card of the draw pile,
    an empty discard pile and Metabaloids-2 payers: each Feast draws the other and its payer back."""
    return GAME.position({"phase": "abilities", "active": 0, "seed": 3, "options": {"auto_single": False},
                          "player": [{"hand": ["Festival Feast", "Sugar Mite", "Glucose Grub"],
                                      "deck": ["Festival Feast"], "columns": [["Sugar Mite"], [], []]},
                                     {"columns": [["Glucose Grub"], [], []]}]})


def feast(st):
    return [a for a in st.legal_actions() if "Festival Feast" in a.label]


def play_feasts(st, most: int = 10) -> int:
    """Play Festival Feast while it is offered (at most ``most`` times); how many were played."""
    played = 0
    while played < most and feast(st):
        st.apply(feast(st)[0].id)
        while st.decision is not None and st.decision.kind == "pay":
            st.apply(st.legal_actions()[0].id)
        played += 1
    return played


def test_the_festival_feast_loop_stops_once_the_position_comes_back():
    st = feast_position()
    hand_before = len(st.data.hand[0])
    assert play_feasts(st) == 2          # the second Feast brings back the position of the first
    assert any(line.endswith(RULING) and line.startswith("P1 is back in a position") for line in st.log)
    assert st.data.looped == [0]
    assert [a.label for a in st.legal_actions()] == ["Go on to Move Cards"]
    assert len(st.data.hand[0]) == hand_before and len(st.data.draw[0]) == 1   # the loop gained nothing
    again = GAME.state_from_json(st.to_json_text())                            # a saved game keeps the stop
    assert again.data.looped == [0] and not feast(again)


def test_the_stop_lasts_until_the_next_turn_begins():
    st = feast_position()
    play_feasts(st)
    bots = [GreedyBot(1), GreedyBot(2)]
    handles = [st.handle(0), st.handle(1)]
    while st.data.turn == 2 and not st.is_terminal():
        assert 0 in st.data.looped
        p = st.current_player()
        st.apply(bots[p].choose(handles[p]).id)
    assert not st.is_terminal() and st.data.active == 1
    assert 0 not in st.data.looped


def test_ismcts_does_not_walk_round_the_feast_loop():
    """A searching bot that rates another Feast highly (it drew 52 in this turn before PR-MB-13)
    is stopped with the rest: the turn goes on after a few Feasts."""
    st = feast_position()
    bots = [make_bot("ismcts:iters=80", 1), make_bot("ismcts:iters=80", 10)]
    handles = [st.handle(0), st.handle(1)]
    feasts = actions = 0
    while st.data.turn == 2 and not st.is_terminal() and actions < 200:
        p = st.current_player()
        act = bots[p].choose(handles[p])
        feasts += act.id.startswith("event:") and "Festival Feast" in act.label
        st.apply(act.id)
        actions += 1
    assert st.data.turn == 3 and feasts <= 4


def move_position():
    """P1's Move Cards with no hand: every move is paid with the only card of the draw pile, which
    the reshuffle puts straight back, so Sugar Mite could go left and back for ever."""
    return GAME.position({"phase": "move", "active": 0, "seed": 4, "options": {"auto_single": False},
                          "player": [{"hand": [], "deck": ["Pith Urchin"],
                                      "columns": [["Sugar Mite"], ["Glucose Grub"], ["Peat Kobold", "Peat Kobold"]]},
                                     {"columns": [["Glucose Grub"], [], []]}]})


def test_moving_a_card_back_and_forth_stops_when_the_position_comes_back():
    st = move_position()
    moves = 0
    while moves < 10:
        there = "middle" if moves % 2 == 0 else "left"
        mite = [a for a in st.legal_actions()
                if a.label.startswith("Move Sugar Mite") and f"{there} column" in a.label]
        if not mite:
            break
        st.apply(mite[0].id)
        while st.decision is not None and st.decision.kind == "pay":
            st.apply(st.legal_actions()[0].id)
        moves += 1
    assert moves == 3        # left→middle, back, and again: the third brings back the first one's position
    assert [a.id for a in st.legal_actions()] == ["done"]
    assert any(line.endswith(RULING) for line in st.log)
    assert len(st.data.draw[0]) + len(st.data.discard[0]) == 1 and not st.data.lost[0]


def test_greedy_does_not_put_off_losing_its_reserve_by_moving_cards_about():
    """Found by the fuzz (4 seats, greedy, seed 9100256): a play area full but for a tall card's
    extra slot, three reserve cards that Deploy will lose, and a draw pile that pays for moves.
    Greedy used to move the tall card to and fro to put the loss off until PR-MB-13 stopped it;
    now it counts those reserve cards as lost already and goes on."""
    full = [["Elder Jotun", "Gutdeep Leviathan", "Marrow Basilisk", "Moonlit Wendigo"],
            ["Storm Roc", "Barrow Wight", "Moonlit Wendigo"], ["Primal Ooze", "Barrow Wight", "Hungering Hydra"]]
    for seed in (1, 3):
        st = GAME.position({"phase": "move", "active": 0, "seed": seed, "options": {"auto_single": False},
                            "player": [{"deck": ["Sugar Mite", "Glucose Grub"], "columns": full,
                                        "reserve": ["Queen of Rot", "Marrow Basilisk", "Catalyst Djinn"]},
                                       {"columns": [["Glucose Grub"], [], []]}]})
        assert any(a.id.startswith("move:") for a in st.legal_actions())
        bot, me = GreedyBot(seed), st.handle(0)
        moves = 0
        while st.data.phase == "move" and st.current_player() == 0:
            act = bot.choose(me)
            moves += act.id.startswith("move:")
            st.apply(act.id)
        assert moves == 0 and st.data.looped == []


def test_the_position_is_public_so_the_ruling_reveals_no_hidden_card():
    def key(hand: list[str], deck: list[str]) -> int:
        return position_key(GAME.position({
            "phase": "abilities", "active": 0, "seed": 3, "options": {"auto_single": False},
            "player": [{"hand": ["Festival Feast"], "deck": ["Sugar Mite"], "columns": [["Sugar Mite"], [], []]},
                       {"hand": hand, "deck": deck, "columns": [["Glucose Grub"], [], []]}]}).data)

    base = key(["Puddle Nix", "Pith Urchin"], ["Hibernate", "Peat Kobold", "Sugar Mite"])
    assert key(["Hibernate", "Sugar Mite"], ["Peat Kobold", "Puddle Nix", "Pith Urchin"]) == base  # hidden cards
    assert key(["Puddle Nix", "Pith Urchin", "Hibernate"], ["Peat Kobold", "Sugar Mite"]) != base  # a hand size


def test_the_position_key_is_the_same_in_every_process():
    """Keys are saved with the game, so a game loaded elsewhere must compute the same ones."""
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from test_metabaloids_loops import feast_position; "
            "from metatcg.games.metabaloids.loops import position_key; print(position_key(feast_position().data))")
    tests = os.path.dirname(os.path.abspath(__file__))
    keys = {subprocess.run([sys.executable, "-c", code, tests], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip() for seed in ("1", "2")}
    assert keys == {str(position_key(feast_position().data))}


def test_greedy_titans_against_wall_seed_325_ends_by_the_rules():
    state, result = play_game(GAME, ["titans", "wall"], ["greedy", "greedy"], 325)
    assert state.is_terminal() and not result.action_limit
    assert "MB-WIN" in state.reason
