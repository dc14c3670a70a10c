"""Whether a value may be used for a house-rule option, by the option's kind; and
whether a number lies within bounds (round fields use it too)."""

from __future__ import annotations

from typing import Any

from .fields import POINTS_LIMIT
from .i18n import N_, problem as P_
from .rules import Option


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def option_problem(option: Option, value: Any) -> str | None:
    """Why ``value`` cannot be used for ``option``, or None."""
    if option.kind == "flag":
        return (
            None
            if isinstance(value, bool)
            else P_("must be true or false, not %(value)s", value=repr(value))
        )
    if option.kind in ("points", "positive"):
        least = 1 if option.kind == "positive" else 0
        return number_problem(value, least, POINTS_LIMIT if option.most is None else option.most)
    if option.kind == "choice":
        if value in option.choices:
            return None
        template = N_("must be one of %(choices)s, not %(value)s")
        return P_(template, choices=", ".join(option.choices), value=repr(value))
    if option.kind == "rising" and not isinstance(value, list):
        return number_problem(value, 0, POINTS_LIMIT)
    if not isinstance(value, list) or not value:
        return P_("must be a non-empty list")
    if option.kind in ("by_round", "rising"):
        return next((p for p in (number_problem(v, 0, POINTS_LIMIT) for v in value) if p), None)
    return thresholds_problem(value)


def thresholds_problem(table: list[Any]) -> str | None:
    lows = []
    for i, row in enumerate(table):
        if not isinstance(row, list) or len(row) != 2:
            return P_("each threshold must be [lowest score, points]")
        low, points = row
        if not (low is None and i == 0) and not (is_int(low) and abs(low) <= POINTS_LIMIT):
            template = N_("%(low)s is not a score (only the first threshold may be null)")
            return P_(template, low=repr(low))
        if number_problem(points, 0, POINTS_LIMIT):
            return P_("%(points)s is not an opening requirement", points=repr(points))
        if low is not None:
            lows.append(low)
    if lows != sorted(set(lows)):
        return P_("the lowest scores must rise")
    needs = [row[1] for row in table]
    return None if needs == sorted(needs) else P_("the requirement may not fall as the score rises")


def number_problem(value: Any, least: int, most: int) -> str | None:
    if not is_int(value):
        return P_("must be a whole number, not %(value)s", value=repr(value))
    if value < least:
        if least == 0:
            return P_("%(value)s is negative", value=value)
        return P_("%(value)s is below %(least)s", value=value, least=least)
    if value > most:
        return P_("%(value)s is more than %(most)s", value=value, most=most)
    return None
