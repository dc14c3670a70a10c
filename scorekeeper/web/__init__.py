"""The web layer, laid out by role; imports point down, never up:

- ``pages/``: one blueprint per area, thin (parse, call the data layer, render):
  the table (``games``, ``rounds``, ``sharing``, ``table``), looking back
  (``evenings``, ``players``, ``printouts``, ``transfer``, ``removals``), the rules
  (``rules``, ``rule_sets``, ``what_if``), the API (``api``, ``openapi``), and
  ``health``, ``pwa``, ``language``;
- ``shown/``: what a page shows, built from data (``board``, ``charts``, ``labels``,
  ``round_screen``, ``table_view``);
- ``forms/``: the Flask-WTF forms (``general``, ``round_form``, ``option_form``,
  ``table_parts``); they never touch the database;
- ``http/``: sessions, CSRF, security headers, trusted hosts, throttling, kept pages,
  compression and assets, polls, the reader's language.

``init_app`` registers them with the app's error pages and template helpers.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify, render_template, request
from flask_wtf.csrf import CSRFProtect
from werkzeug.exceptions import HTTPException, SecurityError
from werkzeug.routing import IntegerConverter, Map
from werkzeug.wrappers import Response

from ..about import version
from ..data.games.games import GameRemoved, NotFound
from ..scoring import VARIANTS
from .forms import option_form
from .http import (
    assets,
    fragments,
    headers,
    hold,
    hosts,
    i18n,
    load,
    polls,
    rating_steps,
    security,
)
from .http.i18n import gettext
from .pages import (
    api,
    evenings,
    event_carry,
    event_desk,
    event_edit,
    event_late,
    event_pairing,
    event_paper,
    event_roles,
    event_undo,
    events,
    games,
    health,
    language,
    openapi,
    players,
    printouts,
    published,
    pwa,
    removals,
    rounds,
    rule_sets,
    rules,
    series,
    sharing,
    table,
    table_scorer,
    transfer,
    what_if,
)
from .shown import board, game_state, labels, melds, sides

csrf = CSRFProtect()
VERSION = version()  # read once: the footer of every page shows it
PAGES = (
    games,
    rounds,
    sharing,
    rules,
    evenings,
    players,
    printouts,
    transfer,
    removals,
    health,
    pwa,
    rule_sets,
    what_if,
    table,
    table_scorer,
    language,
    events,
    event_desk,
    event_late,
    event_undo,
    event_edit,
    event_roles,
    event_paper,
    event_carry,
    event_pairing,
    published,
    series,
)


class IdConverter(IntegerConverter):
    """``<int:...>`` in every route: a whole number SQLite can hold. A larger one
    (``/games/99999999999999999999``) matches no route, so it is a 404, not a 500;
    so do digits other than 0-9 (``/games/１``: Python's ``\\d`` takes them)."""

    regex = r"[0-9]+"

    def __init__(self, map: Map, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", 2**63 - 1)
        super().__init__(map, *args, **kwargs)


def init_app(app: Flask) -> None:
    app.url_map.converters["int"] = IdConverter  # before any route is added
    hosts.init_app(app)
    csrf.init_app(app)
    i18n.init_app(app)
    fragments.init_app(app)
    for module in PAGES:
        app.register_blueprint(module.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(openapi.bp)
    csrf.exempt(api.bp)  # the API has its own cross-site guard: see api.py
    app.register_error_handler(NotFound, not_found)
    app.register_error_handler(GameRemoved, removed)
    app.register_error_handler(security.TableClosed, table_closed)
    app.register_error_handler(403, read_only)
    app.register_error_handler(413, too_large)
    app.register_error_handler(HTTPException, api_errors_as_json)
    app.add_template_filter(labels.evening_name)
    app.add_template_filter(labels.game_evening)
    app.add_template_filter(labels.day)
    app.add_template_filter(labels.mid_sentence)
    app.add_template_filter(labels.utc_time)
    app.add_template_filter(labels.rating_words)
    app.add_template_global(melds.counter, "meld_counter")
    app.add_template_global(sides.mark, "side_mark")
    app.context_processor(helpers)
    app.after_request(headers.add_headers)
    rating_steps.init_app(app)
    assets.init_app(app)
    security.check_secret_key(app)
    hold.init_app(app)  # polls held until there is news (only once ``serve`` allows it)
    polls.init_app(app)  # in front of everything above
    load.init_app(app)  # last: in front of the polls too


def helpers() -> dict[str, Any]:
    return {
        "describe": board.describe,
        "game_state": game_state.game_state,
        "game_kind": game_state.game_kind,
        "evening_wins": game_state.evening_wins,
        "VARIANTS": VARIANTS,
        "option_names": option_form.option_names,
        "VERSION": VERSION,
    }


def not_found(error: NotFound) -> tuple[str, int]:
    return render_template("error.html", message=i18n.say(error)), 404


def removed(error: GameRemoved) -> tuple[str, int]:
    """A change to a removed game: it is read-only until its removal is undone."""
    return render_template(
        "error.html", title=gettext("This game was removed"), message=i18n.say(error)
    ), 409


def table_closed(error: security.TableClosed) -> tuple[str, int] | HTTPException | Response:
    """A club night's table changing a game closed to it: why, and who can."""
    if request.path.startswith("/api/"):
        return api_errors_as_json(error)
    title = gettext("This table's game is closed")
    return render_template("error.html", title=title, message=error.description), 409


def read_only(error: Exception) -> tuple[str, int]:
    """The 403 page: the passphrase to type; or, for a club night, who may do it
    (``security.EventRefused``), with a passphrase offered only when one is set."""
    game_id = (request.view_args or {}).get("game_id")
    refused = error if isinstance(error, security.EventRefused) else None
    if refused is None or security.app_hash():  # the app's passphrase opens everything
        return render_template("read_only.html", game_id=game_id), 403
    page = render_template(
        "read_only.html", game_id=game_id, event=refused.event, table=refused.table
    )
    return page, 403


def too_large(error: HTTPException) -> tuple[str, int] | Response | HTTPException:
    """413, as JSON under /api/ (the body may be refused before the API's own
    handlers are reached), else a page naming the limit."""
    limit = request.max_content_length or 0
    if request.path.startswith("/api/"):
        return api_errors_as_json(error)
    message = gettext("That was far more than a round of cards: nothing was stored.")
    if limit >= 1024 * 1024:
        message = gettext(
            "That file is larger than %(mb)s MB: nothing was imported.", mb=limit // (1024 * 1024)
        )
    return render_template("error.html", title=gettext("Too large"), message=message), 413


def api_errors_as_json(error: HTTPException) -> HTTPException | Response:
    """An HTTP error no blueprint handled (no such route, too large...): JSON
    under /api/, so a script always gets ``{"error": ...}``, else a page in the
    reader's language."""
    if not request.path.startswith("/api/"):
        return error_page(error)
    response = jsonify(error=error.description or error.name)
    response.status_code = error.code or 500
    return with_headers(response, error)


def error_page(error: HTTPException) -> HTTPException | Response:
    """The app's error page for an HTTP error (werkzeug's own is English only)."""
    said = {
        400: (gettext("Not understood"), gettext("The page could not read what was sent.")),
        404: (gettext("Not found"), gettext("There is no page at this address.")),
        405: (gettext("Not allowed"), gettext("This page cannot be used that way.")),
        410: (gettext("Gone"), gettext("This is no longer here.")),
        429: (gettext("Wait a moment"), gettext("Too many tries: wait a little, then try again.")),
        500: (
            gettext("Something went wrong"),
            gettext("The scorekeeper ran into a problem. Go back and try again."),
        ),
    }
    if error.code not in said or not trusted_host():
        return error  # no page can be linked to for a Host this app does not answer
    title, message = said[error.code]
    page = render_template("error.html", title=title, message=message)
    return with_headers(Response(page, status=error.code, mimetype="text/html"), error)


def trusted_host() -> bool:
    """Whether the request names a Host this app answers (``TRUSTED_HOSTS``)."""
    try:
        return bool(request.host)
    except SecurityError:
        return False


def with_headers(response: Response, error: HTTPException) -> Response:
    """The error's own headers (Retry-After, Allow...) on ``response``."""
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response
