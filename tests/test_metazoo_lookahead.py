"""MetaZoo's lookahead shortcuts give what the plain rules give (issue 12: a faster greedy bot).

The evaluation reads each lane's totals in one pass (``stats.lane_totals``), filters and
conditions are compiled once (``stats._MATCHERS``, ``stats._CONDITIONS``), the "has" Influence
effects are planned once per set of sources (``stats.inf_plan``), a view counts a unit's keywords
in one pass (``stats.keyword_counts``), mission sources are skipped
when nothing in play has a During Mission ability, the cards whose triggers listen are kept
until cards move (``triggers._watchers``) and an action decision with one lane left is known to
have 2+ options when a trade is offered (``rules.surely_several``). Each is checked here
against the value worked out from scratch, at every decision of seeded random games and in the
states one step ahead of some of them (the copies a greedy bot looks at, which share caches
with the state they were copied from).
"""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.rng import Rng
from metatcg.games.metazoo import heuristics, stats, triggers
from metatcg.games.metazoo.data import KEYWORDS, LANES, opponent

GAME = metatcg.load_game("metazoo")
DECKS = GAME.starter_deck_names()


# ------------------------------------------------------------------ references (the plain rules)
def ref_matches(d, f, iid, ctx, depth=0, at=None) -> bool:
    """UnitFilter ``f`` tested field by field, as the rules state it."""
    c = d.cards[iid]
    where = d.lane_of.get(iid, -1 if at is None else at)
    if f.side != "any" and (f.side == "friendly") != (d.owner[iid] == ctx.controller):
        return False
    if f.lane == "other":
        this = ctx.lane if ctx.lane >= 0 else ctx.confined
        if where == this and this >= 0:
            return False
    elif f.lane != "any" and where != stats.lane_ref(d, f.lane, ctx):
        return False
    if ctx.confined >= 0 and (where != ctx.confined or not c.creature):
        return False
    checks = [(f.type == "creature", not c.creature), (f.type == "equipment", not c.equipment),
              (f.other, iid == ctx.src), (f.itself, iid != ctx.src),
              (f.caster is not None, (c.type == "caster") != f.caster), (f.token is not None, c.token != f.token),
              (f.trait is not None, f.trait not in c.traits), (f.aura is not None, c.aura != f.aura),
              (f.name is not None, c.name != f.name), (f.tapped is not None, (iid in d.tapped) != f.tapped),
              (f.damaged is not None, (d.damage.get(iid, 0) > 0) != f.damaged),
              (f.max_cost is not None, f.max_cost is not None and c.cost > f.max_cost)]
    if any(applies and fails for applies, fails in checks):
        return False
    if f.keyword is not None and not stats.has_kw(d, iid, f.keyword, depth=depth + 1):
        return False
    if f.min_influence is not None or f.max_influence is not None:
        inf = stats.influence(d, iid, depth=depth + 1)
        if f.min_influence is not None and inf < f.min_influence:
            return False
        if f.max_influence is not None and inf > f.max_influence:
            return False
    return True


def ref_condition(d, cond, ctx, depth=0) -> bool:
    if cond is None:
        return True
    if not stats._parts_ok(d, cond, ctx):
        return False
    if depth > 3:
        return not cond.count
    for cnt in cond.count:
        n = sum(1 for s in range(LANES * 2) for u in d.units[s] if ref_matches(d, cnt.units, u, ctx, depth + 1))
        if n < cnt.at_least or (cnt.at_most is not None and n > cnt.at_most):
            return False
    return True


def ref_soar(d, ln: int, p: int, srcs) -> bool:
    return any(d.cards[u].creature and (d.cards[u].soar or stats.has_kw(d, u, "soar", srcs))
               for u in d.units[ln * 2 + p])


def ref_evaluate(st, player: int) -> float:
    """The evaluation as first written: side_total per side, has_kw for Soar."""
    if st.result is not None:
        return 10000.0 * st.result[player]
    d = st.data
    me, opp = player, opponent(player)
    score = heuristics.MP * (d.mp[me] - d.mp[opp])
    srcs = stats.static_sources(d)
    infl = {u: stats.influence(d, u) for s in range(LANES * 2) for u in d.units[s]}
    scoring, scored = heuristics._mission_in_progress(st)
    for ln in range(LANES):
        if d.resolved[ln] or ln == scoring and scored:
            continue
        msrcs = stats._mission_sources(d, ln)
        t = [stats.side_total(d, ln, p, srcs, msrcs, infl) for p in (0, 1)]
        if t[0] == t[1]:
            continue
        w = 0 if t[0] > t[1] else 1
        lo = opponent(w)
        contested = stats.has_creature(d, ln, lo)
        soar = contested and ref_soar(d, ln, w, srcs) and not ref_soar(d, ln, lo, srcs)
        award = 1 if contested and not soar else 2
        margin = min(t[w] - t[lo], 6)
        if ln == scoring:
            value = heuristics.MP * award
            score += value if w == me else -value
            continue
        value = heuristics.MP * award * (heuristics.LEAD_ODDS + 0.05 * margin)
        score += value if w == me else -value * heuristics.LOSS_AVERSION
    for p, sign in ((me, 1.0), (opp, -1.0)):
        s = 0.8 * len(d.hand[p]) + 0.4 * d.aura_total(p)
        s += 0.25 * sum(1 for a in d.aura_zone[p] if a not in d.tapped)
        for side in range(p, LANES * 2, 2):
            for u in d.units[side]:
                s += 0.3 * max(0, infl[u] - d.damage.get(u, 0))
        score += sign * s
    return score


# ------------------------------------------------------------------ the checks
def check(st, where: str) -> None:
    d = st.data
    for p in (0, 1):
        assert GAME.evaluate(st, p) == ref_evaluate(st, p), where
    in_play = [u for s in range(LANES * 2) for u in d.units[s]]
    assert stats.influences(d) == {u: stats.influence(d, u) for u in in_play}, where
    srcs = stats.static_sources(d)
    for u in in_play:                           # the view's one pass over a unit's keywords
        counts = stats.keyword_counts(d, u, srcs)
        assert {k: counts.get(k, 0) for k in KEYWORDS} == {k: stats.kw_count(d, u, k) for k in KEYWORDS}, (where, u)
    for ctx, ab in stats.static_sources(d):
        assert stats.condition_ok(d, ab.condition, ctx) == ref_condition(d, ab.condition, ctx), where
        for op in ab.do:
            tg = getattr(op, "target", None)
            if tg is not None and tg.choose != "self":
                for u in in_play:
                    assert stats.unit_matches(d, tg, u, ctx) == ref_matches(d, tg, u, ctx), (where, u)
    assert triggers._watchers(d) == triggers._find_watchers(d), where
    for ln in range(LANES):
        assert stats.mission_sources(d, ln) == stats._mission_sources(d, ln), where
    if not st.is_terminal() and st.rules.surely_several(st):
        assert len(st.legal_actions()) >= 2, where


@pytest.mark.parametrize("seed", range(8))
def test_shortcuts_equal_the_plain_rules(seed: int) -> None:
    pair = [DECKS[seed % len(DECKS)], DECKS[(seed * 3 + 1) % len(DECKS)]]
    st = GAME.new_state(pair, seed=seed, log=False)
    r = Rng(seed)
    i = 0
    while not st.is_terminal():
        check(st, f"{pair} seed {seed} action {i}")
        if i % 5 == 0:                      # the copies a greedy bot would look at
            for a in st.legal_actions():
                child = st.clone()
                child.apply(a.id)
                check(child, f"{pair} seed {seed} action {i} then {a.id}")
        st.apply(r.choice(st.legal_actions()))
        i += 1
    check(st, f"{pair} seed {seed} end")
