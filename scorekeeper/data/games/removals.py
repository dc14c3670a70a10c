"""Removing games and players softly, and undoing it. A removal sets
``removed_at`` (the rows stay, so undo loses nothing) and is kept in
``removals``: what was removed, by whom, when.

A removed game leaves recent games, evenings and statistics: its contribution
to its players' tallies is taken out in the same transaction (``tallies`` counts
a removed game as nothing) and put back on undo. A removed player leaves the
players list and the seat suggestions; games they played keep their names.
"""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import N_, problem as P_
from ..connection import insert, now, writing
from ..ratings import ratings
from . import tallies
from .games import NotFound, get_game

TABLES = {"game": "games", "player": "players"}


def remove_game(db: Database, game_id: int, what: str, by: str = "") -> int:
    """Remove a game; the id of its removal (to undo it)."""
    with writing(db):
        get_game(db, game_id)
        before = tallies.contributions(db, game_id)
        return mark(db, "game", game_id, what, by, before)


def remove_player(db: Database, player_id: int, what: str, by: str = "") -> int:
    with writing(db):
        return mark(db, "player", player_id, what, by, {})


def mark(db: Database, kind: str, target: int, what: str, by: str, before: dict[int, Any]) -> int:
    stamp = now()
    found = db.execute(
        f"UPDATE {TABLES[kind]} SET removed_at = ? WHERE id = ? AND removed_at IS NULL",
        [stamp, target],
    ).rowcount
    if not found:
        template = (
            N_("no game %(id)s to remove") if kind == "game" else N_("no player %(id)s to remove")
        )
        raise NotFound(P_(template, id=target))
    if kind == "game":
        tallies.apply(db, before, tallies.contributions(db, target))
        ratings.follow(db, target)
    row = {"kind": kind, "target_id": target, "what": what, "by": by, "removed_at": stamp}
    return insert(db, "removals", row)


def removal(db: Database, removal_id: int) -> dict[str, Any]:
    row = next(db.query("SELECT * FROM removals WHERE id = ?", [removal_id]), None)
    if row is None:
        raise NotFound(P_("no removal %(id)s", id=removal_id))
    return row


def undo(db: Database, removal_id: int) -> dict[str, Any]:
    """Bring a removed game or player back (its tallies too); the removal row.
    Undoing twice changes nothing more."""
    with writing(db):
        row = removal(db, removal_id)
        if row["undone_at"]:
            return row
        target, table = row["target_id"], TABLES[row["kind"]]
        before = tallies.contributions(db, target) if row["kind"] == "game" else {}
        db.execute(f"UPDATE {table} SET removed_at = NULL WHERE id = ?", [target])
        if row["kind"] == "game":
            tallies.apply(db, before, tallies.contributions(db, target))
            ratings.follow(db, target)
        db.execute("UPDATE removals SET undone_at = ? WHERE id = ?", [now(), removal_id])
    return removal(db, removal_id)


def history(db: Database, limit: int = 200) -> list[dict[str, Any]]:
    """Removals, newest first."""
    return list(db.query("SELECT * FROM removals ORDER BY id DESC LIMIT ?", [limit]))
