"""A club night's standings to keep or publish: rows for JSON, CSV that a
spreadsheet opens safely, and each turn's tables for the printed results (every
game's event points and each adjustment with its reason). They use the pages'
words (the card points scored minus conceded are the "margin") and one number
format: whole numbers as whole numbers, a share of a point with at most two
decimals."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from sqlite_utils import Database

from ..connection import rows as read_rows
from ..transfer.transfer import cell
from .events import entries_of, event_standings, tables
from .scale import scale_of, victory_of

# The CSV's columns before each turn's points, headed with the pages' words (in
# English, as every export is: docs/i18n.md).
HEADINGS = {
    "place": "Place",
    "entry": "Entry",
    "players": "Players",
    "points": "Points",
    "victory_points": "VP",
    "played": "Played",
    "won": "Won",
    "byes": "Byes",
    "margin": "Margin",
}


def figure(value: float) -> int | float:
    """A figure as the exports write it: 59 for 59.0, 7.5 as it is.

    >>> figure(59.0), figure(54), figure(7.5), figure(1 / 3)
    (59, 54, 7.5, 0.33)
    """
    if float(value).is_integer():
        return int(value)
    return round(float(value), 2)


def standings_rows(db: Database, found: dict[str, Any]) -> list[dict[str, Any]]:
    """The standings as rows for an export: place, entry, players and every figure,
    with each turn's points; with a penalty or handicaps, each row's raw points, its
    penalty and its handicap too (``points`` is then the net); the points carried
    from an earlier event, counted in the points, when the event carries some."""
    people = entries_of(db, found["id"])
    rows = []
    lines = event_standings(db, found)
    detail = bool(found["handicap"]) or any(line.penalty for line in lines)
    for line in lines:
        carried = {"carried": figure(getattr(line, "carried", 0))} if found["carry_from"] else {}
        more = {"raw": figure(line.raw), "penalty": figure(line.penalty)} if detail else {}
        if more and found["handicap"]:
            more["handicap"] = figure(line.handicap)
        rows.append(
            {
                "place": line.place,
                "entry": people[line.entry]["name"],
                "players": people[line.entry]["players"],
                **carried,
                "points": figure(line.points),
                "victory_points": figure(line.victory_points),
                "margin": figure(line.match_points),
                "played": line.played,
                "won": line.won,
                "byes": line.byes,
                "by_turn": {
                    str(turn): figure(points) for turn, points in sorted(line.by_turn.items())
                },
                **more,
            }
        )
    return rows


def ended_rows(db: Database, event_id: int) -> list[dict[str, Any]]:
    """The tables whose game ended as it stood: time called (``reason`` None), or
    ended by the director with a reason."""
    return [
        {
            "turn": t["turn"],
            "table": t["table_no"],
            "after_round": t["ended_after"],
            "reason": t["ended_reason"],
        }
        for t in tables(db, event_id)
        if t["ended_after"] is not None
    ]


def headings(scale: dict[str, Any], carried: bool = False) -> dict[str, str]:
    """The CSV's columns for the event's scale, by key: the points headed "VP" on a
    victory-point scale, and a victory-point column of its own only where the pages
    show one (win/draw/loss points with a table breaking ties); the points carried
    before the points where the event carries some."""
    separate_vp = scale.get("kind") == "wdl" and bool(scale.get("table"))
    head = {k: v for k, v in HEADINGS.items() if k != "victory_points" or separate_vp}
    if carried:  # its column just before the points it is counted in
        order = list(head.items())
        at = [k for k, _ in order].index("points")
        head = dict([*order[:at], ("carried", "Carried"), *order[at:]])
    if scale.get("kind") == "vp":
        head["points"] = HEADINGS["victory_points"]
    return head


def standings_csv(rows: list[dict[str, Any]], found: dict[str, Any]) -> str:
    """The standings of the event ``found`` as CSV, one row an entry, then each
    turn's points (every cell kept as text where a spreadsheet would run it as a
    formula)."""
    head = headings(found["scale"], carried=bool(found["carry_from"]))
    turns = range(1, found["turns"] + 1)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*head.values(), *(f"Turn {n}" for n in turns)])
    for r in rows:
        fixed = [" & ".join(r[k]) if k == "players" else r[k] for k in head]
        by_turn = [r["by_turn"].get(str(n), "") for n in turns]
        writer.writerow([cell(v) for v in [*fixed, *by_turn]])
    return out.getvalue()


def printed_tables(db: Database, found: dict[str, Any]) -> list[dict[str, Any]]:
    """Every table of the event for the printed results: as ``events.tables`` reads
    them, with each side's event ``points`` of a finished game of two sides (and
    its ``vp`` where a victory-point table breaks ties), and every ``adjusted``
    round: its number, the side, the amount and its note (the reason)."""
    found_tables = tables(db, found["id"])
    scale, victory = scale_of(found["scale"]), victory_of(found["scale"])
    adjusted = adjustments(db, [t["game_id"] for t in found_tables])
    for t in found_tables:
        t["adjusted"] = adjusted.get(t["game_id"], [])
        t["points"] = t["vp"] = None
        if t["state"] == "finished" and len(t["sides"]) == 2:
            one, other = (t["totals"].get(side, 0) for side in t["sides"])
            t["points"] = [figure(scale.points(one, other)), figure(scale.points(other, one))]
            if victory is not None:
                t["vp"] = [figure(victory.points(one, other)), figure(victory.points(other, one))]
    return found_tables


def adjustments(db: Database, game_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Each game's adjusted rounds, in order: number, side, amount and note."""
    if not game_ids:
        return {}
    marks = ", ".join("?" * len(game_ids))
    sql = f"SELECT game_id, number, entries FROM rounds WHERE game_id IN ({marks}) ORDER BY number"
    found: dict[int, list[dict[str, Any]]] = {}
    for r in read_rows(db, sql, game_ids):
        for side, fields in json.loads(r["entries"]).items():
            amount = int(fields.get("adjustment") or 0)
            if amount or fields.get("note"):
                found.setdefault(int(r["game_id"]), []).append(
                    {
                        "number": r["number"],
                        "side": side,
                        "amount": amount,
                        "note": fields.get("note", ""),
                    }
                )
    return found
