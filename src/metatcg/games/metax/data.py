"""MetaX game data: plain containers of card instance ids (ints) and small tuples.

A card instance is an int ``iid``; ``cards[iid]`` is its definition and ``owner[iid]``
its owner, both fixed for the game and shared between clones. Everything else is
copied by ``clone`` with slices, which keeps cloning cheap for search bots.
"""
from __future__ import annotations

from typing import NamedTuple

from .cards import CardDef


class Attack(NamedTuple):
    """One declared attack in the Battle Zone (MX-ATK, MX-DEF, MX-TEAM)."""

    lead: int                 # attacking Character
    card: int                 # its Battle Card
    links: tuple = ()         # Linked Characters (MX-TEAM)
    stat: str = ""            # named Stat of a multi-Stat lead card once Linking (MX-MULTI-6)
    defender: int = -1        # -1: undefended
    dcard: int = -1           # defender's Battle Card
    dstat: str = ""           # named Stat of a multi-Stat defending card (MX-MULTI-7)
    negate_def: bool = False  # the defending card's effects are negated
    resolved: bool = False


class Modifier(NamedTuple):
    """A continuous change to one Character: a Rank ``buff`` of ``amount`` in ``what`` (a Stat
    or "all") or a keyword (``kw``) it is given, until ``duration`` ends (MX-TURN-4)."""

    card: int
    kind: str                 # "buff" | "kw"
    what: str                 # Stat, "all" or keyword
    amount: int
    duration: str             # events.TURN | events.PERMANENT (last, for events.expire)


class MetaXData:
    __slots__ = ("cards", "owner", "turn", "active", "first", "phase", "mp", "deck", "hand",
                 "discard", "vp", "inplay", "pushed", "entered", "damage", "in_battle",
                 "played_char", "mods", "attacks", "mulligan", "used", "resolving", "revealed",
                 "bottom")

    def __init__(self, cards: tuple[CardDef, ...], owner: tuple[int, ...]) -> None:
        self.cards = cards
        self.owner = owner
        self.turn = 0
        self.active = 0
        self.first = 0
        self.phase = "setup"
        self.mp = [0, 0]
        self.deck: list[list[int]] = [[], []]      # index 0 = top
        self.hand: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]   # last = top (MX-ZONE-14)
        self.vp: list[list[int]] = [[], []]
        self.inplay: list[list[int]] = [[], []]    # Characters in play, in order played
        self.pushed: set[int] = set()
        self.entered: dict[int, int] = {}          # iid -> turn it came into play
        self.damage: dict[int, list[int]] = {}     # iid -> attached Battle Cards
        self.in_battle: set[int] = set()
        self.played_char = False
        self.mods: list[Modifier] = []             # buffs and keywords given, until they end
        self.attacks: list[Attack] = []
        self.mulligan: list = [None, None]
        self.used: set[str] = set()                # once-per-turn abilities used ("iid:idx")
        self.resolving: list[int] = []             # Events being used, before their discard
        self.revealed: set[int] = set()            # cards in a hand that both players have seen go there
        # how many cards at the bottom of each deck its owner put there (in that order) since the
        # deck was last shuffled: the owner knows them (a mulligan's bottom order), nobody else
        self.bottom = [0, 0]

    def clone(self) -> "MetaXData":
        n = MetaXData.__new__(MetaXData)
        n.cards = self.cards
        n.owner = self.owner
        n.turn = self.turn
        n.active = self.active
        n.first = self.first
        n.phase = self.phase
        n.mp = self.mp[:]
        n.deck = [self.deck[0][:], self.deck[1][:]]
        n.hand = [self.hand[0][:], self.hand[1][:]]
        n.discard = [self.discard[0][:], self.discard[1][:]]
        n.vp = [self.vp[0][:], self.vp[1][:]]
        n.inplay = [self.inplay[0][:], self.inplay[1][:]]
        n.pushed = set(self.pushed)
        n.entered = dict(self.entered)
        n.damage = {k: v[:] for k, v in self.damage.items()}
        n.in_battle = set(self.in_battle)
        n.played_char = self.played_char
        n.mods = self.mods[:]
        n.attacks = self.attacks[:]
        n.mulligan = self.mulligan[:]
        n.used = set(self.used)
        n.resolving = self.resolving[:]
        n.revealed = set(self.revealed)
        n.bottom = self.bottom[:]
        return n

    def to_json(self) -> dict:
        return {
            "turn": self.turn, "active": self.active, "first": self.first, "phase": self.phase,
            "mp": self.mp, "deck": self.deck, "hand": self.hand, "discard": self.discard, "vp": self.vp,
            "inplay": self.inplay, "pushed": sorted(self.pushed),
            "entered": {str(k): v for k, v in self.entered.items()},
            "damage": {str(k): v for k, v in self.damage.items()},
            "in_battle": sorted(self.in_battle), "played_char": self.played_char,
            "mods": [list(m) for m in self.mods], "attacks": [list(a) for a in self.attacks],
            "mulligan": self.mulligan, "used": sorted(self.used), "resolving": self.resolving,
            "revealed": sorted(self.revealed), "bottom": self.bottom[:],
            "cards": [c.name for c in self.cards], "owner": list(self.owner),
        }

    @classmethod
    def from_json(cls, obj: dict, pool) -> "MetaXData":
        cards = tuple(map(pool.by_name.__getitem__, obj["cards"]))
        d = cls(cards, tuple(map(int, obj["owner"])))
        d.turn, d.active, d.first = int(obj["turn"]), int(obj["active"]), int(obj["first"])
        d.phase = str(obj["phase"])
        d.mp = [int(x) for x in obj["mp"]]
        for name in ("deck", "hand", "discard", "vp", "inplay"):
            setattr(d, name, [[int(i) for i in zone] for zone in obj[name]])
        d.pushed = {int(i) for i in obj["pushed"]}
        d.entered = {int(k): int(v) for k, v in obj["entered"].items()}
        d.damage = {int(k): [int(i) for i in v] for k, v in obj["damage"].items()}
        d.in_battle = {int(i) for i in obj["in_battle"]}
        d.played_char = bool(obj["played_char"])
        d.mods = [Modifier(int(card), str(kind), str(what), int(amount), str(duration))
                  for card, kind, what, amount, duration in obj["mods"]]
        d.attacks = [Attack(int(lead), int(card), tuple(int(x) for x in links), str(stat), int(defender),
                            int(dcard), str(dstat), bool(negate_def), bool(resolved))
                     for lead, card, links, stat, defender, dcard, dstat, negate_def, resolved in obj["attacks"]]
        d.mulligan = [None if m is None else bool(m) for m in obj["mulligan"]]
        d.used = {str(u) for u in obj["used"]}
        d.resolving = [int(i) for i in obj["resolving"]]
        d.revealed = {int(i) for i in obj["revealed"]}
        d.bottom = [int(b) for b in obj.get("bottom", (0, 0))]  # absent in states saved before it
        d.check_shape()
        if not d.conserved():
            raise ValueError("; ".join(d.misplaced()[:5]))
        return d

    def check_shape(self) -> None:
        """Refuse data no game could reach: wrong player counts, out-of-range values,
        Characters' marks on cards that are not in play."""
        for name in ("mp", "deck", "hand", "discard", "vp", "inplay", "mulligan", "bottom"):
            if len(getattr(self, name)) != 2:
                raise ValueError(f"{name} must have one entry per player")
        if self.active not in (0, 1) or self.first not in (0, 1) or self.turn < 0:
            raise ValueError("active/first must be 0 or 1 and turn at least 0")
        if not all(0 <= b <= len(self.cards) for b in self.bottom):
            raise ValueError("bottom counts must be 0..number of cards")
        if not all(0 <= m <= 10 for m in self.mp):
            raise ValueError("MP must be 0..10 (MX-MP-3/4)")
        n = len(self.cards)
        if len(self.owner) != n or any(o not in (0, 1) for o in self.owner):
            raise ValueError("every card needs an owner 0 or 1")
        in_play = {c for side in self.inplay for c in side}
        if set(self.entered) != in_play or not set(self.damage) <= in_play \
                or not (self.pushed | self.in_battle) <= in_play:
            raise ValueError("entered/damage/pushed/in-battle marks must belong to Characters in play")
        for a in self.attacks:
            for c in (a.lead, a.defender, *a.links):
                if c != -1 and not 0 <= c < n:
                    raise ValueError(f"an attack names card c{c}, which does not exist")

    def conserved(self) -> bool:
        """Fast check that every card instance is in exactly one place."""
        n = len(self.cards)
        seen = [0] * n
        try:
            for p in (0, 1):
                for zone in (self.deck[p], self.hand[p], self.discard[p], self.vp[p], self.inplay[p]):
                    for i in zone:
                        seen[i] += 1
            for dmg in self.damage.values():
                for i in dmg:
                    seen[i] += 1
            for a in self.attacks:
                if not a.resolved:
                    seen[a.card] += 1
                    if a.dcard >= 0:
                        seen[a.dcard] += 1
            for i in self.resolving:
                seen[i] += 1
        except (IndexError, TypeError):
            return False
        return seen.count(1) == n

    def locations(self) -> dict[int, list[str]]:
        """Where each card instance is (a card in two places is a broken state)."""
        where: dict[int, list[str]] = {}

        def put(i: int, place: str) -> None:
            where.setdefault(i, []).append(place)
        for p in (0, 1):
            for zone in ("deck", "hand", "discard", "vp", "inplay"):
                for i in getattr(self, zone)[p]:
                    put(i, f"P{p + 1} {zone}")
        for c, dmg in self.damage.items():
            for i in dmg:
                put(i, f"damage on c{c}")
        for a in self.attacks:
            if not a.resolved:  # a resolved attack's cards are attached or discarded
                put(a.card, "battle zone")
                if a.dcard >= 0:
                    put(a.dcard, "battle zone")
        for i in self.resolving:
            put(i, "resolving")
        return where

    def misplaced(self) -> list[str]:
        """Card conservation: every instance 0..n-1 in exactly one place."""
        where = self.locations()
        n = len(self.cards)
        out = [f"card id c{i} does not exist" for i in where if not 0 <= i < n]
        out += [f"card c{i} is in {len(w)} places: {', '.join(w)}" for i, w in where.items() if len(w) > 1]
        out += [f"card c{i} is nowhere" for i in range(n) if i not in where]
        return out

    def from_hand(self, p: int, c: int) -> None:
        """A card leaves a hand (played, discarded, put on the deck): it is no longer revealed."""
        self.hand[p].remove(c)
        self.revealed.discard(c)

    def known_bottom(self, p: int) -> list[int]:
        """The cards at the bottom of ``p``'s deck that ``p`` put there themselves since the
        deck was last shuffled, in order (cards leave a deck from the top, MX-ZONE-3)."""
        n = min(self.bottom[p], len(self.deck[p]))
        return self.deck[p][len(self.deck[p]) - n:] if n else []

    # --------------------------------------------------------------- small queries
    def is_in_play(self, iid: int) -> bool:
        return iid in self.entered
