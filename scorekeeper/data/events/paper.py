"""The paper a club night hands out, from what the event keeps: a guide card per
table (from the plan) and a scorecard per entry (from the results of the games
finished so far and the standings made of them), as ``club.paper`` lays them out."""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from ...club.paper import GuideCard, GuideSide, Scorecard, guide_cards, scorecards, sitting_out
from . import events


def guides(db: Database, found: dict[str, Any]) -> tuple[list[GuideCard], list[GuideSide]]:
    """The event's guide cards, a table each, and who sits out each planned turn."""
    tables = events.table_count(found, len(events.entries_of(db, found["id"])))
    plan, turns = found["plan"], found["turns"]
    return guide_cards(plan, turns, tables), sitting_out(plan, turns)


def cards(db: Database, found: dict[str, Any]) -> list[Scorecard]:
    """Every entry's scorecard, in entry order, with the figures counted so far."""
    counted = events.results(db, found)
    lines = events.event_standings(db, found, counted=counted)
    return scorecards(found["plan"], found["turns"], counted, lines)
