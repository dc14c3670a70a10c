"""The round form's problems: an engine problem put beside the field it concerns
(or above the form), and every problem listed for the error summary, in the
scorer's words and the variant's."""

from __future__ import annotations

import re
from typing import Any

from ...scoring import FIELDS, ScoringError, Variant
from ..http.i18n import error_text, say
from .round_form import field_name, label_of


def error_field(form: Any, error: ScoringError, sides: list[str]) -> Any:
    """The form field an engine problem concerns, or None (then it goes above the form)."""
    if error.side not in sides or not error.field:
        return None
    name = field_name(sides.index(error.side), error.field)
    if error.field in ("went_out", "concealed"):
        name = error.field  # asked once for the round
    return form[name] if name in form else None


def show_error(form: Any, error: ScoringError, sides: list[str]) -> None:
    """Put the engine's message beside the field it concerns (or above the form)."""
    field = error_field(form, error, sides)
    if field is not None:
        field.errors.append(say(error.problem))
    else:
        form.form_errors.append(error_text(error, form.made_with[0]))


def error_list(form: Any, sides: list[str]) -> list[dict[str, Any]]:
    """Every problem on the form, for the error summary: where, what, and the
    field to jump to, in the order the fields appear."""
    found: list[dict[str, Any]] = [
        {"href": "#round-form", "text": str(e)} for e in form.form_errors
    ]
    for field in form:
        for error in field.errors:
            match = re.match(r"s(\d+)_([a-z_]+?)(?:__|$)", field.name)
            side = sides[int(match.group(1))] if match else None
            anchor = f"#{field.id}-0" if field.type == "RadioField" else f"#{field.id}"
            text = f"{side + ': ' if side else ''}{labelled(str(field.label.text), error)}"
            name = match.group(2) if match else field.name
            found.append({"href": anchor, "text": text, "side": side, "field": name})
    return found


def labelled(label: str, message: str) -> str:
    """A field's message with the field's name in front, unless it already says it."""
    return message if message.startswith(label) else f"{label}: {message}"


def problem_text(error: ScoringError, variant: Variant) -> str:
    """An engine problem as the round screen says it, the field in the variant's
    words: "Cat & Dee: Red threes laid: ..."."""
    if error.side is None or error.field not in FIELDS:
        return error_text(error, variant)
    label = label_of(variant, error.field)
    return f"{error.side}: {labelled(label, say(error.problem))}"
