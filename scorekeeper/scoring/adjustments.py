"""The table's own adjustment to a side's round: a signed number of points and a
note saying why (a penalty for table talk, a misdeal, a forfeit). Every variant
takes it; it is added after everything else and is not card points."""

from __future__ import annotations

import unicodedata
from typing import Any

from .fields import ADJUSTMENT_LIMIT, NOTE_LIMIT
from .i18n import N_, problem as P_
from .rules import Fields, Line

ADJUSTMENT = N_("adjustment")
# Characters a one-line note may not hold: controls (tab, newline...), line and
# paragraph separators, and lone surrogates (which no text file can store).
NOT_IN_A_NOTE = frozenset({"Cc", "Cs", "Zl", "Zp"})
# The marks that turn text around: "\u202e" before "001-" prints "-100" as "+001"
# reversed, so a printout read "+1000" for a -100 adjustment. Refused, as in names.
TURNING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def adjustment_problem(value: Any) -> str | None:
    """Why ``value`` cannot be an adjustment, or None.

    >>> adjustment_problem(-150) is None
    True
    >>> adjustment_problem(12), adjustment_problem(-10005)
    ('12 is not a multiple of 5', '-10005 is below -10000')
    """
    if not isinstance(value, int) or isinstance(value, bool):
        return P_("must be a whole number, not %(value)s", value=repr(value))
    if value < -ADJUSTMENT_LIMIT:
        return P_("%(value)s is below %(least)s", value=value, least=-ADJUSTMENT_LIMIT)
    if value > ADJUSTMENT_LIMIT:
        return P_("%(value)s is more than %(most)s", value=value, most=ADJUSTMENT_LIMIT)
    if value % 5:
        return P_("%(value)s is not a multiple of 5", value=value)
    return None


def note_problem(value: Any) -> str | None:
    """Why ``value`` cannot be a note, or None (the note itself is never echoed).

    >>> note_problem("misdeal: redealt") is None
    True
    >>> note_problem("two\\nlines"), note_problem(5)
    ('may not hold a control character or a line break', 'must be text')
    >>> note_problem("\\u202e001-")
    'may not hold a mark that turns the text around'
    """
    if not isinstance(value, str):
        return P_("must be text")
    if len(value) > NOTE_LIMIT:
        template = N_("%(n)s characters is more than the %(most)s a note may hold")
        return P_(template, n=len(value), most=NOTE_LIMIT)
    if any(unicodedata.category(c) in NOT_IN_A_NOTE for c in value):
        return P_("may not hold a control character or a line break")
    if any(c in TURNING for c in value):
        return P_("may not hold a mark that turns the text around")
    return None


def table_field_problem(kind: str, value: Any) -> str | None:
    """The check for a field of kind ``signed`` (the adjustment) or ``text`` (its note)."""
    return adjustment_problem(value) if kind == "signed" else note_problem(value)


def adjustment_lines(f: Fields) -> list[Line]:
    """A side's adjustment as its own line, its note in the label ("adjustment:
    table talk"); a note alone is kept as a line of 0; nothing when neither is given.

    >>> adjustment_lines({"adjustment": -100, "note": "table talk"})
    [('adjustment: table talk', -100)]
    >>> adjustment_lines({"adjustment": 50, "note": " "}), adjustment_lines({})
    ([('adjustment', 50)], [])
    """
    points, note = int(f.get("adjustment", 0)), str(f.get("note", "")).strip()
    if not points and not note:
        return []
    return [(f"{ADJUSTMENT}: {note}" if note else ADJUSTMENT, points)]


def adjustment_in(lines: list[Any]) -> tuple[int, str] | None:
    """A side's adjustment and note read back from its breakdown lines, or None.

    >>> adjustment_in([["meld points", 50], ["adjustment: misdeal", -100]])
    (-100, 'misdeal')
    >>> adjustment_in([["adjustment", 50]]), adjustment_in([["meld points", 5]])
    ((50, ''), None)
    """
    for label, points in lines:
        if label == ADJUSTMENT or label.startswith(f"{ADJUSTMENT}: "):
            return int(points), label[len(ADJUSTMENT) + 2 :]
    return None
