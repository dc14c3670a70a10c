"""A club night's tables as the database keeps them: each table's card, whose
link is a secret of its own (it opens that table only, for the whole event, and
the director can replace it: a new secret, the old link stops working and the
join code of the table's games is retired with it, so the old card's holder
cannot join again); the director's passphrase for the event (hashed); and the
game a table's phones go on to after each of its games."""

from __future__ import annotations

import secrets
from typing import Any

from sqlite_utils import Database

from ..connection import now, row, rows, writing
from ..games import games


def card_links(db: Database, event_id: int, count: int) -> dict[int, str]:
    """The secret of each table's card, 1 to ``count``; a table's is made the first
    time its card is printed (read without the write lock when all are there)."""
    sql = "SELECT table_no, token FROM event_cards WHERE event_id = ? ORDER BY table_no"
    found = {int(r["table_no"]): r["token"] for r in rows(db, sql, [event_id])}
    missing = [n for n in range(1, count + 1) if n not in found]
    if missing:
        with writing(db):
            found = {int(r["table_no"]): r["token"] for r in rows(db, sql, [event_id])}
            for table_no in (n for n in missing if n not in found):
                found[table_no] = made(db, event_id, table_no)
    return {n: found[n] for n in range(1, count + 1)}


def made(db: Database, event_id: int, table_no: int) -> str:
    token = secrets.token_urlsafe(18)  # 144 bits
    db.table("event_cards").upsert(
        {"event_id": event_id, "table_no": table_no, "token": token, "made_at": now()},
        pk=("event_id", "table_no"),
    )
    return token


def card(db: Database, token: str) -> dict[str, Any] | None:
    """The card behind a link: its event (id, uid, name, turn) and table number."""
    return row(
        db,
        "SELECT c.event_id, c.table_no, c.token, e.uid, e.name, e.turn FROM event_cards c "
        "JOIN events e ON e.id = c.event_id WHERE c.token = ? AND e.removed_at IS NULL",
        [token],
    )


def replace(db: Database, event_id: int, table_no: int) -> str:
    """A new secret for the table's card (one lost, or seen by the wrong people):
    the old link stops working, and so does the join code of any game the table
    has played (a new one is made when its scorer next shows it)."""
    with writing(db):
        token = made(db, event_id, table_no)
        db.execute(
            "UPDATE games SET join_code = NULL WHERE id IN (SELECT game_id FROM event_games "
            "WHERE event_id = ? AND table_no = ?)",
            [event_id, table_no],
        )
    return token


def seat_of_game(db: Database, game_id: int) -> dict[str, Any] | None:
    """The event and table a game is played at, with what decides who may score it:
    the event's uid and passphrase hash, the table's card, its turn and whether it is
    closed to its table (``games.TABLE_CLOSED``); None: no event's."""
    return row(
        db,
        "SELECT eg.event_id, eg.table_no, e.uid, e.passphrase_hash, c.token AS card, "
        f"eg.turn, {games.TABLE_CLOSED} AS closed "
        "FROM event_games eg JOIN events e ON e.id = eg.event_id LEFT JOIN event_cards c "
        "ON c.event_id = eg.event_id AND c.table_no = eg.table_no "
        "JOIN games g ON g.id = eg.game_id WHERE eg.game_id = ?",
        [game_id],
    )


def set_passphrase(db: Database, event_id: int, passphrase_hash: str | None) -> None:
    """The director's passphrase for the event (its hash), or none."""
    with writing(db):
        sql = "UPDATE events SET passphrase_hash = ? WHERE id = ?"
        db.execute(sql, [passphrase_hash, event_id])


def next_at_table(db: Database, game_id: int) -> int | None:
    """The event's game of the next turn at the table that played ``game_id``, once
    that turn has started and while the game is kept: where the table's phones go
    on to, before any game the table started itself."""
    found = row(
        db,
        "SELECT g.id FROM event_games eg JOIN event_games nx ON nx.event_id = eg.event_id "
        "AND nx.turn = eg.turn + 1 AND nx.table_no = eg.table_no "
        "JOIN games g ON g.id = nx.game_id WHERE eg.game_id = ? AND g.removed_at IS NULL",
        [game_id],
    )
    return int(found["id"]) if found else None


# The games of the turn after a game's, the one where a player sits first.
NEXT_TURN = """
SELECT nx.game_id, nx.turn, nx.table_no, json_array_length(g.sides) AS sides,
  (SELECT s.side FROM seats s JOIN players p ON p.id = s.player_id
   WHERE s.game_id = nx.game_id AND p.name = ?) AS side
FROM event_games eg JOIN event_games nx ON nx.event_id = eg.event_id AND nx.turn = eg.turn + 1
JOIN games g ON g.id = nx.game_id WHERE eg.game_id = ? AND g.removed_at IS NULL
ORDER BY side IS NULL, nx.table_no
"""


def next_place(db: Database, game: dict[str, Any], who: str) -> dict[str, Any] | None:
    """Where the player ``who``, seated at the event's ``game``, plays the next turn
    once it has started: its ``game_id``, ``turn``, ``table_no``, the ``side`` there
    and how many ``sides`` the game has; or ``{"bye": True, "turn": N}`` when they
    sit that turn out. None for a game of no event, a player not seated at it, or a
    next turn not started. One read."""
    if who not in (game["seats"] or []):
        return None
    found = rows(db, NEXT_TURN, [who, game["id"]])
    if not found:
        return None
    first = found[0]
    if first["side"] is None:
        return {"bye": True, "turn": first["turn"]}
    return {k: first[k] for k in ("game_id", "turn", "table_no", "side", "sides")}


def following(db: Database, game: dict[str, Any], who: str | None = None) -> int | None:
    """The game a phone goes on to after ``game``: a seated player's (``who``) is
    the event's game where that player sits next turn, wherever the movement takes
    them (none on a bye); anyone else's the event's next game at the table, else
    the one started by "Play again with the same players", if any."""
    place = next_place(db, game, who) if who else None
    if place is not None:
        return place.get("game_id")
    return next_at_table(db, int(game["id"])) or games.next_game(db, game)
