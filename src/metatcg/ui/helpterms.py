"""A game's board words for the help (:mod:`.help`): the labels the glossary does not name and
the jargon of running text, read from the ``board_help.toml`` beside the game's package."""
from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class HelpTerm:
    """A board label the glossary does not name: a pattern over the label's whole text (case
    does not matter), the topic it belongs to, and a one-line gloss."""

    pattern: str
    topic: str
    gloss: str = ""

    def to_json(self) -> dict[str, str]:
        return {"pattern": self.pattern, "topic": self.topic, "gloss": self.gloss}


@functools.cache
def read_board_help(path: Path) -> tuple[tuple[HelpTerm, ...], tuple[str, ...]]:
    """A game's ``board_help.toml`` (its ``[[term]]`` tables and ``jargon`` list) as help terms
    and jargon words; no file gives neither. A broken file is a ValueError naming the file and
    the entry, so the game's author can fix it."""
    if not path.is_file():
        return (), ()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: {e}") from None
    extra = set(data) - {"term", "jargon"}
    if extra:
        raise ValueError(f"{path}: unknown field(s) {', '.join(sorted(extra))}"
                         " (a board help file has [[term]] tables and jargon)")
    jargon = data.get("jargon", [])
    if not isinstance(jargon, list) or not all(isinstance(w, str) and w for w in jargon):
        raise ValueError(f"{path}: jargon is a list of words")
    terms = []
    for i, t in enumerate(data.get("term", [])):
        if not isinstance(t, dict) or set(t) - {"pattern", "topic", "gloss"} or \
                not all(isinstance(t.get(k, ""), str) for k in ("pattern", "topic", "gloss")) or \
                not t.get("pattern") or not t.get("topic"):
            raise ValueError(f"{path}: term {i + 1} needs a pattern and a topic (and may have a gloss), all text")
        terms.append(HelpTerm(t["pattern"], t["topic"], t.get("gloss", "")))
    return tuple(terms), tuple(jargon)
