"""Each game's kept result (totals, winners, per-side round rows), written by
every change to the game, so history and statistics never rescore a game."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ..scoring import Answer
from . import tallies
from .connection import now

CANASTA_COLUMNS = tallies.CANASTA_COLUMNS


def refresh(
    db: Database,
    game_id: int,
    game: dict[str, Any],
    rounds: list[dict[str, Any]],
    answer: Answer,
    from_round: int = 1,
) -> None:
    """Bring game ``game_id``'s result in step with ``rounds`` and the engine's
    ``answer`` for them (called inside every write). A round's score depends on
    that round alone, so only the rows from ``from_round`` on are written again;
    the players' tallies move by the game's difference."""
    before = tallies.contributions(db, game_id)
    db.execute(
        "UPDATE games SET round_count = ?, finished = ?, winners = ?, totals = ?, updated_at = ? "
        "WHERE id = ?",
        [len(rounds), int(answer["finished"]), json.dumps(answer["winners"]),
         json.dumps(answer["totals"]), now(), game_id],
    )  # fmt: skip
    db.execute("DELETE FROM side_rounds WHERE game_id = ? AND number >= ?", [game_id, from_round])
    changed = zip(rounds[from_round - 1 :], answer["rounds"][from_round - 1 :], strict=True)
    rows = [
        side_row(
            game_id, stored["number"], i, result["scores"][side], stored["entries"].get(side, {})
        )
        for stored, result in changed
        for i, side in enumerate(game["sides"])
    ]
    if rows:
        names, marks = ", ".join(rows[0]), ", ".join("?" * len(rows[0]))
        db.conn.executemany(
            f"INSERT INTO side_rounds ({names}) VALUES ({marks})", [list(r.values()) for r in rows]
        )
    db.execute("DELETE FROM game_sides WHERE game_id = ?", [game_id])
    db.table("game_sides").insert_all(
        {"game_id": game_id, "side_index": i, "side": side, "total": answer["totals"][side],
         "won": int(side in answer["winners"])}
        for i, side in enumerate(game["sides"])
    )  # fmt: skip
    tallies.apply(db, before, tallies.contributions(db, game_id))


def side_row(
    game_id: int, number: int, index: int, score: int, fields: dict[str, Any]
) -> dict[str, Any]:
    counts = {column: fields.get(column, 0) for column in CANASTA_COLUMNS}
    return {"game_id": game_id, "number": number, "side_index": index, "score": score,
            "went_out": int(bool(fields.get("went_out"))), **counts}  # fmt: skip
