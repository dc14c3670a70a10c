"""Ratings benchmark: what keeping the ratings costs a save, on years of games.

    .venv/bin/python scripts/bench_ratings.py [--evenings 1000] [--repeats 20]

Fills a fresh database with generated evenings (as bench_pages does), then times,
in-process and each inside a transaction that is rolled back: the rating of the
newest finished game (what the save that finishes tonight's game adds: the game's
rows and the replay of that one game), the replay after a correction of the oldest
game (every game rated again), and a rating of the whole history from scratch in
memory. Prints the medians in ms as JSON, with the number of rated games.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_load import seed  # noqa: E402

from scorekeeper.data import ratings  # noqa: E402
from scorekeeper.data.connection import connect  # noqa: E402


def timed(db, work, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        db.execute("BEGIN IMMEDIATE")
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
        db.execute("ROLLBACK")
    return round(statistics.median(times) * 1000, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    database = str(Path(tempfile.mkdtemp(prefix="scorekeeper-ratings-")) / "r.sqlite")
    seed(database, args.evenings)
    db = connect(database)
    order = "SELECT game_id FROM rated_games ORDER BY date, finished_at, game_id"
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
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
