"""An event's scale from its stored form (``events.scale``): win/draw/loss points, a
victory-point table typed in, or one of the named tables ``club.scales`` ships; and
the victory-point table that breaks ties on a win/draw/loss scale. Each refuses a
stored form it cannot read with an ``EventProblem`` on the scale."""

from __future__ import annotations

from typing import Any

from ...club import scales
from ...club.standings import VictoryPoints, WinDrawLoss
from ...scoring.i18n import N_, problem as P_
from .planning import EventProblem


def scale_of(scale: dict[str, Any]) -> WinDrawLoss | VictoryPoints:
    """The event's scale from its stored form."""
    try:
        if scale.get("kind") == "vp" and scale.get("named"):
            return scales.named(scale["named"]).scale()
        if scale.get("kind") == "vp":
            return vp_table(scale["table"])
        if scale.get("kind") == "wdl":
            return WinDrawLoss(scale.get("win", 2), scale.get("draw", 1), scale.get("loss", 0))
    except (KeyError, TypeError, ValueError) as error:
        raise EventProblem(P_("scale: %(problem)s", problem=str(error))) from error
    raise EventProblem(P_(N_("scale: must be win/draw/loss points or a victory-point table")))


def victory_of(scale: dict[str, Any]) -> VictoryPoints | None:
    """The victory-point table that breaks ties on a win/draw/loss scale, if any."""
    if scale.get("kind") != "wdl" or not (scale.get("table") or scale.get("named")):
        return None
    try:
        if scale.get("named"):
            return scales.named(scale["named"]).scale()
        return vp_table(scale["table"])
    except (TypeError, ValueError) as error:
        raise EventProblem(P_("scale: %(problem)s", problem=str(error))) from error


def vp_table(rows: list[list[int]]) -> VictoryPoints:
    """A stored victory-point table: rows of (margin, winner's VP, loser's VP)."""
    return VictoryPoints(tuple((int(m), w, lo) for m, w, lo in rows))
