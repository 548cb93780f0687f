"""Games own their presentation and register with one line: checked for every registered game.

Nothing here names a game. A game's presentation (``metatcg.ui.Presentation``) words its cards,
explains its keywords, gives the rules constants a screen shows, its typed view model and its
terminal renderer; a game without a ``present`` module still gets the generic one, and every
command works for any registered game.
"""
from __future__ import annotations

import importlib.util
import io
import json

import pytest
from rich.console import Console

import metatcg
from metatcg.engine.rng import Rng
from metatcg.ui import CardInfo, Presentation, presentation_of
from metatcg.ui.layout import render_actions
from metatcg.ui.schema import export
from metatcg.ui.terminal import GameUI, terminal_ui
from support.cli import assert_clean, run

SCREENS = 40          # decision points rendered per game


def game_params() -> list:
    """One param per registered game, read at collection (conftest registers the test-only games)."""
    return [pytest.param(gid, id=gid) for gid in metatcg.game_ids()]


def has_present_module(game) -> bool:
    package = type(game).__module__.rsplit(".", 1)[0]
    return importlib.util.find_spec(package + ".present") is not None


def generic_games() -> list[str]:
    """Registered games without a ``present`` module (they get the generic presentation)."""
    return [gid for gid in metatcg.game_ids() if not has_present_module(metatcg.load_game(gid))]


def printed(*renderables, width: int = 110) -> str:
    con = Console(record=True, width=width, file=io.StringIO())
    for r in renderables:
        con.print(r)
    return con.export_text()


# --------------------------------------------------------------------------- the presentation
@pytest.mark.parametrize("game_id", game_params())
def test_the_presentation_describes_the_game(game_id):
    game = metatcg.load_game(game_id)
    pres = presentation_of(game)
    assert isinstance(pres, Presentation) and pres.game is game
    assert (type(pres) is not Presentation) == has_present_module(game)
    assert pres is presentation_of(game), "made once per game"
    assert pres.length_word
    for key, value in pres.rules.items():
        assert isinstance(key, str) and isinstance(value, int) and not isinstance(value, bool), (key, value)
    for keyword, explanation in pres.keywords.items():
        assert isinstance(keyword, str) and isinstance(explanation, str) and explanation, keyword
    assert isinstance(terminal_ui(game), GameUI) and terminal_ui(game) is terminal_ui(game)
    assert pres.card("surely no card is named this") is None


@pytest.mark.parametrize("game_id", game_params())
def test_every_card_is_worded(game_id):
    game = metatcg.load_game(game_id)
    pres = presentation_of(game)
    ui = terminal_ui(game)
    for name in pres.card_names():
        info = pres.card(name)
        assert isinstance(info, CardInfo) and info.name == name and info.type and info.kind, name
        if pres.card_types:
            assert info.type in pres.card_types, (name, info.type)
        assert all(isinstance(v, int) for v in info.stats.values()), name
        assert json.loads(json.dumps(info.to_json()))["name"] == name
        assert name in pres.search_fields(name) and pres.type_matches(name, info.type)
        assert pres.card_summary(name)
        assert name in printed(ui.card_details(game, name))


@pytest.mark.parametrize("game_id", game_params())
def test_screens_render_and_views_fit_the_view_model(game_id):
    """A seeded random game: every screen renders wide and narrow, and every view validates
    against the game's typed view model (when it has one)."""
    game = metatcg.load_game(game_id)
    pres = presentation_of(game)
    ui = terminal_ui(game)
    model = pres.view_model
    n = min(game.seat_counts)
    names = game.starter_deck_names()
    state = game.new_state([names[i % len(names)] for i in range(n)], seed=3)
    rng = Rng(11)
    for k in range(SCREENS):
        if state.is_terminal():
            break
        p = state.current_player()
        view = state.view(p)
        if model is not None:
            model.model_validate(view)
        out = printed(ui.render_view(game, view, view["log"][-5:], {}), render_actions(view),
                      width=120 if k % 2 else 76)
        assert out.strip()
        assert ui.progress(view)
        actions = state.legal_actions()
        state.apply(rng.choice(actions).id)


def test_view_schema_files_are_up_to_date():
    """docs/schema/<id>-view.schema.json is the exported view model (python -m metatcg.ui.schema)."""
    from pathlib import Path

    out = Path(__file__).resolve().parent.parent / "docs" / "schema"
    assert export(out, check=True) == [], "run: python -m metatcg.ui.schema"


# --------------------------------------------------------------------------- registration
def test_register_game_takes_one_line_and_is_checked():
    gid = "presentation-test-game"
    assert gid not in metatcg.game_ids()
    real = metatcg.load_game(metatcg.game_ids()[0])
    metatcg.register_game(gid, lambda: real, "A game registered by a test")
    try:
        assert gid in metatcg.game_ids() and metatcg.game_title(gid) == "A game registered by a test"
        assert metatcg.load_game(gid) is real
        assert metatcg.GAMES[gid][1] == "A game registered by a test"
        with pytest.raises(ValueError, match="already registered"):
            metatcg.register_game(gid, "some.other.package", "Another")
    finally:
        metatcg.unregister_game(gid)
    assert gid not in metatcg.game_ids()
    with pytest.raises(metatcg.UnknownGameError, match="known games"):
        metatcg.load_game(gid)


@pytest.mark.parametrize("game_id", generic_games() or [pytest.param("", marks=pytest.mark.skip("none"))])
def test_a_game_without_its_own_presentation_works_in_every_command(game_id, in_tmp):
    game = metatcg.load_game(game_id)
    assert_clean(run("games"), 0, game_id, metatcg.game_title(game_id))
    assert_clean(run("deck", "list", game_id), 0, *game.starter_deck_names())
    assert_clean(run("deck", "show", game_id, game.starter_deck_names()[0]), 0)
    assert_clean(run("play", game_id, "--vs", "random", "--seed", "1", input="board\nhand\n1\nquit\n"),
                 0, "Game stopped", "view of P1")
