"""Whole numbers typed into forms: the digits 0-9 only.

Python's ``int`` also reads "１２" (full-width), "١٢" (Arabic-Indic) and "1_000",
so WTForms' ``IntegerField`` and ``coerce=int`` would store 12 or 1000 for them.
The round form already refuses such input ("12a" is not 12); these do the same
for every other number field (house rules, paper start, seat and evening choices).
"""

from __future__ import annotations

import re
from typing import Any

import wtforms

WHOLE = re.compile(r"\s*[-+]?[0-9]+\s*")
NOT_WHOLE = "Not a valid integer value."  # WTForms' own message, in WTForms' catalogs


def digits(text: str, most: int) -> int | None:
    """``text`` as a number if it is 1 to ``most`` of the digits 0-9 (a page number,
    a round, a version, an id from outside), else None: never "１", "²" or a 5,000
    digit string that ``int`` refuses.

    >>> [digits(t, 3) for t in ("12", "", "1234", "１", "²", "-1", " 1")]
    [12, None, None, None, None, None, None]
    """
    return int(text) if 0 < len(text) <= most and text.isascii() and text.isdigit() else None


def ascii_int(value: Any) -> int:
    """``int`` for a form's choice, refusing digits other than 0-9.

    >>> ascii_int("3"), ascii_int(4)
    (3, 4)
    >>> ascii_int("１")
    Traceback (most recent call last):
    ...
    ValueError: not a whole number written with the digits 0-9: '１'
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, str) or not WHOLE.fullmatch(value):
        raise ValueError(f"not a whole number written with the digits 0-9: {value!r}")
    return int(value)


class IntegerField(wtforms.IntegerField):
    """WTForms' ``IntegerField``, refusing what is not written with the digits 0-9
    (with its usual message, next to the field, the typed text kept)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist and isinstance(valuelist[0], str) and valuelist[0].strip():
            if not WHOLE.fullmatch(valuelist[0]):
                self.data = None
                message = self.invalid_value_message or self.gettext(NOT_WHOLE)
                raise ValueError(message)
        super().process_formdata(valuelist)
