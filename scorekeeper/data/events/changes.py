"""An event's history: the director's changes to the event, each with when, who
and why, newest first (a table's own changes are in its game's history too)."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ..connection import insert, now, rows

DIRECTOR = "director"  # who made a change, in the event's history and a table's


def record(
    db: Database, event_id: int, action: str, reason: str, who: str = DIRECTOR, **detail: Any
) -> int:
    """Keep one change (inside the change's own write): ``action`` is one of
    ``ACTIONS``; ``detail`` what it concerned (``turn``, ``entry``, ``table``...)."""
    row = {
        "event_id": event_id,
        "at": now(),
        "who": who,
        "action": action,
        "reason": reason,
        "detail": json.dumps(detail),
    }
    return insert(db, "event_changes", row)


def history(db: Database, event_id: int) -> list[dict[str, Any]]:
    """Every change to the event, newest first."""
    sql = "SELECT * FROM event_changes WHERE event_id = ? ORDER BY id DESC"
    return [{**r, "detail": json.loads(r["detail"])} for r in rows(db, sql, [event_id])]
