"""Phones' "last seen", written for many phones in one transaction.

A phone's poll that finds its "last seen" ``SEEN_EVERY`` seconds old would write it
again: in a room of 300 tables some 40 write transactions a second, each taking the
database's one write lock before a save could, for a time the scorer reads to the
minute. The polls note the phone in :class:`Presence` instead, and one thread a process
writes every phone noted in one transaction every :data:`FLUSH` seconds; a phone noted
and not yet written is not due again. A page opened still writes its phone's at once
(``table.seen``): that is one request, not one a second.
"""

from __future__ import annotations

import sqlite3
import threading

from sqlite_utils import Database

from ..connection import connect, now, writing

FLUSH = 2.0  # seconds between the writes: "last seen" is shown to the minute


class Presence:
    """The phones of one database seen since the last write, and the thread writing them."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.lock = threading.Lock()
        self.pending: dict[int, str] = {}  # phone id -> when it was seen
        self.thread: threading.Thread | None = None

    def note(self, phone: int) -> None:
        """The phone was here now: written with the others within FLUSH seconds."""
        with self.lock:
            self.pending[phone] = now()
            if self.thread is None:
                thread = threading.Thread(target=self.run, name="presence", daemon=True)
                try:
                    thread.start()
                except RuntimeError:  # no thread to spare now: the next note tries again
                    return
                self.thread = thread

    def noted(self, phone: int) -> bool:
        with self.lock:
            return phone in self.pending

    def run(self) -> None:
        """The thread: write what was noted every FLUSH seconds; gone once nothing was,
        or when the database cannot be opened (the next note starts another)."""
        pause = threading.Event()
        db = None
        try:
            db = connect(self.database)
            while True:
                pause.wait(FLUSH)
                with self.lock:
                    if not self.pending:
                        self.thread = None  # the next note starts another
                        return
                self.flush(db)
        finally:
            with self.lock:
                if self.thread is threading.current_thread():
                    self.thread = None
            if db is not None:
                db.close()

    def flush(self, db: Database) -> None:
        """Write every phone noted, in one transaction; kept for the next try if the
        database cannot be written now."""
        with self.lock:
            taken, self.pending = self.pending, {}
        sql = (
            "UPDATE table_phones SET last_seen = ? "
            "WHERE id = ? AND (last_seen IS NULL OR last_seen < ?)"
        )
        try:
            with writing(db):
                db.conn.executemany(sql, [(at, phone, at) for phone, at in taken.items()])
        except BaseException as error:
            with self.lock:
                self.pending = {**taken, **self.pending}
            if not isinstance(error, sqlite3.Error):
                raise


_kept: dict[str, Presence] = {}
_kept_lock = threading.Lock()


def presence(database: str) -> Presence:
    """This process's Presence for ``database``."""
    with _kept_lock:
        found = _kept.get(database)
        if found is None:
            found = _kept[database] = Presence(database)
        return found
