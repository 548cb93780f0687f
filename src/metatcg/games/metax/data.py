"""MetaX game data: plain containers of card instance ids (ints) and small tuples.

A card instance is an int ``iid``; ``cards[iid]`` is its definition and ``owner[iid]``
its owner, both fixed for the game and shared between clones. Everything else is
copied by ``clone`` with slices, which keeps cloning cheap for search bots.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from metatcg.engine.rules import DataHooks
from ...engine.jsonread import card_key as _key, flag as _bool, obj as _dict, seq as _list
from ...engine.jsonread import named, one_of, remembered, whole as _int, wholes as _ints
from .cards import CardDef, CardPool
from .records import (KO, Choosing, DamageChoice, Defend, DefendWith, Discarding, EffectUse, EventDone, Links, May,
                      Op, ResolveNext)
from .records import Bottom as _Bottom

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState


class Attack(NamedTuple):
    """One declared attack in the Battle Zone (MX-ATK, MX-DEF, MX-TEAM)."""

    lead: int                 # attacking Character
    card: int                 # its Battle Card
    links: tuple[int, ...] = ()  # Linked Characters (MX-TEAM)
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


class MetaXData(DataHooks):
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
        self.mulligan: list[bool | None] = [None, None]
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

    def to_json(self) -> dict[str, Any]:
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
    def from_json(cls, obj: dict[str, Any], pool: CardPool) -> "MetaXData":
        """Data read back from :meth:`to_json`, exact JSON types only (a bool or a float is no
        card id), or ValueError/KeyError/TypeError (the kernel reports a StateDataError)."""
        if type(obj) is not dict:
            raise ValueError("the game data must be an object")
        cards = tuple(named(obj["cards"], pool.by_name, "cards"))
        n = len(cards)
        d = cls(cards, tuple(_ints(obj["owner"], 0, 2, "owner")))
        d.turn = _int(obj["turn"], 0, _BIG, "turn")
        d.active, d.first = _int(obj["active"], 0, 2, "active"), _int(obj["first"], 0, 2, "first")
        d.phase = one_of(obj["phase"], PHASES, "phase")
        d.mp = _ints(obj["mp"], 0, 11, "mp")
        for name in ("deck", "hand", "discard", "vp", "inplay"):
            setattr(d, name, _zones(obj[name], n, name))
        d.pushed = set(_ints(obj["pushed"], 0, n, "pushed"))
        d.entered = {_key(k, n): _int(v, 0, _BIG, "entered") for k, v in _dict(obj["entered"]).items()}
        d.damage = {_key(k, n): _ints(v, 0, n, "damage") for k, v in _dict(obj["damage"]).items()}
        d.in_battle = set(_ints(obj["in_battle"], 0, n, "in_battle"))
        d.played_char = _bool(obj["played_char"])
        d.mods = [_mod(m, n) for m in _list(obj["mods"])]
        d.attacks = [_attack(a, n) for a in _list(obj["attacks"])]
        mull = _list(obj["mulligan"])
        if not all(m is None or type(m) is bool for m in mull):
            raise ValueError("mulligan entries are true, false or null")
        d.mulligan = mull[:]
        used = _list(obj["used"])
        if not all(type(u) is str for u in used):
            raise ValueError("used must be a list of strings")
        d.used = set(used)
        d.resolving = _ints(obj["resolving"], 0, n, "resolving")
        d.revealed = set(_ints(obj["revealed"], 0, n, "revealed"))
        d.bottom = _ints(obj.get("bottom", [0, 0]), 0, n + 1, "bottom")
        d.check_shape()
        if not d.conserved():
            raise ValueError("; ".join(d.misplaced()[:5]))
        return d

    def matches_decks(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        """Whether each seat's cards (in card id order) are its deck list: a game deals the
        decks in order, a position lists each player's cards as it makes them."""
        return remembered((decks, tuple(map(id, self.cards)), self.owner), lambda: self._matches_decks(decks))

    def _matches_decks(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        # the kernel has already refused a decks list without one deck per seat
        names = [c.name for c in self.cards]
        owner = self.owner
        k = owner.count(0)
        if owner[:k].count(0) == k:  # seat 1's cards after seat 0's, as a game deals them
            return tuple(names[:k]) == decks[0] and tuple(names[k:]) == decks[1]
        return all(tuple(nm for nm, o in zip(names, owner) if o == p) == decks[p] for p in (0, 1))

    def check_loaded(self, st: GameState) -> None:
        """The checks of a state read from JSON that need its steps and decision: every card,
        seat, effect and attack they name exists, each decision has the parameters of its
        kind, and cards are where their zone's owner may hold them."""
        n = len(self.cards)
        owner = self.owner
        for p in (0, 1):
            for zone in (self.deck[p], self.hand[p], self.discard[p], self.inplay[p]):
                if zone and set(map(owner.__getitem__, zone)) != {p}:
                    raise ValueError(f"P{p + 1} holds a card of the other player")
            if p in set(map(owner.__getitem__, self.vp[p])):
                raise ValueError(f"P{p + 1}'s VP pile holds their own card")
        for m in self.mods:
            if m.kind not in ("buff", "kw") or m.card not in self.entered:
                raise ValueError("a modifier names a card that is not a Character in play")
        for a in self.attacks:
            if self.cards[a.lead].type != "character" or self.cards[a.card].type != "battle" \
                    or (a.defender >= 0 and self.cards[a.defender].type != "character") \
                    or (a.dcard >= 0 and self.cards[a.dcard].type != "battle") \
                    or any(self.cards[c].type != "character" for c in a.links):
                raise ValueError("an attack names cards of the wrong type")
        for r in st.stack + st.pending:
            self._check_record(r, n)
        dec = st.decision
        if dec is None:
            return
        if dec.kind.startswith("__"):  # the kernel's (ordering triggers): it checks their shape
            self._check_record(dec.params, n)
            return
        want = DECISION_PARAMS.get(dec.kind)
        if want is None:
            raise ValueError(f"unknown decision kind {dec.kind!r}")
        params = dec.params
        if want is tuple:
            if type(params) is not tuple or params:
                raise ValueError(f"a {dec.kind!r} decision has no parameters")
        elif type(params) is not want:
            raise ValueError(f"a {dec.kind!r} decision needs {want.__name__} parameters")
        else:
            self._check_record(params, n)
        who = getattr(params, "seat", None)
        if isinstance(params, (Choosing, DamageChoice)):
            who = params.op.use.ctrl
        elif isinstance(params, May):
            who = params.use.ctrl
        if who is not None and who != dec.player:
            raise ValueError(f"a {dec.kind!r} decision is for P{who + 1}, not P{dec.player + 1}")
        if isinstance(params, (Choosing, DamageChoice)):
            self._check_choice(dec.kind, params)

    def _check_choice(self, kind: str, params: Choosing | DamageChoice) -> None:
        """A choice an op asks for: the op is of that kind and every option is where it could
        be chosen from (the controller's deck, discard pile or hand, or a Character in play)."""
        op = self.cards[params.op.use.src].effects[params.op.use.effect].do[params.op.index]
        ctrl = params.op.use.ctrl
        opts = set(params.options)
        if not opts and kind != "search":
            raise ValueError(f"a {kind!r} choice without options")
        cards = self.cards
        if kind == "search":
            ok = op.op == "search" and opts <= set(self.deck[ctrl])
        elif kind == "recover":
            ok = op.op == "recover" and opts <= set(self.discard[ctrl])
        elif kind == "put_into_play":
            ok = op.op == "put_into_play" and opts <= set(self.hand[ctrl] + self.discard[ctrl]) \
                and all(cards[c].is_character for c in opts)
        elif kind == "damage_card":
            ok = op.op == "attach_damage" and opts <= set(self.discard[ctrl]) \
                and all(cards[c].is_battle for c in opts) and isinstance(params, DamageChoice) \
                and params.target in self.entered
        else:
            ok = hasattr(op, "target") and opts <= set(self.entered)
        if not ok:
            raise ValueError(f"a {kind!r} choice offers cards it could not offer")

    def _check_record(self, r: Any, n: int) -> None:
        """Card ids, seats, effects and op numbers named by a record (and those inside it)."""
        for f, v in zip(r._fields, r):
            if type(v) is int:
                if f in _SEAT_FIELDS:
                    if not 0 <= v < 2:
                        raise ValueError(f"{r.kind}.{f} names seat {v}, which does not exist")
                elif f in _CARD_FIELDS:
                    if not -1 <= v < n:
                        raise ValueError(f"{r.kind}.{f} names card c{v}, which does not exist")
                elif f in ("attack", "count", "index", "effect") and not -1 <= v < 1000:
                    raise ValueError(f"{r.kind}.{f} is out of range")
            elif f == "options":
                if any(not 0 <= c < n for c in v):
                    raise ValueError(f"{r.kind} offers a card that does not exist")
            elif isinstance(v, tuple) and hasattr(v, "_fields"):
                self._check_record(v, n)
            elif type(v) is tuple:
                for x in v:
                    if isinstance(x, tuple) and hasattr(x, "_fields"):
                        self._check_record(x, n)
        if isinstance(r, EffectUse):
            if r.src < 0 or not 0 <= r.effect < len(self.cards[r.src].effects):
                raise ValueError(f"card c{r.src} has no effect {r.effect}")
            if r.attack >= len(self.attacks):
                raise ValueError("an effect names an attack that is not declared")
        elif isinstance(r, Op):
            if not 0 <= r.index < len(self.cards[r.use.src].effects[r.use.effect].do):
                raise ValueError(f"card c{r.use.src} has no op {r.index}")
        elif isinstance(r, (Links, ResolveNext)) and not 0 <= r.attack < len(self.attacks):
            raise ValueError("a step names an attack that is not declared")
        elif isinstance(r, (Defend, DefendWith)) and not (0 <= r.attack < len(self.attacks) and r.defender >= 0):
            raise ValueError("a defence names an attack that is not declared")
        elif isinstance(r, (Discarding, EventDone, KO)) and getattr(r, "card", getattr(r, "src", 0)) < 0:
            raise ValueError(f"{r.kind} names no card")  # type: ignore[union-attr]  # every record class has its kind

    def check_shape(self) -> None:
        """Refuse data no game could reach: wrong player counts, out-of-range values,
        Characters' marks on cards that are not in play."""
        for name in ("mp", "deck", "hand", "discard", "vp", "inplay", "mulligan", "bottom"):
            if len(getattr(self, name, (0, 0))) != 2:
                raise ValueError(f"{name} must have one entry per player")
        if self.active not in (0, 1) or self.first not in (0, 1) or self.turn < 0:
            raise ValueError("active/first must be 0 or 1 and turn at least 0")
        if not all(0 <= m <= 10 for m in self.mp):
            raise ValueError("MP must be 0..10 (MX-MP-3/4)")
        n = len(self.cards)
        if len(self.owner) != n or not set(self.owner) <= {0, 1}:
            raise ValueError("every card needs an owner 0 or 1")
        in_play = {c for side in self.inplay for c in side}
        if set(self.entered) != in_play or not set(self.damage) <= in_play \
                or not (self.pushed | self.in_battle) <= in_play:
            raise ValueError("entered/damage/pushed/in-battle marks must belong to Characters in play")
        for a in self.attacks:
            for c in (a.lead, a.card, *a.links):
                if not 0 <= c < n:
                    raise ValueError(f"an attack names card c{c}, which does not exist")
            for c in (a.defender, a.dcard):
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


# ------------------------------------------------------------------ reading JSON
_BIG = 1 << 31
PHASES = frozenset({"setup", "mulligan", "prep", "planning", "battle", "defense", "damage", "end"})
_SEAT_FIELDS = frozenset({"seat", "ctrl", "owner"})
_CARD_FIELDS = frozenset({"src", "card", "user", "foe", "target", "lead", "char", "defender"})


def _zones(v: Any, n: int, what: str) -> list[list[int]]:
    if type(v) is not list or len(v) != 2:
        raise ValueError(f"{what} must have one list per player")
    return [_ints(z, 0, n, what) for z in v]


def _mod(m: Any, n: int) -> Modifier:
    card, kind, what, amount, duration = _list(m)
    if not all(type(x) is str for x in (kind, what, duration)):
        raise ValueError("a modifier's kind, what and duration are text")
    return Modifier(_int(card, 0, n, "a modifier's card"), kind, what, _int(amount, -100, 101, "amount"), duration)


def _attack(a: Any, n: int) -> Attack:
    lead, card, links, stat, defender, dcard, dstat, negate_def, resolved = _list(a)
    if type(stat) is not str or type(dstat) is not str:
        raise ValueError("an attack's stats are text")
    return Attack(_int(lead, 0, n, "lead"), _int(card, 0, n, "card"), tuple(_ints(links, 0, n, "links")), stat,
                  _int(defender, -1, n, "defender"), _int(dcard, -1, n, "dcard"), dstat, _bool(negate_def),
                  _bool(resolved))


# the parameters of each decision kind (tuple: none)
DECISION_PARAMS: dict[str, type] = {
    "declare": tuple, "defend": tuple, "resolve_order": tuple, "mulligan": tuple, "planning": tuple,
    "link": Links, "defend_card": Defend, "search": Choosing, "recover": Choosing, "put_into_play": Choosing,
    "target": Choosing, "damage_card": DamageChoice, "may": May, "discard": Discarding, "bottom": _Bottom,
}
