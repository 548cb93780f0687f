"""Mutation testing of one game's rules: how many deliberate small changes does the suite catch?

"100% of rule IDs cited" says nothing about whether the tests would notice a wrong rule. This
script answers that with mutmut 3: it mutates the game's rules modules (never presentation:
terminal, glossary, present, views, schemas, RL encodings, bots' heuristics), draws a seeded
random sample of the mutants, runs for each only the game's tests that reach the mutated
function (mutmut records which tests call which function), and prints killed / survived /
timed out, the score, and every survivor with file:line and the change.

Survivors that cannot change any game are listed in docs/mutation.md with the reason; they
are reported as *equivalent* and left out of the adjusted score.

    python benchmarks/mutation.py --game metabaloids --sample 300 --seed 1

It works in a scratch copy of the project (``.mutation/<game>/`` by default) and never touches
the source tree. Not part of CI: a 300-mutant sample takes tens of minutes per game.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The contract every game keeps (ARCHITECTURE.md), tested once for all games: legal options with
#: readable labels, hidden information, saving and replay, and the hooks statistics read (hand
#: cards, plays, endings). Each game's run takes its own cases.
CONTRACT_TESTS = ["tests/test_contract*.py", "tests/test_fair_decisions.py", "tests/test_sim_cards.py",
                  "tests/test_why_not.py", "tests/test_ops_registry.py"]

#: The package of each game, and the test files that exercise its rules.
GAMES: dict[str, tuple[str, list[str]]] = {
    "metax": (
        "metax",
        ["tests/test_*metax*.py", "tests/rules_metax_a", "tests/rules_metax_b", *CONTRACT_TESTS],
    ),
    "metazoo": (
        "metazoo",
        [
            "tests/test_*metazoo.py",
            "tests/test_*metazoo_[!2]*.py",
            "tests/rules_metazoo_a",
            "tests/rules_metazoo_b",
            "tests/rules_metazoo_c",
            *CONTRACT_TESTS,
        ],
    ),
    "metabaloids": ("metabaloids", ["tests/test_*metabaloids*.py", *CONTRACT_TESTS]),
    "metazoo-2022": ("metazoo_2022", ["tests/test_*metazoo_2022*.py", *CONTRACT_TESTS]),
}

#: Modules that present or encode a game rather than rule it; their mutants are not sampled.
NOT_RULES = (
    "terminal.py",
    "glossary.py",
    "present.py",
    "view.py",
    "view_schema.py",
    "schema.py",
    "observation.py",
    "action_space.py",
    "heuristics.py",
    "facts.py",
    "position.py",
    "compact.py",
    "text.py",
    "whynot.py",
    "moments.py",
    "labels.py",
    "board_help.py",
    "forced.py",
    "wording.py",
    "layers.py",
    "__init__.py",
)

#: Test files left out of the run. Presentation and encodings (views, terminal, glossary, RL,
#: CLI) check no rule. Random-game properties, bots and lookahead take most of the time, and a
#: rule mutant that only they catch is a rule no rule test checks: the score is the rule tests'.
SKIPPED_TESTS = (
    "view_schema",
    "terminal",
    "rl_",
    "glossary",
    "cli",
    "properties",
    "greedy",
    "lookahead",
    "smoke",
)

#: Single tests left out like the random-game properties: they play random games for a minute.
SLOW_TESTS: dict[str, tuple[str, ...]] = {
    "metazoo": ("tests/test_persistence_metazoo.py::test_every_kind_of_decision_survives_clone_json_and_replay",),
}

COPY_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")

KILLED = {"killed", "timeout", "caught by type check", "segfault"}

#: Lines that only write words for people: a log line, an exception's message. Not mutated.
WORDS_ONLY_LINES = (r"^\s*st\.say\(", r"^\s*raise \w+\(")

#: A string literal (with any prefix: f, r, b...), for telling words from keys.
STRING = re.compile(r"""[rRbBfFuU]{0,2}("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')""")
TOKEN = re.compile(STRING.pattern + r"|\w+|\S")


def words(literal: str) -> bool:
    """A string literal a person reads: it has a space (keys and ids never do)."""
    body = STRING.fullmatch(literal)
    return bool(body) and " " in body.group(1)


def text_only(before: str, after: str) -> bool:
    """The mutant changes only words a person reads: every changed token is such a string
    literal, replaced by another string, by None, or dropped (with its comma)."""
    a_tokens = [m.group(0) for m in TOKEN.finditer(before)]
    b_tokens = [m.group(0) for m in TOKEN.finditer(after)]
    matcher = difflib.SequenceMatcher(a=a_tokens, b=b_tokens, autojunk=False)
    changes = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    if not changes:
        return False
    for _tag, i1, i2, j1, j2 in changes:
        old = [t for t in a_tokens[i1:i2] if t != ","]
        new = [t for t in b_tokens[j1:j2] if t != ","]
        if not old or not all(words(t) for t in old):
            return False
        if not all(t == "None" or STRING.fullmatch(t) for t in new):
            return False
    return True


@dataclass(frozen=True)
class Survivor:
    """One mutant the selected tests did not notice, located for a reader."""

    name: str
    status: str
    file: str
    line: int
    before: str
    after: str

    @property
    def key(self) -> str:
        """Stable across runs (mutmut's numbering is not): the file, the function, and what changed."""
        return f"{self.file} {self.function}: {self.before.strip()} -> {self.after.strip()}"

    @property
    def function(self) -> str:
        """The mutated function as ``name`` or ``Class.name``."""
        mangled = self.name.rsplit(".", 1)[-1].split("__mutmut_")[0]
        if "\u01c1" in mangled:
            return ".".join(part for part in mangled.removeprefix("x").split("\u01c1") if part)
        return mangled.removeprefix("x_")


def test_files(patterns: list[str]) -> list[str]:
    """The game's test files and folders, without presentation-only ones."""
    found: list[str] = []
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            rel = str(path.relative_to(ROOT))
            if not any(skip in path.name for skip in SKIPPED_TESTS):
                found.append(rel)
    return found


def prepare(work: Path, package: str, tests: list[str], deselect: tuple[str, ...] = ()) -> None:
    """A fresh scratch copy of src/ and tests/ with a mutmut config for this game."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    shutil.copytree(ROOT / "src", work / "src", ignore=COPY_IGNORE)
    configure(work, package, tests, deselect)


def configure(work: Path, package: str, tests: list[str], deselect: tuple[str, ...] = ()) -> None:
    """Copy the current tests into the scratch folder and write its mutmut config."""
    shutil.copytree(ROOT / "tests", work / "tests", ignore=COPY_IGNORE, dirs_exist_ok=True)
    pyproject = (ROOT / "pyproject.toml").read_text()
    # mutmut forks one pytest per mutant itself: the suite's own xdist workers must stay off, and
    # the suite's slowest-tests report would only add noise to every mutant's run.
    pyproject = re.sub(r'\s+(?:-n|--dist|--durations)[= ][^\s"]+', "", pyproject)
    game_dir = f"src/metatcg/games/{package}"
    config = [
        "",
        "[tool.mutmut]",
        'source_paths = ["src"]',
        f'only_mutate = ["{game_dir}/*.py"]',
        "do_not_mutate = [" + ", ".join(f'"{game_dir}/{name}"' for name in NOT_RULES) + "]",
        "pytest_add_cli_args_test_selection = [" + ", ".join(f'"{t}"' for t in tests) + "]",
        "do_not_mutate_patterns = [" + ", ".join(json.dumps(p) for p in WORDS_ONLY_LINES) + "]",
        "pytest_add_cli_args = " + json.dumps(["-p", "no:xdist", "-q", *deselect]),
        # Each mutant starts from a process that has imported nothing of the game: card pools and
        # deck checks cached by earlier tests would otherwise hide mutants in the code that fills them.
        'process_isolation = "forkserver"',
        # A fresh worker imports the game and its tests before the first test runs: seconds of
        # CPU that mutmut's estimate (the tests' own time) leaves out. Allow for them, so only a
        # mutant that really loops is a timeout: (estimate + 30 s) x 3, x 2 for the CPU limit.
        "timeout_constant = 30.0",
        "timeout_multiplier = 3.0",
        'forkserver_warmup = "none"',
        "use_git_change_detection = false",
        "",
    ]
    (work / "pyproject.toml").write_text(pyproject + "\n".join(config))


def generate(work: Path) -> list[str]:
    """Write every mutant of the game's rules modules; return their names, sorted."""
    script = (
        "from mutmut.__main__ import create_mutants\n"
        "from mutmut.utils.file_utils import copy_src_dir, copy_also_copy_files, setup_source_paths\n"
        "copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants(2)\n"
    )
    subprocess.run([sys.executable, "-c", script], cwd=work, check=True, stdout=subprocess.DEVNULL)
    return sorted(results(work))


#: Run inside the scratch copy with mutmut recording which mutated functions are called: which
#: functions a process runs once and then keeps the result of (the card pool a game loads, deck
#: checks it remembers). It loads the game and deals every starter deck twice; what the first
#: deal calls and the second does not is kept work.
PROBE = """
import json, sys
from mutmut.mutation.trampoline import set_mutant_under_test
from mutmut.state import state
set_mutant_under_test("stats")
import metatcg
def deal():
    game = metatcg.load_game(sys.argv[1])
    names = game.starter_deck_names()
    for first in names:
        game.new_state([first, *names][:2], seed=1)
    return game
deal()
once = set(state()._stats)
state()._stats.clear()
deal()
print(json.dumps(sorted(once - set(state()._stats))))
"""


def kept_work(work: Path, game: str) -> list[str]:
    """The mutated functions whose results a test process keeps once made (see ``PROBE``)."""
    env = {**os.environ, "PYTHONPATH": str(work / "mutants" / "src")}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, game], cwd=work / "mutants", env=env, capture_output=True, text=True, check=True
    ).stdout
    return list(json.loads(out.splitlines()[-1]))


def widen_reach(work: Path, game: str, package: str) -> int:
    """Let every test of the game reach the functions whose work a process keeps.

    mutmut learns which tests reach a function by running the tests once in one process. A card
    pool is loaded by whichever test asks first and kept, so the loader seems reached by that
    test alone, and a mutant in it would be tried against that one test: a loader mutant that
    breaks a rule only some later test plays would look like a survivor. Returns how many
    functions were widened."""
    path = work / "mutants" / "mutmut-stats.json"
    stats = json.loads(path.read_text())
    reach: dict[str, list[str]] = stats["tests_by_mangled_function_name"]
    prefix = f"metatcg.games.{package}."
    everyone = sorted({t for name, tests in reach.items() if name.startswith(prefix) for t in tests})
    kept = [name for name in kept_work(work, game) if name.startswith(prefix)]
    for name in kept:
        reach[name] = everyone
    path.write_text(json.dumps(stats, indent=4))
    return len(kept)


def collect_stats(work: Path) -> None:
    """mutmut's first step on its own: run the tests once, recording which reach which function.

    On a recheck the stats exist: only tests new since are run, and the stats are saved under the
    new config's fingerprint, so that mutmut does not take the new test files for a changed
    selection and throw away every verdict."""
    script = (
        "from mutmut.__main__ import collect_or_load_stats, create_mutants\n"
        "from mutmut.utils.file_utils import copy_src_dir, copy_also_copy_files, setup_source_paths\n"
        "from mutmut.workers.isolation import get_mutant_runner\n"
        # as `mutmut run` does first: the current tests copied in, the functions' hashes known
        # (without them mutmut takes every recorded function for a stale one and drops it)
        "copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants(1)\n"
        "collect_or_load_stats(get_mutant_runner(1))\n"
    )
    subprocess.run([sys.executable, "-c", script], cwd=work, check=True, stdout=subprocess.DEVNULL)


def changed_sources(work: Path, package: str) -> list[str]:
    """The game's modules whose text differs between the source tree and the scratch copy."""
    mine = ROOT / "src" / "metatcg" / "games" / package
    theirs = work / "src" / "metatcg" / "games" / package
    names = {p.name for p in mine.glob("*.py")} | {p.name for p in theirs.glob("*.py")}
    return sorted(
        n for n in names
        if not (mine / n).is_file() or not (theirs / n).is_file()
        or (mine / n).read_bytes() != (theirs / n).read_bytes()
    )


def results(work: Path) -> dict[str, int | None]:
    """Every mutant's mutmut exit code (None: not run), read from its file's .meta."""
    codes: dict[str, int | None] = {}
    for meta in (work / "mutants").rglob("*.py.meta"):
        codes.update(json.loads(meta.read_text())["exit_code_by_key"])
    return codes


def function_line(path: Path, mangled: str) -> int:
    """The line a mutated function's ``def`` is on: mutmut's diffs count from it."""
    if "\u01c1" in mangled:  # a method: x, the class and the name, joined by U+01C1
        wanted = [part for part in mangled.removeprefix("x").split("\u01c1") if part]
    else:  # a function: x_name
        wanted = [mangled.removeprefix("x_")]
    tree = ast.parse(path.read_text())

    def find(body: list[ast.stmt], parts: list[str]) -> int:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == parts[0]:
                return node.lineno if len(parts) == 1 else find(node.body, parts[1:])
        return 1

    return find(tree.body, wanted)


def locate(work: Path, name: str, status: str) -> Survivor:
    """Where a mutant is (file:line in the source) and what it changes, from mutmut's diff."""
    shown = subprocess.run(
        [sys.executable, "-m", "mutmut", "show", name], cwd=work, capture_output=True, text=True
    ).stdout
    file, line, before, after = "?", 0, "", ""
    start = offset = 0
    for row in shown.splitlines():
        if row.startswith("--- "):
            file = row[4:].strip()
        elif row.startswith("@@"):
            hunk = re.match(r"@@ -(\d+)", row)
            start, offset = (int(hunk.group(1)) if hunk else 1), 0
        elif row.startswith("-") and not before:
            before, line = row[1:], start + offset
        elif row.startswith("+") and not row.startswith("+++") and not after:
            after = row[1:]
        elif row.startswith(" ") and not before:
            offset += 1
    mangled = name.rsplit(".", 1)[-1].split("__mutmut_")[0]
    if (ROOT / file).is_file():
        line += function_line(ROOT / file, mangled) - 1
    return Survivor(name, status, file, line, before, after)


def equivalents() -> dict[str, str]:
    """The survivors docs/mutation.md explains as equivalent: key -> reason."""
    doc = ROOT / "docs" / "mutation.md"
    found: dict[str, str] = {}
    if doc.exists():
        for row in doc.read_text().splitlines():
            cells = re.match(r"^\| `(.+)` \| (.+) \|$", row.strip())
            if cells:  # a key's own "|" is written "\\|" so the table renders
                found[cells.group(1).replace("\\|", "|")] = cells.group(2)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--sample", type=int, default=300, help="mutants to draw (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="mutants run at once")
    parser.add_argument("--work", type=Path, default=None, help="scratch folder (default .mutation/<game>)")
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="keep the last run's mutants and verdicts; bring in the current tests and rerun only "
        "the sample's survivors (the game's source must be unchanged since that run)",
    )
    args = parser.parse_args()
    from mutmut.stats import status_by_exit_code  # mutmut is an extra: imported only when run

    package, patterns = GAMES[args.game]
    work = (args.work or ROOT / ".mutation" / args.game).resolve()
    tests = test_files(patterns)
    started = time.monotonic()
    deselect = tuple(arg for t in SLOW_TESTS.get(args.game, ()) for arg in ("--deselect", t))
    if args.recheck:
        if not (work / "mutants").is_dir():
            parser.error(f"--recheck: no earlier run in {work}")
        changed = changed_sources(work, package)
        if changed:
            parser.error(f"--recheck: the game's source changed since the run ({', '.join(changed)}); run afresh")
        configure(work, package, tests, deselect)
        names = sorted(results(work))
    else:
        prepare(work, package, tests, deselect)
        names = generate(work)
    collect_stats(work)
    widened = widen_reach(work, args.game, package)
    sample = sorted(random.Random(args.seed).sample(names, min(args.sample, len(names))))
    to_run = sample
    if args.recheck:
        before = results(work)
        to_run = [n for n in sample if status_by_exit_code[before.get(n)] not in KILLED]
    print(
        f"{args.game}: {len(names)} mutants in the rules modules;"
        f" running {len(to_run)} of a sample of {len(sample)} (seed {args.seed})"
    )
    print(f"tests: {' '.join(tests)}")
    print(f"functions whose work a test process keeps (every test reaches them): {widened}")
    if to_run:  # (no names at all would make mutmut run every mutant of the game)
        with open(work / "run.log", "a" if args.recheck else "w") as log:
            subprocess.run(
                [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.jobs), *to_run],
                cwd=work,
                stdout=log,
                stderr=subprocess.STDOUT,
                check=False,
            )
    codes = results(work)
    statuses = {name: status_by_exit_code[codes.get(name)] for name in sample}
    counts = Counter(statuses.values())
    known = equivalents()
    survivors = [locate(work, name, s) for name, s in sorted(statuses.items()) if s not in KILLED]
    words_only = [s for s in survivors if text_only(s.before, s.after)]
    explained = [s for s in survivors if s.key in known and s not in words_only]
    killed = sum(counts[s] for s in KILLED)
    print()
    for status, count in sorted(counts.items()):
        print(f"  {status:<22}{count:>5}")
    score = killed / len(sample) if sample else 0.0
    counted = len(sample) - len(explained) - len(words_only)
    adjusted = killed / counted if counted else 0.0
    print(f"score: {killed}/{len(sample)} killed = {score:.1%}")
    print(
        f"  leaving out {len(words_only)} text-only and {len(explained)} equivalent mutants (docs/mutation.md):"
        f" {killed}/{counted} = {adjusted:.1%}"
    )
    print(f"time: {time.monotonic() - started:.0f} s")
    if survivors:
        print("\nsurvivors (file:line  status  change):")
    for s in survivors:
        mark = "  [text only]" if s in words_only else "  [equivalent]" if s.key in known else ""
        print(f"  {s.file}:{s.line}  {s.status}  {s.name}{mark}")
        print(f"      - {s.before.strip()}")
        print(f"      + {s.after.strip()}")
        print(f"      key: {s.key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
