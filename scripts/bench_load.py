"""Load and latency benchmark: the real server (waitress) on loopback.

    .venv/bin/python scripts/bench_load.py [--evenings 1000] [--seconds 60]
    .venv/bin/python scripts/bench_load.py --realistic --tables 100 300 500 [--speed 1]

Fills a fresh database with generated evenings, starts ``scorekeeper serve``-style
waitress in a subprocess (the app, plus a bare Flask route mounted at /bare in the
same server), then runs 20 scorers adding and correcting rounds and 50 spectators
polling scoreboards. Prints requests per second, median and p99 latency per kind of
request, errors, the check that every acknowledged round is stored exactly once, the
app's overhead over the bare route, and the bytes a phone downloads per page.
Only loopback is used; every loop is bounded in time.

``--pin`` (Linux): the server on the first CPU, the load generator on the others, so
they do not take each other's time (on a 2-core machine: one core each).

``--realistic``: a club night instead of a saturation test. N tables, each with a
scorer's phone that every 2 minutes opens the round page, saves a round through the
form (CSRF token, one-time key, as the phone does) and lands on the scoreboard; and 4
phones following the table's spectator link, each polling its stamp every 3 s with
``If-None-Match`` and reloading the page (conditionally too) when the stamp moved.
Starts are spread at random over the intervals. ``--speed C`` divides both intervals
by C (C times the load: N tables at speed C stand for N x C tables). Requests are
sent by a pool of client threads from a schedule; each kind's p99 is reported with
how late the client sent its requests (the client must keep up for the run to
count). For each N in ``--tables`` it reports whether every kind had p99 < 100 ms
and no errors; the largest such N is the capacity.
"""

from __future__ import annotations

import argparse
import gzip
import heapq
import http.client
import json
import os
import random
import re
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
from urllib.parse import urlencode

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


# -- realistic mode: a club night ---------------------------------------------------

SAVE_EVERY, POLL_EVERY, WATCHERS = 120.0, 3.0, 4
P99_LIMIT_MS = 100.0
FORM_FIELD = re.compile(rb'name="(csrf_token|key|number)" type="hidden" value="([^"]*)"')


class Table:
    """One table's state as its phones know it."""

    def __init__(self, game: int, token: str) -> None:
        self.game, self.token = game, token
        self.cookie = ""  # the scorer's session (the CSRF token lives there)
        self.lock = threading.Lock()
        self.etags: dict[tuple[int, str], str] = {}  # (phone, what) -> ETag


class Night:
    """The schedule and the figures of one realistic run."""

    def __init__(self, port: int, tables: list[Table], speed: float, seconds: float) -> None:
        self.port, self.tables, self.speed, self.seconds = port, tables, speed, seconds
        self.heap: list = []
        self.cv = threading.Condition()
        self.timings: dict = defaultdict(list)
        self.lateness: list[float] = []
        self.errors: list[str] = []
        self.statuses: dict = defaultdict(lambda: defaultdict(int))
        self.seq = 0

    def at(self, due: float, task) -> None:
        with self.cv:
            self.seq += 1
            heapq.heappush(self.heap, (due, self.seq, task))
            self.cv.notify()

    def worker(self, end: float) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        while True:
            with self.cv:
                while True:
                    now = time.perf_counter()
                    if now >= end:
                        conn.close()
                        return
                    if self.heap and self.heap[0][0] <= now:
                        due, _, task = heapq.heappop(self.heap)
                        break
                    wait = (self.heap[0][0] - now) if self.heap else end - now
                    self.cv.wait(min(wait, end - now))
            self.lateness.append(time.perf_counter() - due)
            try:
                conn = task(conn, due)
            except (OSError, http.client.HTTPException) as error:
                self.errors.append(repr(error))
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def get(self, conn, kind: str, path: str, headers=None, body=None, method="GET"):
        start = time.perf_counter()
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        payload = response.read()
        self.timings[kind].append(time.perf_counter() - start)
        self.statuses[kind][response.status] += 1
        if response.status >= 400:
            self.errors.append(f"{kind}: {response.status} {payload[:120]!r}")
        return response, payload

    def poll(self, table: Table, phone: int):
        def task(conn, due):
            heads = {"Accept-Encoding": "gzip"}
            etag = table.etags.get((phone, "stamp"))
            if etag:
                heads["If-None-Match"] = etag
            response, _ = self.get(conn, "watch poll", f"/watch/{table.token}/stamp", heads)
            if response.status == 200:
                moved = (phone, "stamp") in table.etags
                table.etags[(phone, "stamp")] = response.headers.get("ETag", "")
                if moved:  # the page reloads itself
                    page = {"Accept-Encoding": "gzip"}
                    if table.etags.get((phone, "page")):
                        page["If-None-Match"] = table.etags[(phone, "page")]
                    got, _ = self.get(conn, "watch page", f"/watch/{table.token}", page)
                    table.etags[(phone, "page")] = got.headers.get("ETag", "")
            self.at(due + POLL_EVERY / self.speed, task)
            return conn

        return task

    def save(self, table: Table):
        def task(conn, due):
            with table.lock:
                base = {"Accept-Encoding": "gzip", "Cookie": table.cookie}
                path = f"/games/{table.game}/rounds/new"
                response, payload = self.get(conn, "round page", path, base)
                cookie = response.headers.get("Set-Cookie")
                if cookie:
                    table.cookie = cookie.split(";", 1)[0]
                html = (
                    gzip.decompress(payload)
                    if response.headers.get("Content-Encoding")
                    else payload
                )
                fields = {k.decode(): v.decode() for k, v in FORM_FIELD.findall(html)}
                fields.update(went_out="-", s0_meld_points="50", s1_meld_points="60", save="1")
                heads = {
                    "Cookie": table.cookie,
                    "Content-Type": "application/x-www-form-urlencoded",
                }
                body = urlencode(fields)
                response, _ = self.get(conn, "round save (form)", path, heads, body, "POST")
                if response.status not in (302, 303):
                    self.errors.append(f"save: {response.status}")
                self.get(conn, "scoreboard", f"/games/{table.game}", base)
            self.at(due + SAVE_EVERY / self.speed, task)
            return conn

        return task


def warm_up(port: int, table: Table) -> None:
    """Each kind of page once, untimed, before the first run: a club night's server
    has compiled its templates long before the 200th table sits down (the first run
    would otherwise carry a one-off 50-100 ms compile in its p99 of ~100 samples)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        for path in (f"/games/{table.game}/rounds/new", f"/games/{table.game}",
                     f"/watch/{table.token}", f"/watch/{table.token}/stamp"):  # fmt: skip
            conn.request("GET", path)
            conn.getresponse().read()
    finally:
        conn.close()


def realistic(args, port: int, database: str) -> None:
    setup = Client(port, defaultdict(list), [])
    results = []
    tables: list[Table] = []
    for n in sorted(args.tables):
        while len(tables) < n:  # more tables for the next step; the earlier ones stay
            i = len(tables)
            doc = {"variant": "classic", "sides": [f"T{i} A", f"T{i} B"],
                   "options": {"target": 100000}}  # fmt: skip
            _, payload = setup.request("setup", "POST", "/api/games", doc)
            game = json.loads(payload)["id"]
            conn = sqlite3.connect(database)
            token = conn.execute("SELECT watch_token FROM games WHERE id = ?", [game]).fetchone()[0]
            conn.close()
            tables.append(Table(game, token))
        if not results:
            warm_up(port, tables[0])
        night = Night(port, tables[:n], args.speed, args.seconds)
        began = time.perf_counter()
        end = began + args.seconds
        rng = random.Random(n)
        for table in night.tables:
            night.at(began + rng.uniform(0, SAVE_EVERY / args.speed), night.save(table))
            for phone in range(WATCHERS):
                night.at(began + rng.uniform(0, POLL_EVERY / args.speed), night.poll(table, phone))
        load_before = os.getloadavg()[0]
        workers = [threading.Thread(target=night.worker, args=(end,)) for _ in range(args.clients)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=args.seconds + 60)
        elapsed = time.perf_counter() - began
        kinds = summarize(night.timings, elapsed)
        late = sorted(night.lateness)
        late_p99 = late[max(0, int(len(late) * 0.99) - 1)] * 1000 if late else 0.0
        ok = (
            not night.errors
            and all(k["p99_ms"] < P99_LIMIT_MS for k in kinds.values())
            and late_p99 < P99_LIMIT_MS
        )
        results.append({
            "tables": n, "speed": args.speed, "stands_for_tables": round(n * args.speed),
            "seconds": round(elapsed, 1), "load_average": [round(load_before, 2),
                                                           round(os.getloadavg()[0], 2)],
            "requests_per_second": round(sum(len(v) for v in night.timings.values()) / elapsed, 1),
            "kinds": kinds, "statuses": {k: dict(v) for k, v in night.statuses.items()},
            "client_late_p99_ms": round(late_p99, 2), "errors": len(night.errors),
            "first_errors": night.errors[:5], "within_limits": ok,
        })  # fmt: skip
        print(realistic_table(results[-1]), flush=True)
    passing = [r["stands_for_tables"] for r in results if r["within_limits"]]
    print(f"\ncapacity: {max(passing) if passing else 'below ' + str(min(args.tables))} tables "
          f"with every kind's p99 < {P99_LIMIT_MS:.0f} ms and no errors")  # fmt: skip
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


def realistic_table(r: dict) -> str:
    lines = [
        f"\n{r['tables']} tables at speed {r['speed']} (stands for {r['stands_for_tables']}), "
        f"{r['seconds']} s, {r['requests_per_second']} requests/s, load average "
        f"{r['load_average'][0]} -> {r['load_average'][1]}, client late p99 "
        f"{r['client_late_p99_ms']} ms, errors {r['errors']}: "
        + ("WITHIN LIMITS" if r["within_limits"] else "NOT within limits"),
        "| request | requests | per second | median ms | p99 ms | statuses |",
        "|---|---|---|---|---|---|",
    ]
    for kind, k in r["kinds"].items():
        statuses = ", ".join(f"{s}: {c}" for s, c in sorted(r["statuses"].get(kind, {}).items()))
        lines.append(f"| {kind} | {k['requests']} | {k['per_second']} | {k['median_ms']} "
                     f"| {k['p99_ms']} | {statuses} |")  # fmt: skip
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--scorers", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=50)
    parser.add_argument("--threads", type=int, default=8, help="waitress worker threads")
    parser.add_argument("--realistic", action="store_true", help="a club night (see above)")
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 200, 300, 400, 500])
    parser.add_argument("--speed", type=float, default=1.0, help="time compression factor")
    parser.add_argument("--clients", type=int, default=48, help="client threads (realistic)")
    parser.add_argument("--json", metavar="FILE", help="realistic: also write the figures")
    parser.add_argument(
        "--pin", action="store_true",
        help="the server on CPU 0 only, this load generator on the others (Linux)",
    )  # fmt: skip
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
        if args.pin:
            pin(server.pid)
        (realistic if args.realistic else run)(args, port, database)
    finally:
        server.terminate()
        server.wait(timeout=30)


def pin(server: int) -> None:
    """Keep the server and the load generator off each other's CPU: the server (all
    its threads) on CPU 0, this process on the rest. On a 2-core machine the server
    then has one core to itself, and a late client is the client's own doing."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        raise SystemExit("--pin needs at least 2 CPUs")
    for task in Path(f"/proc/{server}/task").iterdir():  # every thread it has started
        os.sched_setaffinity(int(task.name), {cpus[0]})  # (the ones it starts inherit it)
    os.sched_setaffinity(0, set(cpus[1:]))
    print(f"pinned: the server on CPU {cpus[0]}, the load generator on {cpus[1:]}", flush=True)


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
