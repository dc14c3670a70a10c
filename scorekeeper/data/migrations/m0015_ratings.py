"""Players' ratings: when each game finished, the finished games as the
ratings read them (in the order they are rated: evening date, finish, id), every
player's rating change per game in the game's variant and over all, each
player's current rating, and who played with and against whom.

The backfill reads the games with its own SQL, frozen here, and rates them with
the pure engine's ``ratings.model`` (whose answers are the specification). A
game finished before this migration counts as finished at its last change."""

from __future__ import annotations

import json

from sqlite_utils import Database

from ...ratings import model as rating
from ...scoring import get_variant


def apply(db: Database) -> None:
    db.table("games").add_column("finished_at", str)
    db.execute(
        "UPDATE games SET finished_at = coalesce(updated_at, created_at, '') WHERE finished = 1"
    )
    db.table("rated_games").create(
        {
            "game_id": int,
            "date": str,
            "finished_at": str,
            "variant": str,
            "sides": str,
            "teams": str,
            "totals": str,
        },  # JSON: side names, player ids, totals
        pk="game_id",
        not_null={"date", "finished_at", "variant", "sides", "teams", "totals"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db.execute("CREATE INDEX rated_games_order ON rated_games (date, finished_at, game_id)")
    db.table("rating_changes").create(
        {
            "game_id": int,
            "player_id": int,
            "scope": str,
            "side": int,
            "mu_before": float,
            "sigma_before": float,
            "mu": float,
            "sigma": float,
            "games": int,
        },
        pk=("game_id", "player_id", "scope"),
        foreign_keys=[("game_id", "games", "id"), ("player_id", "players", "id")],
    )
    db.execute("CREATE INDEX rating_changes_player ON rating_changes (player_id, scope, games)")
    db.table("player_ratings").create(
        {"player_id": int, "scope": str, "mu": float, "sigma": float, "games": int},
        pk=("player_id", "scope"),
        foreign_keys=[("player_id", "players", "id")],
    )
    db.table("rating_pairs").create(
        {
            "game_id": int,
            "player_id": int,
            "other_id": int,
            "partners": int,
            "won": int,
            "margin": int,
        },  # won and margin: player_id's own in that game
        pk=("player_id", "other_id", "game_id"),
        foreign_keys=[("game_id", "games", "id"), ("player_id", "players", "id")],
    )
    db.execute("CREATE INDEX rating_pairs_game ON rating_pairs (game_id)")
    backfill(db)


GAMES = (
    "SELECT g.id, g.variant, g.sides, e.date, g.finished_at FROM games g "
    "JOIN evenings e ON e.id = g.evening_id WHERE g.finished = 1 AND g.removed_at IS NULL "
    "ORDER BY e.date, g.finished_at, g.id"
)


def backfill(db: Database) -> None:
    seats: dict[int, dict[int, list[int]]] = {}
    for found in db.query("SELECT game_id, side, player_id FROM seats ORDER BY game_id, seat"):
        seats.setdefault(found["game_id"], {}).setdefault(found["side"], []).append(
            found["player_id"]
        )
    totals: dict[int, dict[int, int]] = {}
    for found in db.query("SELECT game_id, side_index, total FROM game_sides"):
        totals.setdefault(found["game_id"], {})[found["side_index"]] = found["total"]
    games, rows, pairs = [], [], []
    for found in db.query(GAMES):
        sides = json.loads(found["sides"])
        teams = tuple(tuple(seats.get(found["id"], {}).get(i, ())) for i in range(len(sides)))
        scores = tuple(int(totals.get(found["id"], {}).get(i, 0)) for i in range(len(sides)))
        game = rating.RatedGame(found["id"], found["variant"], teams, scores)
        if not rating.valid(game):
            continue
        games.append(game)
        rows.append(
            (
                found["id"],
                found["date"],
                found["finished_at"],
                found["variant"],
                found["sides"],
                json.dumps(teams),
                json.dumps(scores),
            )
        )
        side_of = {p: i for i, team in enumerate(teams) for p in team}
        places, leads = rating.ranks(scores), rating.margins(scores)
        pairs += [
            (found["id"], a, b, int(together), int(places[side_of[a]] == 1), leads[side_of[a]])
            for a, b, together in rating.pairs(get_variant(found["variant"]), sides, teams)
        ]
    db.conn.executemany("INSERT INTO rated_games VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    db.conn.executemany("INSERT INTO rating_pairs VALUES (?, ?, ?, ?, ?, ?)", pairs)
    current: dict[tuple[int, str], tuple[float, float, int]] = {}
    changes = []
    for c in rating.replay(games, lambda player, scope: None):
        changes.append(
            (
                c.game_id,
                c.player_id,
                c.scope,
                c.side,
                c.before.mu,
                c.before.sigma,
                c.after.mu,
                c.after.sigma,
                c.games,
            )
        )
        current[c.player_id, c.scope] = (c.after.mu, c.after.sigma, c.games)
    db.conn.executemany("INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", changes)
    db.conn.executemany(
        "INSERT INTO player_ratings VALUES (?, ?, ?, ?, ?)",
        [(p, scope, *values) for (p, scope), values in current.items()],
    )
