"""The director's form for a new event: its name and date, the game every table
plays, the movement and turns, the scale of event points, and the entries, one a
line ("Ann & Bea" for a pair, "Ann" for a player of a rotating-partners night)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from wtforms import (
    BooleanField,
    DateField,
    FieldList,
    FormField,
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
    StopValidation,
    ValidationError,
)

from ...club.scales import NAMED
from ...data import checks
from ...scoring import VARIANTS
from ..http.i18n import lazy_gettext as _l
from .base import Form
from .general import multiple_of_5, printable
from .whole_numbers import IntegerField

MOST_ENTRIES = 400  # a 100-table club night of pairs, and then some
VP_ROWS = 10  # rows of the victory-point table shown (empty ones are left out)
# A burraco club's kind of table, offered to start from: from the winning margin,
# the winner's and the loser's victory points (20 shared in every game).
VP_TABLE = [
    (0, 10, 10),
    (100, 11, 9),
    (250, 12, 8),
    (500, 13, 7),
    (750, 14, 6),
    (1000, 15, 5),
    (1500, 16, 4),
    (2000, 17, 3),
    (2500, 18, 2),
    (3000, 20, 0),
]


def entry_lines(text: str) -> list[str]:
    """The non-empty lines of the entries box, spaces tidied.

    >>> entry_lines(" Ann &  Bea \\n\\nCy & Di ")
    ['Ann & Bea', 'Cy & Di']
    """
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


# A handicap given on an entry's line: its number in brackets at the end.
HANDICAP_AT_END = re.compile(r"\s*\(\s*([+-]?\d{1,5}(?:\.\d)?)\s*\)$")


def handicap_of(line: str) -> tuple[str, float | None]:
    """An entry's line without its handicap, and the handicap (None: none given).

    >>> handicap_of("Ann & Bea (+3)"), handicap_of("Cy & Di (-150)"), handicap_of("Ed & Flo")
    (('Ann & Bea', 3.0), ('Cy & Di', -150.0), ('Ed & Flo', None))
    """
    found = HANDICAP_AT_END.search(line)
    if found is None:
        return line, None
    return line[: found.start()], float(found.group(1))


def entries_of(text: str, movement: str, handicaps: bool = False) -> list[dict[str, Any]]:
    """The entries as the data layer takes them: a pair's players are the names
    around its "&"; a rotating-partners night's entries are single players.
    ``handicaps``: a line's number in brackets at its end is its handicap."""
    found = []
    for line in entry_lines(text):
        line, handicap = handicap_of(line) if handicaps else (line, None)
        players = [line] if movement == "rotating" else [p.strip() for p in line.split("&")]
        found.append({"name": line, "players": players, "handicap": handicap or 0})
    return found


# The choices of the new event's form, which the printed results say again.
MOVEMENTS = [
    SelectChoice("mitchell", _l("Mitchell: North-South stay, East-West move")),
    SelectChoice("howell", _l("Howell: every pair meets every other, one pair stays")),
    SelectChoice("swiss", _l("Swiss: pairs meet by the standings")),
    SelectChoice("rotating", _l("Rotating partners: individuals, new partners")),
]
FIRST_TURNS = [
    SelectChoice("list", _l("by the list: 1st against 2nd, 3rd against 4th")),
    SelectChoice("draw", _l("drawn at random")),
]
BYES = [
    SelectChoice("win", _l("a win")),
    SelectChoice("draw", _l("a draw")),
    SelectChoice("loss", _l("a loss")),
    SelectChoice("fixed", _l("a fixed number of points")),
    SelectChoice("average", _l("the entry's own average so far (a draw before its first game)")),
]
HANDICAPS = [
    SelectChoice("", _l("none")),
    SelectChoice("points", _l("event points, on each entry's line: “Ann & Bea (+2)”")),
    SelectChoice("cards", _l("card points a game, on each entry's line: “Ann & Bea (+100)”")),
    SelectChoice("ratings", _l("event points from the players' ratings")),
]
NAMED_TABLES = [
    SelectChoice("", _l("the table below")),
    *(SelectChoice(s.id, _l(s.name)) for s in NAMED.values()),
]


def fixed_needs_worth(form: Any, field: Any) -> None:
    """A fixed bye needs its worth; the other byes leave the field alone."""
    typed = field.raw_data and field.raw_data[0].strip()
    if form.bye.data == "fixed" and not typed:
        raise StopValidation(_l("Say what a fixed bye is worth."))


class VictoryRow(Form):
    """One row of the victory-point table: from this winning margin on, the
    winner's and the loser's victory points."""

    class Meta:
        csrf = False

    margin = IntegerField(_l("Margin from"), [Optional(), NumberRange(0, 100_000)])
    winner = IntegerField(_l("Winner's VP"), [Optional(), NumberRange(0, 1000)])
    loser = IntegerField(_l("Loser's VP"), [Optional(), NumberRange(0, 1000)])

    def filled(self) -> bool:
        return any(
            f.raw_data and f.raw_data[0].strip() for f in (self.margin, self.winner, self.loser)
        )


class ScaleForm(Form):
    """The event points: win, draw and loss points, a victory-point table, or both
    (the table breaking ties); a new event's and an event edited."""

    win = IntegerField(_l("Points for a win"), [InputRequired(), NumberRange(0, 100)], default=2)
    draw = IntegerField(_l("Points for a draw"), [InputRequired(), NumberRange(0, 100)], default=1)
    loss = IntegerField(_l("Points for a loss"), [InputRequired(), NumberRange(0, 100)], default=0)
    scale = SelectField(
        _l("Event points"),
        choices=[
            SelectChoice("wdl", _l("Points for a win, a draw, a loss")),
            SelectChoice("vp", _l("Victory points from the table")),
            SelectChoice("wdl+vp", _l("Win, draw, loss; victory points break ties")),
        ],
        default="wdl",
    )
    table = FieldList(
        FormField(VictoryRow),
        "",  # its legend is the page's; its problems name the table themselves
        min_entries=VP_ROWS,
        max_entries=VP_ROWS,
        default=[{"margin": m, "winner": w, "loser": lo} for m, w, lo in VP_TABLE],
    )
    named = SelectField(_l("Victory points from"), choices=NAMED_TABLES, default="")

    def validate_table(self, field: Any) -> None:
        """Each row whole, margins rising from 0, a winner's VP not below the loser's;
        the table is needed when the scale uses it. Errors beside the field."""
        rows = [row.form for row in field if row.form.filled()]
        problems = False
        for row in rows:
            for part in (row.margin, row.winner, row.loser):
                if part.data is None and not part.errors:
                    part.errors = [*part.errors, _l("Fill in the whole row, or none of it.")]
            if (
                row.winner.data is not None
                and row.loser.data is not None
                and row.winner.data < row.loser.data
            ):
                row.loser.errors = [*row.loser.errors, _l("Not more than the winner's.")]
            problems = problems or any(p.errors for p in (row.margin, row.winner, row.loser))
        margins = [row.margin for row in rows if row.margin.data is not None]
        if margins and margins[0].data != 0:
            margins[0].errors = [*margins[0].errors, _l("The first row starts at margin 0.")]
            problems = True
        for before, after in zip(margins, margins[1:], strict=False):
            if after.data <= before.data:
                after.errors = [*after.errors, _l("Higher than the row above.")]
                problems = True
        if not rows and "vp" in (self.scale.data or "") and not self.named.data:
            raise ValidationError(_l("Fill in the victory-point table, or choose points."))
        if problems:
            raise ValidationError(_l("The victory-point table has a mistake: see the rows."))

    def victory_table(self) -> list[list[int]]:
        """The filled rows of the victory-point table, as the data layer takes them."""
        rows = [row.form for row in self.table if row.form.filled()]
        return [[row.margin.data, row.winner.data, row.loser.data] for row in rows]

    def scale_data(self) -> dict[str, Any]:
        """The event's scale as the data layer stores it."""
        wdl = {"kind": "wdl", "win": self.win.data, "draw": self.draw.data, "loss": self.loss.data}
        table = {"named": self.named.data} if self.named.data else {"table": self.victory_table()}
        if self.scale.data == "vp":
            return {"kind": "vp", **table}
        if self.scale.data == "wdl+vp":
            return {**wdl, **table}
        return wdl


class NewEventForm(ScaleForm):
    """The pages add the saved rule sets to the games offered (``sets``), as on the
    new-game page: a table's game then starts from that set's house rules."""

    name = StringField(_l("Name of the event"), [DataRequired(), Length(max=80), printable])
    day = DateField(_l("Date"), [InputRequired()], default=date.today)
    variant = SelectField(
        _l("Game, or a saved rule set"),
        choices=[SelectChoice(v.id, _l(v.name)) for v in VARIANTS.values()],
    )
    target = IntegerField(
        _l("Game ends at (0: the game's own target)"),
        [Optional(), NumberRange(0, 100_000), multiple_of_5],
        default=0,
    )
    movement = SelectField(
        _l("Movement"),
        choices=MOVEMENTS,
    )
    skip = BooleanField(_l("Mitchell: East-West skip a table halfway, as at bridge"))
    first_turn = SelectField(
        _l("Swiss: the first turn"),
        choices=FIRST_TURNS,
        default="list",
    )
    turns = IntegerField(_l("Turns"), [InputRequired(), NumberRange(1, 50)], default=3)
    deals = IntegerField(
        _l("Deals a turn (0: a whole game)"), [InputRequired(), NumberRange(0, 50)], default=0
    )
    minutes = IntegerField(
        _l("Minutes a turn (0: no clock)"), [InputRequired(), NumberRange(0, 600)], default=0
    )
    bye = SelectField(
        _l("A bye counts as"),
        choices=BYES,
    )
    bye_worth = IntegerField(
        _l("A fixed bye is worth (points)"),
        [fixed_needs_worth, Optional(), NumberRange(-1000, 1000)],
        default=0,
    )
    handicap = SelectField(_l("Handicaps"), choices=HANDICAPS, default="")
    entries = TextAreaField(
        _l("Entries, one a line"),
        [DataRequired(), Length(max=MOST_ENTRIES * 90)],
        render_kw={"rows": 8, "placeholder": "Ann & Bea\nCy & Di"},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sets: dict[str, str] = {}  # a saved rule set's choice -> its variant

    def variant_id(self) -> str:
        """The game chosen, or the game of the rule set chosen."""
        return self.sets.get(self.variant.data or "", self.variant.data or "")

    def rule_set_id(self) -> int | None:
        """The saved rule set chosen, if one was."""
        chosen = self.variant.data or ""
        return int(chosen.removeprefix("set-")) if chosen in self.sets else None

    def field_of(self, part: str) -> Any:
        """The field a problem with the event's ``part`` is shown beside (the
        data layer names the part: the rules are the game's choice)."""
        fields = {
            "rules": self.variant,
            "deals": self.deals,
            "target": self.target,
            "turns": self.turns,
            "movement": self.movement,
            "bye": self.bye,
            "bye_worth": self.bye_worth,
            "handicap": self.handicap,
        }
        return fields.get(part, self.entries)

    def entry_list(self) -> list[dict[str, Any]]:
        """The entries as the data layer takes them, with their handicaps when the
        director gives them on the lines."""
        given = self.handicap.data in ("points", "cards")
        return entries_of(self.entries.data, self.movement.data, handicaps=given)

    def validate_entries(self, field: Any) -> None:
        lines = entry_lines(field.data or "")
        if len(lines) > MOST_ENTRIES:
            raise ValidationError(_l("At most %(n)s entries.", n=MOST_ENTRIES))
        if len(lines) < 2:
            raise ValidationError(_l("At least two entries, one a line."))
        given = self.handicap.data in ("points", "cards")
        for line in lines:
            line = handicap_of(line)[0] if given else line
            names = [line] if self.movement.data == "rotating" else line.split("&")
            for name in names:
                if checks.name_problem(name.strip(), checks.SEAT_NAME_LENGTH):
                    raise ValidationError(
                        _l(
                            "“%(line)s”: a name of letters, digits and punctuation, 1 to 40 long.",
                            line=line,
                        )
                    )
        keys = [checks.name_key(handicap_of(line)[0] if given else line) for line in lines]
        if len(set(keys)) < len(keys):
            raise ValidationError(_l("Each entry once, please: one is there twice."))
