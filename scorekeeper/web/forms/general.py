"""The app's forms. Built per variant from the registry, so a variant's fields
and house rules need no template of their own. Forms never touch the database."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from flask import request
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    DateField,
    Field,
    HiddenField,
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

from ...data import checks
from ...data.games.evenings import NEW_EVENING
from ...scoring import VARIANTS, Variant, adjustments
from ...scoring.fields import POINTS_LIMIT
from ...scoring.seating import side_choices
from ..http.i18n import _, lazy_gettext as _l
from ..http.security import MIN_PASSPHRASE
from .base import Form
from .option_form import add_fields
from .round_errors import labelled
from .round_form import STALE_FORM as STALE_FORM
from .whole_numbers import IntegerField, ascii_int, digits

ID_LIMIT = 2**63 - 1  # the largest id SQLite holds


def query_id(name: str) -> int | None:
    """A whole-number id from the query string (``?rule_set=3``), or None when it is
    missing or not one SQLite could hold: digits 0-9 only, never a 500.

    >>> from flask import Flask
    >>> with Flask(__name__).test_request_context("/?a=3&b=99999999999999999999&c=１"):
    ...     [query_id(k) for k in "abcd"]
    [3, None, None, None]
    """
    value = digits(request.args.get(name, ""), 19)
    return value if value is not None and value <= ID_LIMIT else None


NAME_LENGTH = checks.SEAT_NAME_LENGTH


class ChooseVariantForm(Form):
    """Step one of a new game: the variant and how many play (a GET form)."""

    class Meta:
        csrf = False

    variant = SelectField(
        _l("Game"), choices=[SelectChoice(v.id, _l(v.name)) for v in VARIANTS.values()]
    )
    players = IntegerField(_l("Players"), [InputRequired(), NumberRange(2, 12)], default=4)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sets: dict[str, str] = {}  # a saved rule set's choice -> its variant

    def variant_id(self) -> str:
        return self.sets.get(self.variant.data or "", self.variant.data or "")

    def validate_players(self, field: Field) -> None:
        variant = VARIANTS.get(self.variant_id())
        if variant and field.data not in variant.players:
            allowed = ", ".join(str(p) for p in variant.players)
            raise ValidationError(
                _(
                    "%(variant)s is played by %(allowed)s players",
                    variant=_(variant.name),
                    allowed=allowed,
                )
            )


SHORT_PASSPHRASE = _l(
    "Use 8 to 200 characters (a few words are easiest to remember). "
    "It is not shown again: type it once more."
)


def problems_of(form: Any) -> list[dict[str, str]]:
    """Every field's problem, for the summary at the top of a long form: where, and
    what (a phone tester missed a passphrase refused far below the fold)."""
    return [
        {"href": f"#{field.id}", "text": labelled(str(field.label.text), str(error))}
        for field in form
        if field.type != "CSRFTokenField"
        for error in field.errors
    ]


def printable(form: Form, field: Field) -> None:
    """A name is shown on every page and printout: the check the API and import make too."""
    if checks.name_problem(field.data or "", 10**6):  # the length is Length's to check
        raise ValidationError(_l("Letters, digits and punctuation only, please."))


def unturned(form: Form, field: Field) -> None:
    """Text of many lines (an evening's note): no mark that turns it around, as in names."""
    if any(c in adjustments.TURNING for c in field.data or ""):
        raise ValidationError(_l("No marks that turn the text around, please."))


def multiple_of_5(form: Form, field: Field) -> None:
    if field.data and field.data % 5:
        raise ValidationError(_l("Scores are multiples of 5."))


def side_options(variant: Variant, players: int) -> list[SelectChoice]:
    """Teams or each alone, where the variant lets the table choose."""
    counts = side_choices(variant, players)
    if len(counts) < 2:
        return []
    return [
        SelectChoice(
            str(n),
            _("each alone")
            if n == players
            else _("in %(teams)s teams of %(size)s", teams=n, size=players // n),
        )
        for n in counts
    ]


NEW_EVENING_CHOICE = "new"  # the evening choice that starts a new evening


def evening_choice(value: Any) -> int:
    """The new-game form's evening as ``evenings.evening_for`` takes it: an id,
    0 for the table's own evening, or ``NEW_EVENING`` for a new one.

    >>> evening_choice("new"), evening_choice("0"), evening_choice("12")
    (-1, 0, 12)
    """
    return NEW_EVENING if value == NEW_EVENING_CHOICE else ascii_int(value)


def new_game_form(
    variant: Variant,
    players: int,
    values: Mapping[str, Any] | None = None,
    rows: Mapping[str, int] | None = None,
    formdata: Any = None,
) -> Form:
    """Step two: seats, evening, first dealer and every house rule of the variant
    (filled in with ``values``, list options with ``rows`` rows)."""

    arrangements = side_options(variant, players)

    class NewGameForm(Form):
        date = DateField(_l("Date"), default=date.today)
        evening = SelectField(_l("Evening"), coerce=evening_choice, default=0)
        passphrase = PasswordField(
            _l("Scorer passphrase (optional)"),
            [Optional(), Length(min=MIN_PASSPHRASE, max=200, message=SHORT_PASSPHRASE)],
            description=_l(
                "At least 8 characters. Only people who type it may enter or correct rounds; "
                "everyone else sees the game read-only."
            ),
        )
        sides = SelectField(
            _l("How you play"),
            choices=arrangements,
            default=arrangements[0].value if arrangements else None,  # teams, as usual
            validate_choice=bool(arrangements),
        )
        first_dealer = SelectField(
            _l("First dealer"),
            coerce=ascii_int,
            default=0,  # not asked where the variant has no dealer
            choices=dealer_choices([None] * players),
        )

        def validate(self, extra_validators: Any = None) -> bool:
            ok = super().validate(extra_validators)
            seen: dict[str, str] = {}
            for i in range(players):
                field = self[f"seat{i}"]
                key = checks.name_key(field.data or "")
                if key and key in seen:  # an empty seat is DataRequired's to name
                    field.errors.append(
                        _("%(name)s already sits in %(seat)s", name=field.data, seat=seen[key])
                    )
                    ok = False
                seen.setdefault(key, str(field.label.text))
            return bool(ok)

    for i in range(players):
        seat = StringField(
            _("Seat %(n)s", n=i + 1),
            [DataRequired(_l("Who sits here?")), Length(max=NAME_LENGTH), printable],
            filters=[lambda s: " ".join(s.split()) if s else s],
            render_kw={"list": "known-players", "autocomplete": "off"},
        )
        setattr(NewGameForm, f"seat{i}", seat)
    add_fields(NewGameForm, variant, values or variant.defaults(), rows or {})
    NewGameForm.save_as = rule_set_name_field(_l("Save these house rules as… (optional)"))
    start = [Optional(), NumberRange(-10 * POINTS_LIMIT, 10 * POINTS_LIMIT), multiple_of_5]
    NewGameForm.start_rounds = IntegerField(
        _l("Rounds already played"),
        [Optional(), NumberRange(0, 200)],
        render_kw={"inputmode": "numeric", "min": 0},
    )
    most = max([len(variant.arrangement(players)), *side_choices(variant, players)])
    for side in range(most):  # a total for every side the table may choose to have
        total = IntegerField(_("Side %(n)s", n=side + 1), start, render_kw={"inputmode": "numeric"})
        setattr(NewGameForm, f"start_total{side}", total)
    form = NewGameForm(formdata=formdata) if formdata is not None else NewGameForm()
    form.first_dealer.choices = dealer_choices([form[f"seat{i}"].data for i in range(players)])
    return form


def dealer_choices(names: list[str | None]) -> list[SelectChoice]:
    """The first-dealer picker: each seat by the name typed in it ("Ann (seat 1)"),
    or by its number while it is empty ("Seat 2"); seats.js keeps them so as names
    are typed."""
    return [
        SelectChoice(
            str(i),
            _("%(name)s (seat %(n)s)", name=name, n=i + 1) if name else _("Seat %(n)s", n=i + 1),
        )
        for i, name in enumerate(" ".join((n or "").split()) for n in names)
    ]


def paper_start(form: Form, sides: list[str]) -> dict[str, Any] | None:
    """The running totals (and rounds) a table brings over from paper, if any."""
    totals = {side: form[f"start_total{i}"].data or 0 for i, side in enumerate(sides)}
    rounds = form.start_rounds.data or 0
    if not rounds and not any(totals.values()):
        return None
    return {"totals": {s: t for s, t in totals.items() if t}, "rounds": rounds}


def rule_set_name_field(label: str, required: bool = False) -> StringField:
    """A saved rule set's name, e.g. "Friday rules"."""
    need = DataRequired(_l("Give the rule set a name.")) if required else Optional()
    return StringField(
        label,
        [need, Length(max=NAME_LENGTH), printable],
        filters=[lambda s: " ".join(s.split()) if s else s],
    )


class PassphraseForm(Form):
    passphrase = PasswordField(_l("Scorer passphrase"), [DataRequired(), Length(max=200)])


class EveningForm(Form):
    name = StringField(_l("Name"), [Length(max=80), printable])
    note = TextAreaField(_l("Note"), [Length(max=2000), unturned])


class ImportForm(Form):
    file = FileField(
        _l("A Scorekeeper JSON export"), [FileRequired(_l("Choose the exported file."))]
    )


# -- names, removals, the next game ----------------------------------------


def one_line(text: str | None) -> str | None:
    """Runs of spaces (and line breaks) as one space, as seats are typed."""
    return " ".join(text.split()) if text else text


class GameNameForm(Form):
    name = StringField(
        _l("Name of this game"),
        [Length(max=checks.GAME_NAME_LENGTH), printable],
        filters=[one_line],
        description=_l(
            "Shown on the scoreboard, the list of games and the evening. "
            "Leave it empty to call the game by its variant."
        ),
    )


class PlayerNameForm(Form):
    name = StringField(
        _l("New name"),
        [DataRequired(_l("Type the new name.")), Length(max=NAME_LENGTH), printable],
        filters=[one_line],
        render_kw={"autocomplete": "off"},
    )


class RemoveForm(Form):
    by = StringField(
        _l("Who is removing it? (optional)"),
        [Length(max=NAME_LENGTH), printable],
        filters=[one_line],
        render_kw={"list": "known-players", "autocomplete": "off"},
    )


class UndoForm(Form):
    """Only the CSRF token: the removal is in the URL."""


class AgainForm(Form):
    """Only the CSRF token: the game it follows is in the URL, and one game
    follows a game (see ``data.games.games.play_again``), so a double tap starts one."""


class DeleteRoundForm(Form):
    version = HiddenField(
        validators=[DataRequired(STALE_FORM), Regexp(r"^[0-9]{1,9}$", message=STALE_FORM)],
        filters=[lambda v: None if v is None else str(v)],  # the stored version is an int
    )


class UndoRoundForm(DeleteRoundForm):
    """Undo the round just saved: that round, as that saving left it."""

    saving = HiddenField()  # which saving of the round (``data.games.rounds.undoable``)


class LeaderboardForm(Form):
    """Which leaderboard: a variant (or all), a period, the fewest games (a GET form)."""

    class Meta:
        csrf = False

    scope = SelectField(
        _l("Game"),
        choices=[
            SelectChoice("all", _l("All games")),
            *(SelectChoice(v.id, _l(v.name)) for v in VARIANTS.values()),
        ],
        default="all",
    )
    period = SelectField(
        _l("Period"),
        choices=[
            SelectChoice("month", _l("This month")),
            SelectChoice("season", _l("This season (quarter)")),
            SelectChoice("year", _l("The last 12 months")),
            SelectChoice("all", _l("All time")),
        ],
        default="all",
    )
    least = IntegerField(_l("Fewest games"), [InputRequired(), NumberRange(1, 1000)], default=3)
