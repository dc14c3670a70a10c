"""Each worker thread keeps its connection between requests: never
shared by two threads at once, rolled back when a request left a transaction
open, one per database file, fresh when the file was replaced."""

from __future__ import annotations

import threading

from scorekeeper import create_app
from scorekeeper.data import connection


def make_app(path):
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test-only"})


def test_a_thread_reuses_its_connection_with_the_same_pragmas(tmp_path):
    app = make_app(tmp_path / "a.sqlite")
    with app.app_context():
        first = connection.get_db()
        assert first.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert first.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert first.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with app.app_context():
        assert connection.get_db() is first


def test_a_nested_context_and_other_threads_get_connections_of_their_own(tmp_path):
    app = make_app(tmp_path / "a.sqlite")
    seen = []
    with app.app_context():
        outer = connection.get_db()
        with app.app_context():
            assert connection.get_db() is not outer

        def other() -> None:
            with app.app_context():
                seen.append(connection.get_db())

        worker = threading.Thread(target=other)
        worker.start()
        worker.join()
    assert seen and seen[0] is not outer


def test_a_transaction_left_open_is_rolled_back(tmp_path):
    app = make_app(tmp_path / "a.sqlite")
    with app.app_context():
        db = connection.get_db()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO evenings (date) VALUES ('2026-11-22')")
    with app.app_context():
        db = connection.get_db()
        assert not db.conn.in_transaction
        assert db.execute("SELECT count(*) FROM evenings").fetchone()[0] == 0


def test_many_databases_in_one_process_each_get_their_own(tmp_path):
    apps = [make_app(tmp_path / f"{i}.sqlite") for i in range(connection.POOL_PATHS + 3)]
    for i, app in enumerate(apps):
        with app.app_context():
            connection.get_db().execute(
                "INSERT INTO evenings (date) VALUES (?)", [f"2026-11-{i + 1:02}"]
            )
            connection.get_db().conn.commit()
    for i, app in enumerate(apps):
        with app.app_context():
            dates = connection.get_db().execute("SELECT date FROM evenings").fetchall()
            assert dates == [(f"2026-11-{i + 1:02}",)]


def test_a_replaced_database_file_gets_a_new_connection(tmp_path):
    path = tmp_path / "a.sqlite"
    app = make_app(path)
    with app.app_context():
        connection.get_db().execute("INSERT INTO evenings (date) VALUES ('2026-11-22')")
        connection.get_db().conn.commit()
    connection.close_all()
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / f"a.sqlite{suffix}").unlink(missing_ok=True)
    app = make_app(path)
    with app.app_context():
        assert connection.get_db().execute("SELECT count(*) FROM evenings").fetchone()[0] == 0


def test_a_cursor_left_open_does_not_hide_later_writes(tmp_path):
    """A query read halfway holds a read snapshot: the kept connection closes it."""
    app = make_app(tmp_path / "a.sqlite")
    with app.app_context():
        left = connection.get_db().query("SELECT * FROM sqlite_master")
        next(left)
    writer = connection.connect(tmp_path / "a.sqlite")
    writer.execute("INSERT INTO evenings (date) VALUES ('2026-11-22')")
    writer.conn.commit()
    writer.close()
    with app.app_context():
        assert connection.get_db().execute("SELECT count(*) FROM evenings").fetchone()[0] == 1
