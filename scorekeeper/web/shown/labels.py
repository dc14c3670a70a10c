"""How dates, times and evenings read on every page (template filters).

Stored times are UTC ISO strings. A page shows them in UTC, labelled so, inside
``<time datetime=...>``; app.js rewrites the text in the phone's own time zone.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any

from babel.dates import format_datetime, format_skeleton
from flask import has_request_context
from markupsafe import Markup, escape
from wtforms.fields.choices import SelectChoice

from ..forms.general import NEW_EVENING_CHOICE
from ..http.i18n import language, lazy_gettext as _l, ngettext, number


def locale() -> str:
    """The page's language ("en" outside a request)."""
    return language() if has_request_context() else "en"


NOUNS_CAPITALISED = ("de",)  # languages whose nouns keep their capital mid-sentence


def mid_sentence(label: str) -> str:
    """A field's label inside a sentence ("More: red threes, dealer bonus"): its
    first letter made small, except in German, where "Kanasten" stays a noun.

    >>> mid_sentence("Canastas of sevens")
    'canastas of sevens'
    """
    if locale() in NOUNS_CAPITALISED:
        return label
    return label[:1].lower() + label[1:]


def day(iso: str) -> str:
    """A stored date as people say it.

    >>> day("2026-11-21")
    'Sat 21 Nov 2026'
    """
    d = date.fromisoformat(iso)
    if locale() != "en":
        return format_skeleton("yMMMEd", d, locale=locale())
    return f"{d:%a} {d.day} {d:%b %Y}"


def evening_name(evening: dict[str, Any]) -> str:
    """An evening by its name, or by its date and players when it has none.

    >>> evening_name({"date": "2026-11-21", "name": "", "players": ["Ann", "Bea"]})
    'Sat 21 Nov 2026 · Ann, Bea'
    >>> evening_name({"date": "2026-11-21", "name": "Cup final", "players": ["Ann"]})
    'Cup final · Sat 21 Nov 2026'
    """
    when = day(evening["date"])
    if evening.get("name"):
        return f"{evening['name']} · {when}"
    players = evening.get("players") or []
    return " · ".join([when, ", ".join(players)]) if players else when


def game_evening(game: dict[str, Any]) -> str:
    """A game's evening as the game's own pages head it: its name, or its date and
    the players of this game (not everyone who played that evening), sorted as the
    evening's list sorts them (case aside).

    >>> evening = {"date": "2026-11-21", "name": ""}
    >>> game_evening({"evening": evening, "seats": ["Bea", "ann"]})
    'Sat 21 Nov 2026 · ann, Bea'
    >>> game_evening({"evening": evening, "seats": []})
    'Sat 21 Nov 2026'
    """
    players = sorted(game.get("seats") or [], key=str.casefold)
    return evening_name({**game["evening"], "players": players})


def utc_time(stamp: str | None) -> Markup:
    """A stored UTC time stamp as a ``<time>`` element.

    >>> str(utc_time("2026-11-21T20:15:00+00:00"))
    '<time datetime="2026-11-21T20:15:00+00:00" data-local>21 Nov 2026, 20:15 UTC</time>'
    """
    if not stamp:
        return Markup("")
    moment = datetime.fromisoformat(stamp)
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    text = f"{moment.day} {moment:%b %Y, %H:%M} UTC"
    if locale() != "en":
        text = format_datetime(moment, "medium", tzinfo=UTC, locale=locale()) + " UTC"
    iso = moment.isoformat(timespec="seconds")
    return Markup(f'<time datetime="{escape(iso)}" data-local>{escape(text)}</time>')


def evening_choices(evenings: list[dict[str, Any]]) -> list[SelectChoice]:
    """The table's own evening (the one these players already play that day, else a
    new one), a new evening, or one already started on the chosen date (with its
    players)."""
    started = [SelectChoice(str(e["id"]), evening_name(e)) for e in evenings]
    return [
        SelectChoice("0", _l("the same players’ evening that day, or a new one")),
        SelectChoice(NEW_EVENING_CHOICE, _l("a new evening")),
        *started,
    ]


def rating_words(found: dict[str, Any]) -> str:
    """A rating in words, as ``leaderboards.described`` gives it: "about 1,480,
    still settling: 6 games" under the settling count, "about 1,702 over 31 games"
    after (a filter: a macro per player made the players page twice as slow; and
    remembered per language, rating and games, as ``i18n.written`` remembers numbers)."""
    return said_rating(language(), found["rating"], found["games"], found["settling"])


@lru_cache(maxsize=8192)
def said_rating(lang: str, rating: int, games: int, settling: bool) -> str:
    """``rating_words`` in ``lang``, the request's language (which ``ngettext`` reads)."""
    if settling:
        return ngettext(
            "about %(rating)s, still settling: %(num)d game",
            "about %(rating)s, still settling: %(num)d games",
            games,
            rating=number(rating),
        )
    return ngettext(
        "about %(rating)s over %(num)d game",
        "about %(rating)s over %(num)d games",
        games,
        rating=number(rating),
    )
