"""The director's form for a new event: its name and date, the game every table
plays, the movement and turns, the scale of event points, and the entries, one a
line ("Ann & Bea" for a pair, "Ann" for a player of a rotating-partners night)."""

from __future__ import annotations

from datetime import date
from typing import Any

from wtforms import DateField, SelectChoice, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, ValidationError

from ...data import checks
from ...scoring import VARIANTS
from ..http.i18n import lazy_gettext as _l
from .base import Form
from .general import multiple_of_5, printable
from .whole_numbers import IntegerField

MOST_ENTRIES = 400  # a 100-table club night of pairs, and then some


def entry_lines(text: str) -> list[str]:
    """The non-empty lines of the entries box, spaces tidied.

    >>> entry_lines(" Ann &  Bea \\n\\nCy & Di ")
    ['Ann & Bea', 'Cy & Di']
    """
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def entries_of(text: str, movement: str) -> list[dict[str, Any]]:
    """The entries as the data layer takes them: a pair's players are the names
    around its "&"; a rotating-partners night's entries are single players."""
    found = []
    for line in entry_lines(text):
        players = [line] if movement == "rotating" else [p.strip() for p in line.split("&")]
        found.append({"name": line, "players": players})
    return found


class NewEventForm(Form):
    name = StringField(_l("Name of the event"), [DataRequired(), Length(max=80), printable])
    day = DateField(_l("Date"), [InputRequired()], default=date.today)
    variant = SelectField(
        _l("Game"), choices=[SelectChoice(v.id, _l(v.name)) for v in VARIANTS.values()]
    )
    movement = SelectField(
        _l("Movement"),
        choices=[
            SelectChoice("mitchell", _l("Mitchell: North-South stay, East-West move")),
            SelectChoice("swiss", _l("Swiss: pairs meet by the standings")),
            SelectChoice("rotating", _l("Rotating partners: individuals, new partners")),
        ],
    )
    turns = IntegerField(_l("Turns"), [InputRequired(), NumberRange(1, 50)], default=3)
    deals = IntegerField(
        _l("Deals a turn (0: a whole game)"), [InputRequired(), NumberRange(0, 50)], default=0
    )
    minutes = IntegerField(
        _l("Minutes a turn (0: no clock)"), [InputRequired(), NumberRange(0, 600)], default=0
    )
    win = IntegerField(_l("Points for a win"), [InputRequired(), NumberRange(0, 100)], default=2)
    draw = IntegerField(_l("Points for a draw"), [InputRequired(), NumberRange(0, 100)], default=1)
    loss = IntegerField(_l("Points for a loss"), [InputRequired(), NumberRange(0, 100)], default=0)
    bye = SelectField(
        _l("A bye counts as"),
        choices=[
            SelectChoice("win", _l("a win")),
            SelectChoice("draw", _l("a draw")),
            SelectChoice("loss", _l("a loss")),
        ],  # fmt: skip
    )
    entries = TextAreaField(
        _l("Entries, one a line"),
        [DataRequired(), Length(max=MOST_ENTRIES * 90)],
        render_kw={"rows": 8, "placeholder": "Ann & Bea\nCy & Di"},
    )

    def validate_entries(self, field: Any) -> None:
        lines = entry_lines(field.data or "")
        if len(lines) > MOST_ENTRIES:
            raise ValidationError(_l("At most %(n)s entries.", n=MOST_ENTRIES))
        if len(lines) < 2:
            raise ValidationError(_l("At least two entries, one a line."))
        for line in lines:
            names = [line] if self.movement.data == "rotating" else line.split("&")
            for name in names:
                if checks.name_problem(name.strip(), checks.SEAT_NAME_LENGTH):
                    raise ValidationError(_l("“%(line)s”: a name of letters, digits and "
                                             "punctuation, 1 to 40 long.", line=line))  # fmt: skip
        keys = [checks.name_key(line) for line in lines]
        if len(set(keys)) < len(keys):
            raise ValidationError(_l("Each entry once, please: one is there twice."))


class StartTurnForm(Form):
    """Start the next turn (the button on the director's desk)."""


class ClockForm(Form):
    """The director's clock buttons: pause, resume, a few minutes more or less."""

    action = SelectField(choices=["pause", "resume", "add"])
    minutes = IntegerField(default=0, validators=[NumberRange(-60, 60)])


class SwapForm(Form):
    """Swap two entries' places in the plan, before the first turn."""

    one = SelectField(_l("Swap"), coerce=int)
    other = SelectField(_l("with"), coerce=int)


def reason_field() -> Any:
    """Why the director changes something: kept in the table's game history."""
    return StringField(
        _l("Reason (kept in the table's history)"),
        [DataRequired(_l("Say why, for the table's history.")), Length(max=200), printable],
    )


def points_field(label: Any) -> Any:
    return IntegerField(
        label, [InputRequired(), NumberRange(-10_000, 10_000), multiple_of_5], default=0
    )


class AdjustForm(Form):
    """The director enters or adjusts a table's score: points added to (or taken off)
    each side's adjustment, with a reason. The pages name the fields by the sides."""

    first = points_field(_l("Points for the first side"))
    second = points_field(_l("Points for the second side"))
    reason = reason_field()

    def validate_second(self, field: Any) -> None:
        if not self.first.errors and not field.errors and not self.first.data and not field.data:
            raise ValidationError(_l("Give a side some points to add or take off."))


class ReopenForm(Form):
    """The director reopens a table (or closes it again), with a reason."""

    reason = reason_field()


class WithdrawForm(Form):
    """An entry leaves the event, with a reason."""

    entry = SelectField(_l("Entry"), coerce=int)
    reason = reason_field()


class CheckInForm(Form):
    """A player at a club night's table taps their name."""

    name = StringField(validators=[DataRequired(), Length(max=80)])
