"""Board primitives: every change of where a card is goes through here.

Drawing, entering and leaving lanes (Dispelled vs. only leaving play, MZL-ERRATA-LEAVES),
Shatter and damage as steps that replacement effects hook at the moment they happen
(MZL-ERRATA-REPLEFF), MP and the win check (MZL-WIN, MZL-MISSION-14..16), and the
state-based checks that run whenever the board changed: damage against current Influence
(MZL-DAMAGE-2/7), Influence 0 (MZL-CREATURE-3, MZL-EQUIP-5), lane size limits (MZL-LANE-15).
"""
from __future__ import annotations

from ...engine.action import Action
from ...engine.events import emit, replacements
from ...engine.cardfile import first_of_each_name
from ...engine.state import GameState
from . import stats
from .data import LANES, MetaZooData, use_key
from .stats import make_ctx

WIN_MP = 30  # MZL-WIN-2


def pl(p: int) -> str:
    return f"P{p + 1}"


def lane_txt(lane: int) -> str:
    return f"lane {lane + 1}"


def nm(d: MetaZooData, iid: int) -> str:
    return d.cards[iid].name


def distinct_by_name(d: MetaZooData, iids) -> list[int]:
    """One option per card name (PR-K-4)."""
    return first_of_each_name(d.cards, iids)


def distinct_aura(d: MetaZooData, iids, by_tapped: bool = False) -> list[int]:
    """One Aura per type (and tapped state): which exact Aura card is used never matters."""
    seen: set = set()
    out = []
    for a in iids:
        key = (d.cards[a].aura, a in d.tapped) if by_tapped else d.cards[a].aura
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def aura_txt(d: MetaZooData, a: int) -> str:
    return f"{nm(d, a)}{' (tapped)' if a in d.tapped else ''}"


# ----------------------------------------------------------------------------- hand, MP
def draw(st: GameState, p: int, count: int = 1) -> None:
    """MZL-DRAW-5: drawing from an empty deck draws nothing."""
    d: MetaZooData = st.data
    for _ in range(count):
        if not d.deck[p]:
            st.say(f"{pl(p)} has no card left to draw")
            return
        c = d.deck[p].pop(0)
        d.hand[p].append(c)
        st.say(f"{pl(p)} draws {nm(d, c)}", p, f"{pl(p)} draws a card")


def gain_mp(st: GameState, p: int, amount: int, why: str) -> None:
    d: MetaZooData = st.data
    if amount == 0:
        return
    old = d.mp[p]
    d.mp[p] = max(0, old + amount)
    d.dirty = True  # "while behind in MP" conditions may change Influence (MZL-DAMAGE-7)
    if d.mp[p] != old:
        st.say(f"{pl(p)} {'gains' if amount > 0 else 'loses'} {abs(d.mp[p] - old)} MP ({why}): "
               f"{d.mp[p]} MP, opponent {d.mp[1 - p]}")


def check_win(st: GameState) -> bool:
    """MZL-WIN-2/3, MZL-MISSION-15/16: 30 MP wins; both at 30+ and level: play on until one
    leads by at least 1."""
    d: MetaZooData = st.data
    a, b = d.mp
    if st.result is not None:
        return True
    if max(a, b) < WIN_MP:
        return False
    if a == b:
        if not d.tied_at_30:
            d.tied_at_30 = True
            st.say(f"Both players reached {a} MP together: the game goes on until one leads by 1")
        return False
    w = 0 if a > b else 1
    st.end((1.0, -1.0) if w == 0 else (-1.0, 1.0), f"{pl(w)} wins with {d.mp[w]} MP against {d.mp[1 - w]}")
    d.phase = "over"
    return True


# ----------------------------------------------------------------------------- lanes
def enter_lane(d: MetaZooData, iid: int, p: int, lane: int) -> None:
    d.units[lane * 2 + p].append(iid)
    d.lane_of[iid] = lane
    d.touch()


def leave_play(st: GameState, iid: int, how: str) -> None:
    """A unit leaves its lane. ``how``: shatter | sacrifice | damage | return | limit.

    Main-deck cards go to their owner's discard pile and are Dispelled, or to the hand
    (not Dispelled); tokens vanish; a Caster goes face down to its Caster zone, whatever the
    effect said (MZL-CASTER-9/10, MZL-ERRATA-LEAVES)."""
    d: MetaZooData = st.data
    lane = d.lane_of.pop(iid)
    p = d.owner[iid]
    d.units[lane * 2 + p].remove(iid)
    d.tapped.discard(iid)
    d.damage.pop(iid, None)
    if d.mods:
        d.mods = [m for m in d.mods if m[0] != iid]
    if d.used:  # MZL-ABILITY-12: a card that comes back starts with unused abilities
        d.used = {k for k in d.used if k >> 8 != iid}
    d.touch()
    c = d.cards[iid]
    verb = {"shatter": "is Shattered", "sacrifice": "is Sacrificed", "damage": "is defeated by damage",
            "return": "returns to hand", "limit": "is removed (lane size limit)"}[how]
    where = f"{pl(p)}'s {c.name} in {lane_txt(lane)}"
    if c.token:
        st.say(f"{where} {verb} and leaves the game (token)")
    elif c.type == "caster":
        d.caster_down[p] = True
        st.say(f"{where} {verb}: the Caster goes face down to its Caster zone")
    elif how == "return":
        d.hand[p].append(iid)
        d.known.add(iid)
        st.say(f"{where} {verb}")
    else:
        d.discard[p].append(iid)
        st.say(f"{where} {verb} and is Dispelled")
        emit(st, ("dispelled", iid, p, lane))
    emit(st, ("left", iid, p, lane))


def move_unit(st: GameState, iid: int, lane: int, why: str) -> bool:
    """MZL-KW-MOVE: not allowed if it breaks the name rule or the lane size limit."""
    d: MetaZooData = st.data
    old = d.lane_of.get(iid)
    if old is None or old == lane:
        return False
    p = d.owner[iid]
    if not stats.room_for(d, lane, p, iid) or stats.same_name_here(d, lane, p, iid):
        st.say(f"{nm(d, iid)} cannot Move to {lane_txt(lane)} (name or lane size rule)")
        return False
    d.units[old * 2 + p].remove(iid)
    d.units[lane * 2 + p].append(iid)
    d.lane_of[iid] = lane
    d.touch()
    st.say(f"{pl(p)}'s {nm(d, iid)} Moves from {lane_txt(old)} to {lane_txt(lane)} ({why})")
    emit(st, ("moved", iid, p, lane))
    return True


def terra_leaves(st: GameState, lane: int) -> None:
    """A replaced Terra goes to its owner's discard pile: Dispelled, not Shattered
    (MZL-ERRATA-REPLACE-4, MZL-ERRATA-LEAVES-5)."""
    d: MetaZooData = st.data
    t = d.terra[lane]
    if t < 0:
        return
    d.terra[lane] = -1
    if d.used:
        d.used = {k for k in d.used if k >> 8 != t}
    o = d.owner[t]
    d.discard[o].append(t)
    d.touch()
    st.say(f"{nm(d, t)} ({pl(o)}) leaves {lane_txt(lane)} for the discard pile and is Dispelled")
    emit(st, ("dispelled", t, o, lane))


# ----------------------------------------------------------------------------- replacements
def replacements_for(d: MetaZooData, kind: str, iid: int, applied: tuple) -> list[tuple]:
    """Replacement abilities ("instead") that would apply to ``kind`` (shatter/damage) of
    unit ``iid`` now: (src, ai, controller). Each applies at most once per event."""
    out = []
    cards = d.cards
    cands = []
    for side in range(LANES * 2):
        for u in d.units[side]:
            if cards[u].replacements:
                cands.append(u)
    for t in d.terra:
        if t >= 0 and cards[t].replacements:
            cands.append(t)
    for p in (0, 1):
        c0 = d.caster[p]
        if c0 >= 0 and c0 not in d.lane_of and cards[c0].replacements:
            cands.append(c0)
    for src in cands:
        c = cards[src]
        for ai in c.replacements:
            a = c.abilities[ai]
            if a.instead_of != kind or (src << 8 | ai) in applied:
                continue
            if not stats.ability_works(d, src, ai):
                continue
            ctrl = d.owner[src]
            if a.once_per_round and use_key(src, ai, ctrl) in d.used:
                continue
            ctx = make_ctx(src, ctrl, ai, stats.card_lane(d, src), subj=iid, mlane=d.mission)
            if a.watch is not None and not stats.unit_matches(d, a.watch, iid, ctx):
                continue
            if not stats.condition_ok(d, a.condition, ctx):
                continue
            out.append((src, ai, ctrl))
    return out


def _offer_replacements(st: GameState, step: tuple, kind: str, iid: int, applied: tuple) -> bool:
    """If a replacement could apply, set the decision and return True."""
    d: MetaZooData = st.data
    reps = replacements(st, (kind, iid), applied)  # the kernel hook: rules.replacements_for
    if not reps:
        return False
    if len(reps) > 1:  # MZL-ERRATA-REPLEFF-3: the active player orders them
        st.decide(d.active, "replace_order", (step, tuple(reps)),
                  f"Several effects could replace this event on {nm(d, iid)}: choose which applies first")
    else:
        _consider(st, step, reps[0])
    return True


def _consider(st: GameState, step: tuple, rep: tuple) -> None:
    d: MetaZooData = st.data
    src, ai, ctrl = rep
    if d.cards[src].abilities[ai].may:
        st.decide(ctrl, "instead", (step, rep), f"{nm(d, src)}: use its replacement effect on {nm(d, step[1])}?")
    else:
        _apply_replacement(st, step, rep)


def _apply_replacement(st: GameState, step: tuple, rep: tuple) -> None:
    from .effects import start_ops
    d: MetaZooData = st.data
    src, ai, ctrl = rep
    a = d.cards[src].abilities[ai]
    if a.once_per_round is not False:
        d.used.add(use_key(src, ai, ctrl))
    iid = step[1]
    ctx = make_ctx(src, ctrl, ai, stats.card_lane(d, src), subj=iid, slane=d.lane_of.get(iid, -1), mlane=d.mission)
    if step[0] == "damage":
        amount = step[2]
        prevent = 0
        for o in a.do:
            if o.op == "prevent":
                prevent = amount if o.amount is None else prevent + o.amount
        left = max(0, amount - prevent)
        st.say(f"{nm(d, src)} ({pl(ctrl)}): {min(prevent, amount)} damage to {nm(d, iid)} is prevented")
        rest = (("damage", iid, left, step[3] + (src << 8 | ai,), step[4], step[5]),) if left else ()
        st.push(*rest)
        if any(o.op != "prevent" for o in a.do):
            start_ops(st, ctx)
    else:
        st.say(f"{nm(d, src)} ({pl(ctrl)}) replaces the Shatter of {nm(d, iid)}")
        start_ops(st, ctx)


def replacement_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    dec = st.decision
    if dec.kind == "replace_order":
        step, reps = dec.params
        return [Action(f"replace:c{src}:{ai}", f"Consider first: {nm(d, src)} ({pl(ctrl)})", ("replace", (src, ai, ctrl)))
                for src, ai, ctrl in reps]
    step, rep = dec.params
    from .text import ability_text
    return [Action("yes", f"Yes: {nm(d, rep[0])}: {ability_text(d.cards[rep[0]].abilities[rep[1]])}", ("instead", True)),
            Action("no", f"No: let {nm(d, step[1])} be affected", ("instead", False))]


def replacement_perform(st: GameState, act: Action, dec) -> None:
    if act.args[0] == "replace":
        _consider(st, dec.params[0], act.args[1])
        return
    step, rep = dec.params
    if act.args[1]:
        _apply_replacement(st, step, rep)
    else:
        st.push(step[:3] + (step[3] + (rep[0] << 8 | rep[1],),) + step[4:] if step[0] == "damage"
                else step[:2] + (step[2] + (rep[0] << 8 | rep[1],),) + step[3:])


# ----------------------------------------------------------------------------- Shatter / damage steps
def step_shatter(st: GameState, step: tuple) -> None:
    """("shatter", iid, applied, src): MZL-KW-SHATTER with replacements at that moment."""
    d: MetaZooData = st.data
    iid, applied = step[1], step[2]
    if iid not in d.lane_of:
        return  # a tagged unit no longer in play is skipped (MZL-ERRATA-SIMUL-9)
    if stats.cannot(d, iid, "be_shattered"):
        st.say(f"{nm(d, iid)} cannot be Shattered")
        return
    if _offer_replacements(st, step, "shatter", iid, applied):
        return
    leave_play(st, iid, "shatter")


def step_damage(st: GameState, step: tuple) -> None:
    """("damage", iid, amount, applied, src, simultaneous): MZL-DAMAGE, replacements first."""
    d: MetaZooData = st.data
    iid, amount, applied, src = step[1], step[2], step[3], step[4]
    if iid not in d.lane_of or amount <= 0:
        return
    if stats.cannot(d, iid, "be_damaged"):
        st.say(f"{nm(d, iid)} cannot be damaged")
        return
    if _offer_replacements(st, step, "damage", iid, applied):
        return
    d.damage[iid] = d.damage.get(iid, 0) + amount
    d.touch()
    by = f" by {nm(d, src)}" if src >= 0 else ""
    st.say(f"{nm(d, iid)} ({pl(d.owner[iid])}) is dealt {amount} damage{by} ({d.damage[iid]} in total)")
    emit(st, ("damaged", iid, d.owner[iid], d.lane_of[iid]))


# ----------------------------------------------------------------------------- state-based checks
def state_check(st: GameState, step: tuple | None) -> bool:
    """Run when the board changed. Pushes the work it finds (above ``step``, which is put
    back) and returns True, or returns False when all is in order."""
    d: MetaZooData = st.data
    d.dirty = False
    cards = d.cards
    damage = d.damage
    srcs = stats.static_sources(d)
    risky = srcs.neg or any(m[1] == "inf" and m[2] < 0 for m in d.mods)
    doomed = []
    for side in range(LANES * 2):
        for u in d.units[side]:
            dmg = damage.get(u, 0)
            if not dmg and not risky and cards[u].influence > 0:
                continue
            inf = stats.influence(d, u, srcs)
            if inf <= 0 and not stats.cannot(d, u, "be_shattered", srcs):
                doomed.append(u)           # MZL-CREATURE-3 / MZL-EQUIP-5
            elif dmg and dmg >= inf:
                doomed.append(u)           # MZL-DAMAGE-2
    if doomed:
        if step is not None:
            st.push(step)
        from .effects import push_batch
        push_batch(st, "sba", tuple(doomed), ())
        return True
    sized = srcs.size
    order = [ln * 2 + q for q in (d.active, 1 - d.active) for ln in range(LANES)]
    for s in order:  # PR-MZL-23: the active player's sides first, lane by lane
        units = d.units[s]
        n = len(units) + len(d.enh[s])
        if not n:
            continue
        if not sized and n + sum(cards[u].gigantic for u in units) <= stats.BASE_LIMIT:
            continue
        if n > stats.lane_limit(d, s >> 1, s & 1, srcs):
            if step is not None:
                st.push(step)
            st.push(("overflow", s >> 1, s & 1))
            return True
    return False


def sba_item(st: GameState, iid: int) -> None:
    """One unit found by the state check, re-checked when its mini-step comes."""
    d: MetaZooData = st.data
    if iid not in d.lane_of:
        return
    inf = stats.influence(d, iid)
    dmg = d.damage.get(iid, 0)
    if inf <= 0 and not stats.cannot(d, iid, "be_shattered"):
        st.say(f"{nm(d, iid)} has {inf} Influence and is Shattered (MZL-CREATURE-3)")
        st.push(("shatter", iid, (), -1))
    elif dmg and dmg >= inf:
        leave_play(st, iid, "damage")


def step_overflow(st: GameState, step: tuple) -> None:
    """MZL-LANE-15: the owner removes units or Aura until the side fits its limit."""
    d: MetaZooData = st.data
    lane, p = step[1], step[2]
    if stats.side_count(d, lane, p) <= stats.lane_limit(d, lane, p):
        return
    st.decide(p, "overflow", (lane, p),
              f"{lane_txt(lane)} is over your lane size limit: choose a unit or Aura to remove")


def overflow_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    lane, p = st.decision.params
    acts = [Action(f"remove:c{u}", f"Remove {nm(d, u)} from {lane_txt(lane)}", ("overflow", u))
            for u in d.units[lane * 2 + p]]
    acts += [Action(f"remove:c{a}", f"Return {aura_txt(d, a)} from {lane_txt(lane)} to your Aura zone", ("overflow", a))
             for a in distinct_aura(d, d.enh[lane * 2 + p], by_tapped=True)]
    return acts


def overflow_perform(st: GameState, act: Action, dec) -> None:
    d: MetaZooData = st.data
    lane, p = dec.params
    x = act.args[1]
    st.push(("overflow", lane, p))
    if x in d.lane_of:
        leave_play(st, x, "limit")
    else:
        d.enh[lane * 2 + p].remove(x)
        d.aura_zone[p].append(x)
        d.touch()
        st.say(f"{pl(p)} returns {nm(d, x)} from {lane_txt(lane)} to the Aura zone (lane size limit)")
