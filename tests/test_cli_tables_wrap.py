"""Issue 29 §3: terminal tables never cut a name or their right edge at 80 columns: they wrap."""
from __future__ import annotations

import pytest
from rich.console import Console

import metatcg
from metatcg.cli.cards_table import card_impact_table
from metatcg.cli.render import pool_names, ui_for
from support.cli import run

BORDER_ENDS = ("┓", "┃", "│", "┩", "┘", "┤")


def printed(renderable, width: int = 80) -> list[str]:
    con = Console(width=width, record=True, color_system=None)
    con.print(renderable)
    return con.export_text().splitlines()


def assert_whole(lines: list[str], width: int = 80) -> None:
    for line in lines:
        assert len(line) <= width, line
        assert "… " not in line and not line.rstrip().endswith("…"), line   # an interval is 'a…b'
        if line.startswith(("┏", "┃", "│", "├", "└", "┡")):
            assert line.rstrip().endswith(BORDER_ENDS), f"right edge cut: {line!r}"


@pytest.mark.parametrize("gid", metatcg.game_ids())
def test_card_pool_and_deck_tables_wrap_at_80_columns(gid):
    game = metatcg.load_game(gid)
    ui = ui_for(game)
    assert_whole(printed(ui.cards_table(game, pool_names(game))))
    assert_whole(printed(ui.deck_list_table(game)))
    for name in game.starter_deck_names():
        assert_whole(printed(ui.deck_table(game, game.starter_deck(name))))
    assert_whole(printed(ui.deck_list_table(game), 60), 60)


def test_the_any_time_search_keeps_its_right_edge():
    result = run("cards", "metazoo-2022", "--search", "any time", width=80)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert_whole(lines)
    assert "Hush of the Hollow" in result.output     # this card's row once pushed the edge out


def test_card_impact_names_are_whole_at_80_columns():
    row = dict(drawn=3, not_drawn=2, drawn_win_rate=0.67, drawn_ci95=(0.21, 0.94), not_drawn_win_rate=1.0,
               impact_drawn=-1.0, impact_drawn_ci95=(-1.0, -0.1), playable_when_drawn=1.0, rarely_playable=False)
    rows = [dict(row, deck="hermit-cryptids", card="Brother Hollis, Hermit of the Hollow"),
            dict(row, deck="ember-warden", card="Mongolian Death Worm")]
    lines = printed(card_impact_table(rows))
    assert_whole(lines)
    text = "\n".join(lines)
    assert "hermit-cryptids" in text and "ember-warden" in text            # deck names never cut
    assert "Mongolian Death Worm" in text                                   # short card names on one line
    assert "Hermit of the Hollow" in " ".join(x.strip() for x in lines)     # a long one wraps
    assert "-100 (-100…-10)" in text                                        # the figures stay whole
