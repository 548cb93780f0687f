"""Helpers for the MetaX rule tests of areas BTL/ATK/DEF/DMG/TKO/HPKO/KO/VP/WIN/TEAM.

Every test builds a position with stand-in cards defined here, so each one has exactly
the numbers it needs. Card names in the positions are these stand-ins (original cards,
no published text). Positions are built with ``auto_single = False`` unless a test asks
otherwise, so every decision is taken explicitly by the test.
"""
from __future__ import annotations

import functools

from support import act, card_in, ids, log_index, names, zone_names  # noqa: F401 - re-exported for the tests
from support import metax as mx

STAT_SHORT = {"strength": "Str", "intelligence": "Int", "special": "Spe"}


def _plain_battle_cards() -> str:
    """Str1..Str7, Int1..Int7, Spe1..Spe7: no effect, 0 MP."""
    out = []
    for stat, short in STAT_SHORT.items():
        for r in range(1, 8):
            out.append(f'[[card]]\nname = "{short}{r}"\ntype = "battle"\nstats = ["{stat}"]\nrank = {r}\nmp = 0\n')
    return "\n".join(out)


EXTRA = '''
# ---------------------------------------------------------------- battle cards with MP / effects
[[card]]
name = "StrSpe2"
type = "battle"
stats = ["strength", "special"]
rank = 2
mp = 0

[[card]]
name = "Str2 Cost2"
type = "battle"
stats = ["strength"]
rank = 2
mp = -2

[[card]]
name = "Int2 Gain2"
type = "battle"
stats = ["intelligence"]
rank = 2
mp = 2

[[card]]
name = "Str1 Surge"
type = "battle"
stats = ["strength"]
rank = 1
mp = 0
text = "Attack: the attacker gets +2 Strength this turn."
[[card.effect]]
kind = "attack"
do = [{ op = "buff", target = { who = "self" }, stat = "strength", amount = 2, duration = "turn" }]

[[card]]
name = "Spe1 Scout"
type = "battle"
stats = ["special"]
rank = 1
mp = 0
text = "Attack: draw a card."
[[card.effect]]
kind = "attack"
do = [{ op = "draw", count = 1 }]

[[card]]
name = "Str1 Windfall"
type = "battle"
stats = ["strength"]
rank = 1
mp = 0
text = "Attack: gain 5 MP."
[[card.effect]]
kind = "attack"
do = [{ op = "gain_mp", count = 5 }]

[[card]]
name = "Str1 Rally"
type = "battle"
stats = ["strength"]
rank = 1
mp = 0
text = "Attack: Prep the attacking Character."
[[card.effect]]
kind = "attack"
do = [{ op = "prep", target = { who = "self" } }]

[[card]]
name = "Str1 Regroup"
type = "battle"
stats = ["strength"]
rank = 1
mp = 0
text = "Attack: Prep another Pushed Character you control."
[[card.effect]]
kind = "attack"
do = [{ op = "prep", target = { who = "you", state = "pushed", other = true } }]

[[card]]
name = "Str1 Pick"
type = "battle"
stats = ["strength"]
rank = 1
mp = 0
text = "Attack: choose a Character you control; it gets +1 Strength this turn."
[[card.effect]]
kind = "attack"
do = [{ op = "buff", target = { who = "you" }, stat = "strength", amount = 1, duration = "turn" }]

[[card]]
name = "Int1 Ward"
type = "battle"
stats = ["intelligence"]
rank = 1
mp = 0
text = "Defense: gain 1 MP."
[[card.effect]]
kind = "defense"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "Int1 Ambush"
type = "battle"
stats = ["intelligence"]
rank = 1
mp = 0
text = "Defense: discard an opposing Character of your choice from play."
[[card.effect]]
kind = "defense"
do = [{ op = "discard_from_play", target = { who = "opponent" } }]

[[card]]
name = "Int1 Retreat"
type = "battle"
stats = ["intelligence"]
rank = 1
mp = 0
text = "Defense: return the defending Character to its owner's hand."
[[card.effect]]
kind = "defense"
do = [{ op = "bounce", target = { who = "self" } }]

[[card]]
name = "Int1 Counter"
type = "battle"
stats = ["intelligence"]
rank = 1
mp = 0
text = "Defense: discard the attacking Character from play."
[[card.effect]]
kind = "defense"
do = [{ op = "discard_from_play", target = { who = "battle_foe" } }]

# ---------------------------------------------------------------- events
[[card]]
name = "Hex Bolt"
type = "event"
mp = -1
text = "Attach a Battle Card from your discard pile to an opposing Character as Damage."
[[card.effect]]
kind = "play"
do = [{ op = "attach_damage", target = { who = "opponent" } }]

[[card]]
name = "Sap Strength"
type = "event"
mp = 0
text = "An opposing Character gets -2 Strength this turn."
[[card.effect]]
kind = "play"
do = [{ op = "buff", target = { who = "opponent" }, stat = "strength", amount = -2, duration = "turn" }]

[[card]]
name = "Grind"
type = "event"
mp = 0
text = "Your opponent puts the top 2 cards of their deck into their discard pile."
[[card.effect]]
kind = "play"
do = [{ op = "mill", who = "opponent", count = 2 }]

# ---------------------------------------------------------------- characters
[[card]]
name = "Solo S5"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 5 }

[[card]]
name = "Solo P3"
type = "character"
trait = "Test"
mp = 1
stats = { special = 3 }

[[card]]
name = "Duo S5I4"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 5, intelligence = 4 }

[[card]]
name = "Duo S3I4"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 3, intelligence = 4 }

[[card]]
name = "Duo S2P6"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 2, special = 6 }

[[card]]
name = "Duo S4I6"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 4, intelligence = 6 }

[[card]]
name = "Duo S6I2"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 6, intelligence = 2 }

[[card]]
name = "Duo I7P7"
type = "character"
trait = "Test"
mp = 1
stats = { intelligence = 7, special = 7 }

[[card]]
name = "Trio 7-3-5"
type = "character"
trait = "Test"
mp = 2
stats = { strength = 7, intelligence = 3, special = 5 }

[[card]]
name = "Trio 6-2-4"
type = "character"
trait = "Test"
mp = 2
stats = { strength = 6, intelligence = 2, special = 4 }

[[card]]
name = "Trio 2-5-3"
type = "character"
trait = "Test"
mp = 2
stats = { strength = 2, intelligence = 5, special = 3 }

[[card]]
name = "Wall 777"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 7, intelligence = 7, special = 7 }

[[card]]
name = "Mourner"
type = "character"
trait = "Test"
mp = 1
stats = { intelligence = 7, special = 7 }
text = "Constant: Whenever another Character you control is KO'd, draw a card."
[[card.effect]]
kind = "constant"
when = "ko_own"
do = [{ op = "draw", count = 1 }]

[[card]]
name = "Vulture"
type = "character"
trait = "Test"
mp = 1
stats = { intelligence = 7, special = 7 }
text = "Constant: Whenever an opposing Character is KO'd, gain 1 MP."
[[card.effect]]
kind = "constant"
when = "ko_opponent"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "Scavenger S5P3"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 5, special = 3 }
text = "Constant: Whenever an opposing Character is KO'd, gain 1 MP."
[[card.effect]]
kind = "constant"
when = "ko_opponent"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "Mourner S5"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 5 }
text = "Constant: Whenever another Character you control is KO'd, draw a card."
[[card.effect]]
kind = "constant"
when = "ko_own"
do = [{ op = "draw", count = 1 }]

[[card]]
name = "Phoenix"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 5 }
text = "Constant: If this Character would be KO'd, instead return it to its owner's hand."
[[card.effect]]
kind = "constant"
instead_of = "ko"
do = [{ op = "bounce", target = { who = "self" } }]

[[card]]
name = "Mender"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 5 }
text = "Constant: Once per turn, if this Character would be KO'd, instead discard all its Damage."
[[card.effect]]
kind = "constant"
instead_of = "ko"
once_per_turn = true
do = [{ op = "clear_damage", target = { who = "self" } }]

[[card]]
name = "Standard Bearer"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 7 }
text = "Constant: Your other Characters have +1 Strength."
[[card.effect]]
kind = "constant"
do = [{ op = "stat_aura", target = { who = "you", other = true }, stat = "strength", amount = 1 }]

[[card]]
name = "Banner Duo"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 5, intelligence = 2 }
text = "Constant: Your other Characters have +1 Strength."
[[card.effect]]
kind = "constant"
do = [{ op = "stat_aura", target = { who = "you", other = true }, stat = "strength", amount = 1 }]

[[card]]
name = "Gloom Lord"
type = "character"
trait = "Test"
mp = 0
stats = { intelligence = 3 }
text = "Constant: Opposing Characters have -1 Strength."
[[card.effect]]
kind = "constant"
do = [{ op = "stat_aura", target = { who = "opponent" }, stat = "strength", amount = -1 }]
'''


@functools.lru_cache(maxsize=1)
def game():
    return mx.stand_in_game(_plain_battle_cards() + EXTRA, "<rules_metax_b>")


def position(p1: dict, p2: dict, *, turn: int = 3, active: int = 0, step: str = "battle",
             auto: bool = False, first: int = 0, seed: int = 1):
    """A position; each player dict uses position.py's format. Decks default to 20 fillers."""
    return mx.position(game(), p1, p2, turn=turn, active=active, first=first, step=step, seed=seed, auto=auto)


ZONES = ("hand", "inplay", "discard", "deck", "vp")


def find(st, name: str, player: int, zone: str = "inplay", nth: int = 0) -> int:
    """The instance id of the ``nth`` card called ``name`` in ``player``'s ``zone``."""
    return card_in(st, name, player, zone, nth)


def attack_id(st, char: str, card: str, nth: int = 0) -> str:
    p = st.data.active
    return f"attack:c{find(st, char, p, 'inplay', nth)}/c{find(st, card, p, 'hand')}"


def link_id(st, char: str, stat: str = "", nth: int = 0) -> str:
    c = find(st, char, st.data.active, "inplay", nth)
    return f"link:c{c}" + (f":{stat}" if stat else "")


def defend_id(st, defender: str, lead: str, d_nth: int = 0, l_nth: int = 0) -> str:
    p = st.data.active
    return f"defend:c{find(st, defender, 1 - p, 'inplay', d_nth)}->c{find(st, lead, p, 'inplay', l_nth)}"


def with_id(st, card: str, stat: str = "") -> str:
    c = find(st, card, 1 - st.data.active, "hand")
    return f"with:c{c}" + (f":{stat}" if stat else "")


def resolve_id(st, lead: str, nth: int = 0) -> str:
    return f"resolve:c{find(st, lead, st.data.active, 'inplay', nth)}"


def attack(st, char: str, card: str, nth: int = 0) -> None:
    """Declare an attack (no Links)."""
    st.apply(attack_id(st, char, card, nth))
    if st.decision is not None and st.decision.kind == "link":
        st.apply("no_link")


def defend(st, defender: str, lead: str, card: str, d_nth: int = 0, l_nth: int = 0) -> None:
    st.apply(defend_id(st, defender, lead, d_nth, l_nth))
    st.apply(with_id(st, card))


def damage_names(st, iid: int) -> list[str]:
    return names(st, st.data.damage.get(iid, ()))


def in_play(st, iid: int) -> bool:
    return iid in st.data.entered
