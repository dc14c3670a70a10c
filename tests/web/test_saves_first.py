"""Saves first (``web/http/load.py``): while the process is full, every kind of poll is
sent away at once with ``Retry-After``, and nothing else is: saves, pages opened, the
health page. The real server driven past full is ``tests/server/test_saves_first.py``."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games.games import get_game
from scorekeeper.data.table import table as phones
from scorekeeper.web.http import load

ROUND = {"Ann & Bea": {"meld_points": 50}, "Cat & Dee": {"meld_points": 90}}


@pytest.fixture
def polls(app, make_game):
    """A game and the polls its screens make: the spectator's stamp, a phone's stamp,
    a phone's page with its ETag, and the scorer's stamp."""
    game = make_game()
    db = connect(app.config["DATABASE"])
    try:
        watch = str(get_game(db, game)["watch_token"])
        phone = phones.join(db, game, "Ann", 0)
        stamp = phones.stamp(db, game)
    finally:
        db.close()
    etag = {"If-None-Match": f'W/"t{stamp}"'}
    return game, [
        (f"/watch/{watch}/stamp", {}),
        (f"/table/{phone}/stamp", {}),
        (f"/table/{phone}", etag),
        (f"/games/{game}/table/stamp", {}),
    ]


def test_a_full_process_sends_every_poll_away_and_serves_the_rest(app, client, polls):
    game, asked = polls
    load.gauge(app).level = 2
    for path, headers in asked:
        answer = client.get(path, headers=headers)
        assert answer.status_code == 503, path
        assert 2 <= int(answer.headers["Retry-After"]) <= 4
        assert answer.headers["Cache-Control"] == "no-store"
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
    for path, headers in asked:  # back after the wait it was told: served, told again
        served = client.get(path, headers={**headers, "X-Waited": "1"})
        assert served.status_code in (200, 304) and 2 <= int(served.headers["Retry-After"]) <= 4
    assert client.post(f"/api/games/{game}/rounds", json=ROUND).status_code == 201
    assert client.get(f"/games/{game}").status_code == 200  # a page opened, no ETag
    assert client.get(asked[2][0]).status_code == 200  # the phone's page opened afresh
    health = client.get("/healthz").get_json()["load"]
    assert health["sending_polls_away"] and health["polls_sent_away"] == len(asked)


def test_a_live_event_pages_poll_is_sent_away_too(app, client):
    from tests.web.test_events import make_event

    desk = make_event(client).headers["Location"]
    etag = client.get(desk).headers["ETag"]
    load.gauge(app).level = 1
    polled = client.get(desk, headers={"X-Poll": "1", "If-None-Match": etag})
    assert polled.status_code == 503 and 1 <= int(polled.headers["Retry-After"]) <= 2
    assert client.get(desk).status_code == 200  # the director opening the desk


def test_a_process_not_full_serves_every_poll(app, client, polls):
    game, asked = polls
    assert load.gauge(app).level == 0
    for path, headers in asked:
        assert client.get(path, headers=headers).status_code in (200, 304), path
    assert client.get("/healthz").get_json()["load"]["polls_sent_away"] == 0


@pytest.mark.parametrize(
    ("method", "path", "headers", "poll"),
    [
        ("GET", "/watch/x/stamp", {}, True),
        ("GET", "/table/x", {"If-None-Match": 'W/"t1"'}, True),
        ("GET", "/table/x", {}, False),  # the phone's page opened
        ("GET", "/events/1", {"If-None-Match": "a", "X-Poll": "1"}, True),
        ("GET", "/events/1", {"If-None-Match": "a"}, False),  # a person reloading
        ("POST", "/table/x/stamp", {}, False),
        ("POST", "/api/games/1/rounds", {}, False),
        ("GET", "/healthz", {}, False),
    ],
)
def test_what_counts_as_a_poll(method, path, headers, poll):
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path}
    environ |= {"HTTP_" + k.upper().replace("-", "_"): v for k, v in headers.items()}
    assert load.is_poll(environ) is poll


def test_the_wait_grows_while_full_and_shrinks_after():
    now, used = [0.0], [0.0]
    gauge = load.Gauge(clock=lambda: now[0], cpu=lambda: used[0])
    gauge.judging = True
    levels = []
    for second, core in enumerate([1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.1, 0.1, 1.0, 0.1], 1):
        now[0], used[0] = float(second), used[0] + core
        gauge.tick()
        levels.append(gauge.level)
    assert levels == [0, 1, 2, 3, 4, 4, 3, 2, 2, 1]  # one full second alone holds the level
    gauge.level = 3
    waits = {gauge.wait() for _ in range(200)}
    assert waits == {3, 4, 5, 6}  # drawn apart, so the phones do not all come back at once


def test_only_a_server_judges_how_full_its_process_is():
    """A test's own process, running the app in it, is busy with the test."""
    now = [0.0]
    gauge = load.Gauge(clock=lambda: now[0], cpu=lambda: now[0])  # a whole core, always
    for second in (1, 2, 3):
        now[0] = float(second)
        gauge.tick()
    assert gauge.level == 0 and gauge.wait() == 0


def test_requests_waiting_for_a_thread_fill_the_process():
    now = [0.0]
    gauge = load.Gauge(clock=lambda: now[0], cpu=lambda: 0.0)
    gauge.judging = True
    for second in (1, 2):
        gauge.queued(load.DEEP - 1)  # a burst: no sign
        now[0] = float(second)
        gauge.tick()
    assert gauge.level == 0
    for second in (3, 4):
        gauge.queued(load.DEEP)
        now[0] = float(second)
        gauge.tick()
    assert gauge.level == 1
