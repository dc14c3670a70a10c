"""The director's forms for an entry that comes late and a substitute: what was
typed, checked for shape only (the data layer says whether the event can take it)."""

from __future__ import annotations

from typing import Any

from wtforms import RadioField, SelectChoice, SelectField, StringField
from wtforms.validators import DataRequired, Length, Optional

from ...data import checks
from ..http.i18n import lazy_gettext as _l
from .base import Form
from .events import entries_of
from .general import printable

SUBSTITUTE_FOR = [
    SelectChoice("turn", _l("one turn")),
    SelectChoice("rest", _l("the rest of the event")),
]


def optional_reason() -> Any:
    """Why, if the director cares to say: kept in the event's history."""
    return StringField(
        _l("Reason (optional, kept in the event's history)"),
        [Optional(), Length(max=200), printable],
    )


class LateEntryForm(Form):
    """A pair (its players joined by "&") or a player who joins the event late."""

    entry = StringField(
        _l("The pair (Ann & Bea) or the player"),
        [DataRequired(_l("Name the pair or the player.")), Length(max=checks.SIDE_NAME_LENGTH)],
    )
    reason = optional_reason()

    def entry_of(self, movement: str) -> dict[str, Any]:
        """The entry as the data layer takes it (as the new event's entries box)."""
        return entries_of(str(self.entry.data), movement)[0]


class SubstituteForm(Form):
    """Who sits in for which of the entries' players, for how long. The page fills
    the players' choices ("entry:player")."""

    player = SelectField(_l("Sits in for"), [DataRequired()])
    substitute = StringField(
        _l("Substitute's name"),
        [DataRequired(_l("Give the substitute's name.")), Length(max=checks.SEAT_NAME_LENGTH)],
    )
    length = RadioField(_l("For"), choices=SUBSTITUTE_FOR, default="turn")
    reason = optional_reason()

    def chosen(self) -> tuple[int, str]:
        """The entry's number and the player chosen."""
        entry, _, player = str(self.player.data).partition(":")
        return int(entry), player
