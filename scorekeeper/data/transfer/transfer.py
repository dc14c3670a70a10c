"""Export and import: the game document of docs/api.mds with names, dates, seats and
house rules (JSON), and one CSV row per side per round with its breakdown.

Every evening and game carries a ``uid``; importing skips the ones already
there, so importing the same file twice adds nothing. Import itself (checked
whole, then written in chunks) is in ``importing``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator
from typing import Any

from sqlite_utils import Database

from ...scoring import FIELDS, score_game
from ..games.games import document, get_game, rounds_of
from ..games.rule_sets import export_all
from .importing import FORMAT, MAX_BYTES, VERSION, ImportProblem, import_data, parse

Progress = Callable[[int, int], None]  # (evenings done, evenings in all)
__all__ = ["MAX_BYTES", "ImportProblem", "export", "import_data", "parse", "to_csv", "to_json"]


def export(
    db: Database,
    evening_ids: list[int] | None = None,
    game_ids: list[int] | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Evenings (all, or these) with their games (all, or these), oldest first;
    ``progress`` is told after each evening."""
    sql, params = "SELECT * FROM evenings WHERE import_id IS NULL ORDER BY id", []
    if evening_ids is not None:
        sql = f"SELECT * FROM evenings WHERE id IN ({','.join('?' * len(evening_ids))}) ORDER BY id"
        params = evening_ids
    out = []
    evenings = list(db.query(sql, params))
    for n, evening in enumerate(evenings, start=1):
        if progress:
            progress(n - 1, len(evenings))
        games = [
            r["id"]
            for r in db.query(
                "SELECT id FROM games WHERE evening_id = ? AND import_id IS NULL ORDER BY id",
                [evening["id"]],
            )
        ]
        games = [g for g in games if game_ids is None or g in game_ids]
        if game_ids is not None and not games:
            continue
        out.append(
            {key: evening[key] for key in ("uid", "date", "name", "note")}
            | {"games": [export_game(db, g) for g in games]}
        )
    if progress:
        progress(len(evenings), len(evenings))
    whole = evening_ids is None and game_ids is None  # saved rule sets go with everything
    return {
        "format": FORMAT,
        "version": VERSION,
        "evenings": out,
        **({"rule_sets": export_all(db)} if whole else {}),
    }


def export_game(db: Database, game_id: int) -> dict[str, Any]:
    game = get_game(db, game_id)
    rounds = rounds_of(db, game_id)
    removed = {"removed_at": game["removed_at"]} if game["removed_at"] else {}
    return {
        "uid": game["uid"],
        "name": game["name"] or "",
        "seats": game["seats"],
        "first_dealer": game["first_dealer"] or 0,
        "created_at": game["created_at"],
        **removed,  # a removed game is kept as removed: import brings it back as such
        "document": document(game, rounds),
    }


def to_json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def to_csv(db: Database, data: dict[str, Any]) -> str:
    """One row per side per round, with every field, the score, the running total
    and the breakdown line by line."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "date",
            "evening",
            "game",
            "variant",
            "round",
            "side",
            "players",
            *FIELDS,
            "score",
            "total",
            "breakdown",
        ]
    )
    for evening in data["evenings"]:
        for game in evening["games"]:
            writer.writerows([cell(value) for value in row] for row in game_rows(evening, game))
    return out.getvalue()


def game_rows(evening: dict[str, Any], game: dict[str, Any]) -> Iterator[list[Any]]:
    doc = game["document"]
    answer = score_game(doc)
    members = members_of(doc, game["seats"])
    start = doc.get("start", {})
    running = {s: start.get("totals", {}).get(s, 0) for s in doc["sides"]}
    for n, (entries, result) in enumerate(zip(doc["rounds"], answer["rounds"], strict=True)):
        for side in doc["sides"]:
            running[side] += result["scores"][side]
            fields = entries.get(side, {})
            lines = "; ".join(f"{label} {points:+d}" for label, points in result["breakdown"][side])
            head = [evening["date"], evening["name"], game["uid"], doc["variant"]]
            where = [start.get("rounds", 0) + n + 1, side, members.get(side, "")]
            values = [fields.get(f) for f in FIELDS]
            yield [*head, *where, *values, result["scores"][side], running[side], lines]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
INVISIBLE = "\ufeff\u200b\u200c\u200d\u2060\u00a0 "  # nothing to see before a formula


def cell(value: Any) -> Any:
    """A CSV cell (every cell goes through here): text a spreadsheet would run as
    a formula (=, +, -, @, and their full-width forms, which some spreadsheets
    read as the same) is kept as text by a leading apostrophe.

    >>> [cell(v) for v in ("=1+1", "\uff1dSUM(A1)", "Ann", -35, 0, True, None)]
    ["'=1+1", "'\uff1dSUM(A1)", 'Ann', -35, 0, 'yes', '']
    >>> cell("\ufeff=HYPERLINK(1)"), cell("\u200b@A1")
    ("'\ufeff=HYPERLINK(1)", "'\u200b@A1")
    """
    if isinstance(value, str):
        shown = value.lstrip(INVISIBLE)  # "\u200b=1+1" is still a formula to some
        return "'" + value if shown.startswith(FORMULA_STARTS) else value
    return "yes" if value is True else "" if value is None or value is False else value


def members_of(doc: dict[str, Any], seats: list[str]) -> dict[str, str]:
    """Each side's players, from the seats (partners sit alternately)."""
    k = len(doc["sides"])
    return {side: ", ".join(seats[n::k]) for n, side in enumerate(doc["sides"])} if seats else {}
