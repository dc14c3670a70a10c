"""Scorekeeper: score keeping for Canasta-family card games."""

from __future__ import annotations

import os
import secrets
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response, session
from jinja2 import FileSystemBytecodeCache

HERE = Path(__file__).parent


def instance_folder() -> str | None:
    """Where the database, the secret key and the certificate live. In a virtual
    environment always ``<venv>/var/scorekeeper-instance``, however the app is started
    (``scorekeeper serve`` from an installed copy, ``flask --app scorekeeper run`` from
    the checkout): Flask's own choice depends on where the package was imported from,
    which gave one checkout two databases. Outside one, Flask's choice (None)."""
    if sys.prefix == sys.base_prefix:
        return None
    return str(Path(sys.prefix) / "var" / "scorekeeper-instance")


def asset_folder(name: str) -> str:
    """``templates``/``static``: inside the package once installed, else the repo's top level."""
    packaged = HERE / name
    return str(packaged if packaged.is_dir() else HERE.parent / name)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app factory: defaults, then the instance config, then ``test_config``."""
    app = Flask(
        __name__,
        instance_path=instance_folder(),
        instance_relative_config=True,
        template_folder=asset_folder("templates"),
        static_folder=asset_folder("static"),
    )
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorekeeper.sqlite"),
        WTF_CSRF_TIME_LIMIT=None,  # a token lives as long as the session: a whole evening
        # Every page form is a FlaskForm that checks its own token, so a refused post
        # is shown again with everything typed kept (tests walk every POST route).
        WTF_CSRF_CHECK_DEFAULT=False,
        PERMANENT_SESSION_LIFETIME=timedelta(days=30),
        SESSION_REFRESH_EACH_REQUEST=False,  # renewed once a day instead: see keep_session
        SESSION_COOKIE_SAMESITE="Lax",
        MAX_CONTENT_LENGTH=64 * 1024,  # a round is well under 1 KiB
        MAX_FORM_MEMORY_SIZE=64 * 1024,
    )
    if not (test_config or {}).get("TESTING"):
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env()  # FLASK_SECRET_KEY, FLASK_DATABASE, ...
    app.config.from_mapping(test_config or {})
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path))

    if app.config.get("TEMPLATE_CACHE"):
        # Compiled templates kept on disk (keyed on each template's source), so that a
        # restarted server, or another worker, does not compile them all again.
        Path(app.config["TEMPLATE_CACHE"]).mkdir(parents=True, exist_ok=True)
        app.jinja_env.bytecode_cache = FileSystemBytecodeCache(app.config["TEMPLATE_CACHE"])

    from . import web
    from .data import connection

    connection.init_app(app)
    web.init_app(app)
    app.after_request(keep_session)
    return app


def keep_session(response: Response) -> Response:
    """A session that holds something (the CSRF token, the games this browser may
    score) outlives a closed browser tab: it is made permanent when something is
    first stored and renewed on the first request of a day. Other responses (the
    spectator poll, the API, most page views) send no cookie at all."""
    if session:
        today = date.today().isoformat()
        if not session.permanent:
            session.permanent = True
        if session.get("_day") != today:
            session["_day"] = today
    return response


def instance_secret(instance: Path) -> str:
    """The secret key kept in the instance folder, made on first run."""
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
    return path.read_text().strip()
