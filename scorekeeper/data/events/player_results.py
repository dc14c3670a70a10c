"""A player's own results at club nights, as plain figures (their phone's page
shows them, a published site can too): every event they played with their entry's
place and points, turn by turn whom they met and how it went, and each series
they are in with their line there."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ..checks import name_key
from ..connection import rows
from . import events, series


def played_events(db: Database, name: str) -> list[tuple[int, int]]:
    """The events (newest first) where an entry holds this player: (event, entry)."""
    key = name_key(name)
    sql = (
        "SELECT ee.event_id, ee.number, ee.players FROM event_entries ee "
        "JOIN events e ON e.id = ee.event_id WHERE e.removed_at IS NULL "
        "ORDER BY e.date DESC, e.id DESC, ee.number"
    )
    return [
        (r["event_id"], r["number"])
        for r in rows(db, sql)
        if key in {name_key(p) for p in json.loads(r["players"])}
    ]


def player_results(db: Database, name: str) -> dict[str, Any]:
    """Everything a player's results page shows, for the player called ``name``."""
    held = played_events(db, name)
    return {
        "events": [event_result(db, event_id, entry) for event_id, entry in held],
        "series": [
            series_line(db, series_id, name_key(name))
            for series_id in series.series_of_events(db, [event_id for event_id, _ in held])
        ],
    }


def event_result(db: Database, event_id: int, entry: int) -> dict[str, Any]:
    """One event: the entry's place of how many, its points (carried ones among
    them) and every turn's meeting."""
    found = events.event(db, event_id)
    people = events.entries_of(db, event_id)
    lines = events.event_standings(db, found)
    line = next(x for x in lines if x.entry == entry)
    return {
        "id": event_id,
        "name": found["name"],
        "date": found["date"],
        "entry": people[entry]["name"],
        "place": line.place,
        "of": len(lines),
        "points": line.points,
        "carried": getattr(line, "carried", 0),
        "over": events.over(db, found),
        "turns": turns_of(db, found, people, entry, line.by_turn),
    }


def turns_of(
    db: Database,
    found: dict[str, Any],
    people: list[dict[str, Any]],
    entry: int,
    points: dict[int, float],
) -> list[dict[str, Any]]:
    """Each turn started: the table, partners and opponents with both totals and the
    event points it gave, or a bye."""
    met: dict[int, dict[str, Any]] = {}
    for t in events.tables(db, found["id"]):
        mine = [i for i, side in enumerate(t["entries"]) if entry in side]
        if not mine:
            continue
        side = mine[0]
        total = t["totals"].get(t["sides"][side])
        met[t["turn"]] = {
            "turn": t["turn"],
            "table": t["table_no"],
            "state": t["state"],
            "partners": [people[e]["name"] for e in t["entries"][side] if e != entry],
            "opponents": [
                events.side_name(people, tuple(other))
                for i, other in enumerate(t["entries"])
                if i != side
            ],
            "mine": total,
            "theirs": [t["totals"].get(name) for i, name in enumerate(t["sides"]) if i != side],
            "game_id": t["game_id"],
        }
    for turn in range(1, found["turn"] + 1):
        met.setdefault(turn, {"turn": turn, "table": None, "state": "bye"})
        met[turn]["points"] = points.get(turn)
    return [met[turn] for turn in sorted(met)]


def series_line(db: Database, series_id: int, key: str) -> dict[str, Any]:
    """A series the player is in: its name, events and the player's line (None
    when no event of theirs there has started)."""
    shown = series.standings_of(db, series_id)
    mine = next((line for line in shown["lines"] if line["key"] == key), None)
    return {**shown, "line": mine, "players": len(shown["lines"])}


def player_ids(db: Database, people: list[dict[str, Any]]) -> dict[str, int]:
    """Each entry's players (as typed) with their id in the players list, for the
    links to their results; a name not in the list yet is left out."""
    known = {r["name_key"]: r["id"] for r in rows(db, "SELECT id, name_key FROM players")}
    typed = {p for e in people for p in e["players"]}
    keys = {p: name_key(p) for p in typed}
    return {p: known[key] for p, key in keys.items() if key in known}
