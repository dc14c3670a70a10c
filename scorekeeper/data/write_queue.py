"""This process's writers to a database, let in one at a time in the order they came.

SQLite lets one connection write at a time; one that finds the write lock taken
sleeps and tries again, its sleeps growing from 1 ms to 100 ms (the busy handler).
Between the server's own threads that is a lottery, not a queue: a save that has
waited a while sleeps 100 ms between tries, and saves that came after it, trying
again after 1, 2, 5 ms, take the lock first, again and again. Beside a long job
working in steps (a correction's ratings caught up, an old file imported), which
keeps the lock busy more often, an unlucky save was overtaken by dozens of others
and waited seconds. So the server's threads queue here first, first come first
served, and only the one at the head asks SQLite for the lock: a save waits for
the saves that came before it and for one step of another process at most.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager


class WriteQueue:
    """A first-come-first-served lock: ``release`` hands it to the longest waiter.
    The thread holding it may take it again (a write inside a write is one)."""

    def __init__(self) -> None:
        self.guard = threading.Lock()
        self.waiting: deque[tuple[int, threading.Event]] = deque()
        self.owner: int | None = None
        self.depth = 0

    def acquire(self, timeout: float) -> None:
        """Wait for our turn; ``sqlite3.OperationalError`` after ``timeout`` seconds,
        as SQLite itself fails a write that waited as long."""
        me = threading.get_ident()
        with self.guard:
            if self.owner in (None, me):
                self.owner, self.depth = me, self.depth + 1
                return
            turn = (me, threading.Event())
            self.waiting.append(turn)
        if turn[1].wait(timeout):
            return  # handed over by ``release``: owner and depth are set for us
        with self.guard:
            if turn[1].is_set():  # handed over just as the wait ended
                return
            self.waiting.remove(turn)
        raise sqlite3.OperationalError("database is locked")

    def release(self) -> None:
        with self.guard:
            self.depth -= 1
            if self.depth:
                return
            self.owner = None
            if self.waiting:
                thread, turn = self.waiting.popleft()
                self.owner, self.depth = thread, 1
                turn.set()


_queues: dict[str, WriteQueue] = {}
_queues_lock = threading.Lock()


def queue_for(path: str) -> WriteQueue:
    """The one queue of this process for the database file at ``path``."""
    with _queues_lock:
        return _queues.setdefault(path, WriteQueue())


@contextmanager
def turn(path: str | None, timeout: float) -> Iterator[None]:
    """Our turn to write to ``path`` (None: a database of no file, not queued)."""
    if path is None:
        yield
        return
    queue = queue_for(path)
    queue.acquire(timeout)
    try:
        yield
    finally:
        queue.release()
