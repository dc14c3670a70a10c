"""Club nights and tournaments: an event, its entries (pairs, teams or
individual players), its plan of turns, and the game each table plays each turn.
An event's games belong to an evening of its own, so the history and the players'
statistics count them as they count home games."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("events").create(
        {
            "id": int,
            "uid": str,
            "cards_token": str,  # the table cards' links: the capability to join its tables
            "name": str,
            "date": str,
            "evening_id": int,  # the event's games' evening
            "variant": str,
            "options": str,  # JSON: the house rules every table plays by
            "players": int,  # players at a table
            "entry_kind": str,  # "pairs" (a pair or team a side) or "individuals"
            "movement": str,  # "mitchell", "rotating" or "swiss"
            "turns": int,
            "deals": int,  # deals a turn, 0: a whole game
            "minutes": int,  # the clock of a turn, 0: none
            "scale": str,  # JSON: {"kind": "wdl", ...} or {"kind": "vp", "table": [...]}
            "bye": str,  # what a bye is worth: "win", "draw" or "loss"
            "plan": str,  # JSON: every turn's tables, fixed at creation (Swiss: turn by turn)
            "turn": int,  # the turn being played, 0 before the start
            "clock_ends_at": str,  # the running clock's end (UTC), null while stopped
            "clock_left": int,  # seconds left while the clock is paused
            "created_at": str,
        },
        pk="id",
        not_null={"uid", "name", "date", "evening_id", "variant", "movement", "created_at"},
        defaults={
            "turn": 0,
            "deals": 0,
            "minutes": 0,
            "bye": "win",
            "options": "{}",
            "plan": "[]",
        },
        foreign_keys=[("evening_id", "evenings", "id")],
    )
    db.execute("CREATE UNIQUE INDEX events_uid ON events (uid)")
    db.table("event_entries").create(
        {
            "event_id": int,
            "number": int,  # 0, 1, ... as the movement numbers them
            "name": str,  # the pair's or team's name, or the player's
            "players": str,  # JSON: the players' names, in seat order
            "withdrawn_turn": int,  # from this turn on it plays no more
        },
        pk=("event_id", "number"),
        not_null={"event_id", "number", "name", "players"},
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_games").create(
        {
            "event_id": int,
            "turn": int,
            "table_no": int,  # 1, 2, ...
            "game_id": int,
            "entries": str,  # JSON: each side's entry numbers
        },
        pk=("event_id", "turn", "table_no"),
        not_null={"event_id", "turn", "table_no", "game_id", "entries"},
        foreign_keys=[("event_id", "events", "id"), ("game_id", "games", "id")],
    )
    db.execute("CREATE UNIQUE INDEX event_games_game ON event_games (game_id)")
