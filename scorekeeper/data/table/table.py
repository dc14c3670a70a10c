"""Every phone at the table: phones joined by the game's join code, each side's
draft of the round being played, and the table's history (``answers`` keeps the
confirmations and queries of saved rounds).

A phone carries a secret token (in its URL); only its SHA-256 is stored, so the
database never holds anything that lets a reader act as a phone. Every change a
phone must see moves the game's ``table_stamp`` (triggers move it for rounds:
migration ``m0011``), which phones poll with ETags.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import problem as P_
from ..connection import insert, now, row, rows, writing
from ..games import games

# 31 letters and digits that cannot be misread (no 0/o, 1/l/i): 12 of them are
# about 59 bits, far beyond what 5 tries a minute reach in the life of a game.
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 12
SEEN_EVERY = 30  # seconds between writes of a phone's "last seen"
# Phones at one table: its players' (up to 6) and as many more watching; every
# join reloads every screen there, and 20,000 joins made a 6.9 MB scoreboard.
PHONES_AT_A_TABLE = 16
Phone = dict[str, Any]


class TableFull(Exception):
    """The table has as many phones as it may: the scorer removes one first."""


class DraftClash(Exception):
    """Another phone sent this side's part since this one read it."""

    def __init__(self, current: dict[str, Any]) -> None:
        self.current = current
        super().__init__(f"{current['who']} sent this part at {current['updated_at']}")


# The clash with a draft that no longer exists: the phone saw a part that was dropped
# since (its phone removed by the scorer). Its own numbers go in at version 0.
DRAFT_GONE = {"who": "", "updated_at": "", "version": 0, "fields": {}, "gone": True}


class RoundMovedOn(Exception):
    """The round a part was typed for is saved already (or not started)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def normal_code(text: str) -> str:
    """A typed join code as stored: lower case, without spaces or dashes.

    >>> normal_code(" AB2C-D3EF-GH4J ")
    'ab2cd3efgh4j'
    """
    return "".join(c for c in text.lower() if c not in " -")


def join_code_if_writable(db: Database, game_id: int) -> str | None:
    """``join_code``, or None when it is not made yet and the database cannot be
    written (a read-only file): a page that only shows it must still be shown."""
    try:
        return join_code(db, game_id)
    except sqlite3.OperationalError as error:
        if "readonly" in str(error):
            return None
        raise


def join_code(db: Database, game_id: int) -> str:
    """The game's join code, made the first time the scorer shows it (read
    without the write lock: the scoreboard asks on every view)."""
    sql = "SELECT join_code FROM games WHERE id = ?"
    made = db.conn.execute(sql, [game_id]).fetchone()
    if made and made[0]:
        return str(made[0])
    with writing(db):
        row = next(db.query(sql, [game_id]))
        if row["join_code"]:
            return str(row["join_code"])
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        db.execute("UPDATE games SET join_code = ? WHERE id = ?", [code, game_id])
    return code


def game_of_code(db: Database, code: str) -> int | None:
    sql = "SELECT id FROM games WHERE join_code = ? AND removed_at IS NULL"
    row = next(db.query(sql, [normal_code(code)]), None) if code else None
    return int(row["id"]) if row else None


def stamp(db: Database, game_id: int) -> int | None:
    """The number a phone compares to know whether anything changed (None: no game)."""
    sql = "SELECT table_stamp FROM games WHERE id = ? AND import_id IS NULL"
    found = rows(db, sql, [game_id])
    return int(found[0]["table_stamp"]) if found else None


def bump(db: Database, game_id: int) -> None:
    db.execute("UPDATE games SET table_stamp = table_stamp + 1 WHERE id = ?", [game_id])


def set_settings(db: Database, game_id: int, phones_enter: bool, confirm_rounds: bool) -> None:
    with writing(db):
        db.execute(
            "UPDATE games SET phones_enter = ?, confirm_rounds = ? WHERE id = ?",
            [int(phones_enter), int(confirm_rounds), game_id],
        )
        bump(db, game_id)


def join(db: Database, game_id: int, who: str, side: int | None) -> str:
    """A new phone at the game's table; its secret token (kept only as a hash).
    TableFull when ``PHONES_AT_A_TABLE`` are there already."""
    token = secrets.token_urlsafe(24)
    with writing(db):
        sql = "SELECT count(*) AS n FROM table_phones WHERE game_id = ? AND removed_at IS NULL"
        if rows(db, sql, [game_id])[0]["n"] >= PHONES_AT_A_TABLE:
            raise TableFull(game_id)
        at = now()
        row = {
            "game_id": game_id,
            "token_hash": token_hash(token),
            "who": who,
            "side": side,
            "joined_at": at,
            "last_seen": at,
        }
        phone_id = insert(db, "table_phones", row)
        event(db, game_id, {"id": phone_id, "who": who}, "joined")
    return token


def phone_of(db: Database, token: str) -> Phone | None:
    """The phone behind a token (removed ones too: they are told so), with its game's stamp."""
    sql = (
        "SELECT p.*, g.table_stamp, g.removed_at AS game_removed_at FROM table_phones p "
        "JOIN games g ON g.id = p.game_id WHERE p.token_hash = ?"
    )
    return next(db.query(sql, [token_hash(token)]), None)


def seen_due(phone: Phone) -> bool:
    """Whether the phone's "last seen" is old enough to be written again."""
    last = datetime.fromisoformat(phone["last_seen"] or phone["joined_at"])
    return (datetime.now(UTC) - last).total_seconds() >= SEEN_EVERY


def seen(db: Database, phone: Phone) -> None:
    """Note that the phone was here; written at most every ``SEEN_EVERY`` seconds."""
    if seen_due(phone):
        with writing(db):
            db.execute("UPDATE table_phones SET last_seen = ? WHERE id = ?", [now(), phone["id"]])


def phones(db: Database, game_id: int) -> list[Phone]:
    """The game's phones still at the table, first joined first."""
    sql = "SELECT * FROM table_phones WHERE game_id = ? AND removed_at IS NULL ORDER BY id"
    return rows(db, sql, [game_id])


PHONE_COLUMNS = (
    "id",
    "game_id",
    "token_hash",
    "who",
    "side",
    "joined_at",
    "last_seen",
    "removed_at",
)
AT_TABLE = (  # ``phones`` as one JSON array, read with the game
    "(SELECT json_group_array(json_object("
    + ", ".join(f"'{c}', {c}" for c in PHONE_COLUMNS)
    + ")) FROM (SELECT * FROM table_phones WHERE game_id = g.id AND removed_at IS NULL "
    "ORDER BY id)) AS _phones"
)
GAME_AND_PHONES = games.GAME_SELECT.format(closed=games.TABLE_CLOSED, more=",\n  " + AT_TABLE)


def game_and_phones(db: Database, game_id: int) -> tuple[games.Game, list[Phone]]:
    """``games.game_row`` and ``phones`` in one statement (the scorer's scoreboard
    shows both, and every statement counts on the server: see docs/benchmarks.md)."""
    found = row(db, GAME_AND_PHONES, [game_id])
    at_table = json.loads(found.pop("_phones")) if found else []
    return games.parsed_game(found, game_id), at_table


def remove_phone(db: Database, game_id: int, phone_id: int) -> bool:
    """Take a phone's capability away for good; False if it was not at the table.
    The join code it came with is retired (a new one is made when the scorer next
    shows it), so it cannot simply join again, and its unsaved part is dropped."""
    with writing(db):
        sql = "SELECT * FROM table_phones WHERE id = ? AND game_id = ? AND removed_at IS NULL"
        phone = next(db.query(sql, [phone_id, game_id]), None)
        if phone is None:
            return False
        db.execute("UPDATE table_phones SET removed_at = ? WHERE id = ?", [now(), phone_id])
        db.execute("UPDATE games SET join_code = NULL WHERE id = ?", [game_id])
        sql = "DELETE FROM table_drafts WHERE game_id = ? AND phone_id = ?"
        db.execute(sql, [game_id, phone_id])
        event(db, game_id, phone, "removed")
    return True


def follow(db: Database, phone: Phone, game_id: int, side: int | None) -> bool:
    """Move a phone from its game to the game that follows it at the same table, as
    ``side`` there: its link (its token) keeps working, now for that game. False if
    it has been removed, or has moved already (a double tap moves it once)."""
    with writing(db):
        sql = "UPDATE table_phones SET game_id = ?, side = ? "
        sql += "WHERE id = ? AND game_id = ? AND removed_at IS NULL"
        moved = db.execute(sql, [game_id, side, phone["id"], phone["game_id"]]).rowcount
        if moved:
            event(db, game_id, phone, "joined")
    return bool(moved)


def drafts(db: Database, game_id: int, number: int) -> dict[int, dict[str, Any]]:
    """Each side's draft of round ``number``, by side index."""
    sql = "SELECT * FROM table_drafts WHERE game_id = ? AND number = ?"
    return {
        int(r["side"]): {**r, "fields": json.loads(r["fields"])}
        for r in db.query(sql, [game_id, number])
    }


def save_draft(
    db: Database,
    phone: Phone,
    number: int,
    fields: dict[str, Any],
    version: int,
    key: str | None = None,
) -> int:
    """Store the phone's side's part of round ``number`` if nobody sent another
    since ``version`` (0: none yet); its new version. The same part sent again under
    the same ``key`` (its answer was lost to the wifi) is stored once: it is given
    the version it has."""
    game_id, side = phone["game_id"], phone["side"]
    with writing(db):
        current = drafts(db, game_id, number).get(side)
        if key and current and current.get("request_key") == key:
            return int(current["version"])  # this very send, stored already
        sql = "SELECT count(*) AS n FROM rounds WHERE game_id = ?"
        if number != int(next(db.query(sql, [game_id]))["n"]) + 1:
            raise RoundMovedOn(P_("round %(n)s is not the one being played", n=number))
        if (current["version"] if current else 0) != version:
            raise DraftClash(current or DRAFT_GONE)
        db.table("table_drafts").upsert(
            {
                "game_id": game_id,
                "number": number,
                "side": side,
                "fields": json.dumps(fields),
                "version": version + 1,
                "phone_id": phone["id"],
                "who": phone["who"],
                "updated_at": now(),
                "request_key": key,
            },
            pk=("game_id", "number", "side"),
        )
        bump(db, game_id)
    return version + 1


def event(db: Database, game_id: int, phone: Phone, action: str, **more: Any) -> None:
    """Keep what happened at the table in the game's history, and tell the phones."""
    row = {
        "game_id": game_id,
        "phone_id": phone["id"],
        "who": phone["who"],
        "action": action,
        "at": now(),
        **more,
    }
    db.table("table_events").insert(row)
    bump(db, game_id)


def events(db: Database, game_id: int) -> list[dict[str, Any]]:
    """Everything that happened at the table, newest first (for the history page)."""
    sql = "SELECT * FROM table_events WHERE game_id = ? ORDER BY id DESC"
    found = list(db.query(sql, [game_id]))
    for happened in found:
        if happened["action"] == "overridden":  # the field, the phone's number, the saved one
            happened["override"] = json.loads(happened["note"])
        happened["fields"] = json.loads(happened["fields"]) if happened.get("fields") else None
    return found
