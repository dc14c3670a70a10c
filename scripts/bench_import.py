"""Time ``scorekeeper import`` of an export with N rounds (games of 1000 rounds),
into a fresh database: python scripts/bench_import.py [N ...] (default 1000 5000 10000).

``--with-scorer N`` instead serves a database, posts rounds to it as a scorer
would while importing N rounds into the same file, and prints the longest wait
of the scorer's writes and whether every acknowledged round was stored.

``--lock-steps`` imports the outside attack's shapes at the file limits (5,000
evenings of one short game, 20,000 new player names, 1,000 rule sets, 10,000 rounds
of long games) and prints how long each write transaction held the write lock: the
longest and the 99th percentile, and how many there were."""

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


def attack_shapes() -> dict[str, dict]:
    """The outside attack's import files, cut to the limits an import now has."""

    def game(uid: str, seats: list[str]) -> dict:
        sides = [f"{seats[0]} & {seats[2]}", f"{seats[1]} & {seats[3]}"]
        doc = {"variant": "classic", "sides": sides, "players": 4, "options": {},
               "rounds": [{sides[0]: {"meld_points": 5}}]}  # fmt: skip
        return {"uid": uid, "seats": seats, "first_dealer": 0, "document": doc}

    def evenings(count: int, seats_of) -> list[dict]:
        return [{"uid": f"e{n}", "date": "2026-11-20", "name": "", "note": "",
                 "games": [game(f"g{n}", seats_of(n))]} for n in range(count)]  # fmt: skip

    sets = [{"uid": f"rs{n}", "name": "Friday", "variant": "classic",
             "options": {"target": 3000}} for n in range(1000)]  # fmt: skip
    return {
        "5,000 evenings": {"format": "scorekeeper", "version": 1,
                           "evenings": evenings(5000, lambda n: ["Ann", "Cat", "Bea", "Dee"])},
        "20,000 new names": {"format": "scorekeeper", "version": 1,
                             "evenings": evenings(5000, lambda n: [f"P{n}-{s}" for s in range(4)])},
        "1,000 rule sets": {"format": "scorekeeper", "version": 1, "evenings": [],
                            "rule_sets": sets},
        "10,000 rounds": export_with(10000),
    }  # fmt: skip


def lock_steps(folder: Path) -> None:
    """Each write transaction's hold on the write lock, per attack shape."""
    from scorekeeper.data.connection import migrate
    from scorekeeper.data.transfer import transfer

    for name, data in attack_shapes().items():
        db = migrate(folder / f"steps-{len(name)}-{uuid.uuid4().hex}.sqlite")
        holds: list[float] = []
        begun: list[float] = []

        def trace(sql: str, begun: list[float] = begun, holds: list[float] = holds) -> None:
            if sql == "BEGIN IMMEDIATE":
                begun.append(time.perf_counter())
            elif sql in ("COMMIT", "ROLLBACK") and begun:
                holds.append(time.perf_counter() - begun.pop())

        db.conn.set_trace_callback(trace)
        started = time.perf_counter()
        transfer.import_data(db, data)
        elapsed = time.perf_counter() - started
        holds.sort()
        p99 = holds[min(len(holds) - 1, int(len(holds) * 0.99))]
        print(f"{name:>17}: {elapsed:6.2f} s, {len(holds):4} steps, "
              f"longest {holds[-1] * 1000:5.1f} ms, p99 {p99 * 1000:5.1f} ms")  # fmt: skip
        db.close()


def main(argv: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if argv[:1] == ["--lock-steps"]:
            lock_steps(folder)
            return
        if argv[:1] == ["--with-scorer"]:
            with_scorer(folder, int(argv[1]) if len(argv) > 1 else 10000)
            return
        for rounds in [int(a) for a in argv] or [1000, 5000, 10000]:
            seconds = timed_import(folder, rounds, folder / f"bench-{rounds}.sqlite")
            print(f"{rounds:>6} rounds: {seconds:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
