"""Issue 7 item 16, small things: `cards --type` with an unknown type lists the valid ones and
exits 2; `deck check` takes a starter deck name as well as a file."""
from __future__ import annotations

import json

import pytest

import metatcg
from metatcg.ui import presentation_of
from support.cli import assert_clean, options_in_turn, run

GAMES = [gid for gid in metatcg.game_ids() if presentation_of(metatcg.load_game(gid)).card_types]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_card_type_names_the_valid_ones(game_id):
    types = presentation_of(metatcg.load_game(game_id)).card_types
    assert_clean(run("cards", game_id, "--type", "foo"), 2, "no card type 'foo'", *types)
    ok = run("cards", game_id, "--type", types[0])
    assert ok.exit_code == 0, ok.output


@pytest.mark.parametrize("game_id", GAMES)
def test_deck_check_takes_a_starter_deck_name(game_id, in_tmp):
    name = metatcg.load_game(game_id).starter_deck_names()[0]
    with_game = run("deck", "check", name, "--game", game_id)
    assert with_game.exit_code == 0 and "legal" in with_game.output and game_id in with_game.output
    guessed = run("deck", "check", name)
    assert guessed.exit_code == 0 and game_id in guessed.output
    assert_clean(run("deck", "check", "no-such-deck"), 2, "no deck file 'no-such-deck'", "nor a starter deck")


def test_simulate_checks_where_its_summary_goes_before_playing(tmp_path):
    game_id = metatcg.game_ids()[0]
    missing = tmp_path / "no" / "such" / "folder" / "out.json"
    assert_clean(run("simulate", game_id, "--games", "2", "--json", str(missing)), 2, "no folder")
    assert_clean(run("simulate", game_id, "--games", "2", "--json", str(tmp_path)), 2, "it is a folder")
    assert not missing.parent.exists()


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_help_shows_each_games_default_decks_and_table_options(command):
    r = run(command, "--help")
    assert r.exit_code == 0, r.output
    assert "Default decks" in r.output
    for gid in metatcg.game_ids():
        game = metatcg.load_game(gid)
        names = game.starter_deck_names()
        if names and 2 in game.seat_counts:
            assert f"{gid}: {names[0]} vs {names[1 % len(names)]}" in r.output
        assert all(f"{key}=" in r.output for key in game.default_options())
    assert "Table options" in r.output


def test_tournament_help_names_its_default_entrants_every_starter_deck():
    """A tournament given no --decks enters every starter deck, and its help says so (not the
    two-deck defaults of play and simulate)."""
    r = run("tournament", "--help")
    assert r.exit_code == 0, r.output
    assert "Default entrants" in r.output and "Default decks" not in r.output
    text = "".join(r.output.split())          # the help wraps long lines
    for gid in metatcg.game_ids():
        game = metatcg.load_game(gid)
        if game.starter_deck_names():
            assert f"{gid}:" + ",".join(game.starter_deck_names()) in text
        assert all(f"{key}=" in r.output for key in game.default_options())


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_the_help_names_every_bot_and_the_search_bots_settings(command):
    """--bots help lists every registered bot (it once said "greedy or random", hiding the
    search bot) and the settings of those that take any, with an example that works."""
    from metatcg.bots import BOTS, EXAMPLES, SETTINGS, make_bot

    text = " ".join(run(command, "--help").output.split())
    for name in BOTS:
        assert name in text
    for name, settings in SETTINGS.items():
        assert ", ".join(settings) in text and EXAMPLES[name] in text
        assert make_bot(EXAMPLES[name]).name == name


def test_table_options_reach_the_games(in_tmp):
    """``--option KEY=VALUE`` sets a game's table option (read as the option's type) for
    simulate and play; a bad key or value is a clear error before anything runs."""
    r = run("simulate", "metax", "--option", "action_limit=40", "-n", "2", "--seed", "3")
    assert_clean(r, 0, "2 games ended at the action limit")
    r = run("play", "metax", "--seed", "2", "--option", "action_limit=30", input=options_in_turn(400))
    assert_clean(r, 0, "action limit of 30")
    record = json.loads((in_tmp / "metatcg-metax-2.record.json").read_text())
    assert record["options"]["action_limit"] == 30
    assert_clean(run("simulate", "metax", "--option", "nosuch=1"), 2, "metax has no option 'nosuch'",
                 "action_limit")
    assert_clean(run("simulate", "metax", "--option", "auto_single=perhaps"), 2, "true or false")
    assert_clean(run("simulate", "metax", "--option", "action_limit"), 2, "KEY=VALUE")
    assert_clean(run("play", "--resume", "x.json", "--option", "action_limit=3"), 2, "keeps the options")


def test_a_long_bot_spec_is_wrapped_in_the_seat_table_not_cut(in_tmp):
    r = run("simulate", "metax", "--bots", "ismcts:iters=3,depth=2,scale=40", "random", "-n", "1", "-w", "1")
    assert r.exit_code == 0, r.output
    table = r.output.split("Draws")[0]
    bot_column = "".join(line.split("│")[3].strip() for line in table.splitlines() if line.count("│") > 3)
    assert bot_column == "ismcts:iters=3,depth=2,scale=40random" and "…" not in table
