"""The director's forms for the turns not started: an entry keeping a table, and
the event edited (turns, minutes and deals a turn, house rules, event points),
each with the reason the event's history keeps."""

from __future__ import annotations

from typing import Any

from wtforms import HiddenField, SelectChoice, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange

from ..http.i18n import lazy_gettext as _l
from .base import Form
from .events import VP_ROWS, VP_TABLE, ScaleForm
from .general import printable
from .whole_numbers import IntegerField

KEEP_RULES = ""  # the house-rules choice that keeps the event's own


def history_reason() -> Any:
    """Why the director changes the event: kept in the event's history."""
    return StringField(
        _l("Reason (kept in the event's history)"),
        [DataRequired(_l("Say why, for the event's history.")), Length(max=200), printable],
    )


class KeepTableForm(Form):
    """An entry keeps a table for the turns not started (0: as the plan has it)."""

    entry = SelectField(_l("Entry"), coerce=int)
    table = IntegerField(
        _l("Keeps table (0: as planned)"), [InputRequired(), NumberRange(0, 200)], default=1
    )
    reason = history_reason()

    def field_of(self, part: str) -> Any:
        return self.entry if part == "entry" else self.table


class EditEventForm(ScaleForm):
    """The event for the turns not started. ``confirmed`` is set once the page has
    said that the standings change (finished turns are rescored)."""

    turns = IntegerField(_l("Turns"), [InputRequired(), NumberRange(1, 50)])
    minutes = IntegerField(
        _l("Minutes a turn (0: no clock)"), [InputRequired(), NumberRange(0, 600)]
    )
    deals = IntegerField(
        _l("Deals a turn (0: a whole game)"), [InputRequired(), NumberRange(0, 50)]
    )
    rules = SelectField(_l("House rules"), default=KEEP_RULES)
    reason = history_reason()
    confirmed = HiddenField(default="")

    def offer(self, sets: list[dict[str, Any]]) -> None:
        """The house rules to choose from: the event's own, or a saved rule set of
        its game."""
        self.rules.choices = [SelectChoice(KEEP_RULES, _l("As they are"))] + [
            SelectChoice(f"set-{s['id']}", s["name"]) for s in sets
        ]

    def rule_set_id(self) -> int | None:
        chosen = self.rules.data or KEEP_RULES
        return None if chosen == KEEP_RULES else int(chosen.removeprefix("set-"))

    def field_of(self, part: str) -> Any:
        fields = {"turns": self.turns, "deals": self.deals, "rules": self.rules}
        return fields.get(part, self.scale)


def scale_fields(scale: dict[str, Any]) -> dict[str, Any]:
    """The form's fields for a stored scale, to start the edit from.

    >>> scale_fields({"kind": "vp", "table": [[0, 10, 10]]})["scale"]
    'vp'
    """
    rows = scale.get("table") or [list(r) for r in VP_TABLE]
    table = [{"margin": m, "winner": w, "loser": lo} for m, w, lo in rows]
    table += [{}] * (VP_ROWS - len(table))
    kind = scale.get("kind", "wdl")
    return {
        "scale": "vp" if kind == "vp" else "wdl+vp" if scale.get("table") else "wdl",
        "win": scale.get("win", 2),
        "draw": scale.get("draw", 1),
        "loss": scale.get("loss", 0),
        "table": table,
    }
