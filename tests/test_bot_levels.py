"""Easy, Normal and Hard: the opponents a person picks by level, the same three in the
terminal (``--vs hard``), the lobby (``bot:hard``) and docs/bots.md."""
from __future__ import annotations

import json

import pytest

import metatcg

from metatcg.bots import GreedyBot, HardBot, RandomBot, bot_title, make_bot, searches
from metatcg.bots.levels import HARD, LEVELS
from metatcg.engine.errors import MetatcgError
from metatcg.server.players import LEVELS as LOBBY_LEVELS
from metatcg.server.players import bot_spec
from support.cli import options_in_turn, run


def test_the_three_levels_are_bots_of_rising_strength():
    assert list(LEVELS) == ["easy", "normal", "hard"]
    assert type(make_bot("easy")) is RandomBot and type(make_bot("normal")) is GreedyBot
    hard = make_bot("hard")
    assert type(hard) is HardBot and LEVELS["hard"].spec == HARD == "hard"   # each game's own search
    assert searches("hard") and not searches("normal")
    assert bot_title("hard") == "Hard bot" and bot_title("greedy") == "greedy bot"


def test_the_lobby_offers_the_same_levels():
    assert {k.removeprefix("bot:"): v for k, v in LOBBY_LEVELS.items()} == LEVELS
    assert all(bot_spec(f"bot:{k}") == v.spec for k, v in LEVELS.items())


@pytest.mark.parametrize("typed,hint", [("hrd", "'hard'"), ("normall", "'normal'"), ("greddy", "'greedy'")])
def test_a_mistyped_level_names_the_levels_and_the_closest(typed: str, hint: str):
    with pytest.raises(MetatcgError, match="levels: easy, normal, hard") as e:
        make_bot(typed)
    assert hint in str(e.value)


def test_play_against_the_easy_level_names_it_at_the_table(in_tmp):
    r = run("play", "metax", "--vs", "easy", "--seed", "4", input=options_in_turn(1000))
    assert r.exit_code == 0, r.output
    assert "P2 (Easy bot)" in r.output and "Traceback" not in r.output
    record = json.loads((in_tmp / "metatcg-metax-4.record.json").read_text())
    assert record["play"]["vs"] == "easy"
    r2 = run("replay", "metatcg-metax-4.record.json", "--step", input="c\n")
    assert r2.exit_code == 0 and "P2 (Easy bot)" in r2.output, r2.output


def test_an_unknown_opponent_lists_the_levels():
    r = run("play", "metax", "--vs", "hardest")
    assert r.exit_code != 0
    assert "easy, normal, hard" in r.output and "'hard'" in r.output


@pytest.mark.parametrize("game_id", ["metax", "metabaloids", "metazoo", "metazoo-2022"])
def test_each_games_rules_help_has_tips_for_playing_well(game_id):
    """What the bots learned, in the players' rules help: the terminal's ``rules GAME tips`` and the
    browser's Rules panel (the help payload) both have it, under its own heading."""
    from metatcg.ui.help import help_payload
    game = metatcg.load_game(game_id)
    payload = help_payload(game.presentation)
    tips = [t for t in payload["topics"] if t["kind"] == "tips"]
    assert len(tips) == 1 and payload["kinds"]["tips"] == "Tips for playing well"
    assert tips[0]["text"].count("\n- ") >= 3, "a handful of tips, one a line"
    r = run("rules", game_id, "tips")
    assert r.exit_code == 0 and "Tips for playing well" in r.output
