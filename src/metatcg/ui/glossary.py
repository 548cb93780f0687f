"""A game's rules help as data: topics a player can look up, the same for every front end.

The terminal's ``metatcg rules GAME [TOPIC]`` and the browser show the same glossary, so it is
plain data (JSON-able, no ``rich``). Each game writes its topics in our own words in a data file
beside its ``glossary`` module (``games/<package>/glossary.toml``, one ``[[topic]]`` table a
topic), which that module reads with :func:`load_topics` into ``TOPICS``, passing the named
constants the texts quote; rule IDs go in ``Topic.rules`` for audits and never in the text a
player reads. :meth:`Glossary.lookup` finds topics by what a person types.
"""
from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any, Iterable, Iterator, Mapping

from ..engine.citations import without_rule_ids

#: topic kinds in the order an index shows them, with their headings
KINDS: dict[str, str] = {
    "overview": "Overview", "turn": "Turn", "phase": "Phases and steps", "action": "Actions",
    "keyword": "Keywords", "status": "Statuses", "win": "Winning", "zone": "Zones",
    "card type": "Card types", "term": "Other terms", "tips": "Tips for playing well",
}

#: a rules catalog citation: "MX-TKO-2", "MZL-ERRATA-CANNOT" (capitals joined by hyphens)
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]{1,4}(?:-[A-Z0-9]+)+\b")


def norm(text: str) -> str:
    """A lookup key: case, hyphens, underscores and runs of spaces do not matter."""
    return re.sub(r"[\s_\-]+", " ", text.strip().lower())


@dataclass(frozen=True)
class Topic:
    """One entry of the rules help: a keyword, a phase, a status, how to win..."""

    id: str                             # stable handle: "team-attack", "soar"
    title: str                          # as a player reads it: "Team Attack"
    kind: str                           # one of KINDS
    text: str                           # our own words; paragraphs split by blank lines
    see_also: tuple[str, ...] = ()      # ids of related topics
    rules: tuple[str, ...] = ()         # catalog rule IDs it restates (never shown in the text)
    aliases: tuple[str, ...] = ()       # other names: the view's phase or keyword ids, plurals

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"topic {self.id!r}: unknown kind {self.kind!r} (one of {', '.join(KINDS)})")

    def summary(self) -> str:
        """The first sentence of the text: a one-line gloss for an index or a tooltip."""
        first = self.text.strip().split("\n", 1)[0]
        m = re.match(r"(.+?[.!?])(\s|$)", first)
        return m.group(1) if m else first

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "kind": self.kind, "text": self.text,
                "see_also": list(self.see_also), "rules": list(self.rules), "aliases": list(self.aliases)}


@dataclass(frozen=True)
class Lookup:
    """What a query found: matching topics (best first), or close titles to suggest."""

    matches: tuple[Topic, ...]
    suggestions: tuple[str, ...] = ()


class Glossary:
    """A game's topics with lookup by id, alias or title; the order is the game's own."""

    def __init__(self, game_id: str, title: str, topics: Iterable[Topic], *, own: bool = True) -> None:
        self.game_id = game_id
        self.title = title
        self.own = own          # False: made by :func:`minimal_glossary` for a game without one
        self.topics: tuple[Topic, ...] = tuple(topics)
        self._names: dict[str, Topic] = {}          # normalised id or alias -> its topic (unique)
        self._titles: dict[str, list[Topic]] = {}   # normalised title -> topics (titles may repeat)
        for t in self.topics:
            for key in (t.id, *t.aliases):
                other = self._names.setdefault(norm(key), t)
                if other is not t:
                    raise ValueError(f"{game_id} glossary: {key!r} names both {other.id!r} and {t.id!r}")
            self._titles.setdefault(norm(t.title), []).append(t)
        self._keys = [*self._names, *self._titles]

    def __len__(self) -> int:
        return len(self.topics)

    def __iter__(self) -> Iterator[Topic]:
        return iter(self.topics)

    def get(self, topic_id: str) -> Topic | None:
        """The topic with this id, or None."""
        t = self._names.get(norm(topic_id))
        return t if t is not None and t.id == topic_id else None

    def topic_for(self, term: str) -> Topic | None:
        """The topic an exact id or alias (a view's phase or keyword id) or title names, or None."""
        q = norm(term)
        return self._names.get(q) or next(iter(self._titles.get(q, ())), None)

    def by_kind(self) -> dict[str, list[Topic]]:
        """Topics grouped by kind, kinds in :data:`KINDS` order, topics in the game's order."""
        groups: dict[str, list[Topic]] = {k: [] for k in KINDS}
        for t in self.topics:
            groups[t.kind].append(t)
        return {k: ts for k, ts in groups.items() if ts}

    def lookup(self, query: str) -> Lookup:
        """Topics matching what a person typed: an exact id, alias or title wins (several topics
        may share a title); then names starting with the query; then names containing it.
        Nothing: the closest names come back as suggestions."""
        q = norm(query)
        if not q:
            return Lookup(())
        exact = _unique([*([self._names[q]] if q in self._names else []), *self._titles.get(q, ())])
        if exact:
            return Lookup(tuple(exact))
        for test in (str.startswith, str.__contains__):
            found = _unique(t for key in self._keys if test(key, q) for t in self._topics_at(key))
            if found:
                return Lookup(tuple(sorted(found, key=self.topics.index)))
        return Lookup((), self._suggest(q))

    def _topics_at(self, key: str) -> list[Topic]:
        return [self._names[key]] if key in self._names else self._titles[key]

    def _suggest(self, q: str) -> tuple[str, ...]:
        """Up to three titles close to ``q``, as a whole or by one of their words ("tko" for
        "tkos", "gamma" for "Gamma step" when "gama" was typed)."""
        def closeness(key: str) -> float:
            return max(difflib.SequenceMatcher(None, q, part).ratio() for part in (key, *key.split()))
        scored = sorted(((closeness(k), i) for i, k in enumerate(self._keys)), key=lambda s: (-s[0], s[1]))
        close = [self._keys[i] for score, i in scored if score >= 0.6]
        return tuple(_unique(t.title for c in close for t in self._topics_at(c))[:3])

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "title": self.title, "kinds": dict(KINDS),
                "topics": [t.to_json() for t in self.topics]}


def _unique(items: Iterable[Any]) -> list[Any]:
    seen: list[Any] = []
    for x in items:
        if x not in seen:
            seen.append(x)
    return seen


def split_rule_ids(text: str) -> tuple[str, tuple[str, ...]]:
    """Text without its parenthesised rule citations, and the IDs they cited: a player reads
    the first, an audit the second."""
    ids = tuple(RULE_ID.findall(text))
    clean = without_rule_ids(text, {i.split("-", 1)[0] for i in ids}) if ids else text
    return clean.strip(), ids


def minimal_glossary(game_id: str, title: str, phases: Mapping[str, str],
                     keywords: Mapping[str, str]) -> Glossary:
    """What a game without a ``glossary`` module still offers: its phases and keywords as its
    presentation names and explains them, and an overview saying where the full rules are."""
    topics = [Topic("overview", f"{title}: overview", "overview",
                    f"This game ships no rules help of its own beyond its phases and keywords. "
                    f"Its rulebook and rules catalog describe {title} in full.")]
    by_name: dict[str, list[str]] = {}
    for pid, name in phases.items():
        by_name.setdefault(name, []).append(pid)
    for name, ids in by_name.items():
        topics.append(Topic(ids[0], name, "phase", f"A part of the game the board calls {name}.",
                            aliases=tuple(ids[1:])))
    taken = {t.id for t in topics}
    for kid, explained in keywords.items():
        text, rules = split_rule_ids(explained)
        topics.append(Topic(f"keyword-{kid}" if kid in taken else kid, kid.replace("_", " ").capitalize(),
                            "keyword", text or "A keyword of this game.", rules=rules))
    return Glossary(game_id, title, topics, own=False)


# ---------------------------------------------------------------------------- glossary files

#: a named constant in a title or text: ``{VP_TO_WIN}``, ``{ACTION_LIMIT:,}`` (a format spec)
PLACEHOLDER = re.compile(r"\{([A-Z][A-Z0-9_]*)(?::([^{}]*))?\}")

_TEXT_FIELDS = ("id", "title", "kind", "text")
_LIST_FIELDS = ("see_also", "rules", "aliases")


class GlossaryFileError(ValueError):
    """A glossary file that cannot be read as topics; the message names the file and the topic."""


def load_topics(module: str, values: Mapping[str, object] | None = None,
                name: str = "glossary.toml") -> tuple[Topic, ...]:
    """The topics of the glossary file that ships beside ``module`` (a game's ``glossary`` module
    passes its ``__name__``), with each ``{NAME}`` in a title or text filled in from ``values``."""
    source = resources.files(module.rpartition(".")[0]).joinpath(name)
    return parse_topics(source.read_text(encoding="utf-8"), str(source), values)


def parse_topics(text: str, source: str, values: Mapping[str, object] | None = None) -> tuple[Topic, ...]:
    """Topics from the text of a glossary file; ``source`` names the file in every error.

    The file is a list of ``[[topic]]`` tables with the fields of :class:`Topic`: ``id``,
    ``title``, ``kind`` and ``text`` (strings), and the optional lists of strings ``see_also``,
    ``rules`` and ``aliases``. Anything else (an unknown field, a wrong type, a placeholder the
    game does not supply, an id used twice) is an error, so a typo never reaches a player."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise GlossaryFileError(f"{source}: not valid TOML: {e}") from e
    extra = sorted(set(data) - {"topic"})
    if extra:
        raise GlossaryFileError(f"{source}: only [[topic]] tables belong here, not {', '.join(extra)}")
    tables = data.get("topic")
    if not isinstance(tables, list) or not tables:
        raise GlossaryFileError(f"{source}: no [[topic]] tables")
    topics: list[Topic] = []
    seen: set[str] = set()
    for n, table in enumerate(tables, 1):
        topic = _topic(table, f"{source}: topic {n}", values or {})
        if topic.id in seen:
            raise GlossaryFileError(f"{source}: topic {n} ({topic.id!r}): the id {topic.id!r} is used twice")
        seen.add(topic.id)
        topics.append(topic)
    return tuple(topics)


def _topic(table: dict[str, Any], where: str, values: Mapping[str, object]) -> Topic:
    """One ``[[topic]]`` table as a :class:`Topic`; ``where`` says which in an error."""
    tid = table.get("id")
    if isinstance(tid, str) and tid:
        where = f"{where} ({tid!r})"
    unknown = sorted(set(table) - {*_TEXT_FIELDS, *_LIST_FIELDS})
    if unknown:
        raise GlossaryFileError(f"{where}: unknown field {', '.join(unknown)} "
                                f"(the fields are {', '.join((*_TEXT_FIELDS, *_LIST_FIELDS))})")
    strings: dict[str, str] = {}
    for field in _TEXT_FIELDS:
        value = table.get(field)
        if not isinstance(value, str) or not value.strip():
            raise GlossaryFileError(f"{where}: {field!r} must be a non-empty string, not {value!r}")
        strings[field] = value
    if strings["kind"] not in KINDS:
        raise GlossaryFileError(f"{where}: unknown kind {strings['kind']!r} (one of {', '.join(KINDS)})")
    lists: dict[str, tuple[str, ...]] = {}
    for field in _LIST_FIELDS:
        items = table.get(field, [])
        if not isinstance(items, list) or not all(isinstance(i, str) and i for i in items):
            raise GlossaryFileError(f"{where}: {field!r} must be a list of non-empty strings, not {items!r}")
        lists[field] = tuple(items)
    return Topic(strings["id"], _fill(strings["title"], values, f"{where}, title"), strings["kind"],
                 _fill(strings["text"], values, f"{where}, text"), see_also=lists["see_also"],
                 rules=lists["rules"], aliases=lists["aliases"])


def _fill(text: str, values: Mapping[str, object], where: str) -> str:
    """``text`` with each ``{NAME}`` replaced by ``values[NAME]`` (formatted by its spec)."""
    def one(m: re.Match[str]) -> str:
        if m[1] not in values:
            known = ", ".join(sorted(values)) or "none"
            raise GlossaryFileError(f"{where}: no value for {{{m[1]}}} (the game supplies {known})")
        try:
            return format(values[m[1]], m[2] or "")
        except (TypeError, ValueError) as e:
            raise GlossaryFileError(f"{where}: {m[0]}: {e}") from e
    return PLACEHOLDER.sub(one, text)
