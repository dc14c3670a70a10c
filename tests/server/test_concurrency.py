"""Two phones at once and a killed server, against the real server (waitress)."""

import http.client
import signal
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor


def new_game(server, variant="classic", sides=("A", "B")):
    status, created = server.json("POST", "/api/games", {"variant": variant, "sides": list(sides)})
    assert status == 201
    return created["id"]


def test_rounds_added_at_once_get_distinct_numbers_and_retries_store_once(live_server):
    game = new_game(live_server)

    def scorer(phone):
        for n in range(5):
            key = {"Idempotency-Key": f"phone{phone}-round{n}"}
            for _ in range(2):  # every request is retried once, as over bad wifi
                status, _ = live_server.json("POST", f"/api/games/{game}/rounds",
                                             {"A": {"meld_points": 5}}, key)  # fmt: skip
                assert status == 201

    with ThreadPoolExecutor(max_workers=20) as pool:
        list(pool.map(scorer, range(20)))
    conn = sqlite3.connect(live_server.database)
    numbers = [
        n
        for (n,) in conn.execute(
            "SELECT number FROM rounds WHERE game_id = ? ORDER BY number", [game]
        )
    ]
    conn.close()
    assert numbers == list(range(1, 101))
    assert live_server.json("GET", f"/api/games/{game}")[1]["answer"]["totals"]["A"] == 500


def test_an_edit_from_an_outdated_view_is_refused_not_overwritten(live_server):
    game = new_game(live_server)
    live_server.json("POST", f"/api/games/{game}/rounds", {"A": {"meld_points": 100}})
    seen = live_server.json("GET", f"/api/games/{game}")[1]["versions"][0]
    phone_one = live_server.json("PUT", f"/api/games/{game}/rounds/1", {"A": {"meld_points": 150}},
                                 {"If-Match": str(seen)})  # fmt: skip
    phone_two = live_server.json("PUT", f"/api/games/{game}/rounds/1", {"B": {"meld_points": 90}},
                                 {"If-Match": str(seen)})  # fmt: skip
    assert phone_one[0] == 200 and phone_two[0] == 409
    assert "changed on another device" in phone_two[1]["error"]
    assert live_server.json("GET", f"/api/games/{game}")[1]["answer"]["totals"] == {
        "A": 150,
        "B": 0,
    }


def test_every_acknowledged_round_survives_a_kill_in_the_middle(live_server):
    game = new_game(live_server, "hand-and-foot", ("Us", "Them"))
    games = [game] + [new_game(live_server, "classic") for _ in range(3)]
    acknowledged, stop = [], threading.Event()

    def sender(worker):
        n = 0
        while not stop.is_set():
            target = games[worker % len(games)]
            key = f"w{worker}-{n}"
            side = "Us" if target == game else "A"
            try:
                status, _ = live_server.json("POST", f"/api/games/{target}/rounds",
                                             {side: {"meld_points": 5}}, {"Idempotency-Key": key})  # fmt: skip
            except (OSError, ValueError, http.client.HTTPException):
                return  # the server is gone (perhaps half-way through an answer)
            if status == 201:
                acknowledged.append((target, key))
            elif target == game and status == 400:
                continue  # hand-and-foot ends after 4 rounds: further rounds are refused
            n += 1

    threads = [threading.Thread(target=sender, args=(w,)) for w in range(6)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 30
    while len(acknowledged) < 40 and time.monotonic() < deadline:
        time.sleep(0.01)
    live_server.stop(signal.SIGKILL)  # mid-stream: requests are in flight
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    assert len(acknowledged) >= 40

    conn = sqlite3.connect(live_server.database)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = conn.execute("SELECT game_id, request_key FROM rounds").fetchall()
    conn.close()
    assert len(stored) == len(set(stored))
    assert set(acknowledged) <= set(stored)
    live_server.start()
    for target in games:
        assert live_server.json("GET", f"/api/games/{target}")[0] == 200


def test_connections_are_wal_with_full_sync_and_foreign_keys(app):
    from scorekeeper.data.connection import connect

    db = connect(app.config["DATABASE"])
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
