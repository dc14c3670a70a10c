"""An event that starts from an earlier one's standings (a two-session final): the
director names the earlier event and the share of its points each entry carries
(club.carry matches the entries); the standings count them from then on. Each
change is kept in the event's history with its reason."""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import problem as P_
from ..connection import rows, writing
from . import changes, events
from .planning import EventProblem

CARRIED = "carries over"  # the history's actions: a carry-over set, or taken away
UNCARRIED = "carry-over removed"


def earlier_events(db: Database, event_id: int) -> list[dict[str, Any]]:
    """The events this one may carry from: those made before it (so that no two
    events carry from each other), newest first."""
    sql = (
        "SELECT id, name, date FROM events WHERE id < ? AND removed_at IS NULL "
        "ORDER BY date DESC, id DESC"
    )
    return rows(db, sql, [event_id])


def set_carry(
    db: Database, event_id: int, source: int | None, percent: int, reason: str
) -> dict[str, Any]:
    """Carry ``percent`` of event ``source``'s points into this event (None: carry
    nothing); gives the earlier event, or {} when there is none now."""
    if not 1 <= percent <= 100:
        raise EventProblem(P_("percent: from 1 to 100"), "percent")
    with writing(db):
        found = events.event(db, event_id)
        if source is None:
            db.execute(
                "UPDATE events SET carry_from = NULL, carry_percent = NULL WHERE id = ?",
                [event_id],
            )
            if found["carry_from"]:
                changes.record(db, event_id, UNCARRIED, reason)
            return {}
        if source not in {e["id"] for e in earlier_events(db, event_id)}:
            raise EventProblem(P_("source: choose an event made before this one"), "source")
        earlier = events.event(db, source)
        db.execute(
            "UPDATE events SET carry_from = ?, carry_percent = ? WHERE id = ?",
            [source, percent, event_id],
        )
        changes.record(db, event_id, CARRIED, reason, name=earlier["name"], percent=percent)
        return earlier
