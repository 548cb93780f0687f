"""The ``metatcg`` command line: play, simulate, replay, inspect cards and decks.

``metatcg.cli.main:app`` is the console script. Commands live in small modules:
``common`` (consoles, error handling), ``render`` (the one entry point per thing a command
shows: a view, a card, a cards table; ``ui_for(game)`` is the game's terminal renderer,
reached through ``game.presentation``), ``play`` (the interactive game), ``simulate``,
``decks``, ``replay``, ``scenario``. The CLI names no game: each game's screen, card text and
deck tables live in its own package (``games/<id>/terminal.py`` over :mod:`metatcg.ui`).
"""
