"""MetaZoo 2022 property tests over 500 seeded random games (240 at 2 seats, 240 at 4, 20
at 3; benchmarks/fuzz_limits.py plays thousands more): invariants checked at every decision of
every 10th game and at the end of every game, and save/restore checked mid-game (mid-chain and
mid-Combat too).

Invariants: every Page in exactly one place (Tokens aside), LP never below 0 (Casters and
Pages once the state check has run), Indicators only where a status may be, a Take Actions
or Combat decision never waits over a chain (every chain empties before the step it began in
continues), no game reaches the action limit, a view or log names only Pages its Caster may
see (never another Caster's face-down Page, MZ22-TRAP-22), and Pages beneath another are out of
the Arena list and lie under an Arena Page (MZ22-EQUIP, MZ22-PLACE). The Wetlands deck (face-down
Traps) takes part in every game whose seed puts it at a seat.
"""
from __future__ import annotations

import random
import re

import pytest

import metatcg
from metatcg.games.metazoo_2022.data import MZ22Data, START_LP
from metatcg.games.metazoo_2022.stats import max_lp
from metatcg.games.metazoo_2022.statuses import AFFECTS, MAX_POISON
from support.metazoo_2022 import random_move

GAME = metatcg.load_game("metazoo-2022")
DECKS = GAME.starter_deck_names()
CHUNKS = 36
PER_CHUNK = 15                     # 16 chunks x 15 = 240 games at 2 seats and 240 at 4
PER_THREE_SEAT_CHUNK = 5           # 4 chunks x 5 = 20 at 3 (the contract suite covers 3 seats too)
DEEP_EVERY = 10                    # every 10th game: the invariants at every decision
SEATS = (2, 4, 2, 4, 3, 2, 4, 2, 4)
COMBAT_KINDS = {"attack_target", "attack_choice", "defenders", "primary", "counter", "allocate"}


def seats_of(chunk: int) -> int:
    return SEATS[chunk % len(SEATS)]


def decks_for(seed: int, n: int) -> list[str]:
    return [DECKS[(seed + i) % len(DECKS)] for i in range(n)]


def check_invariants(st) -> None:
    d: MZ22Data = st.data
    d.check()                                               # Pages conserved (MZ22-ZONE-11)
    for p in range(d.n):
        assert START_LP + d.lp_gain[p] - d.lp_damage[p] - d.lp_loss[p] >= 0 or d.out[p]
        kinds = [i.status for i in d.caster_indicators[p]]
        assert set(kinds) <= {"burn", "poison"}
        assert kinds.count("burn") <= 1 and kinds.count("poison") <= MAX_POISON
    for c in d.arena:
        s = d.in_play[c]
        kind = d.defs[c].type
        kinds = [i.status for i in s.indicators]
        for k in kinds:
            assert kind in AFFECTS[k], f"{k} on a {kind}"
            assert kinds.count(k) <= (MAX_POISON if k == "poison" else 1)
        if kind in ("beastie", "artifact") and st.decision is not None and st.result is None:
            assert max_lp(d, c) - s.damage - s.loss > 0, f"{d.name(c)} at 0 LP is still in the Arena"
    check_attached(d)
    dec = st.decision
    if dec is not None and (dec.kind == "main" or dec.kind in COMBAT_KINDS):
        assert not d.chain, f"a {dec.kind} decision waits over a chain"
    if dec is not None and dec.kind == "main":
        assert d.combat is None


_ID = re.compile(r"\bc(\d+)\b")


def visible(d: MZ22Data, p: int) -> set[int]:
    out = set(d.arena) | {c for c in d.terra if c >= 0} | {it.source for it in d.chain}
    for q in range(d.n):
        out |= set(d.limbo[q]) | set(d.cemetery[q]) | set(d.afterlife[q])
        out |= {c for c in d.chapter[q] if c in d.revealed}
    out |= set(d.chapter[p])
    out |= {c for c, s in d.in_play.items() if not s.face_down or s.controller == p}   # MZ22-TRAP-22
    return out


def check_view(st, p: int) -> None:
    """Neither the view nor the log names, to ``p``, a Page it may not see: no hidden instance
    id, and no name of another Caster's face-down Page unless that name is also in sight."""
    d: MZ22Data = st.data
    v = st.view(p)
    v.pop("log")
    text = repr(v)
    ids = {int(x) for x in _ID.findall(text)}
    hidden = ids - visible(d, p)
    assert not hidden, f"P{p + 1}'s view names hidden Pages {sorted(hidden)[:5]}"
    down = [c for c, s in d.in_play.items() if s.face_down and s.controller != p]
    if down and st.logging:
        seen = {d.name(c) for c in visible(d, p)}
        for c in down:
            name = d.name(c)
            assert name in seen or name not in text, f"P{p + 1}'s view names face-down {name}"


def check_new_lines(st, p: int, mark: int) -> int:
    """The log lines an action adds for ``p`` name no Page another Caster holds face-down once
    it is done. Earlier lines may name a Page that was face-up then and went face-down since
    (Scared back to the Chapter, then placed as a Trap): the face-down one has a fresh alias."""
    lines, mark = st.log_since(p, mark)
    down = {c for c, s in st.data.in_play.items() if s.face_down and s.controller != p}
    if down and lines:
        assert not {int(x) for x in _ID.findall("\n".join(lines))} & down, f"P{p + 1}'s log names a face-down id"
    return mark


def check_attached(d: MZ22Data) -> None:
    """Pages beneath another: Equipment and Pages put there by another Page's Effect are out of
    the Arena list and their host is a face-up Arena Page they are listed with (MZ22-EQUIP-8/10,
    MZ22-PLACE-16); face-down Pages are never in the Arena list (PR-MZ22-50)."""
    arena = set(d.arena)
    for c, s in d.in_play.items():
        if s.face_down:
            assert c not in arena
        if s.under >= 0:
            assert s.under in arena, f"c{c} lies under c{s.under}, which is not in the Arena"
            if ("equip", 1) in s.marks:
                assert c not in arena and s.controller == d.in_play[s.under].controller   # MZ22-EQUIP-3/18


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_invariants(chunk: int) -> None:
    n = seats_of(chunk)
    for k in range(PER_THREE_SEAT_CHUNK if n == 3 else PER_CHUNK):
        seed = chunk * PER_CHUNK + k
        rnd = random.Random(seed)
        st = GAME.new_state(decks_for(seed, n), seed=seed, log=False)
        deep = (seed % DEEP_EVERY) == 0 or k == 0          # every 10th game: check at every decision
        bluff = k % 8 == 3                                  # every 8th game may bluff with a Trap
        while not st.is_terminal():
            if deep:
                check_invariants(st)
            st.apply(random_move(rnd, st, bluff))
        check_invariants(st)
        assert not st.hit_action_limit, f"seed {seed} ({n} seats) reached the action limit"


def _play_to(st, rnd: random.Random, want) -> bool:
    while not st.is_terminal():
        if want(st):
            return True
        st.apply(random_move(rnd, st))
    return False


@pytest.mark.parametrize("where", ["chain", "combat", "window", "any"])
@pytest.mark.parametrize("seats", [2, 4])
def test_clone_json_and_replay_agree_mid_game(where: str, seats: int) -> None:
    """Stopped mid-chain, mid-Combat, in a window or anywhere, a clone, a JSON copy and a replay
    of the record go on exactly like the original."""
    want = {"chain": lambda s: bool(s.data.chain), "combat": lambda s: s.data.combat is not None,
            "window": lambda s: s.decision.kind == "__respond", "any": lambda s: s.actions_taken > 60}[where]
    found = 0
    for seed in range(40):
        rnd = random.Random(seed)
        st = GAME.new_state(decks_for(seed, seats), seed=seed)
        if not _play_to(st, rnd, want):
            continue
        found += 1
        twin = st.clone()
        loaded = GAME.state_from_json(st.to_json_text())
        replayed = GAME.replay(st.record())
        assert loaded.digest() == st.digest() == replayed.digest()
        assert [a.id for a in loaded.legal_actions()] == [a.id for a in st.legal_actions()]
        for _ in range(150):
            if st.is_terminal():
                break
            a = random_move(rnd, st).id
            for s in (st, twin, loaded, replayed):
                s.apply(a)
        assert st.digest() == twin.digest() == loaded.digest() == replayed.digest()
        if found >= 3:
            break
    assert found, f"no game reached a {where} point"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_views_name_only_what_their_caster_may_see(seats: int) -> None:
    for seed in range(6):
        rnd = random.Random(seed)
        st = GAME.new_state(decks_for(seed, seats), seed=seed)
        marks = [0] * seats
        while not st.is_terminal():
            if st.actions_taken % 7 == 0:
                for p in range(seats):
                    check_view(st, p)
            st.apply(random_move(rnd, st, seed % 3 == 0))
            marks = [check_new_lines(st, p, marks[p]) for p in range(seats)]
