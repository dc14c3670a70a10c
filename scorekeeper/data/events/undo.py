"""The director's undoing at a club night, each kept in the event's history with
its reason: a turn's start taken back while no table has entered anything (its
games removed, the turn to be started again, a Swiss paired again), and an entry's
withdrawal taken back while the turn it left in is still being played."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import N_, problem as P_
from ..connection import rows, writing
from ..games import removals
from . import changes, desk, events, late, planning
from .planning import EventProblem

TURN_TABLES = """
SELECT eg.table_no, eg.game_id, g.sides, g.round_count,
  (SELECT count(*) FROM table_drafts d WHERE d.game_id = g.id) AS drafts,
  (SELECT count(*) FROM table_phones p WHERE p.game_id = g.id AND p.removed_at IS NULL) AS phones
FROM event_games eg JOIN games g ON g.id = eg.game_id
WHERE eg.event_id = ? AND eg.turn = ? AND g.removed_at IS NULL ORDER BY eg.table_no
"""


def turn_tables(db: Database, event_id: int, turn: int) -> list[dict[str, Any]]:
    """The games a turn's start made: each table's sides, rounds, phones' drafts and
    phones joined (what undoing the start takes away)."""
    found = rows(db, TURN_TABLES, [event_id, turn])
    return [{**t, "sides": json.loads(t["sides"])} for t in found]


def start_problem(found: dict[str, Any], tables: list[dict[str, Any]]) -> Any:
    """Why the current turn's start cannot be undone (None: it can): no turn has
    started, or a table has entered something of a round."""
    if not found["turn"]:
        return P_("no turn has started yet")
    for t in tables:
        if t["round_count"]:
            said = N_("table %(n)s has entered a round: the turn is under way")
            return P_(said, n=t["table_no"])
        if t["drafts"]:
            said = N_("a phone at table %(n)s has sent its part of a round: the turn is under way")
            return P_(said, n=t["table_no"])
    return None


def undo_start(db: Database, event_id: int, reason: str) -> int:
    """Take back the start of the current turn while no table has entered anything:
    its games are removed (a phone that joined one is told so), the turn before is
    the current one again, the clock is cleared, and a Swiss's pairing of the turn
    is forgotten (paired again, by the standings then, when it starts again). The
    turn undone."""
    reason = desk.checked(reason)
    with writing(db):
        found = events.event(db, event_id)
        turn = int(found["turn"])
        tables = turn_tables(db, event_id, turn) if turn else []
        if problem := start_problem(found, tables):
            raise EventProblem(problem)
        what = f"{found['name']}: turn {turn}'s start undone ({reason})"
        for t in tables:
            removals.remove_game(db, t["game_id"], what, by=changes.DIRECTOR)
            # a new start makes new games: the event's key of this one is set free
            db.execute(
                "UPDATE games SET request_key = 'undone:' || id || ':' || request_key WHERE id = ?",
                [t["game_id"]],
            )
        db.execute("DELETE FROM event_games WHERE event_id = ? AND turn = ?", [event_id, turn])
        if found["movement"] == "swiss" and len(found["plan"]) >= turn:
            plan = [asdict(t) for t in found["plan"][: turn - 1]]
            db.execute("UPDATE events SET plan = ? WHERE id = ?", [json.dumps(plan), event_id])
        db.execute(
            "UPDATE events SET turn = ?, clock_ends_at = NULL, clock_left = NULL WHERE id = ?",
            [turn - 1, event_id],
        )
        # the phones still at the turn before's games see there is no next game now
        db.execute(
            "UPDATE games SET table_stamp = table_stamp + 1 WHERE id IN "
            "(SELECT game_id FROM event_games WHERE event_id = ? AND turn = ?)",
            [event_id, turn - 1],
        )
        changes.record(db, event_id, "start undone", reason, turn=turn, tables=len(tables))
    return turn


def withdrawal_problem(db: Database, found: dict[str, Any], entry: dict[str, Any]) -> Any:
    """Why ``entry``'s withdrawal cannot be undone (None: it can). It can until a
    turn has started without it: before the first turn, or while the turn it left
    in is played (its table of that turn made with it, or its bye)."""
    gone, turn = entry["withdrawn_turn"], int(found["turn"])
    if gone is None:
        return P_("%(name)s has not withdrawn", name=entry["name"])
    if not turn:
        return None
    tables = events.tables(db, found["id"], turn)
    at_table = any(entry["number"] in side for t in tables for side in t["entries"])
    planned = found["plan"][turn - 1] if len(found["plan"]) >= turn else None
    on_bye = planned is not None and entry["number"] in planned.byes
    if turn == gone and (at_table or on_bye):
        return None
    said = N_(
        "turn %(n)s started without %(name)s: a withdrawal is undone before the next turn starts"
    )
    return P_(said, n=turn, name=entry["name"])


def undo_withdrawal(db: Database, event_id: int, entry: int, reason: str) -> None:
    """Take back an entry's withdrawal: it plays on, its table of this turn (if it
    had one) goes on where it stood, and a rotating-partners night's turns to come
    are planned afresh with it (outside the write)."""
    reason = desk.checked(reason)
    before = events.event(db, event_id)
    plan = None
    if before["movement"] == "rotating":
        gone = set(events.withdrawn(db, event_id)) - {entry}
        count = len(events.entries_of(db, event_id))
        plan = planning.replanned(before, count, gone, late.missed(db, event_id))
    with writing(db):
        found = events.event(db, event_id)
        people = events.entries_of(db, event_id)
        if not 0 <= entry < len(people):
            raise EventProblem(P_("choose an entry of this event"))
        if problem := withdrawal_problem(db, found, people[entry]):
            raise EventProblem(problem)
        if plan is not None:
            if (found["turn"], found["plan"]) != (before["turn"], before["plan"]):
                raise EventProblem(P_("the event changed meanwhile: send it again"))
            stored = json.dumps([asdict(t) for t in plan])
            db.execute("UPDATE events SET plan = ? WHERE id = ?", [stored, event_id])
        db.execute(
            "UPDATE event_entries SET withdrawn_turn = NULL, withdrawn_reason = NULL "
            "WHERE event_id = ? AND number = ?",
            [event_id, entry],
        )
        name = people[entry]["name"]
        for t in events.tables(db, event_id, found["turn"]) if found["turn"] else []:
            if any(entry in side for side in t["entries"]):
                desk.director(db, t["game_id"], "withdrawal undone", reason, who=name)
        changes.record(db, event_id, "withdrawal undone", reason, entry=entry, name=name)
