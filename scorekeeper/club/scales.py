"""Named victory-point tables an event may take as they are: each a list of rows
(smallest winning margin, winner's VP, loser's VP), as ``standings.VictoryPoints``
reads them. Pure: numbers only.

The burraco tables for turns of 3 and 4 deals are those Italian burraco
tournaments use, as published by puntiburraco.it ("Partite e Punti Vittoria nei
Tornei di Burraco",
https://www.puntiburraco.it/partite_e_punti_vittoria_burraco_nei_tornei.html);
the 3-deal table is the same on eburraco.com ("Il calcolo dei Victory Points",
https://eburraco.com/victory-points-burraco). Their bands run in steps of 5 (a
burraco total is a multiple of 5): "0-50: 10-10, 55-150: 11-9, ..." is kept here
as the rows (0, 10, 10), (55, 11, 9), ...
"""

from __future__ import annotations

from dataclasses import dataclass

from ..scoring.i18n import N_
from .standings import VictoryPoints

Rows = tuple[tuple[int, float, float], ...]


@dataclass(frozen=True)
class NamedScale:
    """A victory-point table with a stable id (kept with an event) and its name."""

    id: str
    name: str
    rows: Rows

    def scale(self) -> VictoryPoints:
        return VictoryPoints(self.rows)


BURRACO_3_DEALS: Rows = (
    (0, 10, 10),
    (55, 11, 9),
    (155, 12, 8),
    (255, 13, 7),
    (355, 14, 6),
    (505, 15, 5),
    (655, 16, 4),
    (805, 17, 3),
    (1005, 18, 2),
    (1255, 19, 1),
    (1505, 20, 0),
)
BURRACO_4_DEALS: Rows = (
    (0, 10, 10),
    (105, 11, 9),
    (305, 12, 8),
    (505, 13, 7),
    (705, 14, 6),
    (905, 15, 5),
    (1105, 16, 4),
    (1305, 17, 3),
    (1505, 18, 2),
    (1705, 19, 1),
    (2005, 20, 0),
)

NAMED = {
    s.id: s
    for s in (
        NamedScale("burraco-3", N_("Burraco tournament table, turns of 3 deals"), BURRACO_3_DEALS),
        NamedScale("burraco-4", N_("Burraco tournament table, turns of 4 deals"), BURRACO_4_DEALS),
    )
}


def named(scale_id: str) -> NamedScale:
    """The named table ``scale_id``; ValueError for an unknown one.

    >>> named("burraco-3").scale().points(2105, 1600), named("burraco-3").scale().points(2100, 1600)
    (15, 14)
    """
    try:
        return NAMED[scale_id]
    except KeyError:
        raise ValueError(f"no victory-point table named {scale_id!r}") from None
