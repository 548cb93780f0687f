"""Deck lists and card tables on narrow terminals (issue 27, point 15): a deck list never
drops its count column, whatever the game, the deck and the width; the count and the card's
name stay, the type and numbers wrap."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from metatcg.cli import common
from metatcg.cli.main import app
from metatcg.engine.decks import split_entry
from metatcg.registry import load_game

runner = CliRunner()


@pytest.fixture
def columns(monkeypatch):
    """Run the CLI at a given terminal width: COLUMNS, and the width of the CLI's console,
    which rich fixes when it is created if COLUMNS was set then (as under pytest-xdist)."""
    def set_width(width: int) -> dict[str, str]:
        monkeypatch.setattr(common.console, "_width", width)
        return {"COLUMNS": str(width)}
    return set_width
GAMES = ["metax", "metabaloids", "metazoo", "metazoo-2022"]
WIDTHS = (80, 60)


def cells(line: str) -> list[str]:
    """The cells of one body line of a rich table (between the ``│`` rules)."""
    return [c.strip() for c in line.strip().strip("│").split("│")]


def counts_shown(text: str) -> int:
    """The sum of the count column over the body lines of a deck table."""
    total = 0
    for line in text.splitlines():
        if line.startswith("│"):
            first = cells(line)[0]
            assert first == "" or first.isdigit(), f"count cell {first!r} in {line!r}"
            total += int(first or 0)
    return total


def test_the_wetlands_list_keeps_its_counts_at_80_columns_in_the_real_command():
    env = {**os.environ, "COLUMNS": "80", "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run([sys.executable, "-m", "metatcg.cli.main", "deck", "show", "metazoo-2022", "wetlands"],
                         capture_output=True, text=True, env=env, timeout=120, check=True).stdout
    header = next(line for line in out.splitlines() if "Card" in line and line.startswith("┃"))
    assert cells(header.replace("┃", "│"))[:2] == ["#", "Card"]
    deck = load_game("metazoo-2022").starter_deck("wetlands")
    assert counts_shown(out) == len(deck.cards)
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_starter_deck_shows_every_count_and_name(gid, width, columns):
    env = columns(width)
    game = load_game(gid)
    for name in game.starter_deck_names():
        deck = game.starter_deck(name)
        res = runner.invoke(app, ["deck", "show", gid, name], env=env)
        assert res.exit_code == 0, res.output
        lines = res.output.splitlines()
        assert max(len(line) for line in lines) <= width
        header = next(line for line in lines if line.startswith("┃") and "Card" in line)
        assert cells(header.replace("┃", "│"))[0] == "#", (name, header)
        assert counts_shown(res.output) == sum(deck.counts().values()), name
        body = " ".join(" ".join(cells(line)[1].split()) for line in lines if line.startswith("│"))
        for entry in deck.counts():
            card = split_entry(entry)[1]
            assert card[:4] in body, (name, card)      # names wrap, they are not cut


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_the_card_pool_and_deck_list_keep_all_their_columns(gid, width, columns):
    env = columns(width)
    pool = runner.invoke(app, ["cards", gid], env=env)
    head = next(line for line in pool.output.splitlines() if line.startswith("┃"))
    assert cells(head.replace("┃", "│")) == ["Card", "Type / numbers", "Text"]
    decks = runner.invoke(app, ["deck", "list", gid], env=env)
    head = next(line for line in decks.output.splitlines() if line.startswith("┃"))
    assert all(c and "…" not in c for c in cells(head.replace("┃", "│")))
    for line in decks.output.splitlines():
        if line.startswith("│") and cells(line)[0]:
            assert cells(line)[0] in load_game(gid).starter_deck_names()
