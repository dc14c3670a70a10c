"""Every query the app makes, in one place. Functions take ``db`` first; each
user action is one write transaction, so it is all stored or not at all.

Every write is checked by the scoring engine first: a change that would leave
the game's document invalid raises ``ScoringError`` and stores nothing.
"""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from . import tally
from .db import CANASTA_COLUMNS
from .scoring import Answer, ScoringError, score_game


class StaleEdit(Exception):
    """An edit or delete based on an outdated view of a round."""


class NotFound(Exception):
    """No such game or round."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction, taking the write lock at once so that two phones
    adding rounds to a game are served one after the other. Inside another
    (an import of many games) it is a savepoint of that one."""
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


# -- players and evenings -------------------------------------------------


def players(db: Database) -> list[dict[str, Any]]:
    return list(db.query("SELECT id, name FROM players ORDER BY name COLLATE NOCASE"))


def player_names(db: Database) -> list[str]:
    return [p["name"] for p in players(db)]


def remember_player(db: Database, name: str) -> int:
    """The id of the player with this name (any case), added if new."""
    row = next(db.query("SELECT id FROM players WHERE name = ? COLLATE NOCASE", [name]), None)
    if row:
        return int(row["id"])
    return int(db.table("players").insert({"name": name, "created_at": now()}).last_pk)


def evenings_on(db: Database, date: str) -> list[dict[str, Any]]:
    return list(db.query("SELECT * FROM evenings WHERE date = ? ORDER BY id DESC", [date]))


def create_evening(
    db: Database, date: str, name: str = "", note: str = "", uid: str | None = None
) -> int:
    row = {
        "date": date,
        "name": name,
        "note": note,
        "created_at": now(),
        "uid": uid or uuid.uuid4().hex,
    }
    return int(db.table("evenings").insert(row).last_pk)


# -- games ----------------------------------------------------------------


def create_game(
    db: Database,
    *,
    evening_id: int,
    variant: str,
    sides: list[str],
    players: int,
    options: dict[str, Any],
    seats: list[str] | None = None,
    first_dealer: int = 0,
    passphrase_hash: str | None = None,
    start: dict[str, Any] | None = None,
    uid: str | None = None,
) -> int:
    """Store a new game after the engine has accepted its document."""
    head = {"variant": variant, "sides": sides, "players": players, "options": options}
    score_game({**head, **({"start": start} if start else {})})
    with writing(db):
        game_id = int(
            db.table("games")
            .insert(
                {
                    "evening_id": evening_id,
                    "variant": variant,
                    "sides": json.dumps(sides),
                    "players": players,
                    "options": json.dumps(options),
                    "first_dealer": first_dealer,
                    "passphrase_hash": passphrase_hash,
                    "watch_token": secrets.token_urlsafe(16),
                    "uid": uid or uuid.uuid4().hex,
                    "start": json.dumps(start or {}),
                    "created_at": now(),
                }
            )
            .last_pk
        )
        for seat, name in enumerate(seats or []):
            row = {"game_id": game_id, "seat": seat, "player_id": remember_player(db, name)}
            db.table("seats").insert({**row, "side": seat % len(sides)})
        refresh_results(db, game_id)
    return game_id


def get_game(db: Database, game_id: int) -> dict[str, Any]:
    row = next(db.query("SELECT * FROM games WHERE id = ?", [game_id]), None)
    if row is None:
        raise NotFound(f"no game {game_id}")
    seats = db.query(
        "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id "
        "WHERE s.game_id = ? ORDER BY s.seat",
        [game_id],
    )
    evening = next(db.query("SELECT * FROM evenings WHERE id = ?", [row["evening_id"]]))
    return {
        **row,
        "sides": json.loads(row["sides"]),
        "options": json.loads(row["options"]),
        "start": json.loads(row["start"] or "{}"),
        "seats": [s["name"] for s in seats],
        "evening": evening,
    }


def game_by_token(db: Database, token: str) -> dict[str, Any]:
    row = next(db.query("SELECT id FROM games WHERE watch_token = ?", [token]), None)
    if row is None:
        raise NotFound("no game behind this link")
    return get_game(db, int(row["id"]))


def game_stamp(db: Database, game_id: int) -> int:
    """Changes so far: a spectator's page reloads when this moves."""
    sql = "SELECT coalesce(max(id), 0) AS stamp FROM round_changes WHERE game_id = ?"
    return int(next(db.query(sql, [game_id]))["stamp"])


def app_passphrase_hash(db: Database) -> str | None:
    row = next(db.query("SELECT value FROM settings WHERE key = 'passphrase_hash'"), None)
    return row["value"] if row else None


def set_app_passphrase_hash(db: Database, value: str | None) -> None:
    with writing(db):
        db.execute("DELETE FROM settings WHERE key = 'passphrase_hash'")
        if value:
            db.table("settings").insert({"key": "passphrase_hash", "value": value})


def recent_games(db: Database, limit: int = 20) -> list[dict[str, Any]]:
    sql = (
        "SELECT g.id, g.variant, g.sides, e.date, g.round_count AS rounds "
        "FROM games g JOIN evenings e ON e.id = g.evening_id ORDER BY g.id DESC LIMIT ?"
    )
    return [{**r, "sides": json.loads(r["sides"])} for r in db.query(sql, [limit])]


def rounds_of(db: Database, game_id: int) -> list[dict[str, Any]]:
    sql = "SELECT number, entries, version FROM rounds WHERE game_id = ? ORDER BY number"
    return [{**r, "entries": json.loads(r["entries"])} for r in db.query(sql, [game_id])]


def document(game: dict[str, Any], rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """The game as RULES.md's game document."""
    return {
        "variant": game["variant"],
        "sides": game["sides"],
        "players": game["players"],
        "options": game["options"],
        "rounds": [r["entries"] for r in rounds],
        **({"start": game["start"]} if game.get("start") else {}),
    }


def scored(db: Database, game_id: int) -> tuple[dict[str, Any], list[dict[str, Any]], Answer]:
    """The game, its rounds and the engine's answer for them."""
    game = get_game(db, game_id)
    rounds = rounds_of(db, game_id)
    return game, rounds, score_game(document(game, rounds))


# -- rounds: every change checked, kept in the history --------------------


def add_round(db: Database, game_id: int, entries: dict[str, Any], key: str | None = None) -> int:
    """Store the next round and give its number. The number is given here, under
    the write lock; a ``key`` already used for this game stores nothing and gives
    the number of the round stored under it (a double tap, a retry)."""
    with writing(db):
        if key:
            sql = "SELECT number FROM rounds WHERE game_id = ? AND request_key = ?"
            done = next(db.query(sql, [game_id, key]), None)
            if done:
                return int(done["number"])
        game = get_game(db, game_id)
        rounds = rounds_of(db, game_id)
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
                "created_at": stamp,
                "updated_at": stamp,
            }
        )
        log_change(db, game_id, number, "added", None, entries)
        refresh_results(db, game_id, number, (game, after, answer))
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
        refresh_results(db, game_id, number, (game, changed, answer))


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
        refresh_results(db, game_id, number, (game, kept, answer))


def locate(
    db: Database, game_id: int, number: int, version: int
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
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


Scored = tuple[dict[str, Any], list[dict[str, Any]], Answer]


def refresh_results(
    db: Database, game_id: int, from_round: int = 1, state: Scored | None = None
) -> None:
    """Keep a game's result and its per-side round rows in step with its rounds
    (called inside every write, so history and statistics never rescore). A
    round's score depends on that round alone, so only the rows from
    ``from_round`` on are written again. ``state`` is the game, its rounds and
    the engine's answer, when the caller has just scored them."""
    before = tally.contributions(db, game_id)
    game, rounds, answer = state or scored(db, game_id)
    db.execute(
        "UPDATE games SET round_count = ?, finished = ?, winners = ?, totals = ?, updated_at = ? "
        "WHERE id = ?",
        [len(rounds), int(answer["finished"]), json.dumps(answer["winners"]),
         json.dumps(answer["totals"]), now(), game_id],
    )  # fmt: skip
    db.execute("DELETE FROM side_rounds WHERE game_id = ? AND number >= ?", [game_id, from_round])
    changed = zip(rounds[from_round - 1 :], answer["rounds"][from_round - 1 :], strict=True)
    rows = [
        side_row(
            game_id, stored["number"], i, result["scores"][side], stored["entries"].get(side, {})
        )
        for stored, result in changed
        for i, side in enumerate(game["sides"])
    ]
    if rows:
        names, marks = ", ".join(rows[0]), ", ".join("?" * len(rows[0]))
        db.conn.executemany(
            f"INSERT INTO side_rounds ({names}) VALUES ({marks})", [list(r.values()) for r in rows]
        )
    db.execute("DELETE FROM game_sides WHERE game_id = ?", [game_id])
    db.table("game_sides").insert_all(
        {"game_id": game_id, "side_index": i, "side": side, "total": answer["totals"][side],
         "won": int(side in answer["winners"])}
        for i, side in enumerate(game["sides"])
    )  # fmt: skip
    tally.apply(db, before, tally.contributions(db, game_id))


def side_row(game_id: int, number: int, index: int, score: int, fields: dict) -> dict[str, Any]:
    counts = {column: fields.get(column, 0) for column in CANASTA_COLUMNS}
    return {"game_id": game_id, "number": number, "side_index": index, "score": score,
            "went_out": int(bool(fields.get("went_out"))), **counts}  # fmt: skip


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
    sql = "SELECT * FROM round_changes WHERE game_id = ? ORDER BY id DESC"
    return [
        {
            **r,
            "before": json.loads(r["before"]) if r["before"] else None,
            "after": json.loads(r["after"]) if r["after"] else None,
        }
        for r in db.query(sql, [game_id])
    ]


__all__ = ["NotFound", "ScoringError", "StaleEdit"]
