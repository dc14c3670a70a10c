"""Each SQL statement's time inside the real server, and why it is dearer there.

    .venv/bin/python scripts/bench_statements.py [--samples 200]

Starts ``scorekeeper``'s app under waitress in a child process whose connections time
every ``execute``/``executemany`` (``data.connection.Connection``), seeds the floor
benchmark's 12-round classic game over HTTP (``bench_floor``'s phone), and sends one
request at a time, as ``bench_floor.py`` does: the scoreboard, the phone's form save
and the API save (each save deleted again, untimed). The scoreboard comes after a
change each time, so it is rendered afresh, never served kept. Prints, per request
kind, every statement's median and how often it runs per request, and the request's
own median inside the server.

Then, in this process on a copy of that database, the same game's read
(``games.GAME_ROW``) timed three ways: back to back, after touching 8 MB (the CPU's
caches cold) and after a 2 ms sleep (the CPU idle, as between a phone's requests).
A statement costs two to three times more after an idle gap than in a tight loop: on
the server every request comes after one.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_floor as floor  # noqa: E402 - the floor benchmark's phone and game

ROOT = floor.ROOT


def serve(port: int, database: str) -> None:
    """The child: the app under waitress, its statements timed, reported on SIGTERM."""
    from scorekeeper.data import connection

    spent: dict[str, list[float]] = collections.defaultdict(list)
    kinds: dict[str, list[float]] = collections.defaultdict(list)
    state = {"kind": ""}

    def timed(method):  # type: ignore[no-untyped-def]
        def run(self, sql, params=(), /):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            try:
                return method(self, sql, params)
            finally:
                if state["kind"]:
                    name = " ".join(sql.split())[:64]
                    spent[f"{state['kind']}\t{name}"].append(time.perf_counter() - start)

        return run

    connection.Connection.execute = timed(connection.Connection.execute)  # type: ignore[method-assign]
    connection.Connection.executemany = timed(connection.Connection.executemany)  # type: ignore[method-assign]
    from waitress.server import create_server

    from scorekeeper import create_app

    app = create_app({"DATABASE": database, "SECRET_KEY": os.urandom(32).hex()})

    def wrapped(environ, start_response):  # type: ignore[no-untyped-def]
        state["kind"] = environ.get("HTTP_X_BENCH_KIND", "")
        start = time.perf_counter()
        body = b"".join(app(environ, start_response))
        if state["kind"]:
            kinds[state["kind"]].append(time.perf_counter() - start)
        state["kind"] = ""
        return [body]

    def report(*_: object) -> None:
        out = {"statements": {k: v for k, v in spent.items()}, "requests": dict(kinds)}
        sys.stdout.write(json.dumps(out))
        sys.stdout.flush()
        os._exit(0)

    signal.signal(signal.SIGTERM, report)
    create_server(wrapped, host="127.0.0.1", port=port, threads=floor.THREADS).run()


def measure(samples: int) -> tuple[dict, str]:
    folder = tempfile.mkdtemp(prefix="scorekeeper-statements-")
    database = str(Path(folder) / "bench.sqlite")
    port = floor.free_port()
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(port), database],
        cwd=ROOT, stdout=subprocess.PIPE,
    )  # fmt: skip
    try:
        floor.wait_up(port, child)
        phone, api = floor.Phone(port), floor.Phone(port, cookies=False)
        game = floor.new_game(phone, 12)
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        for n in range(samples + 20):
            mark = (lambda kind: {"X-Bench-Kind": kind}) if n >= 20 else (lambda kind: {})
            phone.request("GET", f"/games/{game}", headers=mark("scoreboard"))
            _, _, html, _ = phone.request("GET", f"/games/{game}/rounds/new")
            _, fields = floor.round_form_body(html, floor.SAVE_ROUND)
            fields["key"] = uuid.uuid4().hex
            body = urlencode(fields).encode()
            phone.request("POST", f"/games/{game}/rounds/new", body, {**form, **mark("form save")})
            api.request("DELETE", f"/api/games/{game}/rounds/13")
            saved = json.dumps(floor.SAVE_ROUND).encode()
            heads = {"Content-Type": "application/json", **mark("API save")}
            api.request("POST", f"/api/games/{game}/rounds", saved, heads)
            api.request("DELETE", f"/api/games/{game}/rounds/13")
        child.send_signal(signal.SIGTERM)
        out, _ = child.communicate(timeout=30)
        copy = str(Path(folder) / "copy.sqlite")
        with sqlite3.connect(database) as source, sqlite3.connect(copy) as target:
            source.backup(target)
        return json.loads(out), copy
    finally:
        if child.poll() is None:
            child.kill()


def cold(database: str, repeats: int = 400) -> dict[str, float]:
    """``GAME_ROW`` in this process: back to back, after cold caches, after idling."""
    from scorekeeper.data.games.games import GAME_ROW

    conn = sqlite3.connect(database)
    junk = bytearray(8 * 1024 * 1024)

    def timed(before) -> float:  # type: ignore[no-untyped-def]
        times = []
        for _ in range(repeats):
            before()
            start = time.perf_counter()
            conn.execute(GAME_ROW, [1]).fetchall()
            times.append(time.perf_counter() - start)
        return round(statistics.median(times) * 1e6, 1)

    def thrash() -> None:
        junk[::64] = bytes(len(junk) // 64)

    out = {
        "back to back": timed(lambda: None),
        "after touching 8 MB": timed(thrash),
        "after a 2 ms sleep": timed(lambda: time.sleep(0.002)),
    }
    conn.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "DATABASE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1])
        return
    found, copy = measure(args.samples)
    for kind, times in found["requests"].items():
        print(f"\n## {kind}: {statistics.median(times) * 1000:.2f} ms inside the server (median)\n")
        print("| statement | median µs | per request |\n|---|--:|--:|")
        total = 0.0
        for key, spent in found["statements"].items():
            owner, sql = key.split("\t", 1)
            if owner != kind:
                continue
            each, per = statistics.median(spent) * 1e6, len(spent) / len(times)
            total += each * per
            print(f"| `{sql}` | {each:.0f} | {per:.1f} |")
        print(f"| **all statements** | **{total:.0f}** | |")
    print("\n## The game's read in one process (µs, median)\n")
    for how, micro in cold(copy).items():
        print(f"- {how}: {micro}")
    shutil.rmtree(Path(copy).parent, ignore_errors=True)


if __name__ == "__main__":
    main()
