"""Which games this engine plays: game id -> the package that builds it, and its title.

A game registers itself with one line (``metatcg/games/__init__.py`` holds those lines for
the games that ship with metatcg); a test or a plug-in registers another one with
``metatcg.register_game``. Front ends, the simulator and the generic tests only ever ask
this registry (``game_ids()``, ``load_game(id)``), so they never name a game.
"""
from __future__ import annotations

import importlib
from typing import Callable, Iterator, Mapping, NamedTuple, Union

from .engine.errors import UnknownGameError
from .engine.game import Game
from .engine.suggest import did_you_mean

#: how a game is built: a module path whose ``load() -> Game`` builds it, or that function itself
Loader = Union[str, Callable[[], Game]]


class GameEntry(NamedTuple):
    id: str
    module: Loader
    title: str


_entries: dict[str, GameEntry] = {}
_loaded: dict[str, Game] = {}


def register_game(game_id: str, module: Loader, title: str = "", *, replace: bool = False) -> None:
    """Make ``game_id`` playable. ``module`` is the dotted path of a package exposing
    ``load() -> Game`` (imported on the first ``load_game``), or a zero-argument function
    returning the Game. Registering a taken id is an error unless ``replace`` is set."""
    if not isinstance(game_id, str) or not game_id or game_id != game_id.strip():
        raise ValueError(f"a game id is a non-empty word, not {game_id!r}")
    if game_id in _entries and not replace and _entries[game_id][1:] != (module, title or game_id):
        raise ValueError(f"game id {game_id!r} is already registered for {_entries[game_id].module}")
    _entries[game_id] = GameEntry(game_id, module, title or game_id)
    _loaded.pop(game_id, None)


def unregister_game(game_id: str) -> None:
    """Forget ``game_id`` (tests that registered a toy game clean up with this)."""
    _entries.pop(game_id, None)
    _loaded.pop(game_id, None)


def game_ids() -> list[str]:
    """Registered game ids, in registration order."""
    return list(_entries)


def game_entries() -> list[GameEntry]:
    """(id, module, title) of every registered game, in registration order."""
    return list(_entries.values())


def game_title(game_id: str) -> str:
    return _entry(game_id).title


def load_game(game_id: str) -> Game:
    """The ruleset and card pool of ``game_id`` (cached: a Game is immutable)."""
    entry = _entry(game_id)
    game = _loaded.get(game_id)
    if game is None:
        load = importlib.import_module(entry.module).load if isinstance(entry.module, str) else entry.module
        game = _loaded[game_id] = load()
    return game


class _GamesView(Mapping[str, tuple[Loader, str]]):
    """Read-only ``{game id: (module, title)}`` over the registry (the older ``metatcg.GAMES``)."""

    def __getitem__(self, game_id: str) -> tuple[Loader, str]:
        entry = _entries[game_id]
        return entry.module, entry.title

    def __iter__(self) -> Iterator[str]:
        return iter(list(_entries))

    def __len__(self) -> int:
        return len(_entries)


GAMES: Mapping[str, tuple[Loader, str]] = _GamesView()


def _entry(game_id: str) -> GameEntry:
    entry = _entries.get(game_id)
    if entry is None:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {', '.join(_entries)}"
                               f"{did_you_mean(str(game_id), _entries)}")
    return entry
