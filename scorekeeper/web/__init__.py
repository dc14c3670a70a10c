"""The web layer: one blueprint per area, thin (parse, call the data layer,
render). ``init_app`` registers them with the app's error pages and template
helpers.

- the table: ``games`` (new game, scoreboard, history), ``rounds`` (entry,
  correction, preview, deletion), ``sharing`` (passphrase, spectator link);
- looking back: ``evenings``, ``players``, ``printouts``, ``transfer``;
- ``rules``: the rules pages; ``api``: the JSON API;
- ``forms``, ``board`` (what the scoreboard shows), ``charts``, ``security``.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, render_template, request
from flask_wtf.csrf import CSRFProtect

from ..data.games import NotFound
from ..scoring import VARIANTS
from . import (
    api,
    assets,
    board,
    evenings,
    forms,
    games,
    players,
    printouts,
    rounds,
    rules,
    security,
    sharing,
    transfer,
)

csrf = CSRFProtect()
PAGES = (games, rounds, sharing, rules, evenings, players, printouts, transfer)


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    for module in PAGES:
        app.register_blueprint(module.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # the API has its own cross-site guard: see api.py
    app.register_error_handler(NotFound, not_found)
    app.register_error_handler(403, read_only)
    app.register_error_handler(413, too_large)
    app.add_template_filter(signed)
    app.context_processor(helpers)
    app.after_request(security.add_headers)
    assets.init_app(app)
    security.check_secret_key(app)


def signed(points: int) -> str:
    """A round score as the scoreboard shows it: ``+430``, ``-55``, ``0``."""
    return f"{points:+d}" if points else "0"


def helpers() -> dict[str, Any]:
    return {"describe": board.describe, "VARIANTS": VARIANTS, "option_names": forms.option_names}


def not_found(error: NotFound) -> tuple[str, int]:
    return render_template("error.html", message=str(error)), 404


def read_only(error: Exception) -> tuple[str, int]:
    game_id = (request.view_args or {}).get("game_id")
    return render_template("read_only.html", game_id=game_id), 403


def too_large(error: Exception) -> tuple[str, int]:
    message = "That was far more than a round of cards: nothing was stored."
    return render_template("error.html", title="Too large", message=message), 413
