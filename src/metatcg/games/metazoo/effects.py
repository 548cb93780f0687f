"""Abilities and their ops: resolution, targets and mini-steps (which abilities an event
triggers: triggers.py; choices among cards such as discards and searches: choices.py).

Steps (tuples on the kernel stack) used here, ``ctx`` being an effect context
(stats.make_ctx):

* ``("ability", ctx, stage)``   resolve one ability: stage 0 checks the equipment On Play
  rule (MZL-EQUIP-8), the condition (checked when it resolves, MZL-ERRATA-FIZZLE-2) and "may";
* ``("op", oi, ctx)``           op ``oi`` of the ability's ``do`` list;
* ``("pop", q, oi, ctx)``       a player op carried out for player ``q``;
* ``("sel", oi, ctx, aux)``     choosing the units a unit op acts on;
* ``("uop", iid, oi, ctx, aux)`` a unit op on one unit;
* ``("batch", mode, items, extra)`` simultaneous mini-steps, the active player choosing
  which goes next (MZL-ERRATA-SIMUL-1..6); triggers a mini-step causes are resolved before
  the next one, because the kernel puts them on top of the stack.

Every choice is a decision: targets (by the effect's controller, MZL-ERRATA-SIMUL-4), ties
(the active player, MZL-ERRATA-TIE), "may", lanes, Discover/search picks with Fail to Find
(MZL-ERRATA-FAIL-1), the order of cards put on the bottom, discards.
"""
from __future__ import annotations

from ...engine.action import Action
from ...engine.state import GameState
from . import aura, board, stats
from .board import lane_txt, nm, pl
from .data import LANES, MetaZooData
from .text import ability_text
from .stats import C_AI, C_CHOSEN, C_CONF, C_CTRL, C_LANE, C_LAST, C_SRC, C_SUBJ, C_WIN

CANNOT_FOR = {"shatter": "be_shattered", "deal_damage": "be_damaged", "tap": "be_tapped", "move": "be_moved",
              "return_to_hand": "be_returned", "duel": "be_dueled"}
ORDERED_UNIT_OPS = frozenset({"shatter", "deal_damage", "sacrifice", "return_to_hand", "move", "duel"})
CHOICE_PLAYER_OPS = frozenset({"discard", "discover", "search", "recover", "create_token", "tap_aura",
                               "untap_aura", "return_aura"})
CTX_AT = {"op": 2, "pop": 3, "sel": 2}


def ability(d: MetaZooData, ctx: tuple):
    return d.cards[ctx[C_SRC]].abilities[ctx[C_AI]]


def with_ctx(ctx: tuple, **kw) -> tuple:
    idx = {"chosen": C_CHOSEN, "last": C_LAST, "lane": C_LANE, "ctrl": C_CTRL}
    c = list(ctx)
    for k, v in kw.items():
        c[idx[k]] = v
    return tuple(c)


def src_label(d: MetaZooData, ctx: tuple) -> str:
    return f"{nm(d, ctx[C_SRC])} ({pl(ctx[C_CTRL])})"


# ============================================================================ resolving
def start_ability(st: GameState, ctx: tuple) -> None:
    st.push(("ability", ctx, 0))


def start_ops(st: GameState, ctx: tuple) -> None:
    if ability(st.data, ctx).do:
        st.push(("op", 0, ctx))


def step_ability(st: GameState, step: tuple) -> None:
    d: MetaZooData = st.data
    ctx, stage = step[1], step[2]
    src, ctrl = ctx[C_SRC], ctx[C_CTRL]
    c = d.cards[src]
    a = c.abilities[ctx[C_AI]]
    here = stats.card_lane(d, src)
    if here >= 0 and here != ctx[C_LANE]:
        ctx = with_ctx(ctx, lane=here)
    if stage == 0:
        if a.kind == "on_play" and c.equipment and (here < 0 or not stats.has_creature(d, here, ctrl)):
            st.say(f"{src_label(d, ctx)}: On Play does nothing without a friendly creature in its lane (MZL-EQUIP-8)")
            return
        if a.condition is not None and not stats.condition_ok(d, a.condition, ctx):
            st.say(f"{src_label(d, ctx)}: its condition is not met")
            return
        if a.may and _idle(d, a, ctx):
            st.say(f"{src_label(d, ctx)}: nothing it could affect")
            return
        if a.may:
            st.decide(ctrl, "may", (ctx,), f"{nm(d, src)}: use this ability? ({ability_text(a)})")
            return
    start_ops(st, ctx)


def _idle(d: MetaZooData, a, ctx: tuple) -> bool:
    """A "may" ability whose first op would find nothing to act on: no point asking."""
    o = a.do[0] if a.do else None
    if o is None or o.op not in UNIT_OPS_WITH_TARGET or ctx[C_CHOSEN] < 0 and o.target.lane == "chosen":
        return False
    if o.op == "duel" or o.target.choose in ("all",):
        return False
    return not candidates(d, o, o.target, ctx, ctx[C_CTRL])


UNIT_OPS_WITH_TARGET = frozenset({"give_influence", "gain_influence", "deal_damage", "shatter", "sacrifice",
                                  "return_to_hand", "move", "tap", "untap", "grant"})


def may_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    ctx = st.decision.params[0]
    return [Action("yes", f"Yes: use {nm(d, ctx[C_SRC])}'s ability", ("may", True)),
            Action("no", f"No: don't use {nm(d, ctx[C_SRC])}'s ability", ("may", False))]


def may_perform(st: GameState, act: Action, dec) -> None:
    d: MetaZooData = st.data
    ctx = dec.params[0]
    if act.args[1]:
        start_ops(st, ctx)
    else:
        st.say(f"{pl(ctx[C_CTRL])} chooses not to use {nm(d, ctx[C_SRC])}'s ability")


def _next(st: GameState, oi: int, ctx: tuple) -> tuple | None:
    if oi + 1 < len(ability(st.data, ctx).do):
        return ("op", oi + 1, ctx)
    return None


def _push(st: GameState, *steps) -> None:
    st.push(*[s for s in steps if s is not None])


# ---------------------------------------------------------------------------- players and lanes
def players_of(d: MetaZooData, ref: str, ctx: tuple) -> list[int]:
    ctrl = ctx[C_CTRL]
    if ref == "you":
        return [ctrl]
    if ref == "opponent":
        return [1 - ctrl]
    if ref == "each":
        return [d.active, 1 - d.active]
    if ref == "active":
        return [d.active]
    if ref in ("winner", "loser"):
        w = ctx[C_WIN]
        if w < 0:
            return []  # a tie has no winner or loser (MZL-MISSION-18)
        return [w] if ref == "winner" else [1 - w]
    s = ctx[C_SUBJ]
    return [d.owner[s]] if s >= 0 else []


def _needs_lane_choice(d: MetaZooData, op, ctx: tuple) -> bool:
    if ctx[C_CHOSEN] >= 0:
        return False
    k = op.op
    if k == "create_token":
        return op.lane in ("chosen", "any", "other") or (op.lane == "this" and _this(ctx) < 0)
    if k == "treat_resolved":
        return op.lane == "chosen" or (op.lane == "this" and _this(ctx) < 0)
    tg = getattr(op, "target", None)
    if tg is not None and (tg.lane == "chosen" or tg.lane == "this" and _this(ctx) < 0) \
            and tg.choose not in ("self", "subject", "previous"):
        return True
    if k == "move" and (op.to == "chosen" or op.to == "this" and _this(ctx) < 0):
        return True
    return False


def _this(ctx: tuple) -> int:
    return ctx[C_LANE] if ctx[C_LANE] >= 0 else ctx[C_CONF]


def _lane_options(d: MetaZooData, op, ctx: tuple, q: int) -> list[int]:
    k = op.op
    if k == "create_token":
        tok = None
        return [ln for ln in range(LANES) if stats.room_for(d, ln, q, tok if tok is not None else -1)
                and not (op.lane == "other" and ln == _this(ctx))]
    if k == "treat_resolved":
        return [ln for ln in range(LANES) if not d.resolved[ln]] or list(range(LANES))
    if ctx[C_CONF] >= 0:
        return [ctx[C_CONF]]
    return list(range(LANES))


def _ask_lane(st: GameState, step: tuple, op, ctx: tuple, q: int) -> bool:
    """Set a lane decision for ``step`` if the op needs one; True when it did."""
    d: MetaZooData = st.data
    if not _needs_lane_choice(d, op, ctx):
        return False
    lanes = _lane_options(d, op, ctx, q)
    if not lanes:
        st.say(f"{src_label(d, ctx)}: no lane can be chosen")
        return False
    st.decide(q, "lane", (step, tuple(lanes)), f"{nm(d, ctx[C_SRC])}: choose a lane")
    return True


def lane_actions(st: GameState) -> list[Action]:
    step, lanes = st.decision.params
    return [Action(f"lane:{ln + 1}", f"Choose {lane_txt(ln)}", ("lane", ln)) for ln in lanes]


def lane_perform(st: GameState, act: Action, dec) -> None:
    step, lanes = dec.params
    i = CTX_AT[step[0]]
    ctx = with_ctx(step[i], chosen=act.args[1])
    st.push(step[:i] + (ctx,) + step[i + 1:])


# ---------------------------------------------------------------------------- ops
def step_op(st: GameState, step: tuple) -> None:
    d: MetaZooData = st.data
    _, oi, ctx = step
    ops = ability(d, ctx).do
    if oi >= len(ops):
        return
    op = ops[oi]
    k = op.op
    if k in ("prevent",) or k in ("has_influence", "has_keyword", "lane_size", "contribution", "cost", "mp_award"):
        _push(st, _next(st, oi, ctx))
        return
    if k == "treat_resolved":
        if _ask_lane(st, step, op, ctx, ctx[C_CTRL]):
            return
        ln = stats.lane_ref(d, op.lane, ctx) if op.lane != "chosen" else ctx[C_CHOSEN]
        if ln is None or ln < 0:
            ln = ctx[C_CHOSEN]
        if 0 <= ln < LANES and not d.resolved[ln]:
            d.resolved[ln] = True  # MZL-ERRATA-LANERES-4: no scoring, no On Mission effects
            d.dirty = True
            st.say(f"{src_label(d, ctx)}: {lane_txt(ln)} is treated as resolved")
        _push(st, _next(st, oi, ctx))
        return
    if hasattr(op, "player"):
        ps = players_of(d, op.player, ctx)
        nxt = _next(st, oi, ctx)
        if len(ps) > 1 and k in CHOICE_PLAYER_OPS:
            _push(st, ("batch", "player", tuple(ps), (oi, ctx)), nxt)
        else:
            _push(st, *[("pop", q, oi, ctx) for q in ps], nxt)
        return
    _push(st, ("sel", oi, ctx, -1))


def step_pop(st: GameState, step: tuple) -> None:
    """A player op for player ``q``."""
    d: MetaZooData = st.data
    _, q, oi, ctx = step
    op = ability(d, ctx).do[oi]
    k = op.op
    why = nm(d, ctx[C_SRC])
    if k == "draw":
        board.draw(st, q, op.count)
    elif k == "discard":
        n = min(op.count, len(d.hand[q]))
        if n:
            st.push(("discard", q, n, ctx[C_SRC]))
    elif k == "gain_mp":
        board.gain_mp(st, q, op.amount, why)
    elif k == "lose_mp":
        board.gain_mp(st, q, -op.amount, why)
    elif k == "discover":
        n = min(op.x, len(d.deck[q]))
        looked = d.deck[q][:n]
        del d.deck[q][:n]
        d.looking[q].extend(looked)
        st.say(f"{pl(q)} Discovers {op.x}: looks at {', '.join(nm(d, c) for c in looked) or 'nothing'}", q,
               f"{pl(q)} Discovers {op.x}: looks at the top {n} card(s) of their deck")
        st.push(("discover", q, oi, ctx))
    elif k == "search":
        st.decide(q, "search", (q, oi, ctx), f"{why}: search your deck (you may find nothing)")
    elif k == "recover":
        cands = [c for c in d.discard[q] if stats.card_matches(d.cards[c], op.filter)]
        if cands:
            st.decide(q, "recover", (q, oi, ctx), f"{why}: return a card from your discard pile to your hand")
        else:
            st.say(f"{why}: no matching card in {pl(q)}'s discard pile")
    elif k == "temp_aura":
        if aura.add_from_aura_deck(st, q, False, why):
            d.owed[q] += 1  # MZL-ERRATA-TEMPAURA-5: only if an Aura was actually added
    elif k == "ramp_aura":
        aura.add_from_aura_deck(st, q, op.tapped, why)
    elif k == "return_aura":
        st.push(("aura_op", "return", q, q, 1, why))
    elif k == "tap_aura":
        st.push(("aura_op", "tap", ctx[C_CTRL], q, op.count, why))
    elif k == "untap_aura":
        st.push(("aura_op", "untap", ctx[C_CTRL], q, op.count, why))
    elif k == "create_token":
        if _ask_lane(st, step, op, ctx, q):
            return
        ln = _token_lane(d, op, ctx)
        if ln is None or ln < 0:
            st.say(f"{why}: no lane for the token")
            return
        for _ in range(op.count):
            create_token(st, op.token, q, ln, why)
    else:  # pragma: no cover - the schema has no other player op
        raise KeyError(k)


def _token_lane(d: MetaZooData, op, ctx: tuple) -> int | None:
    if op.lane in ("chosen", "any", "other"):
        return ctx[C_CHOSEN]
    if op.lane == "this":
        t = _this(ctx)
        return t if t >= 0 else ctx[C_CHOSEN]
    return stats.lane_ref(d, op.lane, ctx)


def create_token(st: GameState, token: str, p: int, lane: int, why: str) -> int:
    """MZL-KW-CREATE: a token instance enters the lane (not played); it does not happen if
    it would not fit (MZL-LANE-14)."""
    d: MetaZooData = st.data
    tdef = st.game.pool[token]
    iid = len(d.cards)
    d.cards = d.cards + (tdef,)
    d.owner = d.owner + (p,)
    if not stats.room_for(d, lane, p, iid):
        d.cards = d.cards[:-1]
        d.owner = d.owner[:-1]
        st.say(f"{why}: no room for a {token} token in {pl(p)}'s side of {lane_txt(lane)}")
        return -1
    board.enter_lane(d, iid, p, lane)
    st.say(f"{pl(p)} creates a {token} token in {lane_txt(lane)} ({why})")
    from ...engine.events import emit
    emit(st, ("created", iid, p, lane))
    return iid


# ---------------------------------------------------------------------------- unit targets
def candidates(d: MetaZooData, op, tg, ctx: tuple, chooser: int, fighter: int = -1) -> list[int]:
    k = op.op
    ch = tg.choose
    if ch in ("self", "subject", "previous"):
        u = {"self": ctx[C_SRC], "subject": ctx[C_SUBJ], "previous": ctx[C_LAST]}[ch]
        pool = [u] if u >= 0 and u in d.lane_of else []
    else:
        pool = [u for side in _sides(d, tg, ctx) for u in d.units[side] if stats.unit_matches(d, tg, u, ctx)]
    no = CANNOT_FOR.get(k)
    out = []
    if not pool:
        return out
    targeted = ch in ("one", "up_to", "highest", "lowest")
    dest = _dest(d, op, ctx) if k == "move" else None
    for u in pool:
        if no is not None and stats.cannot(d, u, no):
            continue
        if targeted and d.owner[u] != chooser and stats.cannot(d, u, "be_targeted"):
            continue
        if k == "sacrifice" and d.owner[u] != ctx[C_CTRL]:
            continue  # MZL-KW-SACRIFICE-5
        if k == "duel" and (u == fighter or not d.cards[u].creature):
            continue
        if k == "move" and dest is not None and dest >= 0 and not _can_move(d, u, dest):
            continue
        out.append(u)
    return out


def _sides(d: MetaZooData, f, ctx: tuple) -> list[int]:
    """The lane sides a filter can match at all (a cheap narrowing before unit_matches)."""
    ctrl = ctx[C_CTRL]
    ps = (ctrl,) if f.side == "friendly" else ((1 - ctrl,) if f.side == "rival" else (0, 1))
    lanes = range(LANES)
    if ctx[C_CONF] >= 0:
        lanes = (ctx[C_CONF],)
    elif f.lane not in ("any", "other"):
        ln = stats.lane_ref(d, f.lane, ctx)
        lanes = (ln,) if ln is not None and ln >= 0 else ()
    return [ln * 2 + p for ln in lanes for p in ps]


def _dest(d: MetaZooData, op, ctx: tuple) -> int | None:
    """A Move's destination if it is fixed by the op (None: chosen per unit)."""
    if op.to in ("any", "other"):
        return None
    if op.to == "chosen" or op.to == "this" and _this(ctx) < 0:
        return ctx[C_CHOSEN]
    ln = stats.lane_ref(d, op.to, ctx)
    return -1 if ln is None else ln


def _can_move(d: MetaZooData, u: int, dest: int) -> bool:
    p = d.owner[u]
    return d.lane_of.get(u) != dest and stats.room_for(d, dest, p, u) and not stats.same_name_here(d, dest, p, u)


def step_sel(st: GameState, step: tuple) -> None:
    """Choose what a unit op acts on (the fighter of a Duel first)."""
    d: MetaZooData = st.data
    _, oi, ctx, aux = step
    op = ability(d, ctx).do[oi]
    ctrl = ctx[C_CTRL]
    if _ask_lane(st, step, op, ctx, ctrl):
        return
    if op.op == "duel" and aux < 0:
        fs = candidates(d, op, op.fighter, ctx, ctrl)
        fs = [u for u in fs if d.cards[u].creature]
        if not fs:
            st.say(f"{src_label(d, ctx)}: no creature to Duel with")
            _push(st, _next(st, oi, ctx))
            return
        if len(fs) == 1 or op.fighter.choose in ("self", "subject", "previous"):
            st.push(("sel", oi, ctx, fs[0]))
        else:
            st.decide(ctrl, "target", (oi, ctx, (), "fighter", tuple(fs)), f"{nm(d, ctx[C_SRC])}: choose the creature that Duels")
        return
    tg = op.target
    cands = candidates(d, op, tg, ctx, ctrl, aux)
    ch = tg.choose
    nxt = _next(st, oi, ctx)
    if not cands:
        st.say(f"{src_label(d, ctx)}: no legal target")
        _push(st, nxt)
        return
    if ch in ("self", "subject", "previous"):
        _push(st, ("uop", cands[0], oi, ctx, aux), _next(st, oi, with_ctx(ctx, last=cands[0])))
    elif ch == "all":
        _push(st, ("batch", "unit", tuple(cands), (oi, ctx, aux)), nxt)
    elif ch in ("highest", "lowest"):
        srcs = stats.static_sources(d)
        vals = {u: stats.influence(d, u, srcs) for u in cands}
        best = max(vals.values()) if ch == "highest" else min(vals.values())
        tied = tuple(u for u in cands if vals[u] == best)
        if len(tied) == 1:
            _push(st, ("uop", tied[0], oi, ctx, aux), _next(st, oi, with_ctx(ctx, last=tied[0])))
        else:  # MZL-ERRATA-TIE-1..3: the active player picks among the tied
            st.decide(d.active, "target", (oi, ctx, (), "tie", tied),
                      f"{nm(d, ctx[C_SRC])}: several units are tied; choose the one that gets the effect")
    else:
        st.decide(ctrl, "target", (oi, ctx, (), "pick", tuple(cands), aux), _target_prompt(d, op, ctx, ch, 0))


def _target_prompt(d: MetaZooData, op, ctx: tuple, ch: str, n: int) -> str:
    verb = op.op.replace("_", " ")
    if ch == "up_to":
        return f"{nm(d, ctx[C_SRC])}: choose up to {op.target.count - n} more unit(s) ({verb}), or done"
    return f"{nm(d, ctx[C_SRC])}: choose a unit ({verb})"


def unit_label(d: MetaZooData, u: int) -> str:
    ln = d.lane_of.get(u, -1)
    bits = [pl(d.owner[u])]
    if ln >= 0:
        bits.append(lane_txt(ln))
    if u in d.tapped:
        bits.append("tapped")
    if d.damage.get(u):
        bits.append(f"{d.damage[u]} damage")
    return f"{nm(d, u)} ({', '.join(bits)})"


def target_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    params = st.decision.params
    oi, ctx, picks, purpose, cands = params[0], params[1], params[2], params[3], params[4]
    acts = [Action(f"target:c{u}", f"Choose {unit_label(d, u)}", ("target", u)) for u in cands if u not in picks
            and u in d.lane_of]
    if purpose == "pick":
        op = ability(d, ctx).do[oi]
        if op.target.choose == "up_to":
            acts.append(Action("done", "Done choosing" if picks else "Choose nothing", ("target", -1)))
    return acts


def target_perform(st: GameState, act: Action, dec) -> None:
    d: MetaZooData = st.data
    params = dec.params
    oi, ctx, picks, purpose, cands = params[0], params[1], params[2], params[3], params[4]
    u = act.args[1]
    if purpose == "fighter":
        st.push(("sel", oi, ctx, u))
        return
    aux = params[5] if len(params) > 5 else -1
    op = ability(d, ctx).do[oi]
    if purpose == "tie" or op.target.choose == "one":
        _push(st, ("uop", u, oi, ctx, aux), _next(st, oi, with_ctx(ctx, last=u)))
        return
    # up_to: tag one at a time, then resolve them as mini-steps (MZL-ERRATA-SIMUL-2)
    if u >= 0:
        picks = picks + (u,)
    left = [c for c in cands if c not in picks and c in d.lane_of]
    if u >= 0 and len(picks) < op.target.count and left:
        st.decide(dec.player, "target", (oi, ctx, picks, purpose, cands, aux),
                  _target_prompt(d, op, ctx, "up_to", len(picks)))
        return
    last = picks[-1] if len(picks) == 1 else -1
    _push(st, ("batch", "unit", picks, (oi, ctx, aux)) if picks else None, _next(st, oi, with_ctx(ctx, last=last)))


def step_uop(st: GameState, step: tuple) -> None:
    """A unit op on one unit."""
    d: MetaZooData = st.data
    _, u, oi, ctx, aux = step
    if u not in d.lane_of:
        return  # gone before its mini-step (MZL-ERRATA-SIMUL-9)
    op = ability(d, ctx).do[oi]
    k = op.op
    src = ctx[C_SRC]
    who = f"{src_label(d, ctx)}:"
    if k == "give_influence" or k == "gain_influence":
        dur = "round" if k == "give_influence" else "permanent"
        d.mods.append((u, "inf", op.amount, dur))
        d.touch()
        span = "until the end of the round" if dur == "round" else "for as long as it stays in play"
        st.say(f"{who} {nm(d, u)} gets {op.amount:+d} Influence {span}")
    elif k == "grant":
        d.mods.append((u, op.keyword, 1, op.duration))
        d.touch()
        st.say(f"{who} {nm(d, u)} gets {op.keyword.replace('_', ' ')}"
               f"{' until the end of the round' if op.duration == 'round' else ''}")
    elif k == "tap":
        if u not in d.tapped:
            d.tapped.add(u)
            d.touch()
            st.say(f"{who} {unit_label(d, u)} is tapped")
    elif k == "untap":
        if u in d.tapped:
            d.tapped.discard(u)
            d.touch()
            st.say(f"{who} {nm(d, u)} is untapped")
    elif k == "deal_damage":
        st.push(("damage", u, op.amount, (), src, 0))
    elif k == "shatter":
        st.push(("shatter", u, (), src))
    elif k == "sacrifice":
        board.leave_play(st, u, "sacrifice")  # never prevented (MZL-KW-SACRIFICE-2)
    elif k == "return_to_hand":
        if d.cards[u].type == "caster":  # MZL-CASTER-9: Shattered instead (replacements apply)
            st.push(("shatter", u, (), src))
        else:
            board.leave_play(st, u, "return")
    elif k == "move":
        dest = _dest(d, op, ctx)
        if dest is None:
            opts = [ln for ln in range(LANES) if _can_move(d, u, ln)]
            if not opts:
                st.say(f"{who} {nm(d, u)} has no lane to Move to")
            elif len(opts) == 1:
                board.move_unit(st, u, opts[0], nm(d, src))
            else:
                st.decide(ctx[C_CTRL], "move_to", (u, tuple(opts), src), f"{who} choose where {nm(d, u)} Moves")
        elif dest >= 0:
            board.move_unit(st, u, dest, nm(d, src))
    elif k == "duel":
        f = aux
        if f < 0 or f not in d.lane_of:
            return
        srcs = stats.static_sources(d)
        a = max(0, stats.influence(d, f, srcs))  # MZL-KW-DUEL-4: both worked out first
        b = max(0, stats.influence(d, u, srcs))
        st.say(f"{who} {nm(d, f)} ({a}) Duels {nm(d, u)} ({b})")
        st.push(("damage", u, a, (), f, 0), ("damage", f, b, (), u, 1))
    else:  # pragma: no cover
        raise KeyError(k)


def move_to_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    u, opts, src = st.decision.params
    return [Action(f"lane:{ln + 1}", f"Move {nm(d, u)} to {lane_txt(ln)}", ("move_to", ln)) for ln in opts]


def move_to_perform(st: GameState, act: Action, dec) -> None:
    d: MetaZooData = st.data
    u, opts, src = dec.params
    board.move_unit(st, u, act.args[1], nm(d, src))


# ---------------------------------------------------------------------------- mini-steps
def push_batch(st: GameState, mode: str, items: tuple, extra: tuple) -> None:
    st.push(("batch", mode, items, extra))


def _batch_live(d: MetaZooData, mode: str, items: tuple) -> tuple:
    if mode == "player":
        return items
    return tuple(u for u in items if u in d.lane_of)


def _ordered(d: MetaZooData, mode: str, extra: tuple) -> bool:
    if mode != "unit":
        return True
    oi, ctx = extra[0], extra[1]
    return ability(d, ctx).do[oi].op in ORDERED_UNIT_OPS


def _item_step(mode: str, item: int, extra: tuple) -> tuple:
    if mode == "unit":
        return ("uop", item, extra[0], extra[1], extra[2])
    if mode == "player":
        return ("pop", item, extra[0], extra[1])
    return ("sba_item", item)


def step_batch(st: GameState, step: tuple) -> None:
    """MZL-ERRATA-SIMUL-1..3: tagged items resolve one at a time in the active player's order."""
    d: MetaZooData = st.data
    _, mode, items, extra = step
    items = _batch_live(d, mode, items)
    if not items:
        return
    if len(items) == 1 or not _ordered(d, mode, extra):
        st.push(*[_item_step(mode, i, extra) for i in items])
        return
    st.decide(d.active, "order", (mode, items, extra), "Simultaneous effects: choose which resolves next")


def order_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    mode, items, extra = st.decision.params
    if mode == "player":
        return [Action(f"order:p{q + 1}", f"{pl(q)} resolves their part next", ("order", q)) for q in items]
    what = {"unit": "is affected next", "sba": "is removed next"}[mode]
    return [Action(f"order:c{u}", f"{unit_label(d, u)} {what}", ("order", u)) for u in items if u in d.lane_of]


def order_perform(st: GameState, act: Action, dec) -> None:
    mode, items, extra = dec.params
    x = act.args[1]
    rest = tuple(i for i in items if i != x)
    st.push(_item_step(mode, x, extra), ("batch", mode, rest, extra))


# ---------------------------------------------------------------------------- hand and deck ops
