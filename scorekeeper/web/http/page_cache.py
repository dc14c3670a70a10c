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
    table-settings form): it is kept with the token as a blank and a reader gets
    the page with their own token in its place. A page is kept only when the
    token, if any, is found exactly where the forms put it."""

    def __init__(self, size: int = KEPT) -> None:
        self.pages: LRU[str, tuple[Blanks, str | None]] = LRU(size)

    def get_or_render(self, key: str, render: Callable[[], str]) -> str | bytes:
        kept = self.pages.get(key)
        if kept is not None:
            page, token = kept
            mine = str(generate_csrf()) if token else ""
            request.environ[SERVED_AS] = f"{key}:{mine}"
            return page.filled({token: mine} if token else {})
        made = render()
        token = token_in(made)
        if token is None and 'name="csrf_token"' in made:
            return made  # a token we cannot find again: never one browser's for another
        self.pages.put(key, (Blanks(made, [token] if token else []), token))
        request.environ[SERVED_AS] = f"{key}:{token or ''}"
        return made


class Blanks:
    """A rendered page kept as UTF-8 bytes cut at its blanks (a CSRF token, a form's
    one-time key), each reader's page the pieces joined with their own values in
    the blanks. Replacing the blanks in the text instead searched the whole page
    for each one and encoded it again for every reader: a page with one character
    beyond ASCII (a suit sign) is searched and encoded character by character, some
    tenths of a millisecond a request for the round page's 34 KB.

    >>> page = Blanks("<p>♦ TOKEN and KEY, TOKEN</p>", ["TOKEN", "KEY"])
    >>> page.filled({"TOKEN": "t1", "KEY": "k1"}).decode()
    '<p>♦ t1 and k1, t1</p>'
    >>> Blanks("<p>no blank</p>", []).filled({})
    b'<p>no blank</p>'
    """

    def __init__(self, page: str, blanks: list[str]) -> None:
        pieces = re.split(f"({'|'.join(map(re.escape, blanks))})", page) if blanks else [page]
        self.texts = [p.encode() for p in pieces[0::2]]
        self.blanks = pieces[1::2]

    def filled(self, values: dict[str, str]) -> bytes:
        parts = [self.texts[0]]
        for blank, text in zip(self.blanks, self.texts[1:], strict=True):
            parts += (values[blank].encode(), text)
        return b"".join(parts)


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


def conditional(key: str, page: Callable[[], str | bytes]) -> Response:
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
        self.pages: LRU[str, tuple[Blanks, str | None, str]] = LRU(size)

    def get_or_render(self, key: str, render: Callable[[], Any]) -> Any:
        kept = self.pages.get(key)
        if kept is not None:
            page, token, one_time = kept
            values = {one_time: uuid.uuid4().hex}
            if token:
                values[token] = str(generate_csrf())
            return page.filled(values)
        made = render()
        page, status = made if isinstance(made, tuple) else (made, 200)
        token = token_in(page) if isinstance(page, str) else None
        found = ONE_TIME_KEY.search(page) if isinstance(page, str) else None
        if status == 200 and found and (token is None or page.count(token) == 1):
            one_time = found.group(1)
            blanks = Blanks(page, [one_time, token] if token else [one_time])
            self.pages.put(key, (blanks, token, one_time))
        return made
