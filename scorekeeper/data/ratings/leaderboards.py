"""What the pages read of the ratings (kept by ``ratings``): a player's ratings
and their course, leaderboards over a period, partners and opponents."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from sqlite_utils import Database

from ...ratings import model as rating
from ..connection import row, rows

PERIODS = ("month", "season", "year", "all")  # this month, this quarter, the last 12 months
CHART_POINTS = 30  # the most games a player's chart draws (evenly spread, the last one kept)
GAIN = "(c.mu - 3 * c.sigma) - (c.mu_before - 3 * c.sigma_before)"  # ordinal moved by a game


def described(found: dict[str, Any]) -> dict[str, Any]:
    """A ``player_ratings`` row with its shown number and whether it is settling."""
    shown = rating.shown_of(found["mu"], found["sigma"])
    return {**found, "rating": shown, "settling": rating.settling(found["games"])}


def of_player(db: Database, player_id: int) -> dict[str, dict[str, Any]]:
    """A player's current ratings by scope ("all" and each variant played)."""
    sql = "SELECT scope, mu, sigma, games FROM player_ratings WHERE player_id = ?"
    return {r["scope"]: described(r) for r in rows(db, sql, [player_id])}


def course(db: Database, player_id: int, scope: str = rating.ALL) -> list[dict[str, Any]]:
    """A player's shown rating after their games, oldest first, at most
    ``CHART_POINTS`` of them (every n-th, and the last), each with its date."""
    found = row(
        db, "SELECT games FROM player_ratings WHERE player_id = ? AND scope = ?", [player_id, scope]
    )
    if not found:
        return []
    games = found["games"]
    step = -(-games // CHART_POINTS)
    wanted = sorted({1, *range(games, 0, -step)})  # index seeks, not a scan of every game
    sql = (
        "SELECT c.games, c.mu, c.sigma, g.date FROM rating_changes c "
        "JOIN rated_games g ON g.game_id = c.game_id WHERE c.player_id = ? AND c.scope = ? "
        f"AND c.games IN ({', '.join('?' * len(wanted))}) ORDER BY c.games"
    )
    found_rows = db.conn.execute(sql, [player_id, scope, *wanted]).fetchall()
    return [
        {"games": games, "date": day, "rating": rating.shown_of(mu, sigma)}
        for games, mu, sigma, day in found_rows
    ]


def since(period: str, today: date) -> str | None:
    """The first day of a period ending today (None: all time).

    >>> since("season", date(2026, 11, 24)), since("year", date(2026, 11, 24))
    ('2026-10-01', '2025-11-25')
    """
    if period == "month":
        return today.replace(day=1).isoformat()
    if period == "season":
        return today.replace(month=(today.month - 1) // 3 * 3 + 1, day=1).isoformat()
    if period == "year":
        return (today - timedelta(days=364)).isoformat()
    return None


def leaderboard(
    db: Database, scope: str, first_day: str | None, least: int
) -> list[dict[str, Any]]:
    """Players with ``least`` games or more in ``scope`` since ``first_day``:
    their rating after the period, its change over it, the games; best first."""
    sql = (
        "SELECT c.player_id, p.name, c.mu_before, c.sigma_before, c.mu, c.sigma, c.games "
        "FROM rating_changes c JOIN rated_games g ON g.game_id = c.game_id "
        "JOIN players p ON p.id = c.player_id AND p.removed_at IS NULL "
        "WHERE c.scope = ? AND g.date >= ? ORDER BY c.player_id, c.games"
    )
    board: dict[int, dict[str, Any]] = {}
    for r in rows(db, sql, [scope, first_day or ""]):
        line = board.setdefault(
            r["player_id"],
            {
                "id": r["player_id"],
                "name": r["name"],
                "played": 0,
                "from": rating.shown(rating.Skill(r["mu_before"], r["sigma_before"])),
            },
        )
        line["played"] += 1
        line["games"] = r["games"]
        line["rating"] = rating.shown(rating.Skill(r["mu"], r["sigma"]))
    lines = [line for line in board.values() if line["played"] >= least]
    for line in lines:
        line["change"] = line["rating"] - line["from"]
        line["settling"] = rating.settling(line["games"])
    return sorted(lines, key=lambda line: (-line["rating"], line["name"].casefold()))


def partners(db: Database, player_id: int, together: bool, limit: int = 5) -> list[dict[str, Any]]:
    """With ``together``, a player's best partners (most rating gained in games
    side by side, in five-person as partner or rentrap); without, their toughest
    opponents (most rating lost against them). Each: games, wins (the player's
    own), the player's average margin, the rating gained."""
    order = "DESC" if together else "ASC"
    sql = (
        "SELECT q.other_id AS id, p.name, count(*) AS games, sum(q.won) AS won, "
        f"avg(q.margin) AS margin, sum({GAIN}) AS gain FROM rating_pairs q "
        "JOIN rating_changes c ON c.game_id = q.game_id AND c.player_id = q.player_id "
        "AND c.scope = 'all' JOIN players p ON p.id = q.other_id AND p.removed_at IS NULL "
        f"WHERE q.player_id = ? AND q.partners = ? GROUP BY q.other_id ORDER BY gain {order}, "
        "games DESC, p.name LIMIT ?"
    )
    return [
        {**r, "gain": rating.points(r["gain"])}
        for r in rows(db, sql, [player_id, int(together), limit])
    ]


def partnership(db: Database, a: int, b: int) -> dict[str, dict[str, Any]]:
    """Two players' finished games as partners and as opponents: games, wins of
    each, ``a``'s average margin, the rating each gained (over all variants)."""
    sql = (
        "SELECT q.partners, count(*) AS games, sum(q.won) AS won_a, sum(r.won) AS won_b, "
        f"avg(q.margin) AS margin, sum({GAIN}) AS gain_a, "
        "sum((d.mu - 3 * d.sigma) - (d.mu_before - 3 * d.sigma_before)) AS gain_b "
        "FROM rating_pairs q JOIN rating_pairs r ON r.game_id = q.game_id "
        "AND r.player_id = q.other_id AND r.other_id = q.player_id "
        "JOIN rating_changes c ON c.game_id = q.game_id AND c.player_id = q.player_id "
        "AND c.scope = 'all' JOIN rating_changes d ON d.game_id = q.game_id "
        "AND d.player_id = q.other_id AND d.scope = 'all' "
        "WHERE q.player_id = ? AND q.other_id = ? GROUP BY q.partners"
    )
    found = {bool(r["partners"]): r for r in rows(db, sql, [a, b])}
    return {
        kind: {**r, "gain_a": rating.points(r["gain_a"]), "gain_b": rating.points(r["gain_b"])}
        for kind, r in (("together", found.get(True)), ("against", found.get(False)))
        if r is not None
    }
