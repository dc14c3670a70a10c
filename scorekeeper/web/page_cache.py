"""Rendered pages kept in memory, keyed by everything they are made of.

A scoreboard is looked at far more often than it changes: the scorer after each
save, and every spectator's phone when the stamp moves. Its HTML depends on the
game's row (which carries the stored answer and the stamp that every change
moves), its evening, its seats, and whether this browser may score; a page is
kept under a digest of exactly those, so any change to any of them simply makes
a new key. Pages that show something of one browser's own (a flashed message,
the Undo form, a CSRF token) are never kept.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Response, make_response, request

KEPT = 256  # pages, some 25 KB each


class PageCache:
    """A small LRU of rendered pages, shared by the server's threads."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self.pages: OrderedDict[str, str] = OrderedDict()
        self.lock = threading.Lock()

    def get_or_render(self, key: str, render: Callable[[], str]) -> str:
        with self.lock:
            page = self.pages.get(key)
            if page is not None:
                self.pages.move_to_end(key)
                return page
        page = render()
        if 'name="csrf_token"' not in page:  # never one browser's token for another
            with self.lock:
                self.pages[key] = page
                while len(self.pages) > self.size:
                    self.pages.popitem(last=False)
        return page


def key_of(*parts: Any) -> str:
    """A digest of what a page is made of.

    >>> key_of("board", {"id": 1, "stamp": 3}) == key_of("board", {"stamp": 3, "id": 1})
    True
    """
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


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
