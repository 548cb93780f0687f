"""Scenario files: a position, the actions taken from it and what must be true afterwards.

A scenario is a TOML file a judge of the game can read (the format is documented in
``docs/scenarios.md``). This module is game-agnostic: everything game-specific comes
from the game object named by the file (``metatcg.load_game(game)``):

- ``game.position(spec)``       builds a mid-game state from the ``[setup]`` table;
- ``game.new_state(decks, seed, options)`` starts a game from the very beginning
  (``[setup.new_game]``);
- ``game.parse_cards(text, path)`` and ``game.with_cards(defs)`` add the file's inline
  ``[[card]]`` stand-in cards to the pool;
- ``game.snapshot(state)``      a readable dict of the whole position, which the
  expectations address with dotted paths (``"players.0.mp" = 5``).

``load_file`` checks everything it can before anything runs and raises
:class:`~metatcg.engine.errors.StateDataError` naming the file and the field.
``run`` never raises for a scenario that loaded: wrong expectations, illegal or
ambiguous steps and engine exceptions all become readable :class:`Failure` entries.
"""
from __future__ import annotations

import json
import math
import re
import tomllib
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from .engine.errors import MetatcgError, StateDataError
from .engine.game import PooledGame
from .engine.textfile import read_text_file

if TYPE_CHECKING:  # pragma: no cover
    from .engine.state import GameState

# ----------------------------------------------------------------------------- format
TOP_KEYS = ("name", "description", "rules", "game", "card", "setup", "expect_start", "step", "expect",
            "variant")    # plus the game's own name for stand-in cards (``Game.card_table``)
VARIANT_KEYS = ("name", "description", "setup", "expect_start", "step", "expect")
STEP_KEYS = ("action", "choose", "player", "raises", "note", "expect")
NEW_GAME_KEYS = ("decks", "seed", "options")
# expectation keys that are not snapshot paths
SPECIAL_KEYS = ("log_contains", "log_excludes", "legal_includes", "legal_excludes", "result",
                "terminal", "current_player")
PATH_OPS = ("contains", "excludes")
RULE_ID = re.compile(r"^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$")
LOG_TAIL = 12


# ----------------------------------------------------------------------------- data
@dataclass
class Step:
    number: int                  # 1-based, as a judge counts them
    action: str | None = None    # an exact action id
    choose: str | None = None    # text found in exactly one legal action's label
    player: int | None = None    # who must be deciding before the step
    raises: str | None = None    # the step must be rejected with this text in the error
    note: str = ""
    expect: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        what = f'action = "{self.action}"' if self.action is not None else f'choose = "{self.choose}"'
        extra = f", player = {self.player}" if self.player is not None else ""
        if self.raises is not None:
            extra += f', raises = "{self.raises}"'
        note = f"  # {self.note}" if self.note else ""
        return f"step {self.number} ({what}{extra}){note}"


@dataclass
class Run:
    """One playthrough: the main one of a file or one of its ``[[variant]]`` tables."""

    label: str                  # "" for the main run, else the variant's name
    setup: dict[str, Any]
    steps: list[Step]
    expect_start: dict[str, Any]
    expect: dict[str, Any]
    field: str                  # where it lives in the file, for messages ("variant #2")


@dataclass
class Scenario:
    path: str
    name: str
    description: str
    rules: list[str]
    game_id: str
    game: Any                   # the game (with stand-in cards added)
    cards: list[str]            # names of the inline stand-in cards
    runs: list[Run]


@dataclass
class Failure:
    run: str                    # variant name ("" for the main run)
    where: str                  # "start", "step 3 (...)", "final [expect]"
    message: str                # what went wrong, one line
    path: str = ""
    expected: Any = None
    actual: Any = None
    has_values: bool = False
    detail: list[str] = field(default_factory=list)
    log_tail: list[str] = field(default_factory=list)

    def text(self) -> str:
        head = f"[{self.run}] " if self.run else ""
        lines = [f"{head}{self.where}: {self.message}"]
        if self.has_values:
            lines.append(f"    path:     {self.path}")
            lines.append(f"    expected: {_show(self.expected)}")
            lines.append(f"    actual:   {_show(self.actual)}")
        lines += [f"    {d}" for d in self.detail]
        if self.log_tail:
            lines.append(f"    recent log ({_n(len(self.log_tail), 'line')}):")
            lines += [f"      | {ln}" for ln in self.log_tail]
        return "\n".join(lines)


@dataclass
class ScenarioResult:
    name: str
    path: str
    failures: list[Failure] = field(default_factory=list)
    steps_run: int = 0
    checks: int = 0
    runs: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures

    def report(self) -> str:
        where = f" ({self.path})" if self.path else ""
        counts = f"{_n(self.steps_run, 'step')}, {_n(self.checks, 'check')}"
        if self.runs > 1:
            counts += f", {self.runs} runs"
        if self.ok:
            return f"PASS  {self.name}{where}: {counts}"
        out = [f"FAIL  {self.name}{where}: {_n(len(self.failures), 'failure')} ({counts})"]
        for f in self.failures:
            out.append("  " + f.text().replace("\n", "\n  "))
        return "\n".join(out)


# ----------------------------------------------------------------------------- loading
def load_file(path: str | Path) -> Scenario:
    """Read and check a scenario file. Every problem is a StateDataError naming file and field."""
    p = Path(path)
    text = read_text_file(p, "scenario file", StateDataError)
    return loads(text, str(p))


def loads(text: str, path: str = "<scenario>") -> Scenario:
    """Like :func:`load_file`, from the TOML text (``path`` only names it in messages)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise StateDataError(f"{path}: not valid TOML: {e}") from None
    return _from_data(data, path)


def _err(path: str, where: str, msg: str) -> StateDataError:
    return StateDataError(f"{path}: {where}: {msg}" if where else f"{path}: {msg}")


def _check_keys(path: str, where: str, table: dict[str, Any], allowed: tuple[str, ...]) -> None:
    bad = [k for k in table if k not in allowed]
    if bad:
        raise _err(path, where or "top level", f"unknown key(s) {', '.join(repr(k) for k in bad)}; "
                   f"allowed: {', '.join(allowed)}")


def _card_table(game_id: Any) -> str:
    """What the game's card files call a card (``Game.card_table``; "card" by default, and for an
    unknown game, whose error comes later with the game field)."""
    import metatcg
    try:
        return str(getattr(metatcg.load_game(game_id), "card_table", "card")) if isinstance(game_id, str) else "card"
    except MetatcgError:
        return "card"


def _from_data(data: dict[str, Any], path: str) -> Scenario:
    table = _card_table(data.get("game"))
    _check_keys(path, "", data, tuple(table if k == "card" else k for k in TOP_KEYS))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _err(path, "name", "a scenario needs a name (a non-empty string)")
    description = _opt_str(path, "description", data.get("description", ""))
    rules = data.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) and RULE_ID.match(r) for r in rules):
        raise _err(path, "rules", f"expected a list of rule IDs like \"MX-TKO-1\", got {rules!r}")
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise _err(path, "game", "the game id is required (e.g. game = \"metax\")")
    import metatcg  # here, not at the top: the package may one day import this module
    try:
        game = metatcg.load_game(game_id)
    except MetatcgError as e:
        raise _err(path, "game", str(e)) from None

    cards_raw = data.get(table, [])
    card_names: list[str] = []
    if cards_raw:
        if not isinstance(cards_raw, list) or not all(isinstance(c, dict) for c in cards_raw):
            raise _err(path, table, f"stand-in cards are [[{table}]] tables")
        if not isinstance(game, PooledGame):     # the games whose cards come from card files
            raise _err(path, "card", f"game {game_id!r} does not support inline cards (no parse_cards)")
        try:
            toml_text = _dump_cards(cards_raw, table)
        except ValueError as e:
            raise _err(path, table, str(e)) from None
        try:
            defs = game.parse_cards(toml_text, f"{path} [[{table}]]")
        except MetatcgError as e:
            raise StateDataError(str(e)) from None
        card_names = [getattr(d, "name", str(d)) for d in defs]
        game = game.with_cards(defs)

    if "setup" not in data:
        raise _err(path, "setup", "missing: give a [setup] position or [setup.new_game]")
    main = _parse_run(path, "", data, data["setup"], "")
    runs = [main]
    variants = data.get("variant", [])
    if not isinstance(variants, list) or not all(isinstance(v, dict) for v in variants):
        raise _err(path, "variant", "variants are [[variant]] tables")
    seen = set()
    for i, v in enumerate(variants, 1):
        where = f"variant #{i}"
        _check_keys(path, where, v, VARIANT_KEYS)
        vname = v.get("name")
        if not isinstance(vname, str) or not vname.strip():
            raise _err(path, f"{where}.name", "each [[variant]] needs a name")
        if vname in seen:
            raise _err(path, f"{where}.name", f"two variants are named {vname!r}")
        seen.add(vname)
        _opt_str(path, f"{where}.description", v.get("description", ""))
        runs.append(_parse_run(path, vname, v, v.get("setup", data["setup"]), where))

    if not hasattr(game, "snapshot") and any(
            k not in SPECIAL_KEYS for r in runs for e in [r.expect_start, r.expect, *(s.expect for s in r.steps)]
            for k in e):
        raise _err(path, "expect", f"game {game_id!r} has no snapshot(), so only the keys "
                   f"{', '.join(SPECIAL_KEYS)} can be checked")
    sc = Scenario(path, name.strip(), description, list(rules), game_id, game, card_names, runs)
    for r in runs:  # build each setup once now, so unknown cards and bad fields fail at load
        _build(sc, r)
    if not any(r.steps or r.expect or r.expect_start for r in runs):
        raise _err(path, "step", "the scenario has no steps and no expectations")
    return sc


def _opt_str(path: str, where: str, v: Any) -> str:
    if not isinstance(v, str):
        raise _err(path, where, f"expected a string, got {v!r}")
    return v


def _parse_run(path: str, label: str, table: dict[str, Any], setup: Any, prefix: str) -> Run:
    pre = f"{prefix}." if prefix else ""
    if not isinstance(setup, dict):
        raise _err(path, f"{pre}setup", "expected a table ([setup])")
    if "new_game" in setup:
        if len(setup) != 1:
            others = ", ".join(k for k in setup if k != "new_game")
            raise _err(path, f"{pre}setup", f"[setup.new_game] cannot be mixed with position fields ({others})")
        ng = setup["new_game"]
        if not isinstance(ng, dict):
            raise _err(path, f"{pre}setup.new_game", "expected a table")
        _check_keys(path, f"{pre}setup.new_game", ng, NEW_GAME_KEYS)
        decks = ng.get("decks")
        if not isinstance(decks, list) or not decks or not all(
                isinstance(d, str) or (isinstance(d, list) and all(isinstance(c, str) for c in d)) for d in decks):
            raise _err(path, f"{pre}setup.new_game.decks",
                       "expected a list of decks (a starter deck name, a deck file, or a list of card names)")
        if not isinstance(ng.get("seed", 0), int) or isinstance(ng.get("seed", 0), bool):
            raise _err(path, f"{pre}setup.new_game.seed", f"expected an integer, got {ng.get('seed')!r}")
        if not isinstance(ng.get("options", {}), dict):
            raise _err(path, f"{pre}setup.new_game.options", "expected a table")
    steps_raw = table.get("step", [])
    if not isinstance(steps_raw, list) or not all(isinstance(s, dict) for s in steps_raw):
        raise _err(path, f"{pre}step", "steps are [[step]] tables")
    steps = [_parse_step(path, i, s, pre) for i, s in enumerate(steps_raw, 1)]
    return Run(label, setup, steps, _parse_expect(path, f"{pre}expect_start", table.get("expect_start", {})),
               _parse_expect(path, f"{pre}expect", table.get("expect", {})), prefix)


def _parse_step(path: str, i: int, s: dict[str, Any], pre: str) -> Step:
    where = f"{pre}step #{i}"
    _check_keys(path, where, s, STEP_KEYS)
    has_a, has_c = "action" in s, "choose" in s
    if has_a == has_c:
        raise _err(path, where, "a step has exactly one of 'action' (an action id) or 'choose' (label text)")
    key = "action" if has_a else "choose"
    val = s[key]
    if not isinstance(val, str) or not val.strip():
        raise _err(path, f"{where}.{key}", f"expected a non-empty string, got {val!r}")
    player = s.get("player")
    if player is not None and (not isinstance(player, int) or isinstance(player, bool) or player < 0):
        raise _err(path, f"{where}.player", f"expected a player number (0, 1, ...), got {player!r}")
    raises = s.get("raises")
    if raises is not None and not isinstance(raises, str):
        raise _err(path, f"{where}.raises", f"expected the text of the error, got {raises!r}")
    note = _opt_str(path, f"{where}.note", s.get("note", ""))
    exp = _parse_expect(path, f"{where}.expect", s.get("expect", {}))
    return Step(i, val if has_a else None, val if has_c else None, player, raises, note, exp)


def _parse_expect(path: str, where: str, raw: Any) -> dict[str, Any]:
    """An expectation table (or array of tables, merged) as a flat {key: value} dict."""
    if isinstance(raw, list):
        if not all(isinstance(t, dict) for t in raw):
            raise _err(path, where, "expected a table or [[...expect]] tables")
        tables = raw
    elif isinstance(raw, dict):
        tables = [raw]
    else:
        raise _err(path, where, f"expected a table, got {raw!r}")
    out: dict[str, Any] = {}
    for t in tables:
        for k, v in t.items():
            if k in SPECIAL_KEYS:
                _check_special(path, f"{where}.{k}", k, v)
                if k in out and k.startswith(("log_", "legal_")):
                    out[k] = list(out[k]) + list(v)
                else:
                    out[k] = v
            else:
                for fk, fv in _flatten(k, v):
                    base, op = split_op(fk)
                    if not base or any(seg == "" for seg in base.split(".")):
                        raise _err(path, f"{where}.{fk!r}", "empty segment in the path")
                    out[fk] = fv
    return out


def _flatten(key: str, value: Any) -> Iterator[tuple[str, Any]]:
    """Nested tables (from unquoted dotted TOML keys or inline tables) become dotted paths."""
    if isinstance(value, dict) and value:
        for k, v in value.items():
            yield from _flatten(f"{key}.{k}", v)
    else:
        yield key, value


def _check_special(path: str, where: str, key: str, v: Any) -> None:
    if key.startswith(("log_", "legal_")):
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise _err(path, where, f"expected a list of strings, got {v!r}")
    elif key == "terminal":
        if not isinstance(v, bool):
            raise _err(path, where, f"expected true or false, got {v!r}")
    elif key == "result":
        if not isinstance(v, list) or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
            raise _err(path, where, f"expected one number per player, e.g. [1, -1], got {v!r}")
    elif key == "current_player":
        if not isinstance(v, int) or isinstance(v, bool):
            raise _err(path, where, f"expected a player number (-1 once the game is over), got {v!r}")


def _dump_cards(cards: list[dict[str, Any]], table: str = "card") -> str:
    """The inline [[card]] (or the game's own table name) back to TOML text for ``game.parse_cards``."""
    return f"{table} = [\n" + ",\n".join("  " + _toml_value(c) for c in cards) + ",\n]\n"


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in v.items()) + "}"
    raise ValueError(f"unsupported value in a card: {v!r}")


def _build(sc: Scenario, r: Run) -> GameState:
    """The starting state of a run; problems are StateDataErrors naming file and field."""
    game = sc.game
    pre = f"{r.field}." if r.field else ""
    where = f"{pre}setup"
    try:
        if "new_game" in r.setup:
            ng = r.setup["new_game"]
            base = Path(sc.path).parent
            decks = []
            for d in ng["decks"]:
                if isinstance(d, str) and d.endswith(".txt") and not Path(d).is_absolute():
                    d = str(base / d)  # deck files are relative to the scenario file
                decks.append(d)
            where = f"{pre}setup.new_game"
            started: GameState = game.new_state(decks, seed=ng.get("seed", 0), options=dict(ng.get("options", {})))
            return started
        placed: GameState = game.position(r.setup)     # a game without positions says so
        return placed
    except MetatcgError as e:
        raise _err(sc.path, where, str(e)) from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
        raise _err(sc.path, where, f"invalid value ({type(e).__name__}: {e})") from None


# ----------------------------------------------------------------------------- running
def run_file(path: str | Path) -> ScenarioResult:
    """Load and run one scenario file (the CLI's ``metatcg scenario run FILE``)."""
    return run(load_file(path))


def run(scenario: Scenario) -> ScenarioResult:
    res = ScenarioResult(scenario.name, scenario.path, runs=len(scenario.runs))
    for r in scenario.runs:
        _Runner(scenario, r, res).go()
    return res


class _Stop(Exception):
    """The run cannot go on (a step could not be applied)."""


class _Runner:
    def __init__(self, sc: Scenario, r: Run, res: ScenarioResult) -> None:
        self.sc, self.r, self.res = sc, r, res
        self.state: GameState | None = None       # built when the run starts
        self.log_mark = 0

    @property
    def st(self) -> GameState:
        """The run's state (there is one once the run has started)."""
        assert self.state is not None, "the run has not started"
        return self.state

    def fail(self, where: str, message: str, log_tail: list[str] | None = None, **kw: Any) -> None:
        """Record a failure with the recent log (or the given lines) for context."""
        if log_tail is None:
            log_tail = self.state.log[-LOG_TAIL:] if self.state is not None else []
        self.res.failures.append(Failure(self.r.label, where, message, log_tail=list(log_tail), **kw))

    def go(self) -> None:
        try:
            self.state = _build(self.sc, self.r)
        except StateDataError as e:  # loaded fine once; only a non-deterministic game gets here
            self.fail("setup", str(e))
            return
        self.check(self.r.expect_start, "start [expect_start]", new_lines=self.st.log)
        for step in self.r.steps:
            try:
                self.take(step)
            except _Stop:
                left = len(self.r.steps) - step.number
                self.fail("end", f"the run stopped at step {step.number}; "
                          f"{left} later step(s) and the final [expect] were not checked", log_tail=[])
                return
        self.check(self.r.expect, "final [expect]", new_lines=self.st.log)

    # ------------------------------------------------------------------ steps
    def take(self, step: Step) -> None:
        st = self.st
        where = step.describe()
        self.res.steps_run += 1
        if step.player is not None and st.current_player() != step.player:
            self.fail(where, f"player {step.player} was expected to decide, but it is "
                      f"{_who(st)}", detail=_legal_lines(st))
            raise _Stop
        mark = len(st.log)
        if step.raises is not None:
            self.take_rejected(step, where)
        else:
            act = self.resolve(step, where)
            try:
                st.apply(act)
            except MetatcgError as e:
                self.fail(where, f"the action was rejected: {e}", detail=_legal_lines(st))
                raise _Stop from None
            except Exception as e:  # an engine bug: report it, do not crash the runner
                self.fail(where, f"the engine raised {type(e).__name__}: {e}",
                          detail=traceback.format_exc().rstrip().splitlines()[-8:])
                raise _Stop from None
        self.check(step.expect, where, new_lines=st.log[mark:])

    def resolve(self, step: Step, where: str) -> str:
        """The id of the action a step names; a failure (and stop) if there is none."""
        st = self.st
        if st.is_terminal():
            self.fail(where, f"the game is already over ({st.reason})")
            raise _Stop
        legal = st.legal_actions()
        if step.action is not None:
            if any(a.id == step.action for a in legal):
                return step.action
            self.fail(where, f"{step.action!r} is not a legal action id now ({_who(st)})",
                      detail=_legal_lines(st))
            raise _Stop
        hits, msg = match_label(legal, step.choose or "")
        if msg:
            self.fail(where, msg, detail=_legal_lines(st))
            raise _Stop
        return str(hits[0].id)

    def take_rejected(self, step: Step, where: str) -> None:
        st = self.st
        before = st.to_json()
        err = None
        if step.choose is not None:
            hits, msg = match_label(st.legal_actions(), step.choose)
            if msg:
                err = msg
                aid = None
            else:
                aid = hits[0].id
        else:
            aid = step.action
        if aid is not None:
            try:
                st.apply(aid)
            except MetatcgError as e:
                err = str(e)
            except Exception as e:
                self.fail(where, f"the engine raised {type(e).__name__} instead of a clear error: {e}",
                          detail=traceback.format_exc().rstrip().splitlines()[-8:])
                raise _Stop from None
        if err is None:
            self.fail(where, f"expected the step to be rejected (error containing {step.raises!r}), "
                      "but it was applied")
            raise _Stop
        self.res.checks += 1
        if (step.raises or "").lower() not in err.lower():
            self.fail(where, "the step was rejected, but with another error", path="raises",
                      expected=step.raises, actual=err, has_values=True)
        self.res.checks += 1
        if st.to_json() != before:
            self.fail(where, "the rejected step changed the state (it must leave it exactly as it was)")

    # ------------------------------------------------------------------ expectations
    def check(self, exp: dict[str, Any], where: str, new_lines: list[str]) -> None:
        if not exp:
            return
        st = self.st
        snap = None
        for key, want in exp.items():
            self.res.checks += 1
            if key == "log_contains":
                self.check_log(where, want, new_lines)
            elif key == "log_excludes":
                for frag in want:
                    bad = [ln for ln in new_lines if frag.lower() in ln.lower()]
                    if bad:
                        self.fail(where, f"log_excludes: a log line contains {frag!r}",
                                  detail=[f"offending line: {bad[0]}"])
            elif key in ("legal_includes", "legal_excludes"):
                legal = st.legal_actions()
                for frag in want:
                    found = [a for a in legal if a.id == frag or frag.lower() in a.label.lower()]
                    if key == "legal_includes" and not found:
                        self.fail(where, f"legal_includes: no legal action has id or label text {frag!r}",
                                  detail=_legal_lines(st))
                    elif key == "legal_excludes" and found:
                        self.fail(where, f"legal_excludes: {frag!r} is legal: {found[0].id} — {found[0].label}",
                                  detail=_legal_lines(st))
            elif key == "terminal":
                if st.is_terminal() != want:
                    self.fail(where, "the game is " + ("over" if st.is_terminal() else "not over"),
                              path="terminal", expected=want, actual=st.is_terminal(), has_values=True,
                              detail=[f"reason: {st.reason}"] if st.reason else [])
            elif key == "result":
                actual = list(st.returns()) if st.is_terminal() else None
                if actual is None or not _equal(want, actual):
                    self.fail(where, "wrong result" if actual is not None else "the game is not over",
                              path="result", expected=want, actual=actual, has_values=True,
                              detail=[f"reason: {st.reason}"] if st.reason else [])
            elif key == "current_player":
                if st.current_player() != want:
                    self.fail(where, "another player is deciding", path="current_player", expected=want,
                              actual=st.current_player(), has_values=True, detail=[_who(st)])
            else:
                if snap is None:
                    snap = self.sc.game.snapshot(st)
                self.check_path(where, key, want, snap)

    def check_log(self, where: str, frags: list[str], lines: list[str]) -> None:
        """Each fragment must be in a log line, in the order given (later lines for later ones)."""
        i = 0
        for n, frag in enumerate(frags):
            low = frag.lower()
            j = i
            while j < len(lines) and low not in lines[j].lower():
                j += 1
            if j == len(lines):
                anywhere = any(low in ln.lower() for ln in lines)
                why = ("it is there, but before an earlier fragment's line (the fragments are in order)"
                       if anywhere else "no such line")
                self.fail(where, f"log_contains: no log line containing {frag!r} ({why})",
                          detail=[f"matched so far: {frags[:n]!r}"] if n else [],
                          log_tail=lines[-LOG_TAIL * 2:] if lines else [])
                return
            i = j + 1

    def check_path(self, where: str, key: str, want: Any, snap: Any) -> None:
        path, op = split_op(key)
        try:
            actual = resolve_path(snap, path)
        except LookupError as e:
            self.fail(where, f"no such path: {e}", path=path, expected=want, actual="(missing)",
                      has_values=True)
            return
        if op == "contains":
            ok, msg = _contains(actual, want)
        elif op == "excludes":
            ok, msg = _excludes(actual, want)
        else:
            ok, msg = _equal(want, actual), "wrong value"
        if not ok:
            self.fail(where, msg, path=key, expected=want, actual=actual, has_values=True)


# ----------------------------------------------------------------------------- helpers
def split_op(key: str) -> tuple[str, str]:
    """``"players.0.hand contains"`` -> (path, "contains"); a plain path -> (path, "")."""
    head, _, last = key.rpartition(" ")
    if head and last in PATH_OPS:
        return head.rstrip(), last
    return key, ""


def match_label(legal: list[Any], text: str) -> tuple[list[Any], str]:
    """The legal action whose label contains ``text`` (case-insensitive).

    Returns (matches, "") on success, or ([], message) when none or several match. A label
    equal to the whole text wins over labels that merely contain it."""
    low = text.strip().lower()
    hits = [a for a in legal if low in a.label.lower()]
    if len(hits) > 1:
        exact = [a for a in hits if a.label.strip().lower() == low]
        if len(exact) == 1:
            hits = exact
    if len(hits) == 1:
        return hits, ""
    if not hits:
        return [], f"no legal action's label contains {text!r}"
    return [], (f"{text!r} is ambiguous: {len(hits)} legal actions match "
                f"({'; '.join(a.label for a in hits)}); use more of the label or the action id")


def resolve_path(obj: Any, path: str) -> Any:
    """Follow a dotted path: dict[str, Any] keys, list indexes (0, 1, -1), ``#`` for a length, and
    a card name to pick the one entry of a list whose ``name`` is that name."""
    cur = obj
    done: list[str] = []
    for seg in path.split("."):
        here = ".".join(done) or "(top)"
        if seg == "#":
            if not isinstance(cur, (list, dict, str)):
                raise LookupError(f"{here} has no length")
            cur = len(cur)
        elif isinstance(cur, dict):
            if seg not in cur:
                raise LookupError(f"{here} has no key {seg!r}; keys: {', '.join(map(str, cur))}")
            cur = cur[seg]
        elif isinstance(cur, list):
            if re.fullmatch(r"-?\d+", seg):
                i = int(seg)
                if not -len(cur) <= i < len(cur):
                    raise LookupError(f"{here} has {len(cur)} entries; there is no entry {i}")
                cur = cur[i]
            else:
                named = [x for x in cur if isinstance(x, dict) and x.get("name") == seg]
                if len(named) != 1:
                    names = [x.get("name") for x in cur if isinstance(x, dict) and "name" in x]
                    if not named:
                        raise LookupError(f"{here} has no entry named {seg!r}; names: {names}")
                    raise LookupError(f"{here} has {len(named)} entries named {seg!r}; use an index")
                cur = named[0]
        else:
            raise LookupError(f"{here} is {_show(cur)}, which has no {seg!r}")
        done.append(seg)
    return cur


def _equal(want: Any, actual: Any) -> bool:
    if isinstance(want, bool) or isinstance(actual, bool):
        return isinstance(want, bool) and isinstance(actual, bool) and want == actual
    if isinstance(want, (int, float)) and isinstance(actual, (int, float)):
        return bool(float(want) == float(actual))
    if isinstance(want, (list, tuple)) and isinstance(actual, (list, tuple)):
        return len(want) == len(actual) and all(_equal(w, a) for w, a in zip(want, actual))
    if isinstance(want, dict) and isinstance(actual, dict):
        return want.keys() == actual.keys() and all(_equal(want[k], actual[k]) for k in want)
    return bool(want == actual)


def _contains(actual: Any, want: Any) -> tuple[bool, str]:
    items = want if isinstance(want, list) else [want]
    if isinstance(actual, str):
        miss = [w for w in items if str(w) not in actual]
    elif isinstance(actual, (list, tuple)):
        pool = list(actual)
        miss = []
        for w in items:  # as a multiset: ["Brawl 1", "Brawl 1"] needs two of them
            hit = next((i for i, a in enumerate(pool) if _equal(w, a)), None)
            if hit is None:
                miss.append(w)
            else:
                pool.pop(hit)
    elif isinstance(actual, dict):
        miss = [w for w in items if w not in actual]
    else:
        return False, f"'contains' needs a list or text, found {_show(actual)}"
    return (not miss), f"missing {_show(miss)}"


def _excludes(actual: Any, want: Any) -> tuple[bool, str]:
    items = want if isinstance(want, list) else [want]
    if isinstance(actual, str):
        found = [w for w in items if str(w) in actual]
    elif isinstance(actual, (list, tuple)):
        found = [w for w in items if any(_equal(w, a) for a in actual)]
    elif isinstance(actual, dict):
        found = [w for w in items if w in actual]
    else:
        return False, f"'excludes' needs a list or text, found {_show(actual)}"
    return (not found), f"unexpectedly present: {_show(found)}"


def _n(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _show(v: Any) -> str:
    try:
        return json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(v)


def _who(st: GameState) -> str:
    if st.is_terminal():
        return f"the game is over ({st.reason})"
    d = st.decision
    prompt = f": {d.prompt}" if d is not None and d.prompt else ""
    return f"player {st.current_player()} is deciding{prompt}"


def _legal_lines(st: GameState) -> list[str]:
    if st.is_terminal():
        return []
    legal = st.legal_actions()
    return [f"legal now ({_who(st)}):"] + [f"  {a.id}  —  {a.label}" for a in legal]


__all__ = ["Scenario", "ScenarioResult", "Failure", "Step", "Run", "load_file", "loads", "run", "run_file",
           "match_label", "resolve_path"]
