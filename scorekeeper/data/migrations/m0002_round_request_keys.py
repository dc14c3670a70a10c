"""Each round submission carries a key; the same key twice stores one round."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("rounds").add_column("request_key", str)
    db.execute(
        "CREATE UNIQUE INDEX rounds_request_key ON rounds (game_id, request_key) "
        "WHERE request_key IS NOT NULL"
    )
