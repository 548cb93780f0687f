"""Persistence and determinism, for every registered game: a clone, a JSON round trip (stdlib
``to_json`` and ``to_json_text``) and a replay of the record continue a game exactly like the
original from any decision point, in normal and in quiet mode; playing a copy never touches
the original; the same seed and actions give the same game, in this interpreter or another;
bad state JSON and bad records are clear errors.

Each copy taken at a snapshot is driven with the original's later action ids and compared by
``to_json()`` right away, a few actions later and at the end. Which decision kinds a game has,
and checks of its own data, are in the game's test_persistence_<game>.py.
"""
from __future__ import annotations

import functools
import json
import os
import subprocess
import sys

import pytest

import metatcg
from metatcg.engine.errors import StateDataError
from support import persistence
from support.contract import chooser, decision_points, game_params, norm, seats, tables

pytestmark = pytest.mark.parametrize("game_id", game_params())

CHUNKS = 3
GAMES_PER_CHUNK = 2
SNAPSHOTS = 8        # decision points per game spread over it, besides the first of each kind


@pytest.fixture
def game(game_id):
    return metatcg.load_game(game_id)


def copies_of(st, replay: bool = True) -> dict:
    """Every kind of copy of ``st``: clone, JSON (stdlib and fast text), replay of its record."""
    game = st.game
    out = {"clone": st.clone(), "json": persistence.json_copy(game, st),
           "json_text": game.state_from_json(st.to_json_text())}
    if replay:
        out["replay"] = game.replay(st.record(), log=st.logging)
    return out


def same_now(name: str, cp, st, here=None, where: str = "") -> None:
    persistence.same_now(name, cp, st, here, where, labels=True, logs=True)
    assert cp.logging == st.logging, f"{name} {where}: quiet mode not kept"


# --------------------------------------------------------------------------- continuations
@pytest.mark.parametrize("log", [True, False], ids=["logging", "quiet"])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_copies_continue_identically(game, chunk, log):
    """Snapshots at decision points spread over each game, and (in the first logging games)
    at the first decision of each kind."""
    for table in tables(game, GAMES_PER_CHUNK, 1000 + 100 * chunk):
        want = persistence.spread_over_the_game(game, table.decks, table.seed, SNAPSHOTS,
                                                each_kind=log and chunk == 0)
        n, kinds = persistence.play_with_snapshots(game, table.decks, table.seed, want, copies_of, same_now,
                                                   same_reason=True, log=log)
        assert n >= 1 and kinds


def test_terminal_state_round_trips(game):
    for table in tables(game, 2, 1500):
        *_, st = decision_points(game, table)
        for name, cp in copies_of(st).items():
            assert cp.is_terminal(), name
            assert norm(cp.to_json()) == norm(st.to_json()), name
            assert cp.returns() == st.returns() and cp.legal_actions() == [], name
            assert cp.reason == st.reason and cp.winner() == st.winner(), name


def test_replay_upto_gives_the_earlier_state(game):
    for table in tables(game, len(game.seat_counts), 1600):
        persistence.check_replay_upto(game, list(table.decks), table.seed, table.seed + 1)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_playing_a_copy_leaves_the_original_alone(game, chunk):
    for table in tables(game, GAMES_PER_CHUNK, 1700 + 100 * chunk):
        st = table.new_state(game)
        persistence.check_copies_go_their_own_way(game, st, table.seed, points={0, 1, 3, 15, 40, 70, 120})


# --------------------------------------------------------------------------- determinism
def test_same_seed_and_same_actions_give_the_same_game(game):
    for table in tables(game, len(game.seat_counts), 1800):
        persistence.check_same_seed_same_game(game, table.decks, (0, 1, 99, 123456789))


def test_same_game_in_a_fresh_interpreter(game, game_id):
    """No hidden state outside the seed (module-level caches, hash order of sets...): a game
    played in another Python process with another hash seed ends identically. (The child
    registers the game as this process has it, for games registered by the tests.)"""
    table = tables(game, 1, 1900)[0]
    entry = next(e for e in metatcg.game_entries() if e.id == game_id)
    if not isinstance(entry.module, str):
        pytest.skip(f"{game_id} is registered by a function, which another process cannot import")
    code = ("import json, sys\n"
            "sys.path.insert(0, sys.argv[1])\n"
            "import metatcg\n"
            "from support.contract import Table, decision_points\n"
            "gid, module, title = json.loads(sys.argv[2])\n"
            "if gid not in metatcg.game_ids():\n"
            "    metatcg.register_game(gid, module, title)\n"
            "g = metatcg.load_game(gid)\n"
            "*_, st = decision_points(g, Table(tuple(json.loads(sys.argv[3])), int(sys.argv[4])))\n"
            "print(json.dumps(st.to_json(), sort_keys=True))\n")
    *_, st = decision_points(game, table)
    tests_dir = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, PYTHONHASHSEED="12345")
    args = [tests_dir, json.dumps([entry.id, entry.module, entry.title]), json.dumps(table.decks), str(table.seed)]
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, check=True)
    assert json.loads(out.stdout) == norm(st.to_json())


# --------------------------------------------------------------------------- bad input
@functools.lru_cache(maxsize=None)
def _mid_state(game_id: str):
    """A running game some way in (tests only read it)."""
    game = metatcg.load_game(game_id)
    table = tables(game, 1, 2000)[0]
    st = table.new_state(game)
    r = chooser(table)
    while len(st.history) < 40:
        st.apply(r.choice(st.legal_actions()))
        if st.is_terminal():  # too short: start another game
            table = table._replace(seed=table.seed + 1)
            st, r = table.new_state(game), chooser(table)
    return st


@pytest.fixture
def mid_state(game_id):
    return _mid_state(game_id)


def test_malformed_state_json_is_a_clear_error(game, mid_state):
    persistence.check_malformed_state_json(game, mid_state, not_a_state="not a metatcg state|malformed")


def test_state_of_another_game_is_refused(game, mid_state):
    obj = mid_state.to_json()
    obj["game"] = "no-such-game"
    with pytest.raises(StateDataError, match=rf"state is for game 'no-such-game', not '{game.id}'"):
        game.state_from_json(obj)


@pytest.mark.parametrize("key", ["data", "rng", "stack", "decision", "log", "history", "seed",
                                 "actions_taken", "options", "decks", "pending", "result", "reason"])
def test_state_json_with_a_missing_field_is_a_clear_error(game, mid_state, key):
    obj = norm(mid_state.to_json())
    del obj[key]
    with pytest.raises(StateDataError, match="malformed state JSON"):
        game.state_from_json(obj)


CORRUPT = {
    "rng": lambda o: o.__setitem__("rng", "not a number"),
    "seed": lambda o: o.__setitem__("seed", [1]),
    "short-decision": lambda o: o.__setitem__("decision", [0]),
    "unknown-decision": lambda o: o.__setitem__("decision", [0, "no-such-decision", [], ""]),
    "no-such-decider": lambda o: o["decision"].__setitem__(0, len(o["decks"]) + 3),
    "log-entry": lambda o: o.__setitem__("log", [["text"]]),
    "stack-not-a-list": lambda o: o.__setitem__("stack", {"a": 1}),
    "pending-not-a-list": lambda o: o.__setitem__("pending", 7),
    "unknown-record": lambda o: o["stack"].append(["@no-such-record", 1, 2]),
    "one-deck": lambda o: o.__setitem__("decks", o["decks"][:1]),
    "deck-of-numbers": lambda o: o["decks"].__setitem__(0, [1, 2, 3]),
    "options-type": lambda o: o["options"].__setitem__("auto_single", "yes"),
    "unknown-option": lambda o: o["options"].__setitem__("no_such_option", 1),
    "result-text": lambda o: o.__setitem__("result", "won"),
}


@pytest.mark.parametrize("corrupt", list(CORRUPT))
def test_corrupt_state_json_is_a_clear_error(game, mid_state, corrupt):
    obj = norm(mid_state.to_json())
    CORRUPT[corrupt](obj)
    with pytest.raises(StateDataError, match="malformed state JSON"):
        game.state_from_json(obj)


def test_malformed_record_is_a_clear_error(game, mid_state):
    persistence.check_malformed_record(game, mid_state, other_game="no-such-game")
    with pytest.raises(StateDataError, match="malformed record"):
        game.replay(dict(mid_state.record(), seed="not a seed"))


def _clear(obj) -> None:
    """Empty every list and dict inside ``obj`` (what a careless caller might do)."""
    if isinstance(obj, dict):
        for v in obj.values():
            _clear(v)
        obj.clear()
    elif isinstance(obj, list):
        for v in obj:
            _clear(v)
        obj.clear()


def test_what_a_state_hands_out_is_independent_of_it(game):
    """Issue 7 defect 3: clearing the lists of ``to_json()`` once emptied a real deck. Nothing
    the state returns (to_json, view, record, record_for, log_for) shares anything with it."""
    for table in tables(game, 2, 1200):
        for st in decision_points(game, table, every=15):
            before = st.to_json_text()
            _clear(st.to_json())
            for p in seats(st):
                _clear(st.view(p))
                _clear(st.record_for(p))
                st.log_for(p).clear()
            _clear(st.record())
            assert st.to_json_text() == before, table
