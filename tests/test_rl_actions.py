"""The RL action codec (issue 13.1): one fixed integer per action id, per game and seat count."""
from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

import metatcg
from metatcg.engine.action_space import ActionCodeError, ActionSpace, Ints, Words
from metatcg.engine.errors import IllegalActionError, MetatcgError, SeatCountError
from metatcg.engine.rng import Rng
from metatcg.rl.codec import ActionCodec
from support.contract import Table, random_play

# N per (game, seats): the numbers docs/rl.md documents.
EXPECTED_N = {
    ("metax", 2): 14953,
    ("metazoo", 2): 18516,
    ("metabaloids", 2): 2687,
    ("metabaloids", 3): 3993,
    ("metabaloids", 4): 5299,
    ("metazoo-2022", 2): 488231,
    ("metazoo-2022", 3): 805144,
    ("metazoo-2022", 4): 1214507,
}
SETTINGS = [pytest.param(g, s, id=f"{g}-{s}") for g, s in EXPECTED_N]
GAMES_EACH = 8   # seeded random games per setting: 64 in all


def _table(game, seats: int, k: int) -> Table:
    names = game.starter_deck_names()
    return Table(tuple(names[(k + 2 * i) % len(names)] for i in range(seats)), 1000 + 17 * k)


def test_every_game_and_seat_count_has_a_documented_n():
    played = {(gid, s) for gid in metatcg.game_ids() for s in metatcg.load_game(gid).seat_counts}
    shipped = {k for k in played if k[0] in {"metax", "metazoo", "metabaloids", "metazoo-2022"}}
    assert shipped == set(EXPECTED_N)
    doc = (Path(__file__).resolve().parents[1] / "docs" / "rl.md").read_text()
    for (gid, seats), n in EXPECTED_N.items():
        assert re.search(rf"\|\s*`{re.escape(gid)}`\s*\|\s*{seats}\s*\|\s*{n:,}\s*\|", doc), (gid, seats, n)


@pytest.mark.parametrize("gid,seats", SETTINGS)
def test_n_is_fixed_by_game_and_seats(gid, seats):
    a, b = ActionCodec(gid, seats), ActionCodec(metatcg.load_game(gid), seats)
    assert a.n == b.n == EXPECTED_N[(gid, seats)] == len(a.space)
    assert sum(size for _, _, size in a.space.describe()) == a.n
    assert [off for _, off, _ in a.space.describe()] == sorted(off for _, off, _ in a.space.describe())


@pytest.mark.parametrize("gid,seats", SETTINGS)
def test_random_games_every_legal_action_encodes_and_decodes(gid, seats):
    codec = ActionCodec(gid, seats)
    game = codec.game
    decisions = 0
    for k in range(GAMES_EACH):
        table = _table(game, seats, k)
        pick = random.Random(k)
        for st in random_play(table.new_state(game, log=False), Rng(k + 1), 1):
            acts = st.legal_actions()
            if not acts:
                assert not codec.mask(st).any()
                continue
            decisions += 1
            codes = [codec.encode(a) for a in acts]
            assert all(type(c) is int and 0 <= c < codec.n for c in codes)
            assert [codec.decode(c) for c in codes] == [a.id for a in acts]
            assert len(set(codes)) == len(codes), [a.id for a in acts]
            mask = codec.mask(st)
            assert mask.shape == (codec.n,) and mask.dtype == np.bool_
            assert np.flatnonzero(mask).tolist() == sorted(codes)
            i = pick.randrange(len(acts))
            assert codec.action_for(st, codes[i]) == acts[i]
    assert decisions > 100


@pytest.mark.parametrize("gid,seats", SETTINGS)
def test_every_integer_decodes_to_an_id_that_encodes_back(gid, seats):
    space = ActionCodec(gid, seats).space
    pick = random.Random(seats)
    codes = set(pick.sample(range(space.size), min(space.size, 5000)))
    for _, off, size in space.describe():   # each template's first and last integer
        codes |= {off, off + size - 1}
    for c in sorted(codes):
        aid = space.decode(c)
        assert space.encode(aid) == c, aid


@pytest.mark.parametrize("gid,seats", SETTINGS)
def test_bad_ids_and_numbers_fail_clearly_and_change_nothing(gid, seats):
    codec = ActionCodec(gid, seats)
    game = codec.game
    st = _table(game, seats, 0).new_state(game, log=False)
    before = st.to_json()
    for bad in ("bogus", "target:c999999", "target:c07", "target:c-1", "target:", "", "trigger:x"):
        with pytest.raises(ActionCodeError, match=re.escape(repr(bad)[:20])):
            codec.encode(bad)
    with pytest.raises(ActionCodeError, match="outside"):
        codec.encode(f"target:c{10**6}")
    for bad_n in (-1, codec.n, codec.n + 5):
        with pytest.raises(ActionCodeError, match=f"outside 0..{codec.n - 1}"):
            codec.decode(bad_n)
    for not_n in ("3", 1.0, None):
        with pytest.raises(ActionCodeError, match="whole number"):
            codec.decode(not_n)  # type: ignore[arg-type]
    with pytest.raises(ActionCodeError):
        codec.mask(["bogus"])
    legal = {codec.encode(a) for a in st.legal_actions()}
    illegal = next(i for i in range(codec.n) if i not in legal)
    with pytest.raises(IllegalActionError, match=re.escape(repr(codec.decode(illegal)))):
        codec.action_for(st, illegal)
    assert st.to_json() == before
    assert codec.decode(np.int64(0)) == codec.decode(0)
    assert issubclass(ActionCodeError, MetatcgError)


def test_seat_counts_the_game_is_not_played_with_are_refused():
    with pytest.raises(SeatCountError, match="not 3"):
        ActionCodec("metax", 3)
    with pytest.raises(SeatCountError):
        ActionCodec("metazoo-2022", 5)
    with pytest.raises(metatcg.UnknownGameError):
        ActionCodec("no-such-game")


def test_kernel_numbering_is_mixed_radix_over_templates_in_order():
    space = ActionSpace(["done", "play:c{card}@lane{lane}", "link:c{card}:{stat}", "pair:c{card}/c{card}"],
                        {"card": Ints(0, 3), "lane": Ints(1, 5), "stat": Words(("a", "bb"))})
    assert space.describe() == [("done", 0, 1), ("play:c{card}@lane{lane}", 1, 12),
                                ("link:c{card}:{stat}", 13, 6), ("pair:c{card}/c{card}", 19, 9)]
    assert space.size == 28
    assert space.encode("done") == 0
    assert space.encode("play:c0@lane1") == 1
    assert space.encode("play:c0@lane4") == 4
    assert space.encode("play:c2@lane4") == 12
    assert space.encode("link:c1:bb") == 16
    assert space.encode("pair:c2/c1") == 19 + 7
    assert [space.decode(i) for i in range(space.size)][:3] == ["done", "play:c0@lane1", "play:c0@lane2"]
    assert len({space.decode(i) for i in range(space.size)}) == space.size
    for bad in ("play:c3@lane1", "play:c0@lane0", "play:c0@lane5", "link:c0:c", "done:", "pair:c1"):
        with pytest.raises(ActionCodeError, match=re.escape(bad)):
            space.encode(bad)
    with pytest.raises(ValueError, match="no slot kind"):
        ActionSpace(["x:{nope}"], {})


# Id forms the games' code builds that short random games rarely or never reach.
RARE_IDS = {
    "metax": ["put:c3", "push:c7:1", "with:c9:special", "trigger:5", "resolve:c79", "defend:c0->c79"],
    "metazoo": ["reverse:c5", "remove:c9", "replace:c4:1", "order:p2", "priority:second", "enhance:lane4",
                "play:c10@lane4", "ability:c3:1", "trigger:2"],
    "metabaloids": ["use:c3#1", "burn:P2", "rally:@3", "shelter:@1", "lose:discard", "pass", "shift:c8@2"],
    "metazoo-2022": ["burrow", "stay", "none", "destruct:c4", "foe:P2", "next:c3", "target:k12", "target:P1",
                     "aura:cosmic", "pay:pool.water", "pay:earth", "alloc:deal", "alloc:c5=25", "call:heads",
                     "at:f1101", "at:P2", "use:c3.2", "opt:1", "atk:1", "primary:c2", "trap:decline",
                     "trap:under:c7"],
}


@pytest.mark.parametrize("gid", sorted(RARE_IDS))
def test_rarely_reached_id_forms_have_their_own_integers(gid):
    codec = ActionCodec(gid, 2)
    ids = RARE_IDS[gid]
    if gid == "metazoo-2022":
        ids = ids + [f"take:{name}" for name in codec.game.pool.names()[:3]]
    codes = [codec.encode(aid) for aid in ids]
    assert [codec.decode(c) for c in codes] == ids
    assert len(set(codes)) == len(codes)
