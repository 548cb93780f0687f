"""MetaZoo 2022 as a fixed-length vector (``game.observe``): built from ``state.view(p)``
alone, so it holds only what ``p`` may know (a face-down Trap of another Caster is counted, its
Page never named). docs/rl.md lists the parts."""
from __future__ import annotations

from typing import Any, Iterable, get_args

from ...engine import obsvec as ov
from ...engine.obsvec import Encoder, Index, Slots, Vector
from .data import SLOTS, START_LP

BODIES = 10          # Beastie and Artifact slots per controller in the Arena (padded)
CHAIN = 6            # chain items encoded, top of the chain first
LP = float(START_LP)
BEAST_LP = 200.0     # a Beastie's LP scale


def build(game: Any, seats: int) -> Encoder:
    from . import view_schema as vs   # the view's own lists of steps, kinds, statuses, Aura types
    enc = Encoder(seats, ov.card_index(game), Index(get_args(vs.Step)),
                  Index(get_args(vs.DecisionKind)))
    enc.extra["statuses"] = Index(get_args(vs.Status))
    enc.extra["pool"] = Index(get_args(vs.PoolType))
    enc.extra["windows"] = Index(get_args(vs.WindowName))
    enc.extra["chain_kinds"] = Index(("contract", "effect", "copy"))
    n, st = enc.cards.size, enc.extra["statuses"].size
    enc.add("global", 2 + SLOTS + 4 * seats + enc.extra["windows"].size)
    enc.add("step", enc.phases.size)
    ov.add_decision(enc)
    enc.add("hand", n)    # the observer's Chapter
    enc.per_seat("counters", 11 + enc.extra["pool"].size + st)
    for zone in ("chapter_seen", "limbo", "cemetery", "afterlife", "arena", "beneath"):
        enc.per_seat(zone, n)
    enc.per_seat("bodies", BODIES * (8 + st))
    enc.add("terra", n)
    enc.add("terra_slots", SLOTS * (2 + seats))
    enc.add("chain", n)
    enc.add("chain_items", CHAIN * (3 + enc.extra["chain_kinds"].size + seats))
    enc.add("combat", 7 + seats)
    enc.add("combat.attacker", n)
    enc.add("combat.defenders", n)
    return enc


def _statuses(out: Slots, off: int, statuses: Index, inds: Iterable[dict[str, Any]]) -> None:
    for i in inds:
        out[off + statuses(i["status"])] += max(1, i["counters"]) / 5.0


def _body(out: Slots, off: int, enc: Encoder, pg: dict[str, Any]) -> None:
    ov.scalars(out, off, [(1, 1.0), (pg["fatigued"], 1.0), (pg["token"], 1.0), (pg["type"] == "artifact", 1.0),
                          (pg.get("lp"), BEAST_LP), (pg.get("max_lp"), BEAST_LP), (pg.get("damage"), BEAST_LP),
                          (len(pg.get("traits") or ()), 3.0)])
    _statuses(out, off + 8, enc.extra["statuses"], pg.get("statuses") or ())


def observe(enc: Encoder, view: dict[str, Any], seats: int) -> Vector:
    cards, at, out = enc.cards, enc.at, enc.blank()
    statuses: Index = enc.extra["statuses"]
    g = at["global"]
    ov.scalars(out, g, [(view["turn"], 30.0), (view["combat"] is not None, 1.0)])
    out[g + 2 + view["rotation"] % SLOTS] = 1.0
    s0 = g + 2 + SLOTS
    ov.seat_onehot(out, s0, view["active"], view, seats)
    ov.seat_onehot(out, s0 + seats, view["first"], view, seats)
    ov.seat_onehot(out, s0 + 2 * seats, view["priority"], view, seats)
    w = view["window"]
    if w is not None:
        ov.seat_onehot(out, s0 + 3 * seats, w["seat"], view, seats)
        ov.onehot(out, s0 + 4 * seats, enc.extra["windows"], w["name"])
    ov.onehot(out, at["step"], enc.phases, view["step"])
    ov.decision(out, enc, view)
    casters = view["casters"]
    ov.counts(out, at["hand"], cards, casters[view["you"]]["chapter"] or ())
    order = ov.seat_order(view, seats)
    hidden = [0] * seats      # face-down Pages each seat controls that the observer cannot name
    for b in view["beneath"]:
        k = ov.relative(b.get("controller", view["you"]), view, seats)
        if "name" in b:
            ov.counts(out, at[f"s{max(k, 0)}.beneath"], cards, [b])
        elif k >= 0:
            hidden[k] += 1
    for k, p in enumerate(order):
        c = casters[p]
        off = at[f"s{k}.counters"]
        ov.scalars(out, off, [
            (c["lp"], LP), (c["damage"], LP), (c["lp_loss"], LP), (c["out"], 1.0), (c["spellbook_count"], 40.0),
            (c["chapter_count"], 10.0), (c["mulligans"], 3.0), (c["archive_count"], 10.0),
            (c["aura_contracted"], 1.0), (hidden[k], 3.0), (len(c["cemetery"]), 20.0)])
        for t, amount in c["aura"].items():
            out[off + 11 + enc.extra["pool"](t)] = amount / 5.0
        _statuses(out, off + 11 + enc.extra["pool"].size, statuses, c["statuses"])
        for zone in ("chapter_seen", "limbo", "cemetery", "afterlife"):
            ov.counts(out, at[f"s{k}.{zone}"], cards, c[zone])
    filled = [0] * seats
    width = 8 + statuses.size
    names: dict[str, str] = {}
    for pg in view["arena"]:
        names[pg["id"]] = pg["name"]
        k = ov.relative(pg["controller"], view, seats)
        ov.counts(out, at[f"s{k}.arena"], cards, [pg])
        if pg["type"] in ("beastie", "artifact") and filled[k] < BODIES:
            _body(out, at[f"s{k}.bodies"] + filled[k] * width, enc, pg)
            filled[k] += 1
    off = at["terra_slots"]
    for i, t in enumerate(view["terra"][:SLOTS]):
        if t is not None:
            ov.counts(out, at["terra"], cards, [t])
            ov.scalars(out, off + i * (2 + seats), [(1, 1.0), (t.get("fatigued"), 1.0)])
            ov.seat_onehot(out, off + i * (2 + seats) + 2, t.get("controller"), view, seats)
    chain = view["chain"]
    ov.counts(out, at["chain"], cards, [it["page"] for it in chain])
    width = 3 + enc.extra["chain_kinds"].size + seats
    for j, it in enumerate(reversed(chain[-CHAIN:])):
        base = at["chain_items"] + j * width
        ov.scalars(out, base, [(1, 1.0), (it["effect"] + 1, 4.0), (len(it["targets"]), 3.0)])
        ov.onehot(out, base + 3, enc.extra["chain_kinds"], it["kind"])
        ov.seat_onehot(out, base + 3 + enc.extra["chain_kinds"].size, it["seat"], view, seats)
    cb = view["combat"]
    if cb is not None:
        off = at["combat"]
        ov.scalars(out, off, [(1, 1.0), (cb["attack"] + 1, 4.0), (cb["counter"] + 1, 4.0),
                              (len(cb["defenders"]), 3.0), (cb["target"] is not None, 1.0),
                              (cb["primary"] is not None, 1.0),
                              (str(cb["target"] or "")[:1] == "P", 1.0)])   # a Caster is the target
        ov.seat_onehot(out, off + 7, cb["seat"], view, seats)
        ov.counts(out, at["combat.attacker"], cards, [names[cb["attacker"]]] if cb["attacker"] in names else ())
        ov.counts(out, at["combat.defenders"], cards, [names[d] for d in cb["defenders"] if d in names])
    return enc.vector(out)
