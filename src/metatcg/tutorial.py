"""Guided first games ("Learn to play"): a lesson per game, played on a real table.

A lesson is a TOML file shipped with its game (``games/<package>/tutorial.toml``, documented in
``docs/tutorial.md``). It names the worked examples (scenario files) it is built from, gives a
position (a ``[setup]`` as in scenario files, with cards of the game's own pool, or
``[setup.new_game]``) and a list of steps: for each, the option expected (``choose``: text of
its label, or ``action``: a pattern of its id), who takes it (the learner, or the other seat,
whose steps the table's scripted opponent plays), what to say before and after, and what must
be true afterwards (``check``, for the tests).

This module knows no game: the game object builds the position and its snapshot.
"""
from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from .engine.errors import MetatcgError, StateDataError
from .engine.state import GameState
from .ui.prefs import SeatPrefs, auto_answer
from .scenario import SPECIAL_KEYS, _contains, _equal, _excludes, match_label, resolve_path, split_op

TOP_KEYS = ("game", "title", "summary", "built_from", "intro", "finish", "you", "setup", "prefs", "step")
STEP_KEYS = ("choose", "action", "seat", "say", "done", "wrong", "hint", "check")
#: what the learner is told when they click another option and the step gives no ``wrong`` text
DEFAULT_WRONG = "Not that one yet: this lesson wants you to {hint}. Try the highlighted option."


@dataclass
class LessonStep:
    number: int                   # 1-based
    seat: int                     # who takes it
    choose: str | None            # text of its label (exactly one legal option holds it)
    action: str | None            # or a pattern of its id (fnmatch: "attack:*/c1")
    say: str = ""                 # before: what to do and why
    done: str = ""                # after: what happened
    wrong: str = ""               # when another option is clicked
    hint: str = ""                # a few words naming the option ("play Galeborn Courier")
    check: dict[str, Any] = field(default_factory=dict)

    def find(self, legal: list[Any]) -> Any | None:
        """The legal action this step means, or None when none (or more than one) fits."""
        if self.action is not None:
            hits = [a for a in legal if fnmatch.fnmatchcase(a.id, self.action)]
            return hits[0] if len(hits) == 1 else None
        hits, _ = match_label(legal, self.choose or "")
        return hits[0] if hits else None


@dataclass
class Lesson:
    game_id: str
    title: str
    summary: str
    built_from: list[str]
    intro: str
    finish: str
    you: int
    setup: dict[str, Any]
    prefs: dict[str, Any]
    steps: list[LessonStep]

    def learner_steps(self) -> list[LessonStep]:
        return [s for s in self.steps if s.seat == self.you]

    def start(self, game: Any) -> GameState:
        """The lesson's first position (a new state each time)."""
        try:
            if "new_game" in self.setup:
                ng = self.setup["new_game"]
                started: GameState = game.new_state(list(ng["decks"]), seed=int(ng.get("seed", 0)),
                                                    options=dict(ng.get("options", {})))
                return started
            placed: GameState = game.position(self.setup)
            return placed
        except MetatcgError as e:
            raise StateDataError(f"lesson {self.game_id}: setup: {e}") from None


def _err(game_id: str, where: str, msg: str) -> StateDataError:
    return StateDataError(f"lesson {game_id}: {where}: {msg}")


def _text(game_id: str, where: str, v: Any, required: bool = False) -> str:
    if v is None and not required:
        return ""
    if not isinstance(v, str) or (required and not v.strip()):
        raise _err(game_id, where, f"expected {'a non-empty' if required else 'a'} string, got {v!r:.60}")
    return v.strip()


def parse(data: dict[str, Any], game_id: str) -> Lesson:
    bad = [k for k in data if k not in TOP_KEYS]
    if bad:
        raise _err(game_id, "top level", f"unknown key(s) {', '.join(bad)}; allowed: {', '.join(TOP_KEYS)}")
    if data.get("game") != game_id:
        raise _err(game_id, "game", f"the file is for {data.get('game')!r}, not {game_id!r}")
    built = data.get("built_from", [])
    if not isinstance(built, list) or not built or not all(isinstance(b, str) for b in built):
        raise _err(game_id, "built_from", "name the scenario files (worked examples) the lesson is built from")
    you = data.get("you", 0)
    if not isinstance(you, int) or isinstance(you, bool) or you < 0:
        raise _err(game_id, "you", f"expected a seat number, got {you!r}")
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise _err(game_id, "setup", "a lesson needs a [setup] position or [setup.new_game]")
    prefs = data.get("prefs", {})
    if not isinstance(prefs, dict):
        raise _err(game_id, "prefs", "expected a table")
    steps = []
    raw_steps = data.get("step", [])
    if not isinstance(raw_steps, list) or not raw_steps:
        raise _err(game_id, "step", "a lesson needs [[step]] tables")
    for i, s in enumerate(raw_steps, 1):
        where = f"step #{i}"
        if not isinstance(s, dict):
            raise _err(game_id, where, "expected a table")
        bad = [k for k in s if k not in STEP_KEYS]
        if bad:
            raise _err(game_id, where, f"unknown key(s) {', '.join(bad)}; allowed: {', '.join(STEP_KEYS)}")
        if ("choose" in s) == ("action" in s):
            raise _err(game_id, where, "give exactly one of 'choose' (label text) or 'action' (id pattern)")
        seat = s.get("seat", you)
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise _err(game_id, f"{where}.seat", f"expected a seat number, got {seat!r}")
        check = s.get("check", {})
        if not isinstance(check, dict):
            raise _err(game_id, f"{where}.check", "expected a table")
        mine = seat == you
        steps.append(LessonStep(
            i, seat, _text(game_id, f"{where}.choose", s.get("choose")) or None,
            _text(game_id, f"{where}.action", s.get("action")) or None,
            _text(game_id, f"{where}.say", s.get("say"), required=mine),
            _text(game_id, f"{where}.done", s.get("done"), required=True),
            _text(game_id, f"{where}.wrong", s.get("wrong")),
            _text(game_id, f"{where}.hint", s.get("hint"), required=mine), dict(check)))
    if not any(s.seat == you for s in steps):
        raise _err(game_id, "step", "no step is the learner's")
    return Lesson(game_id, _text(game_id, "title", data.get("title"), True),
                  _text(game_id, "summary", data.get("summary"), True), list(built),
                  _text(game_id, "intro", data.get("intro"), True), _text(game_id, "finish", data.get("finish"), True),
                  you, setup, prefs, steps)


def package_of(game_id: str) -> str:
    """The game's package (``metazoo-2022`` -> ``metatcg.games.metazoo_2022``)."""
    return "metatcg.games." + game_id.replace("-", "_")


def has_lesson(game_id: str) -> bool:
    try:
        return resources.files(package_of(game_id)).joinpath("tutorial.toml").is_file()
    except ModuleNotFoundError:
        return False


_CACHE: dict[str, Lesson] = {}


def load(game_id: str) -> Lesson:
    """The lesson shipped with ``game_id``; StateDataError when it has none or it is malformed."""
    if game_id in _CACHE:
        return _CACHE[game_id]
    if not has_lesson(game_id):
        raise StateDataError(f"no lesson for game {game_id!r}")
    text = resources.files(package_of(game_id)).joinpath("tutorial.toml").read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise StateDataError(f"lesson {game_id}: not valid TOML: {e}") from None
    lesson = _CACHE[game_id] = parse(data, game_id)
    return lesson


# ----------------------------------------------------------------------------- progress
class Progress:
    """Where a table's game stands in its lesson, worked out from the game's history: a step
    is done when its action was taken at its seat's decision. Actions the lesson does not name
    (the table's automatic passes) are skipped over. Kept incrementally: a table's history only
    grows, so each new action is replayed once."""

    def __init__(self, lesson: Lesson, game: Any) -> None:
        self.lesson, self.game = lesson, game
        self._start()

    def _start(self) -> None:
        """Back to the lesson's first step (also when a history is not this game's past)."""
        self.state = self.lesson.start(self.game)
        self.k = 0            # steps done
        self.seen = 0         # history entries replayed

    def advance(self, history: list[str]) -> int:
        """Steps done after ``history`` (the table's ``state.history``)."""
        if history[:self.seen] != self.state.history[:self.seen]:
            self._start()                           # not this game's past: start over
        for aid in history[self.seen:]:
            step = self.next_step()
            if step is not None and self.state.current_player() == step.seat:
                hit = step.find(self.state.legal_actions())
                if hit is not None and hit.id == aid:
                    self.k += 1
            self.state.apply(aid)
            self.seen += 1
        return self.k

    def next_step(self) -> LessonStep | None:
        return self.lesson.steps[self.k] if self.k < len(self.lesson.steps) else None


def expected(step: LessonStep | None, state: GameState) -> Any | None:
    """The legal action ``step`` asks for now, or None (not its seat's decision, or no option fits)."""
    if step is None or state.is_terminal() or state.current_player() != step.seat:
        return None
    return step.find(state.legal_actions())


def wrong_text(step: LessonStep) -> str:
    return step.wrong or DEFAULT_WRONG.format(hint=step.hint or "take the highlighted option")


def seat_prefs(lesson: Lesson) -> SeatPrefs:
    """The learner's preferences at the table: windows the lesson does not stop at pass by
    themselves (``prefs.stops`` names the moments it does), and nothing is taken for them
    because the options read alike: each lesson step is a click of their own."""
    return SeatPrefs.from_json({"auto_pass": True, "stops": [], "auto_same": False, **lesson.prefs})


def scripted(progress: Progress, state: GameState, seat: int) -> Any | None:
    """The other seat's lesson move at its decision now, or None (its bot decides)."""
    step = progress.next_step()
    return expected(step, state) if step is not None and step.seat == seat != progress.lesson.you else None


def walk(lesson: Lesson, game: Any, seed: int = 0, max_actions: int = 400) -> list[str]:
    """Play the lesson through the engine as a table would (the learner's steps, their
    preferences' automatic answers, the other seats' scripted steps, a greedy bot for the
    rest) and return every problem: a step whose option is not there, a check that fails,
    a decision of the learner the lesson does not cover. Empty: the lesson works."""
    from .bots import make_bot
    from .ui.presentation import presentation_of
    pres = presentation_of(game)
    prefs = seat_prefs(lesson)
    state = lesson.start(game)
    progress = Progress(lesson, game)
    bot = make_bot("greedy", seed)
    problems: list[str] = []
    for _ in range(max_actions):
        k = progress.advance(state.history)
        if k >= len(lesson.steps):
            return problems
        if state.is_terminal():
            return problems + [f"the game ended before step {k + 1}"]
        step = lesson.steps[k]
        p = state.current_player()
        mark = len(state.log)
        auto = auto_answer(state, p, prefs, pres) if p == lesson.you else None
        want = expected(step, state)
        if auto is not None:     # the table answers for the learner before showing the decision
            state.apply(auto)
            continue
        if want is not None:
            state.apply(want)
            problems += [f"step {step.number} ({step.choose or step.action}): {m}"
                         for m in check(game, state, step.check, state.log[mark:])]
            continue
        if p == lesson.you:
            labels = "; ".join(a.label for a in state.legal_actions())
            return problems + [f"step {step.number} ({step.choose or step.action}) is not among the "
                               f"learner's options: {labels}"]
        state.apply(bot.choose(state.handle(p)))
    return problems + ["the lesson did not end within the action limit"]


# ----------------------------------------------------------------------------- checks
def check(game: Any, state: GameState, expect: dict[str, Any], new_log: list[str]) -> list[str]:
    """What of ``expect`` (a step's ``check``) does not hold: one line per problem."""
    problems = []
    snap = game.snapshot(state) if any(k not in SPECIAL_KEYS for k in expect) else {}
    for key, want in expect.items():
        if key == "log_contains":
            for w in want:
                if not any(w in line for line in new_log):
                    problems.append(f"no log line since the step contains {w!r}")
        elif key == "log_excludes":
            for w in want:
                if any(w in line for line in new_log):
                    problems.append(f"a log line contains {w!r}")
        elif key == "terminal":
            if state.is_terminal() != want:
                problems.append(f"terminal is {state.is_terminal()}, not {want}")
        elif key == "result":
            if not state.is_terminal() or list(state.returns()) != list(want):
                problems.append(f"result is {state.returns() if state.is_terminal() else None}, not {want}")
        elif key == "current_player":
            if state.current_player() != want:
                problems.append(f"current player is {state.current_player()}, not {want}")
        elif key in ("legal_includes", "legal_excludes"):
            labels = [a.label for a in state.legal_actions()] if not state.is_terminal() else []
            for w in want:
                there = any(w.lower() in lab.lower() for lab in labels)
                if there != (key == "legal_includes"):
                    problems.append(f"{key}: {w!r}")
        else:
            path, op = split_op(key)
            try:
                actual = resolve_path(snap, path)
            except LookupError as e:
                problems.append(f"{key}: {e}")
                continue
            if op == "contains":
                ok = _contains(actual, want)[0]
            elif op == "excludes":
                ok = _excludes(actual, want)[0]
            else:
                ok = _equal(want, actual)
            if not ok:
                problems.append(f"{key}: expected {want!r}, got {actual!r}")
    return problems
