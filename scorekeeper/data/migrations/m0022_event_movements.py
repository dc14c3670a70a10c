"""How an event's movement goes: a Mitchell with the bridge skip (off unless the
director asks for it: a card game has no boards to keep apart), and a Swiss whose
first turn is drawn at random (the draw's seed, kept so the draw is the same every
time; NULL for a first turn by the list of entries)."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("events").add_column("skip", int, not_null_default=0)
    db.table("events").add_column("draw", int)
