"""Evenings: starting one, and the queries for past evenings. They read the
results kept by ``results.refresh``, so no page rescores old games."""

from __future__ import annotations

import json
import uuid
from typing import Any

from sqlite_utils import Database

from .. import checks
from ..connection import insert, now, rows

# The new-game form's evening: a new one, or that of the table these players make
# (the same players' evening that day, a new one if they have none yet).
NEW_EVENING, TABLE_EVENING = -1, 0

PAGE_SIZE = 25


def evening_filter(db: Database, player: str | None, variant: str | None) -> tuple[str, list[Any]]:
    """WHERE clause for evenings with this player and/or variant. Each condition is
    an IN over an index (seats by player, games by variant), so its cost follows the
    player's or the variant's games, not the size of the whole history."""
    where, params = ["e.import_id IS NULL"], []  # an import under way: shown when all in
    if player:
        found = next(
            db.query("SELECT id FROM players WHERE name = ? COLLATE NOCASE", [player]), None
        )
        where.append(
            "e.id IN (SELECT g.evening_id FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE s.player_id = ? AND g.removed_at IS NULL)"
        )
        params.append(found["id"] if found else -1)
    if variant:
        where.append(
            "e.id IN (SELECT evening_id FROM games WHERE variant = ? AND removed_at IS NULL)"
        )
        params.append(variant)
    return " WHERE " + " AND ".join(where), params


def evenings(
    db: Database, player: str | None = None, variant: str | None = None, page: int = 1
) -> tuple[list[dict[str, Any]], int]:
    """A page of evenings, newest first, each with its players, games and winners;
    and how many evenings match in all."""
    where, params = evening_filter(db, player, variant)
    count = next(db.query(f"SELECT count(*) AS n FROM evenings e{where}", params))["n"]
    rows = list(
        db.query(
            f"SELECT e.* FROM evenings e{where} ORDER BY e.date DESC, e.id DESC LIMIT ? OFFSET ?",
            [*params, PAGE_SIZE, (page - 1) * PAGE_SIZE],
        )
    )
    ids = [r["id"] for r in rows]
    games = games_of(db, ids)
    people = players_of(db, ids)
    for row in rows:
        row["games"] = games.get(row["id"], [])
        row["players"] = people.get(row["id"], [])
        row["variants"] = sorted({g["variant"] for g in row["games"]})
    return rows, int(count)


def by_evening(db: Database, sql: str, evening_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Rows of ``sql`` (whose ``{ids}`` is the evenings' placeholders), grouped by evening."""
    found: dict[int, list[dict[str, Any]]] = {}
    if evening_ids:
        marks = ",".join("?" * len(evening_ids))
        for row in rows(db, sql.format(ids=marks), evening_ids):
            found.setdefault(row["evening_id"], []).append(row)
    return found


def games_of(db: Database, evening_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    sql = (
        "SELECT id, name, evening_id, variant, sides, round_count, finished, winners, totals "
        "FROM games WHERE evening_id IN ({ids}) AND removed_at IS NULL ORDER BY id"
    )
    found = by_evening(db, sql, evening_ids)
    for games in found.values():
        for g in games:
            g.update(
                sides=json.loads(g["sides"]),
                winners=json.loads(g["winners"] or "[]"),
                totals=json.loads(g["totals"] or "{}"),
            )
    return found


def players_of(db: Database, evening_ids: list[int]) -> dict[int, list[str]]:
    sql = (
        "SELECT DISTINCT g.evening_id, p.name FROM games g JOIN seats s ON s.game_id = g.id "
        "JOIN players p ON p.id = s.player_id WHERE g.evening_id IN ({ids}) "
        "AND g.removed_at IS NULL "
        "ORDER BY p.name COLLATE NOCASE"
    )
    return {e: [r["name"] for r in rows] for e, rows in by_evening(db, sql, evening_ids).items()}


def evening(db: Database, evening_id: int) -> dict[str, Any] | None:
    """An evening with the players of its games."""
    row = next(db.query("SELECT * FROM evenings WHERE id = ?", [evening_id]), None)
    return with_players(db, [row])[0] if row else None


def with_players(db: Database, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The evening rows, each with the players of its games (alphabetically)."""
    people = players_of(db, [r["id"] for r in rows])
    return [{**r, "players": people.get(r["id"], [])} for r in rows]


def update_evening(db: Database, evening_id: int, name: str, note: str) -> None:
    db.execute("UPDATE evenings SET name = ?, note = ? WHERE id = ?", [name, note, evening_id])


def evenings_on(db: Database, date: str) -> list[dict[str, Any]]:
    """The evenings already started on ``date``, newest first."""
    return list(
        db.query(
            "SELECT * FROM evenings WHERE date = ? AND import_id IS NULL ORDER BY id DESC", [date]
        )
    )


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
    return insert(db, "evenings", row)


def table_evening(db: Database, date: str, seats: list[str]) -> int | None:
    """The evening on ``date`` of the table these players sit at: the latest one
    with a game (not removed) played by exactly these players, names compared as
    players' names are (any case). None if they have not played that day: a second
    table the same night starts its own evening."""
    keys = sorted({checks.name_key(name) for name in seats})
    if not keys:
        return None
    marks = ",".join("?" * len(keys))
    sql = (
        "SELECT g.evening_id FROM games g JOIN evenings e ON e.id = g.evening_id "
        "WHERE e.date = ? AND e.import_id IS NULL AND g.removed_at IS NULL "
        "AND (SELECT count(*) FROM seats s WHERE s.game_id = g.id) = ? "
        "AND NOT EXISTS (SELECT 1 FROM seats s JOIN players p ON p.id = s.player_id "
        f"WHERE s.game_id = g.id AND p.name_key NOT IN ({marks})) "
        "ORDER BY g.id DESC LIMIT 1"
    )
    found = next(db.query(sql, [date, len(keys), *keys]), None)
    return int(found["evening_id"]) if found else None


def evening_for(db: Database, date: str, seats: list[str], chosen: int) -> int:
    """The evening a new game joins: the one ``chosen`` (an id), a new one
    (``NEW_EVENING``), or (``TABLE_EVENING``) this table's that day, started if new."""
    if chosen > 0:
        return chosen
    found = table_evening(db, date, seats) if chosen == TABLE_EVENING else None
    return found or create_evening(db, date)
