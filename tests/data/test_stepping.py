"""Long jobs that write in steps (an import, the ratings' catch-up) run one after
another on a database file, whichever processes run them: two at once would take
turns with each other, and a waiting save would find the lock free too seldom."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from datetime import date

import pytest

from scorekeeper import create_app
from scorekeeper.data import sample, stepping
from scorekeeper.data.connection import connect
from scorekeeper.data.games.games import scored
from scorekeeper.data.games.rounds import delete_round
from scorekeeper.data.ratings import backlog, ratings
from scorekeeper.data.transfer import transfer
from scorekeeper.data.transfer.importing import import_data

HOLD = (
    "import sys\n"
    "from scorekeeper.data import stepping\n"
    "from scorekeeper.data.connection import connect\n"
    "with stepping.alone(connect(sys.argv[1])):\n"
    "    print('held', flush=True)\n"
    "    sys.stdin.readline()\n"
)


def database(path):
    create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test-only"})
    return connect(path)


@pytest.fixture
def corrected(tmp_path, monkeypatch):
    """A history whose first game was corrected: its later games wait to be rated."""
    db = database(tmp_path / "r.sqlite")
    sample.fill(db, 4, seed=8)
    monkeypatch.setattr(ratings, "INLINE_GAMES", 1)
    first = next(db.query("SELECT game_id FROM rated_games ORDER BY date, started_at, uid"))
    game, rounds, _ = scored(db, first["game_id"])
    delete_round(db, first["game_id"], len(rounds), rounds[-1]["version"])
    assert ratings.updating(db)
    yield tmp_path / "r.sqlite"
    db.close()


class OtherProcess:
    """Another process holding the long jobs' lock on the file until ``end``."""

    def __init__(self, path):
        command = [sys.executable, "-c", HOLD, str(path)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout.readline().strip() == "held"

    def end(self):
        self.process.communicate("\n", timeout=60)


def started(work):
    thread = threading.Thread(target=work)
    thread.start()
    time.sleep(0.3)  # time enough to have begun writing, had it not waited
    return thread


def test_a_catch_up_waits_for_a_long_job_of_another_process(corrected):
    other = OtherProcess(corrected)
    db = connect(corrected)
    thread = started(lambda: backlog.catch_up(connect(corrected), pause=0))
    assert ratings.updating(db)  # not a step taken meanwhile
    other.end()
    thread.join()
    assert not ratings.updating(db) and ratings.stored(db) == ratings.from_scratch(db)


def test_an_import_waits_for_a_long_job_of_another_process(corrected, tmp_path):
    older = database(tmp_path / "older.sqlite")
    sample.fill(older, 2, seed=3, start=date(2015, 1, 2))
    export = transfer.export(older)
    other = OtherProcess(corrected)
    db = connect(corrected)
    counts = {}
    thread = started(lambda: counts.update(import_data(connect(corrected), export)))
    assert db.execute("SELECT count(*) FROM imports").fetchone()[0] == 0  # not begun
    other.end()
    thread.join()
    assert counts["games added"] == len(list(older.query("SELECT id FROM games")))
    assert db.execute("SELECT state FROM imports").fetchall() == [("done",)]


def test_the_thread_holding_the_lock_may_take_it_again(corrected):
    db = connect(corrected)
    with stepping.alone(db), stepping.alone(db):
        assert backlog.catch_up(db, pause=0) > 0  # a catch-up inside a long job
    assert not ratings.updating(db)
