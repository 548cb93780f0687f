"""The game-agnostic face of a ruleset: decks, new states, JSON, replay."""
from __future__ import annotations

import importlib
import re
from types import ModuleType
from pathlib import Path
from typing import Any, Callable, Iterable

from . import jsonio
from .decks import Deck, parse_deck_text, read_deck_file
from .suggest import did_you_mean
from .errors import ArgumentError, DeckError, IllegalActionError, SeatCountError, StateDataError, UnfingerprintedError
from .rng import Rng
from .action import Action
from .windows import ASK_SEATS, parse_ask_seats
from .citations import add_rule_prefixes, without_rule_ids
from .beside import module_beside
from .endings import named_ending
from .state import GameState, Rules, setup_digest


class Game:
    """Base class; a game package subclasses it and fills in the hooks."""

    id: str = ""
    title: str = ""
    seat_counts: tuple[int, ...] = (2,)   # how many players the game is played with
    #: the prefix of the game's rules catalog IDs ("MX" for "MX-TKO-2"): log lines may cite
    #: them, players read the lines without (see :mod:`.citations`)
    rule_prefixes: tuple[str, ...] = ()
    #: the game's cards by name (a ``CardPool``), None for a game without a pool
    pool: Any = None
    #: the options a bot's random playout keeps of ``legal`` (None: all of them); a game sets it
    #: where random play mostly spends an option on a blunder (ISMCTS, bots/ismcts.py)
    playout_actions: Callable[[GameState, list[Action]], list[Action]] | None = None
    #: the bot the Hard level plays in this game (a ``make_bot`` spec within a second a move):
    #: the strongest the game's ladder measured (docs/bots.md)
    hard_bot: str = "rollout:ms=800"

    @property
    def min_players(self) -> int:
        return min(self.seat_counts)

    @property
    def max_players(self) -> int:
        return max(self.seat_counts)

    def seats_text(self) -> str:
        c = sorted(self.seat_counts)
        if len(c) == 1:
            return str(c[0])
        if c == list(range(c[0], c[-1] + 1)):
            return f"{c[0]}-{c[-1]}"
        return ", ".join(map(str, c))

    @property
    def presentation(self) -> Any:
        """The game's presentation (card text, glossary, rules constants, view schema,
        terminal renderer): its package's ``present`` module makes it on first use."""
        pres = self.__dict__.get("_presentation")
        if pres is None:
            import importlib
            module = importlib.import_module(type(self).__module__.rsplit(".", 1)[0] + ".present")
            pres = self.__dict__["_presentation"] = module.presentation(self)
        return pres

    def __init__(self, rules: Rules, deck_dir: Path | None = None) -> None:
        add_rule_prefixes(*self.rule_prefixes)
        self.rules = rules
        self.deck_dir = deck_dir

    # --------------------------------------------------------------- decks
    def starter_deck_names(self) -> list[str]:
        if self.deck_dir is None:
            return []
        names = self.__dict__.get("_starter_names")
        if names is None:
            names = self.__dict__["_starter_names"] = sorted(p.stem for p in self.deck_dir.glob("*.txt"))
        return list(names)

    def starter_deck(self, name: str) -> Deck:
        cache: dict[str, Deck] = self.__dict__.setdefault("_starters", {})
        deck = cache.get(name)
        if deck is None:
            names = self.starter_deck_names()
            if name not in names or self.deck_dir is None:
                raise DeckError(f"no starter deck {name!r} for {self.id}; starter decks: {', '.join(names)}"
                                f"{did_you_mean(name, names)}")
            deck = cache[name] = read_deck_file(self.deck_dir / f"{name}.txt")
        return deck

    def resolve_deck(self, spec: "Deck | str | Iterable[str]") -> Deck:
        """A Deck, a starter deck name, a deck file path, or a list of card names."""
        if isinstance(spec, Deck):
            return spec
        if isinstance(spec, str):
            if spec in self.starter_deck_names():
                return self.starter_deck(spec)
            p = Path(spec)
            if p.suffix == ".txt" or p.exists():
                return read_deck_file(p)
            names = self.starter_deck_names()
            raise DeckError(f"{spec!r} is neither a starter deck of {self.id} nor a deck file; starter decks: "
                            f"{', '.join(names) or 'none'}{did_you_mean(spec, names)}")
        if not isinstance(spec, (list, tuple)) or not all(isinstance(c, str) for c in spec):
            raise DeckError(f"a deck is a starter deck name, a deck file or a list of card names, not {spec!r:.60}")
        return Deck("custom", tuple(spec))

    def parse_deck(self, text: str, name: str = "deck") -> Deck:
        return parse_deck_text(text, name)

    def check_deck(self, deck: Deck) -> list[str]:
        """Every rule the deck breaks, as readable lines (empty when legal)."""
        raise NotImplementedError

    def validate_deck(self, deck: Deck) -> Deck:
        problems = self.check_deck(deck)
        if problems:
            raise DeckError(f"deck {deck.name!r} is not legal for {self.id}:\n  " + "\n  ".join(problems))
        return deck

    # --------------------------------------------------------------- states
    def new_state(self, decks: list[Any], seed: int = 0, options: dict[str, Any] | None = None,
                  log: bool = True) -> GameState:
        """A new game, one deck per seat. ``log=False`` is quiet mode: the same game (same
        actions, same results, same JSON apart from the log) without making log text."""
        if isinstance(decks, (str, bytes)) or not isinstance(decks, (list, tuple)):
            raise DeckError(f"decks must be a list with one deck per player, not {decks!r:.60}")
        if type(seed) is not int:  # 1.7 must not quietly become 1, nor "x" a ValueError
            raise ArgumentError(f"seed must be a whole number (int), not {seed!r:.40}")
        if type(log) is not bool:
            raise ArgumentError(f"log must be True or False, not {log!r:.40}")
        n = len(decks)
        if n not in self.seat_counts:
            raise SeatCountError(f"{self.id} is played by {self.seats_text()} players "
                                 f"(one deck each), not {n}")
        resolved = [self.validate_deck(self.resolve_deck(d)) for d in decks]
        opts = self.default_options()
        for k, v in (options or {}).items():
            if k not in opts:
                raise DeckError(f"unknown option {k!r} for {self.id}; options: {', '.join(opts)}")
            want = type(opts[k])
            if type(v) is not want or (want is int and v < 1):
                raise DeckError(f"option {k!r} must be a {'positive int' if want is int else want.__name__}, got {v!r}")
            opts[k] = v
        try:
            parse_ask_seats(opts[ASK_SEATS], n)
        except ValueError as e:
            raise DeckError(f"option {ASK_SEATS!r}: {e}") from None
        if not opts[ASK_SEATS]:   # unset: the options (records, digests) read as before it existed
            del opts[ASK_SEATS]
        state = GameState(self, None, seed, opts, tuple(d.cards for d in resolved), log=log)
        state.data = self.initial_data(state, resolved)
        self.setup(state)
        state._advance()
        return state

    def default_options(self) -> dict[str, Any]:
        """Every game's table options: the action limit (PR-K-3), taking single-option decisions
        (PR-K-1) and the seats asked in every response window (``ask_seats``, PR-K-10)."""
        return {"action_limit": self.rules.action_limit, "auto_single": True, ASK_SEATS: ""}

    def initial_data(self, state: GameState, decks: list[Deck]) -> Any:
        raise NotImplementedError

    def setup(self, state: GameState) -> None:
        """Push the setup steps (shuffles, first player, opening hands...)."""
        raise NotImplementedError

    def state_from_json(self, obj: "dict[str, Any] | str | bytes", trust: bool = False) -> GameState:
        """A state from its JSON (``to_json``/``to_json_text``), every part checked (see
        ``GameState.from_json``). JSON without a fingerprint is refused unless ``trust`` is
        True; the state then loads marked ``unchecked``."""
        if type(trust) is not bool:
            raise ArgumentError(f"trust must be True or False, not {trust!r:.40}")
        if isinstance(obj, (str, bytes)):
            obj = jsonio.loads(obj, "state JSON")
        try:
            return GameState.from_json(self, obj, trust)
        except RecursionError:
            raise StateDataError("malformed state JSON: nested too deeply") from None

    def replay(self, record: "dict[str, Any] | str", upto: int | None = None, log: bool = True,
               trust: bool = False) -> GameState:
        """Rebuild a game from its record (game, options, decks, seed, action ids): its first
        ``upto`` actions (None: all of them). The record's fingerprint is checked: the setup
        always, the final state when every action is replayed. A record without one is
        refused, since nothing shows that its decks and seed are those the game was played
        with; ``trust=True`` replays it anyway and marks the state ``unchecked``."""
        if type(log) is not bool:
            raise ArgumentError(f"log must be True or False, not {log!r:.40}")
        if type(trust) is not bool:
            raise ArgumentError(f"trust must be True or False, not {trust!r:.40}")
        if upto is not None and type(upto) is not int:
            raise ArgumentError(f"upto must be a whole number of actions (or None for all), not {upto!r:.40}")
        if isinstance(record, (str, bytes)):
            record = jsonio.loads(record, "record JSON")
        if not isinstance(record, dict) or record.get("format") != "metatcg-record/1":
            raise StateDataError("not a metatcg game record (expected format 'metatcg-record/1')")
        if record.get("game") != self.id:
            raise StateDataError(f"record is for game {record.get('game')!r}, not {self.id!r}")
        try:
            decks = [list(d) for d in record["decks"]]
            seed = record["seed"]
            if type(seed) is not int:
                raise StateDataError(f"malformed record: seed must be a whole number, not {seed!r:.40}")
            actions = [str(a) for a in record["actions"]]
            options = dict(record.get("options") or {})
            mark = record.get("fingerprint")
            if mark is not None and not (isinstance(mark, dict) and all(isinstance(mark.get(k), str)
                                                                         for k in ("setup", "state"))):
                raise StateDataError("malformed record: fingerprint must hold 'setup' and 'state' hashes")
        except (KeyError, TypeError, ValueError) as e:
            raise StateDataError(f"malformed record: {type(e).__name__}: {e}") from None
        if upto is not None and not 0 <= upto <= len(actions):
            raise ArgumentError(f"upto must be from 0 to {len(actions)} (the record's actions), not {upto}")
        if mark is not None and setup_digest(decks, options, seed) != mark["setup"]:
            raise StateDataError("record was changed after it was made: its decks (cards or their order), "
                                 "options or seed are not those the game was played with")
        state = self.new_state(decks, seed=seed, options=options, log=log)   # checks decks and options
        if mark is None:
            if not trust:
                raise UnfingerprintedError("record without a fingerprint: nothing shows that its decks (cards or their "
                                     "order), options and seed are those the game was played with; "
                                     "replay(record, trust=True) rebuilds it unchecked")
            state.unchecked = True
        for i, aid in enumerate(actions[:upto]):
            try:
                state.apply(aid)
            except IllegalActionError as e:
                raise StateDataError(f"record action #{i + 1} does not replay: {e}") from None
        if mark is not None and upto is None and state.digest() != mark["state"]:
            raise StateDataError("record does not replay to the game it recorded: the final state differs "
                                 "(made by another version of the rules or cards?)")
        return state

    # --------------------------------------------------------------- for statistics
    def match_facts(self, state: GameState) -> dict[str, Any]:
        """Facts the simulator summarises: who acted first in the game, and its length in the
        game's own units (turns, rounds)."""
        return {"first_player": None, "turns": 0}

    # A game names its endings and plays by adding ``facts.py`` beside its game class:
    # ``ENDING_PHRASES`` (``engine.endings.named_ending``), ``hand_cards(state, player)`` and
    # ``played_card(state, action)``; its bots' hooks by ``heuristics.py``: ``evaluate(state,
    # player)``. Found by convention, like the RL modules below.
    def ending(self, state: GameState) -> str:
        """A short, stable name for how a finished game ended ("victory points", "deck out",
        "draw: decks out"), the same for every seat and game, so a simulator can count endings.
        A reason none of the game's phrases names gives the reason with seats and numbers
        taken out."""
        facts = self._maybe_own("facts")
        named = named_ending(state, getattr(facts, "ENDING_PHRASES", ()))
        return named if named is not None else generic_ending(state.reason)

    def hand_cards(self, state: GameState, player: int) -> list[str]:
        """The names of the cards in ``player``'s hand now (card impact counts a card as drawn
        once its owner held it at one of their decisions). A game whose data keeps hands as
        ``hand`` and ``cards`` (:func:`hand_names`) need not write one; a game without hands
        gives none."""
        own = getattr(self._maybe_own("facts"), "hand_cards", None)
        if own is not None:
            return own(state, player)  # type: ignore[no-any-return]
        d = state.data
        return hand_names(state, player) if hasattr(d, "hand") and hasattr(d, "cards") else []

    def played_card(self, state: GameState, action: Action) -> str | None:
        """The name of the card that ``action`` (one of the current decision's legal actions)
        plays from its player's hand, or None when it plays no card from hand."""
        own = getattr(self._maybe_own("facts"), "played_card", None)
        return own(state, action) if own is not None else None

    # --------------------------------------------------------------- for bots
    def position(self, spec: dict[str, Any]) -> GameState:
        """Any mid-game position from plain data (scenarios, tutorials); a game that has no
        position format says so."""
        raise StateDataError(f"game {self.id!r} cannot build positions; use [setup.new_game]")

    def determinize(self, state: GameState, player: int, rng: Rng) -> GameState:
        """A full state consistent with what ``player`` knows (hidden cards resampled)."""
        raise NotImplementedError

    def evaluate(self, state: GameState, player: int) -> float:
        """The game's own heuristic value of ``state`` for ``player`` (greedy bots): its
        ``heuristics.evaluate``."""
        return self._own("heuristics", "has no heuristic evaluation").evaluate(  # type: ignore[no-any-return]
            state, player)

    # ------------------------------------------------ for RL environments (metatcg.rl)
    # A game adds RL support by adding modules beside its game class: ``action_space.py`` with
    # ``action_space(game, seats)``, and ``observation.py`` with ``build(game, seats)`` (its
    # ``engine.obsvec.Encoder``, made once per game and seat count) and ``observe(encoder, view,
    # seats)``. Found by convention, so the kernel names no game.
    def action_space(self, seats: int) -> Any:
        """Every action id this game can offer at ``seats`` seats, as an
        ``engine.action_space.ActionSpace``: a fixed numbering of them for RL."""
        return self._own("action_space", "declares no action space").action_space(self, self._rl_seats(seats))

    def observation_layout(self, seats: int) -> list[tuple[str, int]]:
        """The parts of :meth:`observe`'s vector at ``seats`` seats, in order: (name, length)."""
        return list(self._encoder(seats).parts)

    def observe(self, view: dict[str, Any], seats: int) -> Any:
        """A fixed-length ``numpy.float32`` vector built from ``view`` (a ``state.view(p)``) alone."""
        seats = self._rl_seats(seats)
        return self._own("observation", "declares no observation encoding").observe(self._encoder(seats), view, seats)

    def _encoder(self, seats: int) -> Any:
        """The game's observation encoder for ``seats`` (its ``observation.build``), made once."""
        from .obsvec import cached
        return cached(self, self._rl_seats(seats), self._own("observation", "declares no observation encoding").build)

    def _rl_seats(self, seats: Any) -> int:
        """``seats`` if this game is played by that many, else a clear :class:`SeatCountError`
        (checked here once for every game's action space and observation encoding)."""
        if type(seats) is not int or seats not in self.seat_counts:
            raise SeatCountError(f"{self.id} is played by {self.seats_text()} players, not {seats!r}")
        return seats

    def _own(self, name: str, missing: str) -> Any:
        """The module ``name`` of this game's own package, or NotImplementedError saying so."""
        module = self._maybe_own(name)
        if module is None:
            raise NotImplementedError(f"{self.id} {missing}")
        return module

    def _maybe_own(self, name: str) -> ModuleType | None:
        """The module ``name`` of this game's own package, None when it has none."""
        return module_beside(type(self).__module__, name)

    #: how many units of :meth:`evaluate` make a clear lead: a search bot reads a value ``v``
    #: as ``tanh(v / eval_scale)`` in -1..1, so too small a scale makes every lead look won
    eval_scale: float = 10.0


def hand_names(state: GameState, player: int) -> list[str]:
    """The names of the cards in ``player``'s hand, for a game whose data keeps each seat's hand
    as card ids in ``hand`` and the cards' definitions, each with a ``name``, in ``cards``."""
    cards = state.data.cards
    return [cards[c].name for c in state.data.hand[player]]


_SEATS_AND_NUMBERS = re.compile(r"\bP[0-9]+(?:'s)?\b|[0-9]+")


def generic_ending(reason: str) -> str:
    """A finished game's reason without rule IDs, seat names and numbers: "P2 wins with 6
    Victory Points (MX-WIN-1)" becomes "wins with N Victory Points"."""
    text = _SEATS_AND_NUMBERS.sub(lambda m: "" if m.group(0).startswith("P") else "N", without_rule_ids(reason))
    return " ".join(text.split()) or "unknown"


class PooledGame(Game):
    """A game whose cards come from a card pool. A subclass names its rules class; the rest is
    found in its package by convention: its starter decks in ``decks/``, ``position.py``
    (``build_position(game, spec)``, ``snapshot(state)``), ``cards.py`` (``parse_cards(text,
    path)``) and ``deckcheck.py`` (``check_deck(pool, deck)``)."""

    rules_class: type

    def __init__(self, pool: Any) -> None:
        module = importlib.import_module(type(self).__module__)
        super().__init__(self.rules_class(pool), Path(str(module.__file__)).parent / "decks")
        self.pool = pool

    def with_cards(self, extra: list[Any]) -> "PooledGame":
        """This game with extra (scenario stand-in) cards in its pool."""
        return type(self)(self.pool.with_cards(extra))

    def position(self, spec: dict[str, Any]) -> GameState:
        """Any mid-game position from plain data (the game's position.py documents the format)."""
        return self._own("position", "has no position format").build_position(self, spec)  # type: ignore[no-any-return]

    def snapshot(self, state: GameState) -> dict[str, Any]:
        """A readable omniscient summary of ``state`` for scenario expectations."""
        return self._own("position", "has no position format").snapshot(state)  # type: ignore[no-any-return]

    def parse_cards(self, text: str, path: str = "<cards>") -> list[Any]:
        return self._own("cards", "has no card files").parse_cards(text, path)  # type: ignore[no-any-return]

    def check_deck(self, deck: Deck) -> list[str]:
        """The deck's problems, worked out once per card list (a simulation checks the same
        decks at every new game)."""
        known = self.__dict__.setdefault("_deck_problems", {})
        problems = known.get(deck.cards)
        if problems is None:
            check = self._own("deckcheck", "has no deck rules").check_deck
            problems = known[deck.cards] = tuple(check(self.pool, deck))
        return list(problems)

    def deal(self, decks: list[Deck]) -> tuple[tuple[Any, ...], tuple[int, ...], list[list[int]]]:
        """Card instances for a new game: every seat's cards in deck order, numbered from 0 in
        seat order. Returns (card defs by id, owner seat by id, each seat's card ids)."""
        cards: list[Any] = []
        owner: list[int] = []
        ids: list[list[int]] = []
        for p, deck in enumerate(decks):
            defs = self.card_defs(deck)
            ids.append(list(range(len(cards), len(cards) + len(defs))))
            cards += defs
            owner += [p] * len(defs)
        return tuple(cards), tuple(owner), ids

    def card_defs(self, deck: Deck) -> tuple[Any, ...]:
        """The card definitions of a deck's cards, in deck order (looked up once per card list)."""
        known: dict[tuple[str, ...], tuple[Any, ...]] = self.__dict__.setdefault("_card_defs", {})
        defs = known.get(deck.cards)
        if defs is None:
            for nm in deck.cards:
                if nm not in self.pool:
                    raise DeckError(f"unknown card {nm!r}")
            defs = known[deck.cards] = tuple(self.pool[nm] for nm in deck.cards)
        return defs
