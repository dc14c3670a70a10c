"""Checks on text from outside (forms, the API, import files), kept in one place
so that every way in refuses the same things with the same words."""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import date
from typing import Any

from ..scoring.i18n import problem as P_

SEAT_NAME_LENGTH = 40  # a player's name, in a seat
SIDE_NAME_LENGTH = 100  # a side's name: its players' names joined
MAX_ROUNDS = 1000  # a game's stored rounds: what an import takes, and what a game may grow to
GAME_NAME_LENGTH = 80  # a game's own name ("Cup final")
MAX_DEPTH = 32  # a Scorekeeper export nests 8 deep; nothing honest nests 32
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
UID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # whole: fullmatch (a $ would let "abc\n" through)


class BadJSON(ValueError):
    """Text that is not JSON, or JSON nested too deeply to read safely."""


class TooDeep(BadJSON):
    """JSON nested deeper than MAX_DEPTH."""


def name_problem(name: str, limit: int) -> str | None:
    """Why ``name`` (a seat, a side, an evening) cannot be shown on a page, or None.

    >>> name_problem("Ann & Bea", 40) is None
    True
    >>> name_problem("Ann\\x00", 40)
    'a name may not contain control characters'
    """
    if len(name) > limit:
        return P_("a name may be at most %(most)s characters", most=limit)
    if control(name):
        return P_("a name may not contain control characters")
    if any(c in HIDDEN for c in name):
        return P_("a name may not contain invisible characters")
    return None


# Zero-width spaces and joiners that join nothing, and the marks that turn text around:
# "Ann" and "Ann\u200b" look the same on every page but are two people; "\u202e" makes
# a name read backwards. (The zero-width joiner of emoji and some scripts is allowed.)
HIDDEN = frozenset("\u200b\u2060\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def name_key(name: str) -> str:
    """What two names that are the same person share: compatibility forms folded, any
    case (SQLite's NOCASE folds A-Z only: "Zoë" and "ZOË" were two players).

    >>> name_key(" ZOË ") == name_key("zoë") == name_key("Zoe\u0308")
    True
    """
    return unicodedata.normalize("NFKC", name.strip()).casefold()


def control(text: str, allowed: str = "") -> bool:
    """Whether ``text`` holds a control character (NUL, escape...) or half a
    surrogate pair (which SQLite cannot store), other than those ``allowed``."""
    return any(unicodedata.category(c) in ("Cc", "Cs") and c not in allowed for c in text)


def is_date(value: Any) -> bool:
    """A real calendar date written ``YYYY-MM-DD``.

    >>> [is_date(d) for d in ("2026-02-28", "2026-02-30", "20260228", 20260228)]
    [True, False, False, False]
    """
    if not isinstance(value, str) or not DATE.match(value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def read_json(text: str | bytes) -> Any:
    """Parse JSON from outside; nesting deeper than MAX_DEPTH is refused (Python's
    parser would otherwise run out of stack on a few thousand ``[``)."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise TooDeep(too_deep()) from None
    except UnicodeDecodeError:
        raise BadJSON(P_("not UTF-8 text")) from None
    except ValueError as error:  # Python's own words for where the text goes wrong
        raise BadJSON(P_("not valid JSON: %(error)s", error=str(error))) from None
    if depth(data) > MAX_DEPTH:
        raise TooDeep(too_deep())
    return data


def too_deep() -> str:
    return P_("nested more than %(most)s levels deep", most=MAX_DEPTH)


def depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data``, counted without recursion.

    >>> depth([1, {"a": [2]}]), depth(3)
    (3, 0)
    """
    deepest, todo = 0, [(data, 1)]
    while todo:
        value, level = todo.pop()
        items = value.values() if isinstance(value, dict) else value
        if isinstance(value, dict | list):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                todo.extend((item, level + 1) for item in items)
    return deepest
