"""The pages in the reader's language: English, Spanish, Portuguese (Brazil) and
German, from the gettext catalogs in ``scorekeeper/translations`` (Flask-Babel).

The language is the ``lang`` cookie, set for a year by the switch at the foot of
every page (``/language/<code>``: plain links, no script needed), or else the
best match for the browser's ``Accept-Language``. The scoring engine speaks
English only: its texts (variant names, score lines, notes) are translated here,
when a page shows them, and its problems through the template and parameters a
``ScoringError`` keeps (``say``). The CLI and the API keep the English.
See docs/i18n.md for adding a string.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import flask_babel
from babel.numbers import format_decimal
from flask import Blueprint, Flask, abort, redirect, request, url_for
from flask_babel import Babel, get_locale
from werkzeug.wrappers import Response

from ..scoring import FIELDS, Option, ScoringError
from ..scoring.errors import one_line, quote
from ..scoring.i18n import Problem

LANGUAGES = {"en": "English", "es": "Español", "pt_BR": "Português (Brasil)", "de": "Deutsch"}
COOKIE = "lang"
YEAR = 365 * 24 * 60 * 60
CATALOGS = Path(__file__).parent.parent / "translations"

bp = Blueprint("i18n", __name__)


def gettext(text: str, /, **params: Any) -> str:
    """``text`` in the reader's language, then ``% params`` (typed: Flask-Babel is not)."""
    return str(flask_babel.gettext(text, **params))


_ = gettext


def ngettext(singular: str, plural: str, n: int, **params: Any) -> str:
    """One or several: ``%(num)s`` is ``n``."""
    return str(flask_babel.ngettext(singular, plural, n, **params))


def lazy_gettext(text: str, /, **params: Any) -> Any:
    """Translated when shown: for labels and messages defined at import time."""
    return flask_babel.lazy_gettext(text, **params)


def lazy(translate: Any, *args: Any) -> Any:
    """``translate(*args)`` when shown, in the reader's language (a form label
    from the engine: ``lazy(option_label, option)``)."""
    return flask_babel.LazyString(translate, *args)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale, default_translation_directories=str(CATALOGS))
    app.register_blueprint(bp)
    app.add_template_filter(number)
    app.add_template_filter(signed)
    app.add_template_filter(gettext, "t")  # a text from the engine, in the reader's words
    app.add_template_filter(say)
    app.add_template_filter(option_label)
    app.add_template_filter(line_label)
    app.add_template_filter(field_label)
    app.context_processor(lambda: {"LANGUAGES": LANGUAGES, "language": language,
                                   "html_lang": html_lang})  # fmt: skip
    app.after_request(vary)


def select_locale() -> str:
    """The ``lang`` cookie, else the browser's best match, else English."""
    chosen = request.cookies.get(COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def language() -> str:
    """The language of this request: a key of ``LANGUAGES``."""
    return str(get_locale() or "en")


def html_lang() -> str:
    """The language as ``<html lang>`` writes it: ``pt-BR``."""
    return language().replace("_", "-")


@bp.route("/language/<code>")
def choose(code: str) -> Response:
    """Remember the language for a year and go back to the page it was chosen on."""
    if code not in LANGUAGES:
        abort(404)
    back = request.args.get("next", "")
    local = back.startswith("/") and not back.startswith(("//", "/\\"))
    response = redirect(back if local else url_for("games.index"), 303)
    response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax", httponly=True)
    return response


def vary(response: Response) -> Response:
    """A page differs by language: caches must not hand one reader's to another."""
    if response.mimetype == "text/html":
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


def number(value: Any) -> str:
    """A number shown on a page, as the language writes it: 10,250 or 10.250.
    (Form inputs and data attributes keep plain digits.)"""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return str(value)
    return format_decimal(value, locale=language())


def signed(points: int) -> str:
    """A round score as the scoreboard shows it: ``+430``, ``-55``, ``0``."""
    if not points:
        return "0"
    return ("+" if points > 0 else "-") + number(abs(points))


def say(text: object) -> str:
    """A problem in the reader's language (English if it has no template): a
    ``Problem`` (its parameters said too), a whole ``ScoringError``, or any other
    error raised with a ``Problem`` (the data layer's: a stale edit, a name taken)."""
    if isinstance(text, ScoringError):
        return error_text(text)
    if isinstance(text, Exception) and text.args and isinstance(text.args[0], Problem):
        text = text.args[0]
    if not isinstance(text, Problem):
        return str(text)
    params = {k: say(v) if isinstance(v, Problem | Exception) else v
              for k, v in text.params.items()}  # fmt: skip
    template = gettext(text.template)
    return template % params if params else template


def error_text(error: ScoringError) -> str:
    """A whole ``ScoringError`` message (round, side, field, problem), translated."""
    if language() == "en":
        return error.message
    where = []
    if error.round is not None:
        where.append(gettext("round %(number)s", number=error.round))
    if error.side is not None:
        where.append(gettext("side %(name)s", name=quote(error.side)))
    problem = say(error.problem)
    if error.field:
        problem = f"{field_label(error.field)}: {problem}"
    return one_line(f"{', '.join(where)}: {problem}" if where else problem)


def field_label(key: str) -> str:
    """A round's field by its label ("Meld points"); a key no variant has, as it is."""
    return gettext(FIELDS[key].label) if key in FIELDS else key


def option_label(option: Option) -> str:
    """A house-rule option's label; a card value's as "card: joker"."""
    if option.key.startswith("card_") and option.label.startswith("card: "):
        return gettext("card: %(card)s", card=gettext(option.label.removeprefix("card: ")))
    return gettext(option.label)


COUNTED = re.compile(r"(?P<line>.+) ×(?P<n>\d+)")
AGAINST = re.compile(r"(?P<line>.+) \(against: (?P<why>.+)\)")
PARTNER = re.compile(r"partner (?P<name>.+)")


def line_label(label: str) -> str:
    """A breakdown line's label ("red three ×2", "meld points (against: ...)")."""
    if match := AGAINST.fullmatch(label):
        inner, why = line_label(match.group("line")), gettext(match.group("why"))
        return gettext("%(line)s (against: %(why)s)", line=inner, why=why)
    if match := COUNTED.fullmatch(label):
        return f"{gettext(match['line'])} ×{match['n']}"
    if match := PARTNER.fullmatch(label):
        return gettext("partner %(name)s", name=match.group("name"))
    return gettext(label)
