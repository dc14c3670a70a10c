"""Games: creating one, reading it back (with its seats and evening), and the
game as the JSON contract's document (docs/api.md), scored by the engine.

Functions take ``db`` first (datasette's habit); a write is one transaction.
"""

from __future__ import annotations

import json
import random
import secrets
import uuid
from typing import Any

from sqlite_utils import Database

from ...scoring import Answer, get_variant, score_game
from ...scoring.i18n import N_, problem as P_
from ...scoring.seating import side_names, turn
from ..connection import insert, now, row, rows, writing
from . import players, results

Game = dict[str, Any]
Round = dict[str, Any]
Scored = tuple[Game, list[Round], Answer]
# docs/rules.md, five-person: "the highest wins, then players draw for new seats".
DRAW_FOR_SEATS = frozenset({"five-person"})


class NotFound(Exception):
    """No such game or round."""


class GameRemoved(Exception):
    """A removed game is read-only until its removal is undone."""


def check_kept(game: dict[str, Any]) -> None:
    """Raise GameRemoved for a removed game (its rounds, name and table stay as
    they were until the removal is undone from the history of removals)."""
    if game.get("removed_at"):
        template = N_(
            "game %(id)s was removed: undo that from the history of removals to change it"
        )
        raise GameRemoved(P_(template, id=game["id"]))


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
    created_at: str | None = None,
) -> int:
    """Store a new game after the engine has accepted its document; ``created_at``:
    when it was started, if not now (an imported game keeps its own: ratings order
    the games of an evening by it)."""
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
            "created_at": created_at or now(),
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
    rows = [
        {
            "game_id": game_id,
            "seat": seat,
            "player_id": players.remember(db, name),
            "side": seat % sides,
        }
        for seat, name in enumerate(seats)
    ]
    if rows:  # in one statement: a turn of a club night seats a hundred tables
        db.table("seats").insert_all(rows)


def get_game(db: Database, game_id: int) -> Game:
    game = game_row(db, game_id)
    game.pop("answer", None)
    return game


# Why a club night's table may no longer change its game (None: it may), for the
# web layer to refuse the table's phones (the director may still): "settled", a later
# turn has started; "withdrawn", an entry at it withdrew before it finished (its
# opponents have a bye). A table the director reopened may change it again.
TABLE_CLOSED = """CASE WHEN eg.reopened THEN NULL
     WHEN EXISTS (SELECT 1 FROM event_games nx WHERE nx.event_id = eg.event_id
                  AND nx.turn > eg.turn) THEN 'settled'
     WHEN NOT g.finished AND EXISTS (SELECT 1 FROM json_each(eg.entries) side,
                  json_each(side.value) entry JOIN event_entries en
                  ON en.event_id = eg.event_id AND en.number = entry.value
                  WHERE en.withdrawn_turn <= eg.turn) THEN 'withdrawn' END"""
GAME_SELECT = """
SELECT g.*,
  (SELECT json_group_array(name) FROM (SELECT p.name FROM seats s
     JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id ORDER BY s.seat)) AS _seats,
  (SELECT json_object('id', e.id, 'date', e.date, 'name', e.name, 'note', e.note,
     'created_at', e.created_at, 'uid', e.uid)
   FROM evenings e WHERE e.id = g.evening_id) AS _evening,
  (SELECT value FROM settings WHERE key = 'passphrase_hash') AS app_passphrase_hash,
  (SELECT json_object('event_id', eg.event_id, 'table_no', eg.table_no, 'uid', e.uid,
     'passphrase_hash', e.passphrase_hash, 'card', c.token, 'turn', eg.turn,
     'closed', {closed})
   FROM event_games eg JOIN events e ON e.id = eg.event_id LEFT JOIN event_cards c
     ON c.event_id = eg.event_id AND c.table_no = eg.table_no
   WHERE eg.game_id = g.id) AS _event_seat{more}
FROM games g WHERE g.id = ?
"""
GAME_ROW = GAME_SELECT.format(closed=TABLE_CLOSED, more="")
COUNTED_ROW = GAME_SELECT.format(  # with its stored rounds counted
    closed=TABLE_CLOSED,
    more=",\n  (SELECT count(*) FROM rounds WHERE game_id = g.id) AS _stored_rounds",
)


def game_row(db: Database, game_id: int) -> Game:
    """The game as ``get_game`` gives it, plus its stored ``answer`` (JSON text).

    One statement (every page and poll of a game starts here): its seats and its
    evening come along as JSON (not the evening's other players: a game's pages
    name its own, ``labels.game_evening``), and what decides with the game's own
    passphrase whether this reader may score it: the app-wide scorer passphrase's
    hash (``app_passphrase_hash``) and, for a club night's game, its table
    (``event_seat``, as ``events.cards.seat_of_game`` gives it; None otherwise)."""
    return parsed_game(row(db, GAME_ROW, [game_id]), game_id)


def parsed_game(found: dict[str, Any] | None, game_id: int) -> Game:
    """A row of ``GAME_ROW`` as ``game_row`` gives it. A game an import is still
    writing is no game yet (``staging``): it is there for everyone once the whole
    file is in, or never."""
    if found is None or found["import_id"] is not None:
        raise NotFound(P_("no game %(id)s", id=game_id))
    evening = json.loads(found.pop("_evening") or "{}")
    seat = found.pop("_event_seat")
    return {
        **found,
        "sides": json.loads(found["sides"]),
        "options": json.loads(found["options"]),
        "start": json.loads(found["start"] or "{}"),
        "seats": json.loads(found.pop("_seats")),
        "evening": evening,
        "event_seat": json.loads(seat) if seat else None,
    }


BY_TOKEN = "watch_token = ? AND import_id IS NULL"  # an import's games: none until all are in


def game_by_token(db: Database, token: str) -> Game:
    found = row(db, f"SELECT id FROM games WHERE {BY_TOKEN}", [token])
    if found is None:
        raise NotFound(P_("no game behind this link"))
    return get_game(db, int(found["id"]))


def id_by_token(db: Database, token: str) -> int:
    found = row(db, f"SELECT id FROM games WHERE {BY_TOKEN}", [token])
    if found is None:
        raise NotFound(P_("no game behind this link"))
    return int(found["id"])


def watched_by_token(db: Database, token: str) -> tuple[int, int]:
    """The game behind a spectator link and its stamp: one indexed row."""
    found = row(db, f"SELECT id, stamp FROM games WHERE {BY_TOKEN}", [token])
    if found is None:
        raise NotFound(P_("no game behind this link"))
    return int(found["id"]), int(found["stamp"])


def stamp_by_token(db: Database, token: str) -> int:
    """The stamp of the game behind a spectator link."""
    return watched_by_token(db, token)[1]


def game_stamp(db: Database, game_id: int) -> int:
    """Moved by every change to the game: a spectator's page reloads when it moves."""
    found = row(db, "SELECT stamp FROM games WHERE id = ? AND import_id IS NULL", [game_id])
    if found is None:
        raise NotFound(P_("no game %(id)s", id=game_id))
    return int(found["stamp"])


def recent_games(db: Database, limit: int = 20) -> list[dict[str, Any]]:
    """The latest games, each with its kept result (``results.refresh``): rounds
    played (those carried over from paper too), whether it is over, its totals and
    winners. No game is scored again for it."""
    sql = (
        "SELECT g.id, g.name, g.variant, g.sides, e.date, g.round_count AS rounds, "
        "g.finished, g.winners, g.totals, g.start, g.rule_set_name "
        "FROM games g JOIN evenings e ON e.id = g.evening_id WHERE g.removed_at IS NULL "
        "ORDER BY g.id DESC LIMIT ?"
    )
    found = []
    for r in rows(db, sql, [limit]):
        start = json.loads(r.pop("start") or "{}")
        found.append(
            {
                **r,
                "sides": json.loads(r["sides"]),
                "finished": bool(r["finished"]),
                "winners": json.loads(r["winners"] or "[]"),
                "totals": json.loads(r["totals"] or "{}"),
                "played": int(start.get("rounds", 0)) + int(r["rounds"] or 0),
            }
        )
    return found


def games_of_evening(db: Database, evening_id: int) -> list[int]:
    sql = "SELECT id FROM games WHERE evening_id = ? AND removed_at IS NULL ORDER BY id"
    return [int(r["id"]) for r in rows(db, sql, [evening_id])]


def rounds_of(db: Database, game_id: int) -> list[Round]:
    sql = (
        "SELECT number, entries, version, grandfathered FROM rounds "
        "WHERE game_id = ? ORDER BY number"
    )
    return [parsed_round(r) for r in rows(db, sql, [game_id])]


def parsed_round(found: dict[str, Any]) -> Round:
    """A stored round with its entries and the later checks it is kept despite
    (``grandfathered``: a list of names, empty for almost every round)."""
    return {
        **found,
        "entries": json.loads(found["entries"]),
        "grandfathered": json.loads(found.get("grandfathered") or "[]"),
    }


def document(game: Game, rounds: list[Round], first: int = 1) -> dict[str, Any]:
    """The game as the game document of docs/api.md, ``rounds`` being its rounds
    from number ``first`` on (all of them, or those scored again after a change)."""
    kept = grandfathered(game, rounds, first)
    return {
        "variant": game["variant"],
        "sides": game["sides"],
        "players": game["players"],
        "options": game["options"],
        "rounds": [r["entries"] for r in rounds],
        **({"start": game["start"]} if game.get("start") else {}),
        **({"grandfathered": kept} if kept else {}),
        **({"ended_after": game["ended_after"]} if game.get("ended_after") is not None else {}),
    }


def grandfathered(game: Game, rounds: list[Round], first: int = 1) -> dict[str, list[int]]:
    """The document's ``grandfathered`` for ``rounds`` (stored numbers from
    ``first``): each later check with the engine's numbers of the rounds kept
    despite it (after the rounds played on paper)."""
    played = int((game.get("start") or {}).get("rounds", 0)) + first
    out: dict[str, list[int]] = {}
    for n, r in enumerate(rounds):
        for name in r.get("grandfathered") or ():
            out.setdefault(name, []).append(played + n)
    return out


def scored(db: Database, game_id: int) -> Scored:
    """The game, its rounds and the engine's answer for them: the answer kept by
    the game's last change when it is up to date (``results.stored_answer``),
    else the engine's, scored now."""
    game = game_row(db, game_id)
    stored = game.pop("answer", None)
    sql = (
        "SELECT number, entries, version, grandfathered, result, result_version FROM rounds "
        "WHERE game_id = ? ORDER BY number"
    )
    found = rows(db, sql, [game_id])
    keys = ("number", "entries", "version", "grandfathered")
    played = [parsed_round({k: r[k] for k in keys}) for r in found]
    answer = results.stored_answer(game, stored, found)
    return game, played, answer or score_game(document(game, played))


def progress(db: Database, game_id: int) -> tuple[Game, int, bool]:
    """The game, how many rounds it has and whether it is over: what saving its next
    round needs, read from the answer its last change kept without reading its
    rounds (scored afresh, as ``scored`` does, when that answer is out of date)."""
    found = row(db, COUNTED_ROW, [game_id])
    count = int(found.pop("_stored_rounds")) if found else 0
    game = parsed_game(found, game_id)
    stored = game.pop("answer", None)
    summary = results.stored_summary(game, stored, count)
    if summary is None:
        _, played, answer = scored(db, game_id)
        return game, len(played), bool(answer["finished"])
    return game, count, bool(summary["finished"])


def rename_game(db: Database, game_id: int, name: str) -> None:
    with writing(db):
        check_kept(get_game(db, game_id))
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
    dealer = turn(variant, seats, game["first_dealer"] or 0, last, game["options"]).dealer
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
        new_id = create_game(
            db,
            evening_id=game["evening_id"],
            variant=game["variant"],
            sides=sides,
            players=game["players"],
            options=game["options"],
            seats=seats,
            first_dealer=dealer,
            passphrase_hash=game["passphrase_hash"],
            request_key=key,
        )
        # the table's own settings go on with it; the phones at the old game are told
        # (its stamp moves), and each can follow with one tap (``table.follow``)
        db.execute(
            "UPDATE games SET phones_enter = ?, confirm_rounds = ? WHERE id = ?",
            [game["phones_enter"], game["confirm_rounds"], new_id],
        )
        db.execute("UPDATE games SET table_stamp = table_stamp + 1 WHERE id = ?", [game_id])
        return new_id


def next_game(db: Database, game: Game) -> int | None:
    """The game started after ``game`` at the same table ("Play again with the same
    players"), if any."""
    sql = "SELECT id FROM games WHERE request_key = ? AND removed_at IS NULL"
    found = row(db, sql, [f"after:{game['uid']}"])
    return int(found["id"]) if found else None
