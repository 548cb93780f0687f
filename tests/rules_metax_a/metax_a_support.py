"""Shared helpers for the MetaX rule tests in this folder (engineer A).

Stand-in cards are original test cards with exactly the numbers a test needs.
"""
from __future__ import annotations

import metatcg
from metatcg.engine.decks import Deck
from support import card_in, ids, nm  # noqa: F401 - re-exported for the tests
from support import metax as mx

BASE = metatcg.load_game("metax")

STAND_INS = """
[[card]]
name = "T Striker"
type = "character"
trait = "Tester"
mp = 2
stats = { strength = 5 }

[[card]]
name = "T Thinker"
type = "character"
trait = "Tester"
mp = 1
stats = { intelligence = 4 }

[[card]]
name = "T Mystic"
type = "character"
trait = "Tester"
mp = 1
stats = { special = 3 }

[[card]]
name = "T Hybrid"
type = "character"
trait = "Tester"
mp = 3
stats = { strength = 2, intelligence = 5 }

[[card]]
name = "T Pair"
type = "character"
trait = "Tester"
mp = 1
stats = { strength = 3, intelligence = 3 }

[[card]]
name = "T Trio"
type = "character"
trait = "Tester"
mp = 1
stats = { strength = 6, intelligence = 3, special = 4 }

[[card]]
name = "T Big Gainer"
type = "character"
trait = "Tester"
mp = 5
stats = { strength = 4 }

[[card]]
name = "T Pusher"
type = "character"
trait = "Tester"
mp = 1
stats = { strength = 4 }
text = "Push: Gain 1 MP."
[[card.effect]]
kind = "push"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "T Greeter"
type = "character"
trait = "Tester"
mp = 2
stats = { strength = 3 }
text = "On play: You may draw a card."
[[card.effect]]
kind = "on_play"
may = true
do = [{ op = "draw", count = 1 }]

[[card]]
name = "T Gainful Jab"
type = "battle"
stats = ["strength"]
rank = 1
mp = 2
text = "Attacking or defending: You may draw a card."
[[card.effect]]
kind = "battle"
may = true
do = [{ op = "draw", count = 1 }]

[[card]]
name = "T Costly Jab"
type = "battle"
stats = ["strength"]
rank = 1
mp = -3
text = "Attacking or defending: You may draw a card."
[[card.effect]]
kind = "battle"
may = true
do = [{ op = "draw", count = 1 }]

[[card]]
name = "T Big Surge"
type = "battle"
stats = ["strength"]
rank = 2
mp = 3

[[card]]
name = "T Ponder"
type = "event"
mp = -2
text = "You may draw a card."
[[card.effect]]
kind = "play"
may = true
do = [{ op = "draw", count = 1 }]

[[card]]
name = "T Multi SI 5"
type = "battle"
stats = ["strength", "intelligence"]
rank = 5
mp = 0

[[card]]
name = "T Multi IS 5"
type = "battle"
stats = ["intelligence", "special"]
rank = 5
mp = 0

[[card]]
name = "T Multi SS 5"
type = "battle"
stats = ["strength", "special"]
rank = 5
mp = 0

[[card]]
name = "T Multi SI 3"
type = "battle"
stats = ["strength", "intelligence"]
rank = 3
mp = 0

[[card]]
name = "T Multi IS 2"
type = "battle"
stats = ["intelligence", "special"]
rank = 2
mp = 0

[[card]]
name = "T Tri 1"
type = "battle"
stats = ["strength", "intelligence", "special"]
rank = 1
mp = 0
"""

GAME = mx.stand_in_game(STAND_INS, "metax_a_stand_ins")

# 40 effect-free Battle Cards within every limit (3 per Stat/Rank): a plain legal deck.
BASIC_40 = tuple(
    f"{word} {r}" for word in ("Brawl", "Insight", "Surge") for r in range(1, 8) for _ in range(2)
)[:40]


def basic_deck(extra: list[str] | None = None, name: str = "test") -> Deck:
    """A legal 40-card deck; ``extra`` replaces cards at the front of BASIC_40."""
    extra = list(extra or [])
    cards = extra + list(BASIC_40[len(extra):])
    return Deck(name, tuple(cards))


def position(p1: dict | None = None, p2: dict | None = None, *, turn: int = 3, active: int = 0,
             first: int = 0, step: str = "planning", seed: int = 0, game=GAME, auto: bool = False):
    """A mid-game position. By default every decision waits for the test (no automatic
    "(only choice)" moves), so a test controls each step; ``auto=True`` restores the default."""
    return mx.position(game, dict(p1 or {}), dict(p2 or {}), turn=turn, active=active, first=first, step=step,
                       seed=seed, auto=auto)


def find(state, name: str, zone: str, player: int) -> int:
    """The first instance named ``name`` in ``zone`` (hand/deck/discard/vp/inplay) of ``player``."""
    return card_in(state, name, player, zone)


def names(state, zone: str, player: int) -> list[str]:
    return [nm(state, c) for c in getattr(state.data, zone)[player]]


def char(state, name: str, player: int) -> int:
    return find(state, name, "inplay", player)


def act_prefixes(state) -> set[str]:
    return {a.split(":")[0] for a in ids(state)}
