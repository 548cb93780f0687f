"""What one player may know: the four lanes with both sides, Terras, resolved marks,
Influence per side (and what its enhancing Aura add), units with their state and where their
Influence changes come from, both Aura zones, MP, Casters, their own hand with what each card
would cost now (and the opponent's cards that were revealed into hand), counts for hidden
zones."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from . import stats
from .data import KEYWORDS, LANES, MetaZooData


def card_json(d: MetaZooData, iid: int) -> dict[str, Any]:
    return {"id": f"c{iid}", "name": d.cards[iid].name}


def aura_json(d: MetaZooData, a: int) -> dict[str, Any]:
    return {"id": f"c{a}", "name": d.cards[a].name, "type": d.cards[a].aura, "tapped": a in d.tapped}


def influence_sources(d: MetaZooData, u: int, srcs: stats.Sources) -> list[dict[str, Any]]:
    """Why a unit's Influence differs from its printed one: per source card (by name, in the
    order they apply), the amount it adds; zero sums are left out."""
    by_name: dict[tuple[str, bool], int] = {}
    for src, amount in stats.influence_parts(d, u, srcs):
        key = (d.cards[src].name if src >= 0 else "an effect", src == u)
        by_name[key] = by_name.get(key, 0) + amount
    return [{"name": n, "own": own, "amount": a} for (n, own), a in by_name.items() if a]


def hand_json(d: MetaZooData, iid: int, changes: list[stats.CostChange]) -> dict[str, Any]:
    """A card of the viewer's hand with the cost it would take to play now: cost changes at
    work included, for a unit or Terra in its cheapest lane, for a Strategy not confined to a
    lane (the play options name the same costs)."""
    c = d.cards[iid]
    if c.type == "strategy":
        cost = stats.cost_with(c, -1, -1, changes)
    else:
        cost = min(stats.cost_with(c, ln, -1, changes) for ln in range(LANES))
    return {**card_json(d, iid), "cost": cost, "base_cost": c.cost}


def unit_json(d: MetaZooData, u: int, srcs: stats.Sources, infl: dict[int, int]) -> dict[str, Any]:
    c = d.cards[u]
    counts = stats.keyword_counts(d, u, srcs)
    kws = [k for k in KEYWORDS for _ in range(counts.get(k, 0))]
    return {
        "id": f"c{u}", "name": c.name, "type": c.type if not c.token else ("token creature" if c.creature
                                                                            else "token equipment"),
        "influence": infl[u], "base_influence": c.influence, "influence_sources": influence_sources(d, u, srcs),
        "damage": d.damage.get(u, 0), "tapped": u in d.tapped, "keywords": kws, "gigantic": c.gigantic,
    }


def view(st: GameState, me: int) -> dict[str, Any]:
    d: MetaZooData = st.data
    srcs = stats.static_sources(d)
    infl = stats.influences(d, srcs)
    lanes = []
    for ln in range(LANES):
        msrcs = stats.mission_sources(d, ln)
        sides = []
        for p in (0, 1):
            s = ln * 2 + p
            sides.append({
                "player": p,
                "units": [unit_json(d, u, srcs, infl) for u in d.units[s]],
                "aura": [aura_json(d, a) for a in d.enh[s]],
                "influence": stats.side_total(d, ln, p, srcs, msrcs, infl),
                "aura_bonus": stats.aura_bonus(d, ln, p),
                "has_creature": stats.has_creature(d, ln, p),
                "soar": stats.side_soar(d, ln, p, srcs),
                "destruction": stats.destruction_count(d, ln, p, srcs),
                "slots_used": stats.side_count(d, ln, p),
                "limit": stats.lane_limit(d, ln, p, srcs),
            })
        t = d.terra[ln]
        lanes.append({
            "lane": ln + 1,
            "terra": None if t < 0 else {**card_json(d, t), "owner": d.owner[t]},
            "resolved": d.resolved[ln],
            "sides": sides,
        })
    players = []
    for p in (0, 1):
        c0 = d.caster[p]
        state = "face_down" if d.caster_down[p] else ("lane" if c0 in d.lane_of else "caster_zone")
        mine = p == me
        changes = stats.cost_changes(d, p, srcs) if mine else []
        players.append({
            "player": p,
            "mp": d.mp[p],
            "priority": p == d.priority and d.first >= 0,  # nobody holds it before setup chooses
            "caster": {**card_json(d, c0), "state": state, "tapped": c0 in d.tapped,
                       "lane": d.lane_of[c0] + 1 if c0 in d.lane_of else None},
            "aura_zone": [aura_json(d, a) for a in d.aura_zone[p]],
            "aura_total": d.aura_total(p),
            "aura_deck_count": len(d.aura_deck[p]),
            "allied_supply_count": len(d.supply[p]),
            "primary_outside_count": len(d.pool[p]),
            "temporary_aura_owed": d.owed[p],
            "hand_count": len(d.hand[p]),
            "hand": [hand_json(d, c, changes) for c in d.hand[p]] if mine else None,
            "revealed_in_hand": [card_json(d, c) for c in d.hand[p] if c in d.known] if not mine else None,
            "deck_count": len(d.deck[p]),
            "looking_at": [card_json(d, c) for c in d.looking[p]] if mine else len(d.looking[p]),
            "discard": [card_json(d, c) for c in d.discard[p]],
            "starters_aside": [card_json(d, c) for c in d.starters[p]] if mine else len(d.starters[p]),
        })
    lm = d.last_mission
    return {
        "round": d.round, "phase": d.phase, "priority_player": d.priority if d.first >= 0 else None,
        "active_player": d.active,
        "mission_lane": d.mission + 1 if d.mission >= 0 else None,
        "last_mission": None if not lm else {"lane": lm.lane + 1, "influence": [lm.total0, lm.total1],
                                             "winner": lm.winner if lm.winner >= 0 else None, "mp": lm.mp},
        "lanes": lanes, "players": players,
        "resolving": [card_json(d, c) for c in d.resolving + d.paying],
    }
