"""Bad input never crashes, in any registered game: random deck texts, card files and
state/record JSON either load or fail with the project's own clear error (MetatcgError), never
another exception. The games are read from the registry when the tests are collected."""
from __future__ import annotations

import copy
import json
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import metatcg
from metatcg.engine.decks import parse_deck_text
from metatcg.engine.errors import MetatcgError
from metatcg.engine.rng import Rng
from support.contract import game_params, json_paths, tables

GAMES = game_params()
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _mid_game(game_id: str, seed: int, steps: int):
    """A game of ``game_id`` (table size and decks varying with the seed) ``steps`` actions in."""
    game = metatcg.load_game(game_id)
    s = tables(game, 1, seed)[0].new_state(game)
    r = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(r.choice(s.legal_actions()))
    return game, s


@FAST
@given(st.text(max_size=300))
def test_any_deck_text_parses_or_is_a_deck_error(text):
    try:
        deck = parse_deck_text(text, "fuzz")
    except MetatcgError:
        return
    for game_id in metatcg.game_ids():
        game = metatcg.load_game(game_id)
        assert isinstance(game.check_deck(deck), list)


LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.text(max_size=8),
                   st.lists(st.integers(-2, 200), max_size=3),
                   st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _set(obj, path, value):
    for k in path[:-1]:
        obj = obj[k]
    obj[path[-1]] = value


@pytest.mark.parametrize("game_id", GAMES)
@FAST
@given(data=st.data())
def test_a_corrupted_state_json_loads_or_is_a_clear_error(game_id, data):
    game, s = _mid_game(game_id, data.draw(st.integers(0, 30)), data.draw(st.integers(0, 60)))
    obj = s.to_json()
    paths = [p for p in json_paths(obj) if p and p[0] != "log"]
    path = data.draw(st.sampled_from(paths))
    bad = copy.deepcopy(obj)
    _set(bad, path, data.draw(LEAVES))
    try:
        t = game.state_from_json(json.dumps(bad))
    except MetatcgError:
        return
    # accepted: it must then behave like a game (views and legal actions work)
    for p in range(t.num_players):
        t.view(p)
    t.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
@FAST
@given(data=st.data())
def test_a_corrupted_record_replays_or_is_a_clear_error(game_id, data):
    game, s = _mid_game(game_id, data.draw(st.integers(0, 30)), data.draw(st.integers(1, 40)))
    rec = s.record()
    path = data.draw(st.sampled_from([p for p in json_paths(rec) if p]))
    bad = copy.deepcopy(rec)
    _set(bad, path, data.draw(LEAVES))
    try:
        game.replay(json.dumps(bad))
    except MetatcgError:
        pass


def card_files(game) -> list[Path]:
    """The card files of a game that reads cards from files (``parse_cards``): the TOML files
    in the ``cards`` folder of its package."""
    package = sys.modules[type(game).__module__.rpartition(".")[0]]
    return sorted((Path(package.__file__).parent / "cards").glob("*.toml"))


@pytest.mark.parametrize("game_id", GAMES)
@FAST
@given(data=st.data())
def test_a_corrupted_card_loads_or_names_the_problem(game_id, data):
    game = metatcg.load_game(game_id)
    files = card_files(game)
    if not hasattr(game, "parse_cards") or not files:
        pytest.skip(f"{game_id} reads no card files")
    f = data.draw(st.sampled_from(files))
    loaded = tomllib.loads(f.read_text())
    table = "card" if "card" in loaded else next(k for k, v in loaded.items() if isinstance(v, list))
    cards = loaded[table]            # [[card]] tables, or the game's own name for them ([[page]])
    card = copy.deepcopy(data.draw(st.sampled_from(cards)))
    path = data.draw(st.sampled_from([p for p in json_paths(card) if p]))
    _set(card, path, data.draw(LEAVES))
    text = _to_toml({"card": [card]}, table)
    try:
        game.parse_cards(text, "fuzz.toml")
    except MetatcgError as e:
        assert "fuzz.toml" in str(e)


def _to_toml(obj, table: str = "card") -> str:
    """A tiny TOML writer for the fuzz cards (inline tables; None values dropped)."""
    def val(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(val(x) for x in v if x is not None) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{json.dumps(str(k))} = {val(x)}" for k, x in v.items() if x is not None) + " }"
        return '""'
    out = []
    for card in obj["card"]:
        out.append(f"[[{table}]]")
        for k, v in card.items():
            if v is not None:
                out.append(f"{json.dumps(str(k))} = {val(v)}")
    return "\n".join(out) + "\n"
