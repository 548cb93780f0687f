"""Players that get only what a person at the table has: a :class:`PlayerHandle` with
their ``view()``, their ``legal_actions()`` and, for lookahead, ``determinize(rng)`` (a
copy in which every card they cannot see is resampled). Never the ``GameState``."""
from __future__ import annotations

from typing import Callable, Protocol

from ..engine.action import Action
from ..engine.errors import MetatcgError
from ..engine.handle import PlayerHandle
from ..engine.suggest import did_you_mean
from .greedy import GreedyBot
from .hard import HardBot
from .ismcts import IsmctsBot
from .levels import HARD, LEVELS, bot_spec, bot_title
from .random_bot import RandomBot
from .rollout import RolloutBot


class Bot(Protocol):
    name: str

    def choose(self, me: PlayerHandle) -> Action:
        """One of ``me.legal_actions()`` (called only when ``me`` is deciding)."""
        ...


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot,
                                       "rollout": RolloutBot}

#: the settings a bot takes after its name (``ismcts:iters=400``, ``ismcts:ms=200,depth=6``)
SETTINGS: dict[str, dict[str, type]] = {
    "ismcts": {"iters": int, "ms": float, "depth": int, "c": float, "scale": float, "mix": float, "prior": int},
    "rollout": {"ms": float, "samples": int, "turns": int, "top": int, "steps": int, "settle": int,
                "cores": int},
}
#: a typical spec of each bot that takes settings (for help texts)
EXAMPLES = {"ismcts": "ismcts:iters=400", "rollout": "rollout:ms=800"}


def searches(spec: str) -> bool:
    """Does the bot of ``spec`` search at each decision (games of seconds, not milliseconds)?
    Runs then start a worker per core even for a handful of games."""
    spec = bot_spec(spec)
    bot = HardBot if spec == HARD else BOTS.get(spec.partition(":")[0])
    return bool(getattr(bot, "searches", False))


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from a level (``easy``, ``normal``, ``hard``: :mod:`.levels`; Hard plays each game's
    ``hard_bot``) or from its name and settings: ``greedy``, ``ismcts:iters=400``, ``rollout:ms=800``."""
    spec = bot_spec(spec)
    if spec == HARD:
        return HardBot(seed, make_bot)        # the game's own Hard bot, built at its first decision
    name, _, rest = spec.partition(":")
    if name not in BOTS:
        known = [*LEVELS, *BOTS]
        raise MetatcgError(f"unknown bot {name!r}; levels: {', '.join(LEVELS)}; bots: {', '.join(BOTS)}"
                           f"{did_you_mean(name, known)}")
    kwargs: dict[str, object] = {}
    allowed = SETTINGS.get(name, {})
    for part in filter(None, rest.replace(":", ",").split(",")):
        key, eq, value = part.partition("=")
        if not eq or key not in allowed:
            names = ", ".join(allowed) or "none"
            hint = did_you_mean(key, allowed) if allowed else ""
            raise MetatcgError(f"bot {name!r} has no setting {part!r}; its settings: {names} "
                               f"(e.g. {EXAMPLES.get(name, name + ':key=value')}){hint}")
        try:
            kwargs[key] = allowed[key](value)
        except ValueError:
            want = {int: "whole number", float: "number"}.get(allowed[key], allowed[key].__name__)
            raise MetatcgError(f"bot setting {key}={value!r} must be a {want}") from None
    bot: Bot = BOTS[name](seed, **kwargs)
    return bot


__all__ = ["Bot", "BOTS", "SETTINGS", "EXAMPLES", "LEVELS", "make_bot", "searches", "bot_title", "bot_spec",
           "RandomBot", "GreedyBot", "IsmctsBot", "RolloutBot", "HardBot"]
