"""The base of every form: Flask-WTF's ``FlaskForm``, with WTForms' own messages
("Not a valid integer value.") in the reader's language."""

from __future__ import annotations

from typing import Any

from babel import support
from flask_wtf import FlaskForm
from wtforms.i18n import messages_path

from ..http.i18n import language


class WTFormsCatalog:
    """WTForms' own messages ("Not a valid integer value.") in the reader's language,
    each language's catalog read once per process (Flask-WTF reads and parses it
    again on every request that builds a form)."""

    loaded: dict[str, Any] = {}

    def for_request(self) -> Any:
        code = language()
        if code not in self.loaded:
            self.loaded[code] = support.Translations.load(messages_path(), [code], "wtforms")
        return self.loaded[code]

    def gettext(self, text: str) -> str:
        return str(self.for_request().ugettext(text))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return str(self.for_request().ungettext(singular, plural, n))


WTFORMS = WTFormsCatalog()


class Form(FlaskForm):
    """The base of every form here: Flask-WTF's, with WTForms' messages from ``WTFORMS``."""

    class Meta:
        def get_translations(self, form: Any) -> WTFormsCatalog:
            return WTFORMS
