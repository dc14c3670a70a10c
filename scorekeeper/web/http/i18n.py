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
from functools import lru_cache
from pathlib import Path
from typing import Any

import flask_babel
from babel import support
from babel.numbers import format_decimal
from flask import (
    Flask,
    g,
    has_app_context,
    has_request_context,
    request,
)
from flask_babel import Babel, get_locale
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response

from ...scoring import FIELDS, VARIANTS, Option, ScoringError, Variant
from ...scoring.errors import one_line, quote
from ...scoring.i18n import Problem

LANGUAGES = {"en": "English", "es": "Español", "pt_BR": "Português (Brasil)", "de": "Deutsch"}
COOKIE = "lang"
YEAR = 365 * 24 * 60 * 60
CATALOGS = Path(__file__).parents[2] / "translations"


def catalog() -> Any:
    """This request's catalog, looked up once per request: a scoreboard asks for some
    three hundred words and numbers, and Flask-Babel's own lookup walks its context
    proxies every time (a third of a scoreboard's time when profiled)."""
    if not has_app_context():  # a doctest, a script: the words as written
        return NO_CATALOG
    try:
        return g.language_catalog
    except AttributeError:
        g.language_catalog = flask_babel.get_translations()
        return g.language_catalog


NO_CATALOG = support.NullTranslations()


def gettext(text: str, /, **params: Any) -> str:
    """``text`` in the reader's language, then ``% params`` (typed: Flask-Babel is not)."""
    said = str(catalog().ugettext(text))
    return said % params if params else said


_ = gettext


def ngettext(singular: str, plural: str, n: int, **params: Any) -> str:
    """One or several: ``%(num)s`` is ``n``."""
    said = str(catalog().ungettext(singular, plural, n))
    return said % {"num": n, **params}


def lazy_gettext(text: str, /, **params: Any) -> Any:
    """Translated when shown: for labels and messages defined at import time."""
    return flask_babel.lazy_gettext(text, **params)


def lazy(translate: Any, *args: Any) -> Any:
    """``translate(*args)`` when shown, in the reader's language (a form label
    from the engine: ``lazy(option_label, option)``)."""
    return flask_babel.LazyString(translate, *args)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale, default_translation_directories=str(CATALOGS))
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: catalog().ugettext(text),
        ngettext=lambda singular, plural, n: catalog().ungettext(singular, plural, n),
        newstyle=True,
    )
    app.jinja_env.globals.update(
        _=template_gettext, gettext=template_gettext, ngettext=template_ngettext
    )
    app.add_template_filter(number)
    app.add_template_filter(signed)
    app.add_template_filter(gettext, "t")  # a text from the engine, in the reader's words
    app.add_template_filter(say)
    app.add_template_filter(option_label)
    app.add_template_filter(rule_label)
    app.add_template_filter(line_label)
    app.add_template_filter(field_label)
    app.context_processor(
        lambda: {"LANGUAGES": LANGUAGES, "language": language, "html_lang": html_lang}
    )
    app.after_request(vary)


@pass_eval_context
def template_gettext(context: EvalContext, text: str, /, **params: Any) -> str:
    """``_()`` and ``gettext()`` in a template: what Jinja's "newstyle" gettext does
    (the text as markup where the template escapes, its ``params`` escaped into it,
    and always ``%``-formatted), in one call where Jinja's takes three through the
    template's context (``_``, ``gettext``, the callable): a player's page says some
    forty texts. ``tests/web/test_template_gettext.py`` holds it to Jinja's own."""
    said = catalog().ugettext(text)
    return (Markup(said) if context.autoescape else said) % params


@pass_eval_context
def template_ngettext(
    context: EvalContext, singular: str, plural: str, n: int, /, **params: Any
) -> str:
    """``ngettext()`` in a template, as Jinja's newstyle one: ``%(num)s`` is ``n``."""
    params.setdefault("num", n)
    said = catalog().ungettext(singular, plural, n)
    return (Markup(said) if context.autoescape else said) % params


def select_locale() -> str:
    """The ``lang`` cookie, else the browser's best match, else English."""
    chosen = request.cookies.get(COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    # from the environ: a header the request lacks is then found missing without
    # werkzeug raising and catching a KeyError, on every page such a browser asks for
    return best_match(request.environ.get("HTTP_ACCEPT_LANGUAGE", ""))


@lru_cache(maxsize=256)
def best_match(header: str) -> str:
    """The language for an ``Accept-Language`` header (a browser sends the same one
    with every request, so each is worked out once).

    >>> best_match("pt-PT,pt;q=0.9,en;q=0.8"), best_match("fr"), best_match("de-AT")
    ('pt_BR', 'en', 'de')
    >>> best_match("fr-CH, fr;q=0.9, es;q=0.8, *;q=0.5"), best_match("es;q=0, de;q=0.1")
    ('es', 'de')
    """
    for tag, quality in parse_accept_header(header, LanguageAccept):
        wanted = tag.replace("_", "-").lower()
        if quality <= 0 or wanted == "*":
            continue
        exact = [code for code in LANGUAGES if code.replace("_", "-").lower() == wanted]
        same = [code for code in LANGUAGES if code.split("_")[0] == wanted.split("-")[0]]
        if exact or same:  # pt-PT before English: the nearest Portuguese we have
            return (exact or same)[0]
    return "en"


def language() -> str:
    """The language of this request: a key of ``LANGUAGES`` (looked up once)."""
    if not has_app_context():
        return "en"
    try:
        return str(g.language_code)
    except AttributeError:  # the selector's answer, without Babel's Locale object
        g.language_code = select_locale() if has_request_context() else str(get_locale() or "en")
        return str(g.language_code)


def html_lang() -> str:
    """The language as ``<html lang>`` writes it: ``pt-BR``."""
    return language().replace("_", "-")


def vary(response: Response) -> Response:
    """A page differs by language: caches must not hand one reader's to another."""
    if response.headers.get("Content-Type", "").startswith("text/html"):
        response.headers["Vary"] = varied(response.headers.get("Vary"))
    return response


VARY = "Accept-Language, Cookie"


@lru_cache(maxsize=64)
def varied(header: str | None) -> str:
    """A ``Vary`` header with ``Accept-Language`` and ``Cookie`` added (a response has
    one of a few, so each is worked out once).

    >>> varied(None), varied("Accept-Encoding")
    ('Accept-Language, Cookie', 'Accept-Encoding, Accept-Language, Cookie')
    >>> varied("cookie, Accept-Language"), varied("*")
    ('cookie, Accept-Language', '*')
    """
    if not header:
        return VARY
    present = {name.strip().lower() for name in header.split(",")}
    if "*" in present:
        return header
    missing = [name for name in VARY.split(", ") if name.lower() not in present]
    return ", ".join([header, *missing])


def number(value: Any) -> str:
    """A number shown on a page, as the language writes it: 10,250 or 10.250.
    (Form inputs and data attributes keep plain digits.)"""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return str(value)
    return written(value, language())


@lru_cache(maxsize=8192)
def written(value: float, locale: str) -> str:
    """Babel's formatting, remembered: a page shows the same few scores many times.

    >>> written(10250, "de"), written(10250, "en"), written(-55, "pt_BR")
    ('10.250', '10,250', '-55')
    """
    return format_decimal(value, locale=locale)


def signed(points: int) -> str:
    """A round score as the scoreboard shows it: ``+430``, ``-55``, ``0``."""
    if not points:
        return "0"
    return ("+" if points > 0 else "-") + number(abs(points))


def sentence(text: str) -> str:
    """A problem the data layer words as a field's (``turn 2 is still being played``)
    standing alone, as a sentence: its first letter a capital.

    >>> sentence("turn 2 is still being played"), sentence("")
    ('Turn 2 is still being played', '')
    """
    return text[:1].upper() + text[1:]


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
    params = {
        k: say(v) if isinstance(v, Problem | Exception) else v for k, v in text.params.items()
    }
    template = gettext(text.template)
    return template % params if params else template


def error_text(error: ScoringError, variant: Variant | str | None = None) -> str:
    """A whole ``ScoringError`` message (round, side, field, problem), translated;
    the field named in ``variant``'s words when given."""
    if language() == "en":
        return error.message
    where = []
    if error.round is not None:
        where.append(gettext("round %(number)s", number=error.round))
    if error.side is not None:
        where.append(gettext("side %(name)s", name=quote(error.side)))
    problem = say(error.problem)
    if error.field:
        problem = f"{field_label(error.field, variant)}: {problem}"
    return one_line(f"{', '.join(where)}: {problem}" if where else problem)


def field_label(key: str, variant: Variant | str | None = None) -> str:
    """A round's field by its label ("Meld points"), in ``variant``'s own words when
    given (an id or the variant: "Clean piles" in Hand and Foot); a key no variant
    has, as it is."""
    if key not in FIELDS:
        return key
    if isinstance(variant, str):
        variant = VARIANTS.get(variant)
    return gettext(variant.field_label(key) if variant else FIELDS[key].label)


def option_label(option: Option) -> str:
    """A house-rule option's label; a card value's as "card: joker"."""
    if option.key.startswith("card_") and option.label.startswith("card: "):
        return gettext("card: %(card)s", card=gettext(option.label.removeprefix("card: ")))
    return gettext(option.label)


EDITOR_HINT = re.compile(r"\s*\(0: [^()]*\)$")  # "(0: off)": how to switch it off


def rule_label(option: Option) -> str:
    """An option's label beside its value ("…on one side, instead of each: 800"):
    without the editor's hint of what 0 does, which the value makes plain.

    >>> from scorekeeper.scoring import get_variant
    >>> from flask import Flask
    >>> from flask_babel import Babel
    >>> app = Flask(__name__)
    >>> _ = Babel(app)
    >>> options = get_variant("classic").all_options()
    >>> bonus = next(o for o in options if o.key == "red_threes_all_bonus")
    >>> with app.test_request_context():
    ...     rule_label(bonus)
    'every red three in play on one side, instead of each'
    """
    return EDITOR_HINT.sub("", option_label(option))


COUNTED = re.compile(r"(?P<line>.+) ×(?P<n>\d+)")
AGAINST = re.compile(r"(?P<line>.+) \(against: (?P<why>.+)\)")
PARTNER = re.compile(r"partner (?P<name>.+)")
NOTED = re.compile(r"adjustment: (?P<note>.+)", re.S)


def line_label(label: str) -> str:
    """A breakdown line's label ("red three ×2", "meld points (against: ...)"); an
    adjustment's note is the table's own words, shown as typed."""
    if match := NOTED.fullmatch(label):
        return gettext("adjustment: %(note)s", note=match.group("note"))
    if match := AGAINST.fullmatch(label):
        inner, why = line_label(match.group("line")), gettext(match.group("why"))
        return gettext("%(line)s (against: %(why)s)", line=inner, why=why)
    if match := COUNTED.fullmatch(label):
        return f"{gettext(match['line'])} ×{match['n']}"
    if match := PARTNER.fullmatch(label):
        return gettext("partner %(name)s", name=match.group("name"))
    return gettext(label)
