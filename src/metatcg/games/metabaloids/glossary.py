"""Metabaloids rules help: the topics ``metatcg rules metabaloids`` and the browser show.

Written in our own words from the rules catalog (../shared/rules/metabaloids.md) in
``glossary.toml`` beside this module; each topic cites the rule IDs it restates in ``rules`` and
never in its text. The numbers come from the game's named constants (``data``, ``deckcheck``).
"""
from __future__ import annotations

from ...ui.glossary import Topic, load_topics
from .data import COLUMNS, EMPTY_PLAY_LOSS, HAND_SIZE, MAX_DEPTH, SETUP_POINTS, TALL_MAX
from .deckcheck import MAX_CARDS, MAX_COPIES, MAX_POINTS, MIN_CARDS

TOPICS: tuple[Topic, ...] = load_topics(__name__, {
    "COLUMNS": COLUMNS, "EMPTY_PLAY_LOSS": EMPTY_PLAY_LOSS, "HAND_SIZE": HAND_SIZE, "MAX_DEPTH": MAX_DEPTH,
    "SETUP_POINTS": SETUP_POINTS, "TALL_MAX": TALL_MAX, "MAX_CARDS": MAX_CARDS, "MAX_COPIES": MAX_COPIES,
    "MAX_POINTS": MAX_POINTS, "MIN_CARDS": MIN_CARDS})
