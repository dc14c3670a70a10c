"""A phone told by a full server to come back later does: a poll answered 503 with
``Retry-After`` (``web/http/load.py``: saves first) is not asked again before that
many seconds, where the phone otherwise asks every second; the poll after the wait
says it waited (``X-Waited``), which the server serves."""

import time

from . import test_phones_wifi as wifi
from .waits import until

pages = wifi.pages  # the fixture: a context and page per phone


def watched(cat, answer):
    """Cat's polls answered by ``answer`` from her page's first: the page is loaded
    again under the route, since a poll it sent before would be held on the server
    for up to 20 s, out of the route's sight."""
    cat.route("**/table/*", answer)
    cat.reload()


def test_a_phone_sent_away_waits_as_long_as_the_server_says(pages, shared_server):
    game, sides, scorer, cat = wifi.with_cat(pages, shared_server, "#phones_enter")
    polls, told = [], {"wait": "30"}

    def answer(route):
        if route.request.method != "GET" or "if-none-match" not in route.request.headers:
            route.continue_()  # not a poll: the page itself, a part sent
            return
        polls.append(time.monotonic())
        if told.get("wait"):
            route.fulfill(status=503, headers={"Retry-After": told.pop("wait")}, body="Busy")
        else:
            route.continue_()

    watched(cat, answer)
    until(cat, lambda: polls, "its poll")  # its first poll, a second after the page: sent away
    cat.wait_for_timeout(3000)  # three seconds a phone would otherwise have asked in
    assert len(polls) == 1  # it waits the 30 seconds it was told
    cat.unroute("**/table/*")


def test_the_poll_after_the_wait_says_it_waited(pages, shared_server):
    game, sides, scorer, cat = wifi.with_cat(pages, shared_server, "#phones_enter")
    polls, told = [], {"wait": "1"}

    def answer(route):
        if route.request.method != "GET" or "if-none-match" not in route.request.headers:
            route.continue_()
            return
        polls.append(route.request.headers.get("x-waited"))
        if told.get("wait"):
            route.fulfill(status=503, headers={"Retry-After": told.pop("wait")}, body="Busy")
        else:  # answered at once, not held: the phone asks again a second later
            route.fulfill(status=304)

    watched(cat, answer)
    # sent away, back after a second, then every second
    until(cat, lambda: len(polls) >= 3, "three polls")
    assert polls[:3] == [None, "1", None]
    cat.unroute("**/table/*")
