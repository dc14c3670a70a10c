"""A whole club night under load: one event of N tables on the real
server (``python -m scorekeeper serve`` on a temporary database), its turn started.

At each table 4 phones follow the table as static/table.js does (their page, with the
table's stamp as ETag, every second) and the scorer saves a round (the JSON API) every
2 to 5 minutes of simulated time, compressed ``--compress`` times, until the turn's
``--deals`` are played and the table's game is over. The director's desk and two big
screens follow the event as static/standings.js does (their page every second, with
the event's ETag and ``X-Poll``). Reports requests per second, the server's CPU, p50/p99
per kind of request, and how long a save takes to be visible: on the table's phones
(their page changed), on the desk (the table's round count), and on the big screens
(the standings' games played, for the saves that ended a game), with the errors.

    .venv/bin/python scripts/bench_event.py --tables 100 --seconds 90 --compress 10

Uses scripts/bench_table.py's client, statistics and server start.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench_table  # noqa: E402
from bench_table import Client, Stats, cpu_seconds, get, p99, serve  # noqa: E402

from scorekeeper.data.connection import migrate  # noqa: E402
from scorekeeper.data.events import events, turns
from scorekeeper.data.table import table

LIVE_EVERY = 1.0  # seconds between a desk's or big screen's polls (static/standings.js)
ROWS = re.compile(r'data-table="(\d+)" data-rounds="(\d+)"')
PLAYED = re.compile(r'</th><td class="number">[^<]*</td><td class="number">(\d+)')


class Saves:
    """When each round was sent, by game and number; the games over, in order."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: dict[int, dict[int, float]] = {}
        self.ended: list[float] = []  # when the save that ended each game was sent


def setup(path: Path, tables: int, deals: int) -> tuple[int, list[tuple[int, int, list[str]]]]:
    """The event, its turn started: each table's number, game and its 4 phones' tokens."""
    db = migrate(path)
    pairs = [{"name": f"P{n}a & P{n}b", "players": [f"P{n}a", f"P{n}b"]}
             for n in range(2 * tables)]  # fmt: skip
    event_id = events.create_event(
        db, name="Bench club", date="2026-11-26", variant="hand-and-foot", options={},
        movement="mitchell", turns=1, entries=pairs, deals=deals, minutes=120,
        scale={"kind": "wdl", "win": 2, "draw": 1, "loss": 0},
    )  # fmt: skip
    turns.start_turn(db, event_id)
    made = []
    for t in events.tables(db, event_id, 1):
        game = t["game_id"]
        table.set_settings(db, game, phones_enter=True, confirm_rounds=True)
        seats = [p for side in t["entries"] for e in side for p in pairs[e]["players"]]
        tokens = [table.join(db, game, name, i % 2) for i, name in enumerate(seats)]
        bench_table.STAMPS[game] = table.stamp(db, game)
        made.append((t["table_no"], game, tokens))
    db.close()
    return event_id, made


def scorer(base: str, game: int, deals: int, compress: float, saves: Saves, last: dict,
           stats: Stats, stop: float) -> None:  # fmt: skip
    """A table's scorer: a round every 2 to 5 simulated minutes until the game is over."""
    client = Client(base)
    time.sleep(random.uniform(0, 300 / compress))
    for number in range(1, deals + 1):
        if time.monotonic() > stop - 5:  # leave the screens time to see the last save
            return
        sent = time.monotonic()
        with saves.lock:
            saves.sent.setdefault(game, {})[number] = sent
        last[game] = sent
        status = post(client, f"/api/games/{game}/rounds", stats)
        if status == 201 and number == deals:
            with saves.lock:
                saves.ended.append(sent)
        time.sleep(random.uniform(120, 300) / compress)


def post(client: Client, path: str, stats: Stats) -> int:
    """A round saved through the JSON API on the client's kept connection, under a
    one-time key as the round screen sends it. A kept connection the server closed
    meanwhile (waitress drops one idle for 120 s: saves 2 to 5 minutes apart) is
    opened afresh and the save sent once more with the same key, as a browser does;
    the key makes sure it is stored once."""
    start = time.monotonic()
    key = uuid.uuid4().hex
    for attempt in (1, 2):
        try:
            if client.connection is None:
                client.request("/healthz", {})
            assert client.connection is not None
            client.connection.request("POST", path, body=json.dumps({}), headers={
                "Content-Type": "application/json", "Idempotency-Key": key})  # fmt: skip
            response = client.connection.getresponse()
            response.read()
            break
        except (OSError, http.client.HTTPException) as error:
            if client.connection is not None:
                client.connection.close()
            client.connection = None
            if attempt == 2:
                stats.error(f"save: {error}")
                return 0
    stats.add("save", time.monotonic() - start)
    if response.status != 201:
        stats.error(f"save: {response.status}")
    return response.status


def screen(base: str, path: str, kind: str, games: dict[int, int], saves: Saves,
           seen: list[float], stats: Stats, stop: float) -> None:  # fmt: skip
    """The desk (``games``: table number to game) or a big screen (``games`` empty),
    polled as static/standings.js does; what each newly shows is timed from its save."""
    client, etag, shown = Client(base), None, {}
    done = 0
    time.sleep(random.random() * LIVE_EVERY)
    while time.monotonic() < stop:
        tick = time.monotonic()
        headers = {"X-Poll": "1", **({"If-None-Match": etag} if etag else {})}
        status, body, got = get(client, path, headers, stats, kind)
        if status == 200:
            etag, page, now = got.get("ETag"), body.decode(), time.monotonic()
            with saves.lock:
                if games:  # the desk: each table's rounds
                    for table_no, count in ROWS.findall(page):
                        sent = saves.sent.get(games[int(table_no)], {})
                        for number in range(shown.get(table_no, 0) + 1, int(count) + 1):
                            if number in sent:
                                seen.append(now - sent[number])
                        shown[table_no] = int(count)
                else:  # a big screen: the games over, in the order they ended
                    over = sum(int(n) for n in PLAYED.findall(page)) // 2
                    seen.extend(now - sent for sent in sorted(saves.ended)[done:over])
                    done = max(done, over)
        time.sleep(max(0.0, LIVE_EVERY - (time.monotonic() - tick)))


def run(tables: int, seconds: float, compress: float, deals: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite"
        event_id, made = setup(path, tables, deals)
        process, base = serve(path)
        Client(base).request(f"/events/{event_id}", {})  # warm, as a server up a while
        stats, saves, last = Stats(), Saves(), {}
        desk_seen: list[float] = []
        screen_seen: list[float] = []
        stop = time.monotonic() + seconds
        games = {table_no: game for table_no, game, _ in made}
        jobs = [(screen, (base, f"/events/{event_id}", "desk", games, saves, desk_seen))]
        jobs += [(screen, (base, f"/events/{event_id}/standings", "big screen", {}, saves,
                           screen_seen))] * 2  # fmt: skip
        for _, game, tokens in made:
            jobs.append((scorer, (base, game, deals, compress, saves, last)))
            jobs += [(bench_table.page_poller, (base, f"/table/{token}", last, game))
                     for token in tokens]  # fmt: skip
        threads = [threading.Thread(target=job, args=(*args, stats, stop), daemon=True)
                   for job, args in jobs]  # fmt: skip
        server_cpu = cpu_seconds(process.pid)
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        server_cpu = cpu_seconds(process.pid) - server_cpu
        process.terminate()
        process.wait(timeout=30)
    seen = {"phones": stats.visible, "desk": desk_seen, "big screens": screen_seen}
    return {
        "rps": sum(len(v) for v in stats.times.values()) / seconds,
        "kinds": {k: (statistics.median(v) * 1000, p99(v) * 1000, len(v))
                  for k, v in sorted(stats.times.items())},
        "visible": {k: (statistics.median(v), p99(v), len(v)) for k, v in seen.items() if v},
        "server_cpu": server_cpu / seconds, "errors": stats.errors,
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--compress", type=float, default=10, help="simulated seconds per second")
    parser.add_argument("--deals", type=int, default=6, help="rounds a table plays this turn")
    args = parser.parse_args()
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} · {os.cpu_count()} cores · "
          f"load {os.getloadavg()} · {' '.join(sys.argv)}")  # fmt: skip
    result = run(args.tables, args.seconds, args.compress, args.deals)
    errors = result["errors"]
    print(f"N={args.tables} tables, {4 * args.tables} phones, a desk, 2 big screens: "
          f"{result['rps']:.0f} requests/s, server CPU {result['server_cpu']:.2f} cores, "
          f"errors {len(errors)} {errors[:5]}")  # fmt: skip
    for kind, (p50, p99_, count) in result["kinds"].items():
        print(f"  {kind:18} n={count:6}  p50 {p50:7.1f} ms  p99 {p99_:7.1f} ms")
    for where, (p50, p99_, count) in result["visible"].items():
        print(f"  save -> {where:11} n={count:5}  p50 {p50:5.2f} s  p99 {p99_:5.2f} s")
    print(f"  load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
