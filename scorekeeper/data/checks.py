"""Checks on text from outside (forms, the API, import files), kept in one place
so that every way in refuses the same things with the same words."""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import UTC, date, datetime
from typing import Any

from ..scoring.adjustments import TURNING
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
    if name.strip() and not name_key(name):
        return P_("a name may not contain invisible characters")
    return None


# Zero-width spaces, and the marks that turn text around ("\u202e" makes a name read
# backwards): refused. Other characters that show nothing are allowed (the zero-width
# joiner of emoji, the non-joiner of Persian) but left out when names are compared
# (``name_key``), so they never make a second player of the same name.
HIDDEN = frozenset("\u200b\u2060\ufeff") | TURNING


def name_key(name: str) -> str:
    """What two names that are the same person share: compatibility forms folded, any
    case (SQLite's NOCASE folds A-Z only: "Zoë" and "ZOË" were two players), and every
    character that shows nothing left out (``ignorable``): "Ann" with a soft hyphen, a
    variation selector or a tag character in it is still Ann.

    >>> name_key(" ZOË ") == name_key("zoë") == name_key("Zoe\u0308")
    True
    >>> name_key("An\u00adn\ufe0f") == name_key("\u2062Ann\U000e0041") == "ann"
    True
    """
    if name.isascii():  # most names: no compatibility form, no character hidden
        return name.lower().strip()
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in folded if not ignorable(c)).strip()


# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15): code
# points a renderer shows nothing for unless it supports them. Its general-category Cf
# members are caught by the category itself; these are the rest of the property.
IGNORABLE_RANGES = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors, vowel separator
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE0FFF),  # tags, variation selectors supplement, unassigned
    (0x2800, 0x2800),  # not in the property, but a blank that is no space: braille blank
)


def ignorable(c: str) -> bool:
    """Whether ``c`` shows nothing: a format character (general category Cf: soft
    hyphen, zero-width space and joiners, direction marks, invisible operators,
    interlinear annotation marks) or another Default_Ignorable_Code_Point.

    >>> [ignorable(c) for c in "\u00ad\u200c\u061c\u2062\u034f\ufe0f\u3164\u2800A "]
    [True, True, True, True, True, True, True, True, False, False]
    """
    if unicodedata.category(c) == "Cf":
        return True
    code = ord(c)
    return any(low <= code <= high for low, high in IGNORABLE_RANGES)


def control(text: str, allowed: str = "") -> bool:
    """Whether ``text`` holds a control character (NUL, escape...) or half a
    surrogate pair (which SQLite cannot store), other than those ``allowed``."""
    return any(unicodedata.category(c) in ("Cc", "Cs") and c not in allowed for c in text)


def moment(value: Any) -> str | None:
    """A date and time written the ISO way, as every stored time is (UTC, to the
    second); a time without a zone counts as UTC. None if it is not one.

    >>> moment("2026-02-28T19:30:05+01:00"), moment("2026-02-28 18:30:05")
    ('2026-02-28T18:30:05+00:00', '2026-02-28T18:30:05+00:00')
    >>> moment("2026-02-30T10:00:00"), moment("tonight"), moment(5)
    (None, None, None)
    """
    if not isinstance(value, str) or len(value) > 40 or not DATE.match(value[:10]):
        return None
    try:
        found = datetime.fromisoformat(value)
    except ValueError:
        return None
    if found.tzinfo is None:
        found = found.replace(tzinfo=UTC)
    return found.astimezone(UTC).isoformat(timespec="seconds")


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
