"""The ``metatcg`` command line: play, simulate, replay, inspect cards and decks.

``metatcg.cli.main:app`` is the console script. Commands live in small modules:
``common`` (consoles, error handling), ``render`` (what every game shares: card look-ups,
the log, the numbered actions, and ``ui_for(game)``, which picks the game's renderer by
game id), ``render_metax`` and ``render_metazoo`` (each game's screen, card text and deck
tables), ``play`` (the interactive game), ``simulate``, ``decks``, ``replay``, ``scenario``.
"""
