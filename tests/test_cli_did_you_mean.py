"""Issue 29 §3: every CLI argument that names a game, deck, bot, bot setting, option, card type
or file gets a clear message with the closest names, never a raw OS error; a deck of another
game says which game it looks like."""
from __future__ import annotations

import pytest

from metatcg.engine.suggest import close_names, did_you_mean
from support.cli import assert_clean, run


def test_close_names_keeps_only_the_best_matches():
    assert close_names("metaxx", ["metax", "metabaloids", "metazoo", "metazoo-2022"]) == ["metax"]
    assert close_names("AGRO", ["aggro", "control", "midrange"]) == ["aggro"]
    assert did_you_mean("zzzz", ["metax", "metazoo"]) == ""
    assert did_you_mean("iter", ["iters", "ms", "depth"]) == "; did you mean 'iters'?"


@pytest.mark.parametrize("args, needles", [
    (["cards", "metaxx"], ["unknown game 'metaxx'", "did you mean 'metax'?"]),
    (["deck", "list", "metazo"], ["unknown game 'metazo'", "did you mean 'metazoo'?"]),
    (["rules", "metaxx"], ["did you mean 'metax'?"]),
    (["compile", "metaxx", "--status"], ["did you mean 'metax'?"]),
    (["play", "metax", "--deck", "agro"], ["'agro'", "did you mean 'aggro'?"]),
    (["deck", "show", "metax", "agro"], ["did you mean 'aggro'?"]),
    (["simulate", "metax", "--decks", "agro", "aggro", "--games", "1"], ["did you mean 'aggro'?"]),
    (["play", "metax", "--vs", "greedyy"], ["unknown opponent 'greedyy'", "did you mean 'greedy'?"]),
    (["play", "metax", "--vs", "ismcts:iter=5"], ["no setting 'iter=5'", "did you mean 'iters'?"]),
    (["simulate", "metax", "--bots", "greedyy", "--games", "1"], ["unknown bot", "did you mean 'greedy'?"]),
    (["tournament", "metax", "--bots", "ismcts:iter=5", "--games", "1"], ["did you mean 'iters'?"]),
    (["play", "metax", "--option", "action_limt=5"], ["no option 'action_limt'", "did you mean 'action_limit'?"]),
    (["cards", "metax", "--type", "creatur"], ["no card type 'creatur'", "did you mean 'character'?"]),
])
def test_a_misspelt_name_gets_the_closest_names(args, needles):
    assert_clean(run(*args), 2, "error:", *needles)


def test_a_missing_deck_file_is_named_without_an_os_error(tmp_path):
    for args in (["deck", "show", "metax", "nosuch.txt"], ["play", "metax", "--deck", "nosuch.txt"],
                 ["simulate", "metax", "--decks", "nosuch.txt", "aggro", "--games", "1"]):
        result = run(*args)
        assert_clean(result, 2, "no deck file 'nosuch.txt'")
        assert "Errno" not in result.output
    result = run("deck", "show", "metax", str(tmp_path))
    assert_clean(result, 2, "is a folder, not a deck file")
    assert "Errno" not in result.output


def test_a_deck_of_another_game_says_which_game_it_looks_like(tmp_path):
    text = run("deck", "show", "metazoo", "hermit-cryptids", "--text").output
    f = tmp_path / "hermit.txt"
    f.write_text(text, encoding="utf-8")
    checked = run("deck", "check", str(f), "--game", "metax")
    assert_clean(checked, 1, "not a metax deck", "looks like a metazoo deck", "--game metazoo")
    assert "unknown card" not in checked.output            # not forty lines of unknown cards
    assert_clean(run("play", "metax", "--deck", str(f)), 2, "not a metax deck", "looks like a metazoo deck")
    assert_clean(run("deck", "check", str(f)), 0, "legal", "metazoo")   # guessed right without --game


def test_deck_check_of_a_misspelt_starter_deck_and_a_missing_scenario_file():
    assert_clean(run("deck", "check", "agro", "--game", "metax"), 2, "no deck file 'agro'", "did you mean 'aggro'?")
    result = run("scenario", "run", "nosuch.toml")
    assert "no scenario file 'nosuch.toml'" in result.output and "Errno" not in result.output
