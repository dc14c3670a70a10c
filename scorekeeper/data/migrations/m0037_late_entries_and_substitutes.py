"""Entries that join a club night late, and substitutes: an entry's first turn
(``joined_turn``: NULL for one entered when the event was made), and each substitute seated
for one of an entry's players, from a turn to a turn (``until_turn`` NULL: the
rest of the event), with who and why."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("event_entries").add_column("joined_turn", int)
    db.table("event_substitutes").create(
        {
            "id": int,
            "event_id": int,
            "entry": int,  # the entry's number: its results stay its own
            "player": str,  # the entry's player who is away
            "substitute": str,  # the name seated in the games of those turns
            "from_turn": int,
            "until_turn": int,  # NULL: to the end of the event
            "reason": str,
            "at": str,
        },
        pk="id",
        not_null={"event_id", "entry", "player", "substitute", "from_turn"},
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_substitutes").create_index(["event_id", "from_turn"])
