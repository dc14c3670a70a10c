"""A club night's turn clock: it starts with the turn and counts down on every
screen of the event; the director pauses it, resumes it, and adds or takes off
minutes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import problem as P_
from ..connection import row, writing
from ..games import games
from .planning import EventProblem


def clock(db: Database, event_id: int, at: datetime | None = None) -> dict[str, Any]:
    """The turn's clock: whether it runs, the seconds left (never below 0), and
    when it ends (UTC, while it runs); ``{"set": False}`` when the turn has none."""
    found = row(db, "SELECT turn, clock_ends_at, clock_left FROM events WHERE id = ?", [event_id])
    if found is None:
        raise games.NotFound(P_("no event %(id)s", id=event_id))
    at = at or datetime.now(UTC)
    if found["clock_ends_at"]:
        ends = datetime.fromisoformat(found["clock_ends_at"])
        left = max(0, int((ends - at).total_seconds() + 0.999))
        return {
            "set": True,
            "running": True,
            "left": left,
            "ends_at": found["clock_ends_at"],
            "turn": found["turn"],
        }
    if found["clock_left"] is not None:
        return {
            "set": True,
            "running": False,
            "left": int(found["clock_left"]),
            "turn": found["turn"],
        }
    return {"set": False, "turn": found["turn"]}


def set_clock(
    db: Database, event_id: int, *, running: bool, left: int, at: datetime | None = None
) -> None:
    """Run the clock with ``left`` seconds to go, or hold it there (paused); the
    turn's games end with the first round each saves once time is up (a paused
    clock holds that off, unless it is paused at time)."""
    at = at or datetime.now(UTC)
    left = max(0, left)
    ends = (at + timedelta(seconds=left)).isoformat(timespec="seconds") if running else None
    db.execute(
        "UPDATE events SET clock_ends_at = ?, clock_left = ? WHERE id = ?",
        [ends, None if running else left, event_id],
    )
    due = ends or (None if left else at.isoformat(timespec="seconds"))
    db.execute(TURN_ENDS, [due, event_id])


# The time from which each game of the event's turn ends with its next round.
TURN_ENDS = """
UPDATE games SET ends_at = ? WHERE id IN (SELECT eg.game_id FROM event_games eg
  JOIN events e ON e.id = eg.event_id AND eg.turn = e.turn WHERE e.id = ?)
"""


def time_up(state: dict[str, Any]) -> bool:
    """Whether time is called: the turn's clock (``clock``) is at 0."""
    return bool(state["set"]) and not state["left"]


def change_clock(db: Database, event_id: int, action: str, minutes: int = 0) -> dict[str, Any]:
    """The director's buttons: "pause", "resume", or "add" ``minutes`` (negative to
    take some off). The clock as it is afterwards."""
    with writing(db):
        now_ = datetime.now(UTC)
        state = clock(db, event_id, now_)
        if not state["set"]:
            raise EventProblem(P_("this turn has no clock"))
        running = {"pause": False, "resume": True}.get(action, state["running"])
        left = state["left"] + (60 * minutes if action == "add" else 0)
        set_clock(db, event_id, running=running, left=left, at=now_)
    return clock(db, event_id)


__all__ = ["change_clock", "clock", "set_clock", "time_up"]
