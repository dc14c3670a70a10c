"""Rounds kept as played despite a check added after they were stored: a database
made by 0.1.0 holds rounds whose card points, or whose canastas on all sides
together, come to more than the packs hold (both checked only since), and the
engine would refuse to score their games again, so that no round of them could
be corrected and no export of them imported. Each round records, in
``grandfathered`` (JSON: the names of the checks), what it is kept despite; the
game's history says it was kept (action ``grandfathered``, its entries as after).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlite_utils import Database

from ...scoring import ScoringError
from ...scoring.grandfather import grandfathering


def apply(db: Database) -> None:
    db.table("rounds").add_column("grandfathered", str)
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    for game in list(db.query("SELECT id, variant, sides, players, options, start FROM games")):
        rounds = list(
            db.query(
                "SELECT number, entries FROM rounds WHERE game_id = ? ORDER BY number",
                [game["id"]],
            )
        )
        if rounds:
            keep(db, game, rounds, stamp)


def keep(
    db: Database, game: dict[str, object], rounds: list[dict[str, object]], stamp: str
) -> None:
    start = json.loads(str(game["start"] or "{}"))
    doc = {
        "variant": game["variant"],
        "sides": json.loads(str(game["sides"])),
        "players": game["players"],
        "options": json.loads(str(game["options"])),
        "rounds": [json.loads(str(r["entries"])) for r in rounds],
        **({"start": start} if start else {}),
    }
    try:
        found = grandfathering(doc)
    except ScoringError:  # broken otherwise: left as it was (it was so before)
        return
    played = int(start.get("rounds", 0))
    by_number: dict[int, list[str]] = {}
    for name, numbers in found.items():
        for number in numbers:
            by_number.setdefault(number - played, []).append(name)
    for number, names in sorted(by_number.items()):
        entries = next(r["entries"] for r in rounds if r["number"] == number)
        db.execute(
            "UPDATE rounds SET grandfathered = ? WHERE game_id = ? AND number = ?",
            [json.dumps(names), game["id"], number],
        )
        db.execute(
            "INSERT INTO round_changes (game_id, number, action, before, after, at) "
            "VALUES (?, ?, 'grandfathered', NULL, ?, ?)",
            [game["id"], number, entries, stamp],
        )
