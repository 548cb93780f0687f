"""Decisions hide what they concern (PR-K-9), for every registered game and seat count.

What another seat (or a spectator) receives while a player decides — the ``deciding`` part of
its view, one per decision — must be the same whichever hidden card the decisions concern: the
same public kind and prompt, and the same number of steps. Checked by walking, from points of
seeded random games, every way the decider can go on deciding until something the observer can
see changes (a card is played, the turn passes) or another seat decides: the *trace* of
``deciding`` parts the observer received on the way must depend only on what it sees at the end
(the board, and the log lines it read on the way, which say what the decider chose in public,
such as the order of its triggers). The walk runs in the real state and in a copy whose hidden cards were resampled
(``determinize`` for an observer, its RNG set to the real one so chance falls alike), so a
difference shows both between two choices of the real decider (a Trap and a bluff of one
Chapter) and between two hands the observer cannot tell apart.

Tables run with ``auto_single`` off and every seat asked in every window (``ask_seats=all``,
PR-K-10): a single-option decision taken by the engine, and a window skipping a seat that holds
nothing, are the inferences docs/kernel.md ("Hidden decisions") accepts without those settings.
"""
from __future__ import annotations

import json

import pytest

import metatcg
from metatcg.engine.rng import Rng
from support.contract import chooser, game_params, tables

pytestmark = pytest.mark.parametrize("game_id", game_params())

GAMES = 3          # tables per game (seat counts in turn)
EVERY = 7          # check every 7th decision of a game
DEPTH = 6          # decisions of one seat followed from a point
BUDGET = 150       # states visited per point (a point needing more is skipped and counted)
FAIR = {"auto_single": False, "ask_seats": "all"}


#: parts of a view that describe the pending decision: the kernel's, and a game's own words for
#: it (MetaZoo 2022 names who holds priority and the window open)
DECISION = ("deciding", "priority", "window")


def _board(view: dict) -> str:
    """What an observer sees apart from the decision and the log (canonical JSON)."""
    return json.dumps({k: v for k, v in view.items() if k not in (*DECISION, "log", "legal_actions")},
                      sort_keys=True)


def _decision(view: dict) -> str:
    return json.dumps({k: view.get(k) for k in DECISION}, sort_keys=True)


class _Walk:
    """Every path of ``decider``'s decisions from one state, recording for each observer
    (-1: a spectator) the trace it receives and the board it sees at the path's end."""

    def __init__(self, observers: list[int], decider: int) -> None:
        self.observers = observers
        self.decider = decider
        self.nodes = 0
        self.ends: list[tuple[int, tuple, tuple]] = []    # (observer, what it sees, trace)

    def look(self, st, o: int, mark: int) -> tuple[dict, list[str], int]:
        v = st.public_view(log_from=None) if o < 0 else st.view(o, log_from=None)
        lines, mark = st.log_since(o, mark)
        return v, lines, mark

    def run(self, st, first: str) -> bool:
        """Walk from ``st`` whose decider takes ``first``; False when over budget."""
        start = {o: self.look(st, o, len(st._log)) for o in self.observers}
        roots = {o: _board(v) for o, (v, _, _) in start.items()}
        marks = {o: m for o, (_, _, m) in start.items()}
        return self._step(st, first, roots, marks, {o: ((), ()) for o in self.observers}, 0, set())

    def _step(self, st, aid: str, roots, marks, traces, depth: int, path: set) -> bool:
        self.nodes += 1
        if self.nodes > BUDGET:
            return False
        st = st.clone()
        st.apply(aid)
        done = st.is_terminal() or st.current_player() != self.decider or depth + 1 >= DEPTH
        new_traces, new_marks, boards, key = {}, {}, {}, []
        for o in self.observers:
            v, lines, new_marks[o] = self.look(st, o, marks[o])
            boards[o] = _board(v)
            shown, said = traces[o]
            new_traces[o] = (shown + (_decision(v),), said + tuple(lines))
            key.append((boards[o], new_traces[o][0][-1]))
            done = done or boards[o] != roots[o]
        if done:
            if depth + 1 < DEPTH or st.current_player() != self.decider:   # a path cut short is no end
                for o in self.observers:
                    shown, said = new_traces[o]
                    self.ends.append((o, (boards[o], said), shown))
            return True
        seen = tuple(key)
        if seen in path:          # back where this path has been ("back" to a menu): nothing new
            return True
        for a in st.legal_actions():
            if not self._step(st, a.id, roots, new_marks, new_traces, depth + 1, path | {seen}):
                return False
        return True


def _check(table, st, act: str, i: int) -> bool:
    """Walk the real state and a resampled copy from decision ``i`` (its decider takes ``act``);
    False when the point cannot be checked (the copy's decider cannot take ``act``, the copy
    shows the next seat something else already, or the walk is over budget)."""
    p = st.current_player()
    q = (p + 1) % st.num_players
    copy = st.handle(q).determinize(Rng(table.seed + i))
    copy.rng = Rng(st.rng.state)          # chance falls alike in both
    copy.logging = True
    if act not in {a.id for a in copy.legal_actions()} or \
            _board(copy.view(q, log_from=None)) != _board(st.view(q, log_from=None)):
        return False
    walk = _Walk([o for o in range(-1, st.num_players) if o != p], p)
    if not (walk.run(st, act) and walk.run(copy, act)):
        return False
    traces: dict[tuple[int, tuple], set] = {}
    for o, seen, trace in walk.ends:
        traces.setdefault((o, seen), set()).add(trace)
    for (o, _), found in traces.items():
        assert len(found) == 1, (
            f"{table}, action {i} ({st.decision.kind}): {'a spectator' if o < 0 else f'P{o + 1}'} sees the "
            f"same outcome of P{p + 1}'s decisions after different traces:\n" +
            "\n".join(repr(t) for t in sorted(found)))
    return True


def test_what_others_receive_of_a_decision_does_not_depend_on_hidden_cards(game_id):
    game = metatcg.load_game(game_id)
    checked = skipped = 0
    for table in tables(game, GAMES, 9100):
        st = table.new_state(game, **FAIR)
        r = chooser(table)
        i = 0
        while not st.is_terminal() and i < 600:
            act = r.choice(st.legal_actions())
            if i % EVERY == 0:
                if _check(table, st, act.id, i):
                    checked += 1
                else:
                    skipped += 1
            st.apply(act)
            i += 1
    assert checked >= 20, f"only {checked} points checked ({skipped} skipped)"
