"""Export and import: RULES.md's game documents with names, dates, seats and
house rules (JSON), and one CSV row per side per round with its breakdown.

Every evening and game carries a ``uid``; importing skips the ones already
there, so importing the same file twice adds nothing. An import is all or
nothing: every game is checked by the engine before anything is kept.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from typing import Any

from sqlite_utils import Database

from ..scoring import FIELDS, ScoringError, get_variant, score_game
from ..scoring.document import read_game
from ..scoring.seating import side_names
from .connection import writing
from .evenings import create_evening
from .games import create_game, document, get_game, rounds_of
from .rounds import add_round
from .rule_sets import export_all, import_all

FORMAT, VERSION = "scorekeeper", 1


class ImportProblem(ValueError):
    """A file that cannot be imported; nothing was stored."""


def export(
    db: Database, evening_ids: list[int] | None = None, game_ids: list[int] | None = None
) -> dict[str, Any]:
    """Evenings (all, or these) with their games (all, or these), oldest first."""
    sql, params = "SELECT * FROM evenings ORDER BY id", []
    if evening_ids is not None:
        sql = f"SELECT * FROM evenings WHERE id IN ({','.join('?' * len(evening_ids))}) ORDER BY id"
        params = evening_ids
    out = []
    for evening in db.query(sql, params):
        games = [
            r["id"]
            for r in db.query(
                "SELECT id FROM games WHERE evening_id = ? ORDER BY id", [evening["id"]]
            )
        ]
        games = [g for g in games if game_ids is None or g in game_ids]
        if game_ids is not None and not games:
            continue
        out.append({key: evening[key] for key in ("uid", "date", "name", "note")}
                   | {"games": [export_game(db, g) for g in games]})  # fmt: skip
    whole = evening_ids is None and game_ids is None  # saved rule sets go with everything
    return {"format": FORMAT, "version": VERSION, "evenings": out,
            **({"rule_sets": export_all(db)} if whole else {})}  # fmt: skip


def export_game(db: Database, game_id: int) -> dict[str, Any]:
    game = get_game(db, game_id)
    rounds = rounds_of(db, game_id)
    return {
        "uid": game["uid"],
        "seats": game["seats"],
        "first_dealer": game["first_dealer"] or 0,
        "created_at": game["created_at"],
        "document": document(game, rounds),
    }


def to_json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def to_csv(db: Database, data: dict[str, Any]) -> str:
    """One row per side per round, with every field, the score, the running total
    and the breakdown line by line."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["date", "evening", "game", "variant", "round", "side", "players", *FIELDS,
                     "score", "total", "breakdown"])  # fmt: skip
    for evening in data["evenings"]:
        for game in evening["games"]:
            writer.writerows(game_rows(evening, game))
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
            head = [evening["date"], cell(evening["name"]), game["uid"], doc["variant"]]
            where = [start.get("rounds", 0) + n + 1, cell(side), cell(members.get(side, ""))]
            values = [cell(fields.get(f)) for f in FIELDS]
            yield [*head, *where, *values, result["scores"][side], running[side], lines]


def cell(value: Any) -> Any:
    """A CSV cell: text a spreadsheet would run as a formula (=, +, -, @) is kept
    as text by a leading apostrophe."""
    if isinstance(value, str):
        return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value
    return "yes" if value is True else "" if value in (None, False) else value


def members_of(doc: dict[str, Any], seats: list[str]) -> dict[str, str]:
    """Each side's players, from the seats (partners sit alternately)."""
    k = len(doc["sides"])
    return {side: ", ".join(seats[n::k]) for n, side in enumerate(doc["sides"])} if seats else {}


DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def import_data(db: Database, data: Any) -> dict[str, int]:
    """Add what is new in an export; how many evenings and games were added or skipped."""
    check_format(data)
    counts = {"evenings added": 0, "games added": 0, "games already here": 0}
    with writing(db):
        for e, evening in enumerate(data["evenings"], start=1):
            try:
                import_evening(db, evening, counts)
            except (ScoringError, ImportProblem, KeyError, TypeError) as error:
                raise ImportProblem(f"evening {e}: {describe(error)}") from None
        if data.get("rule_sets"):
            try:
                counts["rule sets added"] = import_all(db, data["rule_sets"])
            except ValueError as error:
                raise ImportProblem(str(error)) from None
    return counts


def describe(error: Exception) -> str:
    return f"missing {error}" if isinstance(error, KeyError) else str(error)


def check_format(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportProblem("this is not a Scorekeeper export")
    if data.get("version") != VERSION:
        raise ImportProblem(f"export version {data.get('version')!r} is not one this app reads")
    if not isinstance(data.get("evenings"), list):
        raise ImportProblem("evenings: must be a list")


def import_evening(db: Database, evening: dict[str, Any], counts: dict[str, int]) -> None:
    if not isinstance(evening.get("date"), str) or not DATE.match(evening["date"]):
        raise ImportProblem("date: must be YYYY-MM-DD")
    uid = text(evening, "uid", 64, required=True)
    found = next(db.query("SELECT id FROM evenings WHERE uid = ?", [uid]), None)
    if found:
        evening_id = found["id"]
    else:
        evening_id = create_evening(db, evening["date"], text(evening, "name", 80),
                                          text(evening, "note", 2000), uid=uid)  # fmt: skip
        counts["evenings added"] += 1
    if not isinstance(evening.get("games"), list):
        raise ImportProblem("games: must be a list")
    for g, game in enumerate(evening["games"], start=1):
        try:
            import_game(db, evening_id, game, counts)
        except (ScoringError, ImportProblem, KeyError, TypeError) as error:
            raise ImportProblem(f"game {g}: {describe(error)}") from None


def import_game(
    db: Database, evening_id: int, game: dict[str, Any], counts: dict[str, int]
) -> None:
    uid = text(game, "uid", 64, required=True)
    if next(db.query("SELECT 1 FROM games WHERE uid = ?", [uid]), None):
        counts["games already here"] += 1
        return
    doc = game["document"]
    score_game(doc)  # the whole document, checked before anything is kept
    seats = game.get("seats") or []
    if seats:
        if not all(isinstance(s, str) and 0 < len(s) <= 40 for s in seats):
            raise ImportProblem("seats: names of 1 to 40 characters")
        if (
            len(seats) != doc.get("players")
            or side_names(get_variant(doc["variant"]), seats) != doc["sides"]
        ):
            raise ImportProblem("seats: do not match the sides and players of the game")
    game_id = create_game(
        db, evening_id=evening_id, variant=doc["variant"], sides=doc["sides"],
        players=read_game({**doc, "rounds": []}).players, options=doc.get("options", {}),
        seats=seats, first_dealer=int(game.get("first_dealer") or 0) % max(len(seats), 1),
        start=doc.get("start"), uid=uid,
    )  # fmt: skip
    for entries in doc.get("rounds", []):
        add_round(db, game_id, entries)
    counts["games added"] += 1


def text(data: dict[str, Any], key: str, limit: int, required: bool = False) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > limit or (required and not value):
        raise ImportProblem(f"{key}: must be text of at most {limit} characters")
    return value
