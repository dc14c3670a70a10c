"""The language switch at the foot of every page: ``/language/<code>`` remembers
the reader's choice in a cookie for a year (plain links, no script needed)."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from ..http.i18n import COOKIE, LANGUAGES, YEAR

bp = Blueprint("language", __name__)


@bp.route("/language/<code>")
def choose(code: str) -> Response:
    """Remember the language for a year and go back to the page it was chosen on."""
    if code not in LANGUAGES:
        abort(404)
    back = request.args.get("next", "")
    response = redirect(back if is_local(back) else url_for("games.index"), 303)
    response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax", httponly=True)
    return response


def is_local(back: str) -> bool:
    r"""Whether ``back`` is a path on this site, safe to send the reader back to.
    Browsers drop tabs and line breaks from a URL, so ``/<tab>/evil.example`` would
    become ``//evil.example`` (another site): any space or control character is
    refused, as is anything a browser reads as another host.

    >>> [is_local(p) for p in ("/games/1?x=1", "//evil.example", "/\\evil.example")]
    [True, False, False]
    >>> [is_local(p) for p in ("/\t/evil.example", "/\n/x", "https://evil.example", "")]
    [False, False, False, False]
    """
    if not back.startswith("/") or back.startswith(("//", "/\\")):
        return False
    if any(c.isspace() or not c.isprintable() for c in back):
        return False
    parts = urlsplit(back)
    return not parts.scheme and not parts.netloc
