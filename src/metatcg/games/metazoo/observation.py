"""MetaZoo (lanes) as a fixed-length vector (``game.observe``): built from ``state.view(p)``
alone, so it holds only what ``p`` may know. docs/rl.md lists the parts."""
from __future__ import annotations

from typing import Any, get_args

from ...engine import obsvec as ov
from ...engine.obsvec import Encoder, Index, Slots, Vector
from .data import AURA_CAP, KEYWORDS, LANES, MP_TO_WIN
from .schema import AuraType

UNITS = 8                 # unit slots per side of a lane (5 before changes; room for more)
UNIT_TYPES = Index(("creature", "equipment", "caster", "token creature", "token equipment"))
CASTER_STATES = Index(("caster_zone", "lane", "face_down"))
AURA_TYPES = Index(get_args(AuraType))   # a lane side's enhancing Aura, by type, then tapped
UNIT = 7 + UNIT_TYPES.size + len(KEYWORDS)   # present, influence, base, damage, tapped, gigantic, changed
SIDE = 7                  # influence, aura bonus, has creature, soar, destruction, slots used, limit


def build(game: Any, seats: int) -> Encoder:
    from . import view_schema   # the view's own lists of phases and decision kinds
    enc = Encoder(seats, ov.card_index(game), Index(get_args(view_schema.Phase)),
                  Index(get_args(view_schema.DecisionKind)))
    n = enc.cards.size
    enc.add("global", 1 + 2 * LANES + 4 + 3 * seats)  # round; mission lane, last mission lane;
    enc.add("phase", enc.phases.size)                 # its totals, MP, won; winner, active, priority
    ov.add_decision(enc)
    enc.add("hand", n)
    enc.add("hand_cost", n)          # what each card in hand would cost now
    enc.add("looking_at", n)
    enc.add("starters_aside", n)
    enc.per_seat("counters", 13 + CASTER_STATES.size + LANES)
    for zone in ("revealed_in_hand", "discard", "aura_zone", "caster"):
        enc.per_seat(zone, n)
    for ln in range(LANES):
        enc.add(f"lane{ln + 1}.terra", n + 2 + seats)   # Terra card, resolved, has Terra, owner
        for k in range(seats):
            enc.add(f"lane{ln + 1}.s{k}.side", SIDE)
            enc.add(f"lane{ln + 1}.s{k}.units", n)
            enc.add(f"lane{ln + 1}.s{k}.aura", AURA_TYPES.size + 1)
            enc.add(f"lane{ln + 1}.s{k}.slots", UNITS * UNIT)
    enc.add("resolving", n)
    return enc


def _unit(out: Slots, off: int, u: dict[str, Any]) -> None:
    ov.scalars(out, off, [(1, 1.0), (u["influence"], 10.0), (u["base_influence"], 10.0), (u["damage"], 5.0),
                          (u["tapped"], 1.0), (u["gigantic"], 3.0), (len(u["influence_sources"]), 3.0)])
    ov.onehot(out, off + 7, UNIT_TYPES, u["type"])
    for kw in u["keywords"]:
        out[off + 7 + UNIT_TYPES.size + KEYWORDS.index(kw)] += 0.5


def observe(enc: Encoder, view: dict[str, Any], seats: int) -> Vector:
    cards, at, out = enc.cards, enc.at, enc.blank()
    me = view["you"]
    order = ov.seat_order(view, seats)
    g = at["global"]
    out[g] = view["round"] / 20.0
    if view["mission_lane"] is not None:
        out[g + view["mission_lane"]] = 1.0
    lm = view["last_mission"]
    if lm is not None:
        out[g + LANES + lm["lane"]] = 1.0
        ov.scalars(out, g + 1 + 2 * LANES, [(lm["influence"][me], 20.0), (lm["influence"][1 - me], 20.0),
                                            (lm["mp"], 5.0), (lm["winner"] is not None, 1.0)])
        ov.seat_onehot(out, g + 5 + 2 * LANES, lm["winner"], view, seats)
    ov.seat_onehot(out, g + 5 + 2 * LANES + seats, view["active_player"], view, seats)
    ov.seat_onehot(out, g + 5 + 2 * LANES + 2 * seats, view["priority_player"], view, seats)
    ov.onehot(out, at["phase"], enc.phases, view["phase"])
    ov.decision(out, enc, view)
    players = view["players"]
    mine = players[me]
    ov.counts(out, at["hand"], cards, mine["hand"] or ())
    for c in mine["hand"] or ():
        out[at["hand_cost"] + cards(c["name"])] = c["cost"] / 10.0
    ov.counts(out, at["looking_at"], cards, mine["looking_at"])
    ov.counts(out, at["starters_aside"], cards, mine["starters_aside"])
    for k, p in enumerate(order):
        pl = players[p]
        cz = pl["caster"]
        unseen = [(len(pl[z]) if isinstance(pl[z], list) else pl[z], 5.0) for z in ("looking_at", "starters_aside")]
        off = at[f"s{k}.counters"]
        ov.scalars(out, off, [
            (pl["mp"], MP_TO_WIN), (pl["priority"], 1.0), (pl["aura_total"], AURA_CAP),
            (pl["aura_deck_count"], 20.0), (pl["allied_supply_count"], 10.0), (pl["primary_outside_count"], 10.0),
            (pl["temporary_aura_owed"], 5.0), (pl["hand_count"], 10.0), (pl["deck_count"], 40.0), *unseen,
            (sum(a["tapped"] for a in pl["aura_zone"]), AURA_CAP), (cz["tapped"], 1.0)])
        ov.onehot(out, off + 13, CASTER_STATES, cz["state"])
        if cz["lane"] is not None:
            out[off + 13 + CASTER_STATES.size + cz["lane"] - 1] = 1.0
        ov.counts(out, at[f"s{k}.revealed_in_hand"], cards, pl["revealed_in_hand"] or ())
        ov.counts(out, at[f"s{k}.discard"], cards, pl["discard"])
        ov.counts(out, at[f"s{k}.aura_zone"], cards, pl["aura_zone"])
        ov.counts(out, at[f"s{k}.caster"], cards, [cz], 1.0)
    for ln, lane in enumerate(view["lanes"][:LANES]):
        name = f"lane{ln + 1}"
        off = at[f"{name}.terra"]
        t = lane["terra"]
        if t is not None:
            out[off + cards(t["name"])] = 1.0
            out[off + cards.size + 1] = 1.0
            ov.seat_onehot(out, off + cards.size + 2, t["owner"], view, seats)
        out[off + cards.size] = 1.0 if lane["resolved"] else 0.0
        for side in lane["sides"]:
            k = ov.relative(side["player"], view, seats)
            ov.scalars(out, at[f"{name}.s{k}.side"], [
                (side["influence"], 20.0), (side["aura_bonus"], 5.0), (side["has_creature"], 1.0),
                (side["soar"], 1.0), (side["destruction"], 3.0), (side["slots_used"], 5.0), (side["limit"], 5.0)])
            ov.counts(out, at[f"{name}.s{k}.units"], cards, side["units"])
            aura = at[f"{name}.s{k}.aura"]
            for a in side["aura"]:
                out[aura + AURA_TYPES(a["type"])] += ov.COPY
                out[aura + AURA_TYPES.size] += ov.COPY if a["tapped"] else 0.0
            slots = at[f"{name}.s{k}.slots"]
            for i, u in enumerate(side["units"][:UNITS]):
                _unit(out, slots + i * UNIT, u)
    ov.counts(out, at["resolving"], cards, view["resolving"])
    return enc.vector(out)
