"""HTML attributes written quickly: the round page renders some sixty inputs,
and WTForms' ``html_params`` formats every attribute through ``Markup.format``
(most of the page's time). Same output, plain string building."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape
from wtforms.fields.core import Label
from wtforms.widgets.core import clean_key

NAMES: dict[str, str] = {}  # keyword -> attribute name, cleaned and escaped


def html_params(**kwargs: Any) -> Markup:
    """WTForms' ``html_params``, byte for byte.

    >>> html_params(name="s0_meld_points", id="s0", class_="n", required=True, hidden=False)
    Markup('class="n" id="s0" name="s0_meld_points" required')
    >>> html_params(data_points=50, value='"<5>"')
    Markup('data-points="50" value="&#34;&lt;5&gt;&#34;"')
    """
    params: list[str] = []
    for key, value in sorted(kwargs.items()):
        name = NAMES.get(key)
        if name is None:
            name = str(escape(clean_key(key)))
            if len(NAMES) < 1024:  # attribute names are the code's own: a few dozen
                NAMES[key] = name
        if value is True:
            params.append(name)
        elif value is not False:
            params.append(name + '="' + str(escape(value)).replace('"', "&quot;") + '"')
    return Markup(" ".join(params))


class LeanLabel(Label):  # type: ignore[misc]
    """WTForms' ``Label``, its attributes written by ``html_params`` above.

    >>> str(LeanLabel("s0_meld_points", "Meld <points>")())
    '<label for="s0_meld_points">Meld &lt;points&gt;</label>'
    """

    def __call__(self, text: str | None = None, **kwargs: Any) -> Markup:
        if "for_" in kwargs:
            kwargs["for"] = kwargs.pop("for_")
        else:
            kwargs.setdefault("for", self.field_id)
        attributes = html_params(**kwargs)
        spaced = f" {attributes}" if attributes else ""
        return Markup(f"<label{spaced}>{escape(text or self.text)}</label>")
