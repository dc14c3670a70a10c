"""Time ``scorekeeper import`` of an export with N rounds (games of 1000 rounds),
into a fresh database: python scripts/bench_import.py [N ...] (default 1000 5000 10000).

``--with-scorer N`` instead serves a database, posts rounds to it as a scorer
would while importing N rounds into the same file, and prints the longest wait
of the scorer's writes and whether every acknowledged round was stored."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROUNDS_PER_GAME = 1000


def export_with(rounds: int) -> dict:
    """An export of ceil(rounds / 1000) classic games, 50 games an evening."""
    games, left = [], rounds
    while left > 0:
        n, left = min(left, ROUNDS_PER_GAME), left - ROUNDS_PER_GAME
        played = [{"Ann & Bea" if i % 2 else "Cat & Dee": {"meld_points": 5}} for i in range(n)]
        doc = {"variant": "classic", "sides": ["Ann & Bea", "Cat & Dee"], "players": 4,
               "options": {}, "rounds": played}  # fmt: skip
        games.append({"uid": uuid.uuid4().hex, "seats": ["Ann", "Cat", "Bea", "Dee"],
                      "first_dealer": 0, "document": doc})  # fmt: skip
    evenings = [{"uid": uuid.uuid4().hex, "date": "2026-11-20", "name": "", "note": "",
                 "games": games[i : i + 50]} for i in range(0, len(games), 50)]  # fmt: skip
    return {"format": "scorekeeper", "version": 1, "evenings": evenings}


def timed_import(folder: Path, rounds: int, database: Path) -> float:
    path = folder / f"export-{rounds}.json"
    path.write_text(json.dumps(export_with(rounds)))
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "import", str(path), "--db",
                           str(database)], capture_output=True, text=True)  # fmt: skip
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return elapsed


def with_scorer(folder: Path, rounds: int) -> None:
    sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
    from conftest import LiveServer

    server = LiveServer(folder / "live.sqlite").start()
    try:
        status, created = server.json(
            "POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]}
        )
        game, waits, acked, stop = created["id"], [], [], threading.Event()

        def scorer() -> None:
            n = 0
            while not stop.is_set():
                started = time.perf_counter()
                key = f"k{n}"
                url, body = f"/api/games/{game}/rounds", {"A": {"meld_points": 5}}
                status, _ = server.json("POST", url, body, {"Idempotency-Key": key})
                waits.append(time.perf_counter() - started)
                if status == 201:
                    acked.append(key)
                n += 1
                time.sleep(0.05)

        thread = threading.Thread(target=scorer)
        thread.start()
        time.sleep(0.5)
        seconds = timed_import(folder, rounds, server.database)
        stop.set()
        thread.join()
        conn = sqlite3.connect(server.database)
        stored = {
            k for (k,) in conn.execute("SELECT request_key FROM rounds WHERE game_id = ?", [game])
        }
        conn.close()
        print(f"import of {rounds} rounds while scoring: {seconds:.2f} s; "
              f"scorer: {len(waits)} writes, max wait {max(waits) * 1000:.0f} ms, "
              f"acknowledged {len(acked)}, stored {len(set(acked) & stored)} of them")  # fmt: skip
    finally:
        server.stop()


def main(argv: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if argv[:1] == ["--with-scorer"]:
            with_scorer(folder, int(argv[1]) if len(argv) > 1 else 10000)
            return
        for rounds in [int(a) for a in argv] or [1000, 5000, 10000]:
            seconds = timed_import(folder, rounds, folder / f"bench-{rounds}.sqlite")
            print(f"{rounds:>6} rounds: {seconds:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
