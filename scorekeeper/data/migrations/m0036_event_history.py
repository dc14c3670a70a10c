"""An event's history: each change the director makes to the event as a whole
(a turn started or its start undone, a withdrawal or its undoing, a table's score
adjusted, reopened or ended), when, by whom and why; and when an event was deleted
(``removed_at``: its games are removed with it)."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("event_changes").create(
        {
            "id": int,
            "event_id": int,
            "at": str,
            "who": str,
            "action": str,
            "reason": str,
            "detail": str,
        },
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_changes").create_index(["event_id", "id"])
    db.table("events").add_column("removed_at", str)
