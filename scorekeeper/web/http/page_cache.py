"""Rendered pages kept in memory, keyed by everything they are made of.

A scoreboard is looked at far more often than it changes: the scorer after each
save, and every spectator's phone when the stamp moves. Its HTML depends on the
game's row (which carries the stored answer and the stamp that every change
moves), its evening, its seats, and whether this browser may score; a page is
kept under a digest of exactly those, so any change to any of them simply makes
a new key. Pages that show something of one browser's own (a flashed message,
the Undo form) are never kept; a CSRF token or a form's one-time key is kept
marked and filled in afresh for each reader.

A kept page is also kept compressed (``assets.CompressedPages``, through Flask-Compress's
own cache): each reader gets the same bytes for the same page and token, and
compressing 25 KB costs more than everything else a kept scoreboard does.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import re
import uuid
from collections.abc import Callable
from typing import Any

from flask import Response, make_response, request
from flask_wtf.csrf import generate_csrf

from .lru import LRU

KEPT = 256  # pages, some 25 KB each
SERVED_AS = "scorekeeper.kept_page"  # in the request's environ: what a kept page served
# to this reader is made of (not ``g``, which an app context pushed around several
# requests would carry from one to the next)


class PageCache:
    """A small LRU of rendered pages, shared by the server's threads.

    A page may hold this browser's CSRF token (the scorer's scoreboard has the
    table-settings form): it is kept with the token marked and a reader gets
    the page with their own token in its place. A page is kept only when the
    token, if any, is found exactly where the forms put it."""

    def __init__(self, size: int = KEPT) -> None:
        self.pages: LRU[str, tuple[str, str | None]] = LRU(size)

    def get_or_render(self, key: str, render: Callable[[], str]) -> str:
        kept = self.pages.get(key)
        if kept is not None:
            page, token = kept
            mine = str(generate_csrf()) if token else ""
            request.environ[SERVED_AS] = f"{key}:{mine}"
            return page.replace(token, mine) if token else page
        page = render()
        token = token_in(page)
        if token is None and 'name="csrf_token"' in page:
            return page  # a token we cannot find again: never one browser's for another
        self.pages.put(key, (page, token))
        request.environ[SERVED_AS] = f"{key}:{token or ''}"
        return page


def token_in(page: str) -> str | None:
    """The CSRF token a page just rendered carries, if it has a CSRF field and the
    token is in it: Flask-WTF's ``generate_csrf`` gives one token for a whole request."""
    if 'name="csrf_token"' not in page:
        return None
    token = str(generate_csrf())
    return token if token in page else None


def key_of(*parts: Any) -> str:
    """A digest of what a page is made of.

    >>> key_of("board", {"id": 1, "stamp": 3}) == key_of("board", {"stamp": 3, "id": 1})
    True
    """
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def digest(rows: Any) -> str:
    """A digest of data as read from the database (dicts, lists, str, int, float,
    None): its ``marshal`` bytes, written some five times faster than ``key_of``'s
    sorted JSON of a player's page (12 KB). Equal bytes are equal data; marshal's
    format 2, which never refers back to an object met before, gives equal data
    equal bytes but for a dict's order (another order costs a render, never a wrong
    page). Anything ``marshal`` cannot write (a date, a ``Markup``) is digested as
    ``key_of`` does.

    >>> digest([{"id": 1, "name": "Ann"}]) == digest([{"id": 1, "name": "Ann"}])
    True
    >>> digest([{"won": 1}]) == digest([{"won": 1.0}])
    False
    >>> from datetime import date
    >>> digest([date(2026, 11, 26)]) == key_of([date(2026, 11, 26)])
    True
    """
    try:
        return hashlib.blake2b(marshal.dumps(rows, 2), digest_size=16).hexdigest()
    except ValueError:
        return key_of(rows)


def made_of(game: dict[str, Any]) -> dict[str, Any]:
    """What of a game's row a kept page's key needs: all but its stored answer, which
    changes only with the stamp (every change of the answer moves it), and whose
    several kilobytes would otherwise be written out and hashed on every request."""
    return {name: value for name, value in game.items() if name != "answer"}


def page_key(*parts: Any) -> str:
    """The key of a page for this reader: what it is made of, and its language
    (``digest``: every kept page's request works it out)."""
    from .i18n import language

    return digest([language(), *parts])


def conditional(key: str, page: Callable[[], str]) -> Response:
    """A kept page as a conditional response: a phone that has it (``If-None-Match``
    with the page's key) gets 304 without the page being looked up or sent."""
    if request.if_none_match.contains_weak(key):
        response = Response(status=304)
    else:
        response = make_response(page())
    response.set_etag(key, weak=True)  # the same page, whatever its compression
    response.headers["Cache-Control"] = "no-cache"  # always ask, with If-None-Match
    return response


ONE_TIME_KEY = re.compile(r'<input id="key" name="key" type="hidden" value="([0-9a-f]{32})">')


class FormPages:
    """Form pages kept rendered, with their two blanks filled in per request: the
    CSRF token (this session's) and the form's one-time ``key`` (a new one). A
    page is kept only when both are found in it, so nothing of one browser's
    reaches another."""

    def __init__(self, size: int = KEPT) -> None:
        self.pages: LRU[str, tuple[str, str | None, str]] = LRU(size)

    def get_or_render(self, key: str, render: Callable[[], Any]) -> Any:
        kept = self.pages.get(key)
        if kept is not None:
            page, token, one_time = kept
            page = page.replace(one_time, uuid.uuid4().hex)
            return page.replace(token, str(generate_csrf())) if token else page
        made = render()
        page, status = made if isinstance(made, tuple) else (made, 200)
        token = token_in(page) if isinstance(page, str) else None
        found = ONE_TIME_KEY.search(page) if isinstance(page, str) else None
        if status == 200 and found and (token is None or page.count(token) == 1):
            self.pages.put(key, (page, token, found.group(1)))
        return made
