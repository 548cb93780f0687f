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

from ...engine.errors import StateDataError
from ...engine.positions import Dealer, first_card, only_fields, seat_tables, table, whole
from ...engine.state import GameState
from .cards import CardDef, CardPool
from .data import MetaXData
from .zones import opponent
from .records import ATTACKS, PLANNING, PREP, MulliganAsk

STEPS = ("planning", "battle", "prep", "mulligan")
FILLER_DEFAULT = 20


def _filler(pool: CardPool) -> str:
    return first_card(pool, lambda c: c.is_battle and not c.effects, "effect-less Battle Card")


def build_position(game: Any, spec: dict[str, Any]) -> GameState:
    players = seat_tables(spec, "player", (2,), "MetaX")
    only_fields(spec, {"turn", "active", "first", "step", "seed", "player", "options"})
    deal: Dealer[CardDef] = Dealer(game.pool, 2, _filler)
    new, cards = deal.new, deal.cards
    zones: list[dict[str, Any]] = []
    for p, ps in enumerate(players):
        who = f"player {p + 1}"
        only_fields(ps, {"mp", "hand", "deck", "deck_size", "discard", "vp", "character",
                         "played_character", "mulligan"}, who)
        z: dict[str, Any] = {"hand": deal.many(ps.get("hand", []), p, f"{who} hand")}
        z["deck"] = deal.pile(ps, "deck", "deck_size", p, who, FILLER_DEFAULT, top_last=False)
        z["discard"] = deal.many(ps.get("discard", []), p, f"{who} discard")
        z["chars"] = []
        for i, ch in enumerate(ps.get("character", [])):
            where = f"{who} character #{i + 1}"
            ch = table({"name": ch} if isinstance(ch, str) else ch, where)
            only_fields(ch, {"name", "pushed", "entered_turn", "damage"}, where)
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
            where = f"player {p + 1} {cards[iid].name} damage"
            dmg = deal.many(ch.get("damage", []), opponent(p), where)
            for b in dmg:
                if not cards[b].is_battle:
                    raise StateDataError(f"{where}: {cards[b].name!r} is not a Battle Card")
            if dmg:
                z["damage"][iid] = dmg
        vp = ps.get("vp", 0)
        z["vp"] = (deal.fill(opponent(p), vp, f"player {p + 1} vp") if isinstance(vp, int)
                   else deal.many(vp, opponent(p), f"player {p + 1} vp"))

    d = MetaXData(tuple(cards), tuple(deal.owner))
    d.turn = whole(spec.get("turn", 2), 1, 1 << 20, "turn")
    d.active = whole(spec.get("active", 0), 0, 1, "active")
    d.first = whole(spec.get("first", 0), 0, 1, "first")
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
    st = GameState(game, d, int(spec.get("seed", 0)), options, deal.decks())
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
