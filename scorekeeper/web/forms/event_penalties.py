"""The director's penalty forms at a club night's table: event points taken off an
entry for the table's turn, and a penalty taken back, each with a reason."""

from __future__ import annotations

from wtforms import SelectField
from wtforms.validators import InputRequired, NumberRange

from ..http.i18n import lazy_gettext as _l
from .base import Form
from .event_desk import UndoForm
from .whole_numbers import IntegerField


class PenaltyForm(Form):
    """The director takes event points (victory points on a VP scale) off an entry
    at a table, for the table's turn, with a reason. The pages list the entries."""

    entry = SelectField(_l("Entry"), coerce=int)
    points = IntegerField(_l("Points taken off"), [InputRequired(), NumberRange(1, 1000)])
    reason = UndoForm.reason


class RemovePenaltyForm(Form):
    """The director takes a penalty back, with a reason."""

    reason = UndoForm.reason
