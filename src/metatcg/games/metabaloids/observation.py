"""Metabaloids as a fixed-length vector (``game.observe``): built from ``state.view(p)``
alone, so it holds only what ``p`` may know. docs/rl.md lists the parts."""
from __future__ import annotations

from typing import Any, get_args

from ...engine import obsvec as ov
from ...engine.obsvec import Encoder, Index, Vector
from .data import COLUMNS, TALL_MAX

SLOT = 8        # present, safe, marked, used, cost, attack, defense, meta
ZONES = ("hand_seen", "reshuffled", "draw_top", "discard", "lost", "reserve", "events")


def build(game: Any, seats: int) -> Encoder:
    from . import view_schema   # the view's own lists of phases and decision kinds
    enc = Encoder(seats, ov.card_index(game), Index(get_args(view_schema.Phase)),
                  Index(get_args(view_schema.DecisionKind)))
    n = enc.cards.size
    enc.add("global", 2 + 3 * seats)   # turn, short game; active, first, attacked (relative seats)
    enc.add("phase", enc.phases.size)
    ov.add_decision(enc)
    enc.add("hand", n)
    enc.per_seat("counters", 7)   # hand, draw pile, lost, discard, reserve; setup points, setup done
    for zone in ZONES:
        enc.per_seat(zone, n)
    for c in range(COLUMNS):
        enc.per_seat(f"column{c}", n)
    enc.per_seat("grid", COLUMNS * TALL_MAX * SLOT)
    enc.add("battle", 2 * seats + 2 * COLUMNS + 5)   # seats, columns, drawn, totals, bonuses
    for part in ("attacking_card", "target_card", "attack_draw", "defense_draw"):
        enc.add(f"battle.{part}", n)
    return enc


def _slot(c: dict[str, Any]) -> list[tuple[Any, float]]:
    return [(1, 1.0), (c["safe"], 1.0), (c["marked"], 1.0), (c["used"], 1.0), (c["cost"], 5.0),
            (c["attack"], 5.0), (c["defense"], 5.0), (c["meta"], 3.0)]


def observe(enc: Encoder, view: dict[str, Any], seats: int) -> Vector:
    cards, at, out = enc.cards, enc.at, enc.blank()
    g = at["global"]
    ov.scalars(out, g, [(view["turn"], 30.0), (view["short_game"], 1.0)])
    ov.seat_onehot(out, g + 2, view["active"], view, seats)
    ov.seat_onehot(out, g + 2 + seats, view["first"], view, seats)
    for s in view["attacked"]:
        ov.seat_onehot(out, g + 2 + 2 * seats, s, view, seats)
    ov.onehot(out, at["phase"], enc.phases, view["phase"])
    ov.decision(out, enc, view)
    players = view["players"]
    ov.counts(out, at["hand"], cards, players[view["you"]]["hand"] or ())
    setup = view["setup"]
    for k, p in enumerate(ov.seat_order(view, seats)):
        pl = players[p]
        ov.scalars(out, at[f"s{k}.counters"], [
            (pl["hand_count"], 7.0), (pl["draw_count"], 40.0), (pl["lost_count"], 20.0),
            (len(pl["discard"]), 20.0), (len(pl["reserve"]), 5.0),
            (setup["points"][p] if setup else None, 7.0), (setup["done"][p] if setup else None, 1.0)])
        for zone in ZONES:
            z = pl[zone]
            ov.counts(out, at[f"s{k}.{zone}"], cards, [z] if isinstance(z, dict) else z or ())
        grid = at[f"s{k}.grid"]
        for c, col in enumerate(pl["columns"][:COLUMNS]):
            ov.counts(out, at[f"s{k}.column{c}"], cards, col)
            for depth, card in enumerate(col[:TALL_MAX]):
                ov.scalars(out, grid + (c * TALL_MAX + depth) * SLOT, _slot(card))
    b = view["battle"]
    if b is not None:
        off = at["battle"]
        ov.seat_onehot(out, off, b["attacker"], view, seats)
        ov.seat_onehot(out, off + seats, b["defender"], view, seats)
        out[off + 2 * seats + b["attack_column"]] = 1.0
        out[off + 2 * seats + COLUMNS + b["defense_column"]] = 1.0
        ov.scalars(out, off + 2 * seats + 2 * COLUMNS, [
            (b["attack_draw"] is not None, 1.0), (b["attack_total"], 10.0), (b["defense_total"], 10.0),
            (b["attack_bonus"], 5.0), (b["defense_bonus"], 5.0)])
        for part in ("attacking_card", "target_card", "attack_draw", "defense_draw"):
            if b[part] is not None:
                ov.counts(out, at[f"battle.{part}"], cards, [b[part]])
    return enc.vector(out)
