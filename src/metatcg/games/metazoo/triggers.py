"""Triggered abilities: which abilities an event starts (conditional triggers with their
watch filters, On Mission kinds, When Dispelled) and how a waiting trigger is described to
the active player who orders them (MZL-ERRATA-SIMUL)."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from . import stats
from .zones import nm, pl
from .context import src_label
from .data import LANES, MetaZooData, turn_order, use_key
from .records import AbilityTrigger, Ctx, Event, TempAuraTrigger, make


def _watchers(d: MetaZooData) -> tuple[tuple[int, int, int], ...]:
    """(src, controller, lane) of cards whose conditional triggers may listen now, kept on
    ``d`` until cards move (``zones.unit_moved``, ``MetaZooData.cards_moved``): a tuple, so
    lookahead copies share it safely."""
    w = d.watch
    if w is None:
        w = d.watch = _find_watchers(d)
    return w


def _find_watchers(d: MetaZooData) -> tuple[tuple[int, int, int], ...]:
    cards = d.cards
    owner = d.owner
    out = []
    for side in range(LANES * 2):
        for u in d.units[side]:
            if cards[u].triggers:
                out.append((u, owner[u], side >> 1))
    for ln in range(LANES):
        t = d.terra[ln]
        if t >= 0 and cards[t].triggers:
            out.append((t, owner[t], ln))
    for p in (0, 1):
        c0 = d.caster[p]
        if c0 >= 0 and not d.caster_down[p] and c0 not in d.lane_of and cards[c0].triggers:
            out.append((c0, p, -1))
    return tuple(out)


def _watch(d: MetaZooData, out: list[Any], when: str, subj: int, slane: int, watchers: tuple[Any, ...]) -> None:
    """The conditional triggers ``when`` starts among ``watchers`` (see _watchers)."""
    cards = d.cards
    for src, ctrl, ln in watchers:
        c = cards[src]
        if when not in c.listens:
            continue
        for ai in c.triggers:
            a = c.abilities[ai]
            if a.when != when or not stats.ability_works(d, src, ai):
                continue
            ctrls = turn_order(d.active) if a.each_player else (ctrl,)
            for q in ctrls:
                if a.once_per_round and use_key(src, ai, q) in d.used:
                    continue
                ctx = make(Ctx, (src, q, ai, ln, subj, slane, -2, d.mission, -1, -1, -1, ()))
                if a.watch is not None:
                    if when == "card_played" or when == "enhanced":
                        if a.watch.side != "any" and (a.watch.side == "friendly") != (d.owner[subj] == q):
                            continue
                        if a.watch.lane != "any" and not _lane_ok(d, a.watch.lane, slane, ctx):
                            continue
                    elif when in ("action_phase_start", "round_end"):
                        pass
                    elif not stats.unit_matches(d, a.watch, subj, ctx, at=slane):
                        continue
                if when == "card_played" and not stats.card_matches(cards[subj], a.card):
                    continue
                if a.once_per_round:
                    d.used.add(use_key(src, ai, q))
                out.append(AbilityTrigger(ctx))


def _lane_ok(d: MetaZooData, ref: str, lane: int, ctx: Ctx) -> bool:
    if ref == "other":
        return lane != ctx.lane
    want = stats.lane_ref(d, ref, ctx)
    return want is None or want == lane


def triggers_for(st: GameState, ev: Event) -> list[Any]:
    d: MetaZooData = st.data
    k = ev.what
    out: list[Any] = []
    cards = d.cards
    watchers = _watchers(d) if k != "declare" and k != "resolution" else ()
    if k == "played":
        iid, p, lane = ev.card, ev.player, ev.lane
        c = cards[iid]
        for ai in c.on_play:  # MZL-KW-ONPLAY-1, ordered with the others (MZL-ERRATA-FIZZLE-1)
            out.append(AbilityTrigger(Ctx(iid, p, ai, lane, subject=iid, subject_lane=lane, mission_lane=d.mission,
                                          confined=ev.confined)))
        _watch(d, out, "card_played", iid, lane, watchers)
        if c.is_unit:
            _watch(d, out, "unit_played", iid, lane, watchers)
            _watch(d, out, "unit_enters", iid, lane, watchers)
    elif k == "created" or k == "moved":
        _watch(d, out, "unit_enters", ev.card, ev.lane, watchers)
    elif k == "dispelled":
        iid, p, lane = ev.card, ev.player, ev.lane
        c = cards[iid]
        # MZL-EQUIP-2: an equipment that left a lane with no friendly creature had no working abilities
        works = not (c.equipment and not stats.has_creature(d, lane, p))
        for ai in (c.dispelled if works else ()):
            out.append(AbilityTrigger(Ctx(iid, p, ai, lane, subject=iid, subject_lane=lane, mission_lane=d.mission)))
        if c.is_unit:
            _watch(d, out, "dispelled", iid, lane, watchers)
    elif k == "left":
        _watch(d, out, "leaves_play", ev.card, ev.lane, watchers)
    elif k == "damaged":
        _watch(d, out, "damaged", ev.card, ev.lane, watchers)
    elif k == "enhanced":
        _watch(d, out, "enhanced", ev.card, ev.lane, watchers)
    elif k == "declare":
        _mission_triggers(d, out, ev.lane, ("on_mission_declaration",), -2, 0)
    elif k == "resolution":
        _mission_triggers(d, out, ev.lane, ("on_mission_resolution", "on_successful_mission", "overwhelm"),
                          ev.winner, ev.margin)
    elif k == "round_end":
        _watch(d, out, "round_end", -1, -1, watchers)
        for p in turn_order(d.priority):
            out.extend([TempAuraTrigger(p)] * d.owed[p])
    elif k == "action_start":
        _watch(d, out, "action_phase_start", -1, -1, watchers)
    return out


def _mission_triggers(d: MetaZooData, out: list[Any], lane: int, kinds: tuple[str, ...], win: int,
                      margin: int) -> None:
    """On Mission abilities of cards in the mission's lane, or reaching beyond their own
    lane (MZL-ERRATA-SCOPE-1/2)."""
    cards = d.cards
    srcs = []
    for side in range(LANES * 2):
        for u in d.units[side]:
            if cards[u].mission:
                srcs.append((u, d.owner[u], side >> 1))
    for ln in range(LANES):
        t = d.terra[ln]
        if t >= 0 and cards[t].mission:
            srcs.append((t, d.owner[t], ln))
    for p in (0, 1):
        c0 = d.caster[p]
        if c0 >= 0 and not d.caster_down[p] and c0 not in d.lane_of and cards[c0].mission:
            srcs.append((c0, p, -1))
    for src, ctrl, ln in srcs:
        c = cards[src]
        for ai in c.mission:
            a = c.abilities[ai]
            if a.kind not in kinds or (ln != lane and a.scope != "any_lane"):
                continue
            if not stats.ability_works(d, src, ai):
                continue
            ctrls = turn_order(d.active) if a.each_player else (ctrl,)
            for q in ctrls:
                if a.kind == "on_successful_mission" and win != q:
                    continue
                if a.kind == "overwhelm" and (win != q or margin < a.x):
                    continue
                if a.once_per_round:
                    if use_key(src, ai, q) in d.used:
                        continue
                    d.used.add(use_key(src, ai, q))
                out.append(AbilityTrigger(Ctx(src, q, ai, ln, winner=win, mission_lane=lane)))


def describe_trigger(st: GameState, t: Any) -> str:
    d: MetaZooData = st.data
    if type(t) is TempAuraTrigger:
        return f"{pl(t.player)} puts a primary Aura back on top of their Aura deck (temporary Aura)"
    ctx = t.ctx
    what = d.cards[ctx.src].texts[ctx.ability]
    about = f" [{nm(d, ctx.subject)}]" if ctx.subject >= 0 and ctx.subject != ctx.src else ""
    return f"{src_label(d, ctx)}: {what}{about}"
