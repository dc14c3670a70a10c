"""Each phone's request for a seat kept apart: what the asking phone said it is
(its browser's own description), shown to the scorer beside the name asked for and
when, so that two requests for one seat (the player's new phone, and a stranger's)
can be told apart; a later one no longer replaces an earlier one unseen."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("seat_requests").add_column("asked_by", str)
