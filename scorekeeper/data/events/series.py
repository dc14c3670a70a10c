"""A series of evenings (a club championship, a ladder): made by a director with
how it counts, its events added when it is made or afterwards (each addition kept
in that event's history), and its standings (club.series) over the events played,
as plain figures that a page, a file or a published site can show alike."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from sqlite_utils import Database

from ...club.series import Counting, Finish, SeriesLine, series_standings
from ...scoring.i18n import problem as P_
from ..checks import name_key
from ..connection import insert, now, row, rows, writing
from ..games import games
from . import changes, events
from .planning import EventProblem

COUNTS = ("points", "place")
JOINED = "joined series"  # the action an event's history says when it joins one


def create_series(
    db: Database,
    *,
    name: str,
    counts: str,
    best: int | None = None,
    place_table: list[float] | None = None,
    event_ids: list[int] | None = None,
) -> int:
    """Store a series counting its events' ``points`` or each ``place`` by
    ``place_table`` (the 1st's series points, the 2nd's...), over the ``best``
    evenings of each player (None: all), with its first events."""
    counting_of(counts, best, place_table or [])  # refused before anything is stored
    with writing(db):
        series_id = insert(
            db,
            "series",
            {
                "name": name,
                "best": best,
                "counts": counts,
                "place_table": json.dumps(place_table or []),
                "created_at": now(),
            },
        )
        for event_id in event_ids or []:
            add_event(db, series_id, event_id, "")
    return series_id


def counting_of(counts: str, best: int | None, table: list[float]) -> Counting:
    """The series' counting, its problem named by the field it concerns."""
    if counts not in COUNTS:
        raise EventProblem(
            P_("counts: must be one of %(names)s", names=", ".join(COUNTS)), "counts"
        )
    if best is not None and best < 1:
        raise EventProblem(P_("best: at least one evening counts"), "best")
    if counts == "place" and not table:
        raise EventProblem(P_("place table: give the series points of each place"), "table")
    return Counting(best=best, by=counts, table=tuple(table))


def add_event(db: Database, series_id: int, event_id: int, reason: str) -> None:
    """Add an event to the series; the event's history says so, with ``reason``."""
    with writing(db):
        found, held = series(db, series_id), events.event(db, event_id)
        if event_id in {e["id"] for e in series_events(db, series_id)}:
            raise EventProblem(P_("%(name)s is in the series already", name=held["name"]), "event")
        db.table("series_events").insert(
            {"series_id": series_id, "event_id": event_id, "added_at": now()}
        )
        changes.record(db, event_id, JOINED, reason, series=found["name"])


def series(db: Database, series_id: int) -> dict[str, Any]:
    found = row(db, "SELECT * FROM series WHERE id = ?", [series_id])
    if found is None:
        raise games.NotFound(P_("no series %(id)s", id=series_id))
    return {**found, "place_table": json.loads(found["place_table"])}


def all_series(db: Database) -> list[dict[str, Any]]:
    """Every series, newest first, with how many events it holds."""
    sql = (
        "SELECT s.id, s.name, s.best, s.counts, count(e.id) AS events FROM series s "
        "LEFT JOIN series_events se ON se.series_id = s.id "
        "LEFT JOIN events e ON e.id = se.event_id AND e.removed_at IS NULL "
        "GROUP BY s.id ORDER BY s.id DESC"
    )
    return rows(db, sql)


def series_events(db: Database, series_id: int) -> list[dict[str, Any]]:
    """The series' events (a deleted one left out), in the order played."""
    sql = (
        "SELECT e.id, e.name, e.date, e.turn, e.turns FROM series_events se "
        "JOIN events e ON e.id = se.event_id WHERE se.series_id = ? AND e.removed_at IS NULL "
        "ORDER BY e.date, e.id"
    )
    return rows(db, sql, [series_id])


def series_of_events(db: Database, event_ids: list[int]) -> list[int]:
    """The series holding any of these events."""
    marks = ", ".join("?" * len(event_ids))
    sql = f"SELECT DISTINCT series_id FROM series_events WHERE event_id IN ({marks})"
    return [r["series_id"] for r in rows(db, sql, event_ids)] if event_ids else []


def finishes(db: Database, event_id: int) -> list[Finish]:
    """Every player's finish at an event: their entry's event points and place."""
    found = events.event(db, event_id)
    people = events.entries_of(db, event_id)
    return [
        Finish(name_key(player), line.points, line.place)
        for line in events.event_standings(db, found)
        for player in people[line.entry]["players"]
    ]


def standings_of(
    db: Database, series_id: int, only: Collection[int] | None = None
) -> dict[str, Any]:
    """The series' standings as plain figures: the series, its events (an event
    not started yet has no column; with ``only``, an event not in it has none
    either, and none of its figures counts), and a line per player with its place,
    each event's contribution (None: not played), which ones count, the total."""
    found = series(db, series_id)
    held = [
        e for e in series_events(db, series_id) if e["turn"] and (only is None or e["id"] in only)
    ]
    counting = counting_of(found["counts"], found["best"], found["place_table"])
    lines = series_standings([finishes(db, e["id"]) for e in held], counting)
    typed = {
        name_key(player): player
        for e in held
        for entry in events.entries_of(db, e["id"])
        for player in entry["players"]
    }
    return {"series": found, "events": held, "lines": shown_lines(db, lines, len(held), typed)}


def shown_lines(
    db: Database, lines: list[SeriesLine], evenings: int, typed: dict[str, str]
) -> list[dict[str, Any]]:
    """Each line with the player's name (as the players list has it, else as the
    entry typed it) and id (None: never seated at a game)."""
    known = {r["name_key"]: r for r in rows(db, "SELECT id, name, name_key FROM players")}
    return [
        {
            "key": line.player,
            "player_id": known[line.player]["id"] if line.player in known else None,
            "name": known[line.player]["name"] if line.player in known else typed[line.player],
            "place": line.place,
            "played": line.played,
            "total": line.total,
            "evenings": [line.evenings.get(i) for i in range(evenings)],
            "counted": [i in line.counted for i in range(evenings)],
        }
        for line in lines
    ]
