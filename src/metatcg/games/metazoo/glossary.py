"""MetaZoo (four-lane edition) rules help: the topics ``metatcg rules metazoo`` and the browser show.

Written in our own words from the rules catalog (../shared/rules/metazoo-lanes.md, which follows
the Compendium where the two rulebooks differ) in ``glossary.toml`` beside this module; each topic
cites the rule IDs it restates in ``rules``, never in its text. Numbers the game keeps as named
constants (MP to win, lanes, slots, the Aura cap, deck sizes) are read from them; the mission
awards of 2 and 1 MP are literals in the rules code too.
"""
from __future__ import annotations

from ...ui.glossary import Topic, load_topics
from .data import ALLIED_SUPPLY, AURA_CAP, BASE_LANE_LIMIT, LANES, MP_TO_WIN
from .deckcheck import AURA_DECK, MAIN_MIN, MAX_COPIES

TOPICS: tuple[Topic, ...] = load_topics(__name__, {
    "ALLIED_SUPPLY": ALLIED_SUPPLY, "AURA_CAP": AURA_CAP, "BASE_LANE_LIMIT": BASE_LANE_LIMIT, "LANES": LANES,
    "MP_TO_WIN": MP_TO_WIN, "AURA_DECK": AURA_DECK, "MAIN_MIN": MAIN_MIN, "MAX_COPIES": MAX_COPIES})
