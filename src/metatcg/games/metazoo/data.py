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

from typing import TYPE_CHECKING, Any, get_args

from metatcg.engine.rules import DataHooks
from ...engine.decks import split_entry
from ...engine.jsonread import card_key as _key, flag as _bool, obj as _dict, seq as _list
from ...engine.jsonread import named, one_of, remembered, whole as _int, wholes as _ints
from .cards import CardDef, CardPool
from .schema import PLAYER_OPS
from .records import (AuraOp, Batch, Bottom, Destroy, Discard, Discover, EnhanceWith, Instead, LaneChoice, MayUse,
                      MissionResult, Mod, MoveTo, Overflow, Pay, PlayerOp, PriorityChoice, ReplaceOrder, SacrificeCost,
                      StarterChoice, SwapChoice, TargetChoice, TempReturn, Turn)
from .schema import Keyword

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState
    from .stats import Sources

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


class MetaZooData(DataHooks):
    __slots__ = ("cards", "owner", "round", "phase", "priority", "active", "mp", "deck", "hand", "discard",
                 "aura_deck", "aura_zone", "supply", "pool", "starters", "looking", "caster", "caster_down",
                 "terra", "resolved", "units", "enh", "lane_of", "tapped", "damage", "mods", "used", "owed",
                 "resolving", "paying", "known", "dirty", "mission", "last_mission", "tied_at_30", "srcs", "first",
                 "offered", "watch")

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
        self.srcs: Sources | None = None              # cache of stats.static_sources (never serialised)
        self.first = -1                               # round 1's Priority player (for statistics)
        self.offered: tuple[Any, ...] | None = None             # (decision, its options): rules.legal_actions' cache
        self.watch: tuple[Any, ...] | None = None               # cache of triggers._watchers until cards move

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
        n.watch = self.watch  # never changed once built: safe to share
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
        if len(self.owner) != n or not set(self.owner) <= {0, 1}:
            raise ValueError("every card needs an owner 0 or 1")
        ids = [c for c in self.caster + self.terra if c != -1]
        ids += [c for side in self.units + self.enh for c in side]
        ids += list(self.lane_of) + list(self.damage) + list(self.tapped) + [m.unit for m in self.mods]
        if any(not 0 <= c < n for c in ids):
            raise ValueError("a lane, mark or modifier names a card that does not exist")
        if any(not 0 <= ln < LANES for ln in self.lane_of.values()):
            raise ValueError("a unit is in a lane that does not exist")

    def to_json(self) -> dict[str, Any]:
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
    def from_json(cls, obj: dict[str, Any], pool: CardPool) -> "MetaZooData":
        """Data read back from :meth:`to_json`, exact JSON types only (a bool or a float is no
        card id, a count is bounded), or ValueError/KeyError/TypeError (the kernel reports a
        StateDataError)."""
        if type(obj) is not dict:
            raise ValueError("the game data must be an object")
        cards = tuple(named(obj["cards"], pool.by_name, "cards"))
        n = len(cards)
        d = cls(cards, tuple(_ints(obj["owner"], 0, 2, "owner")))
        d.round = _int(obj["round"], 0, _BIG, "round")
        d.phase = one_of(obj["phase"], PHASES, "phase")
        d.priority, d.active = _int(obj["priority"], 0, 2, "priority"), _int(obj["active"], 0, 2, "active")
        d.mp = _ints(obj["mp"], 0, _COUNT, "mp", 2)
        for k in cls._LISTS2:
            setattr(d, k, [_ints(z, 0, n, k) for z in _list(obj[k], 2, k)])
        d.caster = _ints(obj["caster"], -1, n, "caster", 2)
        d.caster_down = [_bool(x) for x in _list(obj["caster_down"], 2, "caster_down")]
        d.terra = _ints(obj["terra"], -1, n, "terra", LANES)
        d.resolved = [_bool(x) for x in _list(obj["resolved"], LANES, "resolved")]
        d.units = [_ints(u, 0, n, "units") for u in _list(obj["units"], LANES * 2, "units")]
        d.enh = [_ints(u, 0, n, "enh") for u in _list(obj["enh"], LANES * 2, "enh")]
        d.lane_of = {_key(k, n): _int(v, 0, LANES, "lane") for k, v in _dict(obj["lane_of"]).items()}
        d.tapped = set(_ints(obj["tapped"], 0, n, "tapped"))
        d.damage = {_key(k, n): _int(v, 0, _COUNT, "damage") for k, v in _dict(obj["damage"]).items()}
        d.mods = [_mod(m, n) for m in _list(obj["mods"])]
        d.used = set(_ints(obj["used"], 0, n << 8, "used"))
        d.owed = _ints(obj["owed"], 0, _COUNT, "owed", 2)
        d.resolving = _ints(obj["resolving"], 0, n, "resolving")
        d.paying = _ints(obj["paying"], 0, n, "paying")
        d.known = set(_ints(obj["known"], 0, n, "known"))
        d.dirty = _bool(obj["dirty"])
        d.mission = _int(obj["mission"], -1, LANES, "mission")
        lm = _list(obj["last_mission"])
        if lm:
            if len(lm) != 5:
                raise ValueError("last_mission is [lane, total0, total1, winner, mp] or []")
            d.last_mission = MissionResult(_int(lm[0], 0, LANES, "lane"), _int(lm[1], -_COUNT, _COUNT, "total"),
                                           _int(lm[2], -_COUNT, _COUNT, "total"), _int(lm[3], -1, 2, "winner"),
                                           _int(lm[4], 0, _COUNT, "mp"))
        d.tied_at_30 = _bool(obj["tied_at_30"])
        d.first = _int(obj.get("first", -1), -1, 2, "first")
        d.check_shape()
        if not d.conserved():
            raise ValueError("; ".join(d.misplaced()[:5]))
        return d

    def matches_decks(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        """Whether each seat's cards are its deck list: its Caster, Terras and main-deck cards
        are the list's, its Aura the list's plus at most the allied supply (a position lists
        no Aura: then any); tokens are made during the game."""
        return remembered((decks, tuple(map(id, self.cards)), self.owner), lambda: self._matches_decks(decks))

    def _matches_decks(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        if len(decks) != 2:
            return False
        for p in (0, 1):
            listed = [split_entry(e) for e in decks[p]]
            want = sorted(nm for sec, nm in listed if sec != "aura")
            aura_listed = sorted(nm for sec, nm in listed if sec == "aura")
            mine = [c for c, o in zip(self.cards, self.owner) if o == p and not c.token]
            have = sorted(c.name for c in mine if c.type != "aura")
            aura = [c.name for c in mine if c.type == "aura"]
            if have != want:
                return False
            if not aura_listed:  # a position: its Aura are not listed
                continue
            if len(aura) - len(aura_listed) not in range(ALLIED_SUPPLY + 1):
                return False
            rest = list(aura)
            for nm in aura_listed:
                if nm not in rest:
                    return False
                rest.remove(nm)
        return True

    def check_loaded(self, st: GameState) -> None:
        """The checks of a state read from JSON that need its steps and decision: the lanes
        agree with ``lane_of``, cards are in their owner's zones, every card, seat, lane,
        ability and op a step names exists, and each decision has the parameters of its kind."""
        owner, cards = self.owner, self.cards
        lane_of = {u: side >> 1 for side, us in enumerate(self.units) for u in us}
        if lane_of != self.lane_of:
            raise ValueError("lane_of does not agree with the units in the lanes")
        for k in self._LISTS2:
            for p in (0, 1):
                if getattr(self, k)[p] and set(map(owner.__getitem__, getattr(self, k)[p])) != {p}:
                    raise ValueError(f"P{p + 1}'s {k} holds a card of the other player")
        for p in (0, 1):
            c = self.caster[p]
            if c >= 0 and (owner[c] != p or cards[c].type != "caster"):
                raise ValueError(f"P{p + 1}'s Caster is not their Caster")
        if any(t >= 0 and cards[t].type != "terra" for t in self.terra):
            raise ValueError("a Terra slot holds a card that is no Terra")
        if not set(self.damage) <= set(self.lane_of):
            raise ValueError("damage is marked on a card that is not a unit in a lane")
        for r in st.stack + st.pending:
            self._check_record(r)
        dec = st.decision
        if dec is None:
            return
        params = dec.params
        self._check_record(params)
        if dec.kind.startswith("__"):  # the kernel's (ordering triggers): it checks their shape
            return
        want = DECISION_PARAMS.get(dec.kind)
        if want is None:
            raise ValueError(f"unknown decision kind {dec.kind!r}")
        if type(params) is not want:
            raise ValueError(f"a {dec.kind!r} decision needs {want.__name__} parameters")
        who = getattr(params, "chooser", getattr(params, "player", None))
        ctx = getattr(params, "ctx", None)
        if who is None and ctx is not None and dec.kind != "target":
            who = ctx.controller
        if who is not None and who != dec.player:
            raise ValueError(f"a {dec.kind!r} decision is for P{who + 1}, not P{dec.player + 1}")
        for f in ("candidates", "lanes", "options", "items"):
            if getattr(params, f, True) == ():
                raise ValueError(f"a {dec.kind!r} decision without options")

    def _check_record(self, r: Any) -> None:
        """Card ids, seats, lanes, abilities and op numbers named by a record (and inside it)."""
        if not _named(r):
            if type(r) is tuple:
                for x in r:
                    self._check_record(x)
            return
        n = len(self.cards)
        for f, v in zip(r._fields, r):
            if type(v) is int:
                lo, hi = _RANGES.get(f, (-1, _BIG))
                if hi == -1:
                    hi = n
                if not lo <= v < hi:
                    raise ValueError(f"{getattr(r, 'kind', '?')}.{f} = {v} is out of range")
            elif type(v) is tuple:
                if f in ("lanes",):
                    if any(type(x) is not int or not 0 <= x < LANES for x in v):
                        raise ValueError(f"{getattr(r, 'kind', '?')} names a lane that does not exist")
                elif f in ("items", "picks", "candidates"):
                    if any(type(x) is not int or not 0 <= x < n for x in v):
                        raise ValueError(f"{getattr(r, 'kind', '?')} names a card that does not exist")
                elif f == "needs":
                    pass
                else:
                    self._check_record(v)
            elif isinstance(v, tuple):
                self._check_record(v)
        ab = getattr(r, "ability", None)
        src = getattr(r, "src", None)
        if type(ab) is int and type(src) is int and getattr(r, "kind", "") in ("ctx", "sac", "replacement",
                                                                                 "use_ability"):
            if not 0 <= src < n or not 0 <= ab < len(self.cards[src].abilities):
                raise ValueError(f"card c{src} has no ability {ab}")
        ctx = getattr(r, "ctx", None)
        op_no = getattr(r, "op_no", None)
        kind = getattr(r, "kind", "")
        if type(op_no) is int and kind in _OP_STEPS and not (kind == "batch" and op_no == -1 and ctx is None):
            if ctx is None or op_no < 0 or not op_no < len(self.cards[ctx.src].abilities[ctx.ability].do):
                raise ValueError(f"{kind} names no op of an ability")
            op = self.cards[ctx.src].abilities[ctx.ability].do[op_no]
            player_op = op.op in PLAYER_OPS
            if kind != "op" and (op.op in _STATIC_OPS or (kind == "discover" and op.op != "discover")
                                 or player_op != (kind in ("pop", "discover") or getattr(r, "mode", "") == "player")):
                raise ValueError(f"{kind} names op {op.op!r}, which it cannot run")
        if kind == "lane" and not (isinstance(r.step, tuple) and hasattr(r.step, "_fields")):
            raise ValueError("a lane choice must resume a step")
        if kind == "place" and 0 <= r.card < n and self.owner[r.card] != r.player:
            raise ValueError(f"P{r.player + 1} cannot place a card of the other player")
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

    def forget_derived(self) -> None:
        """The kernel's hook: the option lists and the continuous abilities found so far are
        forgotten (a redealt copy, a position built by hand)."""
        self.offered = None
        self.srcs = None
        self.watch = None

    def cards_moved(self) -> None:
        """Cards entered or left lanes or Terra slots: re-run the state checks and forget which
        continuous abilities work (stats.static_sources)."""
        self.dirty = True
        self.srcs = None
        self.watch = None

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


# ------------------------------------------------------------------ reading JSON
_BIG = 1 << 31
_COUNT = 1 << 16       # MP, damage, owed Aura and the like: far below this in any game
PHASES = frozenset({"setup", "ready", "draw", "aura", "action", "end", "over"})
# (low, high) of integer record fields by name; high -1: the number of cards
_SEAT = (0, 2)
_CARD = (-1, -1)
_LANE = (-1, LANES)
_RANGES: dict[str, tuple[int, int]] = {
    "player": _SEAT, "chooser": _SEAT, "controller": _SEAT, "seat": _SEAT, "loser": _SEAT,
    "winner": (-2, 2), "src": _CARD, "card": _CARD, "unit": _CARD, "fighter": _CARD, "subject": _CARD,
    "last": _CARD, "aura": _CARD, "lane": _LANE, "subject_lane": _LANE, "mission_lane": _LANE, "chosen": _LANE,
    "confined": _LANE, "ability": (0, 64), "op_no": (-1, 256), "left": (0, _COUNT), "generic": (0, _COUNT),
    "amount": (-_COUNT, _COUNT), "cost": (0, _COUNT), "stage": (0, 64), "margin": (-_COUNT, _COUNT),
    "destruction": (0, _COUNT), "index": (0, 256),
}


def _named(r: Any) -> bool:
    """A record (a named tuple), not a plain tuple of them."""
    return isinstance(r, tuple) and hasattr(r, "_fields")


def _mod(m: Any, n: int) -> Mod:
    items = _list(m, -1, "a modifier")
    if len(items) == 4:  # saved before modifiers named their source
        items = [*items[:3], -1, items[3]]
    unit, what, amount, src, duration = _list(items, 5, "a modifier")
    if type(what) is not str or type(duration) is not str:
        raise ValueError("a modifier's what and duration are text")
    return Mod(_int(unit, 0, n, "a modifier's unit"), what, _int(amount, -_COUNT, _COUNT, "amount"),
               _int(src, -1, n, "a modifier's source"), duration)


_OP_STEPS = frozenset({"op", "pop", "sel", "uop", "batch", "target", "discover"})
_STATIC_OPS = frozenset({"prevent", "has_influence", "has_keyword", "lane_size", "contribution", "cost", "mp_award"})

# the parameters of each decision kind
DECISION_PARAMS: dict[str, type] = {
    "action": Turn, "aura_op": AuraOp, "bottom": Bottom, "destroy": Destroy, "discard": Discard,
    "discover": Discover, "enhance_with": EnhanceWith, "instead": Instead, "lane": LaneChoice, "may": MayUse,
    "order": Batch, "overflow": Overflow, "pay": Pay, "priority": PriorityChoice, "recover": PlayerOp,
    "sacrifice": SacrificeCost, "search": PlayerOp, "starter": StarterChoice, "swap": SwapChoice,
    "target": TargetChoice, "temp_return": TempReturn, "move_to": MoveTo, "replace_order": ReplaceOrder,
}
