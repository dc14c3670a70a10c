"""After a request that changed something, ratings left to bring up to date (a
correction of an old game, an import of older games: ``data/ratings/backlog.py``)
are caught up after the answer: in the server, by a process of their own, a few
games a transaction; under test (``RATINGS_IN_BACKGROUND`` false), at once, so a
test reads them up to date."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, request
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.ratings import backlog, ratings

READING = {"GET", "HEAD", "OPTIONS"}


def init_app(app: Flask) -> None:
    app.config.setdefault("RATINGS_IN_BACKGROUND", not app.testing)
    app.after_request(catch_up)


def catch_up(response: Response) -> Response:
    if request.method in READING or response.status_code >= 500:
        return response
    try:
        db = get_db()
        if not ratings.updating(db):
            return response
        if current_app.config["RATINGS_IN_BACKGROUND"]:
            backlog.wake(current_app.config["DATABASE"])
        else:
            backlog.catch_up(db, pause=0)
    except sqlite3.Error:  # a database that cannot be read: the answer says so already
        pass
    return response
