"""What a game tells a front end about itself: its presentation.

A front end (terminal, browser, RL dashboards) shows cards, explains keywords, draws
bars up to the winning total and validates views, and must not know any game to do it.
So each game package has a ``present`` module whose ``presentation(game)`` returns a
:class:`Presentation` built from the game's own modules (its card defs, its named rules
constants, its view schema); ``Game.presentation`` makes it on first use. A game without a
``present`` module still gets this base class, which reads what any card pool offers.

Nothing here imports ``rich``: a web server can use a presentation without the terminal.
"""
from __future__ import annotations

import importlib
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from ..engine.decks import Deck
from ..engine.game import Game
from .helpterms import HelpTerm, read_board_help

if TYPE_CHECKING:  # pragma: no cover
    from .glossary import Glossary


@dataclass(frozen=True)
class CardInfo:
    """One card as a player reads it: what tables, panels and search need, already worded."""

    name: str
    type: str                          # the game's card type id: `cards --type`, deck grouping
    kind: str = ""                     # the type line: "Character (Hero)", "Creature · Fire [Fox]"
    numbers: str = ""                  # short numbers for tables: "+2 MP · STR 7 INT 3"
    text: str = ""                     # printed text (or the abilities as the engine reads them)
    number: str = ""                   # collector number
    traits: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()     # keywords as a player reads them: "Soar", "Gigantic (1)"
    stats: Mapping[str, int] = field(default_factory=dict)  # numbers by name: {"cost": 3, "influence": 5}
    summary: str = ""                  # one line: name, type, numbers, text
    heading: str = ""                  # first line of the card's panel (default: ``kind``)
    details: tuple[str, ...] = ()      # lines between heading and text in the card's panel

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "kind": self.kind, "numbers": self.numbers,
                "text": self.text, "number": self.number, "traits": list(self.traits),
                "keywords": list(self.keywords), "stats": dict(self.stats), "summary": self.summary}


class Presentation:
    """A game's presentation. The base works for any game from its card pool (``game.pool``:
    ``names()``, ``name in pool``, ``pool[name]`` with ``type``/``text``/``number``); a game's
    ``present.py`` subclasses it and overrides :meth:`describe` and the class attributes."""

    #: the unit ``Game.match_facts`` counts a game's length in ("turns", "rounds")
    length_word: str = "turns"
    #: one or two sentences for someone choosing a game (the lobby): what you do and how you win,
    #: in our own words; empty for a game that has none
    about: str = ""
    #: card type ids in the order deck lists show them
    card_types: tuple[str, ...] = ()
    #: what a card without text says in its panel
    no_text: str = "(no card text)"
    #: the game's steps or phases as its view names them -> as a player reads them
    phases: Mapping[str, str] = {}
    #: decision kinds that are the picks of one choice (a payment, losses, an order), each a
    #: subset of the one before: a front end keeps their numbers and takes several in one answer
    pick_kinds: frozenset[str] = frozenset({"__order_triggers"})
    @property
    def help_terms(self) -> tuple[HelpTerm, ...]:
        """Board labels the glossary does not name, each with its topic and gloss (``ui.help``):
        the ``[[term]]`` tables of the game's ``board_help.toml``."""
        return self._board_help()[0]

    @property
    def jargon(self) -> tuple[str, ...]:
        """Glossary names a newcomer meets in running text (prompts, log, buttons), marked with
        help: the ``jargon`` of the game's ``board_help.toml``."""
        return self._board_help()[1]

    def _board_help(self) -> tuple[tuple[HelpTerm, ...], tuple[str, ...]]:
        module = importlib.import_module(type(self.game).__module__)
        return read_board_help(Path(str(module.__file__)).parent / "board_help.toml")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._cards: dict[str, CardInfo | None] = {}

    # ---------------------------------------------------------------- the game
    @property
    def rules(self) -> Mapping[str, int]:
        """Rules constants a screen shows, taken from the game's own modules (never re-typed):
        e.g. {"mp_to_win": 30, "aura_cap": 10, "lanes": 4}."""
        return {}

    @property
    def keywords(self) -> Mapping[str, str]:
        """Glossary: keyword id -> our own short explanation (citing rule IDs, not rulebook text)."""
        return {}

    @property
    def view_model(self) -> type | None:
        """The typed model (pydantic) of ``state.view(p)``, or None if the game has none."""
        return None

    def view_schema(self) -> dict[str, Any] | None:
        """The JSON Schema of the view (``docs/schema/<id>-view.schema.json`` is this, exported)."""
        model = self.view_model
        if model is None:
            return None
        schema = getattr(model, "model_json_schema", None)
        return schema() if schema is not None else None

    def option_choices(self, seats: int) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """Table options a player picks from a list before a game (``metatcg play`` asks when
        they are not given with ``--option``): (option name, question, [(value, what a player
        reads), ...]), the first value the default. None by default."""
        return []

    def window_moments(self, state: Any, window: Any, seat: int) -> frozenset[str]:
        """The moments (``ui.prefs.MOMENTS``) an open response ``window`` is at for ``seat``,
        from public facts only (whose turn, which step, who attacks whom), so that passing it
        by a seat's preferences reveals nothing. Empty: the game does not say, and the seat is
        always asked."""
        return frozenset()

    def auto_pay(self, state: Any, seat: int) -> Any:
        """The pick a seat's auto-pay preference makes at its pending payment (an ``Action``), or
        None: not a payment, or the game's payments are real choices (which card to give up)
        that no preference should make. Reads only what ``seat`` may see."""
        return None

    def trigger_controller(self, state: Any, trigger: Any) -> int | None:
        """The seat that controls a triggered ability waiting to be ordered (public), or None
        when the game does not say: the ``auto_order`` preference then leaves the order to the
        seat."""
        return None

    def glossary(self) -> "Glossary":
        """The game's rules help (cached): the ``TOPICS`` of its package's ``glossary`` module, or,
        for a game without one, a minimal glossary of :attr:`phases` and :attr:`keywords`."""
        found = self.__dict__.get("_glossary")
        if found is None:
            found = self.__dict__["_glossary"] = self._make_glossary()
        return found

    def _make_glossary(self) -> "Glossary":
        from .glossary import Glossary, minimal_glossary
        title = self.game.title or self.game.id
        name = type(self.game).__module__.rsplit(".", 1)[0] + ".glossary"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise                       # a glossary module that is there but broken
            return minimal_glossary(self.game.id, title, self.phases, self.keywords)
        return Glossary(self.game.id, title, module.TOPICS)

    #: the game's terminal renderer as "package.module:Class" (a :class:`metatcg.ui.terminal.GameUI`
    #: subclass), "" for the generic one; named, not imported, so the presentation (no ``rich``)
    #: sits below every renderer (:func:`metatcg.ui.terminal.terminal_ui` loads it)
    terminal_renderer: ClassVar[str] = ""

    # ---------------------------------------------------------------- cards
    def card_names(self) -> list[str]:
        pool = self.game.pool
        return list(pool.names()) if pool is not None else []

    def card_def(self, name: str) -> Any:
        """The game's own definition of ``name`` (None if it has no such card)."""
        pool = self.game.pool
        if pool is None:
            return None
        try:
            return pool[name] if name in pool else None
        except (KeyError, TypeError):
            return None

    def card(self, name: str) -> CardInfo | None:
        """``name`` as a player reads it (cached), or None for an unknown card."""
        if name not in self._cards:
            c = self.card_def(name)
            self._cards[name] = self.describe(name, c) if c is not None else None
        return self._cards[name]

    def describe(self, name: str, c: Any) -> CardInfo:
        """Word one card definition. The base reads the attributes most pools have."""
        trait = getattr(c, "trait", None) or getattr(c, "traits", None) or ()
        traits = (trait,) if isinstance(trait, str) else tuple(sorted(str(t) for t in trait))
        summary = c.summary() if callable(getattr(c, "summary", None)) else name
        return CardInfo(name=name, type=str(getattr(c, "type", "")),
                        kind=str(getattr(c, "type", "")).capitalize(), text=str(getattr(c, "text", "") or ""),
                        number=str(getattr(c, "number", "") or ""), traits=traits, summary=summary)

    def card_summary(self, name: str) -> str:
        info = self.card(name)
        return info.summary or name if info is not None else name

    def card_text(self, name: str, with_keywords: bool = False) -> str:
        """The card's text; ``with_keywords``: first the keywords the text does not mention."""
        info = self.card(name)
        if info is None:
            return ""
        text = info.text
        if with_keywords:
            low = text.lower()
            extra = [k for k in info.keywords if k.split(" (")[0].split(" ×")[0].lower() not in low]
            if extra:
                text = ". ".join(extra) + "." + (" " + text if text else "")
        return text

    def search_fields(self, name: str) -> list[str]:
        """What ``cards --search`` looks in: name, text, collector number, traits."""
        info = self.card(name)
        if info is None:
            return [name]
        return [name, info.text, info.number, *info.traits]

    def type_matches(self, name: str, kind: str) -> bool:
        """``cards --type KIND``: the card's type is KIND."""
        info = self.card(name)
        return info is not None and info.type == kind

    # ---------------------------------------------------------------- decks
    def deck_size(self, deck: Deck) -> str:
        """A deck's size as ``deck check`` reports it: '40 cards'."""
        return f"{len(deck.cards)} cards"

    def deck_blurb(self, deck: Deck) -> str:
        """One short line about a deck for the start of a game (may be empty)."""
        return ""


_generic: "weakref.WeakKeyDictionary[Game, Presentation]" = weakref.WeakKeyDictionary()


def presentation_of(game: Game) -> Presentation:
    """``game.presentation``, or the generic one for a game whose package has no ``present``
    module (or for an object that is not a kernel Game)."""
    pres = _generic.get(game)
    if pres is not None:
        return pres
    if hasattr(type(game), "presentation"):
        try:
            found: Presentation = game.presentation
            return found
        except ModuleNotFoundError as e:
            if e.name != type(game).__module__.rsplit(".", 1)[0] + ".present":
                raise                       # a present module that is there but broken
    pres = _generic[game] = Presentation(game)
    return pres
