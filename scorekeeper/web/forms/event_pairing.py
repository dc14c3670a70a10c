"""The director's form for pairing a turn by hand: a seat for each entry still in
the event (a table and a side, or a bye), and the reason, kept in the event's
history. The fields are made for the event: one per entry, named by it."""

from __future__ import annotations

from typing import Any

from wtforms import HiddenField, SelectChoice, SelectField

from ..http.i18n import lazy_gettext as _l
from .event_desk import UndoForm

BYE = "bye"
# The sides of a table of two, as the desk and the guide cards name them.
DIRECTIONS = (_l("North-South"), _l("East-West"))


class PairingForm(UndoForm):
    """The reason (as every change to the event has), and the stamp of the plan the
    page was read from; ``pairing_form`` adds the entries' seats."""

    basis = HiddenField()

    def seat_fields(self) -> list[Any]:
        return [field for field in self if field.name.startswith("seat-")]

    def seats(self) -> dict[int, tuple[int, int] | None]:
        """Each entry's seat as the data layer takes it: (table, side), or None."""
        return {int(f.name.removeprefix("seat-")): seat_of(f.data) for f in self.seat_fields()}

    def field_of(self, entry: int) -> Any:
        return self[f"seat-{entry}"]


def seat_value(seat: tuple[int, int] | None) -> str:
    """A seat as the form's choice says it: ``2-0`` (table 2, North-South), or a bye.

    >>> seat_value((2, 0)), seat_value(None)
    ('2-0', 'bye')
    """
    return BYE if seat is None else f"{seat[0]}-{seat[1]}"


def seat_of(value: str | None) -> tuple[int, int] | None:
    """A choice back as a seat (the field has checked it is one of its choices)."""
    if not value or value == BYE:
        return None
    table, side = value.split("-")
    return int(table), int(side)


def seat_choices(tables: int, sides: int) -> list[SelectChoice]:
    """Every seat of ``tables`` tables of ``sides`` sides, then the bye: a table of two
    by its directions, a table of more by its seats."""
    choices = []
    for table in range(1, tables + 1):
        for side in range(sides):
            # a table of five alone has seats, not directions
            where = DIRECTIONS[side] if sides == 2 else _l("seat %(n)s", n=side + 1)
            label = _l("Table %(n)s, %(where)s", n=table, where=where)
            choices.append(SelectChoice(seat_value((table, side)), label))
    return [*choices, SelectChoice(BYE, _l("Sits out (a bye)"))]


def pairing_form(
    names: dict[int, str], seats: dict[int, tuple[int, int] | None], tables: int, sides: int
) -> PairingForm:
    """The form for these entries (``names``, by entry number), each field starting
    at its seat in ``seats`` (the turn as it stands)."""

    class ThisTurn(PairingForm):
        pass

    choices = seat_choices(tables, sides)
    for entry, name in names.items():
        field = SelectField(name, choices=choices, default=seat_value(seats.get(entry)))
        setattr(ThisTurn, f"seat-{entry}", field)
    return ThisTurn()
