"""MetaZoo 2022 game data: plain lists and dicts of Page ids, a hand-written clone and strict
JSON (docs/metazoo-2022.md §2).

Pages are ids ``0..N-1`` dealt from the Spellbooks (``defs[i]`` the PageDef, ``owner[i]`` the
Caster); Tokens get the next ids (``defs`` grows, ``token_src`` keeps how to rebuild them from
JSON). Per Caster: ``spellbook`` (top = end), ``chapter``, ``limbo``, ``cemetery``,
``afterlife`` (arrival order), LP totals and Indicators, the Aura ``pool`` by type. Shared: the
``arena`` (Page ids in arrival order, their ``ps`` states), six ``terra`` slots with the
rotation pointer ``rot``, the ``chain`` and the ``combat``.
"""
from __future__ import annotations

from typing import Any, Callable

from metatcg.engine.rules import DataHooks
from ...engine.jsonread import flag, named, obj as _obj, one_of, remembered, seq, whole, wholes
from ...engine.records import decode, encode
from .cards import PageDef
from .records import ChainItem, Combat, Indicator, PageState, records
from .surroundings_option import read_json

START_LP = 1000          # MZ22-SETUP-1
OPENING = 7              # MZ22-SETUP-3
SLOTS = 6                # MZ22-TSLOT-2
STEPS = ("setup", "mulligan", "start_a", "start_b", "bookmark", "awaken", "dissolve", "actions",
         "end_a", "end_b", "end_c")
_BIG = 1 << 31
ZONES = ("spellbook", "chapter", "limbo", "cemetery", "afterlife")


class MZ22Data(DataHooks):
    __slots__ = ("defs", "owner", "dealt", "token_src", "spellbook", "chapter", "limbo", "cemetery",
                 "afterlife", "lp_damage", "lp_loss", "lp_gain", "caster_indicators", "pool", "kept", "aura_done",
                 "mull_n", "mulligans", "out", "places", "arena", "in_play", "terra", "rot", "chain", "next_uid",
                 "combat", "combat_seq", "turn", "active", "first", "step", "mods", "dirty", "revealed",
                 "flipper", "memo", "any_time_pages", "surr", "sky")

    def __init__(self, defs: list[PageDef], owner: list[int], n: int) -> None:
        self.defs = defs
        self.owner = owner
        self.dealt = len(defs)                # ids below this come from Spellbooks; above: Tokens
        # the dealt Pages that may be Contracted when holding priority (Tokens never reach a Chapter)
        self.any_time_pages = frozenset(i for i, df in enumerate(defs) if df.any_time)
        self.token_src: dict[int, Any] = {}   # token id -> how to rebuild its def (JSON-able)
        self.spellbook: list[list[int]] = [[] for _ in range(n)]
        self.chapter: list[list[int]] = [[] for _ in range(n)]
        self.limbo: list[list[int]] = [[] for _ in range(n)]
        self.cemetery: list[list[int]] = [[] for _ in range(n)]
        self.afterlife: list[list[int]] = [[] for _ in range(n)]
        self.lp_damage = [0] * n
        self.lp_loss = [0] * n
        self.lp_gain = [0] * n
        self.caster_indicators: list[tuple[Indicator, ...]] = [() for _ in range(n)]   # Burn/Poison on Casters
        self.pool: list[dict[str, int]] = [{} for _ in range(n)]          # unspent Aura by type
        self.kept: list[dict[str, int]] = [{} for _ in range(n)]          # made by start-of-turn Effects
        self.aura_done = [False] * n         # an Aura Page Contracted this turn (MZ22-TURN-6)
        self.mull_n = [OPENING] * n           # Pages Bookmarked last time (MZ22-MULL-4)
        self.mulligans = [0] * n
        self.out = [False] * n
        self.places: list[int] = []          # eliminated seats, first out first (MZ22-WIN-5)
        self.arena: list[int] = []
        self.in_play: dict[int, PageState] = {}
        self.terra = [-1] * SLOTS
        self.rot = 0                          # rotation pointer (MZ22-TSLOT-14)
        self.chain: list[ChainItem] = []
        self.next_uid = 0
        self.combat: Combat | None = None
        self.combat_seq = 0
        self.turn = 0
        self.active = 0
        self.first = 0
        self.step = "setup"
        self.mods: list[tuple[Any, ...]] = []  # until-end-of-turn changes: (kind, page, value)
        self.dirty = False                    # something changed LP: run the state check
        self.revealed: set[int] = set()       # Chapter Pages every Caster has seen (searched)
        self.flipper = 0
        # lists of Arena and Terra Pages by what they print (who makes Aura, who has Powers,
        # who prints statics, …) per seat: a cache. zones.forget drops the lists a Page is in
        # (PageDef.listed_in) when it arrives or leaves; whatever changes a Page's controller
        # must clear it. Never saved nor shared with a clone (Token ids can mean other Tokens).
        self.memo: dict[Any, Any] = {}
        # surroundings (surroundings.py): the parsed option (None: Terra Pages only) and each
        # Caster's keys derived at the last step 1a (MZ22-TERRA-13)
        self.surr: Any = None
        self.sky: tuple[tuple[str, ...], ...] = tuple(() for _ in range(n))

    @property
    def n(self) -> int:
        return len(self.chapter)

    # --------------------------------------------------------------- copies
    def clone(self) -> "MZ22Data":
        c = MZ22Data.__new__(MZ22Data)
        c.defs = self.defs if not self.token_src else self.defs[:]
        c.owner = self.owner if not self.token_src else self.owner[:]
        c.dealt = self.dealt
        c.any_time_pages = self.any_time_pages
        c.token_src = dict(self.token_src)
        c.spellbook = [z[:] for z in self.spellbook]
        c.chapter = [z[:] for z in self.chapter]
        c.limbo = [z[:] for z in self.limbo]
        c.cemetery = [z[:] for z in self.cemetery]
        c.afterlife = [z[:] for z in self.afterlife]
        c.lp_damage = self.lp_damage[:]
        c.lp_loss = self.lp_loss[:]
        c.lp_gain = self.lp_gain[:]
        c.caster_indicators = self.caster_indicators[:]
        c.pool = [dict(x) for x in self.pool]
        c.kept = [dict(x) for x in self.kept]
        c.aura_done = self.aura_done[:]
        c.mull_n = self.mull_n[:]
        c.mulligans = self.mulligans[:]
        c.out = self.out[:]
        c.places = self.places[:]
        c.arena = self.arena[:]
        c.in_play = dict(self.in_play)
        c.terra = self.terra[:]
        c.rot = self.rot
        c.chain = self.chain[:]
        c.next_uid = self.next_uid
        c.combat = self.combat
        c.combat_seq = self.combat_seq
        c.turn, c.active, c.first, c.step = self.turn, self.active, self.first, self.step
        c.mods = self.mods[:]
        c.dirty = self.dirty
        c.revealed = set(self.revealed)
        c.flipper = self.flipper
        c.memo = {}
        c.surr, c.sky = self.surr, self.sky
        return c

    # --------------------------------------------------------------- queries
    def forget_derived(self) -> None:
        """The kernel's hook: every list ``by_seat`` and the stats cached in ``memo`` are
        forgotten (a redealt copy, a position built by hand, a change of control)."""
        self.memo.clear()

    def name(self, page: int) -> str:
        return self.defs[page].name

    def by_seat(self, key: str, entry: Callable[[Any, int], Any]) -> list[list[Any]]:
        """A cached list per seat of ``entry(def, page)`` for each Arena Page it gives something
        for (None: left out), by controller; ``key`` must be in ``PageDef.listed_in`` of every
        Page that can give an entry, so ``zones.forget`` drops the list when one moves."""
        got = self.memo.get(key)
        if got is None:
            defs = self.defs
            ps = self.in_play
            got = [[] for _ in range(self.n)]
            for c in self.arena:
                e = entry(defs[c], c)
                if e is not None:
                    got[ps[c].controller].append(e)
            self.memo[key] = got
        return got

    def has_attached(self) -> bool:
        """Cheap gate: some Page in ``ps`` is neither in the Arena list nor in a Terra slot (a
        face-down Trap, Equipment or a Page put under another, PR-MZ22-50/51)."""
        return len(self.in_play) > len(self.arena) + SLOTS - self.terra.count(-1)

    def nullified(self, page: int, part: str) -> bool:
        """Are ``page``'s ``effects`` or ``traits`` Nullified this turn (MZ22-GLOSS-11, PR-MZ22-30)?"""
        return any(m[0] == "nullify" and m[1] == page and m[2] in (part, "all") for m in self.mods)

    def controller(self, page: int) -> int:
        """The Page's controller in the Arena, else its owner (MZ22-OWN-6/7)."""
        s = self.in_play.get(page)
        return self.owner[page] if s is None else s.controller

    def in_arena(self, page: int) -> bool:
        return page in self.in_play

    def alive(self) -> list[int]:
        """Casters still in the game, in seat order."""
        return [p for p in range(self.n) if not self.out[p]]

    def item(self, uid: int) -> ChainItem | None:
        """The chain item ``uid`` while it is on the chain (None once it resolved or was stopped)."""
        for it in self.chain:
            if it.uid == uid:
                return it
        return None

    def is_token(self, page: int) -> bool:
        return page >= self.dealt

    def lp_of_caster(self, p: int) -> int:
        return max(0, START_LP + self.lp_gain[p] - self.lp_damage[p] - self.lp_loss[p])

    # --------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        return {
            "pages": [d.name for d in self.defs[:self.dealt]], "owner": self.owner[:self.dealt],
            "tokens": [[i, self.owner[i], self.token_src[i]] for i in sorted(self.token_src)],
            **{z: getattr(self, z) for z in ZONES},
            "lp_damage": self.lp_damage, "lp_loss": self.lp_loss, "lp_gain": self.lp_gain,
            "cinds": [encode(x) for x in self.caster_indicators],
            "pool": self.pool, "kept": self.kept, "aura_done": self.aura_done,
            "mull_n": self.mull_n, "mulligans": self.mulligans, "out": self.out, "places": self.places,
            "arena": self.arena, "ps": {str(k): encode(v) for k, v in self.in_play.items()},
            "terra": self.terra, "rot": self.rot,
            "chain": [encode(x) for x in self.chain], "next_uid": self.next_uid,
            "combat": None if self.combat is None else encode(self.combat), "combat_seq": self.combat_seq,
            "turn": self.turn, "active": self.active, "first": self.first, "step": self.step,
            "mods": [encode(m) for m in self.mods], "dirty": self.dirty,
            "revealed": sorted(self.revealed), "flipper": self.flipper,
            "surr": None if self.surr is None else self.surr.source, "sky": [list(k) for k in self.sky],
        }

    @classmethod
    def from_json(cls, o: Any, pool: Any) -> "MZ22Data":
        """Data read back from :meth:`to_json` with exact types and ranges, or ValueError."""
        from .tokens import token_def
        o = _obj(o)
        defs = named(o["pages"], pool.by_name, "pages", "Page")
        n = len(seq(o["chapter"], what="chapter"))
        if not 2 <= n <= 4:
            raise ValueError("a MetaZoo 2022 game has 2 to 4 Casters")
        dealt = len(defs)
        owner = wholes(o["owner"], 0, n, "owner", dealt)
        d = cls(defs, owner, n)
        src: dict[int, Any] = {}
        for t in seq(o["tokens"], what="tokens"):
            i, who, how = seq(t, 3, "a token")
            if whole(i, dealt, _BIG, "a token id") != len(d.defs):
                raise ValueError("token ids must follow the dealt Pages in order")
            d.defs.append(token_def(how, pool))
            d.owner.append(whole(who, 0, n, "a token's owner"))
            src[i] = how
        d.token_src = src
        k = len(d.defs)
        for z in ZONES:
            setattr(d, z, [wholes(x, 0, dealt, z) for x in seq(o[z], n, z)])
        for z in ("lp_damage", "lp_loss", "lp_gain"):
            setattr(d, z, wholes(o[z], 0, _BIG, z, n))
        d.caster_indicators = [_inds(x) for x in seq(o["cinds"], n, "cinds")]
        d.pool = [_counts(x) for x in seq(o["pool"], n, "pool")]
        d.kept = [_counts(x) for x in seq(o["kept"], n, "kept")]
        d.aura_done = [flag(x) for x in seq(o["aura_done"], n, "aura_done")]
        d.mull_n = wholes(o["mull_n"], 0, OPENING + 1, "mull_n", n)
        d.mulligans = wholes(o["mulligans"], 0, OPENING + 1, "mulligans", n)
        d.out = [flag(x) for x in seq(o["out"], n, "out")]
        d.places = wholes(o["places"], 0, n, "places")
        d.arena = wholes(o["arena"], 0, k, "arena")
        ps = _obj(o["ps"])
        d.in_play = {}
        for key, v in ps.items():
            if not (key.isascii() and key.isdigit()) or int(key) >= k:
                raise ValueError(f"ps names Page {key!r:.20}, which does not exist")
            s = decode(v, records)
            if type(s) is not PageState or not 0 <= s.controller < n:
                raise ValueError("ps holds Page states with a seat that exists")
            d.in_play[int(key)] = s
        d.terra = wholes(o["terra"], -1, dealt, "terra", SLOTS)
        d.rot = whole(o["rot"], 0, SLOTS, "rot")
        d.chain = [decode(x, records) for x in seq(o["chain"], what="chain")]
        if not all(type(x) is ChainItem for x in d.chain):
            raise ValueError("chain holds chain items")
        d.next_uid = whole(o["next_uid"], 0, _BIG, "next_uid")
        c = o["combat"]
        d.combat = None if c is None else decode(c, records)
        if d.combat is not None and type(d.combat) is not Combat:
            raise ValueError("combat must be a Combat record")
        d.combat_seq = whole(o["combat_seq"], 0, _BIG, "combat_seq")
        d.turn = whole(o["turn"], 0, _BIG, "turn")
        d.active = whole(o["active"], 0, n, "active")
        d.first = whole(o["first"], 0, n, "first")
        d.step = one_of(o["step"], STEPS, "step")
        d.mods = [decode(m, records) for m in seq(o["mods"], what="mods")]
        if not all(type(m) is tuple and len(m) == 3 and type(m[0]) is str and type(m[1]) is int
                   for m in d.mods):
            raise ValueError("mods must be [kind, page, value] triples")
        d.dirty = flag(o["dirty"])
        d.revealed = set(wholes(o["revealed"], 0, dealt, "revealed"))
        d.flipper = whole(o["flipper"], 0, n, "flipper")
        if "surr" in o:                                  # absent in games saved before part 2
            d.surr, d.sky = read_json(o["surr"], o.get("sky"), n)
        d.check()
        return d

    # --------------------------------------------------------------- consistency
    def places_of(self) -> dict[int, list[str]]:
        """Where each Page is (a Page must be in exactly one place; a gone Token in none)."""
        where: dict[int, list[str]] = {}
        for z in ZONES:
            for p, zone in enumerate(getattr(self, z)):
                for c in zone:
                    where.setdefault(c, []).append(f"P{p + 1} {z}")
        for c in self.arena:
            where.setdefault(c, []).append("Arena")
        for i, c in enumerate(self.terra):
            if c >= 0:
                where.setdefault(c, []).append(f"Terra slot {i + 1}")
        for it in self.chain:
            if it.what == "contract":
                where.setdefault(it.source, []).append("chain")
        if len(self.in_play) > len(self.arena):          # face-down, Equipment, beneath (PR-MZ22-50..52)
            arena = set(self.arena) | set(self.terra)
            for c in self.in_play:
                if c not in arena:
                    where.setdefault(c, []).append("beneath")
        return where

    def check(self) -> None:
        """Every dealt Page in exactly one place and in its owner's zones, Page states exactly
        for Pages in the Arena or Terra slots, or a ValueError naming what is wrong."""
        where = self.places_of()
        bad = [f"c{c} ({', '.join(where.get(c, ['nowhere']))})" for c in range(len(self.defs))
               if (len(where.get(c, ())) != 1 if c < self.dealt else len(where.get(c, ())) > 1)]
        if bad:
            raise ValueError(f"Pages lost, doubled or unknown: {', '.join(bad[:5])}")
        for z in ZONES:
            for p, zone in enumerate(getattr(self, z)):
                if any(self.owner[c] != p for c in zone):
                    raise ValueError(f"P{p + 1}'s {z} holds another Caster's Page (MZ22-OWN-4)")
        on_table = set(self.arena) | {c for c in self.terra if c >= 0}
        if not on_table <= set(self.in_play) or any(s.under >= len(self.defs) for s in self.in_play.values()):
            raise ValueError("Page states must belong exactly to the Pages in the Arena")
        for c in self.arena:
            if self.defs[c].type == "terra":
                raise ValueError("a Terra Page sits in a Terra slot, not the Arena")
        for c in self.terra:
            if c >= 0 and self.defs[c].type != "terra":
                raise ValueError("only Terra Pages take Terra slots (MZ22-TSLOT-13)")
        uids = [it.uid for it in self.chain]
        if len(set(uids)) != len(uids) or any(u >= self.next_uid for u in uids):
            raise ValueError("chain items need distinct uids below next_uid")
        for it in self.chain:
            if not 0 <= it.seat < self.n or not 0 <= it.source < len(self.defs):
                raise ValueError("a chain item names a seat or Page that does not exist")
        if len(set(self.places)) != len(self.places) or any(not self.out[p] for p in self.places):
            raise ValueError("places list eliminated Casters once each")

    def matches_decks(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        """Whether each seat's dealt Pages are its Spellbook list (in any order: ids are drawn at
        random, see MZ22Game.initial_data)."""
        return remembered((decks, tuple(map(id, self.defs[:self.dealt])), tuple(self.owner[:self.dealt])),
                          lambda: self._matches(decks))

    def _matches(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        from .deckcheck import spellbook
        from ...engine.decks import Deck
        if len(decks) != self.n:
            return False
        return all(sorted(d.name for d, o in zip(self.defs[:self.dealt], self.owner) if o == p)
                   == sorted(spellbook(Deck("x", decks[p]))) for p in range(self.n))


def _inds(v: Any) -> tuple[Indicator, ...]:
    x = decode(v, records)
    if type(x) is not tuple or not all(type(i) is Indicator for i in x):
        raise ValueError("Indicators must be a list of Indicator records")
    return x


def _counts(v: Any) -> dict[str, int]:
    from .schema import AURA_TYPES
    o = _obj(v)
    for k, x in o.items():
        if k not in AURA_TYPES:
            raise ValueError(f"unknown Aura Type {k!r:.20}")
        whole(x, 1, 1000, "an Aura count")
    return dict(o)
