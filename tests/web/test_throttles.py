"""The throttles' limits, in one process's memory and in the database shared by
several (``serve --workers``): the same answers for the same tries, and in the
database the tries of every process add up."""

import pytest

from scorekeeper.web.http.throttle import SharedThrottle, Throttle

ANN, BEA, GAME = ("client", "10.0.0.1"), ("client", "10.0.0.2"), ("game", "7")


def kinds(now):
    """One throttle of each kind, with a clock the test moves."""
    return {
        "memory": Throttle(clock=lambda: now[0]),
        "database": SharedThrottle("passphrases", clock=lambda: now[0]),
    }


# (tries as (seconds after the start, keys), asked at, keys asked, seconds to wait)
CASES = [
    ([(0, [ANN])] * 4, 1, [ANN], 0),
    ([(0, [ANN])] * 5, 1, [ANN], 59),
    ([(0, [ANN])] * 5, 1, [BEA], 0),
    ([(0, [ANN, GAME])] * 5, 1, [BEA, GAME], 59),
    ([(0, [ANN])] * 5, 60, [ANN], 0),
    ([(0, [ANN]), *[(30, [ANN])] * 4], 45, [ANN], 15),
    ([(0, [ANN]), *[(30, [ANN])] * 5], 61, [ANN], 29),
    ([(t, [ANN]) for t in range(0, 100, 10)], 100, [ANN], 10),
]  # fmt: skip


@pytest.mark.parametrize(("tried", "at", "asked", "wait"), CASES)
def test_both_kinds_give_the_same_waits(app, tried, at, asked, wait):
    now = [1_000_000.0]
    with app.app_context():
        throttles = kinds(now)
        for seconds, keys in tried:
            now[0] = 1_000_000.0 + seconds
            for throttle in throttles.values():
                throttle.failed(keys)
        now[0] = 1_000_000.0 + at
        assert {kind: t.wait(asked) for kind, t in throttles.items()} == {
            "memory": wait,
            "database": wait,
        }


def test_the_tries_of_every_process_add_up_and_old_ones_are_deleted(app):
    from scorekeeper.data.connection import get_db

    now = [1_000_000.0]
    with app.app_context():
        here, there = (SharedThrottle("passphrases", clock=lambda: now[0]) for _ in range(2))
        for throttle in (here, there, here, there):
            throttle.failed([ANN])
        assert (here.wait([ANN]), there.wait([ANN])) == (0, 0)
        here.failed([ANN])
        assert (here.wait([ANN]), there.wait([ANN])) == (60, 60)
        other = SharedThrottle("answers", tries=12, clock=lambda: now[0])
        assert other.wait([ANN]) == 0  # another throttle's tries are its own
        now[0] += 61
        there.failed([BEA])
        left = get_db().execute("SELECT kind, key FROM throttle_tries").fetchall()
        assert left == [BEA]
