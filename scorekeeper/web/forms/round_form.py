"""The round form: one section per side with the fields the variant (and the
game's house rules) score, who went out chosen once for the whole round, and a
card counter under every points field. Built from the registry, so a variant
needs no template of its own. Forms never touch the database.

Numbers are typed on a phone: a field keeps exactly what was typed, and
anything that is not a whole number is refused with a message in the scorer's
words, never silently changed ("12a" is not 12, "1,5" is not 15).
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from flask import request
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    RadioField,
    SelectChoice,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import Optional, Regexp, StopValidation
from wtforms.widgets import CheckboxInput, ListWidget

from ...scoring import FIELDS, Variant, card_points
from ...scoring.fields import COUNT_LIMIT, POINTS_LIMIT
from ...scoring.rules import Rules
from ..http.i18n import _, language, lazy_gettext as _l
from ..http.page_cache import digest
from . import adjustments
from .base import Form
from .typed_numbers import number_problem, value_of

STALE_FORM = _l("This form is out of date: open the round again from the scoreboard.")
CARD_LIMIT = 200  # cards of one class in one pile: more than any pack holds
NOBODY = "-"  # the "who went out" choice when nobody did


class WholeNumberField(StringField):
    """A count or a card-point total: empty (0) or a whole number from 0 to
    ``limit``, a multiple of 5 for points. The typed text is kept as typed."""

    def __init__(self, label: str, *, limit: int, points: bool = False, **kwargs: Any) -> None:
        render = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
        super().__init__(label, render_kw={**render, **kwargs.pop("render_kw", {})}, **kwargs)
        self.limit, self.points, self.number = limit, points, 0

    def process_formdata(self, valuelist: list[Any]) -> None:
        self.data = str(valuelist[0]).strip() if valuelist else ""

    def pre_validate(self, form: Any) -> None:
        self.number = 0
        problem = number_problem(str(self.label.text), self.data or "", self.limit, self.points)
        if problem:
            raise StopValidation(problem)
        self.number = value_of(self.data or "", self.points)


def label_of(variant: Variant, field: str) -> str:
    """A round field's label in the variant's words and the page's language."""
    return _(variant.field_label(field))


def field_name(side: int, field: str, card: str | None = None) -> str:
    return f"s{side}_{field}" + (f"__{card}" if card else "")


class PlayerChecks(SelectMultipleField):
    """Which players of a side did something (picked up their weeper): one
    checkbox each; the field's number is how many."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    @property
    def number(self) -> int:
        return len(self.data or [])


def round_form(
    variant: Variant,
    sides: list[str],
    rules: Rules,
    members: dict[str, list[str]] | None = None,
    counters: bool | None = None,
    adjusting: bool | None = True,
    **kwargs: Any,
) -> Any:
    """The form of one round of a game with these ``sides`` and ``rules``; with
    the players of each side (``members``), weepers picked up are ticked by name.
    The form class is made once per kind of game and kept; the form is new.

    The card counters' fields (24 of a classic form's 42) are left out of a form
    posted with every counter empty, as most saves are: WTForms builds and checks
    every field of a form on every request. With ``adjusting`` None, so are the
    sides' adjustments (6 of the 26 left) when posted empty (``adjusted``): the
    round screen asks for that where no phone's part is compared field by field
    with the form. ``with_counters`` gives the whole form when such a form is to
    be shown again."""
    items = posted_items(kwargs.get("formdata")) if None in (counters, adjusting) else None
    if counters is None:
        counters = counted(items)
    if adjusting is None:
        adjusting = adjusted(items)
    parts = [language(), variant.id, sides, dict(rules), members or {}, counters, adjusting]
    key = digest(parts)  # labels: the reader's language
    made = FORM_CLASSES.get(key)
    if made is None or made[0] is not variant:
        if len(FORM_CLASSES) >= FORM_CLASSES_KEPT:
            FORM_CLASSES.clear()
        kind = round_form_class(variant, sides, rules, members, counters, adjusting)
        made = FORM_CLASSES[key] = (variant, kind)
    form = made[1](**kwargs)
    form.made_with = (variant, sides, rules, members, kwargs)
    return form


COUNTER = re.compile(r"s[0-9]+_[a-z_]+__[a-z_]+")  # a card counter's field name
POSTED = ("POST", "PUT", "PATCH", "DELETE")


def posted_items(formdata: Any) -> list[tuple[str, Any]] | None:
    """Every name and value of ``formdata`` (else of the request's form, if posted);
    None for a form that is not posted (it is to be shown)."""
    if formdata is None:
        if request.method not in POSTED:
            return None
        formdata = request.form
    items = formdata.items(multi=True) if hasattr(formdata, "getlist") else formdata.items()
    return list(items)


def counted(items: list[tuple[str, Any]] | None) -> bool:
    """Whether a form needs its card counters: when it is not posted (``items`` None:
    it is to be shown), or when a counter was typed in (``posted_items``)."""
    return items is None or any(COUNTER.fullmatch(k) and str(v).strip() for k, v in items)


def adjusted(items: list[tuple[str, Any]] | None) -> bool:
    """Whether a form needs its adjustments' fields: when it is not posted, or when
    one of them holds something (``adjustments.typed``)."""
    return items is None or adjustments.typed(items)


def with_counters(form: Any) -> Any:
    """``form`` with its card counters and adjustments, to be shown: itself if it
    has them, else the whole form made from the same data, with every value, error
    and message the lean one was given."""
    if form.counters and form.adjusting:
        return form
    variant, sides, rules, members, kwargs = form.made_with
    whole = round_form(variant, sides, rules, members, counters=True, **kwargs)
    for field in form:
        twin = whole[field.name]
        twin.data, twin.errors = field.data, list(field.errors)
        if isinstance(field, WholeNumberField):
            twin.number = field.number
    whole.form_errors = list(form.form_errors)
    return whole


FORM_CLASSES: dict[str, tuple[Variant, type]] = {}
FORM_CLASSES_KEPT = 512  # kinds of game (variant, sides, house rules, players, counters)


def hidden_whole(most: int) -> list[Any]:
    """A hidden round number or version: absent, or 1 to ``most`` of the digits 0-9.
    Whitespace is not absent (WTForms' ``Optional`` would let " " through to ``int``)."""
    pattern = rf"[0-9]{{1,{most}}}\Z"  # \Z: "$" would also take "1" and a newline
    return [Optional(strip_whitespace=False), Regexp(pattern, message=STALE_FORM)]


def round_form_class(
    variant: Variant,
    sides: list[str],
    rules: Rules,
    members: dict[str, list[str]] | None,
    counters: bool = True,
    adjusting: bool = True,
) -> type:
    """A new form class for a round of such a game (with the card counters' fields
    or without them; with the sides' adjustments or without them)."""

    class RoundForm(Form):
        version = HiddenField(validators=hidden_whole(9))
        number = HiddenField(validators=hidden_whole(6))
        key = HiddenField(default=lambda: uuid.uuid4().hex)  # one round per submission
        confirm_empty = HiddenField()
        parts = HiddenField()  # the phones' parts it was filled from (table_view.parts_seen)
        went_out = RadioField(
            _("Who went out?"),
            choices=[
                SelectChoice(NOBODY, _("Nobody")),
                *(SelectChoice(str(i), side) for i, side in enumerate(sides)),
            ],
            default=NOBODY,
        )
        concealed = BooleanField(label_of(variant, "concealed"))

    RoundForm.counters, RoundForm.adjusting = counters, adjusting
    for i, side in enumerate(sides):
        for name in side_fields(variant, rules):
            for field_key, field in side_field(variant, i, name, counters):
                setattr(RoundForm, field_key, field)
        for field_key, field in adjustments.fields_of(i) if adjusting else []:
            setattr(RoundForm, field_key, field)
        players = (members or {}).get(side, [])
        if "weepers_picked_up" in variant.fields and len(players) > 1:
            ticks = [SelectChoice(str(n), who) for n, who in enumerate(players)]
            label = label_of(variant, "weepers_picked_up")
            setattr(
                RoundForm, field_name(i, "weepers_picked_up"), PlayerChecks(label, choices=ticks)
            )
    return RoundForm


def side_fields(variant: Variant, rules: Rules) -> list[str]:
    """The per-side fields of the form: who went out (and concealed) is asked once."""
    return [f for f in variant.fields_in_play(rules) if f not in ("went_out", "concealed")]


def side_field(
    variant: Variant, side: int, name: str, counters: bool = True
) -> list[tuple[str, Field]]:
    """One side's form field for ``name``, and its card counter's fields."""
    spec = variant.field_spec(name)
    if spec.kind == "flag":
        return [(field_name(side, name), BooleanField(_(spec.label)))]
    points = spec.kind == "points"
    # a points field takes a sum ("120+85+40"): the phone's keypad with a plus on it
    hint = {"enterkeyhint": "next", "inputmode": "tel", "pattern": False, "data-sum": True}
    hint = hint if points else {}
    limit = POINTS_LIMIT if points else COUNT_LIMIT
    fields: list[tuple[str, Field]] = [
        (
            field_name(side, name),
            WholeNumberField(_(spec.label), limit=limit, points=points, render_kw=hint),
        )
    ]
    if points and counters:
        for card in variant.counter_cards(name):
            counter = WholeNumberField(_(card.label), limit=CARD_LIMIT)
            fields.append((field_name(side, name, card.key), counter))
    return fields


def form_data_from(
    entries: dict[str, Any], sides: list[str], members: dict[str, list[str]] | None = None
) -> dict[str, Any]:
    """Form values for a stored round (to correct it). A stored count of weepers
    picked up ticks that many of the side's players, in seat order."""
    data: dict[str, Any] = {}
    for i, side in enumerate(sides):
        data.update(adjustments.form_data_of(i, entries.get(side, {})))
        for name, value in entries.get(side, {}).items():
            if name in ("adjustment", "note"):
                continue
            if name == "weepers_picked_up" and len((members or {}).get(side, [])) > 1:
                data[field_name(i, name)] = [str(n) for n in range(value)]
            elif name == "went_out" and value:
                data["went_out"] = str(i)
            elif name == "concealed":
                data["concealed"] = bool(value)
            else:
                data[field_name(i, name)] = value if isinstance(value, bool) else str(value)
    return data


def out_least(variant: Variant, rules: Rules, number: int = 1) -> dict[str, int]:
    """The counts a side that went out in round ``number`` has at least, by the rules:
    the canastas of one kind that going out needs (hand-and-foot's clean and dirty
    piles, samba-foot's red and black canastas; not "a canasta" of any kind, which
    says no field)."""
    return {
        need.fields[0]: need.least(rules, number)
        for need in variant.out_needs
        if len(need.fields) == 1
        and need.least(rules, number) > 0
        and need.fields[0] in variant.fields
    }


def went_out_data(
    variant: Variant,
    rules: Rules,
    sides: list[str],
    members: dict[str, list[str]] | None,
    out: int | None,
    number: int = 1,
) -> dict[str, Any]:
    """Form values for a new round whose side that went out is already known (chosen
    on the scoreboard): that side, the counts going out needs at least (``out_least``)
    and, where going out needs every weeper picked up (weeping), its players' weepers
    ticked. Nothing for an unknown side."""
    if out is None or not 0 <= out < len(sides):
        return {}
    data: dict[str, Any] = {"went_out": str(out)}
    for name, least in out_least(variant, rules, number).items():
        data[field_name(out, name)] = str(least)
    players = (members or {}).get(sides[out], [])
    if "weepers_picked_up" in variant.fields and len(players) > 1:
        data[field_name(out, "weepers_picked_up")] = [str(n) for n in range(len(players))]
    return data


def entries_from(form: Any, variant: Variant, sides: list[str], rules: Rules) -> dict[str, Any]:
    """The round as the JSON contract's ``{side: {field: value}}``, leaving out defaults.
    A card count fills in its points field; a counter that disagrees with the
    typed points puts an error on the field (check ``form.errors`` after)."""
    out = form.went_out.data
    entries: dict[str, dict[str, Any]] = {}
    for i, side in enumerate(sides):
        fields: dict[str, Any] = {}
        for name in side_fields(variant, rules):
            value = points_value(form, variant, i, name, rules)
            if value:
                fields[name] = value
        fields.update(adjustments.entries_of(form, i))
        if out == str(i):
            fields["went_out"] = True
            if variant.uses("concealed") and form.concealed.data:
                fields["concealed"] = True
        entries[side] = fields
    if variant.uses("concealed") and form.concealed.data and out not in map(str, range(len(sides))):
        form.concealed.errors.append(CONCEALED_ALONE)  # never dropped without a word
    return entries


CONCEALED_ALONE = _l("Going out concealed needs the side that went out: choose it above.")


def points_value(form: Any, variant: Variant, side: int, name: str, rules: Rules) -> Any:
    """A field's value; for points, the card counter's total when only it was used."""
    field = form[field_name(side, name)]
    if FIELDS[name].kind == "flag":
        return bool(field.data)
    if FIELDS[name].kind != "points":
        return field.number
    keys = (field_name(side, name, c.key) for c in variant.counter_cards(name))
    counts = {key.rsplit("__", 1)[1]: form[key].number for key in keys if key in form}
    counted = card_points(variant, counts, rules) if any(counts.values()) else None
    if counted is not None and field.data and field.number != counted:
        field.errors.append(
            _(
                "The card counter makes %(counted)s, not %(typed)s.",
                counted=counted,
                typed=field.number,
            )
        )
    return counted if counted is not None and not field.data else field.number


def is_empty(entries: dict[str, Any]) -> bool:
    return not any(entries.values())


def spare_the_out_side(form: Any, variant: Variant, rules: Rules) -> bool:
    """Drop the problems of the fields the side that went out does not count (its
    hand, say): the page hides them once that side is chosen, so a typo left in one
    must not stop the save. Whether the form is valid then."""
    out = form.went_out.data
    if out is not None and out.isdigit():
        for name in spared_when_out(variant, rules):
            key = field_name(int(out), name)
            spared = [
                key,
                *(field_name(int(out), name, c.key) for c in variant.counter_cards(name)),
            ]
            for field in (form[k] for k in spared if k in form):
                field.errors = []
                if hasattr(field, "number"):
                    field.number = 0
    return not form.form_errors and not any(field.errors for field in form)


def spared_when_out(variant: Variant, rules: Rules) -> list[str]:
    """Fields the side that went out does not count under ``rules`` (its hand, say)."""
    return [p.field for p in variant.card_penalties(rules) if not p.out_side]
