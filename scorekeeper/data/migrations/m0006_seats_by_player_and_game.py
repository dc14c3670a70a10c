"""A player's latest games, newest first, without sorting all of them."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("seats").create_index(["player_id", "game_id"])
