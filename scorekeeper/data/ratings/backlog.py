"""Ratings brought up to date a few games a transaction, after the answer.

A correction of an old game or an import of older games leaves every later game
to be rated again (``ratings.rate_from`` notes where in ``rating_backlog``). Each
``step`` is one short write: first it drops the ratings of the games from there
on (a few hundred rows a step), then it rates the next games in order from each
player's rating before them, and moves the start past them; the last step reads
the current rating of every player whose games were dropped or moved. The tables
end as a rating from scratch would leave them. A step holds the write lock for a
few tens of milliseconds, then lets go for STEP_PAUSE, so a scorer's save waits
for one step at most.

The server has a process of its own run the steps (``wake``); a test or a command
line run calls ``catch_up``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from typing import Any

from sqlite_utils import Database

from ...ratings import model as rating
from .. import stepping
from ..connection import PAUSE_BETWEEN_STEPS, connect, row, rows, writing
from . import ratings

STEP_SECONDS = 0.02  # rating in one step, about (a game is not cut in two)
STEP_GAMES = 200  # games rated in one step at most
STEP_ROWS = 400  # old rating changes dropped in one step at most
STEP_PAUSE = PAUSE_BETWEEN_STEPS  # as an import's steps: every waiting save gets its turn


def step(db: Database) -> bool:
    """One short write towards up-to-date ratings; whether more steps are needed."""
    with writing(db):
        waiting = row(db, "SELECT * FROM rating_backlog WHERE id = 1")
        if waiting is None:
            return False
        start, players = ratings.key(waiting), set(json.loads(waiting["players"]))
        if drop_stale(db, start, players) or rate_next(db, start):
            return True
        ratings.set_current(db, players, {})
        db.execute("DELETE FROM rating_backlog WHERE id = 1")
    return False


def drop_stale(db: Database, start: ratings.Key, players: set[int]) -> bool:
    """Drop a step's worth of the changes of games from ``start`` on (so that a
    player's latest change left is their rating before ``start``); False if none."""
    sql = (
        "SELECT c.game_id, c.player_id, c.scope FROM rated_games g JOIN rating_changes c "
        "ON c.game_id = g.game_id WHERE (g.date, g.started_at, g.uid) >= (?, ?, ?) "
        "LIMIT ?"
    )
    stale = rows(db, sql, [*start, STEP_ROWS])
    if not stale:
        return False
    db.conn.executemany(
        "DELETE FROM rating_changes WHERE game_id = ? AND player_id = ? AND scope = ?",
        [(s["game_id"], s["player_id"], s["scope"]) for s in stale],
    )
    note_players(db, players | {s["player_id"] for s in stale})
    return True


def rate_next(db: Database, start: ratings.Key) -> bool:
    """Rate the games from ``start`` on for STEP_SECONDS (one at least, STEP_GAMES
    at most) and move the start past them; False when none are left after them."""
    sql = (
        f"SELECT * FROM rated_games WHERE {ratings.ORDER} >= (?, ?, ?) "
        f"ORDER BY {ratings.ORDER_BY} LIMIT ?"
    )
    found = rows(db, sql, [*start, STEP_GAMES + 1])
    if not found:
        return False
    deadline, changes = time.monotonic() + STEP_SECONDS, list[rating.Change]()
    games = (ratings.as_rated(r) for r in found[:STEP_GAMES])
    for change in rating.replay(games, lambda p, scope: ratings.known(db, p, scope)):
        if changes and change.game_id != changes[-1].game_id and time.monotonic() > deadline:
            break  # a game boundary after the step's time: the rest waits for the next
        changes.append(change)
    ratings.store_changes(db, changes)
    latest = {(c.player_id, c.scope): (c.after.mu, c.after.sigma, c.games) for c in changes}
    db.conn.executemany(
        "INSERT OR REPLACE INTO player_ratings VALUES (?, ?, ?, ?, ?)",
        [(p, scope, *values) for (p, scope), values in latest.items()],
    )
    done = len({c.game_id for c in changes})
    if done >= len(found):
        return False  # the last of them
    sql = "UPDATE rating_backlog SET date = ?, started_at = ?, uid = ? WHERE id = 1"
    db.execute(sql, list(ratings.key(found[done])))
    return True


def note_players(db: Database, players: set[int]) -> None:
    db.execute("UPDATE rating_backlog SET players = ? WHERE id = 1", [json.dumps(sorted(players))])


def catch_up(db: Database, pause: float = STEP_PAUSE) -> int:
    """Step until the ratings are up to date; how many steps that took. After any
    other long job on the file (an import, another process catching up: ``stepping``),
    so that the saves get the lock between this one's steps."""
    taken = 0
    with stepping.alone(db):
        while step(db):
            taken += 1
            time.sleep(pause)
    return taken


_lock = threading.Lock()
_running: dict[str, subprocess.Popen[bytes]] = {}


def wake(path: str) -> None:
    """Have a process of its own catch this database's ratings up, unless one is at it.
    A process, not a thread: rating is pure Python, and a thread at it would hold the
    interpreter's lock against the server's threads and slow every save."""
    with _lock:
        running = _running.get(path)
        if running is not None and running.poll() is None:
            return
        command = [sys.executable, "-m", __name__, path]
        _running[path] = subprocess.Popen(command, stdin=subprocess.DEVNULL)


def main(path: str) -> None:
    """Catch up, then look once more (a change may have come in as the last step ended)."""
    db = connect(path)
    try:
        while catch_up(db):
            pass
    finally:
        db.close()


def waiting(db: Database) -> dict[str, Any] | None:
    return row(db, "SELECT * FROM rating_backlog WHERE id = 1")


if __name__ == "__main__":
    main(sys.argv[1])
