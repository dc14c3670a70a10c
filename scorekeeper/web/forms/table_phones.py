"""The forms of every phone at the table: joining, settings, following, answering a round."""

from __future__ import annotations

from typing import Any

from wtforms import BooleanField, HiddenField, RadioField, SelectChoice, StringField
from wtforms.validators import DataRequired, InputRequired, Length, Regexp

from ..http.i18n import lazy_gettext as _l
from .base import Form
from .general import DeleteRoundForm, printable
from .round_form import STALE_FORM


class StandsForm(DeleteRoundForm):
    """The scorer's answer to a phone's query: the round stands as entered (as it is at
    ``version``), with a word back to the phones."""

    note = StringField(_l("A word back"), validators=[Length(max=200), printable])


class JoinCodeForm(Form):
    """The join code typed by hand, for a phone that cannot scan the QR code."""

    class Meta:
        csrf = False  # a GET form that only leads to /join/<code>

    code = StringField(_l("Join code"), validators=[DataRequired(), Length(max=40)])


def join_form(choices: list[tuple[str, str]]) -> Any:
    """Who this phone is: one of the game's players (or sides), or a watcher."""

    class JoinForm(Form):
        who = RadioField(
            _l("Who is this phone?"),
            choices=[SelectChoice(value, label) for value, label in choices],
            validators=[InputRequired(message=_l("Choose who this phone is."))],
        )

    return JoinForm()


class TableSettingsForm(Form):
    phones_enter = BooleanField(_l("Players enter their own counts"))
    confirm_rounds = BooleanField(_l("Opponents confirm rounds"))


class RemovePhoneForm(Form):
    """Only the CSRF token: the phone is named in the URL."""


class FollowForm(Form):
    """Only the CSRF token: the phone is in the URL, the game it follows to is the
    one started after its own."""


class AnswerForm(Form):
    """A phone confirms a saved round, or queries it with a note."""

    number = HiddenField(validators=[DataRequired(), Regexp(r"^[0-9]{1,6}$", message=STALE_FORM)])
    version = HiddenField(validators=[DataRequired(), Regexp(r"^[0-9]{1,9}$", message=STALE_FORM)])
    note = StringField(_l("What looks wrong?"), validators=[Length(max=200), printable])
