"""``serve --replicate-to DIR``: Litestream streams the database to a second copy.
Saves go on through the real server from several clients; then the server (with its
Litestream) is killed at once and its database file destroyed, as a laptop dying
mid-evening; ``restore --from-replica`` brings back every round acknowledged more
than a second before the loss."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

CLIENTS = 4
SAVING_SECONDS = 6  # bounded load, loopback only
LAG_ALLOWED = 1.0


def call(url, method="GET", body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, json.loads(response.read())


def serve(database, replica):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            str(database),
            "--replicate-to",
            str(replica),
            "--workers",
            "1",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/rules", timeout=1).close()
            return process, url
        except OSError:
            time.sleep(0.1)
    os.killpg(process.pid, signal.SIGKILL)
    raise RuntimeError("the server did not start")


def saving(url, game, acknowledged, stop):
    """Rounds for ``game`` one after another until ``stop``; each acknowledged one
    with the moment its answer came."""
    while not stop.is_set():
        try:
            status, _ = call(f"{url}/api/games/{game}/rounds", "POST", {"A": {"meld_points": 5}})
        except (OSError, urllib.error.URLError, http.client.HTTPException):
            return  # the server is gone (killed before or while it answered: not acknowledged)
        if status == 201:
            acknowledged.append((game, time.monotonic()))


def test_every_round_acknowledged_a_second_before_the_loss_is_restored(tmp_path):
    database, replica = tmp_path / "live.sqlite", tmp_path / "replica"
    process, url = serve(database, replica)
    try:
        games = [
            call(f"{url}/api/games", "POST", {"variant": "classic", "sides": ["A", "B"]})[1]["id"]
            for _ in range(CLIENTS)
        ]
        acknowledged: list[tuple[int, float]] = []
        stop = threading.Event()
        clients = [
            threading.Thread(target=saving, args=(url, g, acknowledged, stop)) for g in games
        ]
        for client in clients:
            client.start()
        time.sleep(SAVING_SECONDS)
        _, health = call(f"{url}/healthz")
        lost_at = time.monotonic()
        os.killpg(process.pid, signal.SIGKILL)  # the server and its Litestream, at once
    finally:
        stop.set()
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    for client in clients:
        client.join(timeout=60)
    for path in (database, tmp_path / "live.sqlite-wal", tmp_path / "live.sqlite-shm"):
        path.unlink(missing_ok=True)

    restored = subprocess.run(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "restore",
            "--from-replica",
            str(replica),
            "--db",
            str(database),
            "--yes",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert restored.returncode == 0, restored.stderr
    import sqlite3

    db = sqlite3.connect(database)
    stored = dict(db.execute("SELECT game_id, count(*) FROM rounds GROUP BY game_id").fetchall())
    db.close()
    expected = {
        g: sum(1 for game, at in acknowledged if game == g and at < lost_at - LAG_ALLOWED)
        for g in games
    }
    assert sum(expected.values()) > CLIENTS  # saves went on under load
    assert all(stored.get(g, 0) >= n for g, n in expected.items()), (stored, expected)
    assert health["replica"]["target"] == str(replica)
    assert health["replica"]["lag_seconds"] is not None
