"""The app's forms. Built per variant from the registry, so a variant's fields
and house rules need no template of their own. Forms never touch the database."""

from __future__ import annotations

from typing import Any

from flask import request
from flask_wtf.file import FileField, FileRequired
from wtforms import (
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
from ...scoring import VARIANTS, adjustments
from ..http.i18n import _, lazy_gettext as _l
from .base import Form
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
    what (a phone tester missed a passphrase refused far below the fold). A table of
    fields (a FieldList) is gone through row by row, each problem linking to its own
    field and saying its row; the table's own problem links to its first field."""
    found = []
    for field in form:
        if field.type == "CSRFTokenField":
            continue
        if field.type == "FormField":
            found += problems_of(field.form)
            continue
        rows = list(field) if field.type == "FieldList" else []
        first = next((f.id for row in rows for f in fields_of(row)), field.id)
        label = str(field.label.text)
        for error in field.errors:
            if not isinstance(error, dict | list):  # a row's own are listed below
                found.append({"href": f"#{first}", "text": labelled(label, str(error))})
        for n, row in enumerate(rows, start=1):
            for problem in problems_of_row(row):
                said = _("Row %(n)s: %(what)s", n=n, what=problem["text"])
                found.append({"href": problem["href"], "text": said})
    return found


def fields_of(row: Any) -> list[Any]:
    """The fields of one row of a FieldList: a FormField's, or the row itself."""
    return list(row.form) if row.type == "FormField" else [row]


def problems_of_row(row: Any) -> list[dict[str, str]]:
    """One row's problems (``problems_of``), without saying the row."""
    if row.type == "FormField":
        return problems_of(row.form)
    said = str(row.label.text)
    return [{"href": f"#{row.id}", "text": labelled(said, str(e))} for e in row.errors]


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


NEW_EVENING_CHOICE = "new"  # the evening choice that starts a new evening


def evening_choice(value: Any) -> int:
    """The new-game form's evening as ``evenings.evening_for`` takes it: an id,
    0 for the table's own evening, or ``NEW_EVENING`` for a new one.

    >>> evening_choice("new"), evening_choice("0"), evening_choice("12")
    (-1, 0, 12)
    """
    return NEW_EVENING if value == NEW_EVENING_CHOICE else ascii_int(value)


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
