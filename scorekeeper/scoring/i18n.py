"""Words the pages translate, while the engine stays English and pure.

``N_(text)`` marks a text (a variant's name, a score line's label, a rules note)
for the message catalogs and returns it unchanged; the web layer translates it
when it shows it. ``problem(template, **params)`` is a scoring problem: English
text, exactly as the command line and the API say it, that also remembers its
template and parameters, so that a page can say it in the reader's language.

>>> text = problem("%(value)s is negative", value=-5)
>>> text, text.template, text.params
('-5 is negative', '%(value)s is negative', {'value': -5})
>>> N_("red three")
'red three'
"""

from __future__ import annotations


def N_(text: str) -> str:
    """Mark ``text`` for translation at display time; the text itself, unchanged."""
    return text


class Problem(str):
    """English text that keeps the template (a msgid) and parameters it came from.
    A parameter may itself be a ``Problem`` (a term like "natural canastas"), or an
    error whose message is said in turn (see ``whole``)."""

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, params: dict[str, object] | None = None) -> Problem:
        params = dict(params or {})
        self = super().__new__(cls, template % params if params else template)
        self.template, self.params = template, params
        return self


def problem(template: str, **params: object) -> Problem:
    """A problem a page can translate: ``template % params`` in English."""
    return Problem(template, params)


def term(text: str) -> Problem:
    """A word used inside a problem ("canastas"), translated with it."""
    return Problem(text)


def whole(error: Exception) -> Problem:
    """An error's whole message as a problem (a ``ScoringError`` naming its round,
    side and field): its English text, which a page says in its own words.

    >>> whole(ValueError("5 is negative"))
    '5 is negative'
    """
    return Problem("%(error)s", {"error": error})
