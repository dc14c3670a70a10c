"""Backups of the live database: consistent while the server writes; restore."""

import sqlite3
import subprocess
import sys
import threading
from datetime import date

from scorekeeper.data.backup import DailyBackups, daily


def cli(*args):
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                          text=True, timeout=120)  # fmt: skip


def count_rounds(path):
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return conn.execute("SELECT count(*) FROM rounds").fetchone()[0]
    finally:
        conn.close()


def test_backup_while_the_server_writes_then_restore(live_server, tmp_path):
    _, created = live_server.json("POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]})
    game, acked, stop = created["id"], [], threading.Event()

    def writer():
        while not stop.is_set():
            if (
                live_server.json("POST", f"/api/games/{game}/rounds", {"A": {"meld_points": 5}})[0]
                == 201
            ):
                acked.append(1)

    thread = threading.Thread(target=writer)
    thread.start()
    while len(acked) < 20:
        pass
    before = len(acked)
    done = cli("backup", str(tmp_path / "copy.sqlite"), "--db", str(live_server.database))
    after = len(acked)
    stop.set()
    thread.join()
    assert done.returncode == 0, done.stderr
    assert before <= count_rounds(tmp_path / "copy.sqlite") <= after + 1

    live_server.stop()
    assert count_rounds(live_server.database) == len(acked)
    done = cli("restore", str(tmp_path / "copy.sqlite"), "--db", str(live_server.database), "--yes")
    assert done.returncode == 0, done.stderr
    assert count_rounds(live_server.database) == count_rounds(tmp_path / "copy.sqlite")
    live_server.start()
    assert live_server.json("GET", f"/api/games/{game}")[0] == 200


def test_restore_refuses_what_is_not_a_backup(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database")
    done = cli("restore", str(junk), "--db", str(tmp_path / "live.sqlite"), "--yes")
    assert done.returncode == 2 and "not a SQLite database" in done.stderr
    done = cli(
        "restore", str(tmp_path / "missing.sqlite"), "--db", str(tmp_path / "live.sqlite"), "--yes"
    )
    assert done.returncode == 2 and "no such file" in done.stderr


def test_daily_backups_keep_the_last_n(app, tmp_path):
    source = app.config["DATABASE"]
    folder = tmp_path / "daily"
    for day in range(1, 6):
        assert daily(source, folder, keep=3, today=date(2026, 11, day)) is not None
    assert daily(source, folder, keep=3, today=date(2026, 11, 5)) is None  # one a day
    assert sorted(p.name for p in folder.iterdir()) == [
        f"scorekeeper-2026-11-0{d}.sqlite" for d in (3, 4, 5)]  # fmt: skip
    thread = DailyBackups(source, tmp_path / "thread", 2)
    thread.start()
    thread.stopped.set()
    thread.join(timeout=30)
    assert (tmp_path / "thread" / f"scorekeeper-{date.today().isoformat()}.sqlite").exists()
