"""Each game's kept result (totals, winners, per-side round rows) and the
engine's answer (every round's scores and breakdown, the game's summary),
written by every change to the game, so pages, history and statistics never
rescore a game and a new round is scored from the stored state."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from sqlite_utils import Database

from ...scoring import Answer, State
from ..connection import now, row, rows
from ..ratings import ratings
from . import tallies

CANASTA_COLUMNS = tallies.CANASTA_COLUMNS
HEADER = ("variant", "sides", "players", "options", "start")  # what the answer depends on


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
    tail: Answer = {**answer, "rounds": answer["rounds"][from_round - 1 :]}
    refresh_from(db, game_id, game, rounds[from_round - 1 :], tail, len(rounds), from_round)


def refresh_from(
    db: Database,
    game_id: int,
    game: dict[str, Any],
    changed: Sequence[dict[str, Any]],
    answer: Answer,
    count: int,
    from_round: int,
    appended: bool = False,
) -> None:
    """``refresh`` given only the rounds from ``from_round`` on (``changed``,
    stored with their new numbers) and the engine's answer whose ``rounds`` are
    theirs (``engine.score_from``); ``count``: the game's rounds now; ``appended``:
    the change is a round added at the end (``tallies.add_round`` then moves the
    players' tallies unless the game just got its first round or ended)."""
    quick = appended and count > 1 and from_round == count and not answer["finished"]
    before = {} if quick else tallies.contributions(db, game_id, from_round)
    summary = {key: value for key, value in answer.items() if key != "rounds"}
    has_header = all(k in game for k in HEADER)  # a game as get_game reads it
    summary["of"] = mark_of(game) if has_header else header_mark(db, game_id)
    stamp, finished = now(), int(answer["finished"])
    db.execute(
        "UPDATE games SET round_count = ?, finished = ?, winners = ?, totals = ?, answer = ?, "
        "stamp = stamp + 1, updated_at = ?, "
        "finished_at = CASE WHEN ? THEN coalesce(finished_at, ?) END WHERE id = ?",
        [
            count,
            finished,
            json.dumps(answer["winners"]),
            json.dumps(answer["totals"]),
            json.dumps(summary),
            stamp,
            finished,
            stamp,
            game_id,
        ],
    )
    db.execute("DELETE FROM side_rounds WHERE game_id = ? AND number >= ?", [game_id, from_round])
    pairs = list(zip(changed, answer["rounds"], strict=True))
    side_rows = [
        side_row(
            game_id, stored["number"], i, result["scores"][side], stored["entries"].get(side, {})
        )
        for stored, result in pairs
        for i, side in enumerate(game["sides"])
    ]
    if side_rows:
        names, marks = ", ".join(side_rows[0]), ", ".join("?" * len(side_rows[0]))
        db.conn.executemany(
            f"INSERT INTO side_rounds ({names}) VALUES ({marks})",
            [list(r.values()) for r in side_rows],
        )
    db.conn.executemany(  # with the round's version, so that a later change shows
        "UPDATE rounds SET result = ?, result_version = version WHERE game_id = ? AND number = ?",
        [(json.dumps(result), game_id, stored["number"]) for stored, result in pairs],
    )
    db.conn.executemany(  # a game's sides never change: each side's row is kept up to date
        "INSERT INTO game_sides (game_id, side_index, side, total, won) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, side_index) DO UPDATE SET side = excluded.side, "
        "total = excluded.total, won = excluded.won",
        [
            (game_id, i, side, answer["totals"][side], int(side in answer["winners"]))
            for i, side in enumerate(game["sides"])
        ],
    )
    if quick:
        tallies.add_round(db, game_id, from_round)
    else:
        tallies.apply(db, before, tallies.contributions(db, game_id, from_round))
    ratings.follow(db, game_id, bool(finished))


def header_mark(db: Database, game_id: int) -> str:
    """A digest of what a game's answer depends on besides its rounds."""
    columns = ", ".join((*HEADER, "ended_after"))
    found = row(db, f"SELECT {columns} FROM games WHERE id = ?", [game_id]) or {}
    return mark_of(parsed_header(found))


def parsed_header(found: dict[str, Any]) -> dict[str, Any]:
    """A ``games`` row with its JSON header columns (sides, options, start) read."""
    return {**found, **{k: json.loads(found.get(k) or "{}") for k in ("sides", "options", "start")}}


def mark_of(game: dict[str, Any]) -> str:
    """``header_mark`` of a game as ``games.get_game`` reads it."""
    header = [game.get(k) or None for k in HEADER]
    if game.get("ended_after") is not None:  # a game ended as it stood (others keep their mark)
        header.append({"ended_after": game["ended_after"]})
    text = json.dumps(header, sort_keys=True)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def stored_summary(game: dict[str, Any], stored: str | None, count: int) -> dict[str, Any] | None:
    """The game's stored answer summary, if it was written for this game's header
    and its ``count`` rounds; None if it must be scored again."""
    if not stored:
        return None
    summary: dict[str, Any] = json.loads(stored)
    if summary.pop("of", None) != mark_of(game):
        return None
    played = int(game["start"].get("rounds", 0)) + count
    return summary if summary["next_round"] == played + 1 else None


def stored_answer(
    game: dict[str, Any], stored: str | None, found: list[dict[str, Any]]
) -> Answer | None:
    """The whole answer from what the game's last change stored (``found``: its
    rounds with ``version``, ``result`` and ``result_version``), or None if any part is missing or
    older than the round it belongs to."""
    summary = stored_summary(game, stored, len(found))
    if summary is None:
        return None
    answers = []
    for r in found:
        if not r["result"] or r["result_version"] != r["version"]:
            return None
        answers.append(json.loads(r["result"]))
    answer: Answer = {**summary, "rounds": answers}  # type: ignore[typeddict-item]
    return answer


def state_before(db: Database, game_id: int, game: dict[str, Any], number: int) -> State:
    """Where the game stood before stored round ``number``: the paper start plus
    the kept per-side scores of the rounds before it."""
    totals = {side: int(game["start"].get("totals", {}).get(side, 0)) for side in game["sides"]}
    sql = (
        "SELECT side_index, sum(score) AS points FROM side_rounds "
        "WHERE game_id = ? AND number < ? GROUP BY side_index"
    )
    for found in rows(db, sql, [game_id, number]):
        totals[game["sides"][found["side_index"]]] += int(found["points"])
    return {"totals": totals, "played": int(game["start"].get("rounds", 0)) + number - 1}


def side_row(
    game_id: int, number: int, index: int, score: int, fields: dict[str, Any]
) -> dict[str, Any]:
    counts = {column: fields.get(column, 0) for column in CANASTA_COLUMNS}
    return {
        "game_id": game_id,
        "number": number,
        "side_index": index,
        "score": score,
        "went_out": int(bool(fields.get("went_out"))),
        **counts,
    }
