"""Every phone at the table under load: N tables of 1 scorer + 4 joined phones on
the real server (``python -m scorekeeper serve`` on a temporary database).

Each phone asks for its page ``/table/<token>`` every second with the ETag it
has (the table's stamp), as static/table.js does: a 304 while nothing moved, the
page when it did (``--phones-poll stamp``: ``/table/<token>/stamp``, then the
page, as before 2026-11-24). Each phone keeps its connection and cookies as a
browser does (``--no-keep-alive``: neither, as before). Each scorer's screen
polls its game's stamp and saves a round (the JSON API) every 2
minutes of simulated time, compressed ``--compress`` times. Reports requests per
second, the CPU the server and this script used, p50/p99 latency per kind of
request, the p50/p99 time from a save being sent to each phone showing it, and
errors.

    .venv/bin/python scripts/bench_table.py --tables 10 50 200 --seconds 30
"""

from __future__ import annotations

import argparse
import http.client
import http.cookies
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.data.connection import migrate  # noqa: E402
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game
from scorekeeper.data.table import table

SEATS = ["Ann", "Cat", "Bea", "Dee"]
POLL = 1.0  # seconds between a screen's polls, as POLL_MS in static/table.js
STAMPS: dict[int, int | None] = {}  # each game's stamp when its phones opened their pages
PHONES_POLL_PAGE = True  # --phones-poll page (static/table.js) or stamp (before 2026-11-24)


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.visible: list[float] = []

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.times[kind].append(seconds)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


class Client:
    """One phone's browser: its connection kept alive between requests and its
    cookies kept (``--no-keep-alive``: a new connection and no cookies for every
    request, as urllib does and as this script did before 2026-11-24)."""

    keep_alive = True

    def __init__(self, base: str) -> None:
        self.host = urllib.parse.urlsplit(base).netloc
        self.connection: http.client.HTTPConnection | None = None
        self.cookies = http.cookies.SimpleCookie()

    def request(self, path: str, headers: dict[str, str]) -> tuple[int, bytes, Any]:
        for attempt in (1, 2):  # a kept connection the server closed: once more, afresh
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, timeout=30)
            if self.cookies and self.keep_alive:
                headers = {**headers, "Cookie": "; ".join(
                    f"{k}={m.value}" for k, m in self.cookies.items())}  # fmt: skip
            try:
                self.connection.request("GET", path, headers=headers)
                response = self.connection.getresponse()
                body = response.read()
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
                continue
            for cookie in response.headers.get_all("Set-Cookie") or []:
                self.cookies.load(cookie)
            if response.will_close or not self.keep_alive:
                self.connection.close()
                self.connection = None
            return response.status, body, response.headers
        raise AssertionError("unreachable")


def get(client: Client, path: str, headers: dict[str, str], stats: Stats, kind: str
        ) -> tuple[int, bytes, Any]:  # fmt: skip
    start = time.monotonic()
    try:
        status, body, got = client.request(path, headers)
    except (OSError, http.client.HTTPException) as error:
        stats.error(f"{kind}: {error}")
        return 0, b"", {}
    stats.add(kind if status != 304 else kind + " (304)", time.monotonic() - start)
    if status >= 400:
        stats.error(f"{kind}: {status}")
    return status, body, got


def page_poller(base: str, page: str, saves: dict, game: int, stats: Stats, stop: float) -> None:
    """A phone as static/table.js has it since 2026-11-24: it asks for its own page with
    the table's stamp as the ETag; a 304 says nothing moved, a 200 is the new page. The
    phone has its page open already: its first ETag is the stamp the page shows."""
    client, etag = Client(base), f'"t{STAMPS[game]}"'
    time.sleep(random.random())
    while time.monotonic() < stop:
        tick = time.monotonic()
        status, body, headers = get(client, page, {"If-None-Match": etag} if etag else {}, stats,
                                    "page poll")  # fmt: skip
        if status == 200:
            if etag is not None and headers.get("ETag") != etag:
                sent = saves.get(game)
                if sent is not None:
                    stats.visible.append(time.monotonic() - sent)
            etag = headers.get("ETag")
        time.sleep(max(0.0, POLL - (time.monotonic() - tick)))


def poller(base: str, path: str, page: str | None, saves: dict, game: int, stats: Stats,
           stop: float) -> None:  # fmt: skip
    """A phone (or the scorer's screen): poll with the ETag; on a change, fetch the page."""
    etag, seen, client = None, None, Client(base)
    time.sleep(random.random())
    while time.monotonic() < stop:
        tick = time.monotonic()
        status, body, headers = get(client, path, {"If-None-Match": etag} if etag else {}, stats,
                                    "poll")  # fmt: skip
        if status == 200:
            etag, stamp = headers.get("ETag"), json.loads(body)["stamp"]
            if seen is not None and stamp != seen and page:
                get(client, page, {}, stats, "page")
                sent = saves.get(game)
                if sent is not None:
                    stats.visible.append(time.monotonic() - sent)
            seen = stamp
        time.sleep(max(0.0, POLL - (time.monotonic() - tick)))


def scorer(base: str, game: int, every: float, saves: dict, stats: Stats, stop: float) -> None:
    time.sleep(random.random() * every)
    while time.monotonic() < stop - 5:  # leave the phones time to see the last save
        saves[game] = time.monotonic()
        start = time.monotonic()
        data = json.dumps({}).encode()
        request = urllib.request.Request(f"{base}/api/games/{game}/rounds", data=data,
                                         headers={"Content-Type": "application/json"})  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                response.read()
            stats.add("save", time.monotonic() - start)
        except (urllib.error.HTTPError, OSError) as error:
            stats.error(f"save: {error}")
        time.sleep(every)


def setup(path: Path, tables: int) -> list[tuple[int, list[str]]]:
    db = migrate(path)
    evening = create_evening(db, "2026-11-22")
    made = []
    for _ in range(tables):
        sides = ["Ann & Bea", "Cat & Dee"]  # empty rounds: the game never ends
        game = create_game(db, evening_id=evening, variant="classic", sides=sides,
                           players=4, options={}, seats=SEATS)  # fmt: skip
        table.set_settings(db, game, phones_enter=True, confirm_rounds=True)
        made.append((game, [table.join(db, game, name, i % 2) for i, name in enumerate(SEATS)]))
        STAMPS[game] = table.stamp(db, game)
    db.close()
    return made


def serve(path: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
                                "--port", str(port), "--db", str(path)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).close()
            return process, base
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def run(tables: int, seconds: float, compress: float) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite"
        made = setup(path, tables)
        process, base = serve(path)
        warm = made[0][1][0]  # a phone's page once, as a server that has been up a while
        urllib.request.urlopen(f"{base}/table/{warm}", timeout=60).close()
        stats, saves = Stats(), {}
        stop = time.monotonic() + seconds
        threads = []
        server_cpu, own_cpu = cpu_seconds(process.pid), sum(os.times()[:2])
        for game, tokens in made:
            every, shared = 120 / compress, (saves, game, stats, stop)
            threads.append(
                threading.Thread(target=scorer, args=(base, game, every, saves, stats, stop))
            )
            board = f"/games/{game}/table/stamp"
            threads.append(threading.Thread(target=poller, args=(base, board, None, *shared)))
            for token in tokens:
                polled, page = f"/table/{token}/stamp", f"/table/{token}"
                if PHONES_POLL_PAGE:
                    threads.append(threading.Thread(target=page_poller, args=(base, page, *shared)))
                else:
                    threads.append(
                        threading.Thread(target=poller, args=(base, polled, page, *shared))
                    )
        for thread in threads:
            thread.daemon = True
            thread.start()
        for thread in threads:
            thread.join()
        server_cpu = cpu_seconds(process.pid) - server_cpu
        own_cpu = sum(os.times()[:2]) - own_cpu
        process.terminate()
        process.wait(timeout=30)
    total = sum(len(v) for v in stats.times.values())
    kinds = {k: (statistics.median(v) * 1000, p99(v) * 1000, len(v))
             for k, v in sorted(stats.times.items())}  # fmt: skip
    visible = stats.visible
    return {"tables": tables, "rps": total / seconds, "kinds": kinds,
            "server_cpu": server_cpu / seconds, "own_cpu": own_cpu / seconds,
            "errors": len(stats.errors), "sample_errors": stats.errors[:5],
            "visible_p99": p99(visible) if visible else None,
            "visible_p50": statistics.median(visible) if visible else None}  # fmt: skip


def cpu_seconds(pid: int) -> float:
    """A process's user and system CPU time so far (Linux: /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--compress", type=float, default=12, help="simulated seconds per second")
    parser.add_argument("--no-keep-alive", action="store_true",
                        help="a new connection for every request (before 2026-11-24)")  # fmt: skip
    parser.add_argument("--phones-poll", choices=["page", "stamp"], default="page",
                        help="page: the page with the stamp as ETag (static/table.js); "
                        "stamp: the stamp, then the page (before 2026-11-24)")  # fmt: skip
    args = parser.parse_args()
    Client.keep_alive = not args.no_keep_alive
    global PHONES_POLL_PAGE
    PHONES_POLL_PAGE = args.phones_poll == "page"
    print(f"# phones poll the {args.phones_poll}, keep-alive {Client.keep_alive}")
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} · {os.cpu_count()} cores · load {os.getloadavg()}")
    for tables in args.tables:
        result = run(tables, args.seconds, args.compress)
        rps, errors = result["rps"], result["errors"]
        print(f"\nN={tables}: {rps:.0f} requests/s, errors {errors} {result['sample_errors']}")
        print(
            f"  CPU: server {result['server_cpu']:.2f} cores, this load generator "
            f"{result['own_cpu']:.2f} cores"
        )
        for kind, (p50, p99_, count) in result["kinds"].items():
            print(f"  {kind:16} n={count:6}  p50 {p50:7.1f} ms  p99 {p99_:7.1f} ms")
        if result["visible_p99"] is not None:
            p50, p99_ = result["visible_p50"], result["visible_p99"]
            print(f"  save -> every phone shows it: p50 {p50:.2f} s, p99 {p99_:.2f} s")
        print(f"  load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
