"""Metabaloids (2-4 players) by ../shared/rules/metabaloids.md (MB-… IDs); our own rulings
are PR-MB-… in docs/rulings.md and the design is docs/metabaloids.md."""
from .cards import load_pool
from .game import MetabaloidsGame


def load() -> MetabaloidsGame:
    return MetabaloidsGame(load_pool())


__all__ = ["load", "MetabaloidsGame"]
