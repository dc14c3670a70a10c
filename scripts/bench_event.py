"""A whole club night under load: one event of N tables on the real
server (``python -m scorekeeper serve`` on a temporary database), its turn started.

At each table 4 phones follow the table as static/table.js does (their page, with the
table's stamp as ETag, every second) and the scorer saves a round (the JSON API) every
10 to 15 minutes of simulated time (a real table's deal), compressed ``--compress``
times, until the turn's ``--deals`` are played and the table's game is over. The
director's desk and ``--screens`` big screens follow the event as static/standings.js
does (their page every second, with the event's ETag and ``X-Poll``). Reports requests
per second, the server's CPU, p50/p99 per kind of request, and how long a save takes to
be visible: on the table's phones (their page changed), on the desk (the table's round
count), and on the big screens (the standings' games played, for the saves that ended
a game), with the errors. The room is ``bench_room``'s: one event loop.

    .venv/bin/python scripts/bench_event.py --tables 100 --seconds 120 --compress 10
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench_room  # noqa: E402
from bench_room import Stats  # noqa: E402

from scorekeeper.data.connection import migrate  # noqa: E402
from scorekeeper.data.events import cards, events, turns
from scorekeeper.data.table import table

LIVE_EVERY = 1.0  # seconds between a desk's or big screen's polls (static/standings.js)
ROWS = re.compile(r'data-table="(\d+)" data-rounds="(\d+)"')
PLAYED = re.compile(r'</th><td class="number">[^<]*</td><td class="number">(\d+)')


class Saves:
    """When each round was sent, by game and number; the games over, in order; and
    each table's last save (what its phones time a new page from)."""

    def __init__(self) -> None:
        self.sent: dict[int, dict[int, float]] = {}
        self.ended: list[float] = []
        self.last: dict[int, float] = {}


Table = tuple[int, int, int, str, list[str]]


def setup(path: Path, tables: int, deals: int) -> tuple[int, list[Table]]:
    """The event, its turn started: each table's number, game, stamp, card and 4 phones'
    tokens."""
    db = migrate(path)
    pairs = [{"name": f"P{n}a & P{n}b", "players": [f"P{n}a", f"P{n}b"]} for n in range(2 * tables)]
    event_id = events.create_event(
        db,
        name="Bench club",
        date="2026-11-26",
        variant="hand-and-foot",
        options={},
        movement="mitchell",
        turns=1,
        entries=pairs,
        deals=deals,
        minutes=120,
        scale={"kind": "wdl", "win": 2, "draw": 1, "loss": 0},
    )
    turns.start_turn(db, event_id)
    made, links = [], cards.card_links(db, event_id, tables)
    for t in events.tables(db, event_id, 1):
        game = t["game_id"]
        table.set_settings(db, game, phones_enter=True, confirm_rounds=True)
        seats = [p for side in t["entries"] for e in side for p in pairs[e]["players"]]
        tokens = [table.join(db, game, name, i % 2) for i, name in enumerate(seats)]
        made.append((t["table_no"], game, table.stamp(db, game), links[t["table_no"]], tokens))
    bench_room.joined_over(db)
    db.close()
    return event_id, made


async def scorer(
    base: str,
    game: int,
    card: str,
    deals: int,
    compress: float,
    saves: Saves,
    stats: Stats,
    stop: float,
) -> None:
    """A table's scorer, who opened the table's card (which lets this browser score the
    table): a round every 10 to 15 simulated minutes until the game is over."""
    async with bench_room.browser(base) as session:
        await (await session.get(f"/tables/{card}", allow_redirects=False)).read()
        await asyncio.sleep(random.uniform(0, 900 / compress))
        for number in range(1, deals + 1):
            if time.monotonic() > stop - 5:  # leave the screens time to see the last save
                return
            sent = time.monotonic()
            saves.sent.setdefault(game, {})[number] = sent
            saves.last[game] = sent
            if await bench_room.save(session, game, stats) == 201 and number == deals:
                saves.ended.append(sent)
            await asyncio.sleep(random.uniform(600, 900) / compress)


async def screen(
    base: str, path: str, kind: str, games: dict[int, int], saves: Saves, stats: Stats, stop: float
) -> None:
    """The desk (``games``: table number to game) or a big screen (``games`` empty),
    polled as static/standings.js does; what each newly shows is timed from its save."""
    etag, shown, done, answer = None, {}, 0, bench_room.Answer(0, b"", {})
    async with bench_room.browser(base) as session:
        await asyncio.sleep(random.random() * LIVE_EVERY)
        while time.monotonic() < stop:
            tick = time.monotonic()
            headers = answer.after({"X-Poll": "1", **({"If-None-Match": etag} if etag else {})})
            answer = await bench_room.get(session, path, headers, stats, kind)
            if answer.status == 200:
                etag, page, now = answer.headers.get("ETag"), answer.body.decode(), time.monotonic()
                if games:  # the desk: each table's rounds
                    for table_no, count in ROWS.findall(page):
                        sent = saves.sent.get(games[int(table_no)], {})
                        for number in range(shown.get(table_no, 0) + 1, int(count) + 1):
                            if number in sent:
                                stats.saw("desk", now - sent[number])
                        shown[table_no] = int(count)
                else:  # a big screen: the games over, in the order they ended
                    over = sum(int(n) for n in PLAYED.findall(page)) // 2
                    ended = sorted(saves.ended)[done:over]
                    for sent in ended:
                        stats.saw("big screens", now - sent)
                    done = max(done, over)
            await asyncio.sleep(max(answer.wait(), LIVE_EVERY - (time.monotonic() - tick)))


def run(args: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite"
        event_id, made = setup(path, args.tables, args.deals)
        process, base = bench_room.serve(path, args.serve)
        stats, saves = Stats(args.warmup, args.seconds), Saves()
        games = {table_no: game for table_no, game, _, _, _ in made}

        async def room() -> None:
            async with bench_room.browser(base) as warm:  # as a server up a while
                await (await warm.get(f"/events/{event_id}")).read()
            stop = stats.until
            desk, shared = f"/events/{event_id}", (saves, stats, stop)
            jobs = [screen(base, desk, "desk", games, *shared)]
            jobs += [
                screen(base, f"{desk}/standings", "big screen", {}, *shared)
                for _ in range(args.screens)
            ]
            for _, game, stamp, card, tokens in made:
                jobs.append(scorer(base, game, card, args.deals, args.compress, *shared))
                jobs += [
                    bench_room.phone(
                        base, f"/table/{token}", stamp, saves.last, game, stats, stop, args.hold
                    )
                    for token in tokens
                ]
            await asyncio.gather(*jobs)

        try:
            return bench_room.measure(process, room, stats)
        finally:
            bench_room.stop_server(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--warmup", type=float, default=20, help="seconds played, not counted")
    parser.add_argument("--compress", type=float, default=10, help="simulated seconds per second")
    parser.add_argument("--deals", type=int, default=6, help="rounds a table plays this turn")
    parser.add_argument("--screens", type=int, default=4, help="big screens showing standings")
    parser.add_argument(
        "--hold", type=int, default=bench_room.HOLD, help="seconds a phone's poll waits for news"
    )
    parser.add_argument("--serve", default="", help='more options for serve, e.g. "--workers 2"')
    args = parser.parse_args()
    print(bench_room.header(args.serve))
    print(
        f"N={args.tables} tables, {4 * args.tables} phones, a desk, {args.screens} big screens, "
        f"a deal every 10-15 min compressed {args.compress:g} times"
    )
    bench_room.report(run(args))


if __name__ == "__main__":
    main()
