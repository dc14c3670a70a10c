"""Kill the real server (SIGKILL) mid-stream N times and count rounds acknowledged
vs stored: python scripts/bench_crash.py [N] (default 10). Every acknowledged
round must be stored; a request in flight at the kill may be stored unacknowledged."""

from __future__ import annotations

import signal
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
from conftest import LiveServer  # noqa: E402


def cycle(server: LiveServer, game: int, run: int) -> tuple[int, int]:
    """One kill: (acknowledged, of them stored)."""
    acked: list[str] = []
    stop = threading.Event()

    def sender(worker: int) -> None:
        n = 0
        while not stop.is_set():
            key = f"r{run}-w{worker}-{n}"
            try:
                url, body = f"/api/games/{game}/rounds", {"A": {"meld_points": 5}}
                status, _ = server.json("POST", url, body, {"Idempotency-Key": key})
            except OSError:
                return
            if status == 201:
                acked.append(key)
            n += 1

    threads = [threading.Thread(target=sender, args=(w,)) for w in range(6)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 30
    while len(acked) < 40 and time.monotonic() < deadline:
        time.sleep(0.01)
    server.stop(signal.SIGKILL)
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    conn = sqlite3.connect(server.database)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = {
        k for (k,) in conn.execute("SELECT request_key FROM rounds WHERE request_key IS NOT NULL")
    }
    conn.close()
    return len(acked), len(set(acked) & stored)


def main(cycles: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "crash.sqlite").start()
        total = [0, 0]
        for run in range(cycles):
            game = {"variant": "classic", "sides": ["A", "B"]}  # a new game: none ends mid-run
            acked, kept = cycle(server, server.json("POST", "/api/games", game)[1]["id"], run)
            total = [total[0] + acked, total[1] + kept]
            print(f"kill {run + 1}: acknowledged {acked}, stored {kept}")
            server.start()
        server.stop()
        acked, kept = total
        print(f"{cycles} kills: acknowledged {acked}, stored {kept}, lost {acked - kept}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
