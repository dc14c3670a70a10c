"""The director's penalties in event points (victory points on a victory-point
scale): given from the desk to an entry for a turn, with a reason; shown in the
standings and on the entry's scorecard; kept in the event's history with who and
why; removed with a reason too (a removed penalty stops counting, and its row
stays, with when it was removed)."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import N_, problem as P_
from ..connection import insert, now, row, rows, writing
from . import changes, desk, events

MOST = 1000  # the largest penalty, in event points


def give(db: Database, event_id: int, game_id: int, entry: int, points: float, reason: str) -> int:
    """A penalty of ``points`` for ``entry``, one of the entries at the table playing
    ``game_id``, for that table's turn. Its id."""
    reason = desk.checked(reason)
    if not 0 < points <= MOST:
        raise events.EventProblem(P_(N_("points: more than 0, at most %(n)s"), n=MOST), "points")
    with writing(db):
        table = desk.event_game(db, event_id, game_id)
        names = events.entries_of(db, event_id)
        if entry not in at_table(table):
            raise events.EventProblem(P_(N_("entry: choose an entry at this table")), "entry")
        made = {
            "event_id": event_id,
            "turn": table["turn"],
            "entry": entry,
            "points": points,
            "reason": reason,
            "who": changes.DIRECTOR,
            "at": now(),
        }
        penalty_id = insert(db, "event_penalties", made)
        detail = {"turn": table["turn"], "table": table["table_no"], "entry": entry}
        name = names[entry]["name"]
        changes.record(db, event_id, "penalty", reason, name=name, points=points, **detail)
    return penalty_id


def remove(db: Database, event_id: int, penalty_id: int, reason: str) -> dict[str, Any]:
    """Take a penalty back: it no longer counts; the history says who and why."""
    reason = desk.checked(reason)
    with writing(db):
        found = row(
            db,
            "SELECT * FROM event_penalties WHERE id = ? AND event_id = ? AND removed_at IS NULL",
            [penalty_id, event_id],
        )
        if found is None:
            raise events.EventProblem(P_(N_("this penalty is not there, or was removed already")))
        db.execute("UPDATE event_penalties SET removed_at = ? WHERE id = ?", [now(), penalty_id])
        name = events.entries_of(db, event_id)[found["entry"]]["name"]
        detail = {"turn": found["turn"], "entry": found["entry"], "name": name}
        changes.record(db, event_id, "penalty removed", reason, points=found["points"], **detail)
    return found


def at_table(table: dict[str, Any]) -> list[int]:
    """The entry numbers seated at an event's table (its ``event_games`` row)."""
    entries = table["entries"]
    sides = json.loads(entries) if isinstance(entries, str) else entries
    return [e for side in sides for e in side]


def of_table(db: Database, event_id: int, game_id: int) -> list[dict[str, Any]]:
    """The penalties that count, given for the turn of this table to its entries."""
    table = desk.event_game(db, event_id, game_id)
    sql = (
        "SELECT * FROM event_penalties WHERE event_id = ? AND turn = ? "
        "AND removed_at IS NULL ORDER BY id"
    )
    mine = set(at_table(table))
    return [p for p in rows(db, sql, [event_id, table["turn"]]) if p["entry"] in mine]
