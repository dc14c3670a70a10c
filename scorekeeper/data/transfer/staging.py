"""An import seen whole or not at all, written in short steps.

A big file is written a chunk at a time, so a scorer's save never waits long for
the write lock. Each import is journalled in ``imports``; what it writes carries
its ``import_id`` and stays out of sight (its games and new players are hidden as
removed ones are, its evenings and rule sets are left out of the lists) until
the whole file is in. Then ``finish`` passes the point of no return (the journal
says "revealing") and shows it, again in short steps; a machine that stops there
finishes showing at the next import or server start. An import that fails, or
whose process died while writing, is taken out (``abandon``): what the scorers
see is the whole file or none of it.

While an import runs it holds a lock file named by the database file's identity
and the import's number; ``recover`` treats an unfinished import whose lock is
free as dead.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from time import monotonic, sleep
from typing import Any, TypeVar

from filelock import FileLock, Timeout
from sqlite_utils import Database

from .. import checks
from ..connection import PAUSE_BETWEEN_STEPS, now, writing
from ..games import removals, tallies
from ..ratings import ratings

STEP_SECONDS = 0.05
STEP_PAUSE = PAUSE_BETWEEN_STEPS  # every save waiting meanwhile gets its turn
STEP_GAMES = 200  # games shown or taken out per step at most
T = TypeVar("T")
GAME_TABLES = ("side_rounds", "game_sides", "round_changes", "rounds", "seats")


def in_steps(
    db: Database, items: Sequence[T], write_one: Callable[[T], int], most: int
) -> Iterator[int]:
    """Write ``items`` a step (one transaction) at a time, so the write lock is let go
    often and a scorer's save waits for one short step at most: a step ends once its
    items weigh ``most`` (``write_one`` says what each weighed: a game its rounds) or it
    has taken STEP_SECONDS, whichever comes first; it always writes one item at
    least; then it pauses STEP_PAUSE, so a waiting save gets its turn. The games a
    step shows are rated once at its end, from the earliest (``ratings.batched``).
    Yields how many items are written after each step."""
    done = 0
    while done < len(items):
        if done:
            sleep(STEP_PAUSE)
        deadline, weight = monotonic() + STEP_SECONDS, 0
        with writing(db), ratings.batched(db):
            while done < len(items) and (not weight or (weight < most and monotonic() < deadline)):
                weight += max(1, write_one(items[done]))
                done += 1
        yield done


class Stage:
    """One import under way: its journal row and the lock that says it is alive."""

    def __init__(self, db: Database, import_id: int) -> None:
        self.id = import_id
        self.lock = FileLock(lock_path(db, import_id), timeout=0) if database_file(db) else None
        if self.lock is not None:
            self.lock.acquire()

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            Path(self.lock.lock_file).unlink(missing_ok=True)


def database_file(db: Database) -> str:
    return str(next(iter(db.execute("PRAGMA database_list")))[2] or "")


def lock_path(db: Database, import_id: int) -> Path:
    found = os.stat(database_file(db))
    folder = Path(tempfile.gettempdir()) / "scorekeeper-locks"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder / f"{found.st_dev}-{found.st_ino}-import-{import_id}.lock"


def begin(db: Database) -> Stage:
    """Journal a new import (after ``recover``: a dead one is cleared first)."""
    recover(db)
    with writing(db):
        cursor = db.execute(
            "INSERT INTO imports (state, pid, started_at) VALUES ('writing', ?, ?)",
            [os.getpid(), now()],
        )
        import_id = int(cursor.lastrowid or 0)
    return Stage(db, import_id)


def hide_evening(db: Database, stage: Stage, evening_id: int) -> None:
    db.execute("UPDATE evenings SET import_id = ? WHERE id = ?", [stage.id, evening_id])


def hide_game(db: Database, stage: Stage, game_id: int, before: Before) -> None:
    """Hide a game just written, and the players it added (or another game of this
    import added, and no scorer has seated since: ``before``), inside the caller's
    transaction, before its rounds are kept: a hidden game counts in no tallies
    until it is shown."""
    db.execute(
        "UPDATE games SET removed_at = ?, import_id = ?, import_removed = ? WHERE id = ?",
        [now(), stage.id, int(before.removed), game_id],
    )
    ours = ", ".join("?" * len(before.hidden))
    db.execute(
        "UPDATE players SET removed_at = ?, import_id = ? WHERE id IN "
        f"(SELECT player_id FROM seats WHERE game_id = ?) AND (id > ? OR id IN ({ours}))",
        [now(), stage.id, game_id, before.newest, *before.hidden],
    )


@dataclass
class Before:
    """What hiding a game needs to know from before it was written: the newest
    player then, and which of its seats' players this import still hides (seating a
    player shows them, ``players.remember``, so a player the scorer seated in the
    meantime is not hidden again, and stays in sight if the import dies)."""

    newest: int
    hidden: list[int]
    removed: bool = False


def before_game(db: Database, stage: Stage, seats: list[str], removed: bool) -> Before:
    keys = [checks.name_key(seat) for seat in seats]
    marks = ", ".join("?" * len(keys))
    sql = f"SELECT id FROM players WHERE import_id = ? AND name_key IN ({marks})"
    hidden = [int(r["id"]) for r in db.query(sql, [stage.id, *keys])]
    newest = int(next(db.query("SELECT coalesce(max(id), 0) AS n FROM players"))["n"])
    return Before(newest, hidden, removed)


def finish(db: Database, stage: Stage) -> None:
    """Past the point of no return: show everything the import wrote."""
    with writing(db):
        db.execute("UPDATE imports SET state = 'revealing' WHERE id = ?", [stage.id])
    reveal(db, stage.id)
    stage.release()


def reveal(db: Database, import_id: int) -> None:
    each_game(db, import_id, show_game)
    with writing(db):
        show_the_rest(db, import_id)


def each_game(db: Database, import_id: int, do: Callable[[Database, int], int]) -> None:
    """``do`` to every game the import wrote, in steps."""
    for _ in in_steps(db, game_ids(db, import_id), lambda game: do(db, game), STEP_GAMES):
        pass


def game_ids(db: Database, import_id: int) -> list[int]:
    sql = "SELECT id FROM games WHERE import_id = ? ORDER BY id"
    return [r["id"] for r in db.query(sql, [import_id])]


def show_game(db: Database, game_id: int) -> int:
    found = next(db.query("SELECT import_removed FROM games WHERE id = ?", [game_id]))
    db.execute(
        "UPDATE players SET removed_at = NULL, import_id = NULL "
        "WHERE id IN (SELECT player_id FROM seats WHERE game_id = ?)",
        [game_id],
    )
    db.execute(
        "UPDATE games SET removed_at = NULL, import_id = NULL, import_removed = NULL WHERE id = ?",
        [game_id],
    )
    tallies.apply(db, {}, tallies.contributions(db, game_id))
    ratings.follow(db, game_id)
    if found["import_removed"]:  # exported as removed: imported as removed, to be undone
        removals.remove_game(db, game_id, described(db, game_id), "import")
    return 1


def described(db: Database, game_id: int) -> str:
    game = next(
        db.query(
            "SELECT g.name, g.variant, g.sides, e.date FROM games g "
            "JOIN evenings e ON e.id = g.evening_id WHERE g.id = ?",
            [game_id],
        )
    )
    sides = " · ".join(json.loads(game["sides"]))
    return f"{game['name'] or game['variant']}: {sides} ({game['date']})"


def show_the_rest(db: Database, import_id: int) -> None:
    for table in ("evenings", "rule_sets"):
        db.execute(f"UPDATE {table} SET import_id = NULL WHERE import_id = ?", [import_id])
    db.execute(  # a new name whose every game another import holds (not seen yet)
        "UPDATE players SET import_id = NULL WHERE import_id = ?", [import_id]
    )
    db.execute(
        "UPDATE imports SET state = 'done', finished_at = ? WHERE id = ?", [now(), import_id]
    )


def abandon(db: Database, stage: Stage) -> None:
    """Take out everything a failed import wrote."""
    take_out(db, stage.id)
    stage.release()


def take_out(db: Database, import_id: int) -> None:
    each_game(db, import_id, delete_game)
    with writing(db):
        for table in ("evenings", "rule_sets"):
            db.execute(f"DELETE FROM {table} WHERE import_id = ?", [import_id])
        db.execute(  # one a scorer seated meanwhile is theirs (as ``players.remember`` makes it)
            "UPDATE players SET removed_at = NULL, import_id = NULL WHERE import_id = ? AND id IN "
            "(SELECT s.player_id FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE g.import_id IS NULL)",
            [import_id],
        )
        db.execute(  # those another running import has seated wait for it
            "DELETE FROM players WHERE import_id = ? AND id NOT IN (SELECT player_id FROM seats)",
            [import_id],
        )
        db.execute(
            "UPDATE imports SET state = 'abandoned', finished_at = ? WHERE id = ?",
            [now(), import_id],
        )


def delete_game(db: Database, game_id: int) -> int:
    for table in GAME_TABLES:
        db.execute(f"DELETE FROM {table} WHERE game_id = ?", [game_id])
    db.execute("DELETE FROM games WHERE id = ?", [game_id])
    return 1


def recover(db: Database) -> list[dict[str, Any]]:
    """Finish or take out every import whose process is gone; what was done."""
    unfinished = list(db.query("SELECT id, state FROM imports WHERE finished_at IS NULL"))
    done = []
    for row in unfinished:
        if database_file(db) and not dead(db, row["id"]):
            continue
        if row["state"] == "revealing":
            reveal(db, row["id"])
        else:
            take_out(db, row["id"])
        done.append(row)
    return done


def dead(db: Database, import_id: int) -> bool:
    lock = FileLock(lock_path(db, import_id), timeout=0)
    try:
        lock.acquire()
    except Timeout:
        return False
    lock.release()
    return True
