"""The SQLite database: one connection per request, schema by recorded migrations.

The file is created on first use (in the instance folder unless ``DATABASE``
names another path). A later version adds a migration; ``migrate`` upgrades an
existing file in place and never drops a table.
"""

from __future__ import annotations

import secrets
import sqlite3
import uuid
from pathlib import Path

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database
from sqlite_utils.db import Table
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorekeeper")


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
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def table(db: Database, name: str) -> Table:
    return db.table(name)


def init_app(app: Flask) -> None:
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


@migrations()
def m0001_initial(db: Database) -> None:
    table(db, "players").create(
        {"id": int, "name": str, "created_at": str}, pk="id", not_null={"name"}
    )
    db.execute("CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE)")
    table(db, "evenings").create(
        {"id": int, "date": str, "name": str, "note": str, "created_at": str},
        pk="id",
        not_null={"date"},
        defaults={"name": "", "note": ""},
    )
    table(db, "evenings").create_index(["date"])
    table(db, "games").create(
        {
            "id": int,
            "evening_id": int,
            "variant": str,
            "sides": str,  # JSON list of side names, in scoring order
            "players": int,
            "options": str,  # JSON object: the house rules changed for this game
            "first_dealer": int,  # seat index of the first round's dealer
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("evening_id", "evenings", "id")],
        not_null={"evening_id", "variant", "sides", "players", "options"},
    )
    table(db, "games").create_index(["evening_id"])
    table(db, "seats").create(
        {"game_id": int, "seat": int, "player_id": int, "side": int},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id"), ("player_id", "players", "id")],
    )
    table(db, "seats").create_index(["player_id"])
    table(db, "rounds").create(
        {
            "id": int,
            "game_id": int,
            "number": int,
            "entries": str,  # JSON {side: {field: value}} as RULES.md's rounds
            "version": int,  # bumped by every edit: refuses edits from a stale view
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "number", "entries", "version"},
    )
    table(db, "rounds").create_index(["game_id", "number"], unique=True)
    table(db, "round_changes").create(
        {
            "id": int,
            "game_id": int,
            "number": int,
            "action": str,  # added | edited | deleted
            "before": str,
            "after": str,
            "at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
    )
    table(db, "round_changes").create_index(["game_id"])


@migrations()
def m0002_round_request_keys(db: Database) -> None:
    """Each round submission carries a key; the same key twice stores one round."""
    table(db, "rounds").add_column("request_key", str)
    db.execute(
        "CREATE UNIQUE INDEX rounds_request_key ON rounds (game_id, request_key) "
        "WHERE request_key IS NOT NULL"
    )


@migrations()
def m0003_scorer_passphrases(db: Database) -> None:
    """Who may change scores: a passphrase per game or for the whole app (hashed),
    and a secret token per game for its read-only spectator link."""
    table(db, "games").add_column("passphrase_hash", str)
    table(db, "games").add_column("watch_token", str)
    db.execute("CREATE UNIQUE INDEX games_watch_token ON games (watch_token)")
    table(db, "settings").create({"key": str, "value": str}, pk="key")
    for row in list(db.query("SELECT id FROM games")):
        db.execute(
            "UPDATE games SET watch_token = ? WHERE id = ?", [secrets.token_urlsafe(16), row["id"]]
        )


CANASTA_COLUMNS = (
    "natural_canastas", "mixed_canastas", "wild_canastas", "sevens_canastas", "sambas",
    "red_sevens_canastas", "super_canastas_pure", "super_canastas_impure",
)  # fmt: skip


@migrations()
def m0004_results_and_history(db: Database) -> None:
    """Past evenings and statistics without rescoring every game: each game keeps
    its result, and every side's every round is a row. Stable ids (``uid``) let an
    export be imported again without duplicates; ``start`` resumes a paper game."""
    for name, kind in [("uid", str), ("start", str), ("round_count", int), ("finished", int),
                       ("winners", str), ("totals", str), ("updated_at", str)]:  # fmt: skip
        table(db, "games").add_column(name, kind)
    table(db, "evenings").add_column("uid", str)
    for name in ("games", "evenings"):
        for row in list(db.query(f"SELECT id FROM {name}")):
            db.execute(f"UPDATE {name} SET uid = ? WHERE id = ?", [uuid.uuid4().hex, row["id"]])
        db.execute(f"CREATE UNIQUE INDEX {name}_uid ON {name} (uid)")
    db.execute("UPDATE games SET start = '{}', round_count = 0, finished = 0")
    table(db, "games").create_index(["variant"])
    table(db, "side_rounds").create(
        {"game_id": int, "number": int, "side_index": int, "score": int, "went_out": int,
         **dict.fromkeys(CANASTA_COLUMNS, int)},
        pk=("game_id", "number", "side_index"),
        foreign_keys=[("game_id", "games", "id")],
    )  # fmt: skip
    table(db, "game_sides").create(
        {"game_id": int, "side_index": int, "side": str, "total": int, "won": int},
        pk=("game_id", "side_index"),
        foreign_keys=[("game_id", "games", "id")],
    )
    from .store import refresh_results  # the backfill scores every game once

    for row in list(db.query("SELECT id FROM games")):
        refresh_results(db, row["id"])


@migrations()
def m0005_player_tallies(db: Database) -> None:
    """Each player's running tally per variant and per month (for the win-rate
    chart), so statistics never scan history."""
    counts = dict.fromkeys(
        ("played", "finished", "won", "rounds", "score_sum", "went_out", *CANASTA_COLUMNS), int
    )
    table(db, "player_stats").create(
        {"player_id": int, "variant": str, **counts, "best": int},
        pk=("player_id", "variant"),
        foreign_keys=[("player_id", "players", "id")],
        defaults=dict.fromkeys(counts, 0),
        not_null=set(counts),
    )
    table(db, "player_months").create(
        {"player_id": int, "month": str, "games": int, "won": int},
        pk=("player_id", "month"),
        foreign_keys=[("player_id", "players", "id")],
        defaults={"games": 0, "won": 0},
        not_null={"games", "won"},
    )
    from . import tally

    for row in list(db.query("SELECT id FROM games")):
        tally.apply(db, {}, tally.contributions(db, row["id"]))


@migrations()
def m0006_seats_by_player_and_game(db: Database) -> None:
    """A player's latest games, newest first, without sorting all of them."""
    table(db, "seats").create_index(["player_id", "game_id"])
