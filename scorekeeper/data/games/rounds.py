"""Rounds: add, correct, delete. Every change is checked by the engine before
anything is stored (scored from the game's stored state before the first round
it touches, so a later round that it would invalidate is still refused), kept
in the game's history, and brings the game's kept results and answer up to
date in the same transaction."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from ...scoring import Answer, ScoringError, State, score_from, score_game
from ...scoring.grandfather import breaches
from ...scoring.i18n import N_, problem as P_
from .. import checks
from ..connection import now, row, rows, writing
from . import results
from .games import (
    Game,
    NotFound,
    Round,
    check_kept,
    document,
    get_game,
    grandfathered,
    parsed_round,
    rounds_of,
    scored,
)

UNDO_SECONDS = 20  # the screen offers Undo for 10 s; the server allows for slow wifi


class StaleEdit(Exception):
    """An edit or delete based on an outdated view of a round."""


class RoundAlreadySaved(Exception):
    """A round screen saved for a round number that is already stored: the
    screen was opened before someone else (or Back, then Save) stored it."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__(P_("round %(n)s is already saved", n=number))


class TooLateToUndo(Exception):
    """Undo is only for the round just saved, within a few seconds."""


class KeyReused(StaleEdit):
    """A request key already used for a different round."""


def request_hash(entries: Any) -> str:
    """What identifies a round's request: its entries as canonical JSON, hashed."""
    text = json.dumps(entries, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def add_round(
    db: Database,
    game_id: int,
    entries: dict[str, Any],
    key: str | None = None,
    number: int | None = None,
) -> int:
    """Store the next round and give its number. The number is given here, under
    the write lock; a ``key`` already used for this game stores nothing and gives
    the number of the round stored under it (a double tap, a retry). A round
    screen passes the ``number`` it was opened for: if that round is stored
    already, ``RoundAlreadySaved`` is raised and nothing is stored. The round is
    scored from the game's stored state, so a round costs the same late in a game."""
    with writing(db):
        game, count, done = scoring_row(db, game_id, key or None)
        if done and done["request_hash"] not in (None, request_hash(entries)):
            raise KeyReused(P_("this Idempotency-Key was already used for a different round"))
        if done:
            return int(done["number"])
        check_kept(game)
        stored = game.pop("answer", None)
        if number is not None and number != count + 1:
            raise (
                RoundAlreadySaved(number)
                if number <= count
                else NotFound(P_("game %(id)s has no round %(n)s yet", id=game_id, n=number - 1))
            )
        if count >= checks.MAX_ROUNDS:  # an export of it would not import again
            template = N_("a game may have at most %(most)s rounds: start the next game")
            raise ScoringError(P_(template, most=checks.MAX_ROUNDS))
        number = count + 1
        new = {"number": number, "entries": entries, "version": 1}
        summary = results.stored_summary(game, stored, count)
        changed, answer, first = scored_with(db, game, summary, new)
        # the deal in play when time was called ends the game, unless its own end did
        last = time_called(game) and not answer["finished"]
        if last:
            game["ended_after"] = int(game["start"].get("rounds", 0)) + number
            changed, answer, first = scored_with(db, game, summary, new)
        stamp = now()
        db.execute(
            "INSERT INTO rounds (game_id, number, entries, version, request_key, request_hash, "
            "created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?, ?, ?)",
            [
                game_id,
                number,
                json.dumps(entries),
                key,
                request_hash(entries) if key else None,
                stamp,
                stamp,
            ],
        )
        log_change(db, game_id, number, "added", None, entries)
        if last:
            db.execute(
                "UPDATE games SET ended_after = ? WHERE id = ?", [game["ended_after"], game_id]
            )
            log_change(db, game_id, number, "time called", None, None)
        results.refresh_from(db, game_id, game, changed, answer, number, first, appended=True)
    return number


SCORING_ROW = (
    "SELECT id, variant, sides, players, options, start, answer, removed_at, ended_after, "
    "ends_at, "
    "(SELECT coalesce(max(number), 0) FROM rounds WHERE game_id = g.id) AS round_max, "
    "(SELECT json_object('number', number, 'request_hash', request_hash) FROM rounds "
    "WHERE game_id = g.id AND request_key = ?) AS done "
    "FROM games g WHERE id = ? AND import_id IS NULL"
)


def scoring_row(
    db: Database, game_id: int, key: str | None = None
) -> tuple[Game, int, dict[str, Any] | None]:
    """What scoring a new round of the game needs, in one statement: its header
    (variant, sides, players, options, start), its stored ``answer`` (JSON text),
    the number of its last stored round (0 if none), and the round already stored
    under the one-time ``key`` (its number and request hash), if any."""
    found = row(db, SCORING_ROW, [key, game_id])
    if found is None:
        raise NotFound(P_("no game %(id)s", id=game_id))
    last, done = int(found.pop("round_max")), found.pop("done")
    return results.parsed_header(found), last, json.loads(done) if done else None


def answer_text(db: Database, game_id: int) -> str:
    """The engine's answer for the game as JSON text, put together from the
    stored JSON of each round without parsing it (the API answers every save
    with the whole game: this keeps that cheap however long the game); scored
    afresh when the stored answer is not up to date."""
    game, _, _ = scoring_row(db, game_id)
    sql = (
        "SELECT result, result IS NOT NULL AND result_version IS version AS fresh "
        "FROM rounds WHERE game_id = ? ORDER BY number"
    )
    found = db.conn.execute(sql, [game_id]).fetchall()
    summary = results.stored_summary(game, game.pop("answer", None), len(found))
    if summary is None or not all(fresh for _, fresh in found):
        return json.dumps(scored(db, game_id)[2])
    parts = ",".join(result for result, _ in found)
    return f'{{"rounds": [{parts}], {json.dumps(summary)[1:]}'


def scored_with(
    db: Database, game: Game, summary: dict[str, Any] | None, new: Round
) -> tuple[list[Round], Answer, int]:
    """The game's rounds to store from the new one on, the engine's answer for them
    and the number of the first: scored from the stored state (``summary``), or
    the whole game when no stored answer is up to date (an older game), once."""
    if summary is None:
        changed = [*rounds_of(db, game["id"]), new]
        return changed, score_game(document(game, changed)), 1
    state: State = {"totals": summary["totals"], "played": summary["next_round"] - 1}
    return [new], score_from(document(game, []), state, [new["entries"]]), new["number"]


def time_called(game: Game) -> bool:
    """Whether the round being saved is the game's last: the time set for its end
    (``ends_at``: a club night's turn clock) has come, and it has not ended yet."""
    ends = game.get("ends_at")
    if not ends or game.get("ended_after") is not None:
        return False
    return datetime.now(UTC) >= datetime.fromisoformat(ends)


def end_game(db: Database, game_id: int) -> int:
    """End the game as it stands, after its last saved round (none: 0 - 0, a draw):
    finished, the highest totals winning, no round after it. The number of rounds
    it ended after."""
    with writing(db):
        game = get_game(db, game_id)
        check_kept(game)
        if game["finished"]:
            raise ScoringError(P_("the game is over already"))
        played = rounds_of(db, game_id)
        game["ended_after"] = int(game["start"].get("rounds", 0)) + len(played)
        answer = score_game(document(game, played))
        db.execute("UPDATE games SET ended_after = ? WHERE id = ?", [game["ended_after"], game_id])
        results.refresh(db, game_id, game, played, answer)
    return len(played)


def edit_round(
    db: Database, game_id: int, number: int, entries: dict[str, Any], version: int
) -> None:
    """Replace a round's entries if nobody changed it since ``version`` was read;
    the rounds from it on are scored again (refused if one of them no longer can be)."""
    with writing(db):
        game, later, count = locate(db, game_id, number, version)
        old = later[0]
        changed = [{**old, "entries": entries}, *later[1:]]
        answer = rescore(db, game, changed, number)
        kept = still_kept(game, number, old, entries)
        db.execute(
            "UPDATE rounds SET entries = ?, version = version + 1, updated_at = ?, "
            "grandfathered = ? WHERE game_id = ? AND number = ?",
            [json.dumps(entries), now(), json.dumps(kept) if kept else None, game_id, number],
        )
        log_change(db, game_id, number, "edited", old["entries"], entries)
        results.refresh_from(db, game_id, game, changed, answer, count, number)


def delete_round(db: Database, game_id: int, number: int, version: int) -> None:
    """Remove a round; later rounds move up one number."""
    with writing(db):
        game, later, count = locate(db, game_id, number, version)
        old = later[0]
        kept = [{**r, "number": r["number"] - 1} for r in later[1:]]
        answer = rescore(db, game, kept, number)
        db.execute("DELETE FROM rounds WHERE game_id = ? AND number = ?", [game_id, number])
        db.conn.executemany(  # one by one, upwards: (game_id, number) is unique
            "UPDATE rounds SET number = number - 1, version = version + 1 "
            "WHERE game_id = ? AND number = ?",
            [(game_id, r["number"]) for r in later[1:]],
        )
        log_change(db, game_id, number, "deleted", old["entries"], None)
        results.refresh_from(db, game_id, game, kept, answer, count - 1, number)


def rescore(db: Database, game: Game, rounds: list[Round], number: int) -> Answer:
    """The engine's answer for ``rounds``, stored from round ``number`` on, scored
    from the game's state before that round (each kept despite the later checks
    it is grandfathered for)."""
    state = results.state_before(db, game["id"], game, number)
    head = {**document(game, []), "grandfathered": grandfathered(game, rounds, number)}
    return score_from(head, state, [r["entries"] for r in rounds])


def still_kept(game: Game, number: int, old: Round, entries: dict[str, Any]) -> list[str]:
    """The later checks a corrected round is still kept despite: those the stored
    round was grandfathered for and the correction still breaks (a correction that
    keeps to a check is held to it from then on)."""
    if not old["grandfathered"]:
        return []
    played = int((game.get("start") or {}).get("rounds", 0))
    broken = breaches(document(game, []), played + number, entries)
    return [name for name in old["grandfathered"] if name in broken]


def undoable(db: Database, game_id: int, number: int) -> int | None:
    """Which saving round ``number`` is, if it is the one just saved (the last,
    unchanged, recent): the id of its "added" line in the history, which no other
    saving ever has; else None. The Undo button carries it: an Undo sent again after
    another device saved a new round under that number undoes nothing."""
    sql = (
        "SELECT version, created_at, (SELECT max(number) FROM rounds WHERE game_id = ?) AS last, "
        "(SELECT max(id) FROM round_changes WHERE game_id = ? AND number = ? "
        "AND action = 'added') AS saving FROM rounds WHERE game_id = ? AND number = ?"
    )
    found = row(db, sql, [game_id, game_id, number, game_id, number])
    if found is None or found["version"] != 1 or found["last"] != number:
        return None
    age = (datetime.now(UTC) - datetime.fromisoformat(found["created_at"])).total_seconds()
    return int(found["saving"]) if age <= UNDO_SECONDS and found["saving"] else None


def undo_round(
    db: Database, game_id: int, number: int, version: int, saving: int | None = None
) -> None:
    """Take back the round just saved: only the last round, unchanged since, and
    within ``UNDO_SECONDS`` of its saving; with ``saving`` (from ``undoable``), only
    the very round saved then. Kept in the history as undone."""
    with writing(db):
        game, later, count = locate(db, game_id, number, version)  # still at ``version``
        just_saved = undoable(db, game_id, number)  # the last, unchanged, recent
        if just_saved is None or saving not in (None, just_saved):
            template = N_("round %(n)s can no longer be undone: correct or delete it instead")
            raise TooLateToUndo(P_(template, n=number))
        answer = rescore(db, game, [], number)
        db.execute("DELETE FROM rounds WHERE game_id = ? AND number = ?", [game_id, number])
        log_change(db, game_id, number, "undone", later[0]["entries"], None)
        results.refresh_from(db, game_id, game, [], answer, count - 1, number)


def locate(db: Database, game_id: int, number: int, version: int) -> tuple[Game, list[Round], int]:
    """The game, its rounds from ``number`` on and how many it has, if round
    ``number`` is still at ``version``."""
    game = get_game(db, game_id)
    check_kept(game)
    sql = (
        "SELECT number, entries, version, grandfathered FROM rounds "
        "WHERE game_id = ? AND number >= ? ORDER BY number"
    )
    later = [parsed_round(r) for r in rows(db, sql, [game_id, number])]
    if number < 1 or not later or later[0]["number"] != number:
        raise NotFound(P_("game %(id)s has no round %(n)s", id=game_id, n=number))
    if later[0]["version"] != version:
        template = N_(
            "round %(n)s was changed on another device since you opened it; "
            "look at it again before changing it"
        )
        raise StaleEdit(P_(template, n=number))
    return game, later, later[-1]["number"]


def log_change(
    db: Database, game_id: int, number: int, action: str, before: Any, after: Any
) -> None:
    db.execute(
        "INSERT INTO round_changes (game_id, number, action, before, after, at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [
            game_id,
            number,
            action,
            None if before is None else json.dumps(before),
            None if after is None else json.dumps(after),
            now(),
        ],
    )


def changes(db: Database, game_id: int) -> list[dict[str, Any]]:
    """The game's history of changes, newest first."""
    sql = "SELECT * FROM round_changes WHERE game_id = ? ORDER BY id DESC"
    return [
        {
            **r,
            "before": json.loads(r["before"]) if r["before"] else None,
            "after": json.loads(r["after"]) if r["after"] else None,
        }
        for r in rows(db, sql, [game_id])
    ]
