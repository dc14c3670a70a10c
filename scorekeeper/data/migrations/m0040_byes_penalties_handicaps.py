"""Byes of each kind, penalties, handicaps: what a fixed bye is worth
(``events.bye_worth``; ``events.bye`` now also "fixed" or "average"); the event's
handicap (``events.handicap``: "" none, "points" event points, "cards" card points a
game, "ratings" event points from the players' ratings when it was made) and each
entry's (``event_entries.handicap``); and the director's penalties in event
points, each for an entry and a turn, with who, when and why, and when it was
removed (``removed_at``: a removed penalty no longer counts, and stays in the
history)."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("events").add_column("bye_worth", float, not_null_default=0)
    db.table("events").add_column("handicap", str, not_null_default="")
    db.table("event_entries").add_column("handicap", float, not_null_default=0)
    db.table("event_penalties").create(
        {
            "id": int,
            "event_id": int,
            "turn": int,
            "entry": int,
            "points": float,
            "reason": str,
            "who": str,
            "at": str,
            "removed_at": str,
        },
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_penalties").create_index(["event_id", "entry"])
