"""Phones' confirmations and queries of saved rounds, and the scorer's answers to them."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import N_, problem as P_
from ..connection import now, writing
from .table import Phone, bump, event


class RoundChanged(Exception):
    """A confirmation or query of a round that has changed since it was shown."""


class AlreadyQueried(Exception):
    """This phone's query of this round (as it stands) is with the scorer already."""


def answer_round(
    db: Database,
    phone: Phone,
    number: int,
    version: int,
    action: str,
    note: str = "",
    key: str | None = None,
    fields: dict[str, Any] | None = None,
) -> bool:
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
        event(
            db,
            game_id,
            phone,
            action,
            number=number,
            version=version,
            note=note,
            request_key=key,
            **carried,
        )
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
        row = {
            "game_id": game_id,
            "phone_id": None,
            "who": "",
            "action": "answered",
            "number": number,
            "version": version,
            "note": note,
            "at": now(),
        }
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


def overrides_of(db: Database, game_id: int, phone_id: int) -> dict[int, list[dict[str, Any]]]:
    """What the scorer saved over this phone's numbers, by round: each field with the
    phone's number and the one saved (``overridden``), oldest first; of each round as
    it stands (a round undone and entered again has none of the old ones)."""
    sql = (
        "SELECT e.number, e.note FROM table_events e JOIN rounds r ON r.game_id = e.game_id "
        "AND r.number = e.number WHERE e.game_id = ? AND e.phone_id = ? "
        "AND e.action = 'overridden' AND e.at >= r.created_at ORDER BY e.id"
    )
    found: dict[int, list[dict[str, Any]]] = {}
    for number, note in db.conn.execute(sql, [game_id, phone_id]):
        found.setdefault(number, []).append(json.loads(note))
    return found


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
