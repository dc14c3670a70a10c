"""A room of phones, for the load benchmarks (``bench_table.py``, ``bench_event.py``).

Every phone, scorer and screen is a coroutine with its own aiohttp session: one
kept-alive connection and its own cookies, as a browser has. The whole room runs on
one event loop in one process, so that at 300 tables (1,500 connections, some 2,000
requests a second) the figures are the server's: a thread per phone made the load
generator itself queue on its interpreter lock, and a save's time then counted that
queue too.

A poll told ``Retry-After`` (the server full) waits that long as the phones' scripts
do, the next one saying ``X-Waited``; one answered ``503`` (sent away) is counted
apart: it is not an error. A poll prefers to wait on the server for news
(``Prefer: wait=N``, ``--hold``), as the pages' scripts do, and asks again at once when
it was held; one answered at once waits out the second. A held poll's time is how long
it waited, not how long the server took: such answers are counted apart, "(held)"
when the time was up and "(news)" when a save ended the wait.

The room plays ``--warmup`` seconds before anything is counted: every phone of the
room opening its page in the same second, each writing its "last seen", is a burst a
room in play does not see (and is measured on its own with ``--warmup 0``).
"""

from __future__ import annotations

import asyncio
import os
import random
import shlex
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp

POLL = 1.0  # seconds between a phone's polls, as POLL_MS in static/table.js
HOLD = 20  # seconds a poll prefers to wait for news, as HOLD in static/table.js
TIMEOUT = aiohttp.ClientTimeout(total=30)


class Stats:
    """Each kind of request's times, the errors, and how long saves took to show: of
    what began after the warm-up (``since``); the room plays on ``until``."""

    def __init__(self, warmup: float = 0.0, seconds: float = 30.0) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.visible: dict[str, list[float]] = defaultdict(list)
        self.warmup, self.seconds = warmup, seconds
        self.since = time.monotonic() + warmup
        self.until = self.since + seconds

    def start(self) -> None:
        """The room starts now: the warm-up, then the measured seconds."""
        self.since = time.monotonic() + self.warmup
        self.until = self.since + self.seconds

    def counted(self, seconds: float) -> bool:
        """Whether what began ``seconds`` ago began after the warm-up."""
        return time.monotonic() - seconds >= self.since

    def add(self, kind: str, seconds: float) -> None:
        if self.counted(seconds):
            self.times[kind].append(seconds)

    def saw(self, where: str, seconds: float) -> None:
        """A save sent ``seconds`` ago seen at ``where``."""
        if self.counted(seconds):
            self.visible[where].append(seconds)

    def error(self, what: str) -> None:
        if time.monotonic() >= self.since:
            self.errors.append(what)

    def kinds(self) -> dict[str, tuple[float, float, int]]:
        """p50 and p99 in milliseconds, and the count, of each kind of request."""
        return {
            kind: (statistics.median(times) * 1000, p99(times) * 1000, len(times))
            for kind, times in sorted(self.times.items())
        }

    def shown(self) -> dict[str, tuple[float, float, int]]:
        """p50 and p99 in seconds, and the count, of each place a save shows."""
        return {
            where: (statistics.median(times), p99(times), len(times))
            for where, times in self.visible.items()
            if times
        }


class Answer:
    def __init__(self, status: int, body: bytes, headers: Any) -> None:
        self.status, self.body, self.headers = status, body, headers

    def after(self, headers: dict[str, str]) -> dict[str, str]:
        """The next poll's headers: ``X-Waited`` once this one was told to wait."""
        return {**headers, "X-Waited": "1"} if self.wait() else headers

    def wait(self) -> float:
        """The seconds a poll is told to wait (``Retry-After``), else 0."""
        if self.status == 0:
            return 0.0
        try:
            return float(self.headers.get("Retry-After", "0"))
        except ValueError:
            return 0.0


def joined_over(db: Any, seconds: float = 30) -> None:
    """Every phone seen last at a random moment of the last ``seconds``: a room's phones
    joined one after another, not all in the same second, and each writes its "last
    seen" every 30 s (``SEEN_EVERY``) from then on, not all at once."""
    for (phone,) in db.execute("SELECT id FROM table_phones").fetchall():
        ago = datetime.now(UTC) - timedelta(seconds=random.uniform(0, seconds))
        sql = "UPDATE table_phones SET last_seen = ? WHERE id = ?"
        db.execute(sql, [ago.isoformat(timespec="seconds"), phone])
    db.conn.commit()


def browser(base: str) -> aiohttp.ClientSession:
    """A phone's browser: one connection, kept alive, and its cookies (the server is
    reached by its address, whose cookies aiohttp keeps only when told to)."""
    return aiohttp.ClientSession(
        base_url=base,
        connector=aiohttp.TCPConnector(limit=1),
        cookie_jar=aiohttp.CookieJar(unsafe=True),
        timeout=TIMEOUT,
    )


async def get(
    session: aiohttp.ClientSession, path: str, headers: dict[str, str], stats: Stats, kind: str
) -> Answer:
    """A GET, timed under ``kind`` (a 304 under "kind (304)", a shed poll under
    "kind (shed)"); a failure is an error and status 0."""
    start = time.monotonic()
    try:
        async with session.get(path, headers=headers, allow_redirects=False) as response:
            answer = Answer(response.status, await response.read(), response.headers)
    except (aiohttp.ClientError, TimeoutError) as error:
        stats.error(f"{kind}: {error!r}")
        return Answer(0, b"", {})
    suffix = {304: " (304)", 503: " (shed)"}.get(answer.status, "")
    if "Preference-Applied" in answer.headers:
        suffix = " (held)" if answer.status == 304 else " (news)"
    stats.add(kind + suffix, time.monotonic() - start)
    if answer.status >= 400 and not answer.wait():
        stats.error(f"{kind}: {answer.status}")
    return answer


async def save(session: aiohttp.ClientSession, game: int, stats: Stats) -> int:
    """A round saved through the JSON API under a one-time key, as the round screen
    sends it; a connection lost on the way sends it once more with the same key, as a
    browser does, and the key makes sure it is stored once."""
    start, key = time.monotonic(), uuid.uuid4().hex
    headers = {"Content-Type": "application/json", "Idempotency-Key": key}
    for attempt in (1, 2):
        try:
            async with session.post(
                f"/api/games/{game}/rounds", data=b"{}", headers=headers
            ) as response:
                await response.read()
                status = response.status
            break
        except (aiohttp.ClientError, TimeoutError) as error:
            if attempt == 2:
                stats.error(f"save: {error!r}")
                return 0
    stats.add("save", time.monotonic() - start)
    if status != 201:
        stats.error(f"save: {status}")
    return status


def held(headers: dict[str, str], hold: int) -> dict[str, str]:
    """A poll's headers, preferring to wait for news. A poll is held as long at the end
    of the run as anywhere: cut short there, every phone's last polls would come in the
    same last second, a burst no room sees. The run waits for them to end."""
    return {**headers, "Prefer": f"wait={hold}"} if hold > 0 else headers


async def phone(
    base: str,
    page: str,
    stamp: int,
    sent: dict[int, float],
    game: int,
    stats: Stats,
    stop: float,
    hold: int = HOLD,
) -> None:
    """A phone as static/table.js has it: its own page asked for with the table's stamp
    as the ETag, waiting on the server for news, a 304 when nothing moved; a new page is
    timed from the table's last save. The page is open already: its first ETag is the
    stamp it shows."""
    etag, answer = f'W/"t{stamp}"', Answer(0, b"", {})
    async with browser(base) as session:
        await asyncio.sleep(random.random() * POLL)
        while time.monotonic() < stop:
            tick = time.monotonic()
            headers = held(answer.after({"If-None-Match": etag}), hold)
            answer = await get(session, page, headers, stats, "page poll")
            if answer.status == 200 and answer.headers.get("ETag") != etag:
                if game in sent:
                    stats.saw("phones", time.monotonic() - sent[game])
                etag = answer.headers.get("ETag", etag)
            rest = max(answer.wait(), POLL - (time.monotonic() - tick))
            await asyncio.sleep(rest)


async def stamp_poller(base: str, path: str, stats: Stats, stop: float, hold: int = HOLD) -> None:
    """The scorer's scoreboard: its game's stamp with its ETag, waiting for news."""
    etag, answer = None, Answer(0, b"", {})
    async with browser(base) as session:
        await asyncio.sleep(random.random() * POLL)
        while time.monotonic() < stop:
            tick = time.monotonic()
            headers = answer.after({"If-None-Match": etag} if etag else {})
            headers = held(headers, hold) if etag else headers
            answer = await get(session, path, headers, stats, "poll")
            if answer.status == 200:
                etag = answer.headers.get("ETag")
            await asyncio.sleep(max(answer.wait(), POLL - (time.monotonic() - tick)))


def serve(path: Path, options: str = "") -> tuple[subprocess.Popen, str]:
    """``scorekeeper serve`` on a free port of this machine, with ``options`` (for
    example ``--workers 2``); the base URL once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(path), *shlex.split(options)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).close()
            return process, base
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time so far of a process and every process under it,
    the workers of ``serve --workers`` (Linux: /proc)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    tree, total = {pid}, 0.0
    for child in sorted(parents):  # children have higher numbers than their parents
        if parents[child] in tree:
            tree.add(child)
    for member in tree:
        total += times.get(member, 0.0)
    return total


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


def header(options: str) -> str:
    """The first line of a report: when, on what machine, with which server options."""
    return (
        f"# {time.strftime('%Y-%m-%d %H:%M')} · {os.cpu_count()} cores · "
        f"load {tuple(round(x, 2) for x in os.getloadavg())} · serve {options or '(defaults)'}"
    )


def report(result: dict[str, Any]) -> None:
    """Each kind of request's p50 and p99, and where saves showed how soon."""
    errors = result["errors"]
    print(
        f"  {result['rps']:.0f} requests/s, server CPU {result['server_cpu']:.2f} cores, "
        f"this load generator {result['own_cpu']:.2f} cores, errors {len(errors)} {errors[:3]}"
    )
    for kind, (p50, p99_, count) in result["kinds"].items():
        print(f"  {kind:20} n={count:6}  p50 {p50:8.1f} ms  p99 {p99_:8.1f} ms")
    for where, (p50, p99_, count) in result["visible"].items():
        print(f"  save -> {where:11} n={count:5}  p50 {p50:5.2f} s  p99 {p99_:5.2f} s")
    print(f"  load average after: {tuple(round(x, 2) for x in os.getloadavg())}")


def measure(process: subprocess.Popen, room: Any, stats: Stats) -> dict[str, Any]:
    """Run the room's coroutines (``room``: a coroutine function, playing until
    ``stats.until``) against the server and gather the figures of the seconds after
    the warm-up: the server's CPU and this process's own."""
    used: dict[str, float] = {}

    async def measured() -> None:
        stats.start()
        playing = asyncio.ensure_future(room())
        await asyncio.sleep(stats.warmup)
        used["server"], used["own"] = cpu_seconds(process.pid), sum(os.times()[:2])
        await asyncio.sleep(stats.seconds)
        used["server"] = cpu_seconds(process.pid) - used["server"]
        used["own"] = sum(os.times()[:2]) - used["own"]
        await playing

    asyncio.run(measured())
    total = sum(len(times) for times in stats.times.values())
    return {
        "rps": total / stats.seconds,
        "kinds": stats.kinds(),
        "visible": stats.shown(),
        "server_cpu": used["server"] / stats.seconds,
        "own_cpu": used["own"] / stats.seconds,
        "errors": stats.errors,
    }


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=30)
