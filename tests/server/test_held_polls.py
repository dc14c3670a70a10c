"""The real server holding phones' polls until there is news: a table's phones wait on
open requests, a save through the API wakes every one of them with the new page, and
with two worker processes a save through either wakes polls held in both (each
process watches the database, not its own requests). Every wait is bounded."""

import http.client
import threading

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.table import table as phones
from tests.conftest import LiveServer

PHONES = 8  # enough connections that both workers hold some
BOUND = 60  # seconds: a bound for a busy CI machine, not a speed


@pytest.fixture(params=[1, 2], ids=["one process", "two workers"])
def server(request, tmp_path):
    server = LiveServer(tmp_path / "live.sqlite", workers=request.param).start()
    yield server
    server.stop()


def connection(server):
    host, port = server.url.removeprefix("http://").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=BOUND)


def test_a_save_wakes_every_phone_held_at_its_table(server):
    status, made = server.json("POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]})
    assert status == 201
    game = made["id"]
    db = connect(server.database)
    try:
        tokens = [phones.join(db, game, f"Phone {n}", None) for n in range(PHONES)]
    finally:
        db.close()
    etags, answers, links = {}, {}, {}
    for token in tokens:
        links[token] = connection(server)
        links[token].request("GET", f"/table/{token}")
        page = links[token].getresponse()
        page.read()
        etags[token] = page.headers["ETag"]
    status, health = server.json("GET", "/healthz")
    assert health["load"]["held_polls_at_most"] > 0  # ``serve`` allows holding

    def poll(token):
        headers = {"If-None-Match": etags[token], "Prefer": "wait=20"}
        links[token].request("GET", f"/table/{token}", headers=headers)
        answer = links[token].getresponse()
        answers[token] = (answer.status, answer.headers["ETag"], answer.read())

    held = [threading.Thread(target=poll, args=(token,), daemon=True) for token in tokens]
    for thread in held:
        thread.start()
    threading.Event().wait(1.5)  # answered at once, they would be in by now
    assert answers == {}  # nothing new yet: every one of them waits for news
    round_ = {"A": {"meld_points": 50}, "B": {"meld_points": 10}}
    assert server.json("POST", f"/api/games/{game}/rounds", round_)[0] == 201
    for thread in held:
        thread.join(timeout=BOUND)
    for link in links.values():
        link.close()
    assert len(answers) == PHONES, "a save left phones waiting"
    for token, (status, etag, body) in answers.items():
        assert status == 200 and etag != etags[token] and b"<html" in body
