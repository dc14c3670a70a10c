"""Who may change scores: a passphrase per game or for the whole app (hashed),
and a secret token per game for its read-only spectator link."""

from __future__ import annotations

import secrets

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("games").add_column("passphrase_hash", str)
    db.table("games").add_column("watch_token", str)
    db.execute("CREATE UNIQUE INDEX games_watch_token ON games (watch_token)")
    db.table("settings").create({"key": str, "value": str}, pk="key")
    for row in list(db.query("SELECT id FROM games")):
        db.execute(
            "UPDATE games SET watch_token = ? WHERE id = ?", [secrets.token_urlsafe(16), row["id"]]
        )
