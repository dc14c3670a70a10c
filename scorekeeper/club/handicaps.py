"""Handicaps derived from ratings: an entry's strength is the average shown rating
of its players (``ratings.model.shown``: 1500 for a newcomer), and its handicap
is the event points it is given for each ``per_point`` rating points it stands
below the field's average (taken off above it), rounded to a whole point and
held within ``most`` either way. Pure: numbers only.

A pair rated 1600 and 1500 (1550) in a field averaging 1500, at 50 rating points
an event point, starts 1 point down: ``round((1500 - 1550) / 50) = -1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import fmean

PER_POINT = 50  # rating points an event point of handicap stands for, by default
MOST = 10  # the largest handicap either way, by default


def from_ratings(
    entries: Sequence[Sequence[float]], per_point: float = PER_POINT, most: float = MOST
) -> list[float]:
    """Each entry's handicap from its players' shown ratings, in entry order.

    >>> from_ratings([[1600, 1500], [1450, 1450], [1500, 1500]])
    [-1, 1, 0]
    >>> from_ratings([[2400], [1000]], per_point=50, most=5)
    [-5, 5]
    """
    strengths = [fmean(players) if players else 0.0 for players in entries]
    field = fmean(strengths) if strengths else 0.0
    return [max(-most, min(most, round((field - s) / per_point))) for s in strengths]
