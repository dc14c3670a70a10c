"""Rounds: add, correct, delete. Every change is checked by the engine against
the whole game before anything is stored, kept in the game's history, and
brings the game's kept results up to date in the same transaction."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from ..scoring import score_game
from . import results
from .connection import now, writing
from .games import Game, NotFound, Round, document, get_game, rounds_of

UNDO_SECONDS = 20  # the screen offers Undo for 10 s; the server allows for slow wifi


class StaleEdit(Exception):
    """An edit or delete based on an outdated view of a round."""


class RoundAlreadySaved(Exception):
    """A round screen saved for a round number that is already stored: the
    screen was opened before someone else (or Back, then Save) stored it."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__(f"round {number} is already saved")


class TooLateToUndo(Exception):
    """Undo is only for the round just saved, within a few seconds."""


class KeyReused(StaleEdit):
    """A request key already used for a different round."""


def request_hash(entries: Any) -> str:
    """What identifies a round's request: its entries as canonical JSON, hashed."""
    text = json.dumps(entries, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def add_round(
    db: Database,
    game_id: int,
    entries: dict[str, Any],
    key: str | None = None,
    number: int | None = None,
) -> int:
    """Store the next round and give its number. The number is given here, under
    the write lock; a ``key`` already used for this game stores nothing and gives
    the number of the round stored under it (a double tap, a retry). A round
    screen passes the ``number`` it was opened for: if that round is stored
    already, ``RoundAlreadySaved`` is raised and nothing is stored."""
    with writing(db):
        if key:
            sql = "SELECT number, request_hash FROM rounds WHERE game_id = ? AND request_key = ?"
            done = next(db.query(sql, [game_id, key]), None)
            if done and done["request_hash"] not in (None, request_hash(entries)):
                raise KeyReused("this Idempotency-Key was already used for a different round")
            if done:
                return int(done["number"])
        game = get_game(db, game_id)
        rounds = rounds_of(db, game_id)
        if number is not None and number != len(rounds) + 1:
            raise (
                RoundAlreadySaved(number)
                if number <= len(rounds)
                else NotFound(f"game {game_id} has no round {number - 1} yet")
            )
        number = len(rounds) + 1
        after = [*rounds, {"number": number, "entries": entries, "version": 1}]
        answer = score_game(document(game, after))
        stamp = now()
        db.table("rounds").insert(
            {
                "game_id": game_id,
                "number": number,
                "entries": json.dumps(entries),
                "version": 1,
                "request_key": key,
                "request_hash": request_hash(entries) if key else None,
                "created_at": stamp,
                "updated_at": stamp,
            }
        )
        log_change(db, game_id, number, "added", None, entries)
        results.refresh(db, game_id, game, after, answer, number)
    return number


def edit_round(
    db: Database, game_id: int, number: int, entries: dict[str, Any], version: int
) -> None:
    """Replace a round's entries if nobody changed it since ``version`` was read."""
    with writing(db):
        game, rounds, old = locate(db, game_id, number, version)
        changed = [*rounds]
        changed[number - 1] = {**old, "entries": entries}
        answer = score_game(document(game, changed))
        db.execute(
            "UPDATE rounds SET entries = ?, version = version + 1, updated_at = ? "
            "WHERE game_id = ? AND number = ?",
            [json.dumps(entries), now(), game_id, number],
        )
        log_change(db, game_id, number, "edited", old["entries"], entries)
        results.refresh(db, game_id, game, changed, answer, number)


def delete_round(db: Database, game_id: int, number: int, version: int) -> None:
    """Remove a round; later rounds move up one number."""
    with writing(db):
        game, rounds, old = locate(db, game_id, number, version)
        kept = rounds[: number - 1] + rounds[number:]
        kept = [{**r, "number": i} for i, r in enumerate(kept, start=1)]
        answer = score_game(document(game, kept))
        db.execute("DELETE FROM rounds WHERE game_id = ? AND number = ?", [game_id, number])
        for later in range(number + 1, len(rounds) + 1):
            db.execute(
                "UPDATE rounds SET number = number - 1, version = version + 1 "
                "WHERE game_id = ? AND number = ?",
                [game_id, later],
            )
        log_change(db, game_id, number, "deleted", old["entries"], None)
        results.refresh(db, game_id, game, kept, answer, number)


def undoable(db: Database, game_id: int, number: int) -> bool:
    """Whether round ``number`` is the one just saved: the last, unchanged, recent."""
    sql = (
        "SELECT version, created_at, (SELECT max(number) FROM rounds WHERE game_id = ?) AS last "
        "FROM rounds WHERE game_id = ? AND number = ?"
    )
    row = next(db.query(sql, [game_id, game_id, number]), None)
    if row is None or row["version"] != 1 or row["last"] != number:
        return False
    age = (datetime.now(UTC) - datetime.fromisoformat(row["created_at"])).total_seconds()
    return age <= UNDO_SECONDS


def undo_round(db: Database, game_id: int, number: int, version: int) -> None:
    """Take back the round just saved: only the last round, unchanged since, and
    within ``UNDO_SECONDS`` of its saving; kept in the history as undone."""
    with writing(db):
        game, rounds, old = locate(db, game_id, number, version)
        sql = "SELECT created_at FROM rounds WHERE game_id = ? AND number = ?"
        saved = datetime.fromisoformat(next(db.query(sql, [game_id, number]))["created_at"])
        age = (datetime.now(UTC) - saved).total_seconds()
        if number != len(rounds) or version != 1 or age > UNDO_SECONDS:
            raise TooLateToUndo(
                f"round {number} can no longer be undone: correct or delete it instead"
            )
        kept = rounds[:-1]
        answer = score_game(document(game, kept))
        db.execute("DELETE FROM rounds WHERE game_id = ? AND number = ?", [game_id, number])
        log_change(db, game_id, number, "undone", old["entries"], None)
        results.refresh(db, game_id, game, kept, answer, number)


def locate(
    db: Database, game_id: int, number: int, version: int
) -> tuple[Game, list[Round], Round]:
    """The game, its rounds and round ``number``, if it is still at ``version``."""
    game = get_game(db, game_id)
    rounds = rounds_of(db, game_id)
    if not 1 <= number <= len(rounds):
        raise NotFound(f"game {game_id} has no round {number}")
    current = rounds[number - 1]
    if current["version"] != version:
        raise StaleEdit(
            f"round {number} was changed on another device since you opened it; "
            "look at it again before changing it"
        )
    return game, rounds, current


def log_change(
    db: Database, game_id: int, number: int, action: str, before: Any, after: Any
) -> None:
    db.table("round_changes").insert(
        {
            "game_id": game_id,
            "number": number,
            "action": action,
            "before": None if before is None else json.dumps(before),
            "after": None if after is None else json.dumps(after),
            "at": now(),
        }
    )


def changes(db: Database, game_id: int) -> list[dict[str, Any]]:
    """The game's history of changes, newest first."""
    sql = "SELECT * FROM round_changes WHERE game_id = ? ORDER BY id DESC"
    return [
        {
            **r,
            "before": json.loads(r["before"]) if r["before"] else None,
            "after": json.loads(r["after"]) if r["after"] else None,
        }
        for r in db.query(sql, [game_id])
    ]
