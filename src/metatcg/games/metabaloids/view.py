"""``state.view(p)``: what seat ``p`` may know, in the shape docs/metabaloids.md gives.

Hidden: other seats' hands (only counts) and every draw pile (only counts; a top card a dig
revealed is public in the log). Everything else is face up (MB-ZONE-10)."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from .battle import totals
from .data import MetabaloidsData


def card(d: MetabaloidsData, c: int, marked: tuple[int, ...] = ()) -> dict[str, Any]:
    cd = d.cards[c]
    return {"id": f"c{c}", "name": cd.name, "cost": cd.cost, "attack": cd.attack, "defense": cd.defense,
            "meta": cd.meta, "safe": c in d.safe, "marked": c in marked, "used": c in d.used}


def view(st: GameState, me: int) -> dict[str, Any]:
    d: MetabaloidsData = st.data
    b = d.battle
    marked = (b.acard, b.tcard) if b is not None else ()

    def cards(zone: list[int]) -> list[dict[str, Any]]:
        return [card(d, c, marked) for c in zone]

    battle = None
    if b is not None:
        at, dt = ((b.atotal, b.dtotal) if b.atotal >= 0 else totals(d, b)) if b.drawn else (None, None)
        abon = b.abonus + sum(d.cards[c].attack_bonus for c in d.columns[b.attacker][b.acol] if c not in d.safe)
        dbon = b.dbonus + sum(d.cards[c].defense_bonus for c in d.columns[b.defender][b.dcol] if c not in d.safe)
        battle = {"attacker": b.attacker, "defender": b.defender, "attack_column": b.acol, "defense_column": b.dcol,
                  "attacking_card": card(d, b.acard, marked), "target_card": card(d, b.tcard, marked),
                  "attack_draw": card(d, b.adraw) if b.adraw >= 0 else None,
                  "defense_draw": card(d, b.ddraw) if b.ddraw >= 0 else None,
                  "attack_total": at, "defense_total": dt, "attack_bonus": abon, "defense_bonus": dbon}
    players = []
    for p in range(d.n):
        players.append({
            "seat": p, "hand_count": len(d.hand[p]), "hand": cards(d.hand[p]) if p == me else None,
            "hand_seen": [card(d, c) for c in d.hand[p] if c in d.known],
            "reshuffled": sorted(d.cards[c].name for c in d.shuffled[p]),   # public names, no ids
            "draw_count": len(d.draw[p]),
            "draw_top": card(d, d.top_known[p]) if d.top_known[p] >= 0 else None,
            "discard": cards(d.discard[p]), "lost_count": len(d.lost[p]),
            "lost": cards(d.lost[p]), "reserve": cards(d.reserve[p]), "events": cards(d.events[p]),
            "columns": [cards(col) for col in d.columns[p]],
        })
    return {"turn": d.turn, "active": d.active, "first": d.first, "phase": d.phase, "short_game": d.short_game,
            "setup": {"points": list(d.deploy_points), "done": list(d.deploy_done)} if d.phase == "setup" else None,
            "attacked": list(d.attacked), "battle": battle, "players": players}
