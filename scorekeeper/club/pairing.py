"""A turn paired by hand: the director says where each entry sits (a table and a
side, or a bye), whatever the movement; this checks it makes a turn the tables can
play and finds the rematches in it, which are allowed but worth a warning.

Pure: entries are numbers, a seat is ``(table, side)`` with tables from 1 and sides
from 0 (North-South, East-West at a table of two sides), ``None`` a bye; ``sizes``
says how many entries each side of a table takes (a pair: one; individuals at a
four-handed game: two; five-person: five sides of one).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..scoring.i18n import N_, problem as P_
from .movements import MovementError, Table, Turn, opponents

Seat = tuple[int, int] | None


class PairingError(MovementError):
    """A pairing the tables cannot play: ``problems`` says why, by entry (each
    entry concerned has its own line, so a form shows it beside that entry)."""

    def __init__(self, problems: Mapping[int, str]) -> None:
        super().__init__(next(iter(problems.values())))
        self.problems = dict(problems)


@dataclass(frozen=True, order=True)
class Rematch:
    """Two entries the pairing has meet again: they are opponents in ``turn`` too."""

    one: int
    other: int
    turn: int


def paired(seats: Mapping[int, Seat], sizes: Sequence[int]) -> Turn:
    """The turn ``seats`` makes (every entry still in the event, each at a seat or
    with a bye): each table full, with ``sizes[side]`` entries on each side, and the
    tables used numbered from 1 without a gap (a table's number is the card on it).
    PairingError, by entry, otherwise.

    >>> paired({0: (1, 0), 1: (1, 1), 2: None}, (1, 1))
    Turn(tables=[((0,), (1,))], byes=[2])
    >>> paired({0: (1, 0), 1: (1, 0)}, (1, 1)).tables
    Traceback (most recent call last):
    ...
    scorekeeper.club.pairing.PairingError: table 1: more on this side than it takes (1)
    """
    at: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for entry, seat in sorted(seats.items()):
        if seat is not None:
            at[seat[0]][seat[1]].append(entry)
    problems: dict[int, str] = {}
    for table, sides in at.items():
        here = [e for side in sides.values() for e in side]
        for side, members in sides.items():
            if not 0 <= side < len(sizes):
                said = N_("table %(table)s has no such side")
                problems |= {e: P_(said, table=table) for e in members}
            elif len(members) > sizes[side]:
                said = N_("table %(table)s: more on this side than it takes (%(n)s)")
                problems |= {e: P_(said, table=table, n=sizes[side]) for e in members}
        if not problems.keys() & set(here) and len(here) < sum(sizes):
            said = N_("table %(table)s is not full: it seats %(n)s, not %(here)s")
            problems |= {e: P_(said, table=table, n=sum(sizes), here=len(here)) for e in here}
    for table in sorted(at):
        if table < 1 or any(n not in at for n in range(1, table)):
            said = N_("table %(table)s is used while a table before it is empty: fill from table 1")
            problems |= {e: P_(said, table=table) for side in at[table].values() for e in side}
    if problems:
        raise PairingError(problems)
    tables: list[Table] = [
        tuple(tuple(at[t][side]) for side in range(len(sizes))) for t in sorted(at)
    ]
    return Turn(tables, sorted(e for e, seat in seats.items() if seat is None))


def seats_of(turn: Turn) -> dict[int, Seat]:
    """Where each entry of ``turn`` sits (``paired`` the other way round).

    >>> seats_of(Turn([((0,), (1,))], [2]))
    {0: (1, 0), 1: (1, 1), 2: None}
    """
    found: dict[int, Seat] = {
        e: (number, side)
        for number, table in enumerate(turn.tables, start=1)
        for side, members in enumerate(table)
        for e in members
    }
    return found | {e: None for e in turn.byes}


def rematches(plan: Sequence[Turn], turn: int, made: Turn) -> list[Rematch]:
    """The opponents of ``made`` (to be turn ``turn``, from 1) who are opponents in
    another turn of ``plan`` too, before or after it; each once, the earliest turn.

    >>> plan = [Turn([((0,), (1,)), ((2,), (3,))]), Turn([((0,), (2,)), ((1,), (3,))])]
    >>> rematches(plan, 2, Turn([((0,), (1,)), ((2,), (3,))]))
    [Rematch(one=0, other=1, turn=1), Rematch(one=2, other=3, turn=1)]
    """
    now = {two for table in made.tables for two in opponents(table)}
    found: dict[frozenset[int], int] = {}
    for number, other in enumerate(plan, start=1):
        if number == turn:
            continue
        for table in other.tables:
            for two in opponents(table) & now:
                found.setdefault(two, number)
    return sorted(Rematch(min(two), max(two), n) for two, n in found.items())
