"""Help on every word: what a front end needs to explain a game's board to a newcomer.

The glossary (``Presentation.glossary()``) explains topics; a board also shows words that are
not topic names ("TKO in 2 · HP 6 left", "6 points of 4") and uses jargon inside running text
(prompts, log lines, buttons). A game's presentation names both:

- ``help_terms``: :class:`HelpTerm` patterns for board labels, each pointing at a topic with a
  one-line gloss in our own words (``{1}``, ``{2}``… are the pattern's groups);
- ``jargon``: glossary names a newcomer meets in running text, marked wherever they appear.

:func:`help_payload` is the whole of it as JSON, the same for every game, so the browser's
``js/help.js`` knows no game. Patterns use the regex syntax Python and JavaScript share.
"""
from __future__ import annotations

import re
from typing import Any

from .glossary import KINDS, Glossary
from .helpterms import HelpTerm  # noqa: F401  (where games and tests find it)
from .presentation import Presentation


def check_help(pres: Presentation) -> list[str]:
    """Problems with a presentation's help: a pattern that does not compile, a term or jargon
    word or phase naming no topic. Empty when all is well."""
    glossary = pres.glossary()
    problems = []
    for t in pres.help_terms:
        try:
            re.compile(t.pattern, re.IGNORECASE)
        except re.error as e:
            problems.append(f"help term {t.pattern!r}: {e}")
        if glossary.get(t.topic) is None:
            problems.append(f"help term {t.pattern!r}: no topic {t.topic!r}")
    for word in pres.jargon:
        if glossary.topic_for(word) is None:
            problems.append(f"jargon {word!r}: no topic of that name")
    for key, name in pres.phases.items():
        if key != "over" and glossary.topic_for(key) is None and glossary.topic_for(name) is None:
            problems.append(f"phase {key!r} ({name}): no topic")
    return problems


def phase_topics(pres: Presentation, glossary: Glossary) -> dict[str, dict[str, str | None]]:
    """Each phase id -> its name as a player reads it and the topic explaining it (or None)."""
    out: dict[str, dict[str, str | None]] = {}
    for key, name in pres.phases.items():
        t = glossary.topic_for(key) or glossary.topic_for(name)
        if t is None and key == "over":
            t = glossary.topic_for("winning")
        out[key] = {"name": name, "topic": t.id if t is not None else None}
    return out


def help_payload(pres: Presentation) -> dict[str, Any]:
    """The game's rules help for a front end: a how-to-play, every topic (without rule IDs),
    the phases, the board-label patterns and the jargon words with their topics."""
    glossary = pres.glossary()
    overview = next((t for t in glossary if t.kind == "overview"), None)
    jargon = []
    for word in pres.jargon:
        t = glossary.topic_for(word)
        if t is not None:
            jargon.append({"word": word, "topic": t.id})
    return {
        "game": glossary.game_id, "title": glossary.title,
        "how_to_play": overview.text if overview is not None else "",
        "kinds": dict(KINDS),
        "topics": [{"id": t.id, "title": t.title, "kind": t.kind, "text": t.text, "summary": t.summary(),
                    "see_also": list(t.see_also), "aliases": list(t.aliases)} for t in glossary],
        "phases": phase_topics(pres, glossary),
        "terms": [t.to_json() for t in pres.help_terms],
        "jargon": jargon,
    }
