"""Each player's running tally per variant, kept in step by every write to a game:
the statistics page then reads a few rows, however long the player's history.

A removed game contributes nothing (so removing it, or undoing that, is one more
change to apply). A write changes one game; what that game contributed to each of its players
before and after is compared, and only the difference is applied. The best round
is a maximum, not a sum: it is recomputed (from the player's rounds, by index)
only when a correction removed it.
"""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from .. import connection

CANASTA_COLUMNS = (
    "natural_canastas",
    "mixed_canastas",
    "wild_canastas",
    "sevens_canastas",
    "sambas",
    "red_sevens_canastas",
    "super_canastas_pure",
    "super_canastas_impure",
)
SUMS = ("played", "finished", "won", "rounds", "score_sum", "went_out", *CANASTA_COLUMNS)
CONTRIBUTION = (
    "SELECT s.player_id, g.variant, substr(e.date, 1, 7) AS month, "
    "CASE WHEN g.round_count > 0 THEN 1 ELSE 0 END AS played, "
    "coalesce(g.finished, 0) AS finished, "
    "CASE WHEN g.finished = 1 AND gs.won = 1 THEN 1 ELSE 0 END AS won, "
    "count(r.number) AS rounds, coalesce(sum(r.score), 0) AS score_sum, max(r.score) AS best, "
    "coalesce(sum(r.went_out), 0) AS went_out, "
    + ", ".join(f"coalesce(sum(r.{c}), 0) AS {c}" for c in CANASTA_COLUMNS)
    + " FROM seats s JOIN games g ON g.id = s.game_id JOIN evenings e ON e.id = g.evening_id "
    "LEFT JOIN game_sides gs ON gs.game_id = g.id AND gs.side_index = s.side "
    "LEFT JOIN side_rounds r ON r.game_id = g.id AND r.side_index = s.side AND r.number >= ? "
    "WHERE s.game_id = ? AND g.removed_at IS NULL GROUP BY s.player_id"
)


def contributions(db: Database, game_id: int, from_round: int = 1) -> dict[int, dict[str, Any]]:
    """What one game adds to each of its players' tallies; with ``from_round``, its
    rounds from that one on only. A change that leaves the earlier rounds as they
    were moves the tallies by the same difference either way (the best round is
    checked against the player's others when it drops), and the cost then does not
    grow with the game."""
    sql, params = CONTRIBUTION, [from_round, game_id]
    return {found["player_id"]: found for found in connection.rows(db, sql, params)}


def apply(db: Database, old: dict[int, dict[str, Any]], new: dict[int, dict[str, Any]]) -> None:
    """Move the tallies from a game's ``old`` contribution to its ``new`` one: one
    upsert (that also raises the best round) for the players whose figures moved,
    all in one ``executemany``; more only when a correction may have taken a
    player's best away, or a game's end moved a month's figures."""
    upserts, after_upserts = [], []
    for player in old.keys() | new.keys():
        before, after = old.get(player) or {}, new.get(player) or {}
        variant = (after or before)["variant"]
        deltas = [after.get(k, 0) - before.get(k, 0) for k in SUMS]
        was, now = before.get("best"), after.get("best")
        if not any(deltas) and was == now:
            continue
        grows = was is None or (now is not None and now >= was)
        upserts.append([player, variant, *deltas, now if grows else None])
        change = dict(zip(SUMS, deltas, strict=True))
        after_upserts.append((player, variant, was, now, grows, (after or before)["month"], change))
    if upserts:
        db.conn.executemany(UPSERT, upserts)
    for player, variant, was, now, grows, month, change in after_upserts:
        if not grows:
            update_best(db, player, variant, was, now)
        if change["finished"] or change["won"]:  # most changes leave the month as it is
            update_month(db, player, month, change["finished"], change["won"])


UPSERT = (
    f"INSERT INTO player_stats (player_id, variant, {', '.join(SUMS)}, best) "
    f"VALUES (?, ?, {', '.join('?' * len(SUMS))}, ?) "
    "ON CONFLICT (player_id, variant) DO UPDATE SET "
    + ", ".join(f"{k} = {k} + excluded.{k}" for k in SUMS)
    + ", best = CASE WHEN excluded.best IS NOT NULL AND (best IS NULL OR excluded.best > best) "
    "THEN excluded.best ELSE best END"
)


# A round added at the end of a game that had rounds and goes on: its players' figures
# move by that round alone (the game's played, finished and won stay as they were), in
# one statement instead of the game's contribution read before and after.
ADDED = (
    f"INSERT INTO player_stats (player_id, variant, {', '.join(SUMS)}, best) "
    "SELECT s.player_id, g.variant, 0, 0, 0, 1, r.score, coalesce(r.went_out, 0), "
    + ", ".join(f"coalesce(r.{c}, 0)" for c in CANASTA_COLUMNS)
    + ", r.score FROM seats s JOIN games g ON g.id = s.game_id "
    "JOIN evenings e ON e.id = g.evening_id "
    "JOIN side_rounds r ON r.game_id = g.id AND r.side_index = s.side AND r.number = ? "
    "WHERE s.game_id = ? AND g.removed_at IS NULL " + UPSERT[UPSERT.index("ON CONFLICT") :]
)


def add_round(db: Database, game_id: int, number: int) -> None:
    """Move the tallies by round ``number``, just added at the end of a game that had
    rounds before it and is not over with it (its side rounds already written): what
    ``apply`` would do with the contributions before and after, in one statement."""
    db.conn.execute(ADDED, [number, game_id])


def update_month(db: Database, player: int, month: str, games: int, won: int) -> None:
    """The month's finished games and wins, for the win-rate chart."""
    key = [player, month]
    db.execute("INSERT OR IGNORE INTO player_months (player_id, month) VALUES (?, ?)", key)
    db.execute(
        "UPDATE player_months SET games = games + ?, won = won + ? "
        "WHERE player_id = ? AND month = ?",
        [games, won, *key],
    )


def update_best(db: Database, player: int, variant: str, was: int | None, now: int | None) -> None:
    where = "WHERE player_id = ? AND variant = ?"
    best = (connection.row(db, f"SELECT best FROM player_stats {where}", [player, variant]) or {})[
        "best"
    ]
    if now is not None and (best is None or now > best):
        db.execute(f"UPDATE player_stats SET best = ? {where}", [now, player, variant])
    elif was is not None and was == best and (now is None or now < was):
        found = next(
            db.query(
                "SELECT max(r.score) AS best FROM seats s JOIN games g ON g.id = s.game_id "
                "JOIN side_rounds r ON r.game_id = s.game_id AND r.side_index = s.side "
                "WHERE s.player_id = ? AND g.variant = ? AND g.removed_at IS NULL",
                [player, variant],
            )
        )["best"]
        db.execute(f"UPDATE player_stats SET best = ? {where}", [found, player, variant])


def months(db: Database, player_id: int) -> list[dict[str, Any]]:
    """Finished games and games won, month by month, oldest first."""
    sql = (
        "SELECT month AS date, games, won FROM player_months "
        "WHERE player_id = ? AND games > 0 ORDER BY month"
    )
    return connection.rows(db, sql, [player_id])


def rows(db: Database, player_id: int) -> list[dict[str, Any]]:
    sql = "SELECT * FROM player_stats WHERE player_id = ? AND played > 0"
    return connection.rows(db, sql, [player_id])
