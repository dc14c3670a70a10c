"""The director's forms for a series of evenings (its name, how it counts, its
events) and for an event's carry-over from an earlier one."""

from __future__ import annotations

from typing import Any

from wtforms import SelectChoice, SelectField, SelectMultipleField, StringField
from wtforms.validators import (
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    ValidationError,
)
from wtforms.widgets import CheckboxInput, ListWidget

from ..http.i18n import lazy_gettext as _l
from .base import Form
from .event_desk import UndoForm
from .general import printable
from .whole_numbers import IntegerField

COUNTING = [
    SelectChoice("all", _l("every evening")),
    SelectChoice("best", _l("the best evenings of each player")),
]
CONTRIBUTES = [
    SelectChoice("points", _l("its event points")),
    SelectChoice("place", _l("its place, by the table of series points")),
]
PLACE_TABLE = "10 8 6 5 4 3 2 1"  # offered to start from: a common championship table
MOST_PLACES = 100


def place_numbers(text: str) -> list[int]:
    """The series points of the 1st, 2nd... place, as typed (spaces or commas).

    >>> place_numbers("10, 8 6")
    [10, 8, 6]
    """
    return [int(part) for part in text.replace(",", " ").split()]


class NewSeriesForm(Form):
    name = StringField(_l("Name of the series"), [DataRequired(), Length(max=80), printable])
    counting = SelectField(_l("Evenings counted"), choices=COUNTING, default="all")
    best = IntegerField(_l("Best evenings counted"), [Optional()], default=5)
    counts = SelectField(_l("What an evening contributes"), choices=CONTRIBUTES, default="points")
    table = StringField(
        _l("Series points of the 1st, 2nd, 3rd... place"), [Length(max=400)], default=PLACE_TABLE
    )
    events = SelectMultipleField(
        _l("Events"),
        coerce=int,
        option_widget=CheckboxInput(),
        widget=ListWidget(prefix_label=False),
    )

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields, then the number of best evenings when only those count (an
        empty box is fine when every evening counts)."""
        valid = bool(super().validate(extra_validators))
        best = self.best
        if self.counting.data == "best" and not best.errors and not 1 <= (best.data or 0) <= 100:
            best.errors = [*best.errors, _l("Say how many evenings count: 1 to 100.")]
            return False
        return valid

    def validate_table(self, field: Any) -> None:
        try:
            places = place_numbers(field.data or "")
        except ValueError as error:
            raise ValidationError(_l("Give whole numbers, one for each place.")) from error
        if self.counts.data == "place" and not places:
            raise ValidationError(_l("Give the series points of each place."))
        if len(places) > MOST_PLACES or any(not 0 <= p <= 1000 for p in places):
            raise ValidationError(_l("Give up to 100 places, each 0 to 1000 points."))

    def best_data(self) -> int | None:
        return self.best.data if self.counting.data == "best" else None

    def table_data(self) -> list[int]:
        return place_numbers(self.table.data or "") if self.counts.data == "place" else []


class AddEventForm(UndoForm):
    """An event added to a series afterwards, with the reason the event's history
    keeps."""

    event = SelectField(_l("Event"), coerce=int, validators=[InputRequired()])


class CarryForm(UndoForm):
    """The earlier event an event starts from, and the share of its points carried."""

    source = SelectField(_l("Carry the points of"), coerce=int, validators=[InputRequired()])
    percent = IntegerField(
        _l("Share carried (percent)"), [InputRequired(), NumberRange(1, 100)], default=100
    )
