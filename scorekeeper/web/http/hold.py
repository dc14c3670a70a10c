"""Polls held until there is news: a phone that says ``Prefer: wait=N`` (RFC 7240).

A phone's "anything new?" answered "not yet" at once comes back a second later, all
evening: most of a big room's requests, and nearly all of them for nothing. A poll that
prefers to wait is held instead, up to N seconds (at most :data:`LONGEST`), until its
game's stamp moves (``data.games.news``), and then answered as it would have been
then: the new page, or ``304`` when the time is up. A save reaches the table's phones
as soon as it is committed, and an idle table costs a request a phone every
:data:`LONGEST` seconds instead of every second.

A held poll keeps one of the server's threads, so a process holds at most ``slots``
of them at once (``serve`` gives it as many threads more: ``serving.held_polls``);
when they are all taken a poll is answered at once, as before, and the phone asks again
a second later. The answer says how long it was held (``Preference-Applied``), and
``/healthz`` how many are held now.
"""

from __future__ import annotations

import random
import re
import threading
from typing import Any

from flask import Flask

from ...data.games.news import News

LONGEST = 20  # seconds: under the 30 s after which the server or a proxy drops a quiet request
PREFER = re.compile(r"(?:^|[\s,;])wait\s*=\s*(\d{1,6})(?=\s*(?:[,;]|$))", re.IGNORECASE)


def asked(environ: dict[str, Any]) -> int:
    """The seconds the poll prefers to wait for news (``Prefer: wait=N``), LONGEST at
    most; 0 when it does not say.

    >>> asked({"HTTP_PREFER": "wait=15"}), asked({"HTTP_PREFER": "respond-async, wait=600"})
    (15, 20)
    >>> asked({}), asked({"HTTP_PREFER": "wait=soon"}), asked({"HTTP_PREFER": "nowait=5"})
    (0, 0, 0)
    """
    match = PREFER.search(environ.get("HTTP_PREFER", ""))
    return min(int(match[1]), LONGEST) if match else 0


class Hold:
    """This process's held polls: at most ``slots`` at once (none until ``allow``)."""

    def __init__(self) -> None:
        self.news: News | None = None
        self.lock = threading.Lock()
        self.slots = 0
        self.held = 0

    def allow(self, database: str, slots: int) -> None:
        self.news = News(database)
        self.slots = slots

    def wait(self, game: int, column: str, seen: int, seconds: int) -> bool | None:
        """Hold the poll until the game's ``column`` moves from ``seen``, or for between
        half ``seconds`` and all of them, drawn at random: phones that opened their pages
        in the same minute would otherwise all ask again in the same second, 20 s after
        20 s. True when woken before the time was up (``News.wait``), False when it was
        up; None at once when every slot is taken (or none was allowed)."""
        news = self.news
        with self.lock:
            if news is None or self.held >= self.slots:
                return None
            self.held += 1
        try:
            return news.wait(game, column, seen, random.uniform(seconds / 2, seconds))
        finally:
            with self.lock:
                self.held -= 1

    def report(self) -> dict[str, int]:
        with self.lock:
            return {"held_polls": self.held, "held_polls_at_most": self.slots}


def hold(app: Flask) -> Hold:
    found: Hold = app.extensions["hold"]
    return found


def allow(app: Flask, slots: int) -> None:
    """The server's process holds up to ``slots`` polls from now on."""
    hold(app).allow(str(app.config["DATABASE"]), slots)


def init_app(app: Flask) -> None:
    app.extensions["hold"] = Hold()
