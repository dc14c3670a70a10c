"""Every phone at the table under load: N tables of 1 scorer + 4 joined phones on
the real server (``python -m scorekeeper serve`` on a temporary database).

Each phone asks for its page ``/table/<token>`` with the ETag it has (the table's
stamp), as static/table.js does, preferring to wait on the server up to ``--hold``
seconds for news: the page when it moved, else a 304 (``--hold 0``: a 304 at once,
and the phone asks again a second later). Each scorer's screen polls its game's stamp
in the same way and saves
a round (the JSON API) every ``--deal-minutes`` of simulated time (12: a real table's
deal takes 10 to 15), compressed ``--compress`` times. Reports requests per second,
the CPU the server and this script used, p50/p99 latency per kind of request, the
p50/p99 time from a save being sent to each phone showing it, and errors. The room
is ``bench_room``'s: one event loop, a kept-alive connection and cookies per phone.

    .venv/bin/python scripts/bench_table.py --tables 100 300 --seconds 60
    .venv/bin/python scripts/bench_table.py --tables 300 --serve "--tables 300"
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp  # noqa: E402
import bench_room  # noqa: E402
from bench_room import Stats  # noqa: E402

from scorekeeper.data.connection import migrate  # noqa: E402
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game
from scorekeeper.data.table import table

SEATS = ["Ann", "Cat", "Bea", "Dee"]


def setup(path: Path, tables: int) -> list[tuple[int, int, list[str]]]:
    """Each table's game, its stamp and its 4 phones' tokens."""
    db = migrate(path)
    evening = create_evening(db, "2026-11-22")
    made = []
    for _ in range(tables):
        sides = ["Ann & Bea", "Cat & Dee"]  # empty rounds: the game never ends
        game = create_game(
            db,
            evening_id=evening,
            variant="classic",
            sides=sides,
            players=4,
            options={},
            seats=SEATS,
        )
        table.set_settings(db, game, phones_enter=True, confirm_rounds=True)
        tokens = [table.join(db, game, name, i % 2) for i, name in enumerate(SEATS)]
        made.append((game, table.stamp(db, game), tokens))
    bench_room.joined_over(db)
    db.close()
    return made


async def scorer(base: str, game: int, every: float, sent: dict, stats: Stats, stop: float) -> None:
    """A scorer: a round every ``every`` seconds on a kept connection."""
    async with bench_room.browser(base) as session:
        await asyncio.sleep(random.random() * every)
        while time.monotonic() < stop - 5:  # leave the phones time to see the last save
            sent[game] = time.monotonic()
            await bench_room.save(session, game, stats)
            await asyncio.sleep(every)


def run(tables: int, stats: Stats, every: float, options: str, hold: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite"
        made = setup(path, tables)
        process, base = bench_room.serve(path, options)
        sent: dict[int, float] = {}

        async def room() -> None:
            async with aiohttp.ClientSession(base_url=base) as warm:  # as a server up a while
                await (await warm.get(f"/table/{made[0][2][0]}")).read()
            stop = stats.until
            jobs = []
            for game, stamp, tokens in made:
                jobs.append(scorer(base, game, every, sent, stats, stop))
                board = f"/games/{game}/table/stamp"  # the scorer's scoreboard
                jobs.append(bench_room.stamp_poller(base, board, stats, stop, hold))
                jobs += [
                    bench_room.phone(base, f"/table/{token}", stamp, sent, game, stats, stop, hold)
                    for token in tokens
                ]
            await asyncio.gather(*jobs)

        try:
            return bench_room.measure(process, room, stats)
        finally:
            bench_room.stop_server(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=20, help="seconds played, not counted")
    parser.add_argument("--deal-minutes", type=float, default=12, help="between a table's saves")
    parser.add_argument("--compress", type=float, default=12, help="simulated seconds per second")
    parser.add_argument("--serve", default="", help='more options for serve, e.g. "--workers 2"')
    parser.add_argument(
        "--hold", type=int, default=bench_room.HOLD, help="seconds a poll waits for news"
    )
    args = parser.parse_args()
    print(bench_room.header(args.serve))
    for tables in args.tables:
        every = args.deal_minutes * 60 / args.compress
        print(f"\nN={tables} tables, {4 * tables} phones, a save every {every:.0f} s a table")
        stats = Stats(args.warmup, args.seconds)
        bench_room.report(run(tables, stats, every, args.serve, args.hold))


if __name__ == "__main__":
    main()
