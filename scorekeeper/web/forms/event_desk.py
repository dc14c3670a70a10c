"""The director's desk: its buttons (a turn started, the clock, two entries swapped)
and what the director does to a table or an entry (a score adjusted, a table
reopened or ended, a withdrawal, a start taken back), each with its reason; and a
player checking in at a club night's table."""

from __future__ import annotations

from typing import Any

from wtforms import HiddenField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, ValidationError

from ..http.i18n import lazy_gettext as _l
from .base import Form
from .general import multiple_of_5, printable
from .whole_numbers import IntegerField, digits


class StartTurnForm(Form):
    """Start the next turn (the button on the director's desk): the turn the button
    said it starts, so that a second tap of it starts nothing more."""

    turn = HiddenField()

    def turn_wanted(self) -> int | None:
        """The turn the button starts (None from a page that did not say)."""
        return digits((self.turn.data or "").strip(), 3)


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


class EndForm(Form):
    """The director ends a table's game at once, as it stands, with a reason."""

    reason = reason_field()


class WithdrawForm(Form):
    """An entry leaves the event, with a reason."""

    entry = SelectField(_l("Entry"), coerce=int)
    reason = reason_field()


class CheckInForm(Form):
    """A player at a club night's table taps their name."""

    name = StringField(validators=[DataRequired(), Length(max=80)])


class UndoForm(Form):
    """The director takes back a turn's start or a withdrawal, with a reason."""

    reason = StringField(
        _l("Reason (kept in the event's history)"),
        [DataRequired(_l("Say why, for the event's history.")), Length(max=200), printable],
    )
