"""The SQLite database: how a connection is opened, the request's connection
(Flask's tutorial ``get_db``, but kept open per worker thread), and the
one-write-transaction-per-action helper.

The file is created on first use (in the instance folder unless ``DATABASE``
names another path). ``migrate`` creates or upgrades it with the recorded
migrations in ``data/migrations``; it never drops a table.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sqlite3
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from . import write_queue
from .migrations import migrations


class Connection(sqlite3.Connection):
    """``sqlite3.Connection`` that knows its cursors, so that a kept connection can
    close what a request left open: a cursor not read to its end (a generator
    dropped halfway, a frame kept by a traceback) holds a read snapshot, and the
    thread's next request would not see later writes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursors: weakref.WeakSet[sqlite3.Cursor] = weakref.WeakSet()
        self.path: str | None = None  # the database file, for its writers' queue

    def cursor(self, *args: Any, **kwargs: Any) -> Any:
        made = super().cursor(*args, **kwargs)
        self.cursors.add(made)
        return made

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        return self.cursor().execute(sql, parameters)  # type: ignore[no-any-return]

    def executemany(self, sql: str, parameters: Any, /) -> sqlite3.Cursor:
        return self.cursor().executemany(sql, parameters)  # type: ignore[no-any-return]

    def release(self) -> None:
        """Close every cursor still open and end any transaction."""
        for cursor in list(self.cursors):
            cursor.close()
        self.cursors.clear()
        if self.in_transaction:
            self.rollback()


CHECKPOINTS = {"ours": True}  # False while Litestream replicates (``leave_checkpoints``)


def leave_checkpoints() -> None:
    """From now on no connection of this process checkpoints the WAL: Litestream,
    replicating the database (``replica``), does it once it has copied the pages."""
    CHECKPOINTS["ours"] = False


BUSY_SECONDS = 30  # a write waits this long for the lock, then fails


def connect(path: str | Path) -> Database:
    """A connection with foreign keys on, waiting rather than failing when busy."""
    conn = sqlite3.connect(
        str(path), timeout=BUSY_SECONDS, check_same_thread=False, factory=Connection
    )
    if str(path) != ":memory:":
        conn.path = os.path.realpath(path)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = FULL")
    if not CHECKPOINTS["ours"]:
        conn.execute("PRAGMA wal_autocheckpoint = 0")
    return Database(conn)


def migrate(path: str | Path) -> Database:
    """Create or upgrade the database file; WAL is switched on once, here."""
    db = connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    migrations.apply(db)
    return db


POOL_PATHS = 4  # databases one thread keeps a connection to (tests use many)
_local = threading.local()
# every kept connection, closed at exit (weakly: a finished thread's are dropped)
_everyone: weakref.WeakSet[Database] = weakref.WeakSet()
_everyone_lock = threading.Lock()
# bumped by ``close_all``: a thread's kept connection from before is closed, and a file
# made again at the same path can reuse the old inode, so its stamp alone cannot tell
_closed_all = 0


class Pooled:
    """A worker thread's open connection to one database file, and whether a
    request (app context) of this thread is using it now."""

    def __init__(self, path: str, stamp: tuple[int, int]) -> None:
        self.db, self.stamp, self.busy = connect(path), stamp, False
        self.generation = _closed_all
        with _everyone_lock:
            _everyone.add(self.db)

    def close(self) -> None:
        with _everyone_lock:
            _everyone.discard(self.db)
        self.db.close()


def file_stamp(path: str) -> tuple[int, int]:
    """The file's identity: a database replaced on disk gets a new connection."""
    try:
        st = os.stat(path)
    except OSError:
        return (0, 0)
    return (st.st_dev, st.st_ino)


def take(path: str) -> Pooled | None:
    """This thread's connection to ``path`` (opened on first use), marked busy;
    None if a request of this thread holds it already (a nested app context)."""
    pool: OrderedDict[str, Pooled] = _local.__dict__.setdefault("pool", OrderedDict())
    stamp = file_stamp(path)
    kept = pool.get(path)
    if kept is not None and kept.busy:
        return None
    if kept is not None and (kept.stamp != stamp or kept.generation != _closed_all):
        pool.pop(path).close()
        kept = None
    if kept is None:
        kept = pool[path] = Pooled(path, stamp if stamp != (0, 0) else file_stamp(path))
        kept.busy = True
        for old in [p for p, c in pool.items() if not c.busy][: max(0, len(pool) - POOL_PATHS)]:
            pool.pop(old).close()
    pool.move_to_end(path)
    kept.busy = True
    return kept


@contextmanager
def borrowed(path: str) -> Iterator[Database]:
    """This thread's kept connection to ``path`` for a read outside a Flask request
    (the stamp polls' fast path), given back afterwards as ``close_db`` does."""
    kept = take(path)
    db = kept.db if kept else connect(path)
    try:
        yield db
    finally:
        give_back(path, db, kept)


def get_db() -> Database:
    """The request's connection: this worker thread's own, kept open between
    requests (opening one, its PRAGMAs and the WAL checkpoint when the last
    connection closes cost more than most requests), never used by two threads
    at once. A nested app context in the same thread gets a connection of its own."""
    if "db" not in g:
        path = str(current_app.config["DATABASE"])
        kept = take(path)
        g.db, g.db_kept = (kept.db, kept) if kept else (connect(path), None)
    db: Database = g.db
    return db


def close_db(error: BaseException | None = None) -> None:
    """Give the connection back, closing the cursors and rolling back the
    transaction a request left open."""
    db, kept = g.pop("db", None), g.pop("db_kept", None)
    if db is not None:
        give_back(str(current_app.config["DATABASE"]), db, kept)


def give_back(path: str, db: Database, kept: Pooled | None) -> None:
    """A request's (or a borrower's) connection back: a kept one with its cursors
    closed and any transaction rolled back, marked free; any other one closed."""
    if kept is None:
        db.close()
        return
    try:
        conn = db.conn
        if isinstance(conn, Connection):
            conn.release()
        elif conn.in_transaction:
            conn.rollback()
    except sqlite3.Error:  # a broken connection is not kept
        _local.pool.pop(path, None)
        kept.close()
        return
    kept.busy = False


@atexit.register
def close_all() -> None:
    """Close every kept connection (at exit; the WAL is checkpointed by the last)."""
    global _closed_all
    with _everyone_lock:
        _closed_all += 1
        left = list(_everyone)
        _everyone.clear()
    for db in left:
        try:
            db.close()
        except sqlite3.Error:
            pass


def init_app(app: Flask) -> None:
    """Create or upgrade the app's database, and close connections after requests."""
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)
    migrate(app.config["DATABASE"]).close()
    app.teardown_appcontext(close_db)
    app.cli.add_command(migrate_command)


@click.command("migrate")
@with_appcontext
def migrate_command() -> None:
    """Create the database or upgrade it to the newest schema."""
    migrate(current_app.config["DATABASE"]).close()
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def insert(db: Database, table: str, row: dict[str, Any]) -> int:
    """Insert ``row`` into ``table`` and give the new row's id."""
    pk = db.table(table).insert(row).last_pk
    if pk is None:
        raise sqlite3.DatabaseError(f"no id for the new row in {table}")
    return int(pk)


def now() -> str:
    """The time stamp every stored row carries: UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


# SQLite's busy handler has a save that finds the write lock taken sleep between its
# tries, longer each time, up to 100 ms. A writer working in steps (an import, the
# ratings' catch-up, a turn's tables) that let go for less than that could take the
# lock again before a sleeping save woke, and again: that save then waited for many
# steps, not one. Let go for longer than the longest sleep, every waiting save tries.
PAUSE_BETWEEN_STEPS = 0.12


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction, taking the write lock at once so that two phones
    adding rounds to a game are served one after the other: this process's writers
    to the file in the order they came (``write_queue``). Inside another (an import
    of many games) it is a savepoint of that one."""
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    with write_queue.turn(getattr(db.conn, "path", None), BUSY_SECONDS):
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


SPARE_BYTES = 1024 * 1024  # a save writes a few pages; below a megabyte free, saves fail soon


def health(path: str | Path, write: bool = True) -> str | None:
    """None when a save would work right now, else why not: the database file can be
    read (it is not created), a write transaction can be begun on it (a read-only file
    or file system refuses one; ``write``: asked only then, as it takes the write lock
    a save waits for), and its disk has room for the next saves. Cheap: one read of the
    schema, BEGIN IMMEDIATE and ROLLBACK, and a look at the free space."""
    path = Path(path).resolve()
    try:
        conn = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True, timeout=5)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
        if write:
            can_write(path)
    except sqlite3.Error as error:
        return str(error)
    free = shutil.disk_usage(path.parent).free
    if free < SPARE_BYTES:
        return f"the disk is full ({free} bytes free): nothing can be saved"
    return None


def can_write(path: Path) -> None:
    """Begin a write transaction on the file and roll it back (sqlite3.Error if not)."""
    conn = sqlite3.connect(path, timeout=5, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")  # the write lock a save takes; nothing written
        conn.execute("ROLLBACK")
    finally:
        conn.close()


def rows(db: Database, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    """A read's rows as dicts, straight from the connection: sqlite-utils' ``query``
    wraps each SELECT in a SAVEPOINT and RELEASE, three statements for one."""
    cursor = db.conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, r, strict=True)) for r in cursor.fetchall()]


def row(db: Database, sql: str, params: Any = ()) -> dict[str, Any] | None:
    """The first row of a read, or None."""
    cursor = db.conn.execute(sql, params)
    found = cursor.fetchone()
    return (
        None if found is None else dict(zip([d[0] for d in cursor.description], found, strict=True))
    )
