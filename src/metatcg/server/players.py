"""Who may sit at a seat: ``human``, or a bot by a level a person understands (``bot:easy``,
``bot:normal``, ``bot:hard``). The engine's own bot names (``bot:random``, ``bot:greedy``,
``bot:ismcts``) stay accepted, so older clients and stored games keep working; the lobby
shows the levels."""
from __future__ import annotations

from typing import NamedTuple

from ..bots import BOTS
from ..engine.suggest import did_you_mean
from .errors import ApiError

#: Hard's search: a time budget, not an iteration count, so that a move never takes long on a
#: busy machine. 400 iterations (the engine's default) took 1.8 s for a MetaX move at the median
#: and up to 3.6 s on the shared 2-core machine; 1.5 s of search keeps every move under ~2 s
#: (measured over whole games of each game, see docs/server.md "Players").
HARD = "ismcts:ms=1500"


class Level(NamedTuple):
    name: str       # what the lobby shows
    spec: str       # the bot ``make_bot`` makes
    about: str      # one line for someone choosing an opponent


LEVELS: dict[str, Level] = {
    "bot:easy": Level("Easy", "random", "plays a random legal move: good for learning the rules"),
    "bot:normal": Level("Normal", "greedy", "plays the move that looks best right now, without planning ahead"),
    "bot:hard": Level("Hard", HARD, "tries many possible futures before each move (up to about 2 seconds a move)"),
}
#: the engine's bot names, still accepted, read as the level they play like
OLD_NAMES = {"random": "Easy", "greedy": "Normal", "ismcts": "Hard"}

PLAYERS: tuple[str, ...] = ("human", *LEVELS, *(f"bot:{b}" for b in BOTS))


def bot_spec(player: str) -> str | None:
    """The ``make_bot`` spec of a seat's player (None for a person)."""
    if player in LEVELS:
        return LEVELS[player].spec
    return player[4:] if player.startswith("bot:") else None


def player_names() -> dict[str, str]:
    """Every accepted player id -> the name a person reads."""
    out = {"human": "Person"}
    out.update({k: v.name for k, v in LEVELS.items()})
    out.update({f"bot:{b}": OLD_NAMES.get(b, b.capitalize()) for b in BOTS})
    return out


def check_player(player: str) -> None:
    """A 400 that names the choices (and the closest one) for a player id the server does not know."""
    if player in PLAYERS:
        return
    shown = "human, " + ", ".join(f"{k} ({v.name})" for k, v in LEVELS.items())
    # "Hard", "hard" or "bot:Hard" are near misses of "bot:hard": suggest the id, not the name
    lowered = player.strip().lower()
    guess = f"bot:{lowered}" if not lowered.startswith("bot:") and f"bot:{lowered}" in PLAYERS else lowered
    hint = f"; did you mean {guess!r}?" if guess in PLAYERS and guess != player else did_you_mean(player, PLAYERS)
    raise ApiError(400, "bad_request", f"unknown player {player!r:.40}; players: {shown}{hint}")
