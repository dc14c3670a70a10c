"""The points an event carries from an earlier one, read for its standings: the
earlier event's final standings matched to this event's entries (club.carry). The
standings are passed in, so that this reads no module that reads it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sqlite_utils import Database

from ...club import carry
from ...club.standings import Line
from ..checks import name_key
from ..connection import row, rows


def matchable(db: Database, event_id: int) -> list[carry.Entry]:
    """An event's entries, in order, as the carry-over matches them: by keys."""
    sql = "SELECT name, players FROM event_entries WHERE event_id = ? ORDER BY number"
    return [
        carry.Entry(name_key(e["name"]), frozenset(name_key(p) for p in json.loads(e["players"])))
        for e in rows(db, sql, [event_id])
    ]


def carried_points(
    db: Database, found: dict[str, Any], standings_of: Callable[[int], list[Line]]
) -> dict[int, float]:
    """Each entry's points carried from the event ``found`` carries from
    (``standings_of(event_id)``: its final standings); none once that event has
    been deleted."""
    sql = "SELECT id FROM events WHERE id = ? AND removed_at IS NULL"
    if row(db, sql, [found["carry_from"]]) is None:
        return {}
    return carry.carried(
        matchable(db, found["id"]),
        matchable(db, found["carry_from"]),
        standings_of(found["carry_from"]),
        found["carry_percent"] or 100,
    )
