"""How long a scorer's save waits while the heaviest work runs beside it.

    .venv/bin/python scripts/bench_lock.py [--games 5000] [--history FILE] [--scenario NAME]

Each scenario starts the real server (``python -m scorekeeper serve``) on a copy of
a history of about ``--games`` finished games (generated with ``data/sample.py``,
or ``--history`` to reuse a file this script made), has ``--tables`` scorers save
rounds at tonight's tables through the JSON API, one after another, while the heavy
work runs, and keeps saving until that work is done and 2 s more. It prints one
table: per scenario, how long the heavy work took, the saves, the longest save wait
and its p99 in ms, and the 5xx answers (each scenario's line as JSON on stderr as it
ends); it exits with 1 on any 5xx. A scenario is a function named in
``SCENARIOS``; each sets itself up and says when its work is done.

- ``quiet``: nothing heavy for 5 s, the saves' own waits to compare with.
- ``correction``: the first game of the history is corrected (a round changed by
  the API), so every later game is rated again.
- ``old_import``: ``scorekeeper import`` of 60 evenings dated before every stored
  game, by a process of its own beside the server.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_load import seed  # noqa: E402
from bench_table import p99, serve  # noqa: E402

from scorekeeper.data import sample  # noqa: E402
from scorekeeper.data.connection import connect, migrate  # noqa: E402
from scorekeeper.data.games.evenings import create_evening  # noqa: E402
from scorekeeper.data.games.games import create_game  # noqa: E402
from scorekeeper.data.transfer import transfer  # noqa: E402

TAIL = 2.0  # seconds of saves after the heavy work is done


def history(path: Path, games: int) -> None:
    """About ``games`` finished games (sample.fill makes two an evening on average)."""
    seed(str(path), max(1, games * 27 // 50))


def tables(path: Path, count: int) -> list[int]:
    """Tonight's classic games, each waiting for rounds."""
    db = connect(path)
    try:
        evening = create_evening(db, date.today().isoformat())
        made = []
        for n in range(count):
            seats = [f"A{n}", f"C{n}", f"B{n}", f"D{n}"]
            sides = [f"A{n} & B{n}", f"C{n} & D{n}"]
            made.append(
                create_game(
                    db,
                    evening_id=evening,
                    variant="classic",
                    players=4,
                    sides=sides,
                    options={},
                    seats=seats,
                )
            )
        return made
    finally:
        db.close()


class Saves:
    """Every save's wait in seconds, and the 5xx answers."""

    def __init__(self) -> None:
        self.waits: list[float] = []
        self.errors = 0
        self.lock = threading.Lock()


def scorer(base: str, game: int, saves: Saves, stop: threading.Event) -> None:
    """Save rounds one after another (a round of 5 points, never finishing the game)."""
    host = base.split("//", 1)[1]
    connection = http.client.HTTPConnection(host, timeout=60)
    body = None
    while not stop.is_set():
        if body is None:
            connection.request("GET", f"/api/games/{game}")
            sides = json.loads(connection.getresponse().read())["document"]["sides"]
            body = json.dumps({sides[0]: {"meld_points": 5}, sides[1]: {"meld_points": 5}})
        started = time.monotonic()
        headers = {"Content-Type": "application/json"}
        connection.request("POST", f"/api/games/{game}/rounds", body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        with saves.lock:
            saves.waits.append(time.monotonic() - started)
            saves.errors += response.status >= 500
        time.sleep(0.05)


def backlog_done(path: Path) -> bool:
    db = connect(path)
    try:
        return next(db.query("SELECT count(*) AS n FROM rating_backlog"))["n"] == 0
    finally:
        db.close()


# -- the scenarios: each starts its heavy work and returns when it is done ---------------


def correction(base: str, path: Path, folder: Path) -> None:
    """Correct the first game of the history: every later game is rated again."""
    db = connect(path)
    first = next(db.query("SELECT game_id FROM rated_games ORDER BY date, started_at, uid"))
    game = first["game_id"]
    db.close()
    connection = http.client.HTTPConnection(base.split("//", 1)[1], timeout=120)
    connection.request("GET", f"/api/games/{game}")
    first_round = json.loads(connection.getresponse().read())["document"]["rounds"][0]
    for changed in corrections(first_round):  # the first the engine takes
        connection.request(
            "PUT",
            f"/api/games/{game}/rounds/1",
            body=json.dumps(changed),
            headers={"Content-Type": "application/json"},
        )
        response = connection.getresponse()
        response.read()
        if response.status < 300:
            break
    else:
        raise SystemExit("no correction of the first game was taken")
    while not backlog_done(path):
        time.sleep(0.1)


def corrections(entries: dict[str, Any]) -> list[dict[str, Any]]:
    """The round with one side's meld or hand points 5 up or down."""
    found = []
    for side, fields in entries.items():
        for name in ("meld_points", "hand_points"):
            for step in (5, -5):
                if fields.get(name, 0) + step >= 0:
                    found.append({**entries, side: {**fields, name: fields.get(name, 0) + step}})
    return found


def old_import(base: str, path: Path, folder: Path) -> None:
    """Import 60 evenings dated before every stored game, from the command line."""
    older = folder / "older.sqlite"
    db = migrate(older)
    sample.fill(db, 60, seed=7, start=date(2015, 1, 2))
    export = folder / "older.json"
    export.write_text(json.dumps(transfer.export(db)))
    db.close()
    command = [sys.executable, "-m", "scorekeeper", "import", str(export), "--db", str(path)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    while not backlog_done(path):
        time.sleep(0.1)


def quiet(base: str, path: Path, folder: Path) -> None:
    """Nothing heavy: the saves' own waits, to compare with."""
    time.sleep(5)


SCENARIOS = {"quiet": quiet, "correction": correction, "old_import": old_import}


def run(name: str, source: Path, count: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        path = folder / "bench.sqlite"
        shutil.copy(source, path)
        games = tables(path, count)
        process, base = serve(path)
        try:
            saves, stop = Saves(), threading.Event()
            threads = [threading.Thread(target=scorer, args=(base, g, saves, stop)) for g in games]
            for thread in threads:
                thread.start()
            time.sleep(1.0)  # saves under way before the heavy work starts
            started = time.monotonic()
            SCENARIOS[name](base, path, folder)
            took = time.monotonic() - started
            time.sleep(TAIL)
            stop.set()
            for thread in threads:
                thread.join()
        finally:
            process.terminate()
            process.wait()
    waits = [w * 1000 for w in saves.waits]
    longest, tail = round(max(waits), 1), round(p99(waits), 1)
    return {
        "scenario": name,
        "work_s": round(took, 1),
        "saves": len(waits),
        "longest_ms": longest,
        "p99_ms": tail,
        "5xx": saves.errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--history", type=Path, help="a history this script made, reused")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), action="append")
    args = parser.parse_args()
    started = os.getloadavg()[0]
    found = []
    with tempfile.TemporaryDirectory() as folder:
        source = args.history
        if source is None or not source.exists():
            source = source or Path(folder) / "history.sqlite"
            history(source, args.games)
        for name in args.scenario or list(SCENARIOS):
            found.append(run(name, source, args.tables))
            print(json.dumps(found[-1]), file=sys.stderr, flush=True)  # as it goes
    print(
        f"{time.strftime('%Y-%m-%d %H:%M')} UTC, {os.cpu_count()} cores, load average "
        f"{started:.1f} at the start and {os.getloadavg()[0]:.1f} at the end: "
        f"{' '.join(sys.argv)}\n"
    )
    print("| scenario | work | saves | longest save wait | p99 | 5xx |")
    print("|---|---|---|---|---|---|")
    for r in found:
        print(
            f"| {r['scenario']} | {r['work_s']} s | {r['saves']} | {r['longest_ms']:.0f} ms "
            f"| {r['p99_ms']:.0f} ms | {r['5xx']} |"
        )
    if any(r["5xx"] for r in found):
        sys.exit(1)


if __name__ == "__main__":
    main()
