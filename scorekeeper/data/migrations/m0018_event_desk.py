"""The director's desk: a table's game the director has reopened (its
result withheld from the standings, and its turn unfinished, until it is closed
again), and why an entry withdrew. The reasons for every change are kept in the
table's game history (``table_events``), which needs nothing new."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("event_games").add_column("reopened", int, not_null_default=0)
    db.table("event_entries").add_column("withdrawn_reason", str)
