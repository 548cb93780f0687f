"""MetaX rules help: the topics ``metatcg rules metax`` and the browser show.

Written in our own words from the rules catalog (../shared/rules/metax.md) in ``glossary.toml``
beside this module; each topic cites the rule IDs it restates in ``rules`` and never in its text.
The numbers the game keeps as named constants are read from them; the rest (10 MP, 3 Characters,
5 MP a Link, 40 cards) are literals in the rules code too.
"""
from __future__ import annotations

from ...ui.glossary import Topic, load_topics
from .zones import VP_TO_WIN

TOPICS: tuple[Topic, ...] = load_topics(__name__, {"VP_TO_WIN": VP_TO_WIN})
