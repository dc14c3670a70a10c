"""Imports seen whole or not at all: each import is journalled in ``imports`` and
the evenings, games, players and rule sets it writes carry its ``import_id`` (and
stay hidden) until the whole file is in; a failed or killed import is taken out
again. ``games.import_removed`` marks a game the file had as removed."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("imports").create(
        {"id": int, "state": str, "pid": int, "started_at": str, "finished_at": str},
        pk="id",
        not_null={"state", "started_at"},
    )
    for table in ("evenings", "games", "players", "rule_sets"):
        db.table(table).add_column("import_id", int)
        db.execute(
            f"CREATE INDEX {table}_import_id ON {table} (import_id) WHERE import_id IS NOT NULL"
        )
    db.table("games").add_column("import_removed", int)
