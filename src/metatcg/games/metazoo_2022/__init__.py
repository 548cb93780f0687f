"""MetaZoo 2022 (2-4 Casters) by ../shared/rules/metazoo-2022.md (MZ22-… IDs); our own rulings
are PR-MZ22-… in docs/rulings.md and the design is docs/metazoo-2022.md."""
from .cards import load_pool
from .game import MZ22Game


def load() -> MZ22Game:
    return MZ22Game(load_pool())


__all__ = ["load", "MZ22Game"]
