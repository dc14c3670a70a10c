"""A phone told by a full server to come back later does: a poll answered 503 with
``Retry-After`` (``web/http/load.py``: saves first) is not asked again before that
many seconds, where the phone otherwise asks every second; the next answer brings it
back to once a second."""

import time

from . import test_phones_wifi as wifi

pages = wifi.pages  # the fixture: a context and page per phone


def test_a_phone_sent_away_waits_as_long_as_the_server_says(pages, shared_server):
    game, sides, scorer, cat = wifi.with_cat(pages, shared_server, "#phones_enter")
    polls, told = [], {"wait": "30"}

    def answer(route):
        if route.request.method != "GET" or "if-none-match" not in route.request.headers:
            route.continue_()  # not a poll: the page itself, a part sent
            return
        polls.append(time.monotonic())
        if told["wait"]:
            route.fulfill(status=503, headers={"Retry-After": told.pop("wait")}, body="Busy")
        else:
            route.continue_()

    cat.route("**/table/*", answer)
    cat.wait_for_timeout(1500)  # its first poll is due within a second: sent away
    assert len(polls) == 1
    cat.wait_for_timeout(3000)  # three seconds a phone would otherwise have asked in
    assert len(polls) == 1  # it waits the 30 seconds it was told
    cat.unroute("**/table/*")
