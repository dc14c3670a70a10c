"""A club night's standings to keep or publish: rows for JSON, and CSV that a
spreadsheet opens safely."""

from __future__ import annotations

import csv
import io
from typing import Any

from sqlite_utils import Database

from ..transfer.transfer import cell
from .events import entries_of, event_standings, tables


def standings_rows(db: Database, found: dict[str, Any]) -> list[dict[str, Any]]:
    """The standings as rows for an export: place, entry, players and every figure,
    with each turn's points."""
    people = entries_of(db, found["id"])
    rows = []
    for line in event_standings(db, found):
        rows.append(
            {
                "place": line.place,
                "entry": people[line.entry]["name"],
                "players": people[line.entry]["players"],
                "points": line.points,
                "victory_points": line.victory_points,
                "match_points": line.match_points,
                "played": line.played,
                "won": line.won,
                "byes": line.byes,
                "by_turn": {str(turn): points for turn, points in sorted(line.by_turn.items())},
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


def standings_csv(rows: list[dict[str, Any]], turns: int) -> str:
    """The standings as CSV, one row an entry (every cell kept as text where a
    spreadsheet would run it as a formula)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    head = [
        "place",
        "entry",
        "players",
        "points",
        "victory_points",
        "match_points",
        "played",
        "won",
        "byes",
    ]
    writer.writerow([*head, *(f"turn {n}" for n in range(1, turns + 1))])
    for r in rows:
        fixed = [
            r["place"],
            r["entry"],
            " & ".join(r["players"]),
            r["points"],
            r["victory_points"],
            r["match_points"],
            r["played"],
            r["won"],
            r["byes"],
        ]
        by_turn = [r["by_turn"].get(str(n), "") for n in range(1, turns + 1)]
        writer.writerow([cell(v) for v in [*fixed, *by_turn]])
    return out.getvalue()
