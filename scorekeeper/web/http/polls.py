"""The stamp polls, answered before Flask: the most frequent request by far.

Every spectator's phone asks ``/watch/<token>/stamp`` every few seconds, every
player's phone its own page ``/table/<token>`` every second with the table's stamp
as its ETag (a 304 here; the page itself, rendered by the view, only when the stamp
moved: one request where a stamp and then the page were two), the scorer's
scoreboard ``/games/<id>/table/stamp``; nearly always the answer is "304, nothing new".
Flask's request machinery (context, session, URL map, hooks) was four fifths of
such a request's time when profiled, so these are answered here, in
a WSGI middleware in front of the app, with the same headers, bodies and ETags
as the views in ``sharing.py`` and ``table.py``, which still answer everything
else: an unknown or removed link, a phone whose "last seen" is due to be written,
a host not trusted, a method other than GET, a database error.

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
from typing import Any

from flask import Flask
from werkzeug.exceptions import SecurityError
from werkzeug.http import parse_etags
from werkzeug.wsgi import get_host

from ...data.connection import borrowed
from ...data.games import games
from ...data.table import table as phones
from . import hosts, load
from .security import HEADERS

WATCH = re.compile(r"/watch/(?P<token>[A-Za-z0-9_-]{1,100})/stamp")
PHONE = re.compile(r"/table/(?P<token>[A-Za-z0-9_-]{1,100})/stamp")
SCORER = re.compile(r"/games/(?P<game>[1-9][0-9]{0,17})/table/stamp")
PAGE = re.compile(r"/table/(?P<token>[A-Za-z0-9_-]{1,100})")  # a phone's page, polled
FIXED = [("Cache-Control", "no-cache"), ("Vary", "Accept-Encoding"), *HEADERS.items()]
PRIVATE = "private, no-store"  # as pages/sharing.py's SECRET: the page is a capability
PAGE_FIXED = [("Cache-Control", PRIVATE), ("Vary", "Accept-Encoding"), *HEADERS.items()]

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class StampPolls:
    """``app.wsgi_app`` wrapped: the happy path of the three stamp polls."""

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
        return self.inner(environ, start_response)

    def answer(
        self, environ: dict[str, Any], path: str
    ) -> tuple[str, list[tuple[str, str]], bytes] | None:
        """(status, headers, body), or None to leave the request to the app."""
        try:
            get_host(environ, self.app.config["TRUSTED_HOSTS"] or None)
        except SecurityError:
            return None  # the app answers 400
        try:
            found = self.stamp(path)
        except (games.NotFound, sqlite3.Error):  # the app answers these, as before
            return None
        if found is None:
            return None
        prefix, stamp = found
        etag = f"{prefix}{stamp}"
        page = not path.endswith("/stamp")
        headers = [("ETag", f'W/"{etag}"'), *(PAGE_FIXED if page else FIXED)]
        if parse_etags(environ.get("HTTP_IF_NONE_MATCH")).contains_weak(etag):
            return "304 Not Modified", headers, b""
        if page:
            return None  # moved: the view renders the page
        body = b'{"stamp":%d}\n' % stamp
        headers += [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
        return "200 OK", headers, body

    def stamp(self, path: str) -> tuple[str, int] | None:
        """The ETag's prefix and the stamp, as the views give them; None for
        anything the views must answer themselves."""
        database = str(self.app.config["DATABASE"])
        if match := WATCH.fullmatch(path):
            with borrowed(database) as db:
                return "s", games.stamp_by_token(db, match["token"])
        if match := PHONE.fullmatch(path) or PAGE.fullmatch(path):
            with borrowed(database) as db:
                phone = phones.phone_of(db, match["token"])
            if phone is None or phone["removed_at"] or phone["game_removed_at"]:
                return None  # 404 or 410, from the view
            if phones.seen_due(phone):
                return None  # the view writes "last seen"
            return "t", int(phone["table_stamp"])
        if match := SCORER.fullmatch(path):
            with borrowed(database) as db:
                found = phones.stamp(db, int(match["game"]))
            return None if found is None else ("t", found)
        return None


def init_app(app: Flask) -> None:
    app.wsgi_app = StampPolls(app, app.wsgi_app)  # type: ignore[method-assign]
