"""The real WSGI server (waitress) on the real SQLite file."""

import signal
import sqlite3


def test_restarting_the_server_loses_nothing(live_server):
    status, created = live_server.json(
        "POST", "/api/games", {"variant": "hand-and-foot", "sides": ["Us", "Them"]}
    )
    assert status == 201
    game = created["id"]
    for meld in (100, 250, 35):
        assert (
            live_server.json("POST", f"/api/games/{game}/rounds", {"Us": {"meld_points": meld}})[0]
            == 201
        )
    live_server.stop()
    live_server.start()
    status, got = live_server.json("GET", f"/api/games/{game}")
    assert status == 200 and got["answer"]["totals"] == {"Us": 385, "Them": 0}
    assert got["answer"]["opening"] == {"Us": 150, "Them": 150}


def test_a_killed_server_keeps_every_acknowledged_round(live_server):
    _, created = live_server.json("POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]})
    game = created["id"]
    for n in range(5):
        assert (
            live_server.json("POST", f"/api/games/{game}/rounds", {"A": {"meld_points": 5 * n}})[0]
            == 201
        )
    live_server.stop(signal.SIGKILL)
    conn = sqlite3.connect(live_server.database)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT count(*) FROM rounds WHERE game_id = ?", [game]).fetchone()[0] == 5
    conn.close()
    live_server.start()
    assert live_server.json("GET", f"/api/games/{game}")[1]["answer"]["totals"]["A"] == 50


def test_serve_answers_pages(live_server):
    import urllib.request

    with urllib.request.urlopen(live_server.url + "/games/new") as response:
        assert response.status == 200 and "Which game?" in response.read().decode()
