"""The Ray backend (issue 12): on a real local Ray instance with 2 CPUs, simulate gives exactly
the local backend's games for the same seeds; every job is played once; a stop keeps the
finished games; a bad address or a missing Ray is a clear error.

Few tests on purpose: under pytest-xdist each worker process that gets one of the tests using
``local_ray`` starts its own local Ray instance (on its own ports), which costs a few seconds.
"""
from __future__ import annotations

import os
import socket
import sys
import uuid
from dataclasses import asdict

import pytest

import metatcg
from metatcg.engine.errors import MetatcgError
from metatcg.sim import simulate
from metatcg.sim import ray_backend
from metatcg.sim.jobs import Job, chunked, play_job, run_jobs
from support.cli import assert_clean, run

# (game, bots): 2 seats, and 3 seats where the game allows it
TABLES = [("metax", ["random", "greedy"]), ("metabaloids", ["greedy", "random", "random"])]


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray instance with 2 CPUs, started the way the backend starts one. Recent Ray
    protects a local instance with a token it writes to ~/.ray/auth_token when there is none;
    each instance here gets its own token in the environment instead, so xdist workers starting
    Ray at once on a fresh machine do not race on that file."""
    import ray      # in the test extra: pip install -e '.[test]'

    if ray.is_initialized():
        ray.shutdown()
    saved = {k: os.environ.get(k) for k in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN")}
    os.environ["RAY_AUTH_TOKEN"] = uuid.uuid4().hex + uuid.uuid4().hex
    try:
        assert ray_backend.connect(workers=2) == 2.0     # Ray sets RAY_AUTH_MODE=token itself
        yield ray
    finally:
        ray.shutdown()
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def decks_for(game, n: int) -> list[str]:
    names = game.starter_deck_names()
    return [names[i % len(names)] for i in range(n)]


def games_of(summary) -> list[dict]:
    return [asdict(r) for r in summary.results]


class CountingDict(dict):
    """A ``done`` dict that counts how often each job index is written."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: dict[int, int] = {}

    def __setitem__(self, key, value) -> None:
        self.writes[key] = self.writes.get(key, 0) + 1
        super().__setitem__(key, value)


def test_ray_plays_the_same_games_as_local(local_ray, monkeypatch):
    for gid, bots in TABLES:
        game = metatcg.load_game(gid)
        decks = decks_for(game, len(bots))
        n = 24 if len(bots) == 2 else 12
        local = simulate(game, decks, bots, n, seed=300, cards=True, backend="local")
        ticks: list[int] = []
        on_ray = simulate(game, decks, bots, n, seed=300, cards=True, backend="ray", workers=2,
                          progress=ticks.append)
        assert not on_ray.stopped and on_ray.games == n
        assert [r.seed for r in on_ray.results] == list(range(300, 300 + n))
        assert games_of(on_ray) == games_of(local), gid      # returns, winners, turns, endings, cards
        assert all(r.cards for r in on_ray.results)
        for key in ("wins", "draws", "mean_return", "first_player_wins", "endings", "turns_mean"):
            assert getattr(on_ray, key) == getattr(local, key), key
        # progress advances once per finished chunk, up to every game
        assert len(ticks) == len(chunked(n, 2)) and ticks == sorted(ticks) and ticks[-1] == n

    # every job is played exactly once, each result under its own index
    game = metatcg.load_game("metax")
    jobs = [Job(tuple(decks_for(game, 2)), ("random", "random"), 700 + i) for i in range(37)]
    done = CountingDict()
    ray_backend.run_on_ray(game, jobs, done, workers=2)
    assert sorted(done) == list(range(37)) and set(done.writes.values()) == {1}
    assert [done[i].seed for i in range(37)] == [700 + i for i in range(37)]

    # a game that is not a registry entry travels as an object (put once in the object store)
    monkeypatch.setattr(ray_backend, "portable", lambda g: g)
    out = run_jobs(game, jobs[:5], workers=2, backend="ray")
    assert [asdict(r) for r in out.results] == [asdict(done[i]) for i in range(5)]


def test_a_tournament_on_ray_equals_the_local_one(local_ray):
    from metatcg.sim.tournament import name_entrants, run_tournament

    game = metatcg.load_game("metax")
    names = game.starter_deck_names()
    entrants = name_entrants([(n, game.starter_deck(n)) for n in names], ["greedy", "random", "random"])
    local = run_tournament(game, entrants, 4, seed=9, cards=True)
    on_ray = run_tournament(game, entrants, 4, seed=9, cards=True, backend="ray", workers=2)
    a, b = local.to_json(), on_ray.to_json()
    a.pop("seconds"), b.pop("seconds")
    assert a == b and on_ray.games == 3 * 4


def test_a_stop_keeps_the_finished_games(local_ray):
    game = metatcg.load_game("metax")
    decks = decks_for(game, 2)
    n = 40

    def stop(_finished: int) -> None:        # Ctrl-C right after the first chunk comes back
        raise KeyboardInterrupt

    s = simulate(game, decks, ["random", "random"], n, seed=50, backend="ray", workers=2, progress=stop)
    assert s.stopped and s.planned_games == n
    seeds = [r.seed for r in s.results]
    assert seeds in [[50 + i for i in r] for r in chunked(n, 2)]     # one whole chunk, in order
    for r in s.results:
        assert asdict(r) == asdict(play_job(game, Job(tuple(decks), ("random", "random"), r.seed)))
    # the cancelled chunks leave the instance usable; its own address names it, another does not
    four = [Job(tuple(decks), ("random", "random"), 50 + i) for i in range(4)]
    again = run_jobs(game, four, workers=2, backend="ray", address=local_ray.get_runtime_context().gcs_address)
    assert not again.stopped and [r.seed for r in again.results] == [50, 51, 52, 53]
    with socket.create_server(("127.0.0.1", 0)) as elsewhere:
        with pytest.raises(MetatcgError, match="already connected to the Ray cluster at"):
            run_jobs(game, four, backend="ray", address=f"127.0.0.1:{elsewhere.getsockname()[1]}")


def test_chunks_cover_every_job_once():
    for n in [0, 1, 2, 7, 15, 16, 17, 99, 100, 401, 1000, 5003]:
        for workers in (0, 1, 2, 3, 8, 64):
            chunks = chunked(n, workers)
            assert [i for r in chunks for i in r] == list(range(n))
            assert all(1 <= len(r) <= 50 for r in chunks)
    assert [len(r) for r in chunked(10, 2, size=4)] == [4, 4, 2]


def test_a_bad_address_is_a_clear_error():
    game = metatcg.load_game("metax")
    jobs = [Job(tuple(decks_for(game, 2)), ("random", "random"), 1)]
    with pytest.raises(MetatcgError, match="no Ray cluster answers at 127.0.0.1:1"):
        run_jobs(game, jobs, backend="ray", address="127.0.0.1:1")
    for bad in ("nonsense", "host:port", "10.0.0.5:99999"):
        with pytest.raises(MetatcgError, match="is no Ray cluster address"):
            run_jobs(game, jobs, backend="ray", address=bad)
    r = run("simulate", "metax", "--bots", "random", "--games", "2", "--backend", "ray", "--address", "127.0.0.1:1")
    assert_clean(r, 2, "no Ray cluster answers at 127.0.0.1:1", "ray start --head")


def test_missing_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)      # import ray -> ImportError
    game = metatcg.load_game("metax")
    jobs = [Job(tuple(decks_for(game, 2)), ("random", "random"), 1)]
    with pytest.raises(MetatcgError, match=r"pip install 'metatcg\[ray\]'"):
        run_jobs(game, jobs, backend="ray")
