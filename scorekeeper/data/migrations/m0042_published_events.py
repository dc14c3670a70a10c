"""An event's results published by its director: when (``published_at``, NULL while
they are not). Only a published event's standings, tables and players' names go
into ``scorekeeper publish`` and its public link."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("events").add_column("published_at", str)
