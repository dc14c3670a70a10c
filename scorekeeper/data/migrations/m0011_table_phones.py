"""Every phone at the table: phones joined to a game by its join code,
each side's draft of the round being played, and what happened at the table
(joins, removals, confirmations, queries) for the game's history.

On ``games``: the join code, the scorer's two house settings, and ``table_stamp``,
one cheap number per game that moves on every change a phone must see. Triggers
move it when a round is added, corrected, deleted or undone (every such change
writes a ``round_changes`` row), and clear a round's drafts once it is saved, in
the same transaction as the save."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    games = db.table("games")
    games.add_column("join_code", str)  # made when the scorer first shows it
    games.add_column("phones_enter", int, not_null_default=0)  # players enter their own counts
    games.add_column("confirm_rounds", int, not_null_default=0)  # opponents confirm rounds
    games.add_column("table_stamp", int, not_null_default=0)
    db.execute("CREATE UNIQUE INDEX games_join_code ON games (join_code)")
    db.table("table_phones").create(
        {
            "id": int,
            "game_id": int,
            "token_hash": str,  # SHA-256 of the phone's secret: the token itself is not kept
            "who": str,
            "side": int,  # the side it enters for; null for a watcher
            "joined_at": str,
            "last_seen": str,
            "removed_at": str,
        },
        pk="id",
        not_null={"game_id", "token_hash", "who", "joined_at"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db.execute("CREATE UNIQUE INDEX table_phones_token ON table_phones (token_hash)")
    db.execute("CREATE INDEX table_phones_game ON table_phones (game_id)")
    db.table("table_drafts").create(
        {
            "game_id": int,
            "number": int,  # the round being entered (stored number)
            "side": int,
            "fields": str,  # JSON: the side's form values, as the round form names them
            "version": int,
            "phone_id": int,
            "who": str,
            "updated_at": str,
        },
        pk=("game_id", "number", "side"),
        not_null={"fields", "version", "who", "updated_at"},
        foreign_keys=[("game_id", "games", "id"), ("phone_id", "table_phones", "id")],
    )
    db.table("table_events").create(
        {
            "id": int,
            "game_id": int,
            "phone_id": int,
            "who": str,
            "action": str,  # joined, removed, confirmed, queried
            "number": int,  # the round confirmed or queried
            "version": int,  # ... at this version of it
            "note": str,
            "at": str,
        },
        pk="id",
        not_null={"game_id", "who", "action", "at"},
        foreign_keys=[("game_id", "games", "id"), ("phone_id", "table_phones", "id")],
    )
    db.execute("CREATE INDEX table_events_game ON table_events (game_id, number)")
    db.execute(
        "CREATE TRIGGER round_changes_table_stamp AFTER INSERT ON round_changes BEGIN "
        "UPDATE games SET table_stamp = table_stamp + 1 WHERE id = NEW.game_id; "
        "DELETE FROM table_drafts WHERE NEW.action = 'added' "
        "AND game_id = NEW.game_id AND number <= NEW.number; END"
    )
