"""``scorekeeper serve --workers 2`` for real: gunicorn's arbiter and two worker
processes on one SQLite file, on a loopback port. Which worker answers is the kernel's
choice, so each test opens several connections and asks ``/healthz`` on each which
worker it reached (a kept-alive connection stays with its worker). Every wait is
bounded; every server is stopped by the fixture, whatever happens."""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from tests.conftest import LiveServer

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="gunicorn forks: not on Windows")

CONNECTIONS = 12  # at a time, so that both workers take some
TRIES = 20  # rounds of CONNECTIONS before the test gives up on seeing both workers
WRONG = {"X-Scorer-Passphrase": "not the passphrase"}


OPENED = []  # every test's connections, closed after it


def close_connections():
    while OPENED:
        OPENED.pop().conn.close()


@pytest.fixture
def serving():
    """Servers of the test's own, stopped after it (SIGTERM; SIGKILL if that fails),
    their connections closed first."""
    started = []
    yield started.append
    close_connections()
    for server in started:
        try:
            server.stop()
        finally:
            if server.process.poll() is None:
                server.process.kill()
                server.process.wait(timeout=30)


@pytest.fixture
def two_workers(tmp_path, serving):
    server = LiveServer(tmp_path / "live.sqlite", workers=2)
    serving(server)
    return server.start()


class Pinned:
    """One kept-alive connection, and the worker process that took it."""

    def __init__(self, url):
        host, port = url.removeprefix("http://").rsplit(":", 1)
        self.conn = http.client.HTTPConnection(host, int(port), timeout=30)
        OPENED.append(self)
        self.worker = self.ask("GET", "/healthz")[1]["worker"]

    def ask(self, method, path, body=None, headers=None):
        data = None if body is None else json.dumps(body)
        self.conn.request(
            method, path, data, {"Content-Type": "application/json", **(headers or {})}
        )
        answer = self.conn.getresponse()
        text = answer.read()
        return answer.status, json.loads(text) if text.startswith(b"{") else text.decode()


def one_on_each(url):
    """A kept-alive connection to each of the two workers, found among several."""
    found = {}
    for _ in range(TRIES):
        opened = [Pinned(url) for _ in range(CONNECTIONS)]
        for pinned in opened:
            found.setdefault(pinned.worker, pinned)
        if len(found) == 2:
            return list(found.values())
    raise AssertionError(f"every connection reached the same worker: {list(found)}")


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def within(done, bound=60):
    """Whether ``done()`` comes true, asked again until ``bound`` seconds have passed
    (a bound for a busy machine, not a speed)."""
    deadline = time.monotonic() + bound
    while not done() and time.monotonic() < deadline:
        time.sleep(0.1)
    return done()


def gone(pids):
    """Whether every one of ``pids`` has ended (within the bound)."""
    return within(lambda: not any(alive(p) for p in pids))


def test_a_save_through_one_worker_is_seen_through_the_other_at_once(two_workers):
    first, second = one_on_each(two_workers.url)
    assert first.worker != second.worker and two_workers.process.pid not in (
        first.worker,
        second.worker,
    )
    status, made = first.ask("POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]})
    assert status == 201
    game = made["id"]
    for n, (saver, reader) in enumerate([(first, second), (second, first), (first, second)]):
        before = reader.ask("GET", f"/games/{game}/table/stamp")[1]["stamp"]
        page = reader.ask("GET", f"/games/{game}")  # kept by the reader's page cache
        assert page[0] == 200
        saved = saver.ask("POST", f"/api/games/{game}/rounds", {"A": {"meld_points": 135 + 5 * n}})
        assert saved[0] == 201
        assert reader.ask("GET", f"/games/{game}/table/stamp")[1]["stamp"] > before
        totals = reader.ask("GET", f"/api/games/{game}")[1]["answer"]["totals"]
        assert totals["A"] == sum(135 + 5 * k for k in range(n + 1))
        shown = reader.ask("GET", f"/games/{game}")[1]  # not the kept page of before
        assert str(totals["A"]) not in page[1] and str(totals["A"]) in shown


def test_a_throttle_holds_across_workers(tmp_path, serving):
    from scorekeeper.data import settings
    from scorekeeper.data.connection import migrate
    from scorekeeper.web.http.security import hash_passphrase

    db = migrate(tmp_path / "live.sqlite")
    settings.set_app_passphrase_hash(db, hash_passphrase("the right passphrase"))
    db.close()
    server = LiveServer(tmp_path / "live.sqlite", workers=2)
    serving(server)
    first, second = one_on_each(server.start().url)
    game = {"variant": "classic", "sides": ["A", "B"]}
    tries = [first, second, first, second, first]  # 5 wrong: 3 here, 2 there
    assert [p.ask("POST", "/api/games", game, WRONG)[0] for p in tries] == [401] * 5
    assert first.ask("POST", "/api/games", game, WRONG)[0] == 429
    assert second.ask("POST", "/api/games", game, WRONG)[0] == 429


def test_a_second_serve_on_the_same_file_is_refused(two_workers):
    second = subprocess.run(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--workers",
            "2",
            "--db",
            str(two_workers.database),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert second.returncode == 2
    assert f"(process {two_workers.process.pid}) is using" in second.stderr
    assert two_workers.json("GET", "/healthz")[0] == 200


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_a_stop_ends_every_worker_and_releases_the_lock(two_workers, stop):
    """SIGTERM and SIGINT (Ctrl-C) stop the workers through the arbiter; a killed
    arbiter's workers end by themselves (Linux: the parent-death signal)."""
    from scorekeeper.data.backup import take_lock

    if stop == signal.SIGKILL and not sys.platform.startswith("linux"):
        pytest.skip("the parent-death signal is Linux's")
    workers = [p.worker for p in one_on_each(two_workers.url)]
    close_connections()
    assert take_lock(two_workers.database) is None  # held while it serves
    two_workers.process.send_signal(stop)
    two_workers.process.wait(timeout=60)
    assert gone(workers)
    lock = take_lock(two_workers.database)
    assert lock is not None
    lock.release()


def test_ctrl_c_while_connections_arrive_ends_every_worker_by_itself(tmp_path, serving):
    """Ctrl-C (SIGINT) at a busy moment: a worker told to quit while it was handing a
    new connection to a thread of its own had waited for a lock it held itself, until
    the arbiter killed it when its 30 s of grace were over. Here connections keep
    arriving, each sending half a request and holding a thread (so each new one starts
    a thread) as the signal comes, and every worker ends by itself: the log never tells
    of a worker killed."""
    log = tmp_path / "server.log"
    server = LiveServer(tmp_path / "live.sqlite", workers=2)
    server.stderr = log
    serving(server)
    server.start()
    workers = [p.worker for p in one_on_each(server.url)]
    close_connections()
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    held, done = [], threading.Event()

    def knock():
        while not done.is_set() and len(held) < 300:
            try:
                held.append(socket.create_connection((host, int(port)), timeout=5))
                held[-1].sendall(b"GET /healthz HTTP/1.1\r\n")  # the rest never comes
            except OSError:  # refused: the arbiter has closed its socket
                return

    knockers = [threading.Thread(target=knock) for _ in range(4)]
    for knocker in knockers:
        knocker.start()
    try:
        assert within(lambda: len(held) > 100)
        server.process.send_signal(signal.SIGINT)
    finally:
        done.set()
        for knocker in knockers:
            knocker.join()
        for connection in held:  # the half-sent requests end: nothing waits for them
            connection.close()
    server.process.wait(timeout=60)
    assert gone(workers)
    assert "SIGKILL" not in log.read_text(), log.read_text()


def test_the_daily_backup_is_taken_by_one_process(tmp_path, serving):
    """Each process taking it would fail as many times: a folder that cannot be made
    (under a file) shows how many tried, in the server's log, as the arbiter's alone."""
    (tmp_path / "a-file").write_text("not a folder")
    log = tmp_path / "server.log"
    server = LiveServer(tmp_path / "live.sqlite", workers=2)
    server.extra = ["--backup-dir", str(tmp_path / "a-file" / "backups")]
    server.stderr = log
    serving(server)
    one_on_each(server.start().url)  # both workers are up
    assert within(lambda: "daily backup failed" in log.read_text())
    close_connections()
    server.stop()
    assert log.read_text().count("daily backup failed") == 1


def test_the_daily_backup_is_written_once_and_whole(tmp_path, serving):
    server = LiveServer(tmp_path / "live.sqlite", workers=2)
    server.extra = ["--backup-dir", str(tmp_path / "backups")]
    serving(server)
    one_on_each(server.start().url)
    assert within(lambda: any((tmp_path / "backups").glob("*.sqlite")))
    close_connections()
    server.stop()
    from scorekeeper.data.backup import check

    (made,) = (tmp_path / "backups").iterdir()
    check(made)


def children(pid):
    """The processes ``pid`` started and that still run (Linux's /proc)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as listed:
            found += [int(p) for p in listed.read().split()]
    return found


def program_of(pid):
    with open(f"/proc/{pid}/cmdline", "rb") as line:
        return os.path.basename(line.read().split(b"\0")[0].decode())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
def test_one_litestream_replicates_what_every_worker_saved(tmp_path, serving):
    server = LiveServer(tmp_path / "live.sqlite", workers=2)
    server.extra = ["--replicate-to", str(tmp_path / "replica")]
    serving(server)
    pinned = one_on_each(server.start().url)
    games = []
    for each in pinned:
        status, made = each.ask("POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]})
        assert status == 201
        games.append(made["id"])
        assert (
            each.ask("POST", f"/api/games/{made['id']}/rounds", {"A": {"meld_points": 50}})[0]
            == 201
        )
    everyone = [server.process.pid, *(p.worker for p in pinned)]
    started = [c for p in everyone for c in children(p) if program_of(c) == "litestream"]
    assert len(started) == 1
    close_connections()
    server.stop()  # the arbiter lets Litestream copy what is left, then stops it
    restored = tmp_path / "restored.sqlite"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "restore",
            "--from-replica",
            str(tmp_path / "replica"),
            "--db",
            str(restored),
            "--yes",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    import sqlite3

    db = sqlite3.connect(restored)
    try:
        stored = db.execute("SELECT game_id FROM rounds ORDER BY game_id").fetchall()
    finally:
        db.close()
    assert [g for (g,) in stored] == sorted(games)


# A server whose second worker is slow to start: it waits in gunicorn's post_fork hook,
# before it has handlers of its own, after saying so in a file; if it ends by itself
# (not killed), it says that too.
SLOW_SECOND_WORKER = """
import atexit, pathlib, sys, time
from scorekeeper import workers
from scorekeeper.cli import main

folder, quick = pathlib.Path(sys.argv.pop(1)), workers.started

def slowly(arbiter, worker):
    quick(arbiter, worker)
    if worker.age == 2:
        atexit.register((folder / "ended").write_text, "by itself")
        (folder / "starting").write_text("in post_fork")
        time.sleep(3)

workers.started = slowly
main()
"""


def test_a_stop_sent_as_a_worker_starts_is_not_lost(tmp_path):
    """A worker runs the arbiter's signal handlers from its fork until it sets its own,
    and those only note a signal for a loop the worker never runs: a stop sent then
    (a server stopped just after it started, or as it replaced a worker) was lost,
    and that worker served on until the arbiter killed it when its 30 s of grace were
    over. Held back until the worker can answer it, it ends the worker by itself."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    serve = ["serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "2"]
    database = ["--db", str(tmp_path / "live.sqlite")]
    command = [sys.executable, "-c", SLOW_SECOND_WORKER, str(tmp_path), *serve, *database]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert within((tmp_path / "starting").exists)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=30)
    assert (tmp_path / "ended").exists(), "the worker was killed"
