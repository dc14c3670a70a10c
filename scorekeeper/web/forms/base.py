"""The base of every form: Flask-WTF's ``FlaskForm``, with WTForms' own messages
("Not a valid integer value.") in the reader's language, and its CSRF token signed
only when the form is shown."""

from __future__ import annotations

from typing import Any

from babel import support
from flask import g
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf, validate_csrf
from wtforms.csrf.core import CSRF, CSRFTokenField
from wtforms.fields import HiddenField
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


class TokenWhenShown(CSRFTokenField):
    """The CSRF token's field, its token signed when the form is rendered: WTForms
    signs one for every form it builds, and a form posted, checked and answered with
    a redirect (a saved round) is never shown again."""

    current_token: str | None = None

    def process(self, *args: Any, **kwargs: Any) -> None:
        HiddenField.process(self, *args, **kwargs)

    def _value(self) -> str:
        if self.current_token is None:
            self.current_token = str(self.csrf_impl.generate_csrf_token(self))
        return self.current_token


class FlaskCSRF(CSRF):
    """Flask-WTF's CSRF protection through its public ``generate_csrf`` and
    ``validate_csrf``, with the same settings; the token made only when shown."""

    field_class = TokenWhenShown

    def setup_form(self, form: Any) -> Any:
        self.meta = form.meta
        return super().setup_form(form)

    def generate_csrf_token(self, csrf_token_field: Any) -> str:
        return str(generate_csrf(self.meta.csrf_secret, self.meta.csrf_field_name))

    def validate_csrf_token(self, form: Any, field: Any) -> None:
        if g.get("csrf_valid", False):  # checked for the whole request by CSRFProtect
            return
        validate_csrf(
            field.data, self.meta.csrf_secret, self.meta.csrf_time_limit, self.meta.csrf_field_name
        )


class Form(FlaskForm):
    """The base of every form here: Flask-WTF's, with WTForms' messages from ``WTFORMS``
    and the CSRF token made only when the form is shown (``FlaskCSRF``)."""

    class Meta:
        csrf_class = FlaskCSRF

        def get_translations(self, form: Any) -> WTFormsCatalog:
            return WTFORMS
