"""The signed session cookie, its signature checked once per distinct cookie.

A phone sends the same cookie with every request until its session changes, and
checking it (HMAC, base64, zlib, JSON) was a fifth of a kept page's time (issue
13's profile). A cookie checked once is remembered with what it holds and when it
was signed; the next request with the very same string gets a fresh copy without
the check, and its age is still held against the session's lifetime. A changed,
forged or expired cookie is never in the memory, so it is checked as before.
"""

from __future__ import annotations

import time
from typing import Any

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature

from .lru import LRU

KEPT = 2048  # cookies, a few hundred bytes each


class RememberingSessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with checked cookies remembered (LRU)."""

    def __init__(self, size: int = KEPT) -> None:
        self.checked: LRU[tuple[str, str], tuple[Any, float]] = LRU(size)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if not app.secret_key:
            return None
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        lifetime = int(app.permanent_session_lifetime.total_seconds())
        key = (cookie, str(app.secret_key))
        found = self.checked.get(key)
        if found is None:
            signer = self.get_signing_serializer(app)
            if signer is None:
                return None
            try:
                data, signed = signer.loads(cookie, max_age=lifetime, return_timestamp=True)
            except BadSignature:  # also an expired one
                return self.session_class()
            found = (data, signed.timestamp())
            self.checked.put(key, found)
        data, signed_at = found
        if time.time() - signed_at > lifetime:
            return self.session_class()
        return self.session_class(fresh(data))


def fresh(value: Any) -> Any:
    """A copy of a session's data for one request: its dicts, lists and tuples new,
    what they hold otherwise shared (the signed cookie's types besides these, str,
    numbers, bytes, Markup, UUID and datetime, cannot be changed in place), as
    ``copy.deepcopy`` would give it, in a fraction of the time."""
    kind = type(value)
    if kind is dict:
        return {key: fresh(item) for key, item in value.items()}
    if kind is list or kind is tuple:
        return kind(fresh(item) for item in value)
    return value
