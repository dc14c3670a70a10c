"""A real ``scorekeeper import`` killed (SIGKILL) mid-way: a player its file added,
whom a scorer seated at a new game meanwhile, is that scorer's player and stays in
sight once the dead import is taken out, not hidden with nothing in Removals."""

import json
import signal
import sqlite3
import subprocess
import sys
import time

from scorekeeper.data.connection import connect
from scorekeeper.data.games import evenings, games, players
from scorekeeper.data.transfer import staging

SEATS = ["Zed", "Amy", "Bo", "Cy"]
SIDES = ["Zed & Bo", "Amy & Cy"]


def export_file(path, games=200, rounds=60):
    played = [{SIDES[i % 2]: {"meld_points": 5}} for i in range(rounds)]
    path.write_text(
        json.dumps(
            {
                "format": "scorekeeper",
                "version": 1,
                "evenings": [
                    {
                        "uid": f"e{g}",
                        "date": "2026-11-20",
                        "name": "",
                        "note": "",
                        "games": [
                            {
                                "uid": f"g{g}",
                                "seats": SEATS,
                                "first_dealer": 0,
                                "document": {
                                    "variant": "classic",
                                    "sides": SIDES,
                                    "players": 4,
                                    "options": {},
                                    "rounds": played,
                                },
                            }
                        ],
                    }
                    for g in range(games)
                ],
            }
        )
    )


def wait_for(conn, sql, until, deadline):
    while time.monotonic() < deadline:
        found = conn.execute(sql).fetchone()[0]
        if until(found):
            return found
        time.sleep(0.01)
    raise AssertionError(f"still waiting for {sql}")


def test_a_player_seated_while_an_import_runs_stays_in_sight_after_it_is_killed(app, tmp_path):
    database = app.config["DATABASE"]
    db = connect(database)  # the database made (migrated) before the import starts
    export_file(tmp_path / "file.json")
    command = [sys.executable, "-m", "scorekeeper", "import", str(tmp_path / "file.json")]
    importer = subprocess.Popen(
        [*command, "--db", database], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    watch = sqlite3.connect(database, timeout=30)
    try:
        deadline = time.monotonic() + 120
        hidden = "SELECT count(*) FROM players WHERE name = 'Zed' AND import_id IS NOT NULL"
        wait_for(watch, hidden, lambda n: n == 1, deadline)  # the import added Zed, hidden
        evening = evenings.create_evening(db, "2026-11-27")
        mine = games.create_game(
            db,
            evening_id=evening,
            variant="classic",
            sides=SIDES,
            players=4,
            options={},
            seats=SEATS,
        )
        written = "SELECT count(*) FROM games WHERE import_id IS NOT NULL"
        so_far = wait_for(watch, written, lambda n: True, deadline)
        wait_for(watch, written, lambda n: n > so_far + 1, deadline)  # later games seat Zed
        assert importer.poll() is None, "the import finished before it could be killed"
        importer.send_signal(signal.SIGKILL)
        importer.wait(timeout=60)
    finally:
        watch.close()
        if importer.poll() is None:
            importer.kill()
            importer.wait()
    assert [r["state"] for r in staging.recover(db)] == ["writing"]  # taken out
    assert sorted(players.names(db)) == sorted(SEATS)
    assert games.get_game(db, mine)["seats"] == SEATS
    assert db["games"].count == 1
    assert [
        r["name"] for r in db.query("SELECT name FROM players WHERE removed_at IS NOT NULL")
    ] == []
