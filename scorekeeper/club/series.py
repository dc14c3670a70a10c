"""A series of evenings (a club championship, a ladder): each player's finish at
each evening turned into series points, the best ``k`` of them counted, added up
and ranked. Pure: finishes are names and numbers.

Standings are **per player**: an evening's entries differ (pairs change partners),
so each player of an entry gets the entry's finish. What an evening contributes
is the counting's choice:

- ``by="points"``: the entry's event points that evening;
- ``by="place"``: its place turned into series points by a stated ``table`` (the
  points of the 1st, 2nd, ... place; a place beyond the table is worth 0).

With ``best=k`` only a player's ``k`` best contributions count (of equal ones, the
earlier evening's); an evening missed contributes nothing and is not one of the
``k``. Ranking, best first: the total counted; then countback, the counted
contributions compared from the best down; then every contribution the same way
(where one player has no further evening, another's counts against nothing).
Players equal on all of these share a place (1, 2, 2, 4).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Finish:
    """One player's finish at one evening: their entry's event points and place."""

    player: str
    points: float
    place: int


@dataclass(frozen=True)
class Counting:
    """How a series counts: ``best`` evenings (None: all), ``by`` points or place."""

    best: int | None = None
    by: str = "points"
    table: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        if self.by not in ("points", "place"):
            raise ValueError("an evening contributes its points or its place")
        if self.best is not None and self.best < 1:
            raise ValueError("the best evenings counted are at least one")
        if self.by == "place" and not self.table:
            raise ValueError("a place counts by a table of series points")

    def worth(self, finish: Finish) -> float:
        """What ``finish`` contributes.

        >>> Counting(by="place", table=(10, 8, 6)).worth(Finish("Ann", 3, 2))
        8
        >>> Counting(by="place", table=(10, 8, 6)).worth(Finish("Ann", 0, 4))
        0
        >>> Counting().worth(Finish("Ann", 4.5, 1))
        4.5
        """
        if self.by == "points":
            return finish.points
        return self.table[finish.place - 1] if finish.place <= len(self.table) else 0


@dataclass
class SeriesLine:
    """One player's line: each evening's contribution by the evening's index (the
    evenings played only), the ones counted, the total counted, the place."""

    player: str
    evenings: dict[int, float] = field(default_factory=dict)
    counted: set[int] = field(default_factory=set)
    total: float = 0
    place: int = 0

    @property
    def played(self) -> int:
        return len(self.evenings)


def series_standings(evenings: list[list[Finish]], counting: Counting) -> list[SeriesLine]:
    """The standings over ``evenings`` (each the finishes of its players, in the
    series' order), best first, each line with its place."""
    lines: dict[str, SeriesLine] = {}
    for index, finishes in enumerate(evenings):
        for finish in finishes:
            line = lines.setdefault(finish.player, SeriesLine(finish.player))
            line.evenings[index] = counting.worth(finish)
    for line in lines.values():
        best_first = sorted(line.evenings, key=lambda i: (-line.evenings[i], i))
        line.counted = set(best_first[: counting.best] if counting.best else best_first)
        line.total = sum(line.evenings[i] for i in line.counted)
    ranked = sorted(lines.values(), key=lambda line: (rank_key(line), line.player))
    for number, line in enumerate(ranked):
        before = ranked[number - 1] if number else None
        same = before is not None and rank_key(before) == rank_key(line)
        line.place = before.place if same and before else number + 1
    return ranked


def rank_key(line: SeriesLine) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
    """Smaller is better: the total, then countback over the counted contributions,
    then over them all (each list ends in a nothing, so that where one player has no
    more evenings, another's further evening is weighed against nothing)."""
    counted = sorted(-line.evenings[i] for i in line.counted)
    every = sorted(-v for v in line.evenings.values())
    return (-line.total, (*counted, 0), (*every, 0))
