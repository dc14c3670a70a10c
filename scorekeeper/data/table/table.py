"""Every phone at the table: phones joined by the game's join code, each side's
draft of the round being played, confirmations and queries of saved rounds.

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

from ...scoring.i18n import N_, problem as P_
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


class RoundMovedOn(Exception):
    """The round a part was typed for is saved already (or not started)."""


class RoundChanged(Exception):
    """A confirmation or query of a round that has changed since it was shown."""


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
    found = rows(db, "SELECT table_stamp FROM games WHERE id = ?", [game_id])
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
        row = {"game_id": game_id, "token_hash": token_hash(token), "who": who, "side": side,
               "joined_at": at, "last_seen": at}  # fmt: skip
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
    "id", "game_id", "token_hash", "who", "side", "joined_at", "last_seen", "removed_at"
)  # fmt: skip
AT_TABLE = (  # ``phones`` as one JSON array, read with the game
    "(SELECT json_group_array(json_object("
    + ", ".join(f"'{c}', {c}" for c in PHONE_COLUMNS)
    + ")) FROM (SELECT * FROM table_phones WHERE game_id = g.id AND removed_at IS NULL "
    "ORDER BY id)) AS _phones"
)
GAME_AND_PHONES = games.GAME_SELECT.format(more=",\n  " + AT_TABLE)


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
    db: Database, phone: Phone, number: int, fields: dict[str, Any], version: int,
    key: str | None = None,
) -> int:  # fmt: skip
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
            raise DraftClash(current or {"who": "nobody", "updated_at": "", "version": 0})
        db.table("table_drafts").upsert(
            {"game_id": game_id, "number": number, "side": side, "fields": json.dumps(fields),
             "version": version + 1, "phone_id": phone["id"], "who": phone["who"],
             "updated_at": now(), "request_key": key},
            pk=("game_id", "number", "side"),
        )  # fmt: skip
        bump(db, game_id)
    return version + 1


class AlreadyQueried(Exception):
    """This phone's query of this round (as it stands) is with the scorer already."""


def answer_round(
    db: Database, phone: Phone, number: int, version: int, action: str, note: str = "",
    key: str | None = None, fields: dict[str, Any] | None = None,
) -> bool:  # fmt: skip
    """A phone confirms (or queries, with a note) round ``number`` as it is at ``version``.
    A phone's confirmation of a round as it stands is kept once (sent again, it changes
    nothing: False); its query too, one open at a time (sent again: AlreadyQueried).
    Sent again under the same ``key`` (the answer was lost), nothing is stored twice
    and nothing is refused: False. ``fields``: the numbers a correction carries."""
    game_id = phone["game_id"]
    with writing(db):
        if key and sent_already(db, phone, key):
            return False
        check_version(db, game_id, number, version)
        if said_already(db, phone, number, version, action):
            if action == "queried":
                template = N_("this phone's query of round %(n)s is with the scorer already")
                raise AlreadyQueried(P_(template, n=number))
            return False
        carried = {"fields": json.dumps(fields)} if fields else {}
        event(db, game_id, phone, action, number=number, version=version, note=note,
              request_key=key, **carried)  # fmt: skip
    return True


def sent_already(db: Database, phone: Phone, key: str) -> bool:
    """Whether this phone's send under ``key`` is stored (an answer lost to the wifi)."""
    sql = "SELECT 1 FROM table_events WHERE phone_id = ? AND request_key = ? LIMIT 1"
    return db.conn.execute(sql, [phone["id"], key]).fetchone() is not None


def check_version(db: Database, game_id: int, number: int, version: int) -> None:
    """RoundChanged unless round ``number`` is saved and at ``version`` (what was shown)."""
    sql = "SELECT version FROM rounds WHERE game_id = ? AND number = ?"
    row = next(db.query(sql, [game_id, number]), None)
    if row is None or int(row["version"]) != version:
        raise RoundChanged(P_("round %(n)s has changed since it was shown", n=number))


def stands(db: Database, game_id: int, number: int, version: int, note: str) -> None:
    """The scorer answers a query of round ``number`` (at ``version``): it stands as
    entered, with ``note`` as a word back; the query is cleared on every phone and
    the round waits for its confirmation again."""
    with writing(db):
        check_version(db, game_id, number, version)
        row = {"game_id": game_id, "phone_id": None, "who": "", "action": "answered",
               "number": number, "version": version, "note": note, "at": now()}  # fmt: skip
        db.table("table_events").insert(row)
        bump(db, game_id)


def said_already(db: Database, phone: Phone, number: int, version: int, action: str) -> bool:
    """Whether this phone has confirmed (or queried) round ``number`` at ``version``
    since the round now under that number was saved."""
    sql = (
        "SELECT 1 FROM table_events e JOIN rounds r ON r.game_id = e.game_id "
        "AND r.number = e.number WHERE e.game_id = ? AND e.number = ? AND e.phone_id = ? "
        "AND e.action = ? AND e.version = ? AND e.at >= r.created_at LIMIT 1"
    )
    found = db.conn.execute(sql, [phone["game_id"], number, phone["id"], action, version])
    return found.fetchone() is not None


def overridden(db: Database, game_id: int, phone_id: int, who: str, number: int, note: str) -> None:
    """The scorer saved round ``number`` with a number other than the one this phone
    sent (``note`` says which, as JSON); kept once for the round as saved (the same
    save sent again after a lost answer adds nothing)."""
    with writing(db):
        sql = (
            "SELECT 1 FROM table_events e JOIN rounds r ON r.game_id = e.game_id "
            "AND r.number = e.number WHERE e.game_id = ? AND e.number = ? AND e.phone_id = ? "
            "AND e.action = 'overridden' AND e.note = ? AND e.at >= r.created_at LIMIT 1"
        )
        if db.conn.execute(sql, [game_id, number, phone_id, note]).fetchone() is None:
            phone = {"id": phone_id, "who": who}
            event(db, game_id, phone, "overridden", number=number, version=1, note=note)


def event(db: Database, game_id: int, phone: Phone, action: str, **more: Any) -> None:
    """Keep what happened at the table in the game's history, and tell the phones."""
    row = {"game_id": game_id, "phone_id": phone["id"], "who": phone["who"], "action": action,
           "at": now(), **more}  # fmt: skip
    db.table("table_events").insert(row)
    bump(db, game_id)


def answers(db: Database, game_id: int) -> dict[int, list[dict[str, Any]]]:
    """Confirmations and queries of each round, newest first; only those given since
    the round now under that number was saved (one undone or deleted, and another
    saved under its number at the same version, is not confirmed by what was said of
    the first)."""
    return answers_of(db, [game_id]).get(game_id, {})


def answers_of(db: Database, game_ids: list[int]) -> dict[int, dict[int, list[dict[str, Any]]]]:
    """``answers`` of each of these games, in one read (the director's desk)."""
    marks = ", ".join("?" * len(game_ids))
    sql = (
        "SELECT e.*, p.side AS side FROM table_events e JOIN rounds r ON r.game_id = e.game_id "
        "AND r.number = e.number LEFT JOIN table_phones p ON p.id = e.phone_id "
        f"WHERE e.game_id IN ({marks}) "
        "AND e.action IN ('confirmed', 'queried', 'answered') "
        "AND e.at >= r.created_at ORDER BY e.id DESC"
    )
    found: dict[int, dict[int, list[dict[str, Any]]]] = {}
    for stored in db.query(sql, game_ids):
        stored["fields"] = json.loads(stored["fields"]) if stored.get("fields") else None
        by_round = found.setdefault(int(stored["game_id"]), {})
        by_round.setdefault(int(stored["number"]), []).append(stored)
    return found


def events(db: Database, game_id: int) -> list[dict[str, Any]]:
    """Everything that happened at the table, newest first (for the history page)."""
    sql = "SELECT * FROM table_events WHERE game_id = ? ORDER BY id DESC"
    found = list(db.query(sql, [game_id]))
    for happened in found:
        if happened["action"] == "overridden":  # the field, the phone's number, the saved one
            happened["override"] = json.loads(happened["note"])
        happened["fields"] = json.loads(happened["fields"]) if happened.get("fields") else None
    return found
