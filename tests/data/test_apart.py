"""A director's long work run in a process of its own (``data/apart.py``), as the
server runs it: the turn's games stored and the plan worked out by the worker, its
refusals raised in the request as if made there."""

import os

import pytest

from scorekeeper.club.movements import Turn
from scorekeeper.data import apart
from scorekeeper.data.connection import connect
from scorekeeper.data.events import desk, events, planning

PAIRS = [{"name": f"P{n}a & P{n}b", "players": [f"P{n}a", f"P{n}b"]} for n in range(8)]
WDL = {"kind": "wdl", "win": 2, "draw": 1, "loss": 0}


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


@pytest.fixture
def in_a_worker():
    apart.enable()
    yield
    apart.enable(False)


def club_night(db, movement="mitchell", entries=PAIRS):
    return events.create_event(
        db,
        name="Tuesday club",
        date="2026-11-24",
        variant="hand-and-foot",
        options={},
        movement=movement,
        turns=2,
        entries=entries,
        deals=1,
        scale=WDL,
    )


def pid_of_the_worker() -> int:
    return os.getpid()


def test_without_the_server_the_work_is_done_here():
    assert apart.run(pid_of_the_worker) == os.getpid()


def test_the_turn_is_started_by_the_worker_and_seen_by_the_server(app, db, in_a_worker):
    event_id = club_night(db)
    assert apart.run(pid_of_the_worker) != os.getpid()
    assert apart.run(desk.start_turn_at, app.config["DATABASE"], event_id) == 1
    tables = events.tables(db, event_id, 1)
    assert [t["table_no"] for t in tables] == [1, 2, 3, 4]
    assert all(t["game_id"] for t in tables)


def test_a_refusal_in_the_worker_is_raised_here_with_its_field(app, db, in_a_worker):
    event_id = club_night(db)
    apart.run(desk.start_turn_at, app.config["DATABASE"], event_id)
    with pytest.raises(events.EventProblem, match="turn 1 is still being played") as refused:
        apart.run(desk.start_turn_at, app.config["DATABASE"], event_id)
    assert refused.value.field == "entries"
    with pytest.raises(events.EventProblem, match="at least 1") as refused:
        apart.run(planning.plan_for, "mitchell", 8, 0, shape=(2, 2))
    assert refused.value.field == "turns"


def test_a_plan_made_in_the_worker_is_the_one_made_here(in_a_worker):
    made = apart.run(planning.plan_for, "rotating", 12, 3, shape=(2, 2))
    assert made == planning.plan_for("rotating", 12, 3, shape=(2, 2))
    assert all(isinstance(turn, Turn) for turn in made)
