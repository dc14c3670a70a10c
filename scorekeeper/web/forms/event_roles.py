"""Who runs a club night: the director's passphrase typed when the event is made
(another device of the director's types it on the desk), and a table's card
replaced by the director."""

from __future__ import annotations

from wtforms import PasswordField
from wtforms.validators import DataRequired, Length, Optional

from ..http.i18n import lazy_gettext as _l
from ..http.security import MIN_PASSPHRASE
from .base import Form
from .general import SHORT_PASSPHRASE


class DirectorPassphraseForm(Form):
    """Beside the event form (whose CSRF token covers both): the event's passphrase."""

    class Meta:
        csrf = False

    director_passphrase = PasswordField(
        _l("Director's passphrase (optional)"),
        [Optional(), Length(min=MIN_PASSPHRASE, max=200, message=SHORT_PASSPHRASE)],
        description=_l(
            "At least 8 characters. This browser runs the event; type the passphrase on "
            "the desk to run it from another one. Without it (and without the app's "
            "passphrase) no other device can."
        ),
    )


class DirectorUnlockForm(Form):
    passphrase = PasswordField(_l("Director's passphrase"), [DataRequired(), Length(max=200)])


class ReplaceCardForm(Form):
    """Only the CSRF token: the table is in the URL."""
