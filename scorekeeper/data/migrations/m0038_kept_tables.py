"""The tables an event's entries keep for the turns not yet started (a pair that
cannot climb the stairs keeps table 1): ``events.kept``, JSON of entry number to
table number; NULL for none."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("events").add_column("kept", str)
