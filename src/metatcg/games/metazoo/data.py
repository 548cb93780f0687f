"""MetaZoo (four-lane) game data: plain containers of card instance ids and small tuples.

A card instance is an int ``iid``; ``cards[iid]`` is its definition and ``owner[iid]``
its owner. Tokens are instances created during the game: ``cards``/``owner`` are tuples
replaced (never mutated) when one is created, so clones share them safely. Every other
container is copied by ``clone``.

Where a card can be (card conservation, checked by the tests):

* main-deck cards: ``deck``, ``hand``, ``discard``, a lane (unit or Terra), ``looking``
  (being looked at by Discover), ``resolving`` (a Strategy being resolved), ``paying``
  (a card whose cost is being paid);
* Starter Terras: ``starters`` (set aside before setup placement), then like main-deck cards;
* Aura: ``aura_deck``, ``aura_zone``, a lane's enhancement list, ``supply`` (allied Aura set
  aside outside the game) or ``pool`` (primary Aura outside the game); never elsewhere;
* Casters: their Caster zone (``caster``; face down when ``caster_down``) or a lane;
* tokens: a lane, or nowhere once they left play (they vanish, MZL-TOKEN-3).

Lanes are numbered 0..3 internally (lane 1..4 in action ids and text). A lane side is
``side = lane * 2 + player``: ``units[side]`` (in the order they entered) and
``enh[side]`` (enhancing Aura).
"""
from __future__ import annotations

from typing import get_args

from .cards import CardDef
from .records import MissionResult, Mod
from .schema import Keyword

# ---- rules constants (a renderer or a bot reads them here; never re-declare them)
LANES = 4              # lanes on the board (MZL-LANE-1)
MP_TO_WIN = 30         # MZL-WIN-2
AURA_CAP = 10          # Aura a player may have in play (MZL-AURAPH-3)
BASE_LANE_LIMIT = 5    # slots per side of a lane before changes (MZL-LANE-6)
ALLIED_SUPPLY = 10     # allied Aura set aside outside the game (MZL-DECK-15)
# Keywords a unit can have (its own, given or "has"), as the card schema names them; a view
# lists a unit's keywords in this order. Only Destruction adds up over several instances
# (Soar does not, MZL-KW-SOAR-2).
KEYWORDS: tuple[str, ...] = get_args(Keyword)
STACKING_KEYWORDS = frozenset({"destruction"})


class MetaZooData:
    __slots__ = ("cards", "owner", "round", "phase", "priority", "active", "mp", "deck", "hand", "discard",
                 "aura_deck", "aura_zone", "supply", "pool", "starters", "looking", "caster", "caster_down",
                 "terra", "resolved", "units", "enh", "lane_of", "tapped", "damage", "mods", "used", "owed",
                 "resolving", "paying", "known", "dirty", "mission", "last_mission", "tied_at_30", "srcs", "first",
                 "offered")

    def __init__(self, cards: tuple[CardDef, ...], owner: tuple[int, ...]) -> None:
        self.cards = cards
        self.owner = owner
        self.round = 0
        self.phase = "setup"
        self.priority = 0                 # the round's Priority player (MZL-ROUND-4)
        self.active = 0                   # the active player (MZL-ERRATA-ACTIVE)
        self.mp = [0, 0]
        self.deck: list[list[int]] = [[], []]        # index 0 = top
        self.hand: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]     # last = top
        self.aura_deck: list[list[int]] = [[], []]   # index 0 = top
        self.aura_zone: list[list[int]] = [[], []]
        self.supply: list[list[int]] = [[], []]      # allied Aura outside the game (MZL-DECK-14)
        self.pool: list[list[int]] = [[], []]        # primary Aura outside the game (MZL-DECK-15)
        self.starters: list[list[int]] = [[], []]    # Starter Terras before placement
        self.looking: list[list[int]] = [[], []]     # cards being looked at (Discover)
        self.caster = [-1, -1]
        self.caster_down = [False, False]            # Shattered Caster, face down (MZL-CASTER-10)
        self.terra = [-1] * LANES
        self.resolved = [False] * LANES
        self.units: list[list[int]] = [[] for _ in range(LANES * 2)]
        self.enh: list[list[int]] = [[] for _ in range(LANES * 2)]
        self.lane_of: dict[int, int] = {}             # unit iid -> lane
        self.tapped: set[int] = set()                 # units, Aura, Casters in their zone
        self.damage: dict[int, int] = {}
        self.mods: list[Mod] = []                     # give/gain modifiers (records.Mod)
        self.used: set[int] = set()                   # once-per-round marks: use_key()
        self.owed: list[int] = [0, 0]                 # temporary Aura to put back (MZL-ERRATA-TEMPAURA)
        self.resolving: list[int] = []                # Strategies being resolved
        self.paying: list[int] = []                   # a card whose cost is being paid
        self.known: set[int] = set()                  # cards in a hand that both players know
        self.dirty = False                            # the board changed: re-check damage/limits
        self.mission = -1                             # lane whose mission is being resolved
        self.last_mission: MissionResult | None = None  # the last mission's outcome
        self.tied_at_30 = False                       # both reached 30 together (MZL-MISSION-16)
        self.srcs = None                              # cache of stats.static_sources (never serialised)
        self.first = -1                               # round 1's Priority player (for statistics)
        self.offered: tuple | None = None             # (decision, its options): rules.legal_actions' cache

    def clone(self) -> "MetaZooData":
        n = MetaZooData.__new__(MetaZooData)
        n.cards = self.cards
        n.owner = self.owner
        n.round = self.round
        n.phase = self.phase
        n.priority = self.priority
        n.active = self.active
        n.mp = self.mp[:]
        n.deck = [self.deck[0][:], self.deck[1][:]]
        n.hand = [self.hand[0][:], self.hand[1][:]]
        n.discard = [self.discard[0][:], self.discard[1][:]]
        n.aura_deck = [self.aura_deck[0][:], self.aura_deck[1][:]]
        n.aura_zone = [self.aura_zone[0][:], self.aura_zone[1][:]]
        n.supply = [self.supply[0][:], self.supply[1][:]]
        n.pool = [self.pool[0][:], self.pool[1][:]]
        n.starters = [self.starters[0][:], self.starters[1][:]]
        n.looking = [self.looking[0][:], self.looking[1][:]]
        n.caster = self.caster[:]
        n.caster_down = self.caster_down[:]
        n.terra = self.terra[:]
        n.resolved = self.resolved[:]
        n.units = [u[:] for u in self.units]
        n.enh = [e[:] for e in self.enh]
        n.lane_of = self.lane_of.copy()
        n.tapped = self.tapped.copy()
        n.damage = self.damage.copy()
        n.mods = self.mods[:]
        n.used = self.used.copy()
        n.owed = self.owed[:]
        n.resolving = self.resolving[:]
        n.paying = self.paying[:]
        n.known = self.known.copy()
        n.dirty = self.dirty
        n.mission = self.mission
        n.last_mission = self.last_mission
        n.tied_at_30 = self.tied_at_30
        n.srcs = self.srcs  # immutable once built: safe to share
        n.first = self.first
        n.offered = self.offered  # the same decision has the same options: lookahead copies share them
        return n

    # ------------------------------------------------------------------ persistence
    _LISTS2 = ("deck", "hand", "discard", "aura_deck", "aura_zone", "supply", "pool", "starters", "looking")
    _AURA = frozenset({"aura_deck", "aura_zone", "supply", "pool"})

    def check_shape(self) -> None:
        """Refuse data no game could reach: wrong player counts, out-of-range values,
        marks on cards that are not in play."""
        for name in self._LISTS2 + ("mp", "caster", "caster_down", "owed"):
            if len(getattr(self, name)) != 2:
                raise ValueError(f"{name} must have one entry per player")
        if self.priority not in (0, 1) or self.active not in (0, 1) or self.first not in (-1, 0, 1):
            raise ValueError("priority/active must be 0 or 1")
        if self.round < 0 or not -1 <= self.mission < LANES or any(m < 0 for m in self.mp) \
                or any(o < 0 for o in self.owed):
            raise ValueError("round, mission lane, MP and owed Aura must be in range")
        n = len(self.cards)
        if len(self.owner) != n or any(o not in (0, 1) for o in self.owner):
            raise ValueError("every card needs an owner 0 or 1")
        ids = [c for c in self.caster + self.terra if c != -1]
        ids += [c for side in self.units + self.enh for c in side]
        ids += list(self.lane_of) + list(self.damage) + list(self.tapped) + [m.unit for m in self.mods]
        if any(not 0 <= c < n for c in ids):
            raise ValueError("a lane, mark or modifier names a card that does not exist")
        if any(not 0 <= ln < LANES for ln in self.lane_of.values()):
            raise ValueError("a unit is in a lane that does not exist")

    def to_json(self) -> dict:
        out = {
            "cards": [c.name for c in self.cards], "owner": list(self.owner),
            "round": self.round, "phase": self.phase, "priority": self.priority, "active": self.active,
            "mp": self.mp, "caster": self.caster, "caster_down": self.caster_down, "terra": self.terra,
            "resolved": self.resolved, "units": self.units, "enh": self.enh,
            "lane_of": {str(k): v for k, v in self.lane_of.items()}, "tapped": sorted(self.tapped),
            "damage": {str(k): v for k, v in self.damage.items()}, "mods": [list(m) for m in self.mods],
            "used": sorted(self.used), "owed": self.owed, "resolving": self.resolving, "paying": self.paying,
            "known": sorted(self.known), "dirty": self.dirty, "mission": self.mission,
            "last_mission": list(self.last_mission or ()), "tied_at_30": self.tied_at_30, "first": self.first,
        }
        for k in self._LISTS2:
            out[k] = getattr(self, k)
        return out

    @classmethod
    def from_json(cls, obj: dict, pool) -> "MetaZooData":
        cards = tuple(pool[name] for name in obj["cards"])
        d = cls(cards, tuple(int(o) for o in obj["owner"]))
        d.round, d.phase = int(obj["round"]), str(obj["phase"])
        d.priority, d.active = int(obj["priority"]), int(obj["active"])
        d.mp = [int(x) for x in obj["mp"]]
        for k in cls._LISTS2:
            setattr(d, k, [[int(i) for i in z] for z in obj[k]])
        d.caster = [int(x) for x in obj["caster"]]
        d.caster_down = [bool(x) for x in obj["caster_down"]]
        d.terra = [int(x) for x in obj["terra"]]
        d.resolved = [bool(x) for x in obj["resolved"]]
        d.units = [[int(i) for i in u] for u in obj["units"]]
        d.enh = [[int(i) for i in u] for u in obj["enh"]]
        if len(d.units) != LANES * 2 or len(d.enh) != LANES * 2 or len(d.terra) != LANES \
                or len(d.resolved) != LANES:
            raise ValueError("a MetaZoo state has 4 lanes")
        d.lane_of = {int(k): int(v) for k, v in obj["lane_of"].items()}
        d.tapped = {int(i) for i in obj["tapped"]}
        d.damage = {int(k): int(v) for k, v in obj["damage"].items()}
        d.mods = [Mod(int(u), str(what), int(n), str(dur)) for u, what, n, dur in obj["mods"]]
        d.used = {int(u) for u in obj["used"]}
        d.owed = [int(x) for x in obj["owed"]]
        d.resolving = [int(i) for i in obj["resolving"]]
        d.paying = [int(i) for i in obj["paying"]]
        d.known = {int(i) for i in obj["known"]}
        d.dirty = bool(obj["dirty"])
        d.mission = int(obj["mission"])
        lm = obj["last_mission"]
        d.last_mission = MissionResult(*(int(x) for x in lm)) if lm else None
        d.tied_at_30 = bool(obj["tied_at_30"])
        d.first = int(obj.get("first", -1))
        d.check_shape()
        if not d.conserved():
            raise ValueError("; ".join(d.misplaced()[:5]))
        return d

    def conserved(self) -> bool:
        """Fast check of ``misplaced() == []`` (run on every state read from JSON)."""
        cards = self.cards
        aura = [i for k in self._AURA for z in getattr(self, k) for i in z] + [i for e in self.enh for i in e]
        units = [i for u in self.units for i in u]
        other = [i for k in self._LISTS2 if k not in self._AURA for z in getattr(self, k) for i in z]
        other += [c for c in self.caster if c >= 0 and c not in self.lane_of]
        other += self.resolving + self.paying + [t for t in self.terra if t >= 0]
        every = aura + units + other
        n = len(cards)
        if every and (min(every) < 0 or max(every) >= n) or len(set(every)) != len(every):
            return False
        if any(cards[i].type != "aura" for i in aura) or any(cards[i].type == "aura" for i in units):
            return False
        if any(cards[i].type == "aura" or cards[i].token for i in other):
            return False
        tokens = sum(1 for c in cards if c.token)
        return len(every) == n - tokens + sum(1 for i in units if cards[i].token)

    def misplaced(self) -> list[str]:
        """Card conservation (see the module docstring): every non-token instance in exactly
        one place, tokens only in lanes, Aura only in Aura places and nothing else there."""
        n = len(self.cards)
        where: dict[int, str] = {}
        out = []
        zones = [(f"{k}[{p}]", k in self._AURA, getattr(self, k)[p]) for k in self._LISTS2 for p in (0, 1)]
        zones += [("caster zone", False, [c for c in self.caster if c >= 0 and c not in self.lane_of]),
                  ("resolving", False, self.resolving), ("paying", False, self.paying),
                  ("terra", False, [t for t in self.terra if t >= 0])]
        zones += [(f"lane side {s}", False, u) for s, u in enumerate(self.units)]
        zones += [(f"enhancing side {s}", True, e) for s, e in enumerate(self.enh)]
        for label, aura_place, ids in zones:
            for i in ids:
                if not 0 <= i < n:
                    out.append(f"card id c{i} does not exist ({label})")
                    continue
                if i in where:
                    out.append(f"card c{i} is in {where[i]} and in {label}")
                where[i] = label
                c = self.cards[i]
                if (c.type == "aura") != aura_place or (c.token and not label.startswith("lane side")):
                    out.append(f"{c.type} c{i} cannot be in {label}")
        out += [f"card c{i} is nowhere" for i in range(n) if i not in where and not self.cards[i].token]
        return out

    # ------------------------------------------------------------------ small queries
    def touch(self) -> None:
        """Something on the board changed (damage, taps, modifiers, Aura): re-run the state checks."""
        self.dirty = True

    def cards_moved(self) -> None:
        """Cards entered or left lanes or Terra slots: re-run the state checks and forget which
        continuous abilities work (stats.static_sources)."""
        self.dirty = True
        self.srcs = None

    def caster_in_zone(self, p: int) -> bool:
        c = self.caster[p]
        return c >= 0 and not self.caster_down[p] and c not in self.lane_of

    def aura_total(self, p: int) -> int:
        """Aura in the Aura zone plus the player's Aura in lanes (the 10 cap, MZL-AURAPH-3)."""
        return len(self.aura_zone[p]) + sum(map(len, self.enh[p::2]))  # sides p, p + 2, ...: lanes 1-4


def opponent(p: int) -> int:
    """The other player (a two-player game)."""
    return p ^ 1


def turn_order(first: int) -> tuple[int, int]:
    """Both players, ``first`` first (the active or Priority player's part comes first)."""
    return (first, first ^ 1)


def use_key(iid: int, ai: int, player: int) -> int:
    """Once-per-round mark of ability ``ai`` of card ``iid`` used by ``player``."""
    return (iid << 8) | (ai << 1) | player
