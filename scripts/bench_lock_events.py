"""How long the director's biggest actions keep the other tables' saves waiting: the
real server (``python -m scorekeeper serve`` on a temporary database), scorers at
ordinary tables saving rounds back to back (the JSON API) while the director, through
the desk's own forms, starts turn 2 of a 400-entry Swiss (paired by the standings),
makes a 400-player rotating-partners night (its whole plan made when it is made) and
starts its turn 1 (100 tables' games). Prints one table: each action's status, its
time and the longest save wait and lock wait during it, and over all the saves; exits
with 1 on any 5xx answer.

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


def run(entries: int, scorers: int, errors: list[str]) -> list[Row]:
    """Each action: what, its status, its seconds, the longest save wait and the
    longest wait for the write lock during it; the saves' errors put in ``errors``."""
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
    found.append((f"all {len(stats.times['save'])} saves", 0, 0.0, *waits(stats, {})))
    errors += stats.errors
    return found


def act(desk: Client, stats: Stats, what: str, page: str, path: str, fields: dict[str, str]) -> Row:
    """One of the director's actions, with the longest waits while it ran."""
    mark = marks(stats)
    status, seconds = director(desk, page, path, fields)
    time.sleep(0.5)  # the saves under way when it ended
    return (what, status, seconds, *waits(stats, mark))


def waits(stats: Stats, since: dict[str, int]) -> tuple[float, float]:
    return longest(stats, since, "save"), longest(stats, since, "lock")


def server_errors(rows: list[Row], errors: list[str]) -> int:
    """The 5xx answers: the director's and the saves'."""
    saves = sum(1 for e in errors if re.fullmatch(r"save: 5[0-9][0-9]", e))
    return saves + sum(1 for _, status, *_ in rows[:-1] if status >= 500)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=400)
    parser.add_argument("--scorers", type=int, default=6, help="tables saving meanwhile")
    args = parser.parse_args()
    started = os.getloadavg()[0]
    errors: list[str] = []
    rows = run(args.entries, args.scorers, errors)
    print(
        f"{time.strftime('%Y-%m-%d %H:%M')} UTC, {os.cpu_count()} cores, load average "
        f"{started:.1f} at the start and {os.getloadavg()[0]:.1f} at the end: "
        f"{' '.join(sys.argv)}\n"
    )
    print("| action | status | time | longest save wait | longest lock wait |")
    print("|---|---|---|---|---|")
    for what, status, seconds, save, lock in rows:
        shown = f"{seconds:.1f} s" if seconds else "-"
        said = status or "-"
        print(f"| {what} | {said} | {shown} | {save * 1000:.0f} ms | {lock * 1000:.0f} ms |")
    failed = server_errors(rows, errors)
    print(f"\n5xx answers: {failed}; other errors: {len(errors) - failed} {errors[:5]}")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
