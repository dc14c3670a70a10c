"""An entry that joins a club night late, added from the desk: it plays from the
next turn not started, and the turns left are planned afresh with it (a Mitchell's
by ``club.late``, a rotating-partners night's by ``planning.replanned``; a Swiss
simply pairs it with the others at the next start, 0 points so far). The turns it
missed score nothing; the standings say from which turn it plays."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from sqlite_utils import Database

from ...club.late import replanned_pairs
from ...club.movements import MovementError, Turn, mitchell
from ...club.rotating import rotating_partners
from ...scoring import get_variant
from ...scoring.adjustments import note_problem
from ...scoring.i18n import N_, problem as P_
from .. import checks
from ..connection import row, writing
from . import changes, events, planning
from .planning import EventProblem


def optional_reason(reason: str) -> str:
    """The director's reason, tidied (it may be left out); EventProblem when it
    cannot be kept as a note."""
    reason = " ".join(reason.split())
    if reason and (problem := note_problem(reason)):
        raise EventProblem(P_("reason: %(problem)s", problem=problem), "reason")
    return reason


def joined(db: Database, event_id: int) -> dict[int, int]:
    """The entries that joined late, each with the first turn it plays."""
    sql = (
        "SELECT number, joined_turn FROM event_entries WHERE event_id = ? "
        "AND joined_turn IS NOT NULL"
    )
    return {int(r["number"]): int(r["joined_turn"]) for r in db.query(sql, [event_id])}


def missed(db: Database, event_id: int) -> list[int]:
    """Each late entry once for every turn it missed: the turns it counts as sat
    out when a rotating night's turns left are planned afresh."""
    return [e for e, first in joined(db, event_id).items() for _ in range(first - 1)]


def next_free_turn(found: dict[str, Any]) -> int:
    """The turn a late entry plays from: the next not started. EventProblem once the
    last turn has started."""
    if found["turn"] >= found["turns"]:
        said = N_("the last turn has started: an entry can join only before it starts")
        raise EventProblem(P_(said), "entry")
    return int(found["turn"]) + 1


def plan_with(db: Database, found: dict[str, Any], count: int, first: int) -> list[Turn] | None:
    """The event's plan with one more entry (``count`` in all) playing from turn
    ``first``: the turns started stand, the others are planned afresh (None for a
    Swiss, paired at each start). Before the first turn a Mitchell is simply made
    again for the new count. Entries that withdrew before the turn being played are
    left out of a Mitchell's turns to come; one that withdrew in it stays planned, as
    every Mitchell withdrawal does, so that its withdrawal can still be undone."""
    movement, started = found["movement"], int(found["turn"])
    gone = events.withdrawn(db, found["id"])
    late = {**joined(db, found["id"]), count - 1: first}
    try:
        if movement == "mitchell" and not started:
            return mitchell(count, found["turns"], skip=bool(found["skip"]))
        if movement == "mitchell":
            return mitchell_left(db, found, count, late, len(found["plan"]))
        if movement == "rotating" and not started:
            shape = get_variant(found["variant"]).arrangement(found["players"])
            return rotating_partners(count, found["turns"], shape=shape, gone=set(gone))
    except MovementError as error:
        raise EventProblem(error.args[0], "entry") from error
    if movement == "rotating":
        sat_out = [*missed(db, found["id"]), *[count - 1] * (first - 1)]
        return planning.replanned(found, count, set(gone), sat_out)
    return None


def mitchell_left(
    db: Database, found: dict[str, Any], count: int, late: dict[int, int], turns: int
) -> list[Turn]:
    """A Mitchell under way with ``count`` entries (``late``: those that joined, with
    their first turns) and ``turns`` turns in all: the turns started as played, the
    others matched afresh (``club.late``), leaving out the entries that withdrew
    before the turn being played."""
    started = int(found["turn"])
    gone = events.withdrawn(db, found["id"])
    left_out = {e for e, t in gone.items() if t < started}
    return replanned_pairs(
        found["plan"], started, count, joined=late, left_out=left_out, turns=turns
    )


def turns_left(db: Database, found: dict[str, Any], turns: int) -> list[Turn] | None:
    """A Mitchell's plan of ``turns`` turns once an entry joined after the first
    turn (None otherwise, or before the first turn): an edit of the event keeps
    the turns left free of rematches, as the late entry's re-plan made them."""
    late = joined(db, found["id"])
    if found["movement"] != "mitchell" or not found["turn"] or max(late.values(), default=1) < 2:
        return None
    count = len(events.entries_of(db, found["id"]))
    return mitchell_left(db, found, count, late, turns)


def add_entry(db: Database, event_id: int, entry: dict[str, Any], reason: str) -> int:
    """Add ``entry`` (``{"name": ..., "players": [...]}``) to the event from the next
    turn not started, the plan re-made for the turns left (worked out outside the
    write, which checks nothing changed meanwhile), with the director's ``reason``
    (optional) in the event's history. The turn it plays from. Sent twice, the
    second changes nothing."""
    reason = optional_reason(reason)
    before = events.event(db, event_id)
    first = next_free_turn(before)
    people = events.entries_of(db, event_id)
    if same := same_entry(people, entry, first):
        return int(same["joined_turn"])
    planning.check_entries([*people, entry], before["entry_kind"])
    check_players(people, entry)
    planning.check_players_once([entry])
    plan = plan_with(db, before, len(people) + 1, first)
    with writing(db):
        found = events.event(db, event_id)
        now_people = events.entries_of(db, event_id)
        if (found["turn"], found["plan"], len(now_people)) != (
            before["turn"],
            before["plan"],
            len(people),
        ):
            raise EventProblem(P_("the event changed meanwhile: send it again"), "entry")
        if being_started(db, event_id, first):
            said = N_("turn %(n)s is being started: add the entry once it has started")
            raise EventProblem(P_(said, n=first), "entry")
        number = len(people)
        db.table("event_entries").insert(
            {
                "event_id": event_id,
                "number": number,
                "name": entry["name"],
                "players": json.dumps(entry["players"]),
                "joined_turn": first,
            }
        )
        if plan is not None:
            stored = json.dumps([asdict(t) for t in plan])
            db.execute("UPDATE events SET plan = ? WHERE id = ?", [stored, event_id])
        changes.record(db, event_id, "joined", reason, entry=number, name=entry["name"], turn=first)
    return first


def check_players(people: list[dict[str, Any]], entry: dict[str, Any]) -> None:
    """A late entry's players: each named, and nobody playing for another entry
    already."""
    playing = {checks.name_key(p) for e in people for p in e["players"]}
    for name in entry["players"]:
        if not name or (problem := checks.name_problem(name, checks.SEAT_NAME_LENGTH)):
            said = N_("a player's name: %(problem)s")
            problem = problem if name else P_(N_("each player needs a name"))
            raise EventProblem(P_(said, problem=problem), "entry")
        if checks.name_key(name) in playing:
            said = N_("%(name)s plays in this event already: name someone who does not")
            raise EventProblem(P_(said, name=name), "entry")


def same_entry(people: list[dict[str, Any]], entry: dict[str, Any], first: int) -> Any:
    """The entry already added from turn ``first`` under this name with these
    players (a second tap of the button), or None."""
    key = checks.name_key(entry["name"])
    for e in people:
        if checks.name_key(e["name"]) == key and e["players"] == entry["players"]:
            if e["joined_turn"] == first:
                return e
    return None


def being_started(db: Database, event_id: int, turn: int) -> bool:
    """Whether a start of ``turn`` is under way (some of its games made already)."""
    sql = "SELECT 1 AS made FROM event_games WHERE event_id = ? AND turn = ? LIMIT 1"
    return row(db, sql, [event_id, turn]) is not None
