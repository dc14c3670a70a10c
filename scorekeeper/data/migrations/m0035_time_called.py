"""A game ended as it stood: the round it ended after (``ended_after``, NULL while
it plays to its own end) and the time from which its next saved round is its
last (``ends_at``: a club night's turn clock, NULL without one or while paused);
and the director's reason for ending an event's table at once."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("games").add_column("ended_after", int)
    db.table("games").add_column("ends_at", str)
    db.table("event_games").add_column("ended_reason", str)
