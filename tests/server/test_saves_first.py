"""The real server (one waitress process, one thread, no poll held) driven past full by a room of
pollers asking without pause, while a scorer saves rounds each under its one-time key:
polls are sent away with ``Retry-After`` (the health page says so), and no save is
lost, stored twice, refused or left unanswered. Every wait is bounded."""

import http.client
import json
import threading
import time
import uuid

import pytest

from tests.conftest import LiveServer

POLLERS = 150  # more requests waiting at once than load.DEEP
SAVES = 20
BOUND = 120  # seconds: a bound for a busy CI machine, not a speed


@pytest.fixture
def crowded(tmp_path):
    server = LiveServer(tmp_path / "live.sqlite")
    server.extra = ["--threads", "1", "--held-polls", "0"]  # one thread for every poll
    server.start()
    yield server
    server.stop()


def connection(server):
    host, port = server.url.removeprefix("http://").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=60)


def test_past_full_polls_wait_outside_and_every_save_is_stored_once(crowded):
    status, made = crowded.json("POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]})
    assert status == 201
    game, stop = made["id"], threading.Event()
    answers: dict[int, int] = {}
    lock = threading.Lock()

    def poll():
        link = connection(crowded)
        while not stop.is_set():
            try:
                link.request("GET", f"/games/{game}/table/stamp")
                got = link.getresponse()
                got.read()
            except (OSError, http.client.HTTPException):
                link.close()
                link = connection(crowded)
                continue
            with lock:
                answers[got.status] = answers.get(got.status, 0) + 1
            if got.status == 503:
                assert 1 <= int(got.headers["Retry-After"]) <= 8
        link.close()

    pollers = [threading.Thread(target=poll, daemon=True) for _ in range(POLLERS)]
    for thread in pollers:
        thread.start()
    saved, deadline = [], time.monotonic() + BOUND
    link = connection(crowded)
    for _ in range(SAVES):
        key = uuid.uuid4().hex
        body = json.dumps({"A": {"meld_points": 50}, "B": {"meld_points": 10}})
        headers = {"Content-Type": "application/json", "Idempotency-Key": key}
        link.request("POST", f"/api/games/{game}/rounds", body, headers)
        answer = link.getresponse()
        answer.read()
        saved.append(answer.status)
    link.close()
    sent_away = 0
    while not sent_away and time.monotonic() < deadline:
        sent_away = json.loads(health(crowded))["load"]["polls_sent_away"]
    stop.set()
    for thread in pollers:
        thread.join(timeout=BOUND)
    assert saved == [201] * SAVES  # none refused, none unanswered within the minute
    status, shown = crowded.json("GET", f"/api/games/{game}")
    assert len(shown["document"]["rounds"]) == SAVES  # each stored once
    assert answers.get(503, 0) > 0 and sent_away > 0  # the room was past full


def health(server):
    link = connection(server)
    try:
        link.request("GET", "/healthz")
        return link.getresponse().read()
    finally:
        link.close()
