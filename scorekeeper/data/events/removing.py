"""Deleting a whole event: asked first with what goes, then gone from the list of
events at once, and its games removed a few a write (each to Removals, from where it
can come back as an ordinary game of its evening), so no save at another table waits
for a big event's hundred games."""

from __future__ import annotations

import time
from typing import Any

from sqlite_utils import Database

from .. import stepping
from ..connection import PAUSE_BETWEEN_STEPS, now, row, rows, writing
from ..games import removals
from . import changes, desk, events

# Games one write removes: each takes its contribution out of its players' tallies.
GAMES_A_WRITE = 5
GOES = """
SELECT count(*) AS games, coalesce(sum(g.round_count), 0) AS rounds,
  (SELECT count(*) FROM event_entries WHERE event_id = ?) AS entries
FROM event_games eg JOIN games g ON g.id = eg.game_id
WHERE eg.event_id = ? AND g.removed_at IS NULL
"""
LEFT = """
SELECT g.id, g.name FROM event_games eg JOIN games g ON g.id = eg.game_id
WHERE eg.event_id = ? AND g.removed_at IS NULL ORDER BY g.id LIMIT ?
"""


def what_goes(db: Database, event_id: int) -> dict[str, Any]:
    """What deleting the event takes away: its ``games`` (with their ``rounds``) and
    its ``entries``."""
    found = row(db, GOES, [event_id, event_id])
    return dict(found) if found else {"games": 0, "rounds": 0, "entries": 0}


def remove_event(db: Database, event_id: int, reason: str) -> int:
    """Delete the event: gone at once (its pages 404, its cards open nothing), its
    games removed after, a few a write. The number of games removed."""
    reason = desk.checked(reason)
    with writing(db):
        events.event(db, event_id)  # NotFound for an event not there (or deleted already)
        db.execute("UPDATE events SET removed_at = ? WHERE id = ?", [now(), event_id])
        changes.record(db, event_id, "removed", reason)
    return remove_games(db, event_id)


def remove_games(db: Database, event_id: int) -> int:
    """Remove the games of a deleted event still there, a few a write; how many."""
    removed = 0
    with stepping.alone(db):
        while True:
            with writing(db):
                left = rows(db, LEFT, [event_id, GAMES_A_WRITE])
                for game in left:
                    what = f"{game['name']} (its event deleted)"
                    removals.remove_game(db, game["id"], what, by=changes.DIRECTOR)
            removed += len(left)
            if len(left) < GAMES_A_WRITE:
                return removed
            time.sleep(PAUSE_BETWEEN_STEPS)  # the saves waiting meanwhile go first


def recover(db: Database) -> list[int]:
    """Finish deleting the events whose games a stopped server left behind; their ids."""
    sql = (
        "SELECT DISTINCT e.id FROM events e JOIN event_games eg ON eg.event_id = e.id "
        "JOIN games g ON g.id = eg.game_id WHERE e.removed_at IS NOT NULL AND g.removed_at IS NULL"
    )
    found = [int(r["id"]) for r in rows(db, sql)]
    for event_id in found:
        remove_games(db, event_id)
    return found
