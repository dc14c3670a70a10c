"""Load and latency benchmark: the real server (waitress) on loopback.

    .venv/bin/python scripts/bench_load.py [--evenings 1000] [--seconds 60]

Fills a fresh database with generated evenings, starts ``scorekeeper serve``-style
waitress in a subprocess (the app, plus a bare Flask route mounted at /bare in the
same server), then runs 20 scorers adding and correcting rounds and 50 spectators
polling scoreboards. Prints requests per second, median and p99 latency per kind of
request, errors, the check that every acknowledged round is stored exactly once, the
app's overhead over the bare route, and the bytes a phone downloads per page.
Only loopback is used; every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def serve_both(database: str, port: int, threads: int) -> None:
    """Run in the server subprocess: the app and a bare Flask route, one waitress."""
    import logging

    from flask import Flask
    from waitress import serve
    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    from scorekeeper import create_app

    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # queueing is what we measure
    app = create_app({"DATABASE": database})
    bare = Flask("bare")
    body = "x" * int(Path(database + ".pagesize").read_text())

    @bare.get("/scoreboard")
    def scoreboard() -> str:
        return body

    serve(
        DispatcherMiddleware(app, {"/bare": bare}),
        host="127.0.0.1",
        port=port,
        threads=threads,
        ident="bench",
    )


class Client:
    """One keep-alive connection, timing every request by kind."""

    def __init__(self, port: int, timings: dict, errors: list) -> None:
        self.port, self.timings, self.errors = port, timings, errors
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, kind: str, method: str, path: str, body=None, headers=None):
        data = None if body is None else json.dumps(body)
        heads = {"Content-Type": "application/json", **(headers or {})}
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=heads)
            response = self.conn.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.errors.append(f"{kind}: {error!r}")
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            return None, None
        self.timings[kind].append(time.perf_counter() - start)
        if response.status >= 500 or (response.status >= 400 and kind != "edit round"):
            self.errors.append(f"{kind}: {response.status} {payload[:200]!r}")
        return response.status, payload


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def seed(database: str, evenings: int) -> None:
    from scorekeeper.data import sample
    from scorekeeper.data.connection import migrate

    db = migrate(database)
    db.execute("PRAGMA synchronous = OFF")  # a bulk load; the server itself runs FULL
    sample.fill(db, evenings)
    db.close()


def wait_up(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def scorer(port, game, side, stop, timings, errors, acked):
    client = Client(port, timings, errors)
    versions: dict[int, int] = {}
    n = 0
    while not stop.is_set():
        n += 1
        key = f"g{game}-{n}"
        status, payload = client.request(
            "add round",
            "POST",
            f"/api/games/{game}/rounds",
            {side: {"meld_points": 5}},
            {"Idempotency-Key": key},
        )
        if status == 201:
            acked.append((game, key))
            versions[len(json.loads(payload)["rounds"])] = 1
        if n % 4 == 0 and versions:
            number = random.choice(list(versions))
            status, _ = client.request(
                "edit round",
                "PUT",
                f"/api/games/{game}/rounds/{number}",
                {side: {"meld_points": 10}},
                {"If-Match": str(versions[number])},
            )
            if status == 200:
                versions[number] += 1


def spectator(port, games, tokens, stop, timings, errors):
    client = Client(port, timings, errors)
    rng = random.Random()
    while not stop.is_set():
        client.request("watch poll", "GET", f"/watch/{rng.choice(tokens)}/stamp")
        client.request("scoreboard", "GET", f"/games/{rng.choice(games)}")
        time.sleep(0.5)


def page_bytes(port: int, path: str) -> int:
    """Bytes a phone downloads for a page: the HTML and every asset it links."""
    import re

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path)
    html = conn.getresponse().read()
    total = len(html)
    for asset in sorted(set(re.findall(rb'(?:href|src)="(/static/[^"]+)"', html))):
        conn.request("GET", asset.decode())
        total += len(conn.getresponse().read())
    conn.close()
    return total


def summarize(timings, seconds):
    rows = {}
    for kind, values in sorted(timings.items()):
        values = sorted(values)
        rows[kind] = {
            "requests": len(values),
            "per_second": round(len(values) / seconds, 1),
            "median_ms": round(statistics.median(values) * 1000, 2),
            "p99_ms": round(values[max(0, int(len(values) * 0.99) - 1)] * 1000, 2),
        }
    return rows


def overhead(port: int, game: int, repeats: int = 300) -> dict:
    """The same scoreboard, then a bare Flask route of the same size, one client."""
    timings: dict = defaultdict(list)
    client = Client(port, timings, [])
    for _ in range(repeats):
        client.request("app scoreboard", "GET", f"/games/{game}")
        client.request("bare route", "GET", "/bare/scoreboard")
    app = statistics.median(timings["app scoreboard"])
    bare = statistics.median(timings["bare route"])
    return {
        "app_median_ms": round(app * 1000, 2),
        "bare_median_ms": round(bare * 1000, 2),
        "ratio": round(app / bare, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--scorers", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=50)
    parser.add_argument("--threads", type=int, default=8, help="waitress worker threads")
    parser.add_argument("--serve", nargs=2, metavar=("DB", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        return serve_both(args.serve[0], int(args.serve[1]), args.threads)

    folder = tempfile.mkdtemp(prefix="scorekeeper-bench-")
    database = str(Path(folder) / "bench.sqlite")
    began = time.perf_counter()
    seed(database, args.evenings)
    print(f"seeded {args.evenings} evenings in {time.perf_counter() - began:.1f} s")

    port = free_port()
    Path(database + ".pagesize").write_text("1")
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", database, str(port), "--threads", str(args.threads)],
        cwd=ROOT,
    )
    try:
        wait_up(port)
        run(args, port, database)
    finally:
        server.terminate()
        server.wait(timeout=30)


def run(args, port: int, database: str) -> None:
    timings: dict = defaultdict(list)
    errors: list = []
    acked: list = []
    setup = Client(port, timings, errors)
    live = []
    for i in range(args.scorers):
        _, payload = setup.request(
            "setup",
            "POST",
            "/api/games",
            {"variant": "classic", "sides": [f"S{i}a", f"S{i}b"], "options": {"target": 100000}},
        )
        live.append(json.loads(payload)["id"])
    conn = sqlite3.connect(database)
    old = [r[0] for r in conn.execute("SELECT id FROM games ORDER BY random() LIMIT 200")]
    tokens = [
        r[0] for r in conn.execute("SELECT watch_token FROM games ORDER BY random() LIMIT 200")
    ]
    conn.close()
    Path(database + ".pagesize").write_text(
        str(len(setup.request("setup", "GET", f"/games/{old[0]}")[1]))
    )
    timings.clear()

    stop = threading.Event()
    workers = [
        threading.Thread(target=scorer, args=(port, g, f"S{i}a", stop, timings, errors, acked))
        for i, g in enumerate(live)
    ]
    workers += [
        threading.Thread(target=spectator, args=(port, live + old, tokens, stop, timings, errors))
        for _ in range(args.spectators)
    ]
    began = time.perf_counter()
    for worker in workers:
        worker.start()
    time.sleep(args.seconds)
    stop.set()
    for worker in workers:
        worker.join(timeout=60)
    elapsed = time.perf_counter() - began

    conn = sqlite3.connect(database)
    stored = conn.execute(
        f"SELECT game_id, request_key FROM rounds WHERE game_id IN ({','.join('?' * len(live))})",
        live,
    ).fetchall()
    conn.close()
    exactly_once = len(stored) == len(set(stored)) and set(stored) == set(acked)
    result = {
        "seconds": round(elapsed, 1),
        "total_per_second": round(sum(len(v) for v in timings.values()) / elapsed, 1),
        "kinds": summarize(timings, elapsed),
        "errors": len(errors),
        "acknowledged_rounds": len(acked),
        "stored_exactly_once": exactly_once,
        "overhead": overhead(port, old[0]),
        "bytes": {
            "scoreboard": page_bytes(port, f"/games/{old[0]}"),
            "round entry": page_bytes(port, f"/games/{live[0]}/rounds/new"),
        },
    }
    print(json.dumps(result, indent=2))
    for line in errors[:10]:
        print("error:", line)


if __name__ == "__main__":
    main()
