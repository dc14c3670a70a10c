"""Players: the names a table has used, and each player's statistics (read
from the tallies that every write keeps, see ``tallies``)."""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import N_, problem as P_
from .. import checks, connection
from ..connection import insert, now, writing
from ..ratings import leaderboards
from . import tallies


def all_players(db: Database) -> list[dict[str, Any]]:
    """Every player's id and name, alphabetically (not the removed ones)."""
    sql = "SELECT id, name FROM players WHERE removed_at IS NULL ORDER BY name COLLATE NOCASE"
    return connection.rows(db, sql)


def names(db: Database) -> list[str]:
    return [p["name"] for p in all_players(db)]


def same_name(db: Database, name: str, but: int | None = None) -> dict[str, Any] | None:
    """The player (removed ones too) whose name is ``name`` in any case or form
    (``checks.name_key``, kept indexed beside each name), other than player ``but``."""
    sql = "SELECT id, name, removed_at FROM players WHERE name_key = ? AND id IS NOT ? LIMIT 1"
    return next(db.query(sql, [checks.name_key(name), but]), None)


def remember(db: Database, name: str) -> int:
    """The id of the player with this name (any case), added if new. Seating a
    removed player by name brings them back; seating one an import under way added
    makes them this table's player, whatever becomes of the import (``staging``)."""
    row = same_name(db, name)
    if row:
        db.execute(
            "UPDATE players SET removed_at = NULL, import_id = NULL WHERE id = ?", [row["id"]]
        )
        return int(row["id"])
    row = {"name": name, "name_key": checks.name_key(name), "created_at": now()}
    return insert(db, "players", row)


class NameTaken(Exception):
    """Another player already has this name (in any case)."""


def rename(db: Database, player_id: int, name: str) -> None:
    """Give a player a new name. Sides stored in games keep the names they were
    played under; seats (and so statistics) follow the player."""
    with writing(db):
        other = same_name(db, name, but=player_id)
        if other:
            template = N_("%(name)s is already a player's name.")
            if other["removed_at"]:
                template = N_(
                    "%(name)s is already a player's name "
                    "(a removed player: undo that removal to use it)."
                )
            raise NameTaken(P_(template, name=other["name"]))
        db.execute(
            "UPDATE players SET name = ?, name_key = ? WHERE id = ?",
            [name, checks.name_key(name), player_id],
        )


def ranking(db: Database) -> list[dict[str, Any]]:
    """Everyone, winners first, from the tallies, each with their rating over all
    variants (``leaderboards.described``, or None before a finished game): one query."""
    sql = (
        "SELECT p.id, p.name, coalesce(sum(t.played), 0) AS played, "
        "coalesce(sum(t.won), 0) AS won, r.mu, r.sigma, r.games FROM players p "
        "LEFT JOIN player_stats t ON t.player_id = p.id "
        "LEFT JOIN player_ratings r ON r.player_id = p.id AND r.scope = 'all' "
        "WHERE p.removed_at IS NULL "
        "GROUP BY p.id ORDER BY won DESC, played DESC, p.name COLLATE NOCASE"
    )
    found = db.conn.execute(sql).fetchall()
    return [
        {
            "id": i,
            "name": name,
            "played": played,
            "won": won,
            "rating": None
            if games is None
            else leaderboards.described({"mu": mu, "sigma": sigma, "games": games}),
        }
        for i, name, played, won, mu, sigma, games in found
    ]


def player(db: Database, player_id: int) -> dict[str, Any] | None:
    return connection.row(db, "SELECT * FROM players WHERE id = ?", [player_id])


def statistics(db: Database, player_id: int) -> dict[str, dict[str, Any]]:
    """A player's figures overall ("all") and per variant, from the tallies kept
    by every write. A team's results count for each of its members. ``won`` counts
    a tie for the win (the tallies share it); ``drawn`` counts those ties, and
    ``won_outright`` and the win rate leave them out."""
    per_variant = {row.pop("variant"): row for row in tallies.rows(db, player_id)}
    overall: dict[str, Any] = {k: sum(r[k] for r in per_variant.values()) for k in tallies.SUMS}
    bests = [r["best"] for r in per_variant.values() if r["best"] is not None]
    overall["best"] = max(bests) if bests else None
    stats = {"all": overall, **dict(sorted(per_variant.items()))}
    tied = drawn(db, player_id)
    for key, row in stats.items():
        row["drawn"] = sum(tied.values()) if key == "all" else tied.get(key, 0)
        row["won_outright"] = row["won"] - row["drawn"]  # a tie is a draw, as at a club night
        row["average"] = row["score_sum"] / row["rounds"] if row["rounds"] else None
        row["win_rate"] = row["won_outright"] / row["finished"] if row["finished"] else None
    return stats


# A finished game every side of which won: the totals tied (the win shared), which a
# club night counts as a draw.
TIED = "NOT EXISTS (SELECT 1 FROM game_sides o WHERE o.game_id = g.id AND o.won = 0)"


def drawn(db: Database, player_id: int) -> dict[str, int]:
    """The player's finished games that ended in a tie, by variant (the tallies count
    them as won: every side shares the win)."""
    sql = f"SELECT g.variant, count(*) AS n {FINISHED_GAMES} AND {TIED} GROUP BY g.variant"
    return {r["variant"]: int(r["n"]) for r in connection.rows(db, sql, [player_id])}


FINISHED_GAMES = (
    "FROM seats s JOIN games g ON g.id = s.game_id AND g.finished = 1 "
    "AND g.removed_at IS NULL JOIN evenings e ON e.id = g.evening_id "
    "JOIN game_sides gs ON gs.game_id = g.id AND gs.side_index = s.side WHERE s.player_id = ?"
)


def latest_games(db: Database, player_id: int, limit: int = 10) -> list[dict[str, Any]]:
    """A player's last finished games, newest first (by the order they were entered),
    each with the player's place among the sides (1 + the sides ahead), how many sides
    there were, and their partners' names ("" where each played alone)."""
    sql = (
        "SELECT e.date, g.id, g.variant, gs.won, gs.total, "
        f"{TIED} AS drawn, "
        "(SELECT 1 + count(*) FROM game_sides o WHERE o.game_id = g.id AND o.total > gs.total)"
        " AS place, (SELECT count(*) FROM game_sides o WHERE o.game_id = g.id) AS sides, "
        "(SELECT coalesce(group_concat(p.name, ' & '), '') FROM seats o JOIN players p "
        "ON p.id = o.player_id WHERE o.game_id = g.id AND o.side = s.side "
        f"AND o.player_id != s.player_id) AS partners {FINISHED_GAMES} "
        "ORDER BY s.game_id DESC LIMIT ?"
    )
    return connection.rows(db, sql, [player_id, limit])


def head_to_head(db: Database, a: int, b: int) -> dict[str, Any]:
    """Finished games both played: against each other, and as partners."""
    sql = (
        "SELECT g.id, g.variant, e.date, sa.side = sb.side AS partners, "
        "ga.won AS won_a, gb.won AS won_b FROM seats sa "
        "JOIN seats sb ON sb.game_id = sa.game_id AND sb.player_id = ? "
        "JOIN games g ON g.id = sa.game_id AND g.finished = 1 AND g.removed_at IS NULL "
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
