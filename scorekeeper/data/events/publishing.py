"""What a club publishes of its nights (``scorekeeper publish`` and an event's
public link): the events its directors chose to publish, once over, with their
standings, every table's result turn by turn, and the players' names, placings
and ratings, and the standings of each series holding a published event, over its
published events only. Each page's data is picked field by field here, so nothing
else of the database (passphrases, table cards, phones' links, notes, removed games
or events) can reach a published page."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import problem as P_
from ..connection import now, rows, writing
from ..games import players
from ..ratings import leaderboards
from . import changes, events, series
from .exports import printed_tables, standings_rows
from .planning import EventProblem

NOT_OVER = P_("the event is not over: publish its results once it is")


def set_published(db: Database, event_id: int, published: bool, reason: str) -> None:
    """The director's switch: the event's results published (once it is over) or
    taken back, with the reason in the event's history."""
    with writing(db):
        found = events.event(db, event_id)
        if published and not events.over(db, found):
            raise EventProblem(NOT_OVER)
        if bool(found["published_at"]) == published:
            return
        db.execute(
            "UPDATE events SET published_at = ? WHERE id = ?",
            [now() if published else None, event_id],
        )
        changes.record(db, event_id, "published" if published else "unpublished", reason)


def published_events(db: Database, only: Iterable[int] = ()) -> list[dict[str, Any]]:
    """Every published event that is over (or only those of ``only``, when given),
    oldest first, as ``events.event`` reads it."""
    wanted = set(only)
    sql = (
        "SELECT id FROM events WHERE published_at IS NOT NULL AND removed_at IS NULL "
        "ORDER BY date, id"
    )
    found = [events.event(db, r["id"]) for r in rows(db, sql)]
    return [e for e in found if (not wanted or e["id"] in wanted) and events.over(db, e)]


def published_event(db: Database, uid: str) -> dict[str, Any] | None:
    """The published event of this uid (its public link), if it is published and over."""
    found = rows(db, "SELECT id FROM events WHERE uid = ?", [uid])
    return next(iter(published_events(db, [found[0]["id"]])), None) if found else None


def results(db: Database, found: dict[str, Any]) -> dict[str, Any]:
    """What an event's page shows: its name, date, game and scale, the standings
    (with the app's figures) and every turn's tables with each side's total and
    event points."""
    ids = player_ids(db)
    lines = [
        {
            **{k: r[k] for k in ("place", "entry", "points", "victory_points", "played", "byes")},
            "margin": r["margin"],
            "players": [{"name": n, "id": ids.get(n)} for n in r["players"]],
        }
        for r in standings_rows(db, found)
    ]
    return {
        "id": found["id"],
        "name": found["name"],
        "date": found["date"],
        "variant": found["variant"],
        "vp": found["scale"].get("kind") == "vp",
        "separate_vp": found["scale"].get("kind") == "wdl" and bool(found["scale"].get("table")),
        "lines": lines,
        "turns": turn_tables(db, found),
        "series": [
            {"id": s, "name": series.series(db, s)["name"]}
            for s in sorted(series.series_of_events(db, [found["id"]]))
        ],
    }


def published_series(db: Database, shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each series holding any of the ``shown`` events (``results`` of each), its
    standings over those events only: an event not shown (not published, or left
    out) adds nothing to them, and is only counted, never named."""
    ids = {e["id"] for e in shown}
    return [series_results(db, s, ids) for s in sorted(series.series_of_events(db, sorted(ids)))]


def series_results(db: Database, series_id: int, ids: set[int]) -> dict[str, Any]:
    """What a series' page shows: how it counts, its events among ``ids``, how many
    of its events are not among them, and each player's line (with the player's
    id when they have a page)."""
    standing = series.standings_of(db, series_id, only=ids)
    found = standing["series"]
    held = [e["id"] for e in series.series_events(db, series_id)]
    keep = ("name", "place", "played", "total", "evenings", "counted")
    paged = set(player_ids(db).values())  # a removed player has no page to link
    return {
        **{k: found[k] for k in ("id", "name", "best", "counts", "place_table")},
        "events": [{k: e[k] for k in ("id", "name", "date")} for e in standing["events"]],
        "hidden": len([e for e in held if e not in ids]),
        "lines": [
            {
                **{k: line[k] for k in keep},
                "player_id": line["player_id"] if line["player_id"] in paged else None,
            }
            for line in standing["lines"]
        ],
    }


def turn_tables(db: Database, found: dict[str, Any]) -> list[dict[str, Any]]:
    """Each turn's tables (number, state, and each side's name, total and points)
    and the entries its plan gave a bye."""
    by_turn: dict[int, list[dict[str, Any]]] = {}
    for t in printed_tables(db, found):
        sides = [
            {
                "name": name,
                "total": t["totals"].get(name) if t["state"] == "finished" else None,
                "points": t["points"][i] if t["points"] else None,
            }
            for i, name in enumerate(t["sides"])
        ]
        table = {"table": t["table_no"], "state": t["state"], "sides": sides}
        by_turn.setdefault(t["turn"], []).append(table)
    people = events.entries_of(db, found["id"])
    return [
        {
            "turn": n,
            "tables": by_turn[n],
            "byes": [people[e]["name"] for e in found["plan"][n - 1].byes],
        }
        for n in sorted(by_turn)
    ]


def player_ids(db: Database) -> dict[str, int]:
    """Each player's id by name (not the removed ones)."""
    return {p["name"]: int(p["id"]) for p in players.all_players(db)}


def player_pages(
    db: Database, shown: list[dict[str, Any]], standings: Iterable[dict[str, Any]] = ()
) -> list[dict[str, Any]]:
    """Every player of the published events (``results`` of each): name, rating
    over all their games, their placings, newest event first, and their line in
    each series of ``standings`` (``published_series``)."""
    found = placings(db, shown)
    for held in standings:
        for line in (x for x in held["lines"] if x["player_id"] in found):
            found[line["player_id"]]["series"].append(
                {
                    "series": held["id"],
                    "name": held["name"],
                    "place": line["place"],
                    "of": len(held["lines"]),
                    "total": line["total"],
                }
            )
    return sorted(found.values(), key=lambda p: p["name"].casefold())


def placings(db: Database, shown: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each player of the ``shown`` events by id, with their placings."""
    found: dict[int, dict[str, Any]] = {}
    for event in reversed(shown):
        for line in event["lines"]:
            for person in (p for p in line["players"] if p["id"] is not None):
                page = found.setdefault(person["id"], new_player(db, person))
                page["placings"].append(
                    {
                        "event": event["id"],
                        "name": event["name"],
                        "date": event["date"],
                        "place": line["place"],
                        "of": len(event["lines"]),
                        "entry": line["entry"],
                        "points": line["points"],
                    }
                )
    return found


def new_player(db: Database, person: dict[str, Any]) -> dict[str, Any]:
    rating = leaderboards.of_player(db, person["id"]).get("all")
    if rating is not None:
        rating = {k: rating[k] for k in ("rating", "games", "settling")}
    return {
        "id": person["id"],
        "name": person["name"],
        "rating": rating,
        "placings": [],
        "series": [],
    }
