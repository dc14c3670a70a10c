"""Ratings that depend only on the games: they are rated in order of their
evening's date, then when the game was started, then its uid (all three travel
in an export), no longer by when it finished (a deleted and re-entered last
round moved that). ``rated_games`` keeps each game's start, uid and the deals its
totals hold (who sat out which, in five-player Canasta); ``rating_backlog`` keeps
where a replay starts in that order. Every game is then rated again from scratch
with the pure engine's ``ratings.model`` (whose answers are the specification),
in the new order, so no backlog is left."""

from __future__ import annotations

import json

from sqlite_utils import Database

from ...ratings import model as rating


def apply(db: Database) -> None:
    for column, kind in (("started_at", "TEXT"), ("uid", "TEXT"), ("deals", "INTEGER")):
        default = "0" if kind == "INTEGER" else "''"
        db.execute(f"ALTER TABLE rated_games ADD COLUMN {column} {kind} NOT NULL DEFAULT {default}")
    db.execute(
        "UPDATE rated_games SET started_at = g.started_at, uid = g.uid, deals = g.deals FROM ("
        "SELECT id, coalesce(created_at, '') AS started_at, coalesce(uid, '') AS uid, "
        "coalesce(json_extract(start, '$.rounds'), 0) + coalesce(round_count, 0) AS deals "
        "FROM games) g WHERE g.id = rated_games.game_id"
    )
    db.execute("DROP INDEX IF EXISTS rated_games_order")
    db.execute("CREATE INDEX rated_games_order ON rated_games (date, started_at, uid)")
    db.execute("DELETE FROM rating_backlog")  # everything is rated again below
    for column in ("finished_at", "game_id"):
        db.execute(f"ALTER TABLE rating_backlog DROP COLUMN {column}")
    for column in ("started_at", "uid"):
        db.execute(f"ALTER TABLE rating_backlog ADD COLUMN {column} TEXT NOT NULL DEFAULT ''")
    rate_again(db)


def rate_again(db: Database) -> None:
    games = [
        rating.RatedGame(
            found["game_id"],
            found["variant"],
            tuple(tuple(team) for team in json.loads(found["teams"])),
            tuple(json.loads(found["totals"])),
            found["deals"],
        )
        for found in db.query(
            "SELECT game_id, variant, teams, totals, deals FROM rated_games "
            "ORDER BY date, started_at, uid"
        )
    ]
    db.execute("DELETE FROM rating_changes")
    db.execute("DELETE FROM player_ratings")
    current: dict[tuple[int, str], tuple[float, float, int]] = {}
    changes = []
    for c in rating.replay(games, lambda player, scope: None):
        before, after = (c.before.mu, c.before.sigma), (c.after.mu, c.after.sigma)
        changes.append((c.game_id, c.player_id, c.scope, c.side, *before, *after, c.games))
        current[c.player_id, c.scope] = (c.after.mu, c.after.sigma, c.games)
    db.conn.executemany("INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", changes)
    db.conn.executemany(
        "INSERT INTO player_ratings VALUES (?, ?, ?, ?, ?)",
        [(p, scope, *values) for (p, scope), values in current.items()],
    )
