"""Who may change scores, and the headers every response carries.

A game (or the whole app) may have a scorer passphrase, stored hashed. Whoever
types it is remembered in the signed session cookie; everyone else sees the
game read-only. The API takes the passphrase in the ``X-Scorer-Passphrase``
header instead.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, abort, request, session
from werkzeug.security import check_password_hash, generate_password_hash

from ..data import settings
from ..data.connection import get_db

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",  # spectator links carry a secret token
    "Cross-Origin-Opener-Policy": "same-origin",
}
KNOWN_KEYS = {"", "dev", "development", "secret", "change-me", "changeme", "test-only", "x"}


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def check_secret_key(app: Flask) -> None:
    """Refuse to serve for real with a well-known or short secret key."""
    key = str(app.config.get("SECRET_KEY") or "")
    if app.testing or app.debug:
        return
    if key.lower() in KNOWN_KEYS or len(key) < 16:
        raise RuntimeError(
            "refusing to run with a default or short SECRET_KEY: remove it from the "
            "configuration to use the key kept in the instance folder, or set a long random one"
        )


def hash_passphrase(passphrase: str) -> str:
    return generate_password_hash(passphrase)


def matches(stored_hash: str | None, given: str | None) -> bool:
    return bool(stored_hash and given) and check_password_hash(stored_hash or "", given or "")


def remember(game_id: int | str) -> None:
    """This browser may score ``game_id`` ("*" for every game) from now on."""
    allowed = set(session.get("scorer", []))
    allowed.add(str(game_id))
    session["scorer"] = sorted(allowed)


def remembered(game_id: int | str) -> bool:
    allowed = session.get("scorer", [])
    return str(game_id) in allowed or "*" in allowed


def app_hash() -> str | None:
    """The app-wide scorer passphrase's hash, if one is set."""
    return settings.app_passphrase_hash(get_db())


def may_score(game: dict[str, Any]) -> bool:
    """Whether this request may change ``game``: no passphrase guards it, or the
    browser typed it, or the API request carries it."""
    guards = [h for h in (game.get("passphrase_hash"), app_hash()) if h]
    if not guards:
        return True
    if remembered(game["id"]):
        return True
    given = request.headers.get("X-Scorer-Passphrase")
    return any(matches(h, given) for h in guards)


def may_create() -> bool:
    """Whether this request may start a game (the app-wide passphrase, if set)."""
    everything = app_hash()
    if not everything or remembered("*"):
        return True
    return matches(everything, request.headers.get("X-Scorer-Passphrase"))


def guard(game: dict[str, Any]) -> None:
    """Stop a change to a game guarded by a passphrase this browser has not typed."""
    if not may_score(game):
        abort(403)
