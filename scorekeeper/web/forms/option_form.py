"""The house-rule editor: one form field per rule number, and rows a table can
add to or remove from the list options (opening thresholds, numbers by round).

Used by the new-game form, the rule-set editor and the what-if page. The number
of rows of each list option is read from the form (``opt_<key>_rows``), so an
"Add a row" or "Remove" button works without JavaScript: the form comes back
with one row more or less and everything typed kept. The engine's
``option_problem`` and ``read_options`` decide what is valid.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, Field, SelectChoice, SelectField, StringField
from wtforms.validators import (
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    ValidationError,
)

from ...scoring import Option, ScoringError, Variant
from ...scoring.document import read_options
from ...scoring.fields import POINTS_LIMIT
from ...scoring.option_values import option_problem
from ...scoring.rules import CHOICES, TOPICS
from ..http.i18n import _, gettext, lazy, lazy_gettext as _l, number, option_label
from .base import Form
from .whole_numbers import IntegerField, ascii_int, digits

LISTS = ("thresholds", "by_round", "rising")
MAX_ROWS = 20


def opt(key: str, *parts: object) -> str:
    """A house-rule field's name: ``opt_opening_1_low``."""
    return "_".join(["opt", key.replace("-", "_"), *(str(p) for p in parts)])


def row_counts(variant: Variant, formdata: Any, values: Mapping[str, Any]) -> dict[str, int]:
    """How many rows each list option has: as the form says, else as ``values`` has."""
    counts = {}
    for option in (o for o in variant.all_options() if o.kind in LISTS):
        try:
            n = ascii_int((formdata or {}).get(opt(option.key, "rows"), ""))
        except ValueError:
            n = rows_of(values[option.key])
        counts[option.key] = max(1, min(n, MAX_ROWS))
    return counts


def rows_of(value: Any) -> int:
    """How many rows a list option's value takes (a rising number alone: one)."""
    return len(value) if isinstance(value, list) else 1


def row_parts(option: Option) -> tuple[str, ...]:
    return ("low", "need") if option.kind == "thresholds" else ("",)


def row_name(option: Option, i: int, part: str) -> str:
    return opt(option.key, i, part) if part else opt(option.key, i)


@dataclass
class Editor:
    """The editor's state for one request: rows per list option, the form data to
    build the form from, and whether a row button (not a real submit) was pressed."""

    rows: dict[str, int]
    formdata: Any = None
    changed_rows: str | None = None  # the option whose rows were added or removed
    errors: dict[str, list[Any]] = field(default_factory=dict)  # problems, shown with |say


def editor(variant: Variant, formdata: Any, values: Mapping[str, Any]) -> Editor:
    """Read the rows from the form, and carry out an "Add a row" or "Remove" press."""
    rows = row_counts(variant, formdata, values)
    if not formdata:
        return Editor(rows)
    options = {o.key: o for o in variant.all_options() if o.kind in LISTS}
    add, remove = formdata.get("add_row"), formdata.get("remove_row", "")
    key, _, index = remove.rpartition(":")
    if add in options and rows[add] < MAX_ROWS:
        data = MultiDict(formdata)
        rows[add] += 1
        data[opt(add, "rows")] = str(rows[add])
        return Editor(rows, data, add)
    i = digits(index, 3)  # a row of at most MAX_ROWS
    if key in options and i is not None and i < rows[key] and rows[key] > 1:
        data = MultiDict(formdata)
        option = options[key]
        for j in range(i, rows[key]):
            for part in row_parts(option):
                later = data.getlist(row_name(option, j + 1, part))
                data.setlist(row_name(option, j, part), later)
        rows[key] -= 1
        data[opt(key, "rows")] = str(rows[key])
        return Editor(rows, data, key)
    return Editor(rows, formdata)


def in_fives(form: Any, field: Field) -> None:
    """A card's value: a multiple of 5, or the card counter and every point total
    would be refused for the rest of the game (a phone tester's "4 to 7" worth 7)."""
    if isinstance(field.data, int) and field.data % 5:
        raise ValidationError(
            _("%(n)s is not a multiple of 5: every card is worth a multiple of 5.", n=field.data)
        )


def option_fields(
    option: Option, value: Any = None, rows: int | None = None
) -> list[tuple[str, Field]]:
    """The form fields of one house-rule option, named after it; list options have
    ``rows`` rows (as many as ``value`` has by default), new ones empty."""
    value = option.default if value is None else value
    number = [InputRequired(), NumberRange(0, POINTS_LIMIT)]
    label = lazy(option_label, option)
    if option.kind == "flag":
        return [(opt(option.key), BooleanField(label, default=value))]
    if option.kind in ("points", "positive"):
        most = POINTS_LIMIT if option.most is None else option.most
        check = [InputRequired(), NumberRange(1 if option.kind == "positive" else 0, most)]
        check += [in_fives] if option.in_fives else []
        return [(opt(option.key), IntegerField(label, check, default=value))]
    if option.kind == "choice":
        choices = [
            SelectChoice(word, lazy(gettext, CHOICES.get(word, word))) for word in option.choices
        ]
        return [(opt(option.key), SelectField(label, choices=choices, default=value))]
    n = rows_of(value) if rows is None else rows
    if option.kind == "rising" and n == 1:  # one number for every round
        one = value[0] if isinstance(value, list) else value
        return [(opt(option.key, 0), IntegerField(_l("every round"), number, default=one))]
    if option.kind in ("by_round", "rising"):
        value = value if isinstance(value, list) else [value]
        return [
            (
                opt(option.key, i),
                IntegerField(_l("round %(n)s", n=i + 1), number, default=at(value, i)),
            )
            for i in range(n)
        ]
    fields = []
    for i in range(n):
        low, need = at(value, i) or (None, None)
        score = NumberRange(-POINTS_LIMIT, POINTS_LIMIT)
        check = [Optional(), score] if i == 0 else [InputRequired(), score]
        low_label = _l("from (blank: any score)") if i == 0 else _l("from")
        fields.append((opt(option.key, i, "low"), IntegerField(low_label, check, default=low)))
        fields.append((opt(option.key, i, "need"), IntegerField(_l("needs"), number, default=need)))
    return fields


def at(values: list[Any], i: int) -> Any:
    return values[i] if i < len(values) else None


def add_fields(
    form_class: type, variant: Variant, values: Mapping[str, Any], rows: Mapping[str, int]
) -> None:
    """Put every house-rule field of ``variant`` on ``form_class``."""
    for option in variant.all_options():
        for name, field_ in option_fields(option, values[option.key], rows.get(option.key)):
            setattr(form_class, name, field_)


def option_names(option: Option, rows: int | None = None) -> list[str]:
    return [name for name, _ in option_fields(option, rows=rows)]


def value_of(form: Any, option: Option, rows: int | None) -> Any:
    """One option's value as typed (lists row by row; thresholds by lowest score)."""
    if option.kind in ("flag", "points", "positive", "choice"):
        value = form[opt(option.key)].data
        return bool(value) if option.kind == "flag" else value
    n = rows_of(option.default) if rows is None else rows
    if option.kind == "rising" and n == 1:
        return form[opt(option.key, 0)].data
    if option.kind in ("by_round", "rising"):
        return [form[opt(option.key, i)].data for i in range(n)]
    table = [
        [form[opt(option.key, i, "low")].data, form[opt(option.key, i, "need")].data]
        for i in range(n)
    ]
    return sorted(table, key=lambda row: (row[0] is not None, row[0] or 0))


def all_values(form: Any, variant: Variant, rows: Mapping[str, int]) -> dict[str, Any]:
    return {o.key: value_of(form, o, rows.get(o.key)) for o in variant.all_options()}


def house_rules(
    form: Any, variant: Variant, rows: Mapping[str, int] | None = None
) -> dict[str, Any]:
    """The options whose values differ from the variant's defaults."""
    values = all_values(form, variant, rows or {})
    return {o.key: values[o.key] for o in variant.all_options() if values[o.key] != o.default}


def check(form: Any, variant: Variant, state: Editor) -> bool:
    """Whether the typed house rules are valid, by the engine's own checks; each
    problem is kept in ``state.errors`` under its option's key."""
    options = variant.all_options()
    if any(form[n].errors for o in options for n in option_names(o, state.rows.get(o.key))):
        return False
    values = all_values(form, variant, state.rows)
    for option in options:
        problem = option_problem(option, values[option.key])
        if problem:
            state.errors.setdefault(option.key, []).append(problem)
    if state.errors:
        return False
    try:
        read_options(variant, house_rules(form, variant, state.rows))
    except ScoringError as error:  # across options (option_error): shown at the option
        key, why = error.params.get("option"), error.params.get("problem")
        if key in {o.key for o in options} and why is not None:
            state.errors.setdefault(str(key), []).append(why)
        else:
            state.errors.setdefault("", []).append(error)
        return False
    return True


def layout(
    form: Any, variant: Variant, state: Editor, players: int | None = None
) -> list[dict[str, Any]]:
    """What the template shows: the options by topic (``TOPICS`` order), each topic
    folded unless it holds a problem or the rows just changed, and saying how many of
    its numbers differ from the sheet's; per option its fields, row by row for lists,
    and where the sheet is silent, why the value is what it is (``fill_words``). With
    ``players``, an option that matters only at other counts is kept but not shown."""
    groups: dict[str, dict[str, Any]] = {
        key: {"topic": key, "title": title, "items": [], "open": False, "changed": 0}
        for key, title in TOPICS.items()
    }
    for option in variant.all_options():
        rows = state.rows.get(option.key)
        names = option_names(option, rows)
        per_row = len(row_parts(option)) if option.kind in LISTS else len(names)
        item = {
            "option": option,
            "list": option.kind in LISTS,
            "rows": [
                [form[n] for n in names[i : i + per_row]] for i in range(0, len(names), per_row)
            ],
            "errors": state.errors.get(option.key, []),
            "fill": fill_words(option),
            "hidden": bool(players and option.players and players not in option.players),
        }
        group = groups[option.topic]
        group["items"].append(item)
        group["shown"] = group.get("shown", 0) + (not item["hidden"])
        group["open"] |= bool(item["errors"] or state.changed_rows == option.key)
        group["open"] |= any(form[n].errors for n in names)
        group["changed"] += value_of(form, option, rows) != option.default
    return [group for group in groups.values() if group["items"]]


def fill_words(option: Option) -> str | None:
    """Where the rule sheet is silent on an option, its value in plain words and the
    reason: "The rule sheet does not say; most tables play 10,000 (...)"."""
    if not option.fill:
        return None
    why = gettext(option.fill)
    if option.kind == "flag":
        if option.default:
            return _(
                "The rule sheet does not say; most tables play with this on (%(why)s).", why=why
            )
        return _("The rule sheet does not say; most tables play with this off (%(why)s).", why=why)
    return _(
        "The rule sheet does not say; most tables play %(value)s (%(why)s).",
        value=value_words(option.default),
        why=why,
    )


def value_words(value: Any) -> str:
    """An option's value as a table says it, in the page's language: "500",
    "50, 90, 120" (by round), "50, 90 from 3,000" (by score)."""
    if not isinstance(value, list):
        return number(value)
    said = []
    for row in value:
        if isinstance(row, list):
            low, need = row
            said.append(
                number(need)
                if low is None
                else _("%(need)s from %(low)s", need=number(need), low=number(low))
            )
        else:
            said.append(number(row))
    return ", ".join(said)


def rule_set_form(
    variant: Variant, values: Mapping[str, Any], state: Editor, name: str = ""
) -> Any:
    """A saved rule set's editor: its name and every house rule."""

    class RuleSetForm(Form):
        name = StringField(
            _l("Name"),
            [DataRequired(_l("Give the rule set a name.")), Length(max=40)],
            filters=[lambda s: " ".join(s.split()) if s else s],
        )

    add_fields(RuleSetForm, variant, values, state.rows)
    return RuleSetForm(formdata=state.formdata, name=name)


def what_if_form(
    variant: Variant, values: Mapping[str, Any], state: Editor, sets: list[dict[str, Any]]
) -> Any:
    """The what-if question (a GET form, changes nothing): a saved rule set, or
    the numbers typed in the editor."""

    class WhatIfForm(Form):
        class Meta:
            csrf = False

        rule_set = SelectField(
            _l("Rules"),
            coerce=ascii_int,
            default=0,
            choices=[
                SelectChoice("0", _l("the numbers below")),
                *(SelectChoice(str(s["id"]), s["name"]) for s in sets),
            ],
        )

    add_fields(WhatIfForm, variant, values, state.rows)
    return WhatIfForm(formdata=state.formdata)


class NameForm(Form):
    """Save a game's house rules as a rule set."""

    name = StringField(
        _l("Save these rules as"), [DataRequired(_l("Give the rule set a name.")), Length(max=40)]
    )


class ConfirmForm(Form):
    """A button that changes something (retire, bring back): the CSRF token only."""
