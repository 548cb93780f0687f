"""Build any MetaX position from plain data (scenario files and rule tests).

A position spec (a dict, e.g. from TOML)::

    turn = 3; active = 0; first = 0; step = "planning"   # planning | battle | prep | mulligan
    seed = 1
    [[player]]                     # two of these, P1 then P2
    mp = 5
    hand = ["Ember Warden", "Brawl 4"]
    deck = ["Brawl 1", "Brawl 2"]  # top first; or deck_size = 20 (filler cards)
    discard = []; vp = 0           # vp: a count (face-down cards) or a list of names
    played_character = false       # already played a Character this turn
    [[player.character]]
    name = "Ironclad Paragon"; pushed = false; entered_turn = 1
    damage = ["Brawl 1"]           # Battle Cards attached (owned by the opponent)

Card names are checked against the pool; an unknown name is a StateDataError
naming the field, with suggestions.
"""
from __future__ import annotations

from typing import Any

from ...engine.decks import unknown_card_message
from ...engine.errors import StateDataError
from ...engine.state import GameState
from .cards import CardDef, CardPool
from .data import MetaXData
from .zones import opponent
from .records import ATTACKS, PLANNING, PREP, MulliganAsk

STEPS = ("planning", "battle", "prep", "mulligan")
FILLER_DEFAULT = 20


def _filler(pool: CardPool) -> str:
    for nm, c in pool.by_name.items():
        if c.is_battle and not c.effects:
            return nm
    raise StateDataError("the pool has no effect-less Battle Card to use as deck filler")


def build_position(game: Any, spec: dict[str, Any]) -> GameState:
    pool: CardPool = game.pool
    players = spec.get("player")
    if not isinstance(players, list) or len(players) != 2:
        raise StateDataError("a MetaX position needs exactly two [[player]] tables")
    unknown_keys = set(spec) - {"turn", "active", "first", "step", "seed", "player", "options"}
    if unknown_keys:
        raise StateDataError(f"unknown position field(s): {', '.join(sorted(unknown_keys))}")
    cards: list[CardDef] = []
    owner: list[int] = []
    names: list[list[str]] = [[], []]

    def new(nm: Any, p: int, where: str) -> int:
        if not isinstance(nm, str) or nm not in pool:
            raise StateDataError(f"{where}: {unknown_card_message(str(nm), pool.names())}")
        cards.append(pool[nm])
        owner.append(p)
        names[p].append(nm)
        return len(cards) - 1

    filler = None
    zones: list[dict[str, Any]] = []
    for p, ps in enumerate(players):
        if not isinstance(ps, dict):
            raise StateDataError(f"player {p + 1}: expected a table")
        bad = set(ps) - {"mp", "hand", "deck", "deck_size", "discard", "vp", "character",
                         "played_character", "mulligan"}
        if bad:
            raise StateDataError(f"player {p + 1}: unknown field(s): {', '.join(sorted(bad))}")
        z: dict[str, Any] = {"hand": [new(n, p, f"player {p + 1} hand") for n in ps.get("hand", [])]}
        if "deck" in ps:
            z["deck"] = [new(n, p, f"player {p + 1} deck") for n in ps["deck"]]
        else:
            filler = filler or _filler(pool)
            size = int(ps.get("deck_size", FILLER_DEFAULT))
            z["deck"] = [new(filler, p, f"player {p + 1} deck") for _ in range(size)]
        z["discard"] = [new(n, p, f"player {p + 1} discard") for n in ps.get("discard", [])]
        z["chars"] = []
        for i, ch in enumerate(ps.get("character", [])):
            if isinstance(ch, str):
                ch = {"name": ch}
            where = f"player {p + 1} character #{i + 1}"
            bad = set(ch) - {"name", "pushed", "entered_turn", "damage"}
            if bad:
                raise StateDataError(f"{where}: unknown field(s): {', '.join(sorted(bad))}")
            iid = new(ch.get("name"), p, where)
            if not cards[iid].is_character:
                raise StateDataError(f"{where}: {cards[iid].name!r} is not a Character")
            z["chars"].append((iid, ch))
        zones.append(z)
    # damage and VP cards belong to the opponent (they came from the opponent's plays / deck)
    for p, ps in enumerate(players):
        z = zones[p]
        z["damage"] = {}
        for iid, ch in z["chars"]:
            dmg = []
            for n in ch.get("damage", []):
                b = new(n, opponent(p), f"player {p + 1} {cards[iid].name} damage")
                if not cards[b].is_battle:
                    raise StateDataError(f"player {p + 1} {cards[iid].name} damage: {n!r} is not a Battle Card")
                dmg.append(b)
            if dmg:
                z["damage"][iid] = dmg
        vp = ps.get("vp", 0)
        if isinstance(vp, int):
            filler = filler or _filler(pool)
            z["vp"] = [new(filler, opponent(p), f"player {p + 1} vp") for _ in range(vp)]
        else:
            z["vp"] = [new(n, opponent(p), f"player {p + 1} vp") for n in vp]

    d = MetaXData(tuple(cards), tuple(owner))
    try:
        d.turn = int(spec.get("turn", 2))
        d.active = int(spec.get("active", 0))
        d.first = int(spec.get("first", 0))
    except (TypeError, ValueError) as e:
        raise StateDataError(f"position: {e}") from None
    if d.active not in (0, 1) or d.first not in (0, 1) or d.turn < 1:
        raise StateDataError("position: active/first must be 0 or 1 and turn at least 1")
    for p, ps in enumerate(players):
        z = zones[p]
        mp = int(ps.get("mp", 0))
        if not 0 <= mp <= 10:
            raise StateDataError(f"player {p + 1}: mp must be 0..10 (MX-MP-3/4), got {mp}")
        d.mp[p] = mp
        d.hand[p], d.deck[p], d.discard[p], d.vp[p] = z["hand"], z["deck"], z["discard"], z["vp"]
        if len(z["chars"]) > 3:
            raise StateDataError(f"player {p + 1}: at most 3 Characters in play (MX-CARD-3)")
        for iid, ch in z["chars"]:
            d.inplay[p].append(iid)
            d.entered[iid] = int(ch.get("entered_turn", max(0, d.turn - 2)))
            if ch.get("pushed"):
                d.pushed.add(iid)
        d.damage.update(z["damage"])
        d.mulligan[p] = ps.get("mulligan", False)
    d.played_char = bool(players[d.active].get("played_character", False))
    step = spec.get("step", "planning")
    if step not in STEPS:
        raise StateDataError(f"position: step must be one of {', '.join(STEPS)}, got {step!r}")
    if step == "mulligan":  # the mulligan comes before turn 1 (on_idle then starts turn 1)
        d.turn, d.active = 0, d.first
    options = game.default_options()
    options.update(spec.get("options", {}))
    st = GameState(game, d, int(spec.get("seed", 0)), options, (tuple(names[0]), tuple(names[1])))
    d.phase = step
    if step == "planning":
        st.push(PLANNING)
    elif step == "battle":
        st.push(ATTACKS)
    elif step == "prep":
        st.push(PREP, PLANNING)
    else:
        st.push(MulliganAsk(d.first), MulliganAsk(opponent(d.first)))
    st.run_to_decision()
    return st


def snapshot(st: GameState) -> dict[str, Any]:
    """A readable summary of the whole position (both hands included) for expectations."""
    d: MetaXData = st.data
    from . import stats
    out: dict[str, Any] = {"turn": d.turn, "active": d.active, "step": d.phase,
                 "result": None if st.result is None else list(st.result), "players": []}
    for p in (0, 1):
        out["players"].append({
            "mp": d.mp[p], "vp": len(d.vp[p]), "hand_count": len(d.hand[p]), "deck_count": len(d.deck[p]),
            "hand": sorted(d.cards[c].name for c in d.hand[p]),
            "discard": sorted(d.cards[c].name for c in d.discard[p]),
            "characters": [{"name": d.cards[c].name, "pushed": c in d.pushed, "in_battle": c in d.in_battle,
                            "damage": [d.cards[b].name for b in d.damage.get(c, ())],
                            "stats": stats.ranks(d, c)} for c in d.inplay[p]],
        })
    return out
