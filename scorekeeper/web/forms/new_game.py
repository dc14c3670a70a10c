"""The new game's second step: who plays (names optional, typed team by team), the
first dealer, and folded below the Start button everything a first game can leave as
it is: the scorer passphrase, the date and evening, a paper score carried on, and
every house rule of the variant. Forms never touch the database."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from wtforms import DateField, PasswordField, SelectChoice, SelectField, StringField
from wtforms.validators import Length, NumberRange, Optional

from ...data import checks
from ...scoring import Variant
from ...scoring.fields import POINTS_LIMIT
from ...scoring.seating import side_choices, side_count, side_names
from ..http.i18n import _, lazy_gettext as _l
from ..http.security import MIN_PASSPHRASE
from .base import Form
from .general import (
    NAME_LENGTH,
    SHORT_PASSPHRASE,
    evening_choice,
    multiple_of_5,
    printable,
    rule_set_name_field,
)
from .option_form import add_fields
from .whole_numbers import IntegerField, ascii_int

PARTLY_NAMED = _l("Who sits here? Name every seat, or none.")


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


def unnamed_sides(count: int, players: int) -> list[str]:
    """The sides of a game started without names: "Us" and "Them" for two sides,
    else numbered players or teams, in the reader's language.

    >>> from flask import Flask
    >>> from flask_babel import Babel
    >>> app = Flask(__name__)
    >>> _ = Babel(app)
    >>> with app.test_request_context():
    ...     unnamed_sides(2, 4), unnamed_sides(3, 3), unnamed_sides(3, 6)
    (['Us', 'Them'], ['Player 1', 'Player 2', 'Player 3'], ['Team 1', 'Team 2', 'Team 3'])
    """
    if count == 2:
        return [_("Us"), _("Them")]
    if count == players:
        return [_("Player %(n)s", n=n) for n in range(1, count + 1)]
    return [_("Team %(n)s", n=n) for n in range(1, count + 1)]


def seat_groups(variant: Variant, players: int) -> list[list[int]]:
    """The seats as the form asks for them: team by team (partners sit alternately,
    so team 1 is seats 1 and 3 of four), and everyone in seat order where each plays
    alone. A scorer typing the teams in order seats partners together.

    >>> from scorekeeper.scoring import get_variant
    >>> seat_groups(get_variant("classic"), 4), seat_groups(get_variant("classic"), 3)
    ([[0, 2], [1, 3]], [[0, 1, 2]])
    """
    k = side_count(variant, players)
    if k == players:
        return [list(range(players))]
    return [[seat for seat in range(players) if seat % k == side] for side in range(k)]


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
            seats = [self[f"seat{i}"] for i in range(players)]
            named = any(field.data for field in seats)
            seen: dict[str, str] = {}
            for field in seats:
                key = checks.name_key(field.data or "")
                if named and not key and not field.errors:  # names are all or none
                    field.errors.append(str(PARTLY_NAMED))
                    ok = False
                elif key and key in seen:
                    field.errors.append(
                        _("%(name)s already sits in %(seat)s", name=field.data, seat=seen[key])
                    )
                    ok = False
                if key:
                    seen.setdefault(key, str(field.label.text))
            return bool(ok)

    for i in range(players):
        seat = StringField(
            _("Seat %(n)s", n=i + 1),
            [Optional(), Length(max=NAME_LENGTH), printable],
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


def seats_and_sides(form: Form, variant: Variant, players: int) -> tuple[list[str], list[str]]:
    """The seats as typed and the sides they make ("Ann & Bea"); no seats at all, and
    sides called "Us" and "Them", when no name was typed."""
    seats = [form[f"seat{i}"].data or "" for i in range(players)]
    count = int(form.sides.data) if form.sides.data else None
    if not any(seats):
        return [], unnamed_sides(count or side_count(variant, players), players)
    return seats, side_names(variant, seats, count)


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
