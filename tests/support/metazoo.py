"""MetaZoo (four-lane edition) rule-test support, for the folders rules_metazoo_a, _b and _c.

One game, :data:`GAME`, holds the real card pool plus every stand-in card of the rule tests
(``support/metazoo_cards/*.toml``: original test cards with exactly the numbers a test needs,
no published text): ``shared.toml`` (plain ones several folders use), ``mza.toml`` ("MZA ..."),
``z.toml`` ("Z ...") and ``rulings.toml`` (the Compendium rulings' stand-ins). No two
stand-ins share a name.

Positions are built with ``game.position`` (games/metazoo/position.py documents the format).
Each folder writes its positions and decks with its own defaults, kept here one builder each:
:func:`pos` (MZA Casters; every decision waits for the test), :func:`z_position` (Z Pyra with
five Fire Aura; single options are taken automatically) and :func:`position` (the Plain
Fire/Earth Casters; every decision waits). Helpers take ``lane`` 1-based and ``p`` 0-based.
"""
from __future__ import annotations

from pathlib import Path

import metatcg
from metatcg.engine.decks import Deck
from metatcg.games.metazoo import stats

from support import card_in, ids

CARD_FILES = sorted((Path(__file__).parent / "metazoo_cards").glob("*.toml"))


def stand_in_game():
    """The MetaZoo game with every stand-in card in its pool."""
    base = metatcg.load_game("metazoo")
    cards, where = [], {}
    for path in CARD_FILES:
        for c in base.parse_cards(path.read_text(encoding="utf-8"), path.name):
            assert c.name not in where, f"{path.name} redefines {c.name!r} of {where[c.name]}"
            assert c.name not in base.pool, f"{path.name}: stand-in {c.name!r} has the name of a real card"
            where[c.name] = path.name
            cards.append(c)
    return base.with_cards(cards)


GAME = stand_in_game()


def game():
    return GAME


def problems(d: Deck) -> list[str]:
    """Every deck rule ``d`` breaks (empty when legal)."""
    return GAME.check_deck(d)


# ------------------------------------------------------------------ positions
def _position(p1: dict, p2: dict, lanes=(), *, auto: bool, seed: int, active: int | None = None, **spec):
    """``game.position`` of two [[player]] tables and up to four [[lane]] tables (missing ones
    are razed and empty); other top-level fields (round, priority, phase...) come in ``spec``.
    ``auto=False`` turns off the automatic "(only choice)" moves."""
    full = {"seed": seed, "player": [p1, p2], "lane": [dict(x) for x in lanes or ()],
            "options": {"auto_single": auto}, **spec}
    if active is not None:
        full["active"] = active
    return GAME.position(full)


def pos(p1: dict | None = None, p2: dict | None = None, lanes=(), *, round: int = 1, priority: int = 0,
        active: int | None = None, phase: str = "action", seed: int = 0, auto: bool = False):
    """A position whose Casters default to MZA Pyra (P1, Fire/Earth) and MZA Terran (P2,
    Earth/Fire), 10 filler cards in each deck; the tables given add to those."""
    a = {"caster": "MZA Pyra", "deck_size": 10, **(p1 or {})}
    b = {"caster": "MZA Terran", "deck_size": 10, **(p2 or {})}
    return _position(a, b, lanes, round=round, priority=priority, phase=phase, seed=seed, auto=auto, active=active)


FIRE5 = ["Fire Aura"] * 5


def z_player(**kw) -> dict:
    """A [[player]] table: Caster Z Pyra, 5 untapped Fire Aura, 20 filler cards unless given."""
    out = {"caster": "Z Pyra", "aura": list(FIRE5), "deck_size": 20, **kw}
    if "deck" in out:
        out.pop("deck_size")
    return out


def z_position(p1: dict | None = None, p2: dict | None = None, lanes=(), *, priority: int = 0,
               active: int | None = None, round: int = 1, auto: bool = True, seed: int = 1, phase: str = "action"):
    """A position of two :func:`z_player` tables (the ones given add to its defaults)."""
    return _position(z_player(**(p1 or {})), z_player(**(p2 or {})), lanes, round=round, priority=priority,
                     phase=phase, seed=seed, auto=auto, active=active)


def player(caster: str = "Plain Fire Caster", **kw) -> dict:
    """A [[player]] table; its deck defaults to 10 filler cards."""
    return {"caster": caster, "deck_size": 10, **kw}


def position(p1: dict | None = None, p2: dict | None = None, lanes: list | None = None, *,
             auto: bool = False, seed: int = 1, **spec):
    """A position of two whole [[player]] tables, by default :func:`player` with Plain Fire
    Caster (P1) and Plain Earth Caster (P2)."""
    p1 = player() if p1 is None else p1
    p2 = player("Plain Earth Caster") if p2 is None else p2
    return _position(p1, p2, lanes, auto=auto, seed=seed, **spec)


# ------------------------------------------------------------------ decks and new games
def listed_deck(caster: str, starters, aura, main, name: str) -> Deck:
    """A deck list: the Caster, the Starter Terras, the Aura cards (one entry each), then ``main``."""
    entries = [f"[caster] {caster}"] + [f"[starter] {s}" for s in starters] + [f"[aura] {a}" for a in aura]
    return Deck(name, tuple(entries) + tuple(main))


# 50 Fire main-deck cards (no allied cards), at most 3 of a name.
FIRE_MAIN = tuple(
    ["Cinder Fox"] * 3 + ["Ash Wyvern"] * 3 + ["Flame Kirin"] * 3 + ["Salamander Duelist"] * 3
    + ["Pyre Colossus"] * 2 + ["Ember Imp"] * 3 + ["Blazing Roc"] * 2 + ["Lantern Moth"] * 3
    + ["Kindle Hound"] * 2 + ["Sparkwright"] * 3 + ["Lava Plate"] * 2 + ["Signal Brazier"] * 2
    + ["Blighted Cinders"] * 1 + ["Fire Lash"] * 3 + ["Ember Tithe"] * 2 + ["Updraft"] * 2
    + ["Thermal Vent Ridge"] * 2 + ["Fire Pup"] * 3 + ["Fire Brute"] * 3 + ["MZA Glow"] * 3
)
assert len(FIRE_MAIN) == 50


def mza_deck(caster: str = "MZA Pyra", starters=("MZA Fire Start", "MZA Earth Start"), aura=None,
             main=FIRE_MAIN, name: str = "mza") -> Deck:
    """A deck list (legal by default): Caster, 2 Starter Terras, 10 Aura, 50 main cards."""
    return listed_deck(caster, starters, ["Fire Aura"] * 10 if aura is None else aura, main, name)


def new_game(d1: Deck | None = None, d2: Deck | None = None, seed: int = 0, auto: bool = False):
    """A new game of two :func:`mza_deck` decks (unless given); every decision waits."""
    return GAME.new_state([d1 or mza_deck(name="d1"), d2 or mza_deck(name="d2")], seed=seed,
                          options={"auto_single": auto})


def started(seed: int = 0, choice: str = "priority:first", auto: bool = False, d1=None, d2=None):
    """A :func:`new_game` taken through setup (``choice`` for the Priority pick, first option
    for each Starter Terra) up to round 1's first action decision."""
    s = new_game(d1, d2, seed=seed, auto=auto)
    s.apply(choice)
    while s.decision.kind == "starter":
        s.apply(ids(s)[0])
    assert s.decision.kind == "action" and s.data.round == 1
    return s


Z_MAIN = [f"Z Fire {n}" for n in range(1, 10)] + ["Z Sky 2", "Z Sky 3", "Fire Enhancer", "Z Razer 4", "Z Giant 6",
                                                  "Z Martyr 2", "Play Drawer", "Z Winner 3"]


def z_deck(caster: str = "Z Pyra", starters=("Z Plain", "Z Plain"), aura: str = "Fire Aura") -> Deck:
    """A legal 51-card Fire deck list of Z stand-ins (for games started from setup)."""
    return listed_deck(caster, starters, [aura] * 10, [n for n in Z_MAIN for _ in range(3)], "mzb")


def z_game(d1=None, d2=None, seed: int = 3):
    """A new game of two :func:`z_deck` decks (unless given)."""
    return GAME.new_state([d1 or z_deck(), d2 or z_deck()], seed=seed)


def deck(caster: str, starters: list[str], main: dict[str, int], aura: str = "Fire Aura") -> Deck:
    """A deck list of ``main`` (name -> copies) with 10 ``aura``."""
    return listed_deck(caster, starters, [aura] * 10, [nm for nm, n in main.items() for _ in range(n)], "test")


# ------------------------------------------------------------------ finding things
def unit(st, name: str, p: int | None = None, lane: int | None = None, nth: int = 0) -> int:
    """The instance id of the ``nth`` unit called ``name`` in play (of player ``p``, in
    ``lane``, when given), lanes in order."""
    d = st.data
    hits = []
    for s in range(8):
        if p is not None and s & 1 != p:
            continue
        if lane is not None and s >> 1 != lane - 1:
            continue
        hits += [u for u in d.units[s] if d.cards[u].name == name]
    assert len(hits) > nth, f"no unit {name!r} #{nth} (P{'?' if p is None else p + 1}, lane {lane}) in play"
    return hits[nth]


def unit_in_lane(st, name: str, lane: int, p: int = 0) -> int:
    """A unit named ``name`` on player ``p``'s side of ``lane``."""
    return unit(st, name, p, lane)


def find_in(st, name: str, zone: str = "hand", p: int = 0) -> int:
    """The first card named ``name`` in a player's zone (hand, deck, discard, aura_zone...)."""
    return card_in(st, name, p, zone)


def side(st, lane: int, p: int = 0) -> list[str]:
    """Names of the units on player ``p``'s side of ``lane``, in the order they entered."""
    d = st.data
    return [d.cards[u].name for u in d.units[(lane - 1) * 2 + p]]


def lane_of(st, iid: int) -> int:
    """The lane of a unit in play (0: not in play)."""
    return st.data.lane_of.get(iid, -1) + 1


def in_play(st, iid: int) -> bool:
    return iid in st.data.lane_of


def tokens_in_play(st) -> list[int]:
    d = st.data
    return [u for s in range(8) for u in d.units[s] if d.cards[u].token]


def influence(st, iid: int) -> int:
    return stats.influence(st.data, iid)


def total(st, lane: int, p: int) -> int:
    return stats.side_total(st.data, lane - 1, p)


def terra(st, lane: int) -> int:
    return st.data.terra[lane - 1]


def enh(st, lane: int, p: int = 0) -> list[int]:
    """The Aura enhancing player ``p``'s side of ``lane``."""
    return list(st.data.enh[(lane - 1) * 2 + p])


def aura_zone(st, p: int = 0) -> list[str]:
    """Player ``p``'s Aura zone as sorted names, tapped ones marked."""
    d = st.data
    return sorted(d.cards[a].name + (" (tapped)" if a in d.tapped else "") for a in d.aura_zone[p])


def untapped(st, p: int = 0) -> int:
    d = st.data
    return sum(1 for a in d.aura_zone[p] if a not in d.tapped)


def hands(st) -> list[int]:
    return [len(h) for h in st.data.hand]


def snap(st) -> dict:
    return GAME.snapshot(st)


def labels(st) -> dict[str, str]:
    return {a.id: a.label for a in st.legal_actions()}


def kind(st) -> str | None:
    return None if st.decision is None else st.decision.kind


def decider(st) -> int | None:
    return None if st.decision is None else st.decision.player


def is_action_turn(st, p: int) -> bool:
    return st.decision is not None and st.decision.kind == "action" and st.decision.player == p


# ------------------------------------------------------------------ actions
def play_id(st, name: str, lane: int | None = None, p: int | None = None) -> str:
    """The id that plays ``name`` (player ``p``'s Caster of that name, else a copy in their
    hand; ``p`` defaults to the active player), to ``lane`` if given."""
    d = st.data
    p = d.active if p is None else p
    c = d.caster[p] if d.cards[d.caster[p]].name == name else card_in(st, name, p, "hand")
    return f"play:c{c}" + (f"@lane{lane}" if lane is not None else "")


def play(st, name: str, lane: int | None = None, p: int | None = None) -> None:
    st.apply(play_id(st, name, lane, p))


def can_play(st, name: str, lane: int | None = None) -> bool:
    """Is some copy of ``name`` (in hand, or the Caster) playable now (to ``lane`` if given)?"""
    d = st.data
    p = st.current_player()
    cs = [c for c in d.hand[p] if d.cards[c].name == name]
    if d.cards[d.caster[p]].name == name:
        cs.append(d.caster[p])
    legal = ids(st)
    if lane is not None:
        return any(f"play:c{c}@lane{lane}" in legal for c in cs)
    return any(a == f"play:c{c}" or a.startswith(f"play:c{c}@") for c in cs for a in legal)


def ability_id(st, iid: int, ai: int = 0) -> str:
    """The id that uses ability ``ai`` of card ``iid``."""
    return ability(iid, ai)


def ability(src: int, ai: int) -> str:
    """The id that uses ability ``ai`` of card ``src``."""
    return f"ability:c{src}:{ai}"


def declare(st, lane: int) -> None:
    st.apply(f"declare:lane{lane}")


def idle(st) -> None:
    """The player to act spends their turn declaring the highest unresolved lane (keep it empty)."""
    assert st.decision.kind == "action", st.decision
    ln = max(i for i in range(4) if not st.data.resolved[i]) + 1
    declare(st, ln)


def target(st, iid: int) -> None:
    """Pick ``iid`` as the target; when it was the only legal target the kernel already took it."""
    if st.decision is not None and st.decision.kind == "target":
        st.apply(f"target:c{iid}")
    else:
        assert any(line.startswith("(only choice) Choose " + st.data.cards[iid].name) for line in st.log[-8:]), \
            "the target was neither offered nor auto-chosen"


def order(st, iid: int) -> None:
    st.apply(f"order:c{iid}")


def pick_trigger(st, fragment: str) -> None:
    """Resolve first the simultaneous trigger whose source is ``fragment`` (its label starts so)."""
    hits = [a.id for a in st.legal_actions()
            if a.id.startswith("trigger:") and a.label.startswith("Resolve first: " + fragment)]
    assert len(hits) == 1, f"{fragment!r} matches {hits} among {labels(st)}"
    st.apply(hits[0])


def settle(st, kind: str = "order") -> None:
    """Take the first option of every pending decision of ``kind`` (e.g. ordering mini-steps)."""
    while st.decision is not None and st.decision.kind == kind:
        st.apply(ids(st)[0])


def finish_round(st, limit: int = 60) -> int:
    """Declare missions in the first unresolved lane (answering any other decision with its
    first option) until the next round's first action decision (or the end); returns the
    round then."""
    r = st.data.round
    for _ in range(limit):
        if st.is_terminal() or (st.data.round != r and st.decision.kind == "action"):
            return st.data.round
        opts = ids(st)
        dec = [a for a in opts if a.startswith("declare:")]
        st.apply(dec[0] if dec and st.decision.kind == "action" else opts[0])
    raise AssertionError("the round did not end")
