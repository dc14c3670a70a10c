"""The server's threads write to a database in the order they came: a save that has
waited is never overtaken by saves that came after it (SQLite's own busy handler,
left to itself, lets them overtake it)."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from scorekeeper.data import write_queue
from scorekeeper.data.connection import connect, migrate, writing


def wait_until(condition) -> None:
    while not condition():
        time.sleep(0.001)


def queued(queue: write_queue.WriteQueue) -> int:
    with queue.guard:
        return len(queue.waiting)


@pytest.mark.parametrize("writers", [2, 5, 12])
def test_writers_to_a_file_go_in_the_order_they_came(tmp_path, writers):
    path = tmp_path / "a.sqlite"
    migrate(path).close()
    holder, order = connect(path), []
    queue = write_queue.queue_for(holder.conn.path)

    def save(n: int) -> None:
        db = connect(path)
        with writing(db):
            db.execute("INSERT INTO evenings (date) VALUES (?)", [f"2026-11-{n + 1:02}"])
            order.append(n)
        db.close()

    threads = [threading.Thread(target=save, args=(n,)) for n in range(writers)]
    with writing(holder):
        for n, thread in enumerate(threads):
            thread.start()
            wait_until(lambda n=n: queued(queue) == n + 1)  # in the queue before the next
    for thread in threads:
        thread.join()
    assert order == list(range(writers))
    assert holder.execute("SELECT count(*) FROM evenings").fetchone()[0] == writers


def test_a_write_inside_a_write_of_the_same_thread_does_not_wait_for_itself():
    queue = write_queue.WriteQueue()
    queue.acquire(1)
    queue.acquire(1)
    queue.release()
    assert queue.owner == threading.get_ident()
    queue.release()
    assert queue.owner is None


def test_a_writer_that_waited_too_long_fails_as_sqlite_does_and_leaves_the_queue():
    queue, failed, served = write_queue.WriteQueue(), [], []
    queue.acquire(1)

    def impatient() -> None:
        try:
            queue.acquire(0.05)
        except sqlite3.OperationalError as error:
            failed.append(str(error))

    def patient() -> None:
        queue.acquire(60)
        served.append(True)
        queue.release()

    first = threading.Thread(target=impatient)
    first.start()
    first.join()
    second = threading.Thread(target=patient)
    second.start()
    wait_until(lambda: queued(queue) == 1)
    queue.release()
    second.join()
    assert failed == ["database is locked"] and served == [True]
    assert queue.owner is None and not queue.waiting


def test_a_database_in_memory_writes_without_a_queue():
    db = connect(":memory:")
    assert db.conn.path is None
    with writing(db):
        db.execute("CREATE TABLE t (x)")
    assert db.execute("SELECT count(*) FROM t").fetchone()[0] == 0
