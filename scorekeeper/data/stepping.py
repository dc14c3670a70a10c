"""Long jobs that write in short steps (an import, the ratings' catch-up), one at
a time on a database file, whichever process runs them.

Each step holds the write lock briefly, then lets go for ``PAUSE_BETWEEN_STEPS``,
longer than SQLite's busy handler has a waiting save sleep, so every waiting save
gets its turn between two steps. Two such jobs at once (an import from the command
line while the server catches its ratings up, or the import's own catch-up beside
the server's) take turns with each other instead: the lock is then free only in
the short gaps between one job's step and the other's, and a sleeping save missed
gap after gap. So a job waits here until the one before it has ended; the saves
never do.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from filelock import FileLock
from sqlite_utils import Database

from .backup import identity_lock_path


@contextmanager
def alone(db: Database) -> Iterator[None]:
    """Hold the lock of the long jobs on ``db``'s file (taken again by the same
    thread, it is held once: an import's catch-up inside the import)."""
    path = getattr(db.conn, "path", None)
    where = identity_lock_path(path, "-steps") if path else None
    if where is None:  # a database of no file: nothing else can write to it
        yield
        return
    with FileLock(where, is_singleton=True):
        yield
