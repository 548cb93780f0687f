"""Metabaloids game data: plain lists of card ids, a hand-written clone and strict JSON.

Cards are ids ``0..N-1``; ``cards[i]`` is the definition and ``owner[i]`` the seat, both
fixed for the game and shared by clones. Per seat: ``draw`` (top = end of the list),
``hand``, ``reserve``, ``events``, ``discard`` (top = end), ``lost`` and ``columns`` (always
3 lists: left, middle, right, MB-GRID-9). See docs/metabaloids.md, "The data".
"""
from __future__ import annotations

from typing import Any, NamedTuple

from metatcg.engine.rules import DataHooks
from ...engine.jsonread import flag, named, obj as _obj, one_of, remembered, seq, whole, wholes
from .cards import CardDef

HAND_SIZE = 7           # MB-DRAW-1, MB-SETUP-1
SETUP_POINTS = 7        # MB-SETUP-3
COLUMNS = 3             # MB-GRID-2
MAX_DEPTH = 3
TALL_MAX = 4            # a tall card lets its column go one deeper, never past 4
EMPTY_PLAY_LOSS = 2     # MB-SPEC-1
PHASES = ("setup", "draw", "abilities", "move", "deploy", "attack", "restock", "end", "over")
_BIG = 1 << 31


class Battle(NamedTuple):
    """The battle in progress (MB-ATK..MB-RES). ``adraw``/``ddraw`` are the drawn cards held
    aside face up (-1: not drawn yet or nothing to draw); ``abonus``/``dbonus`` the card bonuses
    of abilities and Events used in it (weakening counts against the other side)."""

    attacker: int
    defender: int
    acard: int
    tcard: int
    acol: int
    dcol: int
    adraw: int = -1
    ddraw: int = -1
    drawn: bool = False
    abonus: int = 0
    dbonus: int = 0
    atotal: int = -1                 # the totals once fixed (MB-TOT-8): the board keeps showing
    dtotal: int = -1                 # them while losses are paid, after the losing card has gone


class MetabaloidsData(DataHooks):
    __slots__ = ("cards", "owner", "draw", "hand", "reserve", "events", "discard", "lost", "columns",
                 "safe", "used", "active", "first", "turn", "phase", "attacked", "attacks", "penalty",
                 "deploy_points", "deploy_done", "battle", "short_game", "emptied", "known", "top_known", "shuffled",
                 "seen", "looped", "turn_shuffled")

    def __init__(self, cards: tuple[CardDef, ...], owner: tuple[int, ...], n: int) -> None:
        self.cards = cards
        self.owner = owner
        self.draw: list[list[int]] = [[] for _ in range(n)]
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.reserve: list[list[int]] = [[] for _ in range(n)]
        self.events: list[list[int]] = [[] for _ in range(n)]
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.lost: list[list[int]] = [[] for _ in range(n)]
        self.columns: list[list[list[int]]] = [[[], [], []] for _ in range(n)]
        self.safe: set[int] = set()          # cards turned sideways for safety (MB-SAFE)
        self.used: set[int] = set()          # cards that used their ability this round (MB-ABIL-6)
        self.active = 0
        self.first = 0
        self.turn = 0
        self.phase = "setup"
        self.attacked: list[int] = []        # opponents attacked this turn (MB-ATK-1)
        self.attacks = 0                     # battles started this turn
        self.penalty = False                 # the no-attack penalty was taken this turn (MB-ATK-8)
        self.deploy_points = [0] * n         # initial deployment (MB-SETUP-3)
        self.deploy_done = [False] * n
        self.battle: Battle | None = None
        self.short_game = False
        self.emptied = False                 # a draw pile became empty in the short game (MB-WIN-9)
        self.known: set[int] = set()         # hand cards every seat saw go there (reclaimed)
        self.top_known = [-1] * n            # a draw pile's top card every seat has seen (dig)
        self.shuffled: list[list[int]] = [[] for _ in range(n)]   # the face-up cards of the last reshuffle
        self.seen: list[int] = []            # positions after activations and moves this turn (PR-MB-13)
        self.looped: list[int] = []          # seats that repeated one: no activations or moves this turn
        self.turn_shuffled = False           # a discard pile was reshuffled this turn: positions are noted

    @property
    def n(self) -> int:
        return len(self.hand)

    # --------------------------------------------------------------- copies
    def clone(self) -> "MetabaloidsData":
        c = MetabaloidsData.__new__(MetabaloidsData)
        c.cards, c.owner = self.cards, self.owner
        c.draw = [z[:] for z in self.draw]
        c.hand = [z[:] for z in self.hand]
        c.reserve = [z[:] for z in self.reserve]
        c.events = [z[:] for z in self.events]
        c.discard = [z[:] for z in self.discard]
        c.lost = [z[:] for z in self.lost]
        c.columns = [[col[:] for col in cols] for cols in self.columns]
        c.safe = set(self.safe)
        c.used = set(self.used)
        c.active, c.first, c.turn, c.phase = self.active, self.first, self.turn, self.phase
        c.attacked = self.attacked[:]
        c.attacks, c.penalty = self.attacks, self.penalty
        c.deploy_points = self.deploy_points[:]
        c.deploy_done = self.deploy_done[:]
        c.battle = self.battle
        c.short_game, c.emptied = self.short_game, self.emptied
        c.known = set(self.known)
        c.top_known = self.top_known[:]
        c.shuffled = self.shuffled[:]
        c.seen = self.seen[:]
        c.looped = self.looped[:]
        c.turn_shuffled = self.turn_shuffled
        return c

    # --------------------------------------------------------------- queries
    def in_play(self, p: int) -> list[int]:
        return [c for col in self.columns[p] for c in col]

    def column_of(self, card: int) -> int:
        """The column (0..2) of a card in play, -1 if it is not in play."""
        for i, col in enumerate(self.columns[self.owner[card]]):
            if card in col:
                return i
        return -1

    def name(self, card: int) -> str:
        return self.cards[card].name

    # --------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        b = self.battle
        return {
            "cards": [c.name for c in self.cards], "owner": list(self.owner),
            "draw": self.draw, "hand": self.hand, "reserve": self.reserve, "events": self.events,
            "discard": self.discard, "lost": self.lost, "columns": self.columns,
            "safe": sorted(self.safe), "used": sorted(self.used),
            "active": self.active, "first": self.first, "turn": self.turn, "phase": self.phase,
            "attacked": self.attacked, "attacks": self.attacks, "penalty": self.penalty,
            "deploy_points": self.deploy_points, "deploy_done": self.deploy_done,
            "battle": None if b is None else list(b),
            "short_game": self.short_game, "emptied": self.emptied,
            "known": sorted(self.known), "top_known": self.top_known,
            "shuffled": self.shuffled,
            "seen": self.seen, "looped": self.looped, "turn_shuffled": self.turn_shuffled,
        }

    @classmethod
    def from_json(cls, o: Any, pool: Any) -> "MetabaloidsData":
        """Data read back from :meth:`to_json` with exact types and ranges, or ValueError."""
        o = _obj(o)
        cards = tuple(named(o["cards"], pool.by_name, "cards"))
        k = len(cards)
        n = len(seq(o["hand"], what="hand"))
        if not 2 <= n <= 4:
            raise ValueError("a Metabaloids game has 2 to 4 seats")
        d = cls(cards, tuple(wholes(o["owner"], 0, n, "owner", k)), n)
        for zone in ("draw", "hand", "reserve", "events", "discard", "lost"):
            setattr(d, zone, [wholes(z, 0, k, zone) for z in seq(o[zone], n, zone)])
        d.columns = [[wholes(col, 0, k, "a column") for col in seq(cols, COLUMNS, "columns")]
                     for cols in seq(o["columns"], n, "columns")]
        d.safe = set(wholes(o["safe"], 0, k, "safe"))
        d.used = set(wholes(o["used"], 0, k, "used"))
        d.active = whole(o["active"], 0, n, "active")
        d.first = whole(o["first"], 0, n, "first")
        d.turn = whole(o["turn"], 0, _BIG, "turn")
        d.phase = one_of(o["phase"], PHASES, "phase")
        d.attacked = wholes(o["attacked"], 0, n, "attacked")
        d.attacks = whole(o["attacks"], 0, _BIG, "attacks")
        d.penalty = flag(o["penalty"])
        d.deploy_points = wholes(o["deploy_points"], 0, SETUP_POINTS + 1, "deploy_points", n)
        d.deploy_done = [flag(x) for x in seq(o["deploy_done"], n, "deploy_done")]
        b = o["battle"]
        if b is not None:
            f = seq(b, len(Battle._fields), "battle")
            d.battle = Battle(whole(f[0], 0, n, "attacker"), whole(f[1], 0, n, "defender"),
                              whole(f[2], 0, k, "acard"), whole(f[3], 0, k, "tcard"),
                              whole(f[4], 0, COLUMNS, "acol"), whole(f[5], 0, COLUMNS, "dcol"),
                              whole(f[6], -1, k, "adraw"), whole(f[7], -1, k, "ddraw"), flag(f[8]),
                              whole(f[9], -_BIG, _BIG, "abonus"), whole(f[10], -_BIG, _BIG, "dbonus"),
                              whole(f[11], -1, _BIG, "atotal"), whole(f[12], -1, _BIG, "dtotal"))
        d.short_game = flag(o["short_game"])
        d.emptied = flag(o["emptied"])
        d.known = set(wholes(o["known"], 0, k, "known"))
        d.top_known = wholes(o["top_known"], -1, k, "top_known", n)
        d.shuffled = [wholes(z, 0, k, "shuffled") for z in seq(o["shuffled"], n, "shuffled")]
        d.seen = wholes(o.get("seen", []), 0, 1 << 63, "seen")     # absent in states saved before PR-MB-13
        d.looped = wholes(o.get("looped", []), 0, n, "looped")
        d.turn_shuffled = flag(o.get("turn_shuffled", False))
        d.check()
        return d

    def places(self) -> list[tuple[int, str]]:
        """Every (card, zone name) of the game; each card must appear exactly once."""
        out: list[tuple[int, str]] = []
        for p in range(self.n):
            for zone in ("draw", "hand", "reserve", "events", "discard", "lost"):
                out += [(c, f"P{p + 1} {zone}") for c in getattr(self, zone)[p]]
            for i, col in enumerate(self.columns[p]):
                out += [(c, f"P{p + 1} column {i + 1}") for c in col]
        b = self.battle
        if b is not None:
            out += [(c, "battle draw") for c in (b.adraw, b.ddraw) if c >= 0]
        return out

    def check(self) -> None:
        """Every card in exactly one zone of its owner, marks only on cards in play, the
        battle naming cards where they must be (or a ValueError naming what is wrong)."""
        k = len(self.cards)
        owner = self.owner
        seen = [0] * k
        try:
            for p in range(self.n):
                for zone in (self.draw[p], self.hand[p], self.reserve[p], self.events[p], self.discard[p],
                             self.lost[p], *self.columns[p]):
                    for c in zone:
                        seen[c] += 1
                        if owner[c] != p:
                            raise ValueError(f"card c{c} is with P{p + 1} but belongs to P{owner[c] + 1}")
            b = self.battle
            if b is not None:
                for c in (b.adraw, b.ddraw):
                    if c >= 0:
                        seen[c] += 1
        except IndexError:
            raise ValueError("a zone names a card that does not exist") from None
        if seen.count(1) != k:
            bad = [f"c{c} ({', '.join(w for x, w in self.places() if x == c) or 'nowhere'})"
                   for c in range(k) if seen[c] != 1][:5]
            raise ValueError(f"cards lost, doubled or unknown: {', '.join(bad)}")
        in_play = {c for p in range(self.n) for c in self.in_play(p)}
        if not self.safe <= in_play or not self.used <= in_play:
            raise ValueError("safe and used marks belong to cards in play")
        if not self.known <= {c for h in self.hand for c in h}:
            raise ValueError("known hand cards must be in a hand")
        for p, t in enumerate(self.top_known):
            if t >= 0 and (not self.draw[p] or self.draw[p][-1] != t):
                raise ValueError("a known top card must be on top of its draw pile")
        for c in self.reserve_and_play():
            if not self.cards[c].is_creature:
                raise ValueError(f"{self.cards[c].name} is an Event: it cannot be in the reserve or play area")
        for p, z in enumerate(self.shuffled):
            if any(self.owner[c] != p for c in z):
                raise ValueError("a reshuffle names another seat's card")
        b = self.battle
        if b is not None:
            if b.attacker == b.defender or self.owner[b.acard] != b.attacker or self.owner[b.tcard] != b.defender:
                raise ValueError("the battle's cards do not belong to its sides")
            for c, who in ((b.adraw, b.attacker), (b.ddraw, b.defender)):
                if c >= 0 and self.owner[c] != who:
                    raise ValueError("a battle draw belongs to the other side")
        if len(set(self.attacked)) != len(self.attacked) or self.active in self.attacked:
            raise ValueError("attacked lists each opponent once")
        if len(set(self.looped)) != len(self.looped):
            raise ValueError("looped lists each seat once")

    def reserve_and_play(self) -> list[int]:
        return [c for p in range(self.n) for c in self.reserve[p] + self.in_play(p)]

    def matches_decks(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        """Whether each seat's cards (in card id order) are its deck list."""
        return remembered((decks, tuple(map(id, self.cards)), self.owner), lambda: self._matches(decks))

    def _matches(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        if len(decks) != self.n:
            return False
        return all(tuple(c.name for c, o in zip(self.cards, self.owner) if o == p) == decks[p]
                   for p in range(self.n))
