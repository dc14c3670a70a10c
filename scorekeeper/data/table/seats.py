"""A phone taking over a seat: the seat's phone ran out of
battery, or was left at home; a new phone joins for the same player (or side) and
asks for the seat. The scorer agrees on their screen (or refuses); then the seat's
row in ``table_phones`` answers to the new phone's token, so the new phone has the
seat's part, confirmations and history, and the old phone's link says it lost the
seat (its token hash is kept in ``seat_requests.old_hash`` for that alone)."""

from __future__ import annotations

import secrets
from typing import Any

from sqlite_utils import Database

from ..connection import now, rows, writing
from .table import Phone, bump, event, token_hash

Request = dict[str, Any]
ASKING_AT_ONCE = 3  # requests for one seat the scorer has not answered; more wait


class TooManyAsking(Exception):
    """As many phones as may ask for this seat are waiting for the scorer's word."""


def holder(db: Database, game_id: int, who: str, side: int | None) -> Phone | None:
    """The phone at the table for this player (or side), if one has joined; a
    watcher holds no seat (any number of phones may watch)."""
    if side is None:
        return None
    sql = (
        "SELECT * FROM table_phones WHERE game_id = ? AND who = ? AND side = ? "
        "AND removed_at IS NULL ORDER BY id LIMIT 1"
    )
    found = rows(db, sql, [game_id, who, side])
    return found[0] if found else None


def ask(db: Database, seat: Phone, asked_by: str = "") -> str:
    """A new phone asks for ``seat``; its secret token (kept only as a hash).
    ``asked_by``: what the phone says it is, shown to the scorer. Every request is
    shown apart (none replaces another); TooManyAsking past ``ASKING_AT_ONCE``."""
    token = secrets.token_urlsafe(24)
    with writing(db):
        sql = "SELECT count(*) AS n FROM seat_requests WHERE phone_id = ? AND state = 'asked'"
        if rows(db, sql, [seat["id"]])[0]["n"] >= ASKING_AT_ONCE:
            raise TooManyAsking(seat["who"])
        request = {
            "game_id": seat["game_id"],
            "phone_id": seat["id"],
            "state": "asked",
            "token_hash": token_hash(token),
            "asked_at": now(),
            "asked_by": asked_by,
        }
        db.table("seat_requests").insert(request)
        bump(db, seat["game_id"])
    return token


def request_of(db: Database, token: str) -> Request | None:
    """The seat request behind a token, with the seat's name, side and game: the
    asking phone's (while it waits, or was refused), or the phone's that lost the
    seat (``lost`` true)."""
    hashed = token_hash(token)
    sql = (
        "SELECT q.*, p.who, p.side, p.removed_at AS seat_removed, g.table_stamp, "
        "q.old_hash = ? AS lost FROM seat_requests q "
        "JOIN table_phones p ON p.id = q.phone_id JOIN games g ON g.id = q.game_id "
        "WHERE q.token_hash = ? OR q.old_hash = ? ORDER BY q.id DESC LIMIT 1"
    )
    found = rows(db, sql, [hashed, hashed, hashed])
    return found[0] if found else None


def waiting(db: Database, game_id: int) -> list[Request]:
    """The game's requests the scorer has not answered, with each seat's phone."""
    sql = (
        "SELECT q.id, q.asked_at, q.asked_by, p.who, p.side, p.last_seen FROM seat_requests q "
        "JOIN table_phones p ON p.id = q.phone_id "
        "WHERE q.game_id = ? AND q.state = 'asked' AND p.removed_at IS NULL ORDER BY q.id"
    )
    return rows(db, sql, [game_id])


def answer(db: Database, game_id: int, request_id: int, agree: bool) -> bool:
    """The scorer's word on a request; False if it is not (or no longer) waiting.
    Agreed, the seat's phone row takes the new token: the old one stops working."""
    with writing(db):
        sql = (
            "SELECT q.*, p.token_hash AS seat_hash, p.who FROM seat_requests q "
            "JOIN table_phones p ON p.id = q.phone_id WHERE q.id = ? AND q.game_id = ? "
            "AND q.state = 'asked' AND p.removed_at IS NULL"
        )
        found = rows(db, sql, [request_id, game_id])
        if not found:
            return False
        asked = found[0]
        if not agree:
            sql = "UPDATE seat_requests SET state = 'refused', answered_at = ? WHERE id = ?"
            db.execute(sql, [now(), request_id])
            bump(db, game_id)
            return True
        sql = "UPDATE seat_requests SET state = 'agreed', answered_at = ?, old_hash = ? "
        db.execute(sql + "WHERE id = ?", [now(), asked["seat_hash"], request_id])
        sql = "UPDATE seat_requests SET state = 'refused', answered_at = ? "  # the scorer chose
        db.execute(sql + "WHERE phone_id = ? AND state = 'asked'", [now(), asked["phone_id"]])
        sql = "UPDATE table_phones SET token_hash = ?, last_seen = ? WHERE id = ?"
        db.execute(sql, [asked["token_hash"], now(), asked["phone_id"]])
        event(db, game_id, {"id": asked["phone_id"], "who": asked["who"]}, "replaced")
    return True
