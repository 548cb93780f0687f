"""The bots' thinking, bounded: every bot move of every table runs in one small pool of worker
threads, in the order the moves were asked for.

Before, each table's bot thought in a thread of its own, so ten bot-only tables meant ten
threads fighting the event loop for the interpreter and every request slowed down. With a
fixed number of workers the bots share that much CPU between them (tables take turns, one
move each, first come first served) and the event loop keeps the rest.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

T = TypeVar("T")


class BotPool:
    """``workers`` threads that make bot moves; :meth:`run` queues one and waits for it."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"bot workers must be 1 or more, not {workers}")
        self.workers = workers
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="metatcg-bot")

    async def run(self, fn: Callable[[], T]) -> T:
        """``fn()`` in a bot worker, once one is free (the caller waits, the loop does not)."""
        return await asyncio.wrap_future(self._pool.submit(fn))

    def close(self) -> None:
        """Queued moves are dropped; a move being thought about finishes in its thread."""
        self._pool.shutdown(wait=False, cancel_futures=True)
