"""News of games for those waiting for it: a poll held until its game moves.

A phone that asks "anything new?" and is told "not yet" at once asks again a second
later, all evening: a room of 300 tables asks 1,200 times a second, nearly always for
nothing. Held instead until its game's stamp moves (or a while has passed), it asks a
few times a minute and hears of a save at once. :class:`News` is what the held wait on:
one thread a process looks at the database every :data:`TICK` (``PRAGMA
data_version``, which moves when any other connection commits, in this process or
another, so that every worker of ``serve --workers`` hears of every save), and when it
moved reads the stamps of the games waited on, in one query, and wakes the waiters of
those that moved. Each waiter says which stamp it saw, so a save committed between its
read and its wait wakes it on the next look: it is never left waiting for news it
missed.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import Counter
from typing import Any

from ..connection import connect

TICK = 0.05  # seconds between looks: a save is heard of within this
COLUMNS = ("stamp", "table_stamp")  # a spectator's stamp, the table's phones' stamp

Key = tuple[int, str, int]  # the game, the column waited on, the value seen


class News:
    """The games some request waits on, and the thread that wakes it when they move."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.lock = threading.Lock()
        self.waiting: dict[Key, threading.Event] = {}
        self.count: Counter[Key] = Counter()  # the requests waiting on each
        self.fresh = False  # a waiter came since the last look: look even if nothing moved
        self.thread: threading.Thread | None = None
        self.stopped = threading.Event()

    def wait(self, game: int, column: str, seen: int, seconds: float) -> bool:
        """Wait until the game's ``column`` is no longer ``seen`` (or the game is gone),
        at most ``seconds``. True when woken before the time was up: the stamp moved,
        the game went, or the watcher could not tell (the database unreadable, the
        server stopping, no thread to watch with): the caller reads the stamp again.
        Waiters of the same news share one event."""
        if column not in COLUMNS:
            raise ValueError(column)
        key = (game, column, seen)
        with self.lock:
            if self.stopped.is_set():
                return True
            if self.thread is None:
                thread = threading.Thread(target=self.watch, name="news", daemon=True)
                try:
                    thread.start()
                except RuntimeError:  # the system has no thread to spare: answer now
                    return True
                self.thread = thread
            event = self.waiting.setdefault(key, threading.Event())
            self.count[key] += 1
            self.fresh = True
        try:
            return event.wait(seconds)
        finally:
            with self.lock:
                self.count[key] -= 1
                if not self.count[key]:  # the last of its waiters: nobody waits on it now
                    del self.count[key]
                    self.waiting.pop(key, None)

    def close(self) -> None:
        """Wake every waiter and stop looking: the server is stopping."""
        self.stopped.set()
        self.wake_all()

    def wake_all(self) -> None:
        with self.lock:
            for event in self.waiting.values():
                event.set()
            self.waiting.clear()

    def waiters(self) -> int:
        with self.lock:
            return len(self.waiting)

    def watch(self) -> None:
        """The thread: look every TICK while anyone waits. A database that cannot be
        read wakes every waiter, to be answered as usual; so does anything else that
        ends the thread, and the next waiter starts another."""
        db, version = None, None
        try:
            while not self.stopped.wait(TICK):
                with self.lock:
                    keys, fresh, self.fresh = list(self.waiting), self.fresh, False
                    if not keys:
                        self.thread = None  # nobody waits: the next waiter starts another
                        return
                try:
                    if db is None:
                        db = connect(self.database)
                    now = db.execute("PRAGMA data_version").fetchone()[0]
                    if now == version and not fresh:
                        continue
                    version = now
                    self.wake(keys, stamps(db, sorted({game for game, _, _ in keys})))
                except sqlite3.Error:
                    self.wake(keys, {})
                    if db is not None:
                        db.close()
                    db, version = None, None
        finally:
            with self.lock:
                ended_early = self.thread is threading.current_thread()
                if ended_early:
                    self.thread = None
            if ended_early:  # its waiters would wait for nothing: answered now
                self.wake_all()
            if db is not None:
                db.close()

    def wake(self, keys: list[Key], current: dict[int, dict[str, int]]) -> None:
        """Wake the waiters, among ``keys``, whose game moved or went."""
        with self.lock:
            for key in keys:
                game, column, seen = key
                found = current.get(game)
                if found is None or found[column] != seen:
                    event = self.waiting.pop(key, None)
                    if event is not None:
                        event.set()


def stamps(db: Any, games: list[int]) -> dict[int, dict[str, int]]:
    """Both stamps of each of ``games`` still there (imported and removed ones left out)."""
    sql = (
        "SELECT id, stamp, table_stamp FROM games WHERE import_id IS NULL "
        "AND removed_at IS NULL AND id IN (SELECT value FROM json_each(?))"
    )
    cursor = db.execute(sql, [json.dumps(games)])
    return {int(r[0]): {"stamp": int(r[1]), "table_stamp": int(r[2])} for r in cursor}
