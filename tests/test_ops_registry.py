"""Every op a card file may name is carried out by a registered unit (engine/ops.py, issue 31):
each game's interpreter is a lookup in the registry of its ``ops.py``, and nothing in a card file
can reach an op without a handler."""
from __future__ import annotations

import importlib

import pytest

import metatcg
from metatcg.engine.ops import OpRegistry, op_name, union_members

GAMES = {"metax": "metax", "metazoo": "metazoo", "metabaloids": "metabaloids", "metazoo-2022": "metazoo_2022"}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_card_file_op_has_one_registered_unit(game_id: str) -> None:
    metatcg.load_game(game_id)                      # the rules module imports every mechanic module
    pkg = f"metatcg.games.{GAMES[game_id]}"
    registry = importlib.import_module(f"{pkg}.ops").OPS
    assert isinstance(registry, OpRegistry), f"{game_id}: its ops.py keeps no op registry"
    schema = importlib.import_module(f"{pkg}.schema")
    models = union_members(schema.Op)
    assert len(models) >= 5
    assert registry.check_complete(models) == []
    assert registry.names() == {m.model_fields["op"].annotation.__args__[0] for m in models}
    for m in models:                      # each unit is the card-file model's own, not just its name's
        assert registry.units[op_name(m)].model is m, f"{game_id}: {op_name(m)} is not registered for {m.__name__}"
