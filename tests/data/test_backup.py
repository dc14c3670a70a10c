"""Backups of the live database: consistent while the server writes; restore."""

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.data.backup import DailyBackups, daily
from scorekeeper.data.connection import connect


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


# -- never over the live database; never under a running server -------------------


def live_names(live, tmp_path):
    """Every other name the live database (or one of its side files) goes by."""
    (tmp_path / "link.sqlite").symlink_to(live)
    (tmp_path / "wal-link").symlink_to(f"{live}-wal")
    os.link(live, tmp_path / "hard.sqlite")
    return {"itself": live, "symlink": tmp_path / "link.sqlite", "hard link": tmp_path / "hard.sqlite",
            "dot-dot": live.parent / ".." / live.parent.name / live.name, "wal": f"{live}-wal",
            "shm": f"{live}-shm", "journal": f"{live}-journal", "symlink to wal": tmp_path / "wal-link"}  # fmt: skip


WAYS = ["itself", "symlink", "hard link", "dot-dot", "wal", "shm", "journal", "symlink to wal"]


@pytest.mark.parametrize("way", WAYS)
def test_backup_onto_the_live_database_is_refused(app, make_game, tmp_path, way):
    live = Path(app.config["DATABASE"])
    make_game()
    before = count_rounds(live), hashlib.sha256(live.read_bytes()).hexdigest()
    target = live_names(live, tmp_path)[way]
    result = CliRunner().invoke(main, ["backup", str(target), "--db", str(live)])
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        f"{target} is the live database itself: choose another file"
    ]
    assert (count_rounds(live), hashlib.sha256(live.read_bytes()).hexdigest()) == before
    assert next(connect(live).query("SELECT count(*) AS n FROM games"))["n"] == 1


def test_a_backup_beside_the_live_database_is_still_fine(app, tmp_path):
    live = Path(app.config["DATABASE"])
    result = CliRunner().invoke(main, ["backup", str(tmp_path / "copy.sqlite"), "--db", str(live)])
    assert result.exit_code == 0 and count_rounds(tmp_path / "copy.sqlite") == 0


def test_restore_and_a_second_server_are_refused_while_a_server_runs(live_server, tmp_path):
    copy = tmp_path / "copy.sqlite"
    assert cli("backup", str(copy), "--db", str(live_server.database)).returncode == 0
    live_server.json("POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]})
    done = cli("restore", str(copy), "--db", str(live_server.database), "--yes")
    assert done.returncode == 2, done.stderr
    pid = live_server.process.pid
    assert done.stderr == (f"a scorekeeper server (process {pid}) is using {live_server.database}: "
                           "stop it first (Ctrl-C in its window, or kill that process), then restore\n")  # fmt: skip
    assert live_server.json("GET", "/api/games/1")[0] == 200  # nothing was replaced
    second = cli("serve", "--port", "0", "--db", str(live_server.database))
    assert second.returncode == 2 and f"process {pid}) is using" in second.stderr
    live_server.stop(signal.SIGKILL)  # the kernel drops the lock with the process
    assert cli("restore", str(copy), "--db", str(live_server.database), "--yes").returncode == 0


def test_a_backup_is_never_written_over_another_servers_database(live_server, app, tmp_path):
    """Found by an outside attack: ``backup --db mine.sqlite theirs.sqlite`` replaced a
    running server's database under it (malformed at once), and any existing file
    (notes.txt) was silently replaced."""
    theirs = Path(live_server.database)
    live_server.json("POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]})
    mine = app.config["DATABASE"]
    done = cli("backup", str(theirs), "--db", mine, "--force")
    assert done.returncode == 2
    assert done.stderr.startswith(f"{theirs} is a database a scorekeeper server is using")
    assert live_server.json("GET", "/api/games/1")[0] == 200 and count_rounds(theirs) == 0
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me")
    refused = CliRunner().invoke(main, ["backup", str(notes), "--db", mine])
    assert refused.exit_code == 2 and "exists already" in refused.output
    assert notes.read_text() == "keep me"
    replaced = CliRunner().invoke(main, ["backup", str(notes), "--db", mine, "--force"])
    assert replaced.exit_code == 0 and count_rounds(notes) == 0


def made_backup(tmp_path, stop_before=None):
    """A database the app made (up to migration ``stop_before``), backed up."""
    from scorekeeper.data.migrations import migrations

    source = tmp_path / "made.sqlite"
    db = connect(source)
    migrations.apply(db, stop_before=stop_before)
    db.close()
    return source


@pytest.mark.parametrize(
    ("smuggled", "kind"),
    [
        ("CREATE TRIGGER swallow AFTER INSERT ON rounds BEGIN DELETE FROM rounds; END", "trigger"),
        ("CREATE VIEW spy AS SELECT * FROM games", "view"),
        ("CREATE TABLE extra (x)", "table"),
        ("CREATE INDEX odd ON games (name)", "index"),
    ],
)
def test_restore_takes_only_the_schema_the_app_itself_makes(tmp_path, smuggled, kind):
    """Found by an outside attack: a backup carrying a trigger of its own was
    restored, and afterwards saves answered 201 while nothing was stored."""
    backup = made_backup(tmp_path)
    conn = sqlite3.connect(backup)
    conn.execute(smuggled)
    conn.commit()
    conn.close()
    live = tmp_path / "live.sqlite"
    done = cli("restore", str(backup), "--db", str(live), "--yes")
    assert done.returncode == 2 and done.stdout == ""
    assert f"it holds a {kind} this app never makes" in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_backup_from_an_older_version_is_still_restored_and_upgraded(tmp_path):
    backup = made_backup(tmp_path, stop_before="m0011_table_phones")
    live = tmp_path / "live.sqlite"
    done = cli("restore", str(backup), "--db", str(live), "--yes")
    assert done.returncode == 0, done.stderr
    conn = sqlite3.connect(live)
    try:
        assert "table_phones" in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    finally:
        conn.close()


def test_a_failed_daily_backup_leaves_nothing_behind_and_the_next_day_still_backs_up(app, tmp_path):
    """Found by an outside attack: one failed daily backup stopped daily
    backups for the server's life and left a ``.partial`` file."""
    import shutil

    from scorekeeper.data import backup as backups

    folder, source = tmp_path / "daily", tmp_path / "gone.sqlite"
    worker = DailyBackups(source, folder, keep=3)
    worker.once()  # the database cannot be read: logged, kept, and the thread goes on
    assert worker.failures and "unable to open" in worker.failures[0]
    assert list(folder.glob("*")) == []  # no .partial left behind
    shutil.copy(app.config["DATABASE"], source)
    worker.once()  # the next try works
    assert [p.name for p in folder.glob("*")] == [f"{backups.PREFIX}{date.today()}.sqlite"]


@pytest.mark.parametrize("how", ["hard link", "symlink"])
def test_the_server_lock_goes_by_the_file_not_its_name(live_server, tmp_path, how):
    """Found by an outside attack: through a hard link a second server started,
    and a restore through the link exited 0 while the running server overwrote it."""
    copy = tmp_path / "copy.sqlite"
    assert cli("backup", str(copy), "--db", str(live_server.database)).returncode == 0
    other = tmp_path / "other-name.sqlite"
    (os.link if how == "hard link" else os.symlink)(live_server.database, other)
    pid = live_server.process.pid
    second = cli("serve", "--port", "0", "--db", str(other))
    assert second.returncode == 2 and f"process {pid}) is using" in second.stderr
    restored = cli("restore", str(copy), "--db", str(other), "--yes")
    assert restored.returncode == 2 and f"process {pid}) is using" in restored.stderr
    assert live_server.json("GET", "/healthz")[0] == 200
