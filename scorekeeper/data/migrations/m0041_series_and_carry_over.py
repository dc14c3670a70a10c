"""A series of evenings (a club championship, a ladder): its name, how it counts
(every evening or the best few; an evening's event points or its place by a table
of series points) and its events, in order; and an event's carry-over from an
earlier one (a two-session final): which event, and what share of its points."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("series").create(
        {
            "id": int,
            "name": str,
            "best": int,  # the best evenings counted; null: every evening
            "counts": str,  # "points" (event points) or "place" (by the table)
            "place_table": str,  # JSON: series points of the 1st, 2nd, ... place
            "created_at": str,
        },
        pk="id",
        not_null={"name", "counts", "place_table", "created_at"},
        defaults={"counts": "points", "place_table": "[]"},
    )
    db.table("series_events").create(
        {"series_id": int, "event_id": int, "added_at": str},
        pk=("series_id", "event_id"),
        not_null={"series_id", "event_id", "added_at"},
        foreign_keys=[("series_id", "series", "id"), ("event_id", "events", "id")],
    )
    db.table("series_events").create_index(["event_id"])
    db.table("events").add_column("carry_from", int)  # the earlier event; null: none
    db.table("events").add_column("carry_percent", int)  # its points carried, in percent
