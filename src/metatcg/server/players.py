"""Who may sit at a seat: ``human``, or a bot by a level a person understands (``bot:easy``,
``bot:normal``, ``bot:hard``). The engine's own bot names (``bot:random``, ``bot:greedy``,
``bot:ismcts``) stay accepted, so older clients and stored games keep working; the lobby
shows the levels."""
from __future__ import annotations

from ..bots import BOTS
from ..bots.levels import HARD, LEVEL_OF_BOT, Level
from ..bots.levels import LEVELS as BOT_LEVELS
from ..engine.suggest import did_you_mean
from .errors import ApiError

__all__ = ["HARD", "LEVELS", "PLAYERS", "Level", "bot_spec", "check_player", "player_names"]

#: the lobby's levels (``bot:easy`` ...): the bots package's Easy, Normal and Hard
LEVELS: dict[str, Level] = {f"bot:{k}": v for k, v in BOT_LEVELS.items()}
#: the engine's bot names, still accepted, read as the level they play like
OLD_NAMES = {b: BOT_LEVELS[level].name for b, level in LEVEL_OF_BOT.items()}

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
