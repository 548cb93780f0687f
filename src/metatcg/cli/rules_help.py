"""Rules help in the terminal: ``metatcg rules GAME [TOPIC]`` and ``rules [TOPIC]`` during play.

Both print the game's own glossary (``Presentation.glossary()``), the same data the browser
shows; this module only lays it out. Rule IDs stay out of what a player reads.
"""
from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from metatcg.engine.game import Game
from metatcg.ui.glossary import KINDS, Glossary, Topic
from metatcg.ui.presentation import presentation_of

from .common import console, print_error

MAX_SHOWN = 3        # a query matching more topics than this lists their titles instead
WIDTH = 80


def glossary_of(game: Game) -> Glossary:
    return presentation_of(game).glossary()


def show_rules(game: Game, topic: str | None, command: str | None = None) -> bool:
    """Print the topic index (``topic`` None or empty) or the topics ``topic`` names.

    ``command`` is how the player asks for a topic, for the hints: ``metatcg rules GAME`` from
    the shell (the default), ``rules`` during play. Returns False, after a red error with
    suggestions, when nothing matches."""
    glossary = glossary_of(game)
    command = command or f"metatcg rules {game.id}"
    if not topic or not topic.strip():
        console.print(render_index(glossary, command))
        return True
    found = glossary.lookup(topic)
    if not found.matches:
        hint = f"; did you mean {' or '.join(repr(s) for s in found.suggestions)}?" if found.suggestions else ""
        print_error(f"no {game.id} rules topic matches {topic.strip()!r}{hint}\n"
                    f"'{command}' lists every topic")
        return False
    if len(found.matches) > MAX_SHOWN:
        console.print(render_matches(found.matches, topic.strip(), command))
        return True
    for t in found.matches:
        console.print(render_topic(glossary, t))
    return True


def render_index(glossary: Glossary, command: str) -> RenderableType:
    """Every topic title grouped by kind: a heading column, then titles packed into lines that
    fit 80 characters without breaking a title."""
    groups = glossary.by_kind()
    label = max(len(KINDS[k]) for k in groups)
    room = max(20, min(WIDTH, console.width) - label - 2)
    lines: list[RenderableType] = [Text(f"{glossary.title}: rules topics", style="bold"), Text()]
    for kind, topics in groups.items():
        for i, row in enumerate(pack([t.title for t in topics], room)):
            head = KINDS[kind] if i == 0 else ""
            lines.append(Text.assemble((head.ljust(label + 2), "bold"), row, no_wrap=True))
    lines += [Text(), Text(f"'{command} TOPIC' explains one; a few letters of a title are enough "
                           f"(e.g. '{command} {_example(glossary)}').", style="dim")]
    return Group(*lines)


def pack(titles: list[str], room: int, sep: str = " · ") -> list[str]:
    """Titles joined by ``sep`` into lines of at most ``room`` characters (a longer title gets
    a line of its own)."""
    rows: list[str] = []
    for title in titles:
        if rows and len(rows[-1]) + len(sep) + len(title) <= room:
            rows[-1] += sep + title
        else:
            rows.append(title)
    return rows


def _example(glossary: Glossary) -> str:
    keywords = glossary.by_kind().get("keyword") or list(glossary.topics)
    return keywords[0].title.split()[0].strip("\"'(").lower()


def render_matches(topics: tuple[Topic, ...], query: str, command: str) -> RenderableType:
    """Several topics match: their titles, one line each, to pick from."""
    lines = [Text(f"{len(topics)} topics match {query!r}:")]
    lines += [Text.assemble("  ", (t.title, "bold"), (f"  ({KINDS[t.kind].lower()})", "dim")) for t in topics]
    lines.append(Text(f"'{command} TITLE' shows one.", style="dim"))
    return Group(*lines)


def render_topic(glossary: Glossary, topic: Topic) -> RenderableType:
    """One topic in a panel: its text, then what to read next."""
    body: list[RenderableType] = []
    for para in topic.text.strip().split("\n\n"):
        body.append(Text(para.strip()))
        body.append(Text())
    related = [glossary.get(s) for s in topic.see_also]
    titles = [t.title for t in related if t is not None]
    if titles:
        body.append(Text.assemble(("See also: ", "dim bold"), (", ".join(titles), "dim")))
    elif body:
        body.pop()
    return Panel(Group(*body), title=Text(topic.title, style="bold"), title_align="left",
                 subtitle=Text(KINDS[topic.kind].lower(), style="dim"), subtitle_align="right",
                 width=min(WIDTH, console.width), padding=(0, 1))
