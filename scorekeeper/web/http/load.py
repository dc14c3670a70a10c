"""Saves first: when the process is full, the polls wait outside.

A phone's poll asks "anything new?" every second; a save, a phone's part, a confirmation
or a director's action changes the evening. When a room holds more phones than the
machine can answer each second, requests queue, and a save waits as long as the queue of
polls before it. So each process keeps a :class:`Gauge` of how full it is, second by
second: full when it used at least :data:`FULL` of a core (one interpreter runs Python
on one core at a time, however many threads it has), or when :data:`DEEP` requests or
more waited for a thread (waitress says how many: its ``waitress.queue`` warnings, heard
by :class:`QueueWatch`). A few waiting are no sign: a room's polls arrive in bursts, and
sending polls away at every burst made a 100-table room's phones see a save 6 s later
instead of under 1. While it is full, polls are answered at once ``503`` with
``Retry-After``, and the phones' scripts wait that long before asking again; the wait
grows while the process stays full and shrinks second by second once it is not, and each
phone's is drawn at random within it, so that phones sent away together do not all come
back in the same second. A poll that comes back after its wait says so (``X-Waited``)
and is served, with the wait to keep before the next one: sending every poll away while
the room stays full would leave the phones blind, and serving every poll that waited
once, then sending the next away a second later, still asked more than a full process
can answer. So while the process is full each screen polls once per wait, and sees the
evening that often. Nothing else is ever turned away: a save, a page opened, a GET
without an ETag (a person, not a poll) are served as always.

``/healthz`` tells how full the process is and how many polls it sent away.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

from .headers import HEADERS

WINDOW = 1.0  # seconds over which fullness is judged
FULL = 0.9  # the share of a core above which a process is full
DEEP = 100  # requests waiting for a thread: some 0.2 s of work at 500 a second
SUSTAINED = 2  # full windows in a row before polls are sent away: not for one burst
HIGHEST = 4  # the highest level: a poll is told to wait 4 to 8 seconds

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class Gauge:
    """How full one process is, judged each WINDOW: ``level`` 0 serves every poll;
    each full second from the SUSTAINED-th in a row raises it by one, each second not
    full lowers it by one.

    >>> times, used = iter([0.0, 0.5, 1.0, 2.0, 3.0]), iter([0.0, 0.95, 1.9, 1.95])
    >>> gauge = Gauge(clock=lambda: next(times), cpu=lambda: next(used))
    >>> gauge.judging = True
    >>> gauge.tick(); gauge.level  # 0.5: the second not over yet
    0
    >>> gauge.tick(); gauge.level  # 1.0: 0.95 s of a core in one second: full, once
    0
    >>> gauge.tick(); gauge.level  # 2.0: full again: polls are sent away
    1
    >>> gauge.tick(); gauge.level  # 3.0: 0.05 s of a core: not full
    0
    """

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        cpu: Callable[[], float] = time.process_time,
    ) -> None:
        self.clock, self.cpu = clock, cpu
        self.lock = threading.Lock()
        self.started, self.cpu_at = clock(), cpu()
        self.share = 0.0  # the share of a core the process used in the last window
        self.deepest = 0  # the most requests waiting for a thread in this window
        self.full_seconds = 0  # whole windows full, one after the other
        self.level = 0
        self.sent_away = 0  # polls sent away since the process started
        self.judging = False  # only a server judges: a test's process is busy with itself

    def queued(self, depth: int) -> None:
        """The server has ``depth`` requests waiting for a thread."""
        self.deepest = max(self.deepest, depth)
        self.tick()

    def tick(self) -> None:
        """Close the window once it is WINDOW long: was the process full in it?"""
        if not self.judging:
            return
        now = self.clock()
        if now - self.started < WINDOW:
            return
        with self.lock:
            length = now - self.started
            if length < WINDOW:
                return  # another thread closed it meanwhile
            used = self.cpu()
            self.share = min(1.0, (used - self.cpu_at) / length)
            full = self.share >= FULL or self.deepest >= DEEP
            self.full_seconds = self.full_seconds + 1 if full else 0
            if self.full_seconds >= SUSTAINED:
                self.level = min(self.level + 1, HIGHEST)
            elif not full:
                self.level = max(self.level - 1, 0)
            self.started, self.cpu_at, self.deepest = now, used, 0

    def wait(self) -> int:
        """Seconds a poll is told to wait now, 0 while the process is not full: at
        random between the level and twice it."""
        self.tick()
        return random.randint(self.level, 2 * self.level) if self.level else 0

    def sent(self) -> None:
        with self.lock:
            self.sent_away += 1

    def report(self) -> dict[str, Any]:
        return {
            "core_share": round(self.share, 2),
            "sending_polls_away": self.level > 0,
            "polls_sent_away": self.sent_away,
        }


class QueueWatch(logging.Handler):
    """Waitress's warnings that requests wait for a thread ("Task queue depth is N"),
    taken by the gauge instead of written on the terminal."""

    def __init__(self, gauge: Gauge) -> None:
        super().__init__(logging.WARNING)
        self.gauge = gauge

    def emit(self, record: logging.LogRecord) -> None:
        depth = record.args[0] if isinstance(record.args, tuple) and record.args else 0
        self.gauge.queued(depth if isinstance(depth, int) else 0)


def judge(app: Flask, waitress: bool) -> None:
    """The server's process judges how full it is from now on; with ``waitress``, it
    also hears how many requests wait for one of waitress's threads."""
    gauge(app).judging = True
    if not waitress:
        return
    logger = logging.getLogger("waitress.queue")
    logger.addHandler(QueueWatch(gauge(app)))
    logger.propagate = False  # a full room is the health page's news, not a terminal flood


def is_poll(environ: dict[str, Any]) -> bool:
    """A phone's or a screen's "anything new?": a GET of a stamp, or of a page with
    the ETag the page came with (a phone's page, or a live page's ``X-Poll``)."""
    if environ.get("REQUEST_METHOD") != "GET":
        return False
    path = environ.get("PATH_INFO", "")
    if path.endswith("/stamp"):
        return True
    asked = "HTTP_IF_NONE_MATCH" in environ
    return asked and ("HTTP_X_POLL" in environ or path.startswith("/table/"))


class SavesFirst:
    """``app.wsgi_app`` wrapped: while the process is full, a poll that did not wait as
    it was told is sent away, and one that did is served and told again."""

    def __init__(self, inner: WSGIApp, gauge: Gauge) -> None:
        self.inner, self.gauge = inner, gauge

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if not is_poll(environ):
            self.gauge.tick()
            return self.inner(environ, start_response)
        wait = self.gauge.wait()
        if not wait:
            return self.inner(environ, start_response)
        if "HTTP_X_WAITED" in environ:  # it waited as it was told: served, and told again
            return self.inner(environ, adding(start_response, ("Retry-After", str(wait))))
        self.gauge.sent()
        body = b"Busy: ask again in %d seconds.\n" % wait
        headers = [
            ("Retry-After", str(wait)),
            ("Cache-Control", "no-store"),
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Length", str(len(body))),
            *HEADERS.items(),
        ]
        start_response("503 Service Unavailable", headers)
        return [body]


def adding(start_response: StartResponse, header: tuple[str, str]) -> StartResponse:
    """``start_response`` with ``header`` added to whatever the app answers."""

    def told(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
        return start_response(status, [*headers, header], *exc_info)

    return told


def gauge(app: Flask) -> Gauge:
    found: Gauge = app.extensions["load"]
    return found


def init_app(app: Flask) -> None:
    """In front of everything, the stamp polls too."""
    app.extensions["load"] = Gauge()
    app.wsgi_app = SavesFirst(app.wsgi_app, gauge(app))  # type: ignore[method-assign]
