"""Backups of the live database with SQLite's online backup: consistent even
while the server is writing. A daily backup keeps the last N copies.

Two guards: a backup is never written over the live database (or its ``-wal``,
``-shm`` and ``-journal`` files) under any name, and ``serve`` holds a lock on
``<database>.lock`` for its whole life, which ``restore`` (and a second ``serve``)
must take first. The lock is filelock's (``flock`` on Linux and macOS, ``msvcrt``
locking on Windows): the system drops it when the server's process ends, however
it ends, so a killed server never leaves a stale lock behind. The holder's process
id is written beside it in ``<database>.lock.pid``, to name it in a refusal.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import tempfile
import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path

from filelock import BaseFileLock, FileLock, Timeout

PREFIX = "scorekeeper-"
PAGES_PER_STEP = 256  # with a progress callback: copied 1 MiB (at 4 KiB pages) at a time
Progress = Callable[[int, int], None]  # (done, total), as work goes on


class BackupProblem(RuntimeError):
    pass


SIDE_FILES = ("", "-wal", "-shm", "-journal")
# Held while SQLite copies a backup: ``serve --workers`` forks no worker meanwhile
# (a fork while another thread is inside SQLite can leave the child one of SQLite's
# own locks taken for ever), see ``scorekeeper.workers``.
COPYING = threading.Lock()


def backup(
    source: str | Path, target: str | Path, progress: Progress | None = None, replace: bool = True
) -> Path:
    """Copy the database at ``source`` to ``target`` (written whole, then renamed);
    ``progress`` is told the pages copied so far and the pages in all. Never over
    a database in use; over any other existing file only if ``replace``."""
    target = Path(target)
    if is_live_file(source, target):
        raise BackupProblem(f"{target} is the live database itself: choose another file")
    if in_use(target):  # another server's database: replacing it under it would corrupt it
        raise BackupProblem(
            f"{target} is a database a scorekeeper server is using (process {holder(target)}): "
            "choose another file"
        )
    if target.exists() and not replace:
        raise BackupProblem(
            f"{target} exists already: choose another file, or --force to replace it"
        )
    partial = target.with_name(target.name + ".partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        copy(source, partial, progress)
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as error:  # a read-only place, a full disk, no folder
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)  # a failed copy leaves nothing half-written behind
        raise BackupProblem(f"cannot write {target}: {unwritable(target, error)}") from None
    return target


def copy(source: str | Path, partial: Path, progress: Progress | None) -> None:
    """SQLite's online backup of ``source`` into the new file ``partial``."""
    with COPYING:
        copy_now(source, partial, progress)


def copy_now(source: str | Path, partial: Path, progress: Progress | None) -> None:
    try:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
        dst = sqlite3.connect(partial)
        try:
            if progress is None:
                src.backup(dst)
            else:
                report = progress  # SQLite tells (status, pages left, pages in all)
                src.backup(
                    dst, pages=PAGES_PER_STEP, progress=lambda _, left, n: report(n - left, n)
                )
        finally:
            dst.close()
            src.close()
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise


def unwritable(path: Path, error: Exception) -> str:
    """Why ``path`` could not be written, as a person can act on it."""
    if not os.access(path.parent, os.W_OK) and path.parent.exists():
        return "its folder is read-only (read-only media, or no permission to write there)"
    return getattr(error, "strerror", None) or str(error)


def read_only_uri(path: str | Path) -> str:
    """A URI that opens ``path`` for reading. On read-only media (a write-protected
    stick, a CD) SQLite cannot make the side file a WAL database's readers share,
    and the file could not be opened at all: it is opened as immutable there, which
    nothing on such media can contradict."""
    fixed = "" if os.access(Path(path).parent, os.W_OK) else "&immutable=1"
    return f"file:{path}?mode=ro{fixed}"


def is_live_file(database: str | Path, target: str | Path) -> bool:
    """Whether ``target`` names the database or one of its side files, by any path:
    the same resolved name (through symlinks), or the same file (a hard link)."""
    target = Path(target)
    live = [Path(f"{database}{suffix}") for suffix in SIDE_FILES]
    names = {p.resolve() for p in live}
    if target.resolve() in names:
        return True
    if not target.exists():
        return False
    seen = os.stat(target)
    for path in live:
        try:
            if os.path.samefile(path, target) or (
                (os.stat(path).st_dev, os.stat(path).st_ino) == (seen.st_dev, seen.st_ino)
            ):
                return True
        except FileNotFoundError:
            continue
    return False


def lock_path(database: str | Path) -> Path:
    return Path(f"{database}.lock")


def holder_path(database: str | Path) -> Path:
    return Path(f"{database}.lock.pid")


def identity_lock_path(database: str | Path, what: str = "") -> Path | None:
    """A second lock file named by the database file's identity (device and inode),
    not its name: a hard link or another path to the same file finds the same lock
    (outside attack: through a hard link a second server started). None while the
    file does not exist yet. ``what`` names another lock on the same file."""
    try:
        found = os.stat(database)
    except OSError:
        return None
    folder = Path(tempfile.gettempdir()) / "scorekeeper-locks"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder / f"{found.st_dev}-{found.st_ino}{what}.lock"


class ServerLock:
    """The locks a server (or a restore) holds on a database: by its name and by its
    identity. Released together; the system drops both when the process ends."""

    def __init__(self, locks: list[BaseFileLock]) -> None:
        self.locks = locks

    def release(self) -> None:
        for lock in reversed(self.locks):
            lock.release()


def take_lock(database: str | Path) -> ServerLock | None:
    """Take the database's server locks (exclusive, without waiting), held until
    released or the process ends; None if another holds either."""
    taken: list[BaseFileLock] = []
    for path in (lock_path(database), identity_lock_path(database)):
        if path is None:
            continue
        lock = FileLock(path, timeout=0)
        try:
            lock.acquire()
        except Timeout:
            ServerLock(taken).release()
            return None
        taken.append(lock)
    holder_path(database).write_text(f"{os.getpid()}\n")
    identity = identity_lock_path(database)
    if identity is not None:  # named there too, for a refusal through another path
        identity.with_suffix(".pid").write_text(f"{os.getpid()}\n")
    return ServerLock(taken)


def in_use(database: str | Path) -> bool:
    """Whether a server (or a restore) holds ``database``'s lock now, by its name or
    by its identity, or SQLite has a write-ahead log open beside it: some process is
    using it."""
    if Path(f"{database}-wal").exists():
        return True
    for path in (lock_path(database), identity_lock_path(database)):
        if path is None or not path.exists():
            continue
        lock = FileLock(path, timeout=0)
        try:
            lock.acquire()
        except Timeout:
            return True
        lock.release()  # taken just to look
    return False


def holder(database: str | Path) -> str:
    """The process id the lock's holder wrote beside it ("?" if unknown)."""
    identity = identity_lock_path(database)
    for path in (holder_path(database), identity.with_suffix(".pid") if identity else None):
        try:
            if path is not None and (found := path.read_text().strip()):
                return found
        except OSError:
            continue
    return "?"


def check(path: str | Path) -> None:
    """A backup must be an intact Scorekeeper database."""
    if not Path(path).is_file():
        raise BackupProblem(f"{path}: no such file")
    conn = sqlite3.connect(read_only_uri(path), uri=True)
    try:
        if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise BackupProblem(f"{path}: the file is damaged")
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as error:
        raise BackupProblem(f"{path}: not a SQLite database ({error})") from None
    finally:
        conn.close()
    if not {"games", "rounds", "_sqlite_migrations"} <= tables:
        raise BackupProblem(f"{path}: not a Scorekeeper database")
    conn = sqlite3.connect(read_only_uri(path), uri=True)
    try:
        extra, missing = schema_difference(conn)
    finally:
        conn.close()
    if extra:
        kind, name = extra[0]
        raise BackupProblem(
            f"{path}: it holds a {kind} this app never makes ({name}): "
            "only a backup the app wrote can be restored"
        )
    if missing:
        raise BackupProblem(
            f"{path}: its {missing[0][0]} {missing[0][1]} is not as the app "
            "makes it: only a backup the app wrote can be restored"
        )


def schema_objects(conn: sqlite3.Connection) -> set[tuple[str, str, str]]:
    """Every table, index, trigger and view: (type, name, SQL with spaces folded)."""
    rows = conn.execute("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
    return {(kind, name, " ".join((sql or "").split())) for kind, name, sql in rows}


LITESTREAM_TABLES = {("table", "_litestream_seq"), ("table", "_litestream_lock")}


def schema_difference(
    conn: sqlite3.Connection,
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """What a database has beyond, and short of, the schema the app's own migrations
    make at the same point (those recorded in it): a restore takes nothing else, so
    a trigger or view smuggled into a backup never reaches the live database."""
    from sqlite_utils import Database

    from .migrations import NAMES, migrations

    done = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY rowid",
            [migrations.name],
        )
    ]
    if done != NAMES[: len(done)]:
        return [("migration", ", ".join(n for n in done if n not in NAMES) or "order")], []
    reference = Database(memory=True)
    try:
        stop = NAMES[len(done)] if len(done) < len(NAMES) else None
        migrations.apply(reference, stop_before=stop)
        expected = schema_objects(reference.conn)
    finally:
        reference.close()
    # Litestream's own bookkeeping (serve --replicate-to): tables only, kept as they are
    found = {o for o in schema_objects(conn) if o[:2] not in LITESTREAM_TABLES}
    extra = sorted((kind, name) for kind, name, _ in found - expected)
    missing = sorted((kind, name) for kind, name, _ in expected - found)
    return extra, missing


def restore(source: str | Path, target: str | Path) -> None:
    """Put a backup back in place of the database at ``target``. Stop the server first."""
    check(source)
    if is_live_file(target, source):
        raise BackupProblem(f"{source} is the live database itself: nothing to restore")
    src = sqlite3.connect(read_only_uri(source), uri=True)
    dst = sqlite3.connect(target, timeout=30)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def daily(
    source: str | Path, folder: str | Path, keep: int, today: date | None = None
) -> Path | None:
    """Today's backup in ``folder`` unless there is one; then only the newest
    ``keep`` are kept. The new file's path, or None if today's was there."""
    folder = Path(folder)
    target = folder / f"{PREFIX}{(today or date.today()).isoformat()}.sqlite"
    made = None if target.exists() else backup(source, target)
    for old in sorted(folder.glob(f"{PREFIX}????-??-??.sqlite"))[: -keep or None]:
        old.unlink()
    return made


class DailyBackups(threading.Thread):
    """Checks once an hour (and at start) that today's backup exists."""

    def __init__(self, source: str | Path, folder: str | Path, keep: int) -> None:
        super().__init__(name="daily-backups", daemon=True)
        self.source, self.folder, self.keep = source, folder, keep
        self.stopped = threading.Event()
        self.failures: list[str] = []  # what went wrong, for the server's log and tests

    def run(self) -> None:
        while not self.stopped.is_set():
            self.once()
            self.stopped.wait(3600)

    def once(self) -> None:
        """Today's backup; a failure (a full disk, a folder gone) is logged and tried
        again within the hour, and never stops the backups of the days after."""
        try:
            daily(self.source, self.folder, self.keep)
        except (OSError, sqlite3.Error, BackupProblem) as error:
            self.failures.append(str(error))
            logging.getLogger(__name__).warning("daily backup failed: %s", error)


def check_export_target(database: str | Path, target: str | Path) -> None:
    """An export may not be written over the live database (by any path, a hard link
    or a symlink too) or over any database a server is using: it would be destroyed
    under the server, with its history, passphrases and phones."""
    if is_live_file(database, target):
        raise BackupProblem(f"{target} is the live database itself: choose another file")
    if in_use(target):
        raise BackupProblem(
            f"{target} is a database a scorekeeper server is using (process {holder(target)}): "
            "choose another file"
        )
