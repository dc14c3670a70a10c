"""The app's forms. Built per variant from the registry, so a variant's fields
and house rules need no template of their own. Forms never touch the database."""

from __future__ import annotations

import unicodedata
from datetime import date
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    DateField,
    Field,
    HiddenField,
    IntegerField,
    PasswordField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import (
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    Regexp,
    ValidationError,
)

from ..scoring import VARIANTS, Variant
from ..scoring.fields import POINTS_LIMIT
from .round_form import STALE_FORM

NAME_LENGTH = 40


class ChooseVariantForm(FlaskForm):
    """Step one of a new game: the variant and how many play (a GET form)."""

    class Meta:
        csrf = False

    variant = SelectField("Game", choices=[SelectChoice(v.id, v.name) for v in VARIANTS.values()])
    players = IntegerField("Players", [InputRequired(), NumberRange(2, 12)], default=4)

    def validate_players(self, field: Field) -> None:
        variant = VARIANTS.get(self.variant.data or "")
        if variant and field.data not in variant.players:
            allowed = ", ".join(str(p) for p in variant.players)
            raise ValidationError(f"{variant.name} is played by {allowed} players")


def printable(form: FlaskForm, field: Field) -> None:
    """A name is shown on every page and printout: no control characters."""
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in field.data or ""):
        raise ValidationError("Letters, digits and punctuation only, please.")


def multiple_of_5(form: FlaskForm, field: Field) -> None:
    if field.data and field.data % 5:
        raise ValidationError("Scores are multiples of 5.")


def opt(key: str, *parts: object) -> str:
    return "_".join(["opt", key.replace("-", "_"), *(str(p) for p in parts)])


def new_game_form(variant: Variant, players: int) -> FlaskForm:
    """Step two: seats, evening, first dealer and every house rule of the variant."""

    class NewGameForm(FlaskForm):
        date = DateField("Date", default=date.today)
        evening = SelectField("Evening", coerce=int, default=0)
        passphrase = PasswordField(
            "Scorer passphrase (optional)",
            [Optional(), Length(min=4, max=200)],
            description="Only people who type it may enter or correct rounds; "
            "everyone else sees the game read-only.",
        )
        first_dealer = SelectField(
            "First dealer",
            coerce=int,
            default=0,  # not asked where the variant has no dealer
            choices=[SelectChoice(str(i), f"Seat {i + 1}") for i in range(players)],
        )

        def validate(self, extra_validators: Any = None) -> bool:
            ok = super().validate(extra_validators)
            seen: dict[str, str] = {}
            for i in range(players):
                field = self[f"seat{i}"]
                key = (field.data or "").strip().casefold()
                if key in seen:
                    field.errors.append(f"{field.data} already sits in {seen[key]}")
                    ok = False
                seen.setdefault(key, field.label.text)
            return bool(ok)

    for i in range(players):
        seat = StringField(
            f"Seat {i + 1}",
            [DataRequired("Who sits here?"), Length(max=NAME_LENGTH), printable],
            filters=[lambda s: " ".join(s.split()) if s else s],
            render_kw={"list": "known-players", "autocomplete": "off"},
        )
        setattr(NewGameForm, f"seat{i}", seat)
    for option in variant.all_options():
        for name, field in option_fields(option):
            setattr(NewGameForm, name, field)
    start = [Optional(), NumberRange(-10 * POINTS_LIMIT, 10 * POINTS_LIMIT), multiple_of_5]
    NewGameForm.start_rounds = IntegerField(
        "Rounds already played", [Optional(), NumberRange(0, 200)],
        render_kw={"inputmode": "numeric", "min": 0},
    )  # fmt: skip
    for side in range(len(variant.arrangement(players))):
        total = IntegerField(f"Side {side + 1}", start, render_kw={"inputmode": "numeric"})
        setattr(NewGameForm, f"start_total{side}", total)
    return NewGameForm()


def paper_start(form: FlaskForm, sides: list[str]) -> dict[str, Any] | None:
    """The running totals (and rounds) a table brings over from paper, if any."""
    totals = {side: form[f"start_total{i}"].data or 0 for i, side in enumerate(sides)}
    rounds = form.start_rounds.data or 0
    if not rounds and not any(totals.values()):
        return None
    return {"totals": {s: t for s, t in totals.items() if t}, "rounds": rounds}


def option_fields(option: Any) -> list[tuple[str, Field]]:
    """The form fields of one house-rule option, named after it."""
    number = [InputRequired(), NumberRange(0, POINTS_LIMIT)]
    if option.kind == "flag":
        return [(opt(option.key), BooleanField(option.label, default=option.default))]
    if option.kind in ("points", "positive"):
        least = 1 if option.kind == "positive" else 0
        check = [InputRequired(), NumberRange(least, POINTS_LIMIT)]
        return [(opt(option.key), IntegerField(option.label, check, default=option.default))]
    if option.kind == "by_round":
        return [
            (opt(option.key, i), IntegerField(f"round {i + 1}", number, default=v))
            for i, v in enumerate(option.default)
        ]
    fields = []
    for i, (low, need) in enumerate(option.default):
        if low is not None:
            check = [InputRequired(), NumberRange(-POINTS_LIMIT, POINTS_LIMIT)]
            fields.append((opt(option.key, i, "low"), IntegerField("from", check, default=low)))
        label = "below" if low is None else "needs"
        fields.append((opt(option.key, i, "need"), IntegerField(label, number, default=need)))
    return fields


def option_names(option: Any) -> list[str]:
    return [name for name, _ in option_fields(option)]


def house_rules(form: FlaskForm, variant: Variant) -> dict[str, Any]:
    """The options whose values differ from the variant's defaults."""
    changed = {}
    for option in variant.all_options():
        if option.kind in ("flag", "points", "positive"):
            value = form[opt(option.key)].data
            value = bool(value) if option.kind == "flag" else value
        elif option.kind == "by_round":
            value = [form[opt(option.key, i)].data for i in range(len(option.default))]
        else:
            value = [
                [None if low is None else form[opt(option.key, i, "low")].data,
                 form[opt(option.key, i, "need")].data]
                for i, (low, _) in enumerate(option.default)
            ]  # fmt: skip
        if value != option.default:
            changed[option.key] = value
    return changed


def evening_choices(evenings: list[dict[str, Any]]) -> list[SelectChoice]:
    """A new evening, or one already started on the chosen date."""
    started = [SelectChoice(str(e["id"]), e["name"] or f"evening {e['id']}") for e in evenings]
    return [SelectChoice("0", "a new evening"), *started]


class PassphraseForm(FlaskForm):
    passphrase = PasswordField("Scorer passphrase", [DataRequired(), Length(max=200)])


class EveningForm(FlaskForm):
    name = StringField("Name", [Length(max=80), printable])
    note = TextAreaField("Note", [Length(max=2000)])


class ImportForm(FlaskForm):
    file = FileField("A Scorekeeper JSON export", [FileRequired("Choose the exported file.")])


class DeleteRoundForm(FlaskForm):
    version = HiddenField(
        validators=[DataRequired(STALE_FORM), Regexp(r"^[0-9]{1,9}$", message=STALE_FORM)]
    )
