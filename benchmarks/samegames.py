"""Proof that a refactor plays the same games: a hash of every legal-action list and log line
of seeded random games, per game and seat count.

    python benchmarks/samegames.py --out /tmp/before.json            # on the old tree
    python benchmarks/samegames.py --check /tmp/before.json          # on the new one
    python benchmarks/samegames.py --base HEAD~3 --games metazoo     # both, in one run

Each game is played by a seeded random player; at every decision the hash takes the deciding
seat, the prompt, each option's id and label (labels as a person reads them, normal mode), the
action taken, then every new log line with its audience. A second pass plays the same seeds in
quiet mode (``log=False``) and hashes the action ids and result, since quiet mode is what bots
and the simulator run. Never run by pytest (tests/test_samegames.py runs a small sample).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("metax", "metazoo", "metabaloids", "metazoo-2022")


def digest(game_id: str, seats: int, count: int, seed0: int = 0) -> dict[str, str]:
    """``{"normal": hash, "quiet": hash}`` over ``count`` seeded random games."""
    import metatcg
    from metatcg.engine.rng import Rng

    game = metatcg.load_game(game_id)
    names = game.starter_deck_names()
    normal, quiet = hashlib.sha256(), hashlib.sha256()
    for g in range(count):
        decks = [names[(g + k) % len(names)] for k in range(seats)]
        for logging, h in ((True, normal), (False, quiet)):
            st = game.new_state(decks, seed=seed0 + g, log=logging)
            rng = Rng(seed0 * 7919 + g)
            seen = 0
            while not st.is_terminal():
                legal = st.legal_actions()
                if logging:
                    dec = st.decision
                    assert dec is not None
                    h.update(f"{dec.player}|{dec.kind}|{dec.prompt}\n".encode())
                    for a in legal:
                        h.update(f"  {a.id}|{a.label}\n".encode())
                a = rng.choice(legal)
                h.update(f"> {a.id}\n".encode())
                st.apply(a)
                if logging:
                    entries = st._log          # every line with its audience (the judge's log)
                    for e in entries[seen:]:
                        h.update(f"= {e}\n".encode())
                    seen = len(entries)
            h.update(f"# {st.result} {st.reason}\n".encode())
    return {"normal": normal.hexdigest()[:16], "quiet": quiet.hexdigest()[:16]}


def measure(games: list[str], count: int) -> dict[str, dict[str, str]]:
    import metatcg

    out: dict[str, dict[str, str]] = {}
    for gid in games:
        game = metatcg.load_game(gid)
        for n in game.seat_counts:
            out[f"{gid}/{n}"] = digest(gid, n, count)
    return out


def _run_tree(src: Path, games: list[str], count: int) -> dict[str, dict[str, str]]:
    code = (f"import sys, json; sys.path.insert(0, {str(src)!r}); sys.path.insert(0, {str(ROOT / 'benchmarks')!r});"
            f"import samegames; print(json.dumps(samegames.measure({games!r}, {count})))")
    # the tree's own sources only: PYTHONPATH and sys.path both point at it
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "METATCG_PURE": "1", "PYTHONPATH": str(src)})
    if res.returncode:
        raise SystemExit(f"hashing the games of {src} failed:\n{res.stderr}")
    return json.loads(res.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--count", type=int, default=30, help="games per seat count (default 30)")
    ap.add_argument("--out", help="write the hashes to this JSON file")
    ap.add_argument("--check", help="compare with hashes saved by --out")
    ap.add_argument("--base", help="an earlier revision: hash it too (git worktree) and compare")
    a = ap.parse_args()
    now = _run_tree(ROOT / "src", a.games, a.count)
    before = None
    if a.check:
        before = json.loads(Path(a.check).read_text())
    elif a.base:
        with tempfile.TemporaryDirectory() as tmp:
            wt = Path(tmp) / "base"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(wt), a.base],
                           check=True, capture_output=True)
            try:
                before = _run_tree(wt / "src", a.games, a.count)
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)],
                               capture_output=True)
    if a.out:
        Path(a.out).write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
    bad = 0
    for key, h in sorted(now.items()):
        if before is None:
            print(f"{key:16} normal {h['normal']}  quiet {h['quiet']}")
            continue
        was = before.get(key)
        same = was == h
        bad += not same
        print(f"{key:16} {'same' if same else 'DIFFERENT'}  normal {h['normal']}  quiet {h['quiet']}"
              + ("" if same else f"  (was {was})"))
    if before is not None:
        print("the same games" if not bad else f"{bad} game/seat count(s) play differently")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
