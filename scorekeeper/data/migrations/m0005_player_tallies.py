"""Each player's running tally per variant and per month (for the win-rate
chart), so statistics never scan history.

The backfill is frozen as it was written: one set-based pass over the rows that
0004 keeps (seats, game results, per-side rounds), giving the same tallies that
applying every game's contribution one by one would.
"""

from __future__ import annotations

from sqlite_utils import Database

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

# What each game adds to each of its players, every game at once.
CONTRIBUTIONS = (
    "SELECT s.player_id, g.variant, substr(e.date, 1, 7) AS month, "
    "CASE WHEN g.round_count > 0 THEN 1 ELSE 0 END AS played, "
    "coalesce(g.finished, 0) AS finished, "
    "CASE WHEN g.finished = 1 AND gs.won = 1 THEN 1 ELSE 0 END AS won, "
    "count(r.number) AS rounds, coalesce(sum(r.score), 0) AS score_sum, max(r.score) AS best, "
    "coalesce(sum(r.went_out), 0) AS went_out, "
    + ", ".join(f"coalesce(sum(r.{c}), 0) AS {c}" for c in CANASTA_COLUMNS)
    + " FROM seats s JOIN games g ON g.id = s.game_id JOIN evenings e ON e.id = g.evening_id "
    "LEFT JOIN game_sides gs ON gs.game_id = g.id AND gs.side_index = s.side "
    "LEFT JOIN side_rounds r ON r.game_id = g.id AND r.side_index = s.side "
    "GROUP BY s.game_id, s.player_id"
)


def apply(db: Database) -> None:
    counts = dict.fromkeys(SUMS, int)
    db.table("player_stats").create(
        {"player_id": int, "variant": str, **counts, "best": int},
        pk=("player_id", "variant"),
        foreign_keys=[("player_id", "players", "id")],
        defaults=dict.fromkeys(counts, 0),
        not_null=set(counts),
    )
    db.table("player_months").create(
        {"player_id": int, "month": str, "games": int, "won": int},
        pk=("player_id", "month"),
        foreign_keys=[("player_id", "players", "id")],
        defaults={"games": 0, "won": 0},
        not_null={"games", "won"},
    )
    sums = ", ".join(f"sum({k})" for k in SUMS)
    db.execute(
        f"INSERT INTO player_stats (player_id, variant, {', '.join(SUMS)}, best) "
        f"SELECT player_id, variant, {sums}, max(best) FROM ({CONTRIBUTIONS}) "
        "GROUP BY player_id, variant"
    )
    db.execute(
        "INSERT INTO player_months (player_id, month, games, won) "
        f"SELECT player_id, month, sum(finished), sum(won) FROM ({CONTRIBUTIONS}) "
        "GROUP BY player_id, month"
    )
