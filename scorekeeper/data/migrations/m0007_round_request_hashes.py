"""A round stored under an Idempotency-Key keeps a hash of what was sent, so
the same key sent again with a different round is refused, not answered with
the first. Rounds stored before this have none and are answered as before."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("rounds").add_column("request_hash", str)
