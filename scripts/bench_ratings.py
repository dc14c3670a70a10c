"""Ratings benchmark: what keeping the ratings costs a save, on years of games.

    .venv/bin/python scripts/bench_ratings.py [--evenings 1000] [--repeats 20] [--db FILE]

Fills a fresh database with generated evenings (as bench_pages does), then times,
in-process and each inside a transaction that is rolled back: the rating of the
newest finished game (what the save that finishes tonight's game adds: the game's
rows and the replay of that one game), the replay after a correction of the oldest
game (every game rated again), and a rating of the whole history from scratch in
memory. Then the save ``bench_floor.py`` times, in-process on a copy of the file: a round
added to a 12-round classic game that it does not finish (and deleted again, untimed),
``--saves`` times in alternating blocks with the rating step (``ratings.follow``) and
with it replaced by nothing: the CPU time of each (``time.process_time``, which a loaded
machine stretches far less than the wall time, most of which is the commit's fsync),
and the statements SQLite's trace callback sees in the rating step. Prints the medians
in ms as JSON, with the number of rated games.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_floor as floor  # noqa: E402
from bench_load import seed  # noqa: E402

from scorekeeper.data.connection import connect  # noqa: E402
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game
from scorekeeper.data.games.rounds import add_round, delete_round
from scorekeeper.data.ratings import ratings


def timed(db, work, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        db.execute("BEGIN IMMEDIATE")
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
        db.execute("ROLLBACK")
    return round(statistics.median(times) * 1000, 2)


def save_step(db, saves: int) -> dict[str, float]:
    """The round save of ``bench_floor.py`` with and without the rating step: CPU ms
    per save (medians of alternating blocks of 20) and the rating step's statements."""
    seats = ["Ann", "Cat", "Bea", "Dee"]  # Ann & Bea against Cat & Dee
    game = create_game(
        db, evening_id=create_evening(db, "2026-11-26"), variant="classic", players=4,
        sides=floor.SIDES, options={}, seats=seats, first_dealer=0,
    )  # fmt: skip
    for entries in floor.ROUNDS:
        add_round(db, game, entries)
    follow, statements = ratings.follow, []

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        db.conn.set_trace_callback(statements.append)
        try:
            follow(*args, **kwargs)
        finally:
            db.conn.set_trace_callback(None)

    def nothing(*args, **kwargs):  # type: ignore[no-untyped-def]
        return None

    def save() -> float:
        start = time.process_time()
        add_round(db, game, floor.SAVE_ROUND)
        spent = time.process_time() - start
        delete_round(db, game, len(floor.ROUNDS) + 1, 1)
        return spent

    times: dict[str, list[float]] = {"with": [], "without": []}
    try:
        for block in range(max(2, saves // 20)):
            for way in ("with", "without") if block % 2 == 0 else ("without", "with"):
                ratings.follow = follow if way == "with" else nothing
                times[way] += [save() for _ in range(20)]
        ratings.follow = counted
        save()
    finally:
        ratings.follow = follow
    with_, without = (statistics.median(times[w]) * 1000 for w in ("with", "without"))
    return {
        "a save not finishing its game, CPU ms, with the rating step": round(with_, 3),
        "the same save without the rating step, CPU ms": round(without, 3),
        "with / without": round(with_ / without, 3),
        "statements traced in the rating step of that save": len(statements),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--db", help="an already filled database (left as it was)")
    parser.add_argument("--saves", type=int, default=400, help="round saves timed each way")
    args = parser.parse_args()
    database = args.db
    if not database:
        database = str(Path(tempfile.mkdtemp(prefix="scorekeeper-ratings-")) / "r.sqlite")
        seed(database, args.evenings)
    db = connect(database)
    order = "SELECT game_id FROM rated_games ORDER BY date, started_at, uid"
    games = [r["game_id"] for r in db.query(order)]
    first, last = games[0], games[-1]

    def unrate_and_follow(game_id: int) -> None:
        for table in ("rated_games", "rating_pairs", "rating_changes"):  # as if just finished
            db.execute(f"DELETE FROM {table} WHERE game_id = ?", [game_id])
        ratings.follow(db, game_id, True)

    figures = {
        "rated games": len(games),
        "newest game finished (ms)": timed(db, lambda: unrate_and_follow(last), args.repeats),
        "oldest game corrected (ms)": timed(
            db, lambda: unrate_and_follow(first), max(3, args.repeats // 10)
        ),
        "from scratch, in memory (ms)": timed(
            db, lambda: ratings.from_scratch(db), max(3, args.repeats // 10)
        ),
    }
    db.close()
    copy = Path(tempfile.mkdtemp(prefix="scorekeeper-saves-")) / "saves.sqlite"
    shutil.copy(database, copy)  # the saves commit, as on the server: on a copy
    db = connect(copy)
    figures.update(save_step(db, args.saves))
    db.close()
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
