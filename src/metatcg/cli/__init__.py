"""The ``metatcg`` command line: play, simulate, replay, inspect cards and decks.

``metatcg.cli.main:app`` is the console script. Commands live in small modules:
``common`` (consoles, error handling), ``render`` (a player's view as rich text),
``play`` (the interactive game), ``simulate``, ``decks``, ``replay``, ``scenario``.
"""
