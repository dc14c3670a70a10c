"""How long the director's biggest actions keep the other tables' saves waiting: the
real server (``python -m scorekeeper serve`` on a temporary database), scorers at
ordinary tables saving rounds back to back (the JSON API) while the director, through
the desk's own forms, starts turn 2 of a 400-entry Swiss (paired by the standings),
makes a 400-player rotating-partners night (its whole plan made in the request) and
starts its turn 1 (100 tables' games). Prints each action's time and the longest
save wait during it and overall, with every 5xx.

    .venv/bin/python scripts/bench_lock_events.py --entries 400 --scorers 6

Uses scripts/bench_table.py's client, statistics and server start, and
scripts/bench_event.py's save.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_event import post  # noqa: E402
from bench_table import Client, Stats, serve  # noqa: E402

from scorekeeper.data.connection import migrate  # noqa: E402
from scorekeeper.data.events import cards, events, turns  # noqa: E402
from scorekeeper.data.games import games, rounds  # noqa: E402
from scorekeeper.data.games.evenings import create_evening  # noqa: E402
from scorekeeper.web.http.security import hash_passphrase  # noqa: E402

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
WDL = {"kind": "wdl", "win": 2, "draw": 1, "loss": 0}
PASSPHRASE = "the director's own"  # the Swiss's passphrase, typed on the desk's device


def setup(path: Path, entries: int, scorers: int) -> tuple[int, list[int]]:
    """A Swiss of ``entries`` pairs with turn 1 played, and the scorers' games."""
    db = migrate(path)
    pairs = [{"name": f"P{n}a & P{n}b", "players": [f"P{n}a", f"P{n}b"]} for n in range(entries)]
    swiss = events.create_event(
        db,
        name="Big Swiss",
        date="2026-11-27",
        variant="hand-and-foot",
        options={},
        movement="swiss",
        turns=6,
        entries=pairs,
        deals=1,
        scale=WDL,
    )
    cards.set_passphrase(db, swiss, hash_passphrase(PASSPHRASE))
    turns.start_turn(db, swiss)
    for n, t in enumerate(events.tables(db, swiss, 1)):
        one, other = t["sides"]
        rounds.add_round(
            db,
            t["game_id"],
            {one: {"meld_points": 50 * (n % 7)}, other: {"meld_points": 50 * (n % 5)}},
        )
    evening = create_evening(db, "2026-11-27", "Home tables")
    tables = [
        games.create_game(
            db, evening_id=evening, variant="classic", sides=["Us", "Them"], players=4, options={}
        )
        for _ in range(scorers)
    ]
    db.close()
    return swiss, tables


def saves(base: str, game: int, stats: Stats, stop: threading.Event) -> None:
    """A scorer saving rounds back to back (a tenth of a second apart)."""
    client = Client(base)
    while not stop.is_set():
        post(client, f"/api/games/{game}/rounds", stats)
        time.sleep(0.1)


def prober(path: Path, stats: Stats, stop: threading.Event) -> None:
    """The write lock itself, from outside the server: taken and let go every 20 ms
    (as a save takes it, writing nothing), the wait for it recorded."""
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    while not stop.is_set():
        start = time.monotonic()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        stats.add("lock", time.monotonic() - start)
        time.sleep(0.02)
    conn.close()


def director(client: Client, page: str, path: str, fields: dict[str, str]) -> tuple[int, float]:
    """A form of the director's sent as the browser sends it: the page read for its
    CSRF token (and the session cookie), then the post. Its status and seconds."""
    _, body, _ = client.request(page, {})
    assert client.connection is not None
    client.connection.timeout = 600  # a director waits for the answer, however long
    if client.connection.sock is not None:
        client.connection.sock.settimeout(600)
    token = CSRF.search(body.decode())
    data = urllib.parse.urlencode({**fields, "csrf_token": token.group(1) if token else ""})
    cookie = "; ".join(f"{k}={m.value}" for k, m in client.cookies.items())
    start = time.monotonic()
    assert client.connection is not None
    client.connection.request(
        "POST",
        path,
        body=data,
        headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie},
    )
    response = client.connection.getresponse()
    response.read()
    for got in response.headers.get_all("Set-Cookie") or []:
        client.cookies.load(got)
    return response.status, time.monotonic() - start


def rotating_form(players: int) -> dict[str, str]:
    return {
        "name": "Big rotating",
        "day": "2026-11-27",
        "variant": "hand-and-foot",
        "movement": "rotating",
        "first_turn": "list",
        "turns": "4",
        "deals": "1",
        "target": "0",
        "minutes": "0",
        "win": "2",
        "draw": "1",
        "loss": "0",
        "scale": "wdl",
        "bye": "win",
        "entries": "\n".join(f"Player {n}" for n in range(players)),
    }


def longest(stats: Stats, since: dict[str, int], kind: str) -> float:
    with stats.lock:
        return max(stats.times[kind][since.get(kind, 0) :], default=0.0)


def marks(stats: Stats) -> dict[str, int]:
    with stats.lock:
        return {kind: len(times) for kind, times in stats.times.items()}


Row = tuple[str, int, float, float, float]


def run(entries: int, scorers: int) -> list[Row]:
    """Each action: what, its status, its seconds, the longest save wait and the
    longest wait for the write lock during it."""
    found = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite"
        swiss, tables = setup(path, entries, scorers)
        process, base = serve(path)
        stats, stop = Stats(), threading.Event()
        threads = [threading.Thread(target=saves, args=(base, g, stats, stop)) for g in tables]
        threads.append(threading.Thread(target=prober, args=(path, stats, stop)))
        for thread in threads:
            thread.daemon = True  # never outlive the run, whatever happens
            thread.start()
        try:
            time.sleep(3)
            found.append(("nothing else (3 s)", 200, 3.0, *waits(stats, {})))
            desk = Client(base)
            unlock = f"/events/{swiss}/unlock"  # as a director on another device does
            status, _ = director(desk, unlock, unlock, {"passphrase": PASSPHRASE})
            if status != 302:
                raise SystemExit(f"the director's passphrase was refused: {status}")
            found += [
                act(
                    desk,
                    stats,
                    f"start turn 2 of a {entries}-entry Swiss",
                    f"/events/{swiss}",
                    f"/events/{swiss}/start",
                    {},
                ),
                act(
                    desk,
                    stats,
                    f"plan a {entries}-player rotating night",
                    "/events/new",
                    "/events/new",
                    rotating_form(entries),
                ),
                act(
                    desk,
                    stats,
                    f"start turn 1 of the rotating night ({entries // 4} tables)",
                    f"/events/{swiss + 1}",
                    f"/events/{swiss + 1}/start",
                    {},
                ),
            ]
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=60)
            process.terminate()
            process.wait(timeout=30)
    found.append(("all saves", len(stats.times["save"]), 0.0, *waits(stats, {})))
    print(f"  errors: {len(stats.errors)} {stats.errors[:5]}")
    return found


def act(desk: Client, stats: Stats, what: str, page: str, path: str, fields: dict[str, str]) -> Row:
    """One of the director's actions, with the longest waits while it ran."""
    mark = marks(stats)
    status, seconds = director(desk, page, path, fields)
    time.sleep(0.5)  # the saves under way when it ended
    return (what, status, seconds, *waits(stats, mark))


def waits(stats: Stats, since: dict[str, int]) -> tuple[float, float]:
    return longest(stats, since, "save"), longest(stats, since, "lock")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=400)
    parser.add_argument("--scorers", type=int, default=6, help="tables saving meanwhile")
    args = parser.parse_args()
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M')} · {os.cpu_count()} cores · "
        f"load {os.getloadavg()} · {' '.join(sys.argv)}"
    )
    print(f"  {'':48} {'':5}  {'':8}   longest wait: save    lock")
    for what, status, seconds, save, lock in run(args.entries, args.scorers):
        print(
            f"  {what:48} {status:5}  {seconds:6.2f} s   {save * 1000:13.0f} ms "
            f"{lock * 1000:4.0f} ms"
        )


if __name__ == "__main__":
    main()
