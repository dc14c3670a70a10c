"""Ratings brought up to date in short steps: a correction of an old game, or an
import of games older than those stored, leaves every later game to be rated again.
``rating_backlog`` keeps where that starts (the first game's date, finish and id, in
the order games are rated) and the players whose current rating must be read again
at the end; a background step rates a few games a transaction from there, so no
request holds the write lock for the whole history. One row at most."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("rating_backlog").create(
        {
            "id": int,  # always 1
            "date": str,
            "finished_at": str,
            "game_id": int,
            "players": str,  # JSON list of player ids
        },
        pk="id",
        not_null={"date", "finished_at", "game_id", "players"},
    )
