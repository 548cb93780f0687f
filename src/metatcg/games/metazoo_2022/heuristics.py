"""Greedy evaluation (docs/metazoo-2022.md §5.5): the LP race plus board value, with what is
on its way counted too (an Action being paid for, items on the chain, a Combat just declared),
because a one-ply search looks at the state right after one choice, long before it resolves."""
from __future__ import annotations

import math
from typing import Any

from ...engine.state import GameState
from .combat import alloc_parts, attack_targets, attack_total, covered, present
from .data import MZ22Data
from .records import CASTER, Alloc, CombatStep, Pay, PickTarget, Ref, page_of, page_ref
from .stats import cur_lp, statics

CHAPTER = 3.0        # a Page in hand
AURA_PAGE = 20.0     # the once-a-turn Aura drop must outweigh a turn's upkeep swing (Poison, Burn, Frozen ending)
TERRA_PAGE = 5.0
SPELL_ON_WAY = 6.0   # a Spell or Potion being cast (its effect shows once it resolves)
STATUS = 10.0        # each Indicator on a Beastie
TRAP_MENUS = ("trap_place",)
TRAP_MENU = 200.0    # greedy does not place Traps yet (PR-MZ22-54)
BLUFF = 150.0        # a face-down Page without the Trap Trait: revealed, it loses the game (MZ22-TRAP-4)
PLAN = 6             # Defenders still to allocate to whose Destruction is planned one subset at a time


_TOP_DAMAGE: dict[int, tuple[Any, int]] = {}   # id(PageDef) -> (it, its highest printed Damage)


def top_damage(df: Any) -> int:
    """A Page's highest printed Damage (0 without attacks), worked out once per definition."""
    e = _TOP_DAMAGE.get(id(df))
    if e is None or e[0] is not df:
        if len(_TOP_DAMAGE) > 4096:
            _TOP_DAMAGE.clear()
        e = _TOP_DAMAGE[id(df)] = (df, max((a.damage for a in df.attacks), default=0))
    return e[1]


def beastie_value(d: MZ22Data, c: int, bonuses: list[Any] | None = None) -> float:
    df = d.defs[c]
    lp = cur_lp(d, c, bonuses) if c in d.in_play else df.lp
    return (lp + 2 * top_damage(df)) / 2


def page_value(d: MZ22Data, c: int, bonuses: list[Any] | None = None) -> float:
    """What a Page is worth once it is in play (or resolved); ``bonuses``: see stats.max_lp."""
    t = d.defs[c].type
    if t == "beastie":
        return beastie_value(d, c, bonuses)
    if t == "artifact":
        return 10.0 + (cur_lp(d, c, bonuses) if c in d.in_play else d.defs[c].lp) / 6
    if t == "aura":
        return AURA_PAGE
    if t == "terra":
        return TERRA_PAGE
    return SPELL_ON_WAY


def combat_gain(d: MZ22Data, p: int) -> float:
    """The expected swing of the Combat ``p`` declared: its best Damage against the chosen (or
    best) target, less what the target can answer with (Type Advantage and AAA included)."""
    cb = d.combat
    if cb is None or cb.seat != p or cb.attacker not in d.in_play or cb.stage == "dealt":
        return 0.0                      # the attacker's Damage is on the board once dealt
    targets = [cb.target] if cb.target is not None else attack_targets(d, cb.attacker)
    attacks = [cb.attack] if cb.attack >= 0 else range(len(d.defs[cb.attacker].attacks))
    best = float("-inf")
    for t in targets:
        for i in attacks:
            dmg = attack_total(d, cb.attacker, i, t)
            if t.entity == CASTER:
                gain = float(min(dmg, d.lp_of_caster(t.n)))
            else:
                c = t.n
                if c not in d.in_play:
                    continue
                lp = cur_lp(d, c)
                gain = min(dmg, lp) / 2 + (page_value(d, c) if dmg >= lp else 0.0)
                df = d.defs[c]
                if df.type == "beastie" and df.attacks:
                    back = max(attack_total(d, c, k, page_ref(cb.attacker)) for k in range(len(df.attacks)))
                    mine = cur_lp(d, cb.attacker)
                    gain -= min(back, mine) / 2 + (beastie_value(d, cb.attacker) if back >= mine else 0.0)
            best = max(best, gain)
    return 0.0 if best == float("-inf") else best


def loss(d: MZ22Data, ref: Ref | None, k: int) -> float:
    """What ``k`` Damage takes off its recipient's side in ``evaluate``: the whole Page when it
    is Destroyed, else the LP it loses at the Page's rate."""
    if ref is None:
        return 0.0
    if ref.entity == CASTER:
        return float(min(k, d.lp_of_caster(ref.n)))
    c = ref.n
    if c not in d.in_play:
        return 0.0
    lp = cur_lp(d, c)
    if k >= lp:
        return page_value(d, c)
    return k / 2 if d.defs[c].type == "beastie" else k / 6


def alloc_gain(st: GameState, a: Alloc) -> float:
    """An allocation under way, as the attacker's best way to finish it (MZ22-COMBAT-33..35):
    a one-ply look sees no Damage until the last Defender's share is chosen, so each earlier
    choice is scored by the best plan it leaves: which of the Defenders still to serve get
    enough to be Destroyed, the others the least, the rest to the original target once every
    Defender is covered (else to one short of its LP), less the primary Defender's answer if
    it lives to give one."""
    d: MZ22Data = st.data
    cb = d.combat
    if cb is None:
        return 0.0
    todo, live, left, _ = alloc_parts(d, a)
    floor = 5 if a.total // 5 >= len(live) else 0
    given = [(b, k) for b, k in a.given if b in d.in_play]
    done = sum(loss(d, page_ref(b), k) for b, k in given)
    all_given = all(covered(d, b, k) for b, k in given)
    prim = page_of(cb.primary)
    answer = 0.0                       # the counter-Attack still to come, if the primary lives
    if prim in d.in_play and cb.counter >= 0 and CombatStep("strike", 1) in st.stack:
        answer = loss(d, page_ref(cb.attacker), attack_total(d, prim, cb.counter, page_ref(cb.attacker)))
    prim_dies = any(b == prim and k >= cur_lp(d, b) for b, k in given)
    need = [max(floor, 5, -(-cur_lp(d, b) // 5) * 5) for b in todo]
    best = float("-inf")
    for mask in range(1 << len(todo)) if len(todo) <= PLAN else (0,):
        cost = sum(need[i] if mask >> i & 1 else floor for i in range(len(todo)))
        if cost > left:
            continue
        kills = [b for i, b in enumerate(todo) if mask >> i & 1]
        g = sum(page_value(d, b) for b in kills) + sum(loss(d, page_ref(b), floor) for b in todo if b not in kills)
        spare = left - cost
        if all_given and len(kills) == len(todo) and present(d, cb.target):
            g += loss(d, cb.target, spare)
        else:
            short = sum(max(0, cur_lp(d, b) - floor) for b in todo if b not in kills)
            g += min(spare, short) / 2
        if not (prim_dies or prim in kills):
            g -= answer
        best = max(best, g)
    return done + (0.0 if best == float("-inf") else best)


def pending(st: GameState, p: int) -> float:
    """An Action of ``p`` still choosing targets or paying: the Page counts as played; an
    allocation under way counts as finished at its best."""
    dec = st.decision
    if dec is None or dec.player != p:
        return 0.0
    params: Any = dec.params
    if type(params) is Alloc:
        return alloc_gain(st, params)
    if dec.kind in TRAP_MENUS:        # a one-ply look cannot see past the menu: keep out of "trap"/"back" loops
        return -TRAP_MENU
    if type(params) in (Pay, PickTarget):
        act = params.act
        if act.what == "contract":
            return page_value(st.data, act.source) - CHAPTER
    return 0.0


def evaluate(st: GameState, player: int) -> float:
    """Own side minus the strongest opponent's, squashed into -1..1 by tanh: a clamp made every
    choice of a seat far behind (or far ahead) score the same -1 (1), and greedy then ended its
    turn with an Aura Page it could have Contracted (tests/test_bot_sanity.py). A result (+1/-1)
    still beats every other state."""
    d: MZ22Data = st.data
    if st.result is not None:
        return st.result[player]
    n = d.n
    out = d.out
    # each seat's side value, its parts added in the order one seat at a time would add them
    v = [0.0 if out[p] else float(d.lp_of_caster(p)) - 15.0 * len(d.caster_indicators[p]) for p in range(n)]
    defs = d.defs
    ps = d.in_play
    bonuses = statics(d, "lp_bonus")   # the same for every Page of this state: found once
    for c in d.arena:               # one pass for every seat
        s = ps[c]
        p = s.controller
        if not out[p]:
            v[p] += page_value(d, c, bonuses)
            if defs[c].type == "beastie":
                v[p] -= STATUS * len(s.indicators)
    if d.has_attached():            # face-down Pages: a search that bluffs must see the risk
        for c, s in ps.items():
            if s.face_down and "trap" not in defs[c].traits and not out[s.controller]:
                v[s.controller] -= BLUFF

    def side(p: int) -> float:
        if out[p]:
            return -2000.0
        x = v[p]
        x += TERRA_PAGE * sum(1 for c in d.terra if c >= 0 and ps[c].controller == p) / 2
        x += CHAPTER * len(d.chapter[p])
        for it in d.chain:
            if it.seat == p and it.what == "contract":
                x += page_value(d, it.source, bonuses)
        return x + pending(st, p) + (0.0 if allocating else combat_gain(d, p))

    dec = st.decision
    allocating = dec is not None and type(dec.params) is Alloc     # alloc_gain stands in for it
    mine = side(player)
    best = max(side(p) for p in range(n) if p != player)
    return math.tanh((mine - best) / 1000.0)


def playout_actions(st: GameState, legal: list[Any]) -> list[Any]:
    """The options an ISMCTS playout picks from at random: not the face-down placements of Take
    Actions (random play picks a bluff from that menu most of the time and loses the game to
    MZ22-TRAP-4 at the first Attack on it, so a seat still to act in its own turn looked lost and
    ISMCTS ended its turns with an Aura Page left in its Chapter). Searched moves keep them."""
    dec = st.decision
    if dec is None or dec.kind != "main":
        return legal
    kept = [a for a in legal if a.id != "trap" and not a.id.startswith("trap:")]
    return kept or legal
