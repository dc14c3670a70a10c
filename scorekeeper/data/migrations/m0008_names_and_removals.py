"""An evening that flows: games get a name and a one-time request key (so "same
table again" tapped twice starts one game), games and players can be removed
softly (``removed_at``), and every removal is kept in ``removals`` to be undone."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    games = db.table("games")
    games.add_column("name", str, not_null_default="")
    games.add_column("removed_at", str)
    games.add_column("request_key", str)
    db.execute("CREATE UNIQUE INDEX games_request_key ON games (request_key)")
    db.table("players").add_column("removed_at", str)
    db.table("removals").create(
        {
            "id": int,
            "kind": str,  # "game" or "player"
            "target_id": int,
            "what": str,  # how the game or player was shown when removed
            "by": str,  # who removed it, as they typed it (may be empty)
            "removed_at": str,
            "undone_at": str,
        },
        pk="id",
        not_null={"kind", "target_id", "what", "removed_at"},
        defaults={"by": ""},
    )
