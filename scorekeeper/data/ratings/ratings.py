"""Players' ratings, kept equal to a rating of every finished game from scratch.

Games are rated in order of their evening's date, then when they were started,
then their uid: what the games themselves say, which a correction, a deleted and
re-entered round, or an export and import leave as they were (``rated_games``
holds each finished, kept game as the ratings read it).
Every write to a game calls ``follow`` in its own transaction: when what the
ratings read of the game changed (it finished, a correction moved its totals,
it was removed or brought back, or an earlier game was imported), the changes
of every game from the first one affected onward are dropped and that part of
the history is rated again (``ratings.model.replay``), starting from each
player's rating before it. A game finished tonight is among the last in the
order (a game started later at another table may have finished first), so its
save rates that game or a few; a correction of last year's game rates a year.
An import rates once per transaction (``batched``), from its earliest game.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from ...ratings import model as rating
from ...scoring import get_variant
from ..connection import row, rows

Key = tuple[str, str, str]  # date, started_at, uid: the order games are rated in
ORDER = "(date, started_at, uid)"
ORDER_BY = "date, started_at, uid"
COLUMNS: tuple[str, ...] = ("game_id", "date", "finished_at", "variant", "sides", "teams")
COLUMNS += ("totals", "started_at", "uid", "deals")  # by m0033: the order, the deals played


@dataclass
class Pending:
    """What a batch of writes has left to rate: from ``start`` on."""

    start: Key | None = None
    players: set[int] = field(default_factory=set)


PENDING: weakref.WeakKeyDictionary[Database, Pending] = weakref.WeakKeyDictionary()


@contextmanager
def batched(db: Database) -> Iterator[None]:
    """Within it (one transaction), games' changes are noted, and rated once at its end."""
    pending = PENDING[db] = Pending()
    try:
        yield
        if pending.start is not None:
            rate_from(db, pending.start, pending.players)
    finally:
        PENDING.pop(db, None)


def follow(db: Database, game_id: int, finished: bool | None = None) -> None:
    """Bring the ratings in step with a change to game ``game_id`` (inside its
    write); ``finished``: whether the game is finished now, if the caller knows."""
    moved = update_game(db, game_id, finished)
    if moved is None:
        return
    start, players = moved
    pending = PENDING.get(db)
    if pending is None:
        rate_from(db, start, players)
    else:
        pending.start = start if pending.start is None else min(pending.start, start)
        pending.players |= players


def key(found: dict[str, Any]) -> Key:
    return (found["date"], found["started_at"], found["uid"])


# A replay of at most this many games is done in the write that called for it (a
# game finished tonight: one); a longer one (a correction of an old game, an import
# of older games) is left to ``backlog.step``, a few games a transaction.
INLINE_GAMES = 40


def rate_from(db: Database, start: Key, players: set[int]) -> None:
    """Rate every game from ``start`` on again: now if that is short and nothing is
    waiting, else by noting it in ``rating_backlog`` (inside the caller's write)."""
    waiting = row(db, "SELECT * FROM rating_backlog WHERE id = 1")
    if waiting is None and not longer_than(db, start, INLINE_GAMES):
        replay_from(db, start, players)
        return
    if waiting is not None:
        start = min(start, key(waiting))
        players = players | set(json.loads(waiting["players"]))
    db.execute(
        "INSERT OR REPLACE INTO rating_backlog (id, date, started_at, uid, players) "
        "VALUES (1, ?, ?, ?, ?)",
        [*start, json.dumps(sorted(players))],
    )


def longer_than(db: Database, start: Key, most: int) -> bool:
    sql = (
        f"SELECT count(*) AS n FROM (SELECT 1 FROM rated_games WHERE {ORDER} >= (?, ?, ?) LIMIT ?)"
    )
    found = row(db, sql, [*start, most + 1])
    return bool(found and found["n"] > most)


def updating(db: Database) -> bool:
    """Whether some ratings are still being brought up to date (pages say so)."""
    return db.conn.execute("SELECT 1 FROM rating_backlog LIMIT 1").fetchone() is not None


def update_game(db: Database, game_id: int, finished: bool | None) -> tuple[Key, set[int]] | None:
    """Write the game's ``rated_games`` and ``rating_pairs`` rows anew if they
    changed, dropping its rating changes; where to rate from, and its players
    before the change (None: nothing to rate again)."""
    old = row(db, f"SELECT {', '.join(COLUMNS)} FROM rated_games WHERE game_id = ?", [game_id])
    if old is None and finished is False:
        return None  # the common save: a round of a game still being played
    new = read_game(db, game_id)
    if old == (new and new[0]):
        return None
    players: set[int] = set()
    if old is not None:
        players = {p for team in json.loads(old["teams"]) for p in team}
        for table in ("rated_games", "rating_pairs", "rating_changes"):
            db.execute(f"DELETE FROM {table} WHERE game_id = ?", [game_id])
    if new is not None:
        found, pairs = new
        db.execute(
            f"INSERT INTO rated_games VALUES ({', '.join('?' * len(COLUMNS))})",
            [found[c] for c in COLUMNS],
        )
        db.conn.executemany("INSERT INTO rating_pairs VALUES (?, ?, ?, ?, ?, ?)", pairs)
    return min(key(r) for r in (old, new and new[0]) if r), players


GAME = (
    "SELECT g.id AS game_id, e.date, coalesce(g.finished_at, '') AS finished_at, g.variant, "
    "g.sides, coalesce(g.created_at, '') AS started_at, g.uid, "
    "coalesce(json_extract(g.start, '$.rounds'), 0) + g.round_count AS deals "
    "FROM games g JOIN evenings e ON e.id = g.evening_id "
    "WHERE g.id = ? AND g.finished = 1 AND g.removed_at IS NULL"
)


def read_game(db: Database, game_id: int) -> tuple[dict[str, Any], list[tuple[Any, ...]]] | None:
    """The game as ``rated_games`` keeps it, and its ``rating_pairs`` rows; None
    unless it is finished, kept, and has players on two sides or more."""
    found = row(db, GAME, [game_id])
    if found is None:
        return None
    sides = json.loads(found["sides"])
    teams: list[list[int]] = [[] for _ in sides]
    for seat in rows(
        db, "SELECT side, player_id FROM seats WHERE game_id = ? ORDER BY seat", [game_id]
    ):
        teams[seat["side"]].append(seat["player_id"])
    totals = [0] * len(sides)
    for side in rows(db, "SELECT side_index, total FROM game_sides WHERE game_id = ?", [game_id]):
        totals[side["side_index"]] = int(side["total"])
    game = rating.RatedGame(
        game_id, found["variant"], tuple(map(tuple, teams)), tuple(totals), found["deals"]
    )
    if not rating.valid(game):
        return None
    side_of = {p: i for i, team in enumerate(teams) for p in team}
    places, leads = rating.ranks(totals), rating.margins(totals)
    pairs = [
        (game_id, a, b, int(together), int(places[side_of[a]] == 1), leads[side_of[a]])
        for a, b, together in rating.pairs(get_variant(found["variant"]), sides, teams)
    ]
    return {**found, "teams": json.dumps(teams), "totals": json.dumps(totals)}, pairs


def store_changes(db: Database, changes: list[rating.Change]) -> None:
    db.conn.executemany(
        "INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", map(change_row, changes)
    )


def change_row(c: rating.Change) -> tuple[Any, ...]:
    """A change as ``rating_changes`` keeps it."""
    before, after = (c.before.mu, c.before.sigma), (c.after.mu, c.after.sigma)
    return (c.game_id, c.player_id, c.scope, c.side, *before, *after, c.games)


def as_rated(found: dict[str, Any]) -> rating.RatedGame:
    teams = tuple(tuple(team) for team in json.loads(found["teams"]))
    totals = tuple(json.loads(found["totals"]))
    return rating.RatedGame(found["game_id"], found["variant"], teams, totals, found["deals"])


def replay_from(db: Database, start: Key, players: set[int]) -> None:
    """Rate every game from ``start`` on again, from each player's rating before
    it; then set the current ratings of ``players`` and of everyone rated."""
    later = f"SELECT game_id FROM rated_games WHERE {ORDER} >= (?, ?, ?)"
    touched = {
        r["player_id"]
        for r in rows(
            db, f"SELECT DISTINCT player_id FROM rating_changes WHERE game_id IN ({later})", start
        )
    }
    db.execute(f"DELETE FROM rating_changes WHERE game_id IN ({later})", start)
    sql = f"SELECT * FROM rated_games WHERE {ORDER} >= (?, ?, ?) ORDER BY {ORDER_BY}"
    games = [as_rated(r) for r in rows(db, sql, start)]
    changes = list(rating.replay(games, lambda player, scope: known(db, player, scope)))
    store_changes(db, changes)
    final = {(c.player_id, c.scope): (c.after.mu, c.after.sigma, c.games) for c in changes}
    set_current(db, touched | players, final)


def known(db: Database, player: int, scope: str) -> tuple[rating.Skill, int] | None:
    """A player's latest rating in ``scope`` and their rated games there, if any."""
    found = row(
        db,
        "SELECT mu, sigma, games FROM rating_changes WHERE player_id = ? "
        "AND scope = ? ORDER BY games DESC LIMIT 1",
        [player, scope],
    )
    return (rating.Skill(found["mu"], found["sigma"]), found["games"]) if found else None


def set_current(
    db: Database, players: set[int], final: dict[tuple[int, str], tuple[float, float, int]]
) -> None:
    """``player_ratings`` after a replay: ``final`` for the players rated in it (their
    last change), and for the others of ``players`` (whose games were dropped or moved)
    their latest change left, or none."""
    db.conn.executemany(
        "INSERT OR REPLACE INTO player_ratings VALUES (?, ?, ?, ?, ?)",
        [(p, scope, *values) for (p, scope), values in final.items()],
    )
    for player in sorted(players):
        sql = "SELECT scope FROM player_ratings WHERE player_id = ?"
        for scope in [r["scope"] for r in rows(db, sql, [player])]:
            if (player, scope) in final:
                continue
            found = known(db, player, scope)
            if found is None:
                db.execute(
                    "DELETE FROM player_ratings WHERE player_id = ? AND scope = ?", [player, scope]
                )
            else:
                db.execute(
                    "UPDATE player_ratings SET mu = ?, sigma = ?, games = ? "
                    "WHERE player_id = ? AND scope = ?",
                    [found[0].mu, found[0].sigma, found[1], player, scope],
                )


def from_scratch(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every game rated again from the games themselves, in memory: what the
    stored tables must hold (the property test compares them)."""
    ids = [r["id"] for r in rows(db, "SELECT id FROM games WHERE finished = 1")]
    found = [game for game in (read_game(db, i) for i in ids) if game is not None]
    found.sort(key=lambda g: key(g[0]))
    changes = list(rating.replay((as_rated(g) for g, _ in found), lambda player, scope: None))
    current = {(c.player_id, c.scope): (c.after.mu, c.after.sigma, c.games) for c in changes}
    return {
        "rated_games": sorted(tuple(g[c] for c in COLUMNS) for g, _ in found),
        "rating_pairs": sorted(p for _, pairs in found for p in pairs),
        "rating_changes": sorted(change_row(c) for c in changes),
        "player_ratings": sorted((p, s, *values) for (p, s), values in current.items()),
    }


def stored(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """The rating tables as they are, in ``from_scratch``'s form."""
    return {
        table: sorted(tuple(r.values()) for r in rows(db, f"SELECT * FROM {table}"))
        for table in ("rated_games", "rating_pairs", "rating_changes", "player_ratings")
    }
