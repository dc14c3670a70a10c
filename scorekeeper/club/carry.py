"""Carry-over from an earlier session (a two-session final): each entry starts with
a stated share of the event points it had at the end of the earlier event, shown
as its own column and counted in the ranking. Pure: entries are numbers and names.

An entry is matched to the earlier event's by its players (the same people, in
any order and case), else by its name; an entry new to this session carries 0.
"""

from __future__ import annotations

from dataclasses import dataclass, fields as fields_of

from .standings import Line, Result, Scale, VictoryPoints, ranked_lines


@dataclass(frozen=True)
class Entry:
    """An entry as matching sees it: its name and its players, as keys."""

    name: str
    players: frozenset[str]


@dataclass
class CarriedLine(Line):
    """A line of the standings with the points carried (counted in ``points``)."""

    carried: float = 0


def matches(now: list[Entry], before: list[Entry]) -> dict[int, int]:
    """Each entry of ``now`` (by number) that played ``before``: the number there.

    >>> ab, cd = Entry("ann & bea", frozenset({"ann", "bea"})), Entry("cy", frozenset({"cy"}))
    >>> matches([cd, Entry("the bees", frozenset({"bea", "ann"}))], [ab, cd])
    {0: 1, 1: 0}
    """
    by_players = {entry.players: number for number, entry in enumerate(before)}
    by_name = {entry.name: number for number, entry in enumerate(before)}
    found = {}
    for number, entry in enumerate(now):
        earlier = by_players.get(entry.players, by_name.get(entry.name))
        if earlier is not None:
            found[number] = earlier
    return found


def carried(
    now: list[Entry], before: list[Entry], earlier: list[Line], percent: int
) -> dict[int, float]:
    """Each entry's points carried: ``percent`` of its earlier event points.

    >>> earlier = [Line(0, points=6), Line(1, points=3)]
    >>> carried([Entry("b", frozenset("b")), Entry("z", frozenset("z"))],
    ...         [Entry("a", frozenset("a")), Entry("b", frozenset("b"))], earlier, 50)
    {0: 1.5}
    """
    points = {line.entry: line.points for line in earlier}
    return {
        number: points.get(there, 0) * percent / 100
        for number, there in matches(now, before).items()
    }


def with_carried(
    lines: list[Line],
    carry: dict[int, float],
    results: list[Result],
    scale: Scale,
    vp: VictoryPoints | None,
) -> list[CarriedLine]:
    """``lines`` with each entry's ``carry`` added to its points, ranked again."""
    moved = [
        CarriedLine(
            **{f.name: getattr(line, f.name) for f in fields_of(line)},
            carried=carry.get(line.entry, 0),
        )
        for line in lines
    ]
    for line in moved:
        line.points += line.carried
        line.tie_break, line.between = "", 0
    ranked = ranked_lines(list(moved), results, scale, vp)
    for place, placed in enumerate(ranked, start=1):
        placed.place = place
    return [placed for placed in ranked if isinstance(placed, CarriedLine)]
