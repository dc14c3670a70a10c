"""What a scorer types in a round's number field: a whole number, or in a points
field a sum of whole numbers ("120+85+40" is 245: a table adds up its melds as it
reads them out). The sum is read by a tiny parser: digits, plus and minus, spaces,
nothing else, never ``eval``. Whatever is typed is kept as typed; its value is
checked like any other number, with a message in the scorer's words.
"""

from __future__ import annotations

import re

from ..http.i18n import _

SUM = re.compile(r"[0-9]+(?:\s*[-+−]\s*[0-9]+)+")  # at least one sign between numbers
TERM = re.compile(r"([-+−]?)\s*([0-9]+)")
LONGEST = 200  # characters of a sum: some forty melds, more than a round holds


def sum_of(text: str) -> int | None:
    """The value of a sum typed in a points field, or None if ``text`` is not one.

    >>> sum_of("120+85+40"), sum_of("300 - 45"), sum_of("50−20+5")
    (245, 255, 35)
    >>> [sum_of(t) for t in ("120", "+5", "5+", "1+2*3", "2**8", "１+2", "1e3+1")]
    [None, None, None, None, None, None, None]
    """
    text = text.strip()
    if len(text) > LONGEST or not SUM.fullmatch(text):  # [0-9]: never "１" nor "²"
        return None
    total = 0
    for sign, digits in TERM.findall(text):
        if len(digits) > 9:
            return None
        total += -int(digits) if sign in ("-", "−") else int(digits)
    return total


def value_of(text: str, points: bool) -> int:
    """The number a checked field's text stands for: empty is 0, a sum its value."""
    added = sum_of(text) if points else None
    return added if added is not None else int(text or 0)


def quoted(text: str, most: int) -> str:
    """What was typed, as a message quotes it: at most ``most`` characters, "…" where
    it goes on, a character that cannot be shown as "?".

    >>> quoted("99999999999999999999", 12), quoted("12a", 12)
    ('999999999999…', '12a')
    """
    shown = "".join(c if c.isprintable() else "?" for c in text[:most])
    return shown + ("…" if len(text) > most else "")


def number_problem(label: str, text: str, limit: int, points: bool) -> str | None:
    """Why ``text`` cannot be entered as ``label``, in the scorer's words, or None.

    >>> number_problem("Hand points", "-5", 100000, True)
    'Hand points are entered as a positive number, without a minus sign.'
    >>> number_problem("Meld points", "12a", 100000, True)
    'Meld points are entered as a whole number, like 45: “12a” is not one.'
    >>> number_problem("Meld points", "37", 100000, True)
    '37 is not a multiple of 5: every card is worth a multiple of 5.'
    >>> number_problem("Meld points", "120+85+41", 100000, True)
    '246 is not a multiple of 5: every card is worth a multiple of 5.'
    >>> number_problem("Meld points", "50-80", 100000, True)
    'Meld points come to -30 with “50-80”: they cannot be below 0.'
    >>> number_problem("Red threes", "1+1", 20, False)
    'Red threes are entered as a whole number, like 2: “1+1” is not one.'
    """
    if text == "":
        return None
    added = sum_of(text) if points else None
    if added is not None and added < 0:
        return _(
            "%(label)s come to %(n)s with “%(text)s”: they cannot be below 0.",
            label=label,
            n=added,
            text=quoted(text, 24),
        )
    if added is None and re.fullmatch(r"[-−]\s*[0-9]+", text):
        return _("%(label)s are entered as a positive number, without a minus sign.", label=label)
    if added is None and not re.fullmatch(r"[0-9]+", text):  # only 0-9: "１２" is not 12
        example = 45 if points else 2
        return _(
            "%(label)s are entered as a whole number, like %(example)s: “%(text)s” is not one.",
            label=label,
            example=example,
            text=quoted(text, 12),
        )
    value = added if added is not None else int(text) if len(text) <= 9 else limit + 1
    if value > limit:
        return _(
            "%(text)s is more than a round can hold (at most %(limit)s).",
            text=quoted(str(value) if added is not None else text, 12),
            limit=limit,
        )
    if points and value % 5:
        return _("%(n)s is not a multiple of 5: every card is worth a multiple of 5.", n=value)
    return None
