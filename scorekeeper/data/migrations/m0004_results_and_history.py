"""Past evenings and statistics without rescoring every game: each game keeps
its result, and every side's every round is a row. Stable ids (``uid``) let an
export be imported again without duplicates; ``start`` resumes a paper game.

The backfill below is frozen as it was written: it scores each existing game
once with the engine and writes the rows this migration creates, nothing more
(the player tallies came later, in 0005, which fills them itself).
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime

from sqlite_utils import Database

from ...scoring import score_game

CANASTA_COLUMNS = (
    "natural_canastas",
    "mixed_canastas",
    "wild_canastas",
    "sevens_canastas",
    "sambas",
    "red_sevens_canastas",
    "super_canastas_pure",
    "super_canastas_impure",
)
GAME_COLUMNS = (
    ("uid", str),
    ("start", str),
    ("round_count", int),
    ("finished", int),
    ("winners", str),
    ("totals", str),
    ("updated_at", str),
)


def apply(db: Database) -> None:
    for name, kind in GAME_COLUMNS:
        db.table("games").add_column(name, kind)
    db.table("evenings").add_column("uid", str)
    for name in ("games", "evenings"):
        for row in list(db.query(f"SELECT id FROM {name}")):
            db.execute(f"UPDATE {name} SET uid = ? WHERE id = ?", [uuid.uuid4().hex, row["id"]])
        db.execute(f"CREATE UNIQUE INDEX {name}_uid ON {name} (uid)")
    db.execute("UPDATE games SET start = '{}', round_count = 0, finished = 0")
    db.table("games").create_index(["variant"])
    db.table("side_rounds").create(
        {
            "game_id": int,
            "number": int,
            "side_index": int,
            "score": int,
            "went_out": int,
            **dict.fromkeys(CANASTA_COLUMNS, int),
        },
        pk=("game_id", "number", "side_index"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("game_sides").create(
        {"game_id": int, "side_index": int, "side": str, "total": int, "won": int},
        pk=("game_id", "side_index"),
        foreign_keys=[("game_id", "games", "id")],
    )
    for game in list(db.query("SELECT * FROM games")):
        backfill(db, game)


def backfill(db: Database, game: dict[str, object]) -> None:
    """Score one stored game and write its result and per-side round rows."""
    sql = "SELECT number, entries FROM rounds WHERE game_id = ? ORDER BY number"
    rounds = list(db.query(sql, [game["id"]]))
    sides = json.loads(str(game["sides"]))
    doc = {
        "variant": game["variant"],
        "sides": sides,
        "players": game["players"],
        "options": json.loads(str(game["options"])),
        "rounds": [json.loads(r["entries"]) for r in rounds],
    }
    answer = score_game(doc)
    db.execute(
        "UPDATE games SET round_count = ?, finished = ?, winners = ?, totals = ?, updated_at = ? "
        "WHERE id = ?",
        [
            len(rounds),
            int(answer["finished"]),
            json.dumps(answer["winners"]),
            json.dumps(answer["totals"]),
            datetime.now(UTC).isoformat(timespec="seconds"),
            game["id"],
        ],
    )
    for stored, result, entries in zip(rounds, answer["rounds"], doc["rounds"], strict=True):
        for i, side in enumerate(sides):
            fields = entries.get(side, {})
            db.table("side_rounds").insert(
                {
                    "game_id": game["id"],
                    "number": stored["number"],
                    "side_index": i,
                    "score": result["scores"][side],
                    "went_out": int(bool(fields.get("went_out"))),
                    **{c: fields.get(c, 0) for c in CANASTA_COLUMNS},
                }
            )
    for i, side in enumerate(sides):
        db.table("game_sides").insert(
            {
                "game_id": game["id"],
                "side_index": i,
                "side": side,
                "total": answer["totals"][side],
                "won": int(side in answer["winners"]),
            }
        )
