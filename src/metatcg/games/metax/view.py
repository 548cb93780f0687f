"""What one player may know (MX-ZONE-12): own hand, public zones, counts of hidden ones."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from . import stats
from .data import MetaXData


def card_json(d: MetaXData, iid: int) -> dict[str, Any]:
    return {"id": f"c{iid}", "name": d.cards[iid].name}


def character_json(d: MetaXData, iid: int) -> dict[str, Any]:
    kws = sorted(k for k in ("quick", "elusive", "sentinel") if stats.has_keyword(d, iid, k))
    return {
        "id": f"c{iid}", "name": d.cards[iid].name, "pushed": iid in d.pushed,
        "entered_turn": d.entered[iid], "in_battle_zone": iid in d.in_battle,
        "stats": stats.ranks(d, iid), "keywords": kws,
        "damage": [card_json(d, b) for b in d.damage.get(iid, ())],
    }


def view(st: GameState, me: int) -> dict[str, Any]:
    d: MetaXData = st.data
    players = []
    for p in (0, 1):
        players.append({
            "player": p,
            "mp": d.mp[p],
            "vp": len(d.vp[p]),
            "deck_count": len(d.deck[p]),
            "hand_count": len(d.hand[p]),
            "hand": [card_json(d, c) for c in d.hand[p]] if p == me else None,
            "known_in_hand": [card_json(d, c) for c in d.hand[p] if c in d.revealed],
            "discard": [card_json(d, c) for c in d.discard[p]],
            "characters": [character_json(d, c) for c in d.inplay[p]],
            "mulligan": d.mulligan[p],
        })
    attacks = [{
        "lead": f"c{a.lead}", "battle_card": card_json(d, a.card), "links": [f"c{x}" for x in a.links],
        "named_stat": a.stat or None,
        "defender": f"c{a.defender}" if a.defender >= 0 else None,
        "defender_card": card_json(d, a.dcard) if a.dcard >= 0 else None,
        "resolved": a.resolved,
    } for a in d.attacks]
    return {
        "turn": d.turn, "active_player": d.active, "first_player": d.first, "step": d.phase,
        "played_character_this_turn": d.played_char, "players": players, "battle_zone": attacks,
        "resolving": [card_json(d, c) for c in d.resolving],
    }
