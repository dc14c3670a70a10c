"""CSRF tokens signed once per session and recognised when they come back.

Flask-WTF signs the session's token anew for every page (an HMAC, base64 and
JSON through itsdangerous) and checks a posted one the same way. Tokens here do
not expire (``WTF_CSRF_TIME_LIMIT=None``), so a session's signed token is made
once and remembered; a form posted back with exactly that token is the session's
own, which is what the full check would find. Any other token is checked by
Flask-WTF as before.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, g, session
from flask_wtf.csrf import _FlaskFormCSRF, generate_csrf

from .lru import LRU

FIELD = "csrf_token"  # Flask-WTF's field name, and its key in the session and in g
SIGNED: LRU[tuple[str, str], str] = LRU(256 * 8)  # (secret, session's token) -> signed


def csrf_token() -> str:
    """This session's CSRF token as a form carries it: signed once per session's
    token and remembered, where Flask-WTF signs it again on every request."""
    if FIELD in g:
        return str(g.get(FIELD))
    key = memory_key()
    signed = SIGNED.get(key) if key else None
    if signed is None:
        signed = str(generate_csrf())  # signs the session's token (a new session's, made now)
        key = memory_key()
        if key:
            SIGNED.put(key, signed)
    setattr(g, FIELD, signed)
    return signed


def remembered(posted: Any) -> bool:
    """Whether ``posted`` is the token this session was given (signed here)."""
    key = memory_key()
    if key is None or not isinstance(posted, str) or not posted:
        return False
    return SIGNED.get(key) == posted


def memory_key() -> tuple[str, str] | None:
    """Where ``SIGNED`` keeps this session's signed token: (app's secret, session's
    token); None while the session has no token."""
    raw = session.get(FIELD)
    return (str(current_app.secret_key), raw) if isinstance(raw, str) else None


class RememberingCSRF(_FlaskFormCSRF):  # type: ignore[misc]
    """Flask-WTF's form CSRF with the session's signed token remembered (for tokens
    that do not expire, signed with the app's secret key under the usual field name,
    as all are here unless ``WTF_CSRF_TIME_LIMIT`` is set: then Flask-WTF does it all)."""

    def usual(self) -> bool:
        """Tokens that never expire, signed with the app's key under the usual name."""
        meta = self.meta
        return bool(
            meta.csrf_time_limit is None
            and meta.csrf_secret == current_app.secret_key
            and meta.csrf_field_name == FIELD
        )

    def generate_csrf_token(self, csrf_token_field: Any) -> str:
        if not self.usual():
            return str(super().generate_csrf_token(csrf_token_field))
        return csrf_token()

    def validate_csrf_token(self, form: Any, field: Any) -> None:
        if self.usual() and remembered(field.data):
            return
        super().validate_csrf_token(form, field)
