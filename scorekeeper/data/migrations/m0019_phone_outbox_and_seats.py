"""Phones that ride out the wifi: a part, confirmation or query
a phone sends carries the phone's own key, so the same send repeated after a lost
answer is stored once; a correction a phone sends (a query with its numbers) keeps
them; and a phone asking to take over a seat (the first one's battery died) waits
for the scorer's word in ``seat_requests``. When the scorer agrees, the seat's row
in ``table_phones`` takes the new phone's token hash (its drafts, confirmations and
history stay with the seat) and the old hash is kept here, so the old phone can be
told that it lost the seat."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("table_drafts").add_column("request_key", str)
    events = db.table("table_events")
    events.add_column("request_key", str)
    events.add_column("fields", str)  # JSON: the numbers a correction carries
    db.execute(
        "CREATE UNIQUE INDEX table_events_request_key ON table_events (phone_id, request_key) "
        "WHERE request_key IS NOT NULL"
    )
    db.table("seat_requests").create(
        {
            "id": int,
            "game_id": int,
            "phone_id": int,  # the seat: the phone row the new phone would take over
            "token_hash": str,  # SHA-256 of the asking phone's secret
            "old_hash": str,  # the seat's former token hash, once the scorer agreed
            "state": str,  # asked, agreed, refused, superseded
            "asked_at": str,
            "answered_at": str,
        },
        pk="id",
        not_null={"game_id", "phone_id", "token_hash", "state", "asked_at"},
        foreign_keys=[("game_id", "games", "id"), ("phone_id", "table_phones", "id")],
    )
    db.execute("CREATE UNIQUE INDEX seat_requests_token ON seat_requests (token_hash)")
    db.execute("CREATE INDEX seat_requests_old ON seat_requests (old_hash)")
    db.execute("CREATE INDEX seat_requests_game ON seat_requests (game_id, state)")
    db.execute(
        "CREATE TRIGGER round_changes_drafts_follow AFTER INSERT ON round_changes "
        "WHEN NEW.action IN ('undone', 'deleted') BEGIN "
        "DELETE FROM table_drafts WHERE NEW.action = 'undone' "
        "AND game_id = NEW.game_id AND number > NEW.number; "
        "UPDATE table_drafts SET number = number - 1 WHERE NEW.action = 'deleted' "
        "AND game_id = NEW.game_id AND number > NEW.number; END"
    )
