"""Players, evenings, games with their seats, rounds, and the history of changes."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("players").create(
        {"id": int, "name": str, "created_at": str}, pk="id", not_null={"name"}
    )
    db.execute("CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE)")
    db.table("evenings").create(
        {"id": int, "date": str, "name": str, "note": str, "created_at": str},
        pk="id",
        not_null={"date"},
        defaults={"name": "", "note": ""},
    )
    db.table("evenings").create_index(["date"])
    db.table("games").create(
        {
            "id": int,
            "evening_id": int,
            "variant": str,
            "sides": str,  # JSON list of side names, in scoring order
            "players": int,
            "options": str,  # JSON object: the house rules changed for this game
            "first_dealer": int,  # seat index of the first round's dealer
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("evening_id", "evenings", "id")],
        not_null={"evening_id", "variant", "sides", "players", "options"},
    )
    db.table("games").create_index(["evening_id"])
    db.table("seats").create(
        {"game_id": int, "seat": int, "player_id": int, "side": int},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id"), ("player_id", "players", "id")],
    )
    db.table("seats").create_index(["player_id"])
    db.table("rounds").create(
        {
            "id": int,
            "game_id": int,
            "number": int,
            "entries": str,  # JSON {side: {field: value}} as the contract's rounds (docs/api.md)
            "version": int,  # bumped by every edit: refuses edits from a stale view
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "number", "entries", "version"},
    )
    db.table("rounds").create_index(["game_id", "number"], unique=True)
    db.table("round_changes").create(
        {
            "id": int,
            "game_id": int,
            "number": int,
            "action": str,  # added | edited | deleted
            "before": str,
            "after": str,
            "at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("round_changes").create_index(["game_id"])
