"""What a phone sends that must ride out the wifi: each send
carries the phone's own key, made once when it is sent first and kept with it in
the phone's outbox, so the same send repeated is stored once. And the scorer's
word on a phone asking to take over a seat. Forms never touch the database."""

from __future__ import annotations

import re

from werkzeug.datastructures import MultiDict
from wtforms import HiddenField
from wtforms.validators import Optional, Regexp

from .base import Form
from .round_form import STALE_FORM
from .table_phones import AnswerForm

KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def posted_key(posted: MultiDict[str, str]) -> str | None:
    """The send's key as posted (a phone without the script sends none), or None
    when it is missing or not one a phone makes."""
    key = posted.get("key", "")
    return key if KEY.fullmatch(key) else None


class SentAnswerForm(AnswerForm):
    """A confirmation or query, with the key it was first sent under."""

    key = HiddenField(validators=[Optional(), Regexp(KEY.pattern, message=STALE_FORM)])


class SeatAnswerForm(Form):
    """Only the CSRF token: the request is named in the URL, the answer by the button."""
