"""The games that ship with metatcg: one registration line per game.

Adding a game is its package (``games/<id>/`` with ``load() -> Game`` and a ``present``
module) plus one line here; nothing in ``cli/``, ``sim/``, ``bots/`` or the generic tests
names a game. A game outside this package registers itself the same way with
``metatcg.register_game``.
"""
from ..registry import register_game as register

register("metax", "metatcg.games.metax", "MetaX TCG")
register("metabaloids", "metatcg.games.metabaloids", "Metabaloids TCG")
register("metazoo", "metatcg.games.metazoo", "MetaZoo TCG (four-lane edition)")
register("metazoo-2022", "metatcg.games.metazoo_2022", "MetaZoo TCG 2022 (Life Points edition)")
