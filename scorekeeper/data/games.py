"""Games: creating one, reading it back (with its seats and evening), and the
game as RULES.md's document, scored by the engine.

Functions take ``db`` first (datasette's habit); a write is one transaction.
"""

from __future__ import annotations

import json
import random
import secrets
import uuid
from typing import Any

from sqlite_utils import Database

from ..scoring import Answer, get_variant, score_game
from ..scoring.seating import side_names, turn
from . import players, results
from .connection import insert, now, writing
from .evenings import players_of

Game = dict[str, Any]
Round = dict[str, Any]
Scored = tuple[Game, list[Round], Answer]
# RULES.md, five-person: "the highest wins, then players draw for new seats".
DRAW_FOR_SEATS = frozenset({"five-person"})


class NotFound(Exception):
    """No such game or round."""


def create_game(
    db: Database,
    *,
    evening_id: int,
    variant: str,
    sides: list[str],
    players: int,
    options: dict[str, Any],
    seats: list[str] | None = None,
    first_dealer: int = 0,
    passphrase_hash: str | None = None,
    start: dict[str, Any] | None = None,
    uid: str | None = None,
    name: str = "",
    request_key: str | None = None,
) -> int:
    """Store a new game after the engine has accepted its document."""
    head = {"variant": variant, "sides": sides, "players": players, "options": options}
    answer = score_game({**head, **({"start": start} if start else {})})
    with writing(db):
        row = {
            "evening_id": evening_id,
            "variant": variant,
            "sides": json.dumps(sides),
            "players": players,
            "options": json.dumps(options),
            "first_dealer": first_dealer,
            "passphrase_hash": passphrase_hash,
            "watch_token": secrets.token_urlsafe(16),
            "uid": uid or uuid.uuid4().hex,
            "start": json.dumps(start or {}),
            "created_at": now(),
            "name": name,
            "request_key": request_key,
        }
        game_id = insert(db, "games", row)
        add_seats(db, game_id, seats or [], len(sides))
        results.refresh(db, game_id, {"id": game_id, "sides": sides}, [], answer)
    return game_id


def add_seats(db: Database, game_id: int, seats: list[str], sides: int) -> None:
    """Seat the players in order; partners sit alternately (seat ``i`` plays for
    side ``i % sides``)."""
    for seat, name in enumerate(seats):
        row = {"game_id": game_id, "seat": seat, "player_id": players.remember(db, name)}
        db.table("seats").insert({**row, "side": seat % sides})


def get_game(db: Database, game_id: int) -> Game:
    row = next(db.query("SELECT * FROM games WHERE id = ?", [game_id]), None)
    if row is None:
        raise NotFound(f"no game {game_id}")
    seats = db.query(
        "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id "
        "WHERE s.game_id = ? ORDER BY s.seat",
        [game_id],
    )
    evening = next(db.query("SELECT * FROM evenings WHERE id = ?", [row["evening_id"]]))
    evening["players"] = players_of(db, [evening["id"]]).get(evening["id"], [])
    return {
        **row,
        "sides": json.loads(row["sides"]),
        "options": json.loads(row["options"]),
        "start": json.loads(row["start"] or "{}"),
        "seats": [s["name"] for s in seats],
        "evening": evening,
    }


def game_by_token(db: Database, token: str) -> Game:
    row = next(db.query("SELECT id FROM games WHERE watch_token = ?", [token]), None)
    if row is None:
        raise NotFound("no game behind this link")
    return get_game(db, int(row["id"]))


def game_stamp(db: Database, game_id: int) -> int:
    """Changes so far: a spectator's page reloads when this moves."""
    sql = "SELECT coalesce(max(id), 0) AS stamp FROM round_changes WHERE game_id = ?"
    return int(next(db.query(sql, [game_id]))["stamp"])


def recent_games(db: Database, limit: int = 20) -> list[dict[str, Any]]:
    sql = (
        "SELECT g.id, g.name, g.variant, g.sides, e.date, g.round_count AS rounds "
        "FROM games g JOIN evenings e ON e.id = g.evening_id WHERE g.removed_at IS NULL "
        "ORDER BY g.id DESC LIMIT ?"
    )
    return [{**r, "sides": json.loads(r["sides"])} for r in db.query(sql, [limit])]


def games_of_evening(db: Database, evening_id: int) -> list[int]:
    sql = "SELECT id FROM games WHERE evening_id = ? AND removed_at IS NULL ORDER BY id"
    return [int(r["id"]) for r in db.query(sql, [evening_id])]


def rounds_of(db: Database, game_id: int) -> list[Round]:
    sql = "SELECT number, entries, version FROM rounds WHERE game_id = ? ORDER BY number"
    return [{**r, "entries": json.loads(r["entries"])} for r in db.query(sql, [game_id])]


def document(game: Game, rounds: list[Round]) -> dict[str, Any]:
    """The game as RULES.md's game document."""
    return {
        "variant": game["variant"],
        "sides": game["sides"],
        "players": game["players"],
        "options": game["options"],
        "rounds": [r["entries"] for r in rounds],
        **({"start": game["start"]} if game.get("start") else {}),
    }


def scored(db: Database, game_id: int) -> Scored:
    """The game, its rounds and the engine's answer for them."""
    game = get_game(db, game_id)
    rounds = rounds_of(db, game_id)
    return game, rounds, score_game(document(game, rounds))


def rename_game(db: Database, game_id: int, name: str) -> None:
    with writing(db):
        get_game(db, game_id)
        db.execute("UPDATE games SET name = ? WHERE id = ?", [name, game_id])


def next_seating(game: Game, rng: random.Random) -> tuple[list[str], int]:
    """The seats and first dealer of the next game at the same table: the same
    seats (five-person draws for new ones) and the deal moving on to the player
    after whoever dealt the last round."""
    seats = list(game["seats"])
    if not seats:
        return [], 0
    variant = get_variant(game["variant"])
    last = game["start"].get("rounds", 0) + (game.get("round_count") or 0)
    dealer = turn(variant, seats, game["first_dealer"] or 0, last).dealer
    following = seats[(seats.index(dealer or seats[0]) + 1) % len(seats)]
    if game["variant"] in DRAW_FOR_SEATS:
        rng.shuffle(seats)
    return seats, seats.index(following)


def play_again(db: Database, game_id: int, rng: random.Random | None = None) -> int:
    """The game that follows game ``game_id`` at the same table: in the same
    evening, with the same variant, players, house rules and scorer passphrase.
    One game follows a game: it is stored under the request key "after:<uid>", so
    a double tap, a retry or a second tap later all lead to the game started first."""
    with writing(db):
        game = get_game(db, game_id)
        key = f"after:{game['uid']}"
        done = next(db.query("SELECT id FROM games WHERE request_key = ?", [key]), None)
        if done:
            return int(done["id"])
        seats, dealer = next_seating(game, rng or random.SystemRandom())
        variant = get_variant(game["variant"])
        sides = side_names(variant, seats, len(game["sides"])) if seats else game["sides"]
        return create_game(
            db, evening_id=game["evening_id"], variant=game["variant"], sides=sides,
            players=game["players"], options=game["options"], seats=seats,
            first_dealer=dealer, passphrase_hash=game["passphrase_hash"], request_key=key,
        )  # fmt: skip
