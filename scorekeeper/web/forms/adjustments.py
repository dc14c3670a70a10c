"""A side's adjustment on the round form: the amount typed as digits on a phone's
dial pad, its sign chosen apart (a select the page turns into a +/− button that
changes with one tap, or that a minus typed before the digits sets: the dial pad
has one), and a note saying why. Forms never touch the database."""

from __future__ import annotations

import re
from typing import Any

from wtforms import SelectChoice, SelectField, StringField
from wtforms.validators import StopValidation

from ...scoring.adjustments import note_problem
from ...scoring.fields import ADJUSTMENT_LIMIT, NOTE_LIMIT
from ..http.i18n import _, lazy_gettext as _l, say

PLUS, MINUS = "+", "-"
FIELDS = ("adjustment", "adjustment_sign", "note")  # each side's, on the round form


class AmountField(StringField):
    """The adjustment without its sign: empty (none) or a whole number of points up
    to ``ADJUSTMENT_LIMIT``, a multiple of 5. The typed text is kept as typed."""

    def __init__(self, label: Any, **kwargs: Any) -> None:
        # the dial pad, as the points fields have: its minus sets the sign (app.js);
        # the keyboard's Next goes on to the note
        render = {"inputmode": "tel", "autocomplete": "off", "enterkeyhint": "next"}
        super().__init__(label, render_kw=render, **kwargs)
        self.number = 0

    def process_formdata(self, valuelist: list[Any]) -> None:
        self.data = str(valuelist[0]).strip() if valuelist else ""

    def pre_validate(self, form: Any) -> None:
        self.number = 0
        problem = amount_problem(self.data or "")
        if problem:
            raise StopValidation(problem)
        self.number = int(self.data or 0)


def amount_problem(text: str) -> str | None:
    """Why ``text`` cannot be an adjustment's amount, in the scorer's words, or None."""
    if text == "":
        return None
    if re.fullmatch(r"[-−+]\s*[0-9]+", text):
        return _("Type the points without a sign: the +/− button beside them sets it.")
    if not re.fullmatch(r"[0-9]+", text):
        shown = "".join(c if c.isprintable() else "?" for c in text[:12])
        return _(
            "The adjustment is a whole number of points, like 50: “%(text)s” is not one.",
            text=shown,
        )
    if len(text) > 9 or int(text) > ADJUSTMENT_LIMIT:
        return _("An adjustment is at most %(most)s points.", most=ADJUSTMENT_LIMIT)
    if int(text) % 5:
        return _("%(n)s is not a multiple of 5: every score is.", n=int(text))
    return None


class NoteField(StringField):
    """Why the adjustment was made: one line of at most ``NOTE_LIMIT`` characters."""

    def __init__(self, label: Any, **kwargs: Any) -> None:
        # Next goes on to the next side's points, as from the side's last points field
        render = {"maxlength": NOTE_LIMIT, "autocomplete": "off", "enterkeyhint": "next"}
        super().__init__(label, render_kw=render, **kwargs)

    def process_formdata(self, valuelist: list[Any]) -> None:
        self.data = str(valuelist[0]).strip() if valuelist else ""

    def pre_validate(self, form: Any) -> None:
        problem = note_problem(self.data or "")
        if problem:
            raise StopValidation(say(problem))


def fields_of(side: int) -> list[tuple[str, Any]]:
    """One side's three form fields, by their names on the round form."""
    sign = SelectField(
        _l("Sign of the adjustment"),
        default=PLUS,
        choices=[SelectChoice(PLUS, "+"), SelectChoice(MINUS, "−")],
    )
    return [
        (f"s{side}_adjustment", AmountField(_l("Adjustment"))),
        (f"s{side}_adjustment_sign", sign),
        (f"s{side}_note", NoteField(_l("Note"))),
    ]


POSTED = re.compile(r"s[0-9]+_(?P<name>adjustment|adjustment_sign|note)")


def typed(items: list[tuple[str, Any]]) -> bool:
    """Whether posted ``items`` give a side's adjustment anything to check: an amount
    or a note typed, or a sign that is neither + nor −. Without any of those the
    fields find nothing wrong and give no adjustment, so a round form may leave
    them out (``round_form.adjusted``).

    >>> typed([("s0_adjustment", " "), ("s0_adjustment_sign", "+"), ("s1_note", "")])
    False
    >>> typed([("s0_adjustment_sign", "*")]), typed([("s1_note", "misdeal")])
    (True, True)
    """
    for key, value in items:
        found = POSTED.fullmatch(key)
        if found is None:
            continue
        if found["name"] == "adjustment_sign":
            if value not in (PLUS, MINUS):
                return True
        elif str(value).strip():
            return True
    return False


def entries_of(form: Any, side: int) -> dict[str, Any]:
    """The side's adjustment and note as the JSON contract has them (none: nothing,
    as on a form left without them, ``round_form.adjusted``)."""
    if f"s{side}_adjustment" not in form:
        return {}
    amount = form[f"s{side}_adjustment"].number
    signed = -amount if form[f"s{side}_adjustment_sign"].data == MINUS else amount
    note = form[f"s{side}_note"].data or ""
    return {k: v for k, v in (("adjustment", signed), ("note", note)) if v}


def form_data_of(side: int, entries: dict[str, Any]) -> dict[str, str]:
    """A stored round's adjustment and note as the round form's values.

    >>> form_data_of(1, {"adjustment": -150, "note": "misdeal"})
    {'s1_adjustment': '150', 's1_adjustment_sign': '-', 's1_note': 'misdeal'}
    """
    data = {}
    if entries.get("adjustment"):
        points = int(entries["adjustment"])
        data[f"s{side}_adjustment"] = str(abs(points))
        data[f"s{side}_adjustment_sign"] = MINUS if points < 0 else PLUS
    if entries.get("note"):
        data[f"s{side}_note"] = str(entries["note"])
    return data
