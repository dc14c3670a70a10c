"""The SQLite database: how a connection is opened, the per-request connection
(Flask's tutorial ``get_db``), and the one-write-transaction-per-action helper.

The file is created on first use (in the instance folder unless ``DATABASE``
names another path). ``migrate`` creates or upgrades it with the recorded
migrations in ``data/migrations``; it never drops a table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from .migrations import migrations


def connect(path: str | Path) -> Database:
    """A connection with foreign keys on, waiting rather than failing when busy."""
    conn = sqlite3.connect(str(path), timeout=30, check_same_thread=False)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = FULL")
    return Database(conn)


def migrate(path: str | Path) -> Database:
    """Create or upgrade the database file; WAL is switched on once, here."""
    db = connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    migrations.apply(db)
    return db


def get_db() -> Database:
    """The request's connection, opened on first use and closed at teardown."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    db: Database = g.db
    return db


def close_db(error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


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


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction, taking the write lock at once so that two phones
    adding rounds to a game are served one after the other. Inside another
    (an import of many games) it is a savepoint of that one."""
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def health(path: str | Path) -> str | None:
    """None when the database file can be opened and read (without creating it),
    else why not. Cheap: one read of the schema, on a read-only connection."""
    try:
        conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True, timeout=5)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as error:
        return str(error)
    return None
