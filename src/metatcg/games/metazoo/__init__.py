"""MetaZoo TCG, four-lane edition (game id ``metazoo``): rules from
../shared/rules/metazoo-lanes.md (MZL-… IDs); decisions the catalog leaves open are in
docs/rulings.md (PR-MZL-…)."""
from .cards import CardPool
from .game import MetaZooGame


def load() -> MetaZooGame:
    return MetaZooGame(CardPool.load_dir())


__all__ = ["load", "MetaZooGame", "CardPool"]
