"""MetaX TCG (game id ``metax``): rules from ../shared/rules/metax.md (MX-… IDs)."""
from .cards import CardPool
from .game import MetaXGame


def load() -> MetaXGame:
    return MetaXGame(CardPool.load_dir())


__all__ = ["load", "MetaXGame", "CardPool"]
