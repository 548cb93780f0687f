"""Root parallelism for the rollout bot: helper processes that roll out the same decision on
samples of their own, so a second a move buys a sample per core instead of one core's worth.

A helper never sees more than the bot does: it is sent a determinization (``me.determinize``: a
copy in which every card the bot cannot see is already resampled), and it samples again from
that copy's handle for the same seat, as the bot itself does. It gets the game once, when it
starts (pickled, or loaded by its id when the game's pool cannot be pickled), and after that a
few kilobytes of state JSON per decision.

A helper is a plain child interpreter (``python -m metatcg.bots.helpers``) that talks in pickled
frames over its stdin and stdout: no fork beside the server's threads, and no re-import of the
caller's main module, so a script without a ``__main__`` guard can use it. One that is not
ready yet (it takes about a second to start) or that fails adds no samples, and the bot carries
on with its own. A helper stops at the decision's deadline, or at once when the bot settles."""
from __future__ import annotations

import os
import pickle
import select
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GRACE = 0.05        # seconds past the deadline a helper's answer is waited for
_LEN = struct.Struct("!I")


def _frame(obj: Any) -> bytes:
    body = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    return _LEN.pack(len(body)) + body


class _Reader:
    """Frames from a pipe's file descriptor, read as they arrive (``select`` tells when)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buf = b""
        self.closed = False

    def ready(self, timeout: float) -> bool:
        return bool(select.select([self.fd], [], [], max(0.0, timeout))[0])

    def frames(self) -> list[Any]:
        """The whole frames the pipe holds now (call when ``ready``)."""
        chunk = os.read(self.fd, 1 << 20)
        if not chunk:
            self.closed = True
        self.buf += chunk
        out = []
        while len(self.buf) >= 4:
            (size,) = _LEN.unpack_from(self.buf)
            if len(self.buf) < 4 + size:
                break
            out.append(pickle.loads(self.buf[4:4 + size]))
            self.buf = self.buf[4 + size:]
        return out


def _game_payload(game: Any) -> tuple[str, Any]:
    try:
        return "pickle", pickle.dumps(game)
    except Exception:                  # a pool of classes made at load time: the helper loads by id
        return "id", game.id


def _load_game(payload: tuple[str, Any]) -> Any:
    kind, value = payload
    if kind == "pickle":
        return pickle.loads(value)
    from .. import load_game
    return load_game(value)


def serve() -> None:
    """A helper's life: read the game, then decisions; sample each until its deadline or a stop."""
    from ..engine.rng import Rng
    from ..engine.state import GameState
    from .sampler import Sampler
    inp = _Reader(sys.stdin.fileno())
    out = sys.stdout.buffer
    queue: list[Any] = []

    def next_frame(timeout: float | None) -> Any:
        while not queue:
            if inp.closed:
                return None
            if timeout is not None and not inp.ready(timeout):
                return "idle"
            queue.extend(inp.frames())
        return queue.pop(0)

    payload, seed = next_frame(None)
    game, rng = _load_game(payload), Rng(seed)
    while True:
        job = next_frame(None)
        if job is None:
            return
        if job[0] != "job":
            continue                   # a stop for a decision already answered
        _, number, state_json, player, option_ids, until, settings = job
        try:
            st = GameState.from_json(game, state_json, trust=True)
            sampler = Sampler(st.handle(player), option_ids, rng, **settings)
            while time.time() + sampler.pace() < until:
                msg = next_frame(0.0)
                if msg is None:
                    break
                if msg != "idle" and msg[0] == "job":       # the bot has moved on: take it next
                    queue.insert(0, msg)
                    break
                if msg != "idle" and msg[1] == number:      # the bot has settled
                    break
                sampler.sample()
            answer: Any = (number, sampler.total, sampler.n, sampler.split)
        except Exception as e:        # a helper's failure costs its samples, never the decision
            answer = (number, "error", repr(e)[:200], False)
        out.write(_frame(answer))
        out.flush()


class Helpers:
    """``count`` helper processes for one bot (its seed spreads to theirs)."""

    def __init__(self, game: Any, count: int, seed: int) -> None:
        payload = _game_payload(game)
        here = str(Path(__file__).resolve().parents[2])       # the directory that holds metatcg
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")])))
        self.procs: list[subprocess.Popen[bytes]] = []
        self.readers: list[_Reader] = []
        for i in range(count):
            p = subprocess.Popen([sys.executable, "-m", "metatcg.bots.helpers"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, env=env)
            self.procs.append(p)
            assert p.stdout is not None
            self.readers.append(_Reader(p.stdout.fileno()))
            self._send(p, (payload, seed * 1009 + i + 1))
        self.errors: list[str] = []

    @staticmethod
    def _send(p: "subprocess.Popen[bytes]", obj: Any) -> bool:
        try:
            assert p.stdin is not None
            p.stdin.write(_frame(obj))
            p.stdin.flush()
            return True
        except (BrokenPipeError, OSError, ValueError):   # the helper has ended
            return False

    def start(self, number: int, state_json: dict[str, Any], player: int, option_ids: list[str], until: float,
              settings: dict[str, Any]) -> None:
        """Hand every helper decision ``number``: a determinized state, the options and the
        deadline (``time.time()``, the clock processes share)."""
        for p in self.procs:
            self._send(p, ("job", number, state_json, player, option_ids, until, settings))

    def collect(self, number: int, settle: bool, deadline: float) -> list[tuple[dict[str, float], int, bool]]:
        """The helpers' (totals, samples, split) for decision ``number``: ``settle`` stops them
        first; an answer that has not come a little after the ``deadline`` (``perf_counter``) is
        not waited for (a helper still starting up), and a late one is dropped at the next call."""
        if settle:
            for p in self.procs:
                self._send(p, ("stop", number))
        out = []
        for reader in self.readers:
            got = False
            while not got and not reader.closed and reader.ready(deadline - time.perf_counter() + GRACE):
                for r in reader.frames():
                    if r[0] != number:
                        continue              # a late answer to an earlier decision
                    got = True
                    if r[1] == "error":
                        self.errors.append(r[2])
                    else:
                        out.append(r[1:])
        return out

    def close(self, wait: float = 2.0) -> None:
        """End every helper (closing its stdin ends it); wait up to ``wait`` seconds each, then
        kill it (0: no wait, for a bot being garbage-collected)."""
        for p in self.procs:
            try:
                if p.stdin is not None:
                    p.stdin.close()
            except OSError:
                pass
        for p in self.procs:
            try:
                p.wait(timeout=wait or 0.001)
            except subprocess.TimeoutExpired:
                if wait:
                    p.kill()


if __name__ == "__main__":
    serve()
