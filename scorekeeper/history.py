"""Read-only queries for past evenings and player statistics. They read the
results kept by ``store.refresh_results``, so no page rescores old games."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from . import tally

PAGE_SIZE = 25


def evening_filter(db: Database, player: str | None, variant: str | None) -> tuple[str, list[Any]]:
    """WHERE clause for evenings with this player and/or variant. Each condition is
    an IN over an index (seats by player, games by variant), so its cost follows the
    player's or the variant's games, not the size of the whole history."""
    where, params = [], []
    if player:
        found = next(
            db.query("SELECT id FROM players WHERE name = ? COLLATE NOCASE", [player]), None
        )
        where.append(
            "e.id IN (SELECT g.evening_id FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE s.player_id = ?)"
        )
        params.append(found["id"] if found else -1)
    if variant:
        where.append("e.id IN (SELECT evening_id FROM games WHERE variant = ?)")
        params.append(variant)
    return (" WHERE " + " AND ".join(where) if where else ""), params


def evenings(
    db: Database, player: str | None = None, variant: str | None = None, page: int = 1
) -> tuple[list[dict[str, Any]], int]:
    """A page of evenings, newest first, each with its players, games and winners;
    and how many evenings match in all."""
    where, params = evening_filter(db, player, variant)
    count = next(db.query(f"SELECT count(*) AS n FROM evenings e{where}", params))["n"]
    rows = list(db.query(
        f"SELECT e.* FROM evenings e{where} ORDER BY e.date DESC, e.id DESC LIMIT ? OFFSET ?",
        [*params, PAGE_SIZE, (page - 1) * PAGE_SIZE],
    ))  # fmt: skip
    ids = [r["id"] for r in rows]
    games = games_of(db, ids)
    people = players_of(db, ids)
    for row in rows:
        row["games"] = games.get(row["id"], [])
        row["players"] = people.get(row["id"], [])
        row["variants"] = sorted({g["variant"] for g in row["games"]})
    return rows, int(count)


def by_evening(db: Database, sql: str, evening_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Rows of ``sql`` (whose ``{ids}`` is the evenings' placeholders), grouped by evening."""
    found: dict[int, list[dict[str, Any]]] = {}
    if evening_ids:
        marks = ",".join("?" * len(evening_ids))
        for row in db.query(sql.format(ids=marks), evening_ids):
            found.setdefault(row["evening_id"], []).append(row)
    return found


def games_of(db: Database, evening_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    sql = (
        "SELECT id, evening_id, variant, sides, round_count, finished, winners, totals "
        "FROM games WHERE evening_id IN ({ids}) ORDER BY id"
    )
    found = by_evening(db, sql, evening_ids)
    for games in found.values():
        for g in games:
            g.update(sides=json.loads(g["sides"]), winners=json.loads(g["winners"] or "[]"),
                     totals=json.loads(g["totals"] or "{}"))  # fmt: skip
    return found


def players_of(db: Database, evening_ids: list[int]) -> dict[int, list[str]]:
    sql = (
        "SELECT DISTINCT g.evening_id, p.name FROM games g JOIN seats s ON s.game_id = g.id "
        "JOIN players p ON p.id = s.player_id WHERE g.evening_id IN ({ids}) "
        "ORDER BY p.name COLLATE NOCASE"
    )
    return {e: [r["name"] for r in rows] for e, rows in by_evening(db, sql, evening_ids).items()}


def evening(db: Database, evening_id: int) -> dict[str, Any] | None:
    return next(db.query("SELECT * FROM evenings WHERE id = ?", [evening_id]), None)


def update_evening(db: Database, evening_id: int, name: str, note: str) -> None:
    db.execute("UPDATE evenings SET name = ?, note = ? WHERE id = ?", [name, note, evening_id])


# -- players ------------------------------------------------------------------


def players(db: Database) -> list[dict[str, Any]]:
    """Everyone, winners first, from the tallies."""
    sql = (
        "SELECT p.id, p.name, coalesce(sum(t.played), 0) AS played, "
        "coalesce(sum(t.won), 0) AS won FROM players p "
        "LEFT JOIN player_stats t ON t.player_id = p.id "
        "GROUP BY p.id ORDER BY won DESC, played DESC, p.name COLLATE NOCASE"
    )
    return list(db.query(sql))


def player(db: Database, player_id: int) -> dict[str, Any] | None:
    return next(db.query("SELECT * FROM players WHERE id = ?", [player_id]), None)


def statistics(db: Database, player_id: int) -> dict[str, dict[str, Any]]:
    """A player's figures overall ("all") and per variant, from the tallies kept
    by every write. A team's results count for each of its members."""
    per_variant = {row.pop("variant"): row for row in tally.rows(db, player_id)}
    overall: dict[str, Any] = {k: sum(r[k] for r in per_variant.values()) for k in tally.SUMS}
    bests = [r["best"] for r in per_variant.values() if r["best"] is not None]
    overall["best"] = max(bests) if bests else None
    stats = {"all": overall, **dict(sorted(per_variant.items()))}
    for row in stats.values():
        row["average"] = row["score_sum"] / row["rounds"] if row["rounds"] else None
        row["win_rate"] = row["won"] / row["finished"] if row["finished"] else None
    return stats


FINISHED_GAMES = (
    "FROM seats s JOIN games g ON g.id = s.game_id AND g.finished = 1 "
    "JOIN evenings e ON e.id = g.evening_id "
    "JOIN game_sides gs ON gs.game_id = g.id AND gs.side_index = s.side WHERE s.player_id = ?"
)


def latest_games(db: Database, player_id: int, limit: int = 10) -> list[dict[str, Any]]:
    """A player's last finished games, newest first (by the order they were entered)."""
    sql = (
        f"SELECT e.date, g.id, g.variant, gs.won, gs.total {FINISHED_GAMES} "
        "ORDER BY s.game_id DESC LIMIT ?"
    )
    return list(db.query(sql, [player_id, limit]))


def head_to_head(db: Database, a: int, b: int) -> dict[str, Any]:
    """Finished games both played: against each other, and as partners."""
    sql = (
        "SELECT g.id, g.variant, e.date, sa.side = sb.side AS partners, "
        "ga.won AS won_a, gb.won AS won_b FROM seats sa "
        "JOIN seats sb ON sb.game_id = sa.game_id AND sb.player_id = ? "
        "JOIN games g ON g.id = sa.game_id AND g.finished = 1 "
        "JOIN evenings e ON e.id = g.evening_id "
        "JOIN game_sides ga ON ga.game_id = g.id AND ga.side_index = sa.side "
        "JOIN game_sides gb ON gb.game_id = g.id AND gb.side_index = sb.side "
        "WHERE sa.player_id = ? ORDER BY e.date DESC, g.id DESC"
    )
    games = list(db.query(sql, [b, a]))
    against = [g for g in games if not g["partners"]]
    together = [g for g in games if g["partners"]]
    return {
        "games": games,
        "against": len(against),
        "won_a": sum(g["won_a"] for g in against),
        "won_b": sum(g["won_b"] for g in against),
        "together": len(together),
        "won_together": sum(g["won_a"] for g in together),
    }
