"""Each entry's handicap when an event is made: none, the number the director
gave it (event points, or card points a game), or worked out from its players'
ratings as they stand then (``club.handicaps``), kept with the entry so the
standings do not move as ratings change during the event."""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from ...club.handicaps import from_ratings
from ...ratings import model as rating
from ...scoring.i18n import N_, problem as P_
from .. import checks
from .planning import EventProblem

MOST = 10_000  # the largest handicap either way (card points a game at most)


def given(db: Database, kind: str, entries: list[dict[str, Any]]) -> list[float]:
    """The handicap of each of ``entries`` (in order) for the event's ``kind``."""
    if kind == "ratings":
        return [float(h) for h in from_ratings([shown(db, e["players"]) for e in entries])]
    if not kind:
        return [0.0] * len(entries)
    found = [float(e.get("handicap") or 0) for e in entries]
    if any(abs(h) > MOST for h in found):
        raise EventProblem(P_(N_("handicap: at most %(n)s either way"), n=MOST), "entries")
    return found


def shown(db: Database, players: list[str]) -> list[float]:
    """The shown rating over every game of each of ``players`` by name (a newcomer's
    for a name never rated)."""
    keys = [checks.name_key(name) for name in players]
    marks = ", ".join("?" * len(keys))
    sql = (
        "SELECT p.name_key, r.mu, r.sigma FROM players p JOIN player_ratings r "
        f"ON r.player_id = p.id AND r.scope = ? WHERE p.name_key IN ({marks}) "
        "AND p.removed_at IS NULL"
    )
    rated = {
        r["name_key"]: rating.shown_of(r["mu"], r["sigma"])
        for r in db.query(sql, [rating.ALL, *keys])
    }
    newcomer = rating.shown(rating.START)
    return [float(rated.get(key, newcomer)) for key in keys]
