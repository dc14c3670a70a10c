"""The stamp polls, answered before Flask: the most frequent request by far.

Every spectator's phone asks ``/watch/<token>/stamp``, every player's phone its own
page ``/table/<token>`` with the table's stamp as its ETag (a 304 here; the page
itself, rendered by the view, only when the stamp moved: one request where a stamp
and then the page were two), the scorer's scoreboard ``/games/<id>/table/stamp``;
nearly always the answer is "304, nothing new", after waiting for news when the poll
prefers to (``hold``). Flask's request machinery (context, session, URL map, hooks)
was four fifths of such a request's time when profiled, so these are answered here,
in a WSGI middleware in front of the app, with the same headers, bodies and ETags as
the views in ``sharing.py`` and ``table.py``, which still answer everything else: an
unknown or removed link, a host not trusted, a method other than GET, a database
error. A phone whose "last seen" is due is noted for ``data.table.presence``, which
writes many phones' at once.

Every polled answer's ETag is weak (``W/"t6"``), here and in the views: the
compression in front of the views appends its algorithm to a strong ETag
(``"t6:br"``), so a browser asking again with the ETag it was given never matched
the stamp, and its page was rendered and compressed every second only to end as a
304. A weak ETag says "this page, whatever its encoding", and is left as it is.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from flask import Flask
from werkzeug.exceptions import SecurityError
from werkzeug.http import parse_etags
from werkzeug.wsgi import get_host

from ...data.connection import borrowed
from ...data.games import games
from ...data.table import table as phones
from ...data.table.presence import presence
from . import hold, hosts, load
from .headers import HEADERS

WATCH = re.compile(r"/watch/(?P<token>[A-Za-z0-9_-]{1,100})/stamp")
PHONE = re.compile(r"/table/(?P<token>[A-Za-z0-9_-]{1,100})/stamp")
SCORER = re.compile(r"/games/(?P<game>[1-9][0-9]{0,17})/table/stamp")
PAGE = re.compile(r"/table/(?P<token>[A-Za-z0-9_-]{1,100})")  # a phone's page, polled
FIXED = [("Cache-Control", "no-cache"), ("Vary", "Accept-Encoding"), *HEADERS.items()]
PRIVATE = "private, no-store"  # as pages/sharing.py's SECRET: the page is a capability
PAGE_FIXED = [("Cache-Control", PRIVATE), ("Vary", "Accept-Encoding"), *HEADERS.items()]

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class Found(NamedTuple):
    """What a poll asks about: its ETag's prefix and stamp, and the game and the
    column of ``games`` the stamp is (what a held poll waits on)."""

    prefix: str
    stamp: int
    game: int
    column: str


class StampPolls:
    """``app.wsgi_app`` wrapped: the happy path of the three stamp polls, held until
    there is news when the poll prefers to wait (``hold``)."""

    def __init__(self, app: Flask, inner: WSGIApp) -> None:
        self.app, self.inner = app, inner

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        hosts.lower_host(environ)
        if load.is_poll(environ):  # a live page's X-Poll finds no stamp: on to its view
            answer = self.answer(environ, environ.get("PATH_INFO", ""))
            if answer is not None:
                status, headers, body = answer
                start_response(status, headers)
                return [body]
            if "scorekeeper.held" in environ:  # held, then left to the view: it says so too
                applied = environ["scorekeeper.held"]
                return self.inner(environ, load.adding(start_response, applied))
        return self.inner(environ, start_response)

    def answer(
        self, environ: dict[str, Any], path: str
    ) -> tuple[str, list[tuple[str, str]], bytes] | None:
        """(status, headers, body), or None to leave the request to the app."""
        try:
            get_host(environ, self.app.config["TRUSTED_HOSTS"] or None)
        except SecurityError:
            return None  # the app answers 400
        found = self.lookup(path)
        if found is None or not self.unchanged(environ, found):
            return self.fresh(path, found)
        seconds = hold.asked(environ)
        held = hold.hold(self.app)
        woken = held.wait(found.game, found.column, found.stamp, seconds) if seconds else None
        if woken is None:  # not held: no slot to spare, or not asked
            return self.not_modified(path, found)
        applied = ("Preference-Applied", f"wait={seconds}")
        environ["scorekeeper.held"] = applied
        found = self.lookup(path)  # news, or the time is up: answered as of now
        if found is None or not self.unchanged(environ, found):
            answer = self.fresh(path, found)
            return answer and (answer[0], [*answer[1], applied], answer[2])
        if woken:  # woken with nothing new for this poll (its game gone, the server
            return self.not_modified(path, found)  # stopping): the phone waits as usual
        return self.not_modified(path, found, [applied])

    def lookup(self, path: str) -> Found | None:
        try:
            return self.stamp(path)
        except (games.NotFound, sqlite3.Error):  # the app answers these, as before
            return None

    @staticmethod
    def unchanged(environ: dict[str, Any], found: Found) -> bool:
        etag = f"{found.prefix}{found.stamp}"
        return parse_etags(environ.get("HTTP_IF_NONE_MATCH")).contains_weak(etag)

    @staticmethod
    def headers(path: str, found: Found) -> list[tuple[str, str]]:
        page = not path.endswith("/stamp")
        etag = f'W/"{found.prefix}{found.stamp}"'
        return [("ETag", etag), *(PAGE_FIXED if page else FIXED)]

    def not_modified(
        self, path: str, found: Found, more: list[tuple[str, str]] | None = None
    ) -> tuple[str, list[tuple[str, str]], bytes]:
        return "304 Not Modified", [*self.headers(path, found), *(more or [])], b""

    def fresh(
        self, path: str, found: Found | None
    ) -> tuple[str, list[tuple[str, str]], bytes] | None:
        """A stamp that moved, answered here; a page that moved, or anything the views
        must answer, left to the app (None)."""
        if found is None or not path.endswith("/stamp"):
            return None
        body = b'{"stamp":%d}\n' % found.stamp
        more = [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
        return "200 OK", [*self.headers(path, found), *more], body

    def stamp(self, path: str) -> Found | None:
        """What the poll asks about, as the views give it; None for anything the
        views must answer themselves."""
        database = str(self.app.config["DATABASE"])
        if match := WATCH.fullmatch(path):
            with borrowed(database) as db:
                game, stamp = games.watched_by_token(db, match["token"])
            return Found("s", stamp, game, "stamp")
        if match := PHONE.fullmatch(path) or PAGE.fullmatch(path):
            with borrowed(database) as db:
                phone = phones.phone_of(db, match["token"])
            if phone is None or phone["removed_at"] or phone["game_removed_at"]:
                return None  # 404 or 410, from the view
            if phones.seen_due(phone):  # written with other phones' in a moment
                presence(database).note(int(phone["id"]))
            return Found("t", int(phone["table_stamp"]), int(phone["game_id"]), "table_stamp")
        if match := SCORER.fullmatch(path):
            game = int(match["game"])
            with borrowed(database) as db:
                found = phones.stamp(db, game)
            return None if found is None else Found("t", found, game, "table_stamp")
        return None


def init_app(app: Flask) -> None:
    app.wsgi_app = StampPolls(app, app.wsgi_app)  # type: ignore[method-assign]
